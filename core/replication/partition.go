package replication

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// Upstream places the partition's steps mirror (apache/kafka 2.5.0).
const (
	srcMakeLeader    = "Partition.scala Partition.makeLeader"
	srcMakeFollower  = "Partition.scala Partition.makeFollower"
	srcAppendLeader  = "Partition.scala Partition.appendRecordsToLeader"
	srcFollowerState = "Partition.scala Partition.updateFollowerFetchState"
	srcExpandIsr     = "Partition.scala Partition.maybeExpandIsr"
	srcShrinkIsr     = "Partition.scala Partition.maybeShrinkIsr"
	srcIncrementHW   = "Partition.scala Partition.maybeIncrementLeaderHW"
	srcTruncate      = "Log.scala Log.truncateTo"
	srcDuplicate     = "Log.scala Log.analyzeAndValidateProducerState"
	srcFollowerHW    = "ReplicaFetcherThread.scala ReplicaFetcherThread.processPartitionData"
)

// never is a lastCaughtUpTimeMs of 0 upstream: a time so long ago that
// now − never always exceeds replica.lag.time.max.ms (the virtual clock
// starts at 0, the real one in 1970).
const never = time.Duration(-1 << 62)

// Replica is the leader's view of one follower (Replica.scala).
type Replica struct {
	ID                 int
	LEO                int // -1: unknown (UnknownOffsetMetadata)
	LastCaughtUpTime   time.Duration
	lastFetchTime      time.Duration
	lastFetchLeaderLEO int
	LastSentHW         int
}

// updateFetchState is Replica.updateFetchState.
func (r *Replica) updateFetchState(fetchOffset int, fetchTime time.Duration, leaderEndOffset, lastSentHW int) {
	if fetchOffset >= leaderEndOffset {
		r.LastCaughtUpTime = max(r.LastCaughtUpTime, fetchTime)
	} else if fetchOffset >= r.lastFetchLeaderLEO {
		r.LastCaughtUpTime = max(r.LastCaughtUpTime, r.lastFetchTime)
	}
	r.LEO = fetchOffset
	r.lastFetchLeaderLEO = leaderEndOffset
	r.lastFetchTime = fetchTime
	r.LastSentHW = lastSentHW
}

// Partition is one broker's replica of a partition: its log, and, while it
// leads, the ISR, the followers' state and the high-watermark rules
// (Partition.scala).
type Partition struct {
	TP         TP
	Log        *Log
	Assignment []int
	ISR        []int // sorted; the leader's view (empty on a follower, as upstream)
	Leader     int   // leaderReplicaIdOpt; -1 for none
	// LeaderEpoch is the epoch of the last LeaderAndIsr this broker took; -1 before any.
	LeaderEpoch            int
	leaderEpochStartOffset int // -1 unless leader
	zkVersion              int
	controllerEpoch        int
	remotes                []*Replica // sorted by broker id

	rm *ReplicaManager
}

// IsLeader reports whether this broker leads the partition.
func (p *Partition) IsLeader() bool { return p.Leader == p.rm.ID }

// Remote returns the leader's view of replica id, or nil.
func (p *Partition) Remote(id int) *Replica {
	for _, r := range p.remotes {
		if r.ID == id {
			return r
		}
	}
	return nil
}

func (p *Partition) inISR(id int) bool { return slices.Contains(p.ISR, id) }

// IDs writes broker ids as the trace does: "1,2,3".
func IDs(ids []int) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.Itoa(id)
	}
	return strings.Join(parts, ",")
}

func sortedIDs(ids []int) []int {
	out := append([]int(nil), ids...)
	slices.Sort(out)
	return out
}

// updateAssignmentAndIsr is Partition.updateAssignmentAndIsr.
func (p *Partition) updateAssignmentAndIsr(assignment, isr []int) {
	p.Assignment = append([]int(nil), assignment...)
	var remotes []*Replica
	for _, id := range sortedIDs(assignment) {
		if id == p.rm.ID {
			continue
		}
		r := p.Remote(id)
		if r == nil {
			r = &Replica{ID: id, LEO: -1, LastCaughtUpTime: never, lastFetchTime: never}
		}
		remotes = append(remotes, r)
	}
	p.remotes = remotes
	p.ISR = sortedIDs(isr)
}

