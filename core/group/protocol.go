package group

import (
	"slices"

	"brokerlab/core/msg"
)

// RebalanceProtocol is ConsumerPartitionAssignor.RebalanceProtocol (Kafka 2.5 ConsumerPartitionAssignor.java L76-78).
type RebalanceProtocol int

// The protocols, by id.
const (
	Eager       RebalanceProtocol = 0
	Cooperative RebalanceProtocol = 1
)

func (p RebalanceProtocol) String() string {
	if p == Cooperative {
		return "COOPERATIVE"
	}
	return "EAGER"
}

// protocolSupporter is an assignor that overrides supportedProtocols();
// the others have the default, [EAGER].
type protocolSupporter interface {
	SupportedProtocols() []RebalanceProtocol
}

// SupportedProtocols is assignor.supportedProtocols().
func SupportedProtocols(a Assignor) []RebalanceProtocol {
	if s, ok := a.(protocolSupporter); ok {
		return s.SupportedProtocols()
	}
	return []RebalanceProtocol{Eager}
}

// commonProtocol is what ConsumerCoordinator's constructor picks: the
// protocol with the highest id that every configured assignor supports;
// false when they share none ("do not have commonly supported rebalance
// protocol").
func commonProtocol(names []string) (RebalanceProtocol, bool) {
	var common []RebalanceProtocol
	for i, n := range names {
		a := LookupAssignor(n)
		if a == nil {
			return Eager, false
		}
		ps := SupportedProtocols(a)
		if i == 0 {
			common = slices.Clone(ps)
			continue
		}
		common = slices.DeleteFunc(common, func(p RebalanceProtocol) bool { return !slices.Contains(ps, p) })
	}
	if len(common) == 0 {
		return Eager, false
	}
	return slices.Max(common), true
}

// checkCommonProtocol is the constructor's IllegalArgumentException, as a config error.
func checkCommonProtocol(names []string) *msg.Error {
	if _, ok := commonProtocol(names); !ok {
		return msg.New("gr.assignors.protocol", msg.List(names))
	}
	return nil
}

// validateCooperativeAssignment is ConsumerCoordinator.validateCooperativeAssignment:
// the partitions some member is given while another member still owns
// them and is not keeping them; non-empty means the assignor broke the
// COOPERATIVE protocol ("Assignor supporting the COOPERATIVE protocol
// violates its requirements").
func validateCooperativeAssignment(subs []Subscription, assignment [][]TopicPartition) []TopicPartition {
	added, revoked := map[TopicPartition]bool{}, map[TopicPartition]bool{}
	for i, s := range subs {
		for _, tp := range minus(assignment[i], s.OwnedPartitions) {
			added[tp] = true
		}
		for _, tp := range minus(s.OwnedPartitions, assignment[i]) {
			revoked[tp] = true
		}
	}
	var both []TopicPartition
	for _, tp := range tpKeys(added) { // sorted
		if revoked[tp] {
			both = append(both, tp)
		}
	}
	return both
}

// minus is a − b, in a's order.
func minus(a, b []TopicPartition) []TopicPartition {
	var out []TopicPartition
	for _, tp := range a {
		if !slices.Contains(b, tp) {
			out = append(out, tp)
		}
	}
	return out
}
