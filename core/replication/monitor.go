package replication

import (
	"slices"
	"strconv"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

const srcMonitor = "Partition.scala Partition.makeLeader"

// LostRecord is an acknowledged record that the partition's new leader
// does not have: once it leads, its log is the partition's, and the
// record is gone (followers truncate it away and overwrite its offset).
type LostRecord struct {
	TP          TP
	Offset      int
	Epoch       int    // the epoch the record was written in
	Producer    string // the produce request that acknowledged it
	Acks        int
	Leader      int // the leader that lacks it,
	LeaderEpoch int // in this epoch
	Unclean     bool
}

func (l LostRecord) String() string {
	return strconv.Itoa(l.Offset) + ":" + strconv.Itoa(l.Epoch) + ":" + l.Producer
}

type ackedRecord struct {
	Offset, Epoch int
	Producer      string
	Index         int
	Acks          int
	lost          bool
}

type leaderTerm struct {
	broker, epoch, hw int
}

// Monitor checks the replication guarantees at every state change of the
// brokers that report to it (one per cluster), and traces each violation
// (kind invariant) and each lost record (kind record.lost):
//
//   - the high watermark never moves backwards: a leader's only moves
//     forward during its term, and a leader chosen by a clean election has
//     every offset below the highest high watermark a leader reached (the
//     committed offset; an unclean election restarts it);
//   - at most one broker leads a partition in each leader epoch;
//   - no acknowledged acks=all record is lost unless the election that
//     lost it was unclean (acks=1 records can be lost by any failover:
//     they are traced, not violations);
//   - no idempotent batch is written twice, and none that the leader's
//     log holds is reported failed for a retry refused as out of order.
type Monitor struct {
	Violations []string
	Lost       []LostRecord

	s         *sim.Sim
	leaders   map[string]int        // "tp/epoch" → broker; looked up, never iterated
	terms     map[TP]leaderTerm     // looked up, never iterated
	committed map[TP]int            // looked up, never iterated
	acked     map[TP][]*ackedRecord // looked up, never iterated
	unclean   map[string]bool       // "tp/epoch" of unclean elections; looked up, never iterated
}

// NewMonitor returns a monitor that traces into s.
func NewMonitor(s *sim.Sim) *Monitor {
	return &Monitor{s: s, leaders: map[string]int{}, terms: map[TP]leaderTerm{}, committed: map[TP]int{},
		acked: map[TP][]*ackedRecord{}, unclean: map[string]bool{}}
}

func epochKey(tp TP, epoch int) string { return tp.String() + "/" + strconv.Itoa(epoch) }

func (m *Monitor) violate(tp TP, n *msg.Note) {
	e := sim.Noted(sim.Event{Kind: sim.Invariant, Subj: tp.String()}, n)
	m.Violations = append(m.Violations, e.Note)
	m.s.Emit(e)
}

// onIdempotentAppend checks that an idempotent producer's batch is not
// in the leader's log already: a retry of a batch the log holds must be
// found as a duplicate. The producer stamps each batch once, so its
// (producer id, epoch, base sequence) names it.
func (m *Monitor) onIdempotentAppend(p *Partition, first int, req *ProduceRequest) {
	b := req.Batch
	for _, r := range p.Log.Records[:first] {
		if x := r.Batch; x != nil && r.Index == 0 && x.ProducerID == b.ProducerID && x.ProducerEpoch == b.ProducerEpoch && x.BaseSequence == b.BaseSequence {
			m.violate(p.TP, msg.Notef("%s written twice by an idempotent producer: at offsets %d and %d", req.ID, r.Offset, first))
			return
		}
	}
}

// OnFailed checks a produce reported failed to the application (a final
// error): an idempotent batch the leader's log holds must never fail
// because the leader refused its retry as OUT_OF_ORDER_SEQUENCE_NUMBER.
// That answer means the retry fell out of the leader's cache of the
// producer's last NumBatchesToRetain batches, which the producer prevents
// by keeping a retry at the head of its partition's queue. errs are the
// batch's answers in order; log is the leader's.
func (m *Monitor) OnFailed(tp TP, id string, b *ProducerBatch, errs []string, log []Record) {
	if b == nil || !slices.Contains(errs, OutOfOrderSequenceNumber) {
		return
	}
	for _, r := range log {
		if x := r.Batch; x != nil && r.Index == 0 && x.ProducerID == b.ProducerID && x.ProducerEpoch == b.ProducerEpoch && x.BaseSequence == b.BaseSequence {
			m.violate(tp, msg.Notef("%s reported failed while the leader's log holds it at offset %d: its retry was refused as out of order", id, r.Offset))
			return
		}
	}
}

// OnUncleanElection is the controller's report of an unclean election of
// tp into epoch (before any broker acts on it).
func (m *Monitor) OnUncleanElection(tp TP, epoch int) { m.unclean[epochKey(tp, epoch)] = true }

// LostOf lists tp's lost records in the order they were lost.
func (m *Monitor) LostOf(tp TP) []LostRecord {
	var out []LostRecord
	for _, l := range m.Lost {
		if l.TP == tp {
			out = append(out, l)
		}
	}
	return out
}

// Acked counts tp's acknowledged records.
func (m *Monitor) Acked(tp TP) int { return len(m.acked[tp]) }

func (m *Monitor) onAck(p *Partition, first, last int, pr *ProduceRequest) {
	for o := first; o <= last; o++ {
		r := p.Log.Records[o]
		m.acked[p.TP] = append(m.acked[p.TP], &ackedRecord{Offset: o, Epoch: r.Epoch, Producer: r.Producer, Index: r.Index, Acks: pr.Acks})
	}
}

func (m *Monitor) onLeaderHW(p *Partition, from, to int) {
	tp := p.TP
	t := m.terms[tp]
	if t.broker == p.rm.ID && t.epoch == p.LeaderEpoch && to < t.hw {
		m.violate(tp, msg.Notef("HW of %s moved back from %d to %d on leader %d", tp.String(), t.hw, to, p.rm.ID))
	}
	m.terms[tp] = leaderTerm{p.rm.ID, p.LeaderEpoch, to}
	if to > m.committed[tp] {
		m.committed[tp] = to
	}
}

func (m *Monitor) onMakeLeader(p *Partition, epoch int) {
	tp, broker, log := p.TP, p.rm.ID, p.Log
	key := epochKey(tp, epoch)
	if b, ok := m.leaders[key]; ok && b != broker {
		m.violate(tp, msg.Notef("two leaders of %s in epoch %d: brokers %d and %d", tp.String(), epoch, b, broker))
	}
	m.leaders[key] = broker
	unclean := m.unclean[key]
	if unclean {
		m.committed[tp] = log.HW
	} else if c := m.committed[tp]; log.LEO() < c {
		m.violate(tp, msg.Notef("leader %d of %s in epoch %d ends at %d, below the committed offset %d, after a clean election", broker, tp.String(), epoch, log.LEO(), c))
	}
	m.terms[tp] = leaderTerm{broker, epoch, log.HW}
	for _, r := range m.acked[tp] {
		if r.lost {
			continue
		}
		if r.Offset < log.LEO() {
			have := log.Records[r.Offset]
			if have.Epoch == r.Epoch && have.Producer == r.Producer && have.Index == r.Index {
				continue
			}
		}
		r.lost = true
		l := LostRecord{TP: tp, Offset: r.Offset, Epoch: r.Epoch, Producer: r.Producer, Acks: r.Acks, Leader: broker, LeaderEpoch: epoch, Unclean: unclean}
		m.Lost = append(m.Lost, l)
		acks := "acks=" + strconv.Itoa(r.Acks)
		if r.Acks == -1 {
			acks = "acks=all"
		}
		e := sim.Event{Kind: sim.RecordLost, Subj: tp.String(), ID: r.Offset, Item: r.Producer, From: strconv.Itoa(r.Epoch), Src: srcMonitor}
		if unclean {
			e = e.Notef("%s; new leader %d (epoch %d, unclean election) ends at %d", acks, broker, epoch, log.LEO())
		} else {
			e = e.Notef("%s; new leader %d (epoch %d, clean election) ends at %d", acks, broker, epoch, log.LEO())
		}
		m.s.Emit(e)
		if r.Acks == -1 && !unclean {
			m.violate(tp, msg.Notef("acknowledged acks=all record %s@%d (%s) lost without an unclean election", tp.String(), r.Offset, r.Producer))
		}
	}
}

// onTruncate checks that a leader never truncates its own log.
func (m *Monitor) onTruncate(p *Partition, offset int) {
	if p.IsLeader() {
		m.violate(p.TP, msg.Notef("leader %d of %s truncated its log to %d", p.rm.ID, p.TP.String(), offset))
	}
}
