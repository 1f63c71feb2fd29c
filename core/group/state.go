package group

// GroupState is a state of GroupMetadata (GroupMetadata.scala).
type GroupState string

// The five group states of Kafka 2.5.
const (
	Empty               GroupState = "Empty"
	PreparingRebalance  GroupState = "PreparingRebalance"
	CompletingRebalance GroupState = "CompletingRebalance"
	Stable              GroupState = "Stable"
	Dead                GroupState = "Dead"
)

// States lists the group states in the order GroupMetadata.scala declares them.
var States = []GroupState{PreparingRebalance, CompletingRebalance, Stable, Dead, Empty}

// ValidPreviousStates is each state's validPreviousStates (Kafka 2.5 GroupMetadata.scala):
// transitionTo refuses a move from any other state.
func ValidPreviousStates(to GroupState) []GroupState {
	switch to {
	case PreparingRebalance:
		return []GroupState{Stable, CompletingRebalance, Empty}
	case CompletingRebalance:
		return []GroupState{PreparingRebalance}
	case Stable:
		return []GroupState{CompletingRebalance}
	case Dead:
		return []GroupState{Stable, PreparingRebalance, CompletingRebalance, Empty, Dead}
	case Empty:
		return []GroupState{PreparingRebalance}
	}
	return nil
}

// CanTransition reports whether transitionTo(to) is valid from from.
func CanTransition(from, to GroupState) bool {
	for _, s := range ValidPreviousStates(to) {
		if s == from {
			return true
		}
	}
	return false
}

// MemberState is the consumer side's AbstractCoordinator.MemberState.
type MemberState string

// The client's member states in Kafka 2.5.
const (
	Unjoined     MemberState = "UNJOINED"
	Rebalancing  MemberState = "REBALANCING"
	MemberStable MemberState = "STABLE"
)
