package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/lessons"
)

// A suggested what-if exists (LESSONS.md): every setting a lesson suggests
// is one a link, and so the what-if panel, carries.
func TestSuggestedWhatIfsAreSettings(t *testing.T) {
	all, err := lessons.All()
	require.NoError(t, err)
	for _, l := range all {
		for _, w := range l.WhatIfs {
			for _, set := range w.Set {
				key, _, _ := strings.Cut(set, " ")
				require.True(t, Settings[key], "%s suggests %q: add %s to Settings", l.ID, set, key)
			}
		}
	}
}
