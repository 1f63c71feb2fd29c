package stage

import (
	"math"
	"strconv"
	"strings"

	"brokerlab/ui/model"
)

// The group stage: on the left each group's state machine as the
// GroupCoordinator keeps it (the current state lit, the last transition
// drawn and animated, the delayed join running down); in the middle the
// coordinator broker's threads with the requests they hold; on the right
// the members as their clients see them, each with its session deadline
// running down and its assignment. Requests travel as tokens from a
// member to the coordinator's threads and back.
const (
	gAx, gAw = 8.0, 424.0
	gBx, gBw = 448.0, 300.0
	gCx, gCw = 764.0, 548.0
	pillW    = 200.0
	pillH    = 40.0
)

// GroupStates are the coordinator's group states, placed as a cycle:
// Empty → PreparingRebalance → CompletingRebalance → Stable, back to
// PreparingRebalance; Dead below.
var groupStates = []struct {
	name string
	x, y float64
}{
	{"Empty", 0, 0}, {"PreparingRebalance", 210, 0},
	{"Stable", 0, 78}, {"CompletingRebalance", 210, 78},
	{"Dead", 105, 150},
}

// groupEdges are the valid transitions other than into Dead (FACTS.md 2.1).
var groupEdges = [][2]string{
	{"Empty", "PreparingRebalance"}, {"PreparingRebalance", "CompletingRebalance"},
	{"CompletingRebalance", "Stable"}, {"Stable", "PreparingRebalance"},
	{"CompletingRebalance", "PreparingRebalance"}, {"PreparingRebalance", "Empty"},
}

func statePos(name string) (float64, float64, bool) {
	for _, s := range groupStates {
		if s.name == name {
			return s.x, s.y, true
		}
	}
	return 0, 0, false
}

// consumerThread says whether a thread is a consumer's own (its poll loop
// is named after it; its heartbeat thread names its group and it).
func consumerThread(name string, g *model.Groups) bool {
	if strings.HasPrefix(name, "kafka-coordinator-heartbeat-thread") || name == "main" {
		return true
	}
	for _, m := range g.Members {
		if m.Name == name {
			return true
		}
	}
	return false
}

var noGroups = &model.Groups{}

func groups(s *model.State) *model.Groups {
	if s.Grp == nil {
		return noGroups
	}
	return s.Grp
}

