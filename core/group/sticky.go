package group

import (
	"slices"
	"sort"
)

// This file is AbstractStickyAssignor (Kafka 2.5
// clients/.../consumer/internals/AbstractStickyAssignor.java) and its two
// assignors, StickyAssignor and CooperativeStickyAssignor. The port keeps upstream's steps and names; where
// upstream iterates a HashMap or HashSet and the order matters, jmap
// gives Java's order (javamap.go).

// defaultGeneration is DEFAULT_GENERATION: a claim with no generation.
const defaultGeneration = -1

// MemberData is AbstractStickyAssignor.MemberData: the partitions a member
// had and, for the sticky assignor, the generation it had them in.
type MemberData struct {
	Partitions    []TopicPartition
	Generation    int
	HasGeneration bool // Optional.isPresent
}

type consumerGenerationPair struct {
	consumer   string
	generation int
}

type consumerPair struct{ src, dst string }

// partitionMovements is PartitionMovements.
type partitionMovements struct {
	byTopic map[string]map[consumerPair]*jmap[TopicPartition] // the sets are HashSets
	moves   map[TopicPartition]consumerPair
}

func (pm *partitionMovements) removeMovementRecordOfPartition(tp TopicPartition) consumerPair {
	pair := pm.moves[tp]
	delete(pm.moves, tp)
	forTopic := pm.byTopic[tp.Topic]
	forTopic[pair].remove(tp)
	if forTopic[pair].size() == 0 {
		delete(forTopic, pair)
	}
	if len(forTopic) == 0 {
		delete(pm.byTopic, tp.Topic)
	}
	return pair
}

func (pm *partitionMovements) addPartitionMovementRecord(tp TopicPartition, pair consumerPair) {
	pm.moves[tp] = pair
	if pm.byTopic[tp.Topic] == nil {
		pm.byTopic[tp.Topic] = map[consumerPair]*jmap[TopicPartition]{}
	}
	forTopic := pm.byTopic[tp.Topic]
	if forTopic[pair] == nil {
		forTopic[pair] = newTPMap()
	}
	forTopic[pair].put(tp)
}

func (pm *partitionMovements) movePartition(tp TopicPartition, oldConsumer, newConsumer string) {
	if _, ok := pm.moves[tp]; ok {
		existing := pm.removeMovementRecordOfPartition(tp)
		if existing.src != newConsumer {
			pm.addPartitionMovementRecord(tp, consumerPair{existing.src, newConsumer})
		}
		return
	}
	pm.addPartitionMovementRecord(tp, consumerPair{oldConsumer, newConsumer})
}

func (pm *partitionMovements) getTheActualPartitionToBeMoved(tp TopicPartition, oldConsumer, newConsumer string) TopicPartition {
	forTopic, ok := pm.byTopic[tp.Topic]
	if !ok {
		return tp
	}
	if p, ok := pm.moves[tp]; ok {
		oldConsumer = p.src
	}
	set, ok := forTopic[consumerPair{newConsumer, oldConsumer}]
	if !ok {
		return tp
	}
	return set.keys()[0] // iterator().next()
}

// stickyRun is one call of AbstractStickyAssignor.assign.
type stickyRun struct {
	currentAssignment map[string][]TopicPartition
	prevAssignment    *jmap[TopicPartition]
	prevPairs         map[TopicPartition]consumerGenerationPair
	p2c               map[TopicPartition][]string // partition2AllPotentialConsumers
	p2cOrder          *jmap[TopicPartition]
	c2p               map[string][]TopicPartition // consumer2AllPotentialPartitions
	currentPC         map[TopicPartition]string   // currentPartitionConsumer
	sortedSubs        map[string]bool             // sortedCurrentSubscriptions, ordered on demand
	movements         partitionMovements
}

// sortedBy is a TreeSet of consumers under SubscriptionComparator:
// partition count ascending, then member id.
func sortedBy(set map[string]bool, assignment map[string][]TopicPartition) []string {
	out := sortedKeys(set)
	sort.Slice(out, func(i, j int) bool {
		a, b := len(assignment[out[i]]), len(assignment[out[j]])
		if a != b {
			return a < b
		}
		return out[i] < out[j]
	})
	return out
}

func (r *stickyRun) sorted() []string { return sortedBy(r.sortedSubs, r.currentAssignment) }

