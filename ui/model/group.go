package model

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"brokerlab/core/sim"
	"brokerlab/core/statepath"
)

// Groups is the consumer groups' part of a state: each group's state
// machine as the coordinator sees it, each member as its client sees it,
// and the delayed operations (timers) running. It is folded from the
// group kinds (state of group[G], consumer[C] and consumer[C].coordinator,
// member.*, assign, timer.*, client.recv, and a cluster's poll, seek and
// offset.commit); the requests on their way are Net's.
type Groups struct {
	Groups  []Group  // in order of first appearance
	Members []Member // in order of first appearance
	Timers  []Timer  // running, in order of creation

	// gi and mi index Groups and Members by name. An index is fixed by the
	// trace (the order of first appearance), so every state folded from one
	// trace shares these maps, as Net's conn: a clone copies no index, and
	// a name only counts once the state's list reaches its index.
	gi, mi map[string]int
	// dealing lists the groups whose deal goes on (Dealt < len(Deal)).
	dealing []int
	// A timer that ends is only marked gone and counted in dead while the
	// state folds on, as Net's requests: Timers is compacted once half of
	// it is gone, and a clone copies only the running ones. ti indexes them
	// by id (this state's own, built on first use); tkey by subject and
	// kind, for Timer (built on first use, dropped when they change).
	dead int
	ti   map[int]int
	tkey map[string]int
}

// Group is one consumer group in the coordinator.
type Group struct {
	Name       string
	State      string
	Generation string
	Leader     string
	Protocol   string
	// Coordinator is the broker whose GroupCoordinator last moved the
	// group's state (a cluster's: its actor is broker-N/…), "" where the
	// trace does not name one.
	Coordinator string
	// Committed are the group's committed offsets, as the coordinator
	// stored them (offset.commit), in order of first commit.
	Committed []Offset
	From      string // the state before the last transition
	Since     int64  // µs of the last transition
	Why       string // the last transition's reason, if the trace gave one

	// The last generation's assignment as the coordinator stored it, in
	// deal order (partitions sorted by topic, then number: the order both
	// RangeAssignor and RoundRobinAssignor deal them in); Member is "" where
	// the owner has left since. Dealt of them are shown dealt: the first
	// when the last member's assignment arrives, one more every groups
	// event after, all of them when the group moves on.
	Deal    []Owner
	DealGen string
	Dealt   int
}

// Offset is one partition's offset: a group's committed offset, a
// consumer's position (the next offset it fetches).
type Offset struct {
	Part string
	At   int
}

// OffsetOf is part's offset in l.
func OffsetOf(l []Offset, part string) (int, bool) {
	for _, o := range l {
		if o.Part == part {
			return o.At, true
		}
	}
	return 0, false
}

// withOffset is l with part at at: a new list, as snapshots share the old.
func withOffset(l []Offset, part string, at int) []Offset {
	out := make([]Offset, 0, len(l)+1)
	found := false
	for _, o := range l {
		if o.Part == part {
			o.At, found = at, true
		}
		out = append(out, o)
	}
	if !found {
		out = append(out, Offset{part, at})
	}
	return out
}

// Owner is one partition of an assignment and the member it went to.
type Owner struct {
	Part, Member string
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
	Instance string // group.instance.id of a static member, "" for a dynamic one
	Down     bool   // its process is gone (crashed or closed): a member only until its session expires
	// Coordinator is the broker the client takes for its group's
	// coordinator (a cluster's consumer[C].coordinator): "-1" while it
	// rediscovers it, "" where the trace does not say.
	Coordinator string
	// Pos is the client's position in each partition it fetched: where
	// its last seek put it, or past the last record a poll returned.
	Pos []Offset
}

// Timer is one delayed operation in a purgatory.
type Timer struct {
	ID    int
	Subj  string // group[G] or member[C]
	Item  string // DelayedJoin, InitialDelayedJoin, DelayedHeartbeat
	Start int64  // µs
	End   int64  // µs: when it expires unless completed first
	// Broker is the id of the broker whose purgatory holds it (a
	// cluster's: its actor is broker-N/…), "" where the trace names none.
	Broker string

	gone bool // completed or expired, not compacted yet (never in a clone)
}

