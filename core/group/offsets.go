package group

import (
	"sort"
	"strconv"
	"strings"

	"brokerlab/core/sim"
)

// The offset APIs of the group protocol.
const (
	apiOffsetCommit = "OffsetCommit"
	apiOffsetFetch  = "OffsetFetch"
)

// Offset is a partition's offset: a committed offset, or a position (the
// offset of the next record to read).
type Offset struct {
	TopicPartition
	Offset int64
}

func (o Offset) String() string {
	return o.TopicPartition.String() + "=" + strconv.FormatInt(o.Offset, 10)
}

// FormatOffsets writes "t0-0=5, t0-1=3".
func FormatOffsets(os []Offset) string {
	parts := make([]string, len(os))
	for i, o := range os {
		parts[i] = o.String()
	}
	return strings.Join(parts, ", ")
}

func sortOffsets(os []Offset) {
	sort.Slice(os, func(i, j int) bool { return os[i].TopicPartition.less(os[j].TopicPartition) })
}

// noOffset is what OffsetFetch answers for a partition with no committed
// offset (OffsetFetchResponse.INVALID_OFFSET).
const noOffset = -1

// handleCommitOffsets is GroupCoordinator.handleCommitOffsets: a group the
// coordinator does not know is created for a commit without a generation
// (a consumer that assigns itself partitions); with one, the commit is
// from an older generation and refused.
func (c *Coordinator) handleCommitOffsets(req *request) {
	cb := func(e Error) { c.respond(req, &response{err: e}) }
	if req.groupID == "" {
		cb(InvalidGroupID)
		return
	}
	g := c.groups[req.groupID]
	if g == nil {
		if req.generation >= 0 {
			cb(IllegalGeneration)
			return
		}
		g = c.addGroup(req.groupID)
	}
	c.doCommitOffsets(g, req, cb)
}

// doCommitOffsets is GroupCoordinator.doCommitOffsets (Kafka 2.5): a
// member's commit is stored in Stable and PreparingRebalance (it counts as
// a heartbeat), refused in CompletingRebalance.
func (c *Coordinator) doCommitOffsets(g *groupMetadata, req *request, cb func(Error)) {
	g.inLock(srcDoCommitOffsets, func() {
		switch {
		case g.is(Dead):
			cb(CoordinatorNotAvailable)
		case g.isStaticMemberFenced(req.memberID, req.groupInstanceID):
			cb(FencedInstanceID)
		case req.generation < 0 && g.is(Empty):
			// the group only uses Kafka to store offsets
			c.commit(g, req, cb)
		case !g.has(req.memberID):
			cb(UnknownMemberID)
		case req.generation != g.generation:
			cb(IllegalGeneration)
		case g.is(Stable), g.is(PreparingRebalance):
			c.completeAndScheduleNextHeartbeatExpiration(g, g.get(req.memberID))
			c.commit(g, req, cb)
		case g.is(CompletingRebalance):
			cb(RebalanceInProgress)
		default:
			// an Empty group with this member: upstream has none (it
			// throws "Logic error"); the member is not the group's
			cb(UnknownMemberID)
		}
	})
}

// commit is GroupMetadataManager.storeOffsets: the offsets are appended
// to the group's partition and enter the cache (onOffsetCommitAppend)
// only when the append is acknowledged; on an error the cache keeps what
// it had.
func (c *Coordinator) commit(g *groupMetadata, req *request, cb func(Error)) {
	c.appendOffsets(g, req.offsets, req.wire, func(err Error) {
		if err == None {
			c.storeOffsets(g, req.offsets)
		}
		cb(err)
	})
}

// storeOffsets puts committed offsets in the group's cache.
func (c *Coordinator) storeOffsets(g *groupMetadata, offsets []Offset) {
	for _, o := range offsets {
		old, had := g.offsets[o.TopicPartition]
		g.offsets[o.TopicPartition] = o.Offset
		g.commits = append(g.commits, o)
		emit(c.s, func() sim.Event {
			from := "none"
			if had {
				from = strconv.FormatInt(old, 10)
			}
			return sim.Event{Kind: sim.OffsetCommit, Subj: o.TopicPartition.String(), Item: g.id, From: from,
				To: strconv.FormatInt(o.Offset, 10), Src: srcStoreOffsets}
		})
	}
}

// handleFetchOffsets is GroupCoordinator.handleFetchOffsets: the committed
// offset of each partition asked for, -1 where there is none.
func (c *Coordinator) handleFetchOffsets(req *request) {
	resp := &response{err: None, offsets: make([]Offset, len(req.partitions))}
	g := c.groups[req.groupID]
	fill := func() {
		for i, tp := range req.partitions {
			resp.offsets[i] = Offset{tp, noOffset}
			if g != nil {
				if o, ok := g.offsets[tp]; ok {
					resp.offsets[i].Offset = o
				}
			}
		}
	}
	switch {
	case req.groupID == "":
		resp.err = InvalidGroupID
	case g == nil:
		fill()
	default:
		g.inLock(srcHandleFetchOffsets, fill)
	}
	c.respond(req, resp)
}

// Committed is group's committed offset of tp, as OffsetFetch would answer.
func (y *System) Committed(group string, tp TopicPartition) (int64, bool) {
	g := y.group(group)
	if g == nil {
		return 0, false
	}
	o, ok := g.offsets[tp]
	return o, ok
}

// Commits lists, in order, every offset stored for group.
func (y *System) Commits(group string) []Offset {
	if g := y.group(group); g != nil {
		return g.commits
	}
	return nil
}