func removeTP(s []TopicPartition, tp TopicPartition) []TopicPartition {
	if i := slices.Index(s, tp); i >= 0 {
		return slices.Delete(s, i, i+1)
	}
	return s
}

func copyAssignment(a map[string][]TopicPartition) map[string][]TopicPartition {
	out := make(map[string][]TopicPartition, len(a))
	for _, k := range sortedKeys(a) {
		v := a[k]
		out[k] = slices.Clone(v)
	}
	return out
}

// stickyAssign is AbstractStickyAssignor.assign. memberData reads a
// subscription as the concrete assignor does. The subscriptions map is
// the leader's HashMap, filled in the order of the JoinGroup response.
func stickyAssign(partitionsPerTopic map[string]int, subs []Subscription, memberData func(Subscription) MemberData) map[string][]TopicPartition {
	byID := map[string]Subscription{}
	subOrder := newStringMap()
	for _, s := range subs {
		byID[s.MemberID] = s
		subOrder.put(s.MemberID)
	}
	consumers := subOrder.keys()
	// AbstractPartitionAssignor.assign: partitionsPerTopic is a HashMap
	// filled in the order of a HashSet of every subscribed topic.
	allTopics := newStringMap()
	for _, c := range consumers {
		for _, t := range byID[c].Topics {
			allTopics.put(t)
		}
	}
	ppt := newStringMap()
	for _, t := range allTopics.keys() {
		if _, ok := partitionsPerTopic[t]; ok {
			ppt.put(t)
		}
	}

	r := &stickyRun{
		currentAssignment: map[string][]TopicPartition{},
		prevAssignment:    newTPMap(),
		prevPairs:         map[TopicPartition]consumerGenerationPair{},
		p2c:               map[TopicPartition][]string{},
		p2cOrder:          newTPMap(),
		c2p:               map[string][]TopicPartition{},
		currentPC:         map[TopicPartition]string{},
		sortedSubs:        map[string]bool{},
		movements:         partitionMovements{byTopic: map[string]map[consumerPair]*jmap[TopicPartition]{}, moves: map[TopicPartition]consumerPair{}},
	}
	r.prepopulateCurrentAssignments(consumers, byID, memberData)
	isFreshAssignment := len(r.currentAssignment) == 0

	for _, t := range ppt.keys() {
		for i := 0; i < partitionsPerTopic[t]; i++ {
			tp := TopicPartition{t, i}
			r.p2c[tp] = []string{}
			r.p2cOrder.put(tp)
		}
	}
	for _, c := range consumers {
		r.c2p[c] = []TopicPartition{}
		for _, t := range byID[c].Topics {
			n, ok := partitionsPerTopic[t]
			if !ok {
				continue
			}
			for i := 0; i < n; i++ {
				tp := TopicPartition{t, i}
				r.c2p[c] = append(r.c2p[c], tp)
				r.p2c[tp] = append(r.p2c[tp], c)
			}
		}
		if _, ok := r.currentAssignment[c]; !ok {
			r.currentAssignment[c] = []TopicPartition{}
		}
	}
	for _, c := range sortedKeys(r.currentAssignment) {
		tps := r.currentAssignment[c]
		for _, tp := range tps {
			r.currentPC[tp] = c
		}
	}

	sortedPartitions := r.sortPartitions(isFreshAssignment)
	unassigned := slices.Clone(sortedPartitions)
	revocationRequired := false
	for _, c := range sortedKeys(r.currentAssignment) {
		tps := r.currentAssignment[c]
		s, ok := byID[c]
		if !ok {
			for _, tp := range tps {
				delete(r.currentPC, tp)
			}
			delete(r.currentAssignment, c)
			continue
		}
		var kept []TopicPartition
		for _, tp := range tps {
			switch {
			case r.p2c[tp] == nil: // the partition no longer exists
				delete(r.currentPC, tp)
			case !slices.Contains(s.Topics, tp.Topic): // no longer subscribed
				revocationRequired = true
			default:
				unassigned = removeTP(unassigned, tp)
				kept = append(kept, tp)
			}
		}
		r.currentAssignment[c] = kept
	}
	for _, c := range sortedKeys(r.currentAssignment) {
		r.sortedSubs[c] = true
	}
	r.balance(sortedPartitions, unassigned, revocationRequired)
	return r.currentAssignment
}