// makeLeader is Partition.makeLeader: take the epoch, cache (epoch, LEO)
// as the epoch's start, reset the followers' state (LEO unknown; ISR
// members count as caught up now), and maybe move the high watermark
// (the ISR may be down to one). It reports whether the broker just
// became leader, and whether the high watermark moved.
func (p *Partition) makeLeader(st PartitionState, controllerEpoch int) (isNew, hwMoved bool) {
	rm := p.rm
	oldEpoch := p.LeaderEpoch
	p.controllerEpoch = controllerEpoch
	p.updateAssignmentAndIsr(st.Replicas, st.ISR)
	leo := p.Log.LEO()
	p.LeaderEpoch = st.LeaderEpoch
	p.leaderEpochStartOffset = leo
	p.zkVersion = st.ZkVersion
	p.assignEpoch(st.LeaderEpoch, leo, srcMakeLeader)
	now := rm.s.Now()
	isNew = !p.IsLeader()
	for _, r := range p.remotes {
		caught := never
		if p.inISR(r.ID) {
			caught = now
		}
		r.lastFetchLeaderLEO, r.lastFetchTime, r.LastCaughtUpTime = leo, now, caught
	}
	if isNew {
		from := "follower"
		if p.Leader == -1 || oldEpoch == -1 {
			from = "none"
		}
		p.Leader = rm.ID
		for _, r := range p.remotes {
			old := r.LEO
			r.updateFetchState(-1, never, -1, 0)
			if old != -1 {
				rm.emitLEO(p.TP, r.ID, old, -1, msg.Notef("reset: unknown until its next fetch"), srcMakeLeader)
			}
		}
		rm.emitRole(p.TP, from, "leader", st.LeaderEpoch, srcMakeLeader)
	} else {
		rm.emitRole(p.TP, "leader", "leader", st.LeaderEpoch, srcMakeLeader)
	}
	if rm.mon != nil {
		rm.mon.onMakeLeader(p, st.LeaderEpoch)
	}
	return isNew, p.maybeIncrementLeaderHW(now)
}

// makeFollower is Partition.makeFollower: take the epoch and the leader;
// the ISR is the leader's business. It reports whether anything changed.
func (p *Partition) makeFollower(st PartitionState, controllerEpoch int) bool {
	rm := p.rm
	p.controllerEpoch = controllerEpoch
	oldEpoch, oldLeader := p.LeaderEpoch, p.Leader
	wasLeader := p.IsLeader()
	p.updateAssignmentAndIsr(st.Replicas, nil)
	p.LeaderEpoch = st.LeaderEpoch
	p.leaderEpochStartOffset = -1
	p.zkVersion = st.ZkVersion
	if oldLeader == st.Leader && st.LeaderEpoch == oldEpoch {
		return false
	}
	p.Leader = st.Leader
	from := "follower"
	switch {
	case wasLeader:
		from = "leader"
	case oldEpoch == -1:
		from = "none"
	}
	rm.emitRole(p.TP, from, "follower", st.LeaderEpoch, srcMakeFollower)
	return true
}

// assignEpoch writes (epoch, start) into the leader-epoch cache.
func (p *Partition) assignEpoch(epoch, start int, src string) {
	before := ""
	if p.rm.s.Tracing() {
		before = p.Log.EpochsString()
	}
	if p.Log.Assign(epoch, start) {
		p.rm.emitCache(p.TP, before, p.Log.EpochsString(), msg.Notef("epoch %d starts at offset %d", epoch, start), src)
	}
}

