package model

import "testing"

// A heartbeat thread's name tells whose process it is: its exit marks the
// consumer down until it starts again.
func TestHeartbeatThreadOf(t *testing.T) {
	for _, tc := range []struct {
		actor, name string
		ok          bool
	}{
		{"kafka-coordinator-heartbeat-thread | G (S1)", "S1", true},
		{"kafka-coordinator-heartbeat-thread | my group (C 0)", "C 0", true},
		{"kafka-coordinator-heartbeat-thread | G", "", false},
		{"S1", "", false},
		{"executor-Heartbeat", "", false},
	} {
		name, ok := heartbeatThreadOf(tc.actor)
		if name != tc.name || ok != tc.ok {
			t.Errorf("heartbeatThreadOf(%q): got %q %v, want %q %v", tc.actor, name, ok, tc.name, tc.ok)
		}
	}
}
