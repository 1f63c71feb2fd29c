package ui

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/vugu/vjson"

	"brokerlab/lessons"
)

// Vugu's vjson is replaced by a copy that does not call encoding/json
// (third_party/vjson): it must still read the DOM events domrender's script
// sends (JSON.stringify of the event's and its target's booleans, numbers
// and strings) and write the property values the components bind (booleans,
// the slider's int) as encoding/json did.
func TestVugusJSONAsEncodingJSON(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	events := []string{
		`{"position_id":"0_1a2b","event_type":"click","capture":false,"passive":false,"event_summary":{"isTrusted":true,"button":0,"clientX":412.5,"timeStamp":12345.678,"type":"click","target":{"id":"play","className":"btn primary","disabled":false,"tabIndex":0,"textContent":"▶ Play","innerHTML":"<b>▶</b> Play &amp; pause"}}}`,
		`{"position_id":"x","event_type":"input","capture":true,"passive":true,"event_summary":{"data":"\u2028 raw, \ud800 alone, \ud83d\ude00 paired, 😀 as is, \"quoted\" \\back\\slash\\ \/","detail":-1e-7,"big":1.5e+21,"neg":-0,"nested":{"a":{"b":{}}},"nothing":null,"empty":"","":"no name"}}`,
		`{}`, ` { "a" : [ ] , "b" : [ 1 , "two" , true , null , { } ] } `,
	}
	for _, l := range all {
		b, err := json.Marshal(map[string]any{"position_id": "9_ff", "event_type": "input", "capture": false, "passive": false,
			"event_summary": map[string]any{"type": "input", "target": map[string]any{"value": l.Scenario, "textContent": l.Scenario, "selectionStart": 1234, "id": "editor"}}})
		if err != nil {
			t.Fatal(err)
		}
		events = append(events, string(b))
	}
	for _, ev := range events {
		var got, want map[string]interface{}
		if err := json.Unmarshal([]byte(ev), &want); err != nil {
			t.Fatal(err)
		}
		if err := vjson.Unmarshal([]byte(ev), &got); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%.200s: read %v, %v; encoding/json reads %v", ev, got, err, want)
		}
	}
	for _, v := range []any{true, false, 0, 42, -1, 1 << 40} {
		got, err := vjson.Marshal(v)
		want, _ := json.Marshal(v)
		if err != nil || string(got) != string(want) {
			t.Errorf("%v: wrote %s, %v; encoding/json writes %s", v, got, err, want)
		}
	}
}