// Group returns the named group.
func (g *Groups) Group(name string) (Group, bool) {
	if x, ok := g.groupOf(name); ok {
		return *x, true
	}
	for _, x := range g.Groups { // groups not folded: none indexed
		if x.Name == name {
			return x, true
		}
	}
	return Group{}, false
}

// Timer returns the running timer of subj of the given kind (the oldest,
// if it has more than one).
func (g *Groups) Timer(subj, item string) (Timer, bool) {
	if g.tkey == nil {
		g.tkey = make(map[string]int, len(g.Timers))
		for i, t := range g.Timers {
			k := t.Subj + "\x00" + t.Item
			if _, ok := g.tkey[k]; !ok && !t.gone {
				g.tkey[k] = i
			}
		}
	}
	if i, ok := g.tkey[subj+"\x00"+item]; ok {
		return g.Timers[i], true
	}
	return Timer{}, false
}

func (g *Groups) clone() *Groups {
	if g == nil {
		return nil
	}
	c := &Groups{
		Groups:  append([]Group(nil), g.Groups...),
		Members: append([]Member(nil), g.Members...),
		Timers:  live(make([]Timer, 0, len(g.Timers)-g.dead), g.Timers, func(t Timer) bool { return t.gone }),
		gi:      g.gi,
		mi:      g.mi,
		dealing: append([]int(nil), g.dealing...),
	}
	return c
}

func (g *Groups) size() int {
	if g == nil {
		return 0
	}
	n := 0
	for _, x := range g.Groups {
		n += len(x.Deal) * int(unsafe.Sizeof(Owner{}))
	}
	return n + len(g.Groups)*int(unsafe.Sizeof(Group{})) + len(g.Members)*int(unsafe.Sizeof(Member{})) + len(g.Timers)*int(unsafe.Sizeof(Timer{}))
}

// isGroup says whether e belongs to the groups' fold.
func isGroup(e sim.Event) bool {
	switch e.Kind {
	case sim.MemberPending, sim.MemberAdd, sim.MemberRemove, sim.Assign, sim.TimerAdd, sim.TimerCancel, sim.TimerFire, sim.Poll, sim.Seek, sim.OffsetCommit:
		return true
	case sim.State:
		return strings.HasPrefix(e.Subj, "group[") || strings.HasPrefix(e.Subj, "consumer[")
	case sim.ClientRecv:
		return strings.HasPrefix(e.Subj, "member[")
	case sim.ThreadExit:
		_, ok := heartbeatThreadOf(e.Actor)
		return ok
	case sim.Broker:
		return e.To == "dead" // its purgatories die with it
	}
	return false
}

// brokerOf is the id of the broker actor runs on ("broker-3/…"), "" if
// it names none.
func brokerOf(actor string) string {
	b, _, ok := strings.Cut(actor, "/")
	if id, isBroker := strings.CutPrefix(b, "broker-"); ok && isBroker {
		return id
	}
	return ""
}

// heartbeatThreadOf names the consumer whose heartbeat thread is actor
// ("kafka-coordinator-heartbeat-thread | G (C)"): it ends only when the
// consumer's process closes or dies.
func heartbeatThreadOf(actor string) (string, bool) {
	rest, ok := strings.CutPrefix(actor, "kafka-coordinator-heartbeat-thread | ")
	if !ok || !strings.HasSuffix(rest, ")") {
		return "", false
	}
	i := strings.LastIndex(rest, " (")
	if i < 0 {
		return "", false
	}
	return rest[i+2 : len(rest)-1], true
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
	if x, ok := g.groupOf(name); ok {
		return x
	}
	if g.gi == nil {
		g.gi = map[string]int{}
	}
	g.gi[name] = len(g.Groups)
	g.Groups = append(g.Groups, Group{Name: name, Generation: "0", Leader: "none", Protocol: "none"})
	return &g.Groups[len(g.Groups)-1]
}