func (r *stickyRun) prepopulateCurrentAssignments(consumers []string, byID map[string]Subscription, memberData func(Subscription) MemberData) {
	byGeneration := map[TopicPartition]map[int]string{}
	order := newTPMap()
	for _, c := range consumers {
		md := memberData(byID[c])
		gen := defaultGeneration
		if md.HasGeneration {
			gen = md.Generation
		}
		for _, tp := range md.Partitions {
			if gens, ok := byGeneration[tp]; ok {
				if _, dup := gens[md.Generation]; md.HasGeneration && dup {
					continue // "assigned to multiple consumers following sticky assignment generation"
				}
				gens[gen] = c
			} else {
				byGeneration[tp] = map[int]string{gen: c}
				order.put(tp)
			}
		}
	}
	for _, tp := range order.keys() {
		gens := byGeneration[tp]
		var desc []int
		for _, g := range sortedKeys(gens) {
			desc = append(desc, g)
		}
		sort.Sort(sort.Reverse(sort.IntSlice(desc)))
		c := gens[desc[0]]
		r.currentAssignment[c] = append(r.currentAssignment[c], tp)
		if len(desc) > 1 {
			r.prevAssignment.put(tp)
			r.prevPairs[tp] = consumerGenerationPair{gens[desc[1]], desc[1]}
		}
	}
}

func (r *stickyRun) isBalanced() bool {
	sorted := r.sorted()
	lo, hi := len(r.currentAssignment[sorted[0]]), len(r.currentAssignment[sorted[len(sorted)-1]])
	if lo >= hi-1 {
		return true
	}
	all := map[TopicPartition]string{}
	for _, c := range sortedKeys(r.currentAssignment) {
		tps := r.currentAssignment[c]
		for _, tp := range tps {
			all[tp] = c
		}
	}
	for _, c := range sorted {
		n := len(r.currentAssignment[c])
		if n == len(r.c2p[c]) {
			continue
		}
		for _, tp := range r.c2p[c] {
			if slices.Contains(r.currentAssignment[c], tp) {
				continue
			}
			if other, ok := all[tp]; ok && n < len(r.currentAssignment[other]) {
				return false
			}
		}
	}
	return true
}

// balanceScore is getBalanceScore: the sum of the count differences of all pairs.
func balanceScore(a map[string][]TopicPartition) int {
	var sizes []int
	for _, key := range sortedKeys(a) {
		tps := a[key]
		sizes = append(sizes, len(tps))
	}
	score := 0
	for i := range sizes {
		for j := i + 1; j < len(sizes); j++ {
			d := sizes[i] - sizes[j]
			score += max(d, -d)
		}
	}
	return score
}

func (r *stickyRun) sortPartitions(isFreshAssignment bool) []TopicPartition {
	var sorted []TopicPartition
	if !isFreshAssignment && r.areSubscriptionsIdentical() {
		assignments := map[string][]TopicPartition{}
		for _, c := range sortedKeys(r.currentAssignment) {
			tps := r.currentAssignment[c]
			var valid []TopicPartition
			for _, tp := range tps {
				if r.p2c[tp] != nil {
					valid = append(valid, tp)
				}
			}
			assignments[c] = valid
		}
		set := map[string]bool{}
		for _, c := range sortedKeys(assignments) {
			set[c] = true
		}
		prev := r.prevAssignment.keys()
		for len(set) > 0 {
			order := sortedBy(set, assignments)
			c := order[len(order)-1] // pollLast
			delete(set, c)
			remaining := assignments[c]
			var prevPartitions []TopicPartition
			for _, tp := range prev {
				if slices.Contains(remaining, tp) {
					prevPartitions = append(prevPartitions, tp)
				}
			}
			if len(prevPartitions) > 0 {
				tp := prevPartitions[0]
				assignments[c] = removeTP(remaining, tp)
				sorted = append(sorted, tp)
				set[c] = true
			} else if len(remaining) > 0 {
				sorted = append(sorted, remaining[0])
				assignments[c] = remaining[1:]
				set[c] = true
			}
		}
		for _, tp := range r.p2cOrder.keys() {
			if !slices.Contains(sorted, tp) {
				sorted = append(sorted, tp)
			}
		}
		return sorted
	}
	// PartitionComparator: fewest potential consumers, then topic, then partition
	sorted = r.p2cOrder.keys()
	sort.Slice(sorted, func(i, j int) bool {
		a, b := len(r.p2c[sorted[i]]), len(r.p2c[sorted[j]])
		if a != b {
			return a < b
		}
		return sorted[i].less(sorted[j])
	})
	return sorted
}

