package model

import (
	"strings"
	"time"
	"unsafe"

	"brokerlab/core/sim"
	"brokerlab/core/statepath"
)

// Groups is the consumer groups' part of a state: each group's state
// machine as the coordinator sees it, each member as its client sees it,
// and the delayed operations (timers) running. It is folded from the
// group kinds (state of group[G] and consumer[C], member.*, assign,
// timer.*, client.recv); the requests on their way are Net's.
type Groups struct {
	Groups  []Group  // in order of first appearance
	Members []Member // in order of first appearance
	Timers  []Timer  // running, in order of creation
}

// Group is one consumer group in the coordinator.
type Group struct {
	Name       string
	State      string
	Generation string
	Leader     string
	Protocol   string
	From       string // the state before the last transition
	Since      int64  // µs of the last transition
	Why        string // the last transition's reason, if the trace gave one
}

// Member is one consumer.
type Member struct {
	Name     string
	Group    string
	ID       string // member id given by the coordinator, "" before
	Client   string // the client's state: UNJOINED, REBALANCING, STABLE
	Assigned string // partitions the coordinator assigned in the last generation
	Gen      string // that generation
	Owned    string // partitions the client took (onPartitionsAssigned)
	Error    string // the last answer's error, "" if none yet
	In       bool   // a member of its group in the coordinator
	Pending  bool   // given a member id, not a member yet
}

// Timer is one delayed operation in a purgatory.
type Timer struct {
	ID    int
	Subj  string // group[G] or member[C]
	Item  string // DelayedJoin, InitialDelayedJoin, DelayedHeartbeat
	Start int64  // µs
	End   int64  // µs: when it expires unless completed first
}

// Group returns the named group.
func (g *Groups) Group(name string) (Group, bool) {
	for _, x := range g.Groups {
		if x.Name == name {
			return x, true
		}
	}
	return Group{}, false
}

// Timer returns the running timer of subj of the given kind.
func (g *Groups) Timer(subj, item string) (Timer, bool) {
	for _, t := range g.Timers {
		if t.Subj == subj && t.Item == item {
			return t, true
		}
	}
	return Timer{}, false
}

func (g *Groups) clone() *Groups {
	if g == nil {
		return nil
	}
	return &Groups{
		Groups:  append([]Group(nil), g.Groups...),
		Members: append([]Member(nil), g.Members...),
		Timers:  append([]Timer(nil), g.Timers...),
	}
}

func (g *Groups) size() int {
	if g == nil {
		return 0
	}
	return len(g.Groups)*int(unsafe.Sizeof(Group{})) + len(g.Members)*int(unsafe.Sizeof(Member{})) + len(g.Timers)*int(unsafe.Sizeof(Timer{}))
}

// isGroup says whether e belongs to the groups' fold.
func isGroup(e sim.Event) bool {
	switch e.Kind {
	case "member.pending", "member.add", "member.remove", "assign", "timer.add", "timer.cancel", "timer.fire":
		return true
	case "state":
		return strings.HasPrefix(e.Subj, "group[") || strings.HasPrefix(e.Subj, "consumer[")
	case "client.recv":
		return strings.HasPrefix(e.Subj, "member[")
	}
	return false
}

// Bracket splits "member[C0]" into "member" and "C0", and "group[G].leader"
// into "group", "G" and ".leader"; a subject without a key is all head.
func Bracket(s string) (head, key, tail string) {
	head, key, tail, err := statepath.Split(s)
	if err != nil {
		return s, "", ""
	}
	return head, key, tail
}

func (g *Groups) group(name string) *Group {
	for i := range g.Groups {
		if g.Groups[i].Name == name {
			return &g.Groups[i]
		}
	}
	g.Groups = append(g.Groups, Group{Name: name, Generation: "0", Leader: "none", Protocol: "none"})
	return &g.Groups[len(g.Groups)-1]
}

func (g *Groups) member(name string) *Member {
	for i := range g.Members {
		if g.Members[i].Name == name {
			return &g.Members[i]
		}
	}
	g.Members = append(g.Members, Member{Name: name, Client: "UNJOINED"})
	return &g.Members[len(g.Members)-1]
}

func (g *Groups) apply(e sim.Event) {
	head, key, tail := Bracket(e.Subj)
	switch e.Kind {
	case "state":
		switch {
		case head == "group" && tail == "":
			x := g.group(key)
			x.From, x.State, x.Generation, x.Since, x.Why = e.From, e.To, e.Note, e.T, e.Item
		case head == "group" && tail == ".leader":
			g.group(key).Leader = e.To
		case head == "group" && tail == ".protocol":
			g.group(key).Protocol = e.To
		case head == "consumer":
			g.member(key).Client = e.To
		}
	case "member.pending":
		m := g.member(key)
		m.Group, m.ID, m.Pending = e.Item, e.Note, true
		g.group(e.Item)
	case "member.add":
		m := g.member(key)
		m.Group, m.ID, m.Pending, m.In = e.Item, e.Note, false, true
		g.group(e.Item)
	case "member.remove":
		m := g.member(key)
		m.In, m.Pending, m.Assigned = false, false, ""
	case "assign":
		m := g.member(key)
		if head == "member" {
			m.Assigned, m.Gen = e.Note, e.Item
		} else if e.Item == "onPartitionsAssigned" {
			m.Owned = e.Note
		} else {
			m.Owned = ""
		}
	case "client.recv":
		_, errCode, _ := strings.Cut(e.Item, " ") // "JoinGroup MEMBER_ID_REQUIRED"
		g.member(key).Error = errCode
	case "timer.add":
		d, err := time.ParseDuration(e.Note)
		if err != nil {
			d = 0
		}
		g.dropTimer(e.ID)
		g.Timers = append(g.Timers, Timer{ID: e.ID, Subj: e.Subj, Item: e.Item, Start: e.T, End: e.T + d.Microseconds()})
	case "timer.cancel", "timer.fire":
		g.dropTimer(e.ID)
	}
}

func (g *Groups) dropTimer(id int) {
	for i, t := range g.Timers {
		if t.ID == id {
			g.Timers = append(g.Timers[:i:i], g.Timers[i+1:]...)
			return
		}
	}
}