func (g *Groups) member(name string) *Member {
	if i, ok := g.mi[name]; ok && i < len(g.Members) && g.Members[i].Name == name {
		return &g.Members[i]
	}
	if g.mi == nil {
		g.mi = map[string]int{}
	}
	g.mi[name] = len(g.Members)
	g.Members = append(g.Members, Member{Name: name, Client: "UNJOINED"})
	return &g.Members[len(g.Members)-1]
}

func (g *Groups) apply(e sim.Event) {
	head, key, tail := Bracket(e.Subj)
	dealing := g.dealing[:0]
	for _, i := range g.dealing { // the deal goes on, a cell an event
		if x := &g.Groups[i]; x.Dealt < len(x.Deal) {
			x.Dealt++
			if x.Dealt < len(x.Deal) {
				dealing = append(dealing, i)
			}
		}
	}
	g.dealing = dealing
	switch e.Kind {
	case sim.State:
		switch {
		case head == "group" && tail == "":
			x := g.group(key)
			x.From, x.State, x.Generation, x.Since, x.Why = e.From, e.To, e.Note, e.T, e.Item
			if b := brokerOf(e.Actor); b != "" {
				x.Coordinator = b
			}
			switch {
			case e.To == "Empty" || e.To == "Dead":
				x.Deal, x.DealGen, x.Dealt = nil, "", 0
			case e.To == "Stable" && x.DealGen != x.Generation:
				g.deal(x, x.Generation)
			}
			x.Dealt = len(x.Deal)
		case head == "group" && tail == ".leader":
			g.group(key).Leader = e.To
		case head == "group" && tail == ".protocol":
			g.group(key).Protocol = e.To
		case head == "consumer" && tail == "":
			m := g.member(key)
			m.Client, m.Down = e.To, false // a new process starts UNJOINED → REBALANCING
		case head == "consumer" && tail == ".coordinator":
			g.member(key).Coordinator = e.To
		}
	case sim.Poll:
		// "t-0@0..4, t-1@3": the position moves past each last offset.
		if head != "consumer" || e.Note == "" {
			break
		}
		m := g.member(key)
		for _, run := range strings.Split(e.Note, ", ") {
			p, offs, ok := strings.Cut(run, "@")
			_, last, _ := strings.Cut(offs, "..")
			if last == "" {
				last = offs
			}
			if n, err := strconv.Atoi(last); ok && err == nil {
				m.Pos = withOffset(m.Pos, p, n+1)
			}
		}
	case sim.Seek:
		// A consumer's seek is on its own thread, named after it; a
		// listener's thread is no member.
		if i, ok := g.mi[e.Actor]; ok && i < len(g.Members) && g.Members[i].Name == e.Actor {
			if n, err := strconv.Atoi(e.To); err == nil {
				g.Members[i].Pos = withOffset(g.Members[i].Pos, e.Subj, n)
			}
		}
	case sim.OffsetCommit:
		if x, ok := g.groupOf(e.Item); ok {
			if n, err := strconv.Atoi(e.To); err == nil {
				x.Committed = withOffset(x.Committed, e.Subj, n)
			}
		}
	case sim.MemberPending:
		m := g.member(key)
		m.Group, m.ID, m.Pending = e.Item, e.Note, true
		g.group(e.Item)
	case sim.MemberAdd:
		m := g.member(key)
		m.Group, m.ID, m.Pending, m.In, m.Instance = e.Item, e.Note, false, true, e.To
		g.group(e.Item)
	case sim.ThreadExit:
		if name, ok := heartbeatThreadOf(e.Actor); ok {
			g.member(name).Down = true
		}
	case sim.MemberRemove:
		m := g.member(key)
		m.In, m.Pending, m.Assigned = false, false, ""
		if x, ok := g.groupOf(m.Group); ok {
			deal := append([]Owner(nil), x.Deal...) // snapshots share the old one
			for i := range deal {
				if deal[i].Member == key {
					deal[i].Member = ""
				}
			}
			x.Deal = deal
		}
	case sim.Assign:
		m := g.member(key)
		if head == "member" {
			m.Assigned, m.Gen = e.Note, e.Item
			if x, ok := g.groupOf(m.Group); ok && g.complete(m.Group, e.Item) {
				g.deal(x, e.Item)
				x.Dealt = 1
				if x.Dealt < len(x.Deal) && !slices.Contains(g.dealing, g.gi[x.Name]) {
					g.dealing = append(g.dealing, g.gi[x.Name])
				}
			}
		} else if e.Item == "onPartitionsAssigned" {
			m.Owned = e.Note
		} else {
			m.Owned = ""
		}
	case sim.ClientRecv:
		_, errCode, _ := strings.Cut(e.Item, " ") // "JoinGroup MEMBER_ID_REQUIRED"
		g.member(key).Error = errCode
	case sim.TimerAdd:
		d, err := time.ParseDuration(e.Note)
		if err != nil {
			d = 0
		}
		g.dropTimer(e.ID)
		g.timerIndex()[e.ID] = len(g.Timers)
		g.Timers = append(g.Timers, Timer{ID: e.ID, Subj: e.Subj, Item: e.Item, Start: e.T, End: e.T + d.Microseconds(), Broker: brokerOf(e.Actor)})
		g.tkey = nil
	case sim.TimerCancel, sim.TimerFire:
		g.dropTimer(e.ID)
	case sim.Broker:
		// kill -9: its timers never fire.
		id := strings.TrimPrefix(e.Subj, "broker-")
		var ids []int
		for _, t := range g.Timers {
			if !t.gone && t.Broker == id {
				ids = append(ids, t.ID)
			}
		}
		for _, t := range ids {
			g.dropTimer(t)
		}
	}
}