// maybeIncrementLeaderHW is Partition.maybeIncrementLeaderHW: the high
// watermark is the smallest LEO of the leader and of every follower that
// is in the ISR or caught up within replica.lag.time.max.ms; it only
// moves forward.
func (p *Partition) maybeIncrementLeaderHW(now time.Duration) bool {
	if !p.IsLeader() {
		return false
	}
	rm := p.rm
	newHW := p.Log.LEO()
	held := -1
	for _, r := range p.remotes {
		if r.LEO < newHW && (now-r.LastCaughtUpTime <= rm.cfg.ReplicaLagTimeMax || p.inISR(r.ID)) {
			newHW, held = r.LEO, r.ID
		}
	}
	old := p.Log.HW
	if newHW <= old {
		return false
	}
	p.Log.HW = newHW
	var note *msg.Note
	if rm.s.Tracing() {
		note = msg.Notef("leader: min LEO of the ISR %s", IDs(p.ISR))
		if held >= 0 && !p.inISR(held) {
			note = msg.Notef("leader: min LEO of the ISR %s and caught-up replica %d", IDs(p.ISR), held)
		}
	}
	rm.emitHW(p.TP, old, newHW, note, srcIncrementHW)
	if rm.mon != nil {
		rm.mon.onLeaderHW(p, old, newHW)
	}
	return true
}

// appendRecordsToLeader is Partition.appendRecordsToLeader: refuse an
// acks=all write while the ISR is smaller than min.insync.replicas; then
// an idempotent producer's batch the log already holds is a duplicate
// (its original offsets, nothing written) and one out of sequence is
// refused; else append stamped with the leader epoch and maybe move the
// high watermark.
func (p *Partition) appendRecordsToLeader(req *ProduceRequest) (first, last int, errCode string, hwMoved, duplicate bool) {
	rm := p.rm
	if !p.IsLeader() {
		return -1, -1, NotLeaderForPartition, false, false
	}
	if req.Acks == -1 && len(p.ISR) < rm.cfg.MinInsyncReplicas {
		return -1, -1, NotEnoughReplicas, false, false
	}
	if b := req.Batch; b != nil {
		// Log.analyzeAndValidateProducerState, after the ISR check: a
		// batch the producer's entry already holds is answered with its
		// original offsets and nothing is written.
		if dup, ok := p.Log.Producers.LastEntry(b.ProducerID).findDuplicateBatch(b); ok {
			if rm.s.Tracing() {
				leo := strconv.Itoa(p.Log.LEO())
				item := msg.Notef("%s: duplicate of offsets %d–%d (producerId %d, sequence %d), nothing written", req.ID, dup.FirstOffset, dup.LastOffset, b.ProducerID, b.BaseSequence)
				rm.s.Emit(sim.Event{Kind: sim.LogAppend, Subj: p.TP.String(), ID: rm.ID, From: leo, To: leo, Note: strconv.Itoa(p.LeaderEpoch),
					Item: item.String(), ItemWords: item, Src: srcDuplicate})
			} else {
				rm.s.Emit(sim.Event{})
			}
			return dup.FirstOffset, dup.LastOffset, None, false, true
		}
		if code := p.Log.Producers.checkSequence(b); code != None {
			return -1, -1, code, false, false
		}
	}
	first = p.Log.LEO()
	recs := make([]Record, req.Records)
	for i := range recs {
		recs[i] = Record{Offset: first + i, Epoch: p.LeaderEpoch, Producer: req.ID, Index: i, Batch: req.Batch}
		if req.Values != nil {
			recs[i].Value = req.Values[i]
		}
	}
	if req.Batch != nil && rm.mon != nil {
		rm.mon.onIdempotentAppend(p, first, req)
	}
	p.appendLog(recs, msg.Literal(req.ID), srcAppendLeader)
	return first, p.Log.LEO() - 1, None, p.maybeIncrementLeaderHW(rm.s.Now()), false
}

// appendLog appends records and traces one log.append per epoch run.
func (p *Partition) appendLog(recs []Record, item *msg.Note, src string) {
	rm := p.rm
	p.Log.append(recs)
	for i := 0; i < len(recs); {
		j := i
		for j < len(recs) && recs[j].Epoch == recs[i].Epoch {
			j++
		}
		if rm.s.Tracing() {
			e := sim.Event{Kind: sim.LogAppend, Subj: p.TP.String(), ID: rm.ID,
				From: strconv.Itoa(recs[i].Offset), To: strconv.Itoa(recs[j-1].Offset + 1), Note: strconv.Itoa(recs[i].Epoch), Src: src}
			if item != nil {
				e.Item, e.ItemWords = item.String(), item
			}
			rm.s.Emit(e)
		} else {
			rm.s.Emit(sim.Event{})
		}
		i = j
	}
}

