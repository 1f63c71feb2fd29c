package replication

import (
	"sort"
	"strconv"
	"strings"

	"brokerlab/core/msg"
)

// TP is a TopicPartition, written topic-partition ("t-0") as the paths do.
type TP struct {
	Topic     string
	Partition int
}

func (tp TP) String() string { return tp.Topic + "-" + strconv.Itoa(tp.Partition) }

// ParseTP reads "topic-partition": the partition is the number after the last dash.
func ParseTP(s string) (TP, error) {
	i := strings.LastIndexByte(s, '-')
	if i <= 0 {
		return TP{}, msg.Of(ErrName, "rp.tp", s)
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil || n < 0 {
		return TP{}, msg.Of(ErrName, "rp.tp", s)
	}
	return TP{s[:i], n}, nil
}

func sortTPs(tps []TP) {
	sort.Slice(tps, func(i, j int) bool {
		if tps[i].Topic != tps[j].Topic {
			return tps[i].Topic < tps[j].Topic
		}
		return tps[i].Partition < tps[j].Partition
	})
}

// Record is one record of a partition's log: its offset, the leader epoch
// of the batch it came in (partitionLeaderEpoch) and, to trace it, the
// produce request that brought it and its place there.
type Record struct {
	Offset   int
	Epoch    int
	Producer string         // the produce request's id (R of produce … id=R)
	Index    int            // 0, 1, … within that request
	Batch    *ProducerBatch // the idempotent producer's header; nil without idempotence
	Value    any            // what a coordinator wrote (a __consumer_offsets record); nil for a producer's
}

// EpochEntry is one entry of the leader-epoch cache: the first offset
// written in that epoch.
type EpochEntry struct {
	Epoch, StartOffset int
}

// Undefined is UNDEFINED_EPOCH and UNDEFINED_EPOCH_OFFSET.
const Undefined = -1

// Log is one replica's log of a partition: records at offsets 0…LEO-1 (the
// log start offset stays 0: no retention), the high watermark and the
// leader-epoch cache (LeaderEpochFileCache). It lives in the broker's
// LogManager and survives the broker's process (a killed broker's log is
// on disk when it restarts).
type Log struct {
	TP      TP
	Records []Record
	HW      int
	Epochs  []EpochEntry

	// Producers is the idempotent producers' state, updated by every
	// append and rebuilt from the records left after a truncation
	// (Log.loadProducerState).
	Producers ProducerStateManager
}

// LEO is the log end offset.
func (l *Log) LEO() int { return len(l.Records) }

// LatestEpoch is the cache's latest epoch (false if the cache is empty).
func (l *Log) LatestEpoch() (int, bool) {
	if len(l.Epochs) == 0 {
		return Undefined, false
	}
	return l.Epochs[len(l.Epochs)-1].Epoch, true
}

// Assign is LeaderEpochFileCache.assign: record that epoch starts at
// startOffset, unless it is the latest epoch already (and does not start
// earlier); entries that would break monotonicity are removed. It reports
// whether the cache changed.
func (l *Log) Assign(epoch, startOffset int) bool {
	if n := len(l.Epochs); n > 0 {
		last := l.Epochs[n-1]
		if last.Epoch == epoch && startOffset >= last.StartOffset {
			return false
		}
	}
	kept := l.Epochs[:0:0]
	for _, e := range l.Epochs {
		if e.Epoch < epoch && e.StartOffset < startOffset {
			kept = append(kept, e)
		}
	}
	l.Epochs = append(kept, EpochEntry{epoch, startOffset})
	return true
}

// EndOffsetFor is LeaderEpochFileCache.endOffsetFor of Kafka 2.5: for the
// latest epoch, the log end offset; else the largest cached epoch ≤
// requested with the start offset of the first cached epoch above it (or
// the requested epoch itself if none is ≤ it); (Undefined, Undefined) for
// an undefined or too-new epoch.
func (l *Log) EndOffsetFor(requested int) (epoch, endOffset int) {
	if requested == Undefined {
		return Undefined, Undefined
	}
	if latest, ok := l.LatestEpoch(); ok && latest == requested {
		return requested, l.LEO()
	}
	var previous *EpochEntry
	for i := range l.Epochs {
		e := &l.Epochs[i]
		if e.Epoch > requested {
			if previous == nil {
				return requested, e.StartOffset
			}
			return previous.Epoch, e.StartOffset
		}
		previous = e
	}
	return Undefined, Undefined
}

// append adds records at the end, assigning each epoch's start offset in
// the cache as Log.append does for each batch.
func (l *Log) append(recs []Record) {
	for _, r := range recs {
		l.Assign(r.Epoch, r.Offset) // maybeAssignEpochStartOffset: a no-op within an epoch
		l.Records = append(l.Records, r)
	}
	l.Producers.onAppend(recs)
}

// truncateTo is Log.truncateTo: drop the records at offsets ≥ offset, the
// cache entries starting there (truncateFromEnd), and lower the high
// watermark if it was above the new end.
func (l *Log) truncateTo(offset int) {
	if offset >= l.LEO() {
		return
	}
	l.Records = l.Records[:offset:offset]
	l.Producers = ProducerStateManager{}
	l.Producers.onAppend(l.Records)
	kept := l.Epochs[:0:0]
	for _, e := range l.Epochs {
		if e.StartOffset < offset {
			kept = append(kept, e)
		}
	}
	l.Epochs = kept
	if l.HW > offset {
		l.HW = offset
	}
}

// EpochsString writes the cache as "epoch:start" pairs: "0:0,2:5".
func (l *Log) EpochsString() string {
	parts := make([]string, len(l.Epochs))
	for i, e := range l.Epochs {
		parts[i] = strconv.Itoa(e.Epoch) + ":" + strconv.Itoa(e.StartOffset)
	}
	return strings.Join(parts, ",")
}

// String writes the records as "offset:epoch" pairs: "0:0,1:0,2:1".
func (l *Log) String() string {
	var sb strings.Builder
	for i, r := range l.Records {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(r.Offset))
		sb.WriteByte(':')
		sb.WriteString(strconv.Itoa(r.Epoch))
	}
	return sb.String()
}

// LogManager holds a broker's logs, by partition; it outlives the broker's
// process.
type LogManager struct {
	logs  map[TP]*Log // looked up, never iterated
	order []TP        // sorted
}

// NewLogManager returns an empty log directory.
func NewLogManager() *LogManager { return &LogManager{logs: map[TP]*Log{}} }

// Get returns tp's log, or nil.
func (m *LogManager) Get(tp TP) *Log { return m.logs[tp] }

// GetOrCreate returns tp's log, creating an empty one.
func (m *LogManager) GetOrCreate(tp TP) *Log {
	if l := m.logs[tp]; l != nil {
		return l
	}
	l := &Log{TP: tp}
	m.logs[tp] = l
	m.order = append(m.order, tp)
	sortTPs(m.order)
	return l
}

// Partitions lists the partitions with a log, sorted.
func (m *LogManager) Partitions() []TP { return append([]TP(nil), m.order...) }
