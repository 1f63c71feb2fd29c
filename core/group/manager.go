package group

import (
	"strconv"
	"unicode/utf16"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

// This file is GroupMetadataManager on a broker of a cluster: which
// partitions of __consumer_offsets the coordinator owns, their loading
// and unloading when the broker becomes their leader or a follower, and
// the group and offset records it appends to them (Kafka 2.5
// GroupMetadataManager.scala). In `use group` the one broker owns every
// group, loaded, and its appends succeed at once: the coordinator has no
// Log.

// OffsetsTopic is Topic.GROUP_METADATA_TOPIC_NAME (Kafka 2.5 Topic.java L27).
const OffsetsTopic = "__consumer_offsets"

// PartitionFor is GroupMetadataManager.partitionFor (Kafka 2.5
// GroupMetadataManager.scala L189): Utils.abs(groupId.hashCode) % partitions,
// with Java's String.hashCode over UTF-16 code units and Utils.abs mapping
// Integer.MIN_VALUE to 0 (Utils.java L162-164).
func PartitionFor(group string, partitions int) int {
	var h int32
	for _, u := range utf16.Encode([]rune(group)) {
		h = 31*h + int32(u)
	}
	abs := int64(h)
	switch {
	case h == -1<<31:
		abs = 0
	case h < 0:
		abs = -abs
	}
	return int(abs % int64(partitions))
}

// Log is the broker's share of __consumer_offsets as its coordinator
// uses it: ReplicaManager.appendRecords and the leader's log.
type Log interface {
	// Append writes values to __consumer_offsets-p with
	// offsets.commit.required.acks (-1) and offsets.commit.timeout.ms, as
	// the request wire's handling (GroupMetadataManager.appendForGroup);
	// done runs with the append's error code on the thread that completes
	// it.
	Append(wire *socketserver.Request, p int, values []any, done func(code string))
	// Read is __consumer_offsets-p to its log end (FetchLogEnd), ok false
	// when this broker does not lead it.
	Read(p int) (values []any, ok bool)
}

// offsetRecord is an offset commit record (key version 1, value v3).
type offsetRecord struct {
	group  string
	offset Offset
}

// groupRecord is a group metadata record (key version 2, value v3): the
// group as the leader's SyncGroup or an empty rebalance left it.
type groupRecord struct {
	group        string
	protocolType string
	protocol     string
	leader       string
	generation   int
	members      []member // copies, with their assignment
}

// manager is the GroupMetadataManager state of a coordinator in a cluster.
type manager struct {
	log        Log
	partitions int          // groupMetadataTopicPartitionCount
	owned      map[int]bool // ownedPartitions; lookups only
	loading    map[int]bool // loadingPartitions; lookups only
	scheduler  *sim.Worker  // group-metadata-manager-0, once started
}

// Attach makes c the coordinator of a cluster's broker: it owns the
// partitions of __consumer_offsets (of partitions) it is elected for and
// keeps its groups there through log.
func (c *Coordinator) Attach(log Log, partitions int) {
	c.m = &manager{log: log, partitions: partitions, owned: map[int]bool{}, loading: map[int]bool{}}
}

// Owns reports whether this coordinator owns group's partition, loaded.
func (c *Coordinator) Owns(group string) bool {
	if c.m == nil {
		return true
	}
	if c.server.Killed() {
		return false // the broker's process died with its cache
	}
	p := PartitionFor(group, c.m.partitions)
	return c.m.owned[p] && !c.m.loading[p]
}

// status is GroupCoordinator.validateGroupStatus without the group id
// check: COORDINATOR_LOAD_IN_PROGRESS while the group's partition loads
// (checked first), NOT_COORDINATOR when this broker does not own it.
func (c *Coordinator) status(group string) Error {
	if c.m == nil || group == "" {
		return None
	}
	p := PartitionFor(group, c.m.partitions)
	switch {
	case c.m.loading[p]:
		return CoordinatorLoadInProgress
	case !c.m.owned[p]:
		return NotCoordinator
	}
	return None
}

func (c *Coordinator) emitPartition(p int, from, to string, why *msg.Note, src string) {
	c.s.Emit(sim.Noted(sim.Event{Kind: sim.State, Subj: "coordinator[" + strconv.Itoa(c.cfg.BrokerID) + "]",
		Item: OffsetsTopic + "-" + strconv.Itoa(p), From: from, To: to, Src: src}, why))
}

// OnElection is GroupCoordinator.onElection: the partition is loading at
// once, and its load runs on group-metadata-manager-0
// (scheduleLoadGroupAndOffsets, GroupMetadataManager.scala L520-528).
func (c *Coordinator) OnElection(p int) {
	c.start()
	m := c.m
	if m.loading[p] {
		return // "Already loading offsets and group metadata from …"
	}
	m.loading[p] = true
	c.emitPartition(p, "none", "loading", msg.Notef("Scheduling loading of offsets and group metadata from %s-%d", OffsetsTopic, p), srcScheduleLoad)
	m.scheduler.Post(c.s.Now(), func() { c.load(p) })
}

// load is doLoadGroupsAndOffsets: read the partition to its log end, the
// last record of each key wins, then each group is rebuilt (Stable with
// its members, or Empty), its members' heartbeats rearmed from now
// (onGroupLoaded), and the partition owned.
func (c *Coordinator) load(p int) {
	m := c.m
	values, ok := m.log.Read(p)
	type loaded struct {
		rec     *groupRecord
		offsets []Offset
	}
	byGroup := map[string]*loaded{} // lookups only
	var order []string
	at := func(id string) *loaded {
		l := byGroup[id]
		if l == nil {
			l = &loaded{}
			byGroup[id] = l
			order = append(order, id)
		}
		return l
	}
	if ok {
		for _, v := range values {
			switch r := v.(type) {
			case *offsetRecord:
				l := at(r.group)
				l.offsets = append(l.offsets, r.offset)
			case *groupRecord:
				at(r.group).rec = r
			}
		}
	}
	for _, id := range order {
		if c.groups[id] != nil && !c.groups[id].is(Dead) {
			continue // a group this coordinator already has (upstream: "Attempt to load group … failed because there is already a cached group")
		}
		l := byGroup[id]
		g := c.addGroup(id)
		for _, o := range l.offsets {
			g.offsets[o.TopicPartition] = o.Offset
		}
		if r := l.rec; r != nil {
			g.protocolType, g.protocol, g.generation = r.protocolType, r.protocol, r.generation
			for i := range r.members {
				mm := r.members[i]
				mm.assignment = append([]TopicPartition(nil), mm.assignment...)
				g.members = append(g.members, &mm)
				g.byID[mm.id] = &mm
				if mm.groupInstanceID != "" {
					g.staticMembers[mm.groupInstanceID] = mm.id
				}
			}
			g.leader = r.leader
			if len(r.members) > 0 {
				// GroupMetadata.loadGroup builds the group Stable: no transition
				g.state, g.stateTime = Stable, c.s.Now()
				why := msg.Notef("loaded from %s-%d", OffsetsTopic, p)
				c.s.Emit(sim.Event{Kind: sim.State, Subj: g.subj(), From: string(Empty), To: string(Stable),
					Note: strconv.Itoa(g.generation), Item: why.String(), ItemWords: why, Src: srcLoadGroup})
			}
		}
		for _, mm := range g.members {
			c.completeAndScheduleNextHeartbeatExpiration(g, mm)
		}
	}
	m.owned[p] = true
	delete(m.loading, p)
	c.emitPartition(p, "loading", "owned", msg.Notef("Finished loading offsets and group metadata from %s-%d: %d groups", OffsetsTopic, p, len(order)), srcLoadGroupsAndOffsets)
}

// OnResignation is GroupCoordinator.onResignation: the unload runs on
// group-metadata-manager-0 (removeGroupsForPartition, L734-763): each
// group of the partition goes Dead, its parked JoinGroups and SyncGroups
// get NOT_COORDINATOR, and it leaves the cache.
func (c *Coordinator) OnResignation(p int) {
	m := c.m
	if !m.owned[p] && !m.loading[p] {
		return // "Removed 0 cached offsets and 0 cached groups": nothing to unload
	}
	c.start()
	m.scheduler.Post(c.s.Now(), func() {
		if !m.owned[p] && !m.loading[p] {
			return // "Removed 0 cached offsets and 0 cached groups"
		}
		delete(m.owned, p)
		delete(m.loading, p)
		n := 0
		for _, id := range append([]string(nil), c.groupOrder...) {
			g := c.groups[id]
			if g == nil || PartitionFor(id, m.partitions) != p {
				continue
			}
			c.onGroupUnloaded(g)
			c.removeGroup(id)
			n++
		}
		c.emitPartition(p, "owned", "none", msg.Notef("Finished unloading %s-%d: removed %d cached groups", OffsetsTopic, p, n), srcRemoveGroupsForPartition)
	})
}

// onGroupUnloaded is GroupCoordinator.onGroupUnloaded (L837-859).
func (c *Coordinator) onGroupUnloaded(g *groupMetadata) {
	g.inLock(srcOnGroupUnloaded, func() {
		prev := g.state
		g.transitionTo(Dead, msg.Notef("unloaded: this broker no longer leads %s-%d", OffsetsTopic, PartitionFor(g.id, c.m.partitions)), srcOnGroupUnloaded)
		switch prev {
		case Empty, Dead:
		case PreparingRebalance:
			for _, mm := range g.members {
				g.maybeInvokeJoinCallback(mm, joinError(mm.id, NotCoordinator))
			}
			c.joinPurgatory.CheckAndComplete(groupKey(g))
		case Stable, CompletingRebalance:
			for _, mm := range g.members {
				g.maybeInvokeSyncCallback(mm, syncResult{err: NotCoordinator})
				c.heartbeatPurgatory.CheckAndComplete(memberKey(g, mm.id))
			}
		}
	})
}

// appendError maps an append's error to the answer of an OffsetCommit
// (GroupMetadataManager.scala L416-433) or, group true, of the SyncGroup
// whose group record it was (L262-301).
func appendError(code string, group bool) Error {
	switch code {
	case "NONE":
		return None
	case "UNKNOWN_TOPIC_OR_PARTITION", "NOT_ENOUGH_REPLICAS", "NOT_ENOUGH_REPLICAS_AFTER_APPEND":
		return CoordinatorNotAvailable
	case "NOT_LEADER_FOR_PARTITION", "KAFKA_STORAGE_ERROR":
		return NotCoordinator
	case "REQUEST_TIMED_OUT":
		if group {
			return RebalanceInProgress
		}
	}
	return Error(code)
}

// storeGroup is GroupMetadataManager.storeGroup: the group with assignment
// plan appended to its partition; done gets the mapped error. Without a
// Log it succeeds at once.
func (c *Coordinator) storeGroup(g *groupMetadata, plan map[string][]TopicPartition, wire *socketserver.Request, done func(Error)) {
	if c.m == nil {
		done(None)
		return
	}
	r := &groupRecord{group: g.id, protocolType: g.protocolType, protocol: g.protocol, leader: g.leader, generation: g.generation}
	for _, mm := range g.members {
		cp := *mm
		cp.awaitingJoin, cp.awaitingSync = nil, nil
		cp.assignment = plan[mm.id]
		r.members = append(r.members, cp)
	}
	c.m.log.Append(wire, PartitionFor(g.id, c.m.partitions), []any{r}, func(code string) { done(appendError(code, true)) })
}

// appendOffsets is storeOffsets' append of offset commit records; done
// gets the mapped error. Without a Log it succeeds at once.
func (c *Coordinator) appendOffsets(g *groupMetadata, offsets []Offset, wire *socketserver.Request, done func(Error)) {
	if c.m == nil {
		done(None)
		return
	}
	values := make([]any, len(offsets))
	for i, o := range offsets {
		values[i] = &offsetRecord{group: g.id, offset: o}
	}
	c.m.log.Append(wire, PartitionFor(g.id, c.m.partitions), values, func(code string) { done(appendError(code, false)) })
}
