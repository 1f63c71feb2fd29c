package cluster_test

import (
	"testing"

	"brokerlab/labtest"
)

// The scenarios of testdata/*.lab, each with its expected trace excerpt
// beside it (go test -update rewrites them).
func TestDatadriven(t *testing.T) { labtest.Run(t, "testdata") }