// updateFollowerFetchState is Partition.updateFollowerFetchState: record
// the follower's fetch, maybe add it to the ISR, maybe move the high
// watermark. It reports whether the high watermark moved.
func (p *Partition) updateFollowerFetchState(followerID, fetchOffset int, fetchTime time.Duration, leaderEndOffset, lastSentHW int) bool {
	r := p.Remote(followerID)
	if r == nil {
		return false
	}
	prev := r.LEO
	r.updateFetchState(fetchOffset, fetchTime, leaderEndOffset, lastSentHW)
	if prev != r.LEO {
		var note *msg.Note
		if p.rm.s.Tracing() {
			note = msg.Notef("fetch from offset %d", fetchOffset)
		}
		p.rm.emitLEO(p.TP, followerID, prev, r.LEO, note, srcFollowerState)
	}
	if !p.inISR(followerID) {
		p.maybeExpandIsr(r)
	}
	if prev != r.LEO {
		return p.maybeIncrementLeaderHW(fetchTime)
	}
	return false
}

// maybeExpandIsr adds a follower whose LEO reached the high watermark and
// the current epoch's start offset.
func (p *Partition) maybeExpandIsr(r *Replica) {
	if !p.IsLeader() || p.inISR(r.ID) || r.LEO < p.Log.HW || p.leaderEpochStartOffset < 0 || r.LEO < p.leaderEpochStartOffset {
		return
	}
	var why *msg.Note
	if p.rm.s.Tracing() {
		why = msg.Notef("expand: replica %d caught up (LEO %d ≥ HW %d)", r.ID, r.LEO, p.Log.HW)
	}
	p.updateIsr(sortedIDs(append(append([]int(nil), p.ISR...), r.ID)), why, srcExpandIsr)
}

// outOfSync is getOutOfSyncReplicas: ISR followers whose LEO differs from
// the leader's and who have not caught up within replica.lag.time.max.ms.
func (p *Partition) outOfSync(now time.Duration) []int {
	var out []int
	leo := p.Log.LEO()
	for _, id := range p.ISR {
		if id == p.rm.ID {
			continue
		}
		r := p.Remote(id)
		if r != nil && r.LEO != leo && now-r.LastCaughtUpTime > p.rm.cfg.ReplicaLagTimeMax {
			out = append(out, id)
		}
	}
	return out
}

// maybeShrinkIsr is Partition.maybeShrinkIsr, run by isr-expiration.
func (p *Partition) maybeShrinkIsr() (hwMoved bool) {
	if !p.IsLeader() {
		return false
	}
	now := p.rm.s.Now()
	out := p.outOfSync(now)
	if len(out) == 0 {
		return false
	}
	var isr []int
	for _, id := range p.ISR {
		if !slices.Contains(out, id) {
			isr = append(isr, id)
		}
	}
	var why *msg.Note
	if p.rm.s.Tracing() {
		// The out-of-sync replicas, "A, B, C": each one's note holds the rest.
		var rest *msg.Note
		for i := len(out) - 1; i >= 0; i-- {
			r := p.Remote(out[i])
			switch {
			case r.LastCaughtUpTime == never && rest == nil:
				rest = msg.Notef("%d (LEO %d, caught up never ago)", r.ID, r.LEO)
			case r.LastCaughtUpTime == never:
				rest = msg.Notef("%d (LEO %d, caught up never ago), %s", r.ID, r.LEO, rest)
			case rest == nil:
				rest = msg.Notef("%d (LEO %d, caught up %s ago)", r.ID, r.LEO, sim.FormatDuration(now-r.LastCaughtUpTime))
			default:
				rest = msg.Notef("%d (LEO %d, caught up %s ago), %s", r.ID, r.LEO, sim.FormatDuration(now-r.LastCaughtUpTime), rest)
			}
		}
		why = msg.Notef("shrink: out of sync %s > replica.lag.time.max.ms %s", rest, sim.FormatDuration(p.rm.cfg.ReplicaLagTimeMax))
	}
	if !p.updateIsr(isr, why, srcShrinkIsr) {
		return false
	}
	return p.maybeIncrementLeaderHW(now)
}

