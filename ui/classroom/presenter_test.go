package classroom

import (
	"encoding/json"
	"testing"
)

// The messages are the JSON encoding/json wrote and read, so windows of
// the page before and after it stopped using it understand each other.
func TestSyncMsgAsEncodingJSON(t *testing.T) {
	for _, m := range []syncMsg{
		{},
		{Hello: true},
		{Ask: true},
		{Bye: true},
		{Link: "#/lesson/01-controller-event-queue?seed=3&a=12:send%20x", Pos: 42, Playing: true, Speed: 3, Sel: "tok:7", Lang: "zh"},
		{Link: "#/x?a=<b>&c", Pos: -1, Speed: -2, Sel: "thread:\"a\"\u2028", Lang: "en"},
	} {
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.appendJSON(nil); string(got) != string(want) {
			t.Errorf("wrote %s, encoding/json writes %s", got, want)
		}
	}
	for _, msg := range []string{
		`{"hello":true}`, `{"bye":true}`, `{"link":"#/lesson/x","pos":3,"playing":true,"speed":2,"sel":"tok:1","lang":"zh"}`,
		`{"pos":3,"later":{"field":[1,"two",null]},"lang":"en"}`, `{"link":"\u003cb\u003e"}`, ` {} `,
		`{"pos":1.5}`, `{"pos":"3"}`, `{"playing":1}`, `{"lang":null}`, `{"hello":true}x`, `{{`, ``, `[]`, `null`,
	} {
		var want syncMsg
		werr := json.Unmarshal([]byte(msg), &want)
		got, err := readSyncMsg(msg)
		if (err == nil) != (werr == nil) || err == nil && got != want {
			t.Errorf("%s: read %+v, %v; encoding/json reads %+v, %v", msg, got, err, want, werr)
		}
	}
}
