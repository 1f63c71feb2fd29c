package surface

import (
	"testing"
	"time"
)

func TestNearest(t *testing.T) {
	known := []string{"controller.putLock", "controller.id", "replica.lag.time.max.ms", "put", "session"}
	for name, want := range map[string]string{
		"controller.putlock": "controller.putLock", // case
		"controler.id":       "controller.id",      // a letter dropped
		"replica.lag":        "replica.lag.time.max.ms",
		"run":                "", // two edits of a three-letter word: not a near miss
		"zzzzzz":             "",
		"put":                "", // known: nothing to suggest
	} {
		if got := Nearest(name, known); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestMsOrDuration(t *testing.T) {
	var d time.Duration
	v := MsOrDuration(time.Millisecond, time.Hour, func(*struct{}) *time.Duration { return &d })
	for val, want := range map[string]time.Duration{"30000": 30 * time.Second, "30s": 30 * time.Second, "1ms": time.Millisecond} {
		if err := v.Set(nil, "k", "", val); err != nil || d != want {
			t.Errorf("%s: got %v %v, want %v", val, d, err, want)
		}
	}
	for _, bad := range []string{"0", "-1", "3600001", "2h", "1500us", "soon", ""} {
		if err := v.Set(nil, "k", "", bad); err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
}
