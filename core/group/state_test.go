package group

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Kafka 2.5 GroupMetadata.scala: every (from, to) pair, valid exactly when from is among
// to's validPreviousStates.
func TestTransitionsEveryPair(t *testing.T) {
	valid := map[[2]GroupState]bool{
		{Stable, PreparingRebalance}: true, {CompletingRebalance, PreparingRebalance}: true, {Empty, PreparingRebalance}: true,
		{PreparingRebalance, CompletingRebalance}: true,
		{CompletingRebalance, Stable}:             true,
		{PreparingRebalance, Empty}:               true,
		{Stable, Dead}:                            true, {PreparingRebalance, Dead}: true, {CompletingRebalance, Dead}: true, {Empty, Dead}: true, {Dead, Dead}: true,
	}
	require.Len(t, States, 5)
	n := 0
	for _, from := range States {
		for _, to := range States {
			got := CanTransition(from, to)
			require.Equal(t, valid[[2]GroupState{from, to}], got, "%s → %s", from, to)
			if got {
				n++
			}
		}
	}
	require.Equal(t, 11, n)
}

// canRebalance is PreparingRebalance's validPreviousStates.
func TestCanRebalance(t *testing.T) {
	for _, tc := range []struct {
		state GroupState
		want  bool
	}{{Empty, true}, {Stable, true}, {CompletingRebalance, true}, {PreparingRebalance, false}, {Dead, false}} {
		g := &groupMetadata{state: tc.state}
		require.Equal(t, tc.want, g.canRebalance(), tc.state)
	}
}