func (g *Groups) groupOf(name string) (*Group, bool) {
	if i, ok := g.gi[name]; ok && i < len(g.Groups) && g.Groups[i].Name == name {
		return &g.Groups[i], true
	}
	return nil, false
}

// complete says whether every member of group name has its assignment of
// generation gen.
func (g *Groups) complete(name, gen string) bool {
	for _, m := range g.Members {
		if m.Group == name && m.In && m.Gen != gen {
			return false
		}
	}
	return true
}

// deal sets x's assignment from its members' of generation gen, in deal
// order.
func (g *Groups) deal(x *Group, gen string) {
	var deal []Owner
	for _, m := range g.Members {
		if m.Group == x.Name && m.In && m.Gen == gen && m.Assigned != "" {
			for _, p := range strings.Split(m.Assigned, ",") {
				deal = append(deal, Owner{p, m.Name})
			}
		}
	}
	slices.SortStableFunc(deal, func(a, b Owner) int { return ComparePartitions(a.Part, b.Part) })
	x.Deal, x.DealGen = deal, gen
}

// ComparePartitions orders partition names "topic-N" by topic, then by
// number (t0-2 before t0-10).
func ComparePartitions(a, b string) int {
	ta, na := splitPart(a)
	tb, nb := splitPart(b)
	if c := strings.Compare(ta, tb); c != 0 {
		return c
	}
	if na != nb {
		return na - nb
	}
	return strings.Compare(a, b)
}

func splitPart(p string) (string, int) {
	i := strings.LastIndexByte(p, '-')
	if i < 0 {
		return p, -1
	}
	n, err := strconv.Atoi(p[i+1:])
	if err != nil {
		return p, -1
	}
	return p[:i], n
}

// timerIndex is the running timers' index by id, built on first use.
func (g *Groups) timerIndex() map[int]int {
	if g.ti == nil {
		g.ti = make(map[int]int, len(g.Timers))
		for i, t := range g.Timers {
			if _, ok := g.ti[t.ID]; !ok && !t.gone {
				g.ti[t.ID] = i
			}
		}
	}
	return g.ti
}

// dropTimer: timer id ended. It costs O(1), amortised: see dead.
func (g *Groups) dropTimer(id int) {
	ti := g.timerIndex()
	i, ok := ti[id]
	if !ok {
		return
	}
	delete(ti, id)
	g.Timers[i].gone = true
	g.dead++
	g.tkey = nil
	if !worthCompacting(g.dead, len(g.Timers)) {
		return
	}
	g.Timers, g.dead, g.ti = compacted(g.Timers, func(t Timer) bool { return t.gone }), 0, nil
}
