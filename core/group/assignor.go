package group

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

// TopicPartition is a partition of a topic, written t0-2 as the scenario
// language does.
type TopicPartition struct {
	Topic     string
	Partition int
}

func (tp TopicPartition) String() string { return tp.Topic + "-" + strconv.Itoa(tp.Partition) }

func (tp TopicPartition) less(o TopicPartition) bool {
	if tp.Topic != o.Topic {
		return tp.Topic < o.Topic
	}
	return tp.Partition < o.Partition
}

// ParsePartition reads "t0-2": a topic name, a dash, a partition number.
func ParsePartition(s string) (TopicPartition, bool) {
	i := strings.LastIndexByte(s, '-')
	if i <= 0 {
		return TopicPartition{}, false
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil || n < 0 || s[i+1] == '+' || s[i+1] == '-' {
		return TopicPartition{}, false
	}
	return TopicPartition{s[:i], n}, true
}

// FormatPartitions writes partitions sorted by topic then number, comma-separated.
func FormatPartitions(tps []TopicPartition) string {
	s := append([]TopicPartition(nil), tps...)
	sortPartitions(s)
	parts := make([]string, len(s))
	for i, tp := range s {
		parts[i] = tp.String()
	}
	return strings.Join(parts, ",")
}

func sortPartitions(s []TopicPartition) {
	sort.Slice(s, func(i, j int) bool { return s[i].less(s[j]) })
}

// Subscription is one member's subscription as the leader reads it from
// the JoinGroup response.
type Subscription struct {
	MemberID        string
	Topics          []string
	GroupInstanceID string // "" for a dynamic member
	// OwnedPartitions is Subscription.ownedPartitions: what the member
	// owned when it joined (always empty under EAGER: Kafka 2.5 ConsumerCoordinator.java L677-684).
	OwnedPartitions []TopicPartition
	// UserData is the sticky assignor's user data, decoded; nil when the
	// member sent none (every other assignor, or before its first assignment).
	UserData *MemberData
}

// Assignor is ConsumerPartitionAssignor: the leader runs it client side.
// Assign returns one partition list per subscription, in the same order.
type Assignor interface {
	Name() string
	Assign(partitionsPerTopic map[string]int, subs []Subscription) [][]TopicPartition
}

// Assignors are the assignors of Kafka 2.5 this model has, by name.
var Assignors = []Assignor{RangeAssignor{}, RoundRobinAssignor{}, StickyAssignor{}, CooperativeStickyAssignor{}}

// LookupAssignor finds an assignor by its protocol name, or nil.
func LookupAssignor(name string) Assignor {
	for _, a := range Assignors {
		if a.Name() == name {
			return a
		}
	}
	return nil
}

// sortedMembers returns the indexes of subs in MemberInfo.compareTo's
// order: static members first, by group.instance.id, then the others by
// member id.
func sortedMembers(subs []Subscription) []int {
	idx := make([]int, len(subs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		x, y := subs[idx[a]], subs[idx[b]]
		if (x.GroupInstanceID != "") != (y.GroupInstanceID != "") {
			return x.GroupInstanceID != ""
		}
		if x.GroupInstanceID != "" {
			return x.GroupInstanceID < y.GroupInstanceID
		}
		return x.MemberID < y.MemberID
	})
	return idx
}

// subscribedTopics is every topic some member subscribes to, sorted.
func subscribedTopics(subs []Subscription) []string {
	var topics []string
	for _, s := range subs {
		topics = append(topics, s.Topics...)
	}
	slices.Sort(topics)
	return slices.Compact(topics)
}

func subscribed(s Subscription, topic string) bool {
	for _, t := range s.Topics {
		if t == topic {
			return true
		}
	}
	return false
}

// RangeAssignor is RangeAssignor.java: topic by topic, the members
// subscribed to it in member id order each get a contiguous range; the
// first N%M get one partition more (Kafka 2.5 RangeAssignor.java L87-116).
type RangeAssignor struct{}

// Name is the protocol name.
func (RangeAssignor) Name() string { return "range" }

// Assign is RangeAssignor.assign.
func (RangeAssignor) Assign(partitionsPerTopic map[string]int, subs []Subscription) [][]TopicPartition {
	out := make([][]TopicPartition, len(subs))
	order := sortedMembers(subs)
	// consumersPerTopic; each topic is assigned on its own, so the
	// (HashMap) order of topics upstream changes nothing but list order.
	for _, topic := range subscribedTopics(subs) {
		n, ok := partitionsPerTopic[topic]
		if !ok {
			continue
		}
		var consumers []int
		for _, i := range order {
			if subscribed(subs[i], topic) {
				consumers = append(consumers, i)
			}
		}
		per, extra := n/len(consumers), n%len(consumers)
		for k, i := range consumers {
			start := per*k + min(k, extra)
			length := per
			if k < extra {
				length++
			}
			for p := start; p < start+length; p++ {
				out[i] = append(out[i], TopicPartition{topic, p})
			}
		}
	}
	return out
}

// RoundRobinAssignor is RoundRobinAssignor.java: every partition of every
// subscribed topic, topics sorted by name, goes to the next member in
// member id order (circularly) that is subscribed to its topic.
type RoundRobinAssignor struct{}

// Name is the protocol name.
func (RoundRobinAssignor) Name() string { return "roundrobin" }

// Assign is RoundRobinAssignor.assign.
func (RoundRobinAssignor) Assign(partitionsPerTopic map[string]int, subs []Subscription) [][]TopicPartition {
	out := make([][]TopicPartition, len(subs))
	order := sortedMembers(subs)
	if len(order) == 0 {
		return out
	}
	next := 0                                      // the CircularIterator's position in order
	for _, topic := range subscribedTopics(subs) { // a TreeSet of every subscribed topic
		n, ok := partitionsPerTopic[topic]
		if !ok {
			continue
		}
		for p := 0; p < n; p++ {
			for !subscribed(subs[order[next]], topic) {
				next = (next + 1) % len(order)
			}
			i := order[next]
			out[i] = append(out[i], TopicPartition{topic, p})
			next = (next + 1) % len(order)
		}
	}
	return out
}