// BuildGroup lays out the group stage between state a (f=0) and b (f=1).
func BuildGroup(a, b *model.State, f float64, o Options) Scene {
	var sc Scene
	f = ease(math.Max(0, math.Min(1, f)))
	tr := words(o.ZH)
	ga, gb := groups(a), groups(b)
	now := float64(a.T) + (float64(b.T)-float64(a.T))*f

	sc.add(Node{Key: "title.a", Class: "label", Texts: []Text{{S: "GroupCoordinator", Size: 20, Class: "b m"}}, X: gAx, Y: 30, Alpha: 1})
	sc.add(Node{Key: "title.b", Class: "label", Texts: []Text{{S: tr.coordinator, Size: 20, Class: "b"}}, X: gBx, Y: 30, Alpha: 1})
	sc.add(Node{Key: "title.c", Class: "label", Texts: []Text{{S: tr.members, Size: 20, Class: "b"}}, X: gCx, Y: 30, Alpha: 1})

	// The groups' state machines, at most two (the most recent ones).
	shown := gb.Groups
	if len(shown) > 2 {
		shown = shown[len(shown)-2:]
	}
	blockH := (H - rTop) / math.Max(1, float64(len(shown)))
	for i, g := range shown {
		y0 := rTop + float64(i)*blockH
		gA, _ := ga.Group(g.Name)
		key := "group:" + g.Name
		leader := g.Leader
		sc.add(Node{Key: key, Class: "label", Texts: []Text{
			{S: "group " + g.Name, Size: 19, Class: "b m"},
			Text{Y: 24, Class: "d"}.fit(tr.generation+" "+gA.Generation+" · "+tr.protocol+" "+gA.Protocol+" · "+tr.leader+" "+leader, 15, gAw),
		}, X: gAx, Y: y0 + 16, Alpha: 1})
		top := y0 + 60
		for _, e := range groupEdges {
			x1, y1, _ := statePos(e[0])
			x2, y2, _ := statePos(e[1])
			cls := "line edge"
			if gA.From == e[0] && gA.State == e[1] {
				cls += " lit"
			}
			// Two edges join Preparing and Completing (and Preparing and
			// Empty): offset each direction so both show.
			dy := 0.0
			if e[0] == "CompletingRebalance" && e[1] == "PreparingRebalance" || e[0] == "PreparingRebalance" && e[1] == "Empty" {
				dy = 10
			}
			sc.add(Node{Key: key + ":edge:" + e[0] + ">" + e[1], Class: cls, X: gAx + x1 + pillW/2 + dy, Y: top + y1 + pillH/2 + dy, X2: gAx + x2 + pillW/2 + dy, Y2: top + y2 + pillH/2 + dy, Alpha: 1})
		}
		for _, st := range groupStates {
			cls := "box pill"
			label := st.name
			if st.name == gA.State {
				cls += " lit"
				label = "▶ " + label
			}
			sc.add(Node{Key: key + ":state:" + st.name, Class: cls, W: pillW, H: pillH,
				Texts: []Text{Text{X: pillW / 2, Y: 26, Class: "m", Anchor: "middle"}.fit(label, 15, pillW-12)},
				X:     gAx + st.x, Y: top + st.y, Alpha: 1})
		}
		// A transition in this event: a dot travels from the old state to
		// the new one.
		if gB, ok := gb.Group(g.Name); ok && gB.State != gA.State && f > 0 {
			x1, y1, ok1 := statePos(gA.State)
			x2, y2, ok2 := statePos(gB.State)
			if ok1 && ok2 {
				sc.add(Node{Key: key + ":move", Class: "token dot", W: 18, H: 18,
					X: gAx + lerp(x1, x2, f) + pillW/2 - 9, Y: top + lerp(y1, y2, f) + pillH/2 - 9, Alpha: 1})
			}
		}
		if gA.Why != "" {
			sc.add(Node{Key: key + ":why", Class: "label", Texts: []Text{Text{Class: "d"}.fit("↳ "+gA.Why, 14, gAw)}, X: gAx, Y: top + 214, Alpha: 1})
		}
		// The delayed join, if one runs.
		ty := top + 232
		for _, item := range []string{"InitialDelayedJoin", "DelayedJoin"} {
			if t, ok := ga.Timer("group["+g.Name+"]", item); ok {
				sc.addBar(key+":timer", item, t, float64(a.T), now, gAx, ty, gAw)
			}
		}
	}

	// The coordinator broker's threads.
	var coord []string
	for _, n := range o.Threads {
		if !consumerThread(n, gb) {
			coord = append(coord, n)
		}
	}
	rowH := math.Min(56, (H-rTop-8)/math.Max(1, float64(len(coord))))
	rows := map[string]float64{}
	for i, n := range coord {
		th := stateOf(a, n)
		y := rTop + float64(i)*rowH
		rows[n] = y
		texts := []Text{Text{X: 8, Y: 18, Class: "b m"}.fitName(n, 13, gBw-16)}
		if rowH >= 44 {
			texts = append(texts, Text{X: 8, Y: 36}.fit(statusMark(th.Status)+" "+tr.status(th), 12, gBw-reqW-20))
		}
		sc.add(Node{Key: "thread:" + n, Sel: true, Class: "box thread " + statusClass(th.Status) + selected(o, "thread:"+n) + current(o, n), W: gBw, H: rowH - 4, Texts: texts, X: gBx, Y: y, Alpha: 1})
	}

	// The members.
	n := len(gb.Members)
	cardH := math.Min(118, (H-rTop-8)/math.Max(1, float64(n)))
	cards := map[string]float64{}
	for i, mb := range gb.Members {
		m := mb
		for _, x := range ga.Members {
			if x.Name == mb.Name {
				m = x
			}
		}
		y := rTop + float64(i)*cardH
		cards[m.Name] = y
		head := m.Name
		if g, ok := ga.Group(m.Group); ok && g.Leader == m.Name {
			head += " ★ " + tr.leader
		}
		if m.ID != "" {
			head += " · " + m.ID
		}
		status := m.Client
		if m.Gen != "" && m.In {
			status += " · " + tr.generation + " " + m.Gen
		}
		if m.Error != "" {
			status += " · " + m.Error
		}
		assigned := m.Owned
		if assigned == "" {
			assigned = "—"
		}
		cls := "box member"
		switch {
		case m.In:
			cls += " in"
		case m.Pending:
			cls += " pending"
		default:
			cls += " out"
		}
		texts := []Text{
			Text{X: 10, Y: 20, Class: "b m"}.fit(head, 16, gCw-reqW-30),
			Text{X: 10, Y: 40}.fit(status, 14, gCw-reqW-30),
		}
		if cardH >= 70 {
			texts = append(texts, Text{X: 10, Y: 60, Class: "m"}.fit(tr.owns+" "+assigned, 14, gCw-20))
		}
		sc.add(Node{Key: "member:" + m.Name, Sel: true, Class: cls + selected(o, "member:"+m.Name), W: gCw, H: cardH - 6, Texts: texts, X: gCx, Y: y, Alpha: 1})
		if t, ok := ga.Timer("member["+m.Name+"]", "DelayedHeartbeat"); ok && cardH >= 90 {
			sc.addBar("session:"+m.Name, tr.session, t, float64(a.T), now, gCx+10, y+cardH-30, gCw-20)
		}
	}

	// Requests on their way, between the members and the coordinator.
	na, nb := net(a), net(b)
	at := func(conn string) (float64, float64, bool) { // a member's card
		_, c, _ := model.Bracket(conn)
		y, ok := cards[c]
		return gCx + gCw - reqW - 8, y + 8, ok
	}
	where := func(r model.Req) (float64, float64, bool) {
		switch {
		case strings.HasPrefix(r.Loc, "t:"):
			if y, ok := rows[r.Loc[2:]]; ok {
				return gBx + gBw - reqW - 6, y + 6, true
			}
		case strings.HasPrefix(r.Loc, "q:"):
			return gBx - reqW - 4, rTop + 4, true
		}
		return at(r.Conn)
	}
	seen := map[int]bool{}
	for _, nt := range []*model.Net{na, nb} {
		for _, r := range nt.Reqs {
			if seen[r.ID] {
				continue
			}
			seen[r.ID] = true
			ra, okA := na.Req(r.ID)
			rb, okB := nb.Req(r.ID)
			x1, y1, in1 := where(ra)
			x2, y2, in2 := where(rb)
			al1, al2 := 1.0, 1.0
			if !okA || !in1 { // just sent: it leaves its member
				x1, y1, _ = at(r.Conn)
				al1 = 0
			}
			if !okB || !in2 { // answered: back to its member
				x2, y2, _ = at(r.Conn)
				al2 = 0
			}
			sc.add(Node{Key: "req:" + strconv.Itoa(r.ID), Sel: true, Class: "token req" + selected(o, "req:"+strconv.Itoa(r.ID)), W: reqW, H: reqH,
				Texts: []Text{Text{X: 6, Y: 18, Class: "m b"}.fit(r.Item, 13, reqW-10)},
				X:     lerp(x1, x2, f), Y: lerp(y1, y2, f), Alpha: lerp(al1, al2, f)})
		}
	}
	return sc
}

// addBar draws a timer as a bar running down: full when it starts, empty
// when it expires, labelled with what it is and the time left at event
// time at (the bar itself moves with now, between events).
func (sc *Scene) addBar(key, label string, t model.Timer, at, now, x, y, w float64) {
	total := float64(t.End - t.Start)
	left := float64(t.End) - now
	frac := 0.0
	if total > 0 {
		frac = math.Max(0, math.Min(1, left/total))
	}
	sc.add(Node{Key: key + ":bg", Class: "box bar", W: w, H: 22, X: x, Y: y, Alpha: 1})
	sc.add(Node{Key: key + ":fill", Class: "line barfill", X: x + 3, Y: y + 11, X2: x + 3 + (w-6)*frac, Y2: y + 11, Alpha: 1})
	sc.add(Node{Key: key + ":label", Class: "label", Texts: []Text{{S: label + " " + fmtMs(math.Max(0, float64(t.End)-at)) + " / " + fmtMs(total), X: 8, Y: 16, Size: 13, Class: "b m"}}, X: x, Y: y, Alpha: 1})
}

// fmtMs writes µs as seconds with a tenth ("2.4s").
func fmtMs(us float64) string {
	return strconv.FormatFloat(us/1e6, 'f', 1, 64) + "s"
}