// sameElements is containsAll both ways.
func sameElements[T comparable](a, b []T) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}

// areSubscriptionsIdentical: every partition has the same potential
// consumers and every consumer the same potential partitions (set
// equality is transitive, so the maps' order does not matter).
func (r *stickyRun) areSubscriptionsIdentical() bool {
	return allSameElements(r.p2c, tpKeys(r.p2c)) && allSameElements(r.c2p, sortedKeys(r.c2p))
}

// allSameElements: the lists of m under keys all hold the same elements.
func allSameElements[K, T comparable](m map[K][]T, keys []K) bool {
	for _, k := range keys {
		if !sameElements(m[keys[0]], m[k]) {
			return false
		}
	}
	return true
}

// assignPartition gives tp to the first consumer (fewest partitions, then id) that can take it.
func (r *stickyRun) assignPartition(tp TopicPartition) {
	for _, c := range r.sorted() {
		if slices.Contains(r.c2p[c], tp) {
			r.currentAssignment[c] = append(r.currentAssignment[c], tp)
			r.currentPC[tp] = c
			return
		}
	}
}

func (r *stickyRun) canPartitionParticipate(tp TopicPartition) bool { return len(r.p2c[tp]) >= 2 }

func (r *stickyRun) canConsumerParticipate(c string) bool {
	cur := r.currentAssignment[c]
	if len(cur) < len(r.c2p[c]) {
		return true
	}
	for _, tp := range cur {
		if r.canPartitionParticipate(tp) {
			return true
		}
	}
	return false
}

func (r *stickyRun) balance(sortedPartitions, unassigned []TopicPartition, revocationRequired bool) {
	sorted := r.sorted()
	initializing := len(r.currentAssignment[sorted[len(sorted)-1]]) == 0

	for _, tp := range unassigned {
		if len(r.p2c[tp]) == 0 {
			continue
		}
		r.assignPartition(tp)
	}

	fixed := func(tp TopicPartition) bool { return !r.canPartitionParticipate(tp) }
	sortedPartitions = slices.DeleteFunc(sortedPartitions, fixed)
	unassigned = slices.DeleteFunc(unassigned, fixed)

	fixedAssignments := map[string][]TopicPartition{}
	for _, c := range sortedKeys(r.c2p) {
		if !r.canConsumerParticipate(c) {
			delete(r.sortedSubs, c)
			fixedAssignments[c] = r.currentAssignment[c]
			delete(r.currentAssignment, c)
		}
	}

	preBalance := copyAssignment(r.currentAssignment)
	preBalancePC := make(map[TopicPartition]string, len(r.currentPC))
	for _, k := range tpKeys(r.currentPC) {
		v := r.currentPC[k]
		preBalancePC[k] = v
	}

	if !revocationRequired {
		r.performReassignments(unassigned)
	}
	reassignmentPerformed := r.performReassignments(sortedPartitions)

	if !initializing && reassignmentPerformed && balanceScore(r.currentAssignment) >= balanceScore(preBalance) {
		r.currentAssignment = preBalance
		r.currentPC = preBalancePC
	}
	for _, c := range sortedKeys(fixedAssignments) {
		tps := fixedAssignments[c]
		r.currentAssignment[c] = tps
		r.sortedSubs[c] = true
	}
}

func (r *stickyRun) performReassignments(reassignable []TopicPartition) bool {
	performed := false
	for {
		modified := false
		for _, tp := range reassignable {
			if r.isBalanced() {
				break
			}
			c := r.currentPC[tp]
			if pair, ok := r.prevPairs[tp]; ok {
				if prevList, ok := r.currentAssignment[pair.consumer]; ok && len(r.currentAssignment[c]) > len(prevList)+1 {
					r.reassignPartitionTo(tp, pair.consumer)
					performed, modified = true, true
					continue
				}
			}
			for _, other := range r.p2c[tp] {
				if len(r.currentAssignment[c]) > len(r.currentAssignment[other])+1 {
					r.reassignPartition(tp)
					performed, modified = true, true
					break
				}
			}
		}
		if !modified {
			return performed
		}
	}
}

