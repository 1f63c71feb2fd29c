package scenario_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
)

// docs/REFERENCE.md is what the tables say: `make docs` rewrites it.
func TestReferenceIsCurrent(t *testing.T) {
	got, err := os.ReadFile("../../docs/REFERENCE.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != scenario.Reference() {
		t.Fatal("docs/REFERENCE.md is stale: run make docs")
	}
}

// Every system has a table, so the reference covers them all.
func TestEverySystemHasASurface(t *testing.T) {
	var names []string
	for _, s := range scenario.Surfaces() {
		names = append(names, s.Name)
		if len(s.Settings) == 0 || len(s.Actions) == 0 || len(s.Paths) == 0 {
			t.Errorf("%s: an empty table", s.Name)
		}
	}
	require.Equal(t, scenario.Systems, names)
}
