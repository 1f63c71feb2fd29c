package whatif

import (
	"slices"
	"testing"

	"brokerlab/core/scenario"
)

// The group section's assignor lists come from the model's assignors: each
// alone and each before range, so lesson 08's roundrobin,range is there.
func TestAssignorChoicesFromTheModel(t *testing.T) {
	got := AssignorChoices()
	if len(got) == 0 || got[0] != "" {
		t.Fatalf("the default is not first: %q", got)
	}
	for _, n := range scenario.Assignors() {
		if n != "range" && (!slices.Contains(got, n) || !slices.Contains(got, n+",range")) {
			t.Errorf("%s is not offered alone and before range: %q", n, got)
		}
	}
	if !slices.Contains(got, "roundrobin,range") {
		t.Errorf("lesson 08's list is not offered: %q", got)
	}
}