// updateIsr is Partition.updateIsr of Kafka 2.5: write the new ISR to the
// partition's state znode (conditionally on its version: the controller
// may have written it since), then record the change for
// isr-change-propagation and use it.
func (p *Partition) updateIsr(isr []int, why *msg.Note, src string) bool {
	rm := p.rm
	version, ok := rm.zk.UpdateLeaderAndIsr(p.TP, rm.ID, p.LeaderEpoch, isr, p.controllerEpoch, p.zkVersion)
	if !ok {
		return false // "Cached zkVersion not equal to that in zookeeper, skip updating ISR"
	}
	from := IDs(p.ISR)
	p.ISR, p.zkVersion = isr, version
	rm.recordIsrChange(p.TP)
	rm.emitISR(p.TP, from, IDs(isr), why, src)
	return true
}

// checkEnoughReplicasReachOffset is Partition.checkEnoughReplicasReachOffset.
func (p *Partition) checkEnoughReplicasReachOffset(required int) (bool, string) {
	if !p.IsLeader() {
		return false, NotLeaderForPartition
	}
	if p.Log.HW >= required {
		if p.rm.cfg.MinInsyncReplicas <= len(p.ISR) {
			return true, None
		}
		return true, NotEnoughReplicasAfterAppend
	}
	return false, None
}

// checkEpoch is Partition.getLocalLog: the request's current leader epoch
// must be this broker's, and a leader-only request must reach the leader.
func (p *Partition) checkEpoch(current int, requireLeader bool) string {
	switch {
	case current >= 0 && current < p.LeaderEpoch:
		return FencedLeaderEpoch
	case current > p.LeaderEpoch:
		return UnknownLeaderEpoch
	case requireLeader && !p.IsLeader():
		return NotLeaderForPartition
	}
	return None
}

// read is Partition.readRecords: records from fetchOffset up to the log
// end (a follower) or the high watermark (a consumer).
func (p *Partition) read(fetchOffset, currentEpoch int, follower bool) (recs []Record, hw, leo int, errCode string) {
	if e := p.checkEpoch(currentEpoch, true); e != None {
		return nil, -1, -1, e
	}
	hw, leo = p.Log.HW, p.Log.LEO()
	if fetchOffset < 0 || fetchOffset > leo {
		return nil, hw, leo, OffsetOutOfRange
	}
	end := leo
	if !follower {
		end = hw
	}
	if fetchOffset < end {
		recs = append([]Record(nil), p.Log.Records[fetchOffset:end]...)
	}
	return recs, hw, leo, None
}

// truncateTo truncates the log (a follower's, before it fetches) and
// traces what goes.
func (p *Partition) truncateTo(offset int, why *msg.Note) {
	rm := p.rm
	leo, hw := p.Log.LEO(), p.Log.HW
	if offset >= leo {
		return
	}
	cache := ""
	if rm.s.Tracing() {
		cache = p.Log.EpochsString()
	}
	epochs := len(p.Log.Epochs)
	p.Log.truncateTo(offset)
	rm.emitLog(sim.LogTruncate, p.TP, "", leo, offset, why, srcTruncate)
	if len(p.Log.Epochs) != epochs {
		rm.emitCache(p.TP, cache, p.Log.EpochsString(), msg.Notef("truncateFromEnd(%d)", offset), srcTruncate)
	}
	if p.Log.HW != hw {
		rm.emitHW(p.TP, hw, p.Log.HW, msg.Notef("truncated below the high watermark"), srcTruncate)
	}
	if rm.mon != nil {
		rm.mon.onTruncate(p, offset)
	}
}

// updateFollowerHW is the follower's high watermark after a fetch: the
// leader's, clamped to the follower's own log end.
func (p *Partition) updateFollowerHW(leaderHW int) {
	hw := min(max(leaderHW, 0), p.Log.LEO())
	if hw == p.Log.HW {
		return
	}
	old := p.Log.HW
	p.Log.HW = hw
	var note *msg.Note
	if p.rm.s.Tracing() {
		note = msg.Notef("follower: leader's HW %d", leaderHW)
		if hw != leaderHW {
			note = msg.Notef("follower: leader's HW %d clamped to its LEO %d", leaderHW, hw)
		}
	}
	p.rm.emitHW(p.TP, old, hw, note, srcFollowerHW)
}
