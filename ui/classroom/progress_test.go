package classroom

import (
	"encoding/json"
	"reflect"
	"testing"
)

// Progress is stored as encoding/json wrote it: what a visitor stored
// before reads back, and is written again byte for byte.
func TestProgressAsEncodingJSON(t *testing.T) {
	// As the page stored it with encoding/json.
	old := `{"01-controller-event-queue":{"opened":true,"finished":true,"answers":{"10":"right","6":"wrong"}},"02-zookeeper-reactor":{"opened":true}}`
	got, err := readProgress(old)
	want := map[string]*Progress{
		"01-controller-event-queue": {Opened: true, Finished: true, Answers: map[string]string{"6": "wrong", "10": "right"}},
		"02-zookeeper-reactor":      {Opened: true},
	}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("read %v, %v", got, err)
	}
	for _, prog := range []map[string]*Progress{
		{},
		want,
		{"x": {}, "<b>&\u2028": {Finished: true, Answers: map[string]string{"1": "a\"b", "2": "\xff"}}},
		{"y": {Answers: map[string]string{}}},
	} {
		b, err := json.Marshal(prog)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendProgress(nil, prog); string(got) != string(b) {
			t.Errorf("wrote %s, encoding/json writes %s", got, b)
		}
		var want map[string]*Progress
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		if got, err := readProgress(string(b)); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read %v, %v; encoding/json reads %v", b, got, err, want)
		}
	}
	// A later version's members are skipped; a record of another shape is an error.
	if got, err := readProgress(`{"x":{"opened":true,"time":[1,2]},"v":2}`); err == nil {
		t.Errorf("a number for a record: %v", got)
	}
	if got, err := readProgress(`{"x":{"opened":true,"time":[1,2]}}`); err != nil || !got["x"].Opened {
		t.Errorf("an unknown member: %v, %v", got, err)
	}
}
