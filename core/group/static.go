package group

import (
	"sort"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// Static membership (KIP-345; Kafka 2.5 GroupCoordinator.scala L182-222,
// L997-1041): a consumer with a
// group.instance.id joins without the MEMBER_ID_REQUIRED round trip, never
// sends LeaveGroup, and a new process with the same instance id takes the
// old one's place (and its assignment) instead of joining as a new member.

func (g *groupMetadata) hasStaticMember(instance string) bool {
	_, ok := g.staticMembers[instance]
	return instance != "" && ok
}

func (g *groupMetadata) addStaticMember(instance, id string) { g.staticMembers[instance] = id }

func (g *groupMetadata) removeStaticMember(instance string) { delete(g.staticMembers, instance) }

// isStaticMemberFenced is GroupMetadata.isStaticMemberFenced: the instance
// id is known, mapped to another member id.
func (g *groupMetadata) isStaticMemberFenced(id, instance string) bool {
	return g.hasStaticMember(instance) && g.staticMembers[instance] != id
}

// replaceGroupInstance is GroupMetadata.replaceGroupInstance: the old
// member id's parked JoinGroup or SyncGroup is answered
// FENCED_INSTANCE_ID, and the same member (its assignment with it) is
// re-keyed to the new id, the leadership too. The member keeps its place
// among the members (upstream puts it in a HashMap).
func (g *groupMetadata) replaceGroupInstance(oldID, newID, instance string) *member {
	m := g.byID[oldID]
	delete(g.byID, oldID)
	g.maybeInvokeJoinCallback(m, joinError(oldID, FencedInstanceID))
	g.maybeInvokeSyncCallback(m, syncResult{err: FencedInstanceID})
	m.id = newID
	g.byID[newID] = m
	emit(g.c.s, func() sim.Event {
		return sim.Event{Kind: sim.MemberAdd, Subj: "member[" + m.client + "]", Item: g.id, Note: newID, From: oldID, To: instance, Src: srcReplaceGroupInstance}
	})
	if g.leader == oldID {
		g.leader = newID // the same consumer: the leader's name does not change
	}
	g.addStaticMember(instance, newID)
	return m
}

// staticNames lists the group's instance ids, sorted.
func (g *groupMetadata) staticNames() []string {
	var out []string
	for _, m := range g.members {
		if g.hasStaticMember(m.groupInstanceID) {
			out = append(out, m.groupInstanceID)
		}
	}
	sort.Strings(out)
	return out
}

// updateStaticMemberAndRebalance is
// GroupCoordinator.updateStaticMemberAndRebalance: a known instance id
// joins with an unknown member id (its process restarted). A Stable group
// does not rebalance, even if the subscription changed (2.5 does not
// compare): the JoinGroup is answered with the current generation and the
// leader id from before the replacement, so that a rejoining leader does
// not assign; its SyncGroup then gets the stored assignment.
func (c *Coordinator) updateStaticMemberAndRebalance(g *groupMetadata, newID string, req *request, cb func(joinResult)) {
	oldLeader := g.leader
	m := g.replaceGroupInstance(g.staticMembers[req.groupInstanceID], newID, req.groupInstanceID)
	// the old id's DelayedHeartbeat expires without effect: no such member
	c.completeAndScheduleNextHeartbeatExpiration(g, m)
	g.updateMember(m, req.protocols, cb)
	switch g.state {
	case Stable:
		g.maybeInvokeJoinCallback(m, joinResult{memberID: newID, generation: g.generation, protocolType: g.protocolType,
			protocol: g.protocol, leader: oldLeader, err: None})
	case CompletingRebalance:
		// the leader may already hold the old member id in its assignment
		c.prepareRebalance(g, msg.Notef("Updating metadata for static member %s with instance id %s", newID, req.groupInstanceID))
	case PreparingRebalance:
		// it takes part in the join in progress
	default:
		// Empty or Dead: upstream throws IllegalStateException; a group
		// with a static member is neither
		c.sys.violation(msg.Notef("%s: static member %s rejoins in %s", g.id, req.groupInstanceID, g.state), srcUpdateStaticMember)
	}
}

// Crash schedules "consumer C crash": the process dies where it stands.
func (y *System) Crash(at time.Duration, name string) {
	y.main.Post(at, func() {
		text := "consumer " + name + " crash"
		c := y.running(name)
		if c == nil {
			y.s.Refuse(text, msg.New("gr.not.running", name), srcPoll)
			return
		}
		y.action(text, srcPoll)
		c.Crash("the process died")
	})
}

// Restart schedules "consumer C restart": a new process of a consumer
// that crashed or closed, with the same client id, group.instance.id,
// subscription and settings, joining with an empty member id.
func (y *System) Restart(at time.Duration, name string) {
	y.main.Post(at, func() {
		text := "consumer " + name + " restart"
		old := y.consumers[name]
		switch {
		case old == nil:
			y.s.Refuse(text, msg.New("gr.restart.unknown", name), srcPoll)
			return
		case y.closing(name):
			y.s.Refuse(text, msg.New("gr.closing", name), srcPoll)
			return
		case !old.closed:
			y.s.Refuse(text, msg.New("gr.restart.running", name), srcPoll)
			return
		}
		y.action(text, srcPoll)
		c := newConsumer(y, name, old.Group, old.Topics, old.cfg)
		y.consumers[name] = c
		y.start(c)
	})
}