// reassignPartition moves tp to the first consumer, fewest partitions first, that can take it.
func (r *stickyRun) reassignPartition(tp TopicPartition) {
	for _, c := range r.sorted() {
		if slices.Contains(r.c2p[c], tp) {
			r.reassignPartitionTo(tp, c)
			return
		}
	}
}

func (r *stickyRun) reassignPartitionTo(tp TopicPartition, newConsumer string) {
	consumer := r.currentPC[tp]
	toMove := r.movements.getTheActualPartitionToBeMoved(tp, consumer, newConsumer)
	r.processPartitionMovement(toMove, newConsumer)
}

func (r *stickyRun) processPartitionMovement(tp TopicPartition, newConsumer string) {
	oldConsumer := r.currentPC[tp]
	r.movements.movePartition(tp, oldConsumer, newConsumer)
	r.currentAssignment[oldConsumer] = removeTP(r.currentAssignment[oldConsumer], tp)
	r.currentAssignment[newConsumer] = append(r.currentAssignment[newConsumer], tp)
	r.currentPC[tp] = newConsumer
}

// byMember lays an assignment out in the order of subs.
func byMember(a map[string][]TopicPartition, subs []Subscription) [][]TopicPartition {
	out := make([][]TopicPartition, len(subs))
	for i, s := range subs {
		out[i] = a[s.MemberID]
	}
	return out
}

// StickyAssignor is StickyAssignor.java: EAGER only; each member's user
// data is the assignment its own onAssignment last remembered, with that
// generation (none before its first assignment).
type StickyAssignor struct{}

// Name is the protocol name.
func (StickyAssignor) Name() string { return "sticky" }

// SupportedProtocols is supportedProtocols(): the default, [EAGER].
func (StickyAssignor) SupportedProtocols() []RebalanceProtocol { return []RebalanceProtocol{Eager} }

// Assign is AbstractStickyAssignor.assign with StickyAssignor.memberData.
func (StickyAssignor) Assign(partitionsPerTopic map[string]int, subs []Subscription) [][]TopicPartition {
	return byMember(stickyAssign(partitionsPerTopic, subs, func(s Subscription) MemberData {
		if s.UserData == nil {
			return MemberData{}
		}
		return *s.UserData
	}), subs)
}

// CooperativeStickyAssignor is CooperativeStickyAssignor.java: no user
// data; a member's MemberData is its owned partitions with no generation;
// after the sticky assignment, a partition that moves from one member to
// another is left unassigned this round (adjustAssignment).
type CooperativeStickyAssignor struct{}

// Name is the protocol name.
func (CooperativeStickyAssignor) Name() string { return "cooperative-sticky" }

// SupportedProtocols is [COOPERATIVE, EAGER].
func (CooperativeStickyAssignor) SupportedProtocols() []RebalanceProtocol {
	return []RebalanceProtocol{Cooperative, Eager}
}

// Assign is CooperativeStickyAssignor.assign.
func (CooperativeStickyAssignor) Assign(partitionsPerTopic map[string]int, subs []Subscription) [][]TopicPartition {
	a := stickyAssign(partitionsPerTopic, subs, func(s Subscription) MemberData {
		return MemberData{Partitions: s.OwnedPartitions}
	})
	adjustAssignment(subs, a)
	return byMember(a, subs)
}

// adjustAssignment removes from its new owner every partition that some
// member owned and does not keep.
func adjustAssignment(subs []Subscription, a map[string][]TopicPartition) {
	added := map[TopicPartition]string{}
	revoked := map[TopicPartition]bool{}
	for _, s := range subs {
		for _, tp := range a[s.MemberID] {
			if !slices.Contains(s.OwnedPartitions, tp) {
				added[tp] = s.MemberID
			}
		}
		for _, tp := range s.OwnedPartitions {
			if !slices.Contains(a[s.MemberID], tp) {
				revoked[tp] = true
			}
		}
	}
	for _, tp := range tpKeys(revoked) {
		if c, ok := added[tp]; ok {
			a[c] = removeTP(a[c], tp)
		}
	}
}
