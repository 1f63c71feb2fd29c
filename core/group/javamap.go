package group

import (
	"cmp"
	"maps"
	"slices"
	"sort"
)

// The sticky assignors iterate Java HashMaps and HashSets, and where they
// do, the order decides which partition goes where (Kafka 2.5
// AbstractStickyAssignor.sortPartitions). jmap keeps the keys of a java.util.HashMap and gives them back in
// its iteration order: by bucket, (h ^ h>>>16) & (capacity-1), then in
// the order they were put within a bucket (a resize splits a bucket's
// list keeping its order). The table starts at 16 (or the capacity
// asked for, rounded up to a power of two), doubles when the size passes
// 0.75 of it, and also when a bucket reaches 9 entries while the table
// is under 64 (treeifyBin resizes instead). Treeified buckets (9+
// colliding keys in a table of 64+) are not modeled: they keep put order.

// javaStringHash is String.hashCode.
func javaStringHash(s string) int32 {
	var h int32
	for _, r := range s {
		if r >= 0x10000 { // a surrogate pair: two UTF-16 units
			r -= 0x10000
			h = 31*h + int32(0xD800+(r>>10))
			h = 31*h + int32(0xDC00+(r&0x3FF))
			continue
		}
		h = 31*h + int32(r)
	}
	return h
}

// javaHash is TopicPartition.hashCode: 31*(31*1+partition)+topic.hashCode().
func (tp TopicPartition) javaHash() int32 {
	r := int32(31) + int32(tp.Partition)
	return 31*r + javaStringHash(tp.Topic)
}

type jmap[K comparable] struct {
	hash func(K) int32
	cap  int
	thr  int
	seq  map[K]int
	ks   []K // the keys in put order
	n    int
}

func newJMap[K comparable](hash func(K) int32) *jmap[K] {
	return &jmap[K]{hash: hash, seq: map[K]int{}}
}

func (m *jmap[K]) bucket(k K) int {
	h := uint32(m.hash(k))
	return int((h ^ h>>16) & uint32(m.cap-1))
}

func (m *jmap[K]) resize() {
	if m.cap > 0 {
		m.cap *= 2
	} else {
		m.cap = 16 // HashMap's default initial capacity
	}
	m.thr = int(float32(m.cap) * 0.75)
}

func (m *jmap[K]) has(k K) bool { _, ok := m.seq[k]; return ok }
func (m *jmap[K]) size() int    { return len(m.seq) }

// put is HashMap.put: a key already there keeps its place.
func (m *jmap[K]) put(k K) {
	if m.has(k) {
		return
	}
	if m.cap == 0 {
		m.resize()
	}
	b, inBin := m.bucket(k), 0
	for _, o := range m.ks {
		if m.bucket(o) == b {
			inBin++
		}
	}
	m.seq[k] = m.n
	m.ks = append(m.ks, k)
	m.n++
	if inBin+1 >= 9 && m.cap < 64 {
		m.resize()
	}
	if len(m.seq) > m.thr {
		m.resize()
	}
}

func (m *jmap[K]) remove(k K) {
	if m.has(k) {
		delete(m.seq, k)
		m.ks = slices.DeleteFunc(m.ks, func(o K) bool { return o == k })
	}
}

// keys are the keys in the HashMap's iteration order.
func (m *jmap[K]) keys() []K {
	out := slices.Clone(m.ks)
	sort.SliceStable(out, func(i, j int) bool {
		bi, bj := m.bucket(out[i]), m.bucket(out[j])
		if bi != bj {
			return bi < bj
		}
		return m.seq[out[i]] < m.seq[out[j]]
	})
	return out
}

func newTPMap() *jmap[TopicPartition] {
	return newJMap(func(tp TopicPartition) int32 { return tp.javaHash() })
}

func newStringMap() *jmap[string] { return newJMap(javaStringHash) }

// sortedKeys are a Go map's keys, sorted: core never ranges over a map.
func sortedKeys[K cmp.Ordered, V any](m map[K]V) []K { return slices.Sorted(maps.Keys(m)) }

// tpKeys are a Go map's partitions, sorted by topic then number.
func tpKeys[V any](m map[TopicPartition]V) []TopicPartition {
	return slices.SortedFunc(maps.Keys(m), func(a, b TopicPartition) int {
		return cmp.Or(cmp.Compare(a.Topic, b.Topic), cmp.Compare(a.Partition, b.Partition))
	})
}
