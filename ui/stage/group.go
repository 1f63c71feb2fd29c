package stage

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"brokerlab/ui/model"
)

// The group stage, a band per group (the two most recent ones): on the left
// the group's state machine as the GroupCoordinator keeps it (the current
// state lit, the last transition animated, the delayed join running down);
// on the right its assignment grid, partitions × members, each member's
// column headed by its card (client state, generation, session deadline
// running down, how many partitions it got) and the owner's cell filled in
// deal order when the coordinator stores the leader's plan. In the middle
// the coordinator broker's threads, the request queue and the requests
// parked in the coordinator. Requests travel as tokens between a member's
// column and the coordinator's threads.
const (
	gTop         = 48.0
	gAx          = 8.0
	pillW, pillH = 296.0, 34.0
	pillGap      = 6.0
	gBx, gBw     = 344.0, 258.0
	gCx, gCw     = 610.0, 702.0
	rowLabelW    = 64.0
	gReqW, gReqH = 120.0, 32.0
	tokStrip     = 34.0 // above the member cards: the requests at a member
)

// groupStates are the coordinator's group states, top to bottom: the
// rebalance goes down the list, and back up on the right (Kafka 2.5 GroupMetadata.scala validPreviousStates).
var groupStates = []string{"Empty", "PreparingRebalance", "CompletingRebalance", "Stable", "Dead"}

// groupEdges are the valid transitions other than into Dead: forward ones
// join neighbours, back ones run up the right side at an offset.
var groupEdges = []struct {
	from, to string
	off      float64 // 0: forward, between the pills
}{
	{"Empty", "PreparingRebalance", 0}, {"PreparingRebalance", "CompletingRebalance", 0},
	{"CompletingRebalance", "Stable", 0}, {"Stable", "PreparingRebalance", 26},
	{"CompletingRebalance", "PreparingRebalance", 13}, {"PreparingRebalance", "Empty", 13},
}

// stateY is where state name's pill is, below top.
func stateY(name string) (float64, bool) {
	i := slices.Index(groupStates, name)
	return float64(i) * (pillH + pillGap), i >= 0
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

type gdict struct {
	threads, grid, generation, gen, protocol, parked, session, noID, queue, none, more, count string
}

func gwords(zh bool) gdict {
	if zh {
		return gdict{"协调者线程", "分配：分区 × 成员", "代", "第 %s 代", "协议", "协调者中等待的请求", "会话", "无成员 id", "请求队列", "没有分配", "个更多", "个分区"}
	}
	return gdict{"coordinator threads", "assignment: partitions × members", "generation", "gen %s", "protocol", "parked requests", "session", "no member id", "queue", "no assignment", "more", "partitions"}
}

func (d gdict) genOf(g string) string { return strings.Replace(d.gen, "%s", g, 1) }

// band is one group's place on the stage.
type band struct {
	g          model.Group
	y, h       float64
	members    []string // columns
	colX       map[string]float64
	colW       float64
	cardY      float64
	cardH      float64
	rows       []string
	rowY       map[string]float64
	rowH       float64
	full       bool // room for every line of a card
	hiddenRows int
}

// BuildGroup lays out the group stage between state a (f=0) and b (f=1).
func BuildGroup(a, b *model.State, f float64, o Options) Scene {
	var sc Scene
	f = ease(math.Max(0, math.Min(1, f)))
	tr, gw := words(o), gwords(o.ZH)
	ga, gb := groups(a), groups(b)
	now := float64(a.T) + (float64(b.T)-float64(a.T))*f

	sc.add(Node{Key: "title.a", Class: "label", Texts: []Text{{S: "GroupCoordinator", Size: Body, Class: "b m"}}, X: gAx, Y: 30, Alpha: 1})
	sc.add(Node{Key: "title.b", Class: "label", Texts: []Text{Text{Class: "b"}.fit(gw.threads, Body, gBw)}, X: gBx, Y: 30, Alpha: 1})
	sc.add(Node{Key: "title.c", Class: "label", Texts: []Text{Text{Class: "b"}.fit(gw.grid, Body, gCw)}, X: gCx, Y: 30, Alpha: 1})

	// The groups, at most two (the most recent ones), a band each.
	shown := gb.Groups
	if len(shown) > 2 {
		shown = shown[len(shown)-2:]
	}
	bandH := (H - gTop) / math.Max(1, float64(len(shown)))
	var bands []*band
	memberBand := map[string]*band{}
	// A consumer's heartbeat thread names its group: the group of one the
	// coordinator refused before it had an id.
	groupOf := map[string]string{}
	for _, n := range o.Threads {
		if rest, ok := strings.CutPrefix(n, "kafka-coordinator-heartbeat-thread | "); ok {
			if g, c, ok := strings.Cut(rest, " ("); ok {
				groupOf[strings.TrimSuffix(c, ")")] = g
			}
		}
	}
	for i, g := range shown {
		bd := &band{g: g, y: gTop + float64(i)*bandH, h: bandH, colX: map[string]float64{}, rowY: map[string]float64{}}
		bd.full = bandH >= 500
		for _, m := range gb.Members {
			// A consumer the coordinator refused before it had an id
			// names no group: it goes with the first.
			in := m.Group
			if in == "" {
				in = groupOf[m.Name]
			}
			if in == g.Name || in == "" && i == 0 {
				bd.members = append(bd.members, m.Name)
				memberBand[m.Name] = bd
			}
		}
		slices.Sort(bd.members) // as the assignors sort them: the deal reads left to right
		bd.colW = math.Min(220, (gCw-rowLabelW)/math.Max(1, float64(len(bd.members))))
		for j, m := range bd.members {
			bd.colX[m] = gCx + rowLabelW + float64(j)*bd.colW
		}
		bd.cardY = bd.y + tokStrip
		bd.cardH = 112
		if bd.full {
			bd.cardH = 196
		}
		// Rows: the partitions of the last assignment and those a client
		// still holds, in deal order.
		seen := map[string]bool{}
		addRow := func(p string) {
			if p != "" && !seen[p] {
				seen[p] = true
				bd.rows = append(bd.rows, p)
			}
		}
		for _, gs := range []*model.Groups{ga, gb} {
			if x, ok := gs.Group(g.Name); ok {
				for _, d := range x.Deal {
					addRow(d.Part)
				}
			}
			for _, m := range gs.Members {
				if memberBand[m.Name] == bd && m.Owned != "" {
					for _, p := range strings.Split(m.Owned, ",") {
						addRow(p)
					}
				}
			}
		}
		slices.SortStableFunc(bd.rows, model.ComparePartitions)
		top := bd.cardY + bd.cardH + 6
		room := bd.y + bd.h - 8 - top
		bd.rowH = 34
		if bd.full {
			bd.rowH = 44
		}
		if n := float64(len(bd.rows)); n > 0 && n*bd.rowH > room {
			bd.rowH = math.Max(24, room/n)
			if keep := int(room / bd.rowH); keep < len(bd.rows) {
				keep = max(1, keep-1)
				bd.hiddenRows = len(bd.rows) - keep
				bd.rows = bd.rows[:keep]
			}
		}
		for k, p := range bd.rows {
			bd.rowY[p] = top + float64(k)*bd.rowH
		}
		bands = append(bands, bd)
	}

	for _, bd := range bands {
		sc.groupMachine(bd, ga, gb, a, now, f, tr, gw, o)
		sc.groupGrid(bd, ga, gb, a, now, f, tr, gw, o)
	}

	// The coordinator broker's threads, below its request queue; the
	// requests it parks (JoinGroups waiting for the join to complete) at
	// the bottom.
	var coord []string
	for _, n := range o.Threads {
		if _, consumer := groupOf[n]; !consumerThread(n, gb) && !consumer {
			coord = append(coord, n)
		}
	}
	qY := gTop
	sc.add(Node{Key: "queue", Class: "box slot", W: gBw, H: 44, Title: "RequestChannel.requestQueue",
		Texts: []Text{Text{X: 10, Y: 29, Class: "d"}.fit(gw.queue, Small, gBw-gReqW-24)}, X: gBx, Y: qY, Alpha: 1})
	parkH := 4*(gReqH+6) + 30
	rowH := math.Min(46, (H-gTop-52-parkH)/math.Max(1, float64(len(coord))))
	rows := map[string]float64{}
	for i, n := range coord {
		th := stateOf(a, n)
		y := gTop + 52 + float64(i)*rowH
		rows[n] = y
		sc.add(Node{Key: "thread:" + n, Sel: true, Class: "box thread " + statusClass(th.Status) + selected(o, "thread:"+n) + current(o, n), W: gBw, H: rowH - 4,
			Title: n + " · " + statusMark(th.Status) + " " + tr.status(th),
			Texts: []Text{{S: statusMark(th.Status), X: 8, Y: rowH/2 + 6, Size: Body, Class: "b"}, Text{X: 30, Y: rowH/2 + 6, Class: "b m"}.fit(Short(n), Body, gBw-38)}, X: gBx, Y: y, Alpha: 1})
	}
	parkY := gTop + 52 + float64(len(coord))*rowH + 8
	sc.add(Node{Key: "parked", Class: "label", Texts: []Text{Text{Class: "d"}.fit(gw.parked, Body, gBw)}, X: gBx, Y: parkY + 20, Alpha: 1})

	// Requests on their way, between the members and the coordinator.
	na, nb := net(a), net(b)
	at := func(conn string) (float64, float64, bool) { // above a member's column
		_, c, _ := model.Bracket(conn)
		bd, ok := memberBand[c]
		if !ok {
			return gCx, gTop, false
		}
		return bd.colX[c] + math.Max(2, (bd.colW-gReqW)/2), bd.y + 2, true
	}
	parked := func(n *model.Net, id int) int { // its place among the parked
		k := 0
		for _, r := range n.Reqs {
			if r.ID == id {
				return k
			}
			if r.Loc == "out" {
				k++
			}
		}
		return k
	}
	where := func(n *model.Net, r model.Req) (float64, float64, bool) {
		switch {
		case strings.HasPrefix(r.Loc, "t:"):
			if y, ok := rows[r.Loc[2:]]; ok {
				return gBx + gBw - gReqW - 6, y + (rowH-4-gReqH)/2, true
			}
		case strings.HasPrefix(r.Loc, "q:"):
			return gBx + gBw - gReqW - 6, qY + 6, true
		case r.Loc == "out":
			k := parked(n, r.ID)
			if k >= 4 {
				return gBx + 8 + 3*8, parkY + 30 + 3*(gReqH+6), true
			}
			return gBx + 8 + float64(k)*8, parkY + 30 + float64(k)*(gReqH+6), true
		}
		return at(r.Conn)
	}
	seen := map[int]bool{}
	stack := map[string]int{} // tokens already drawn at a member
	for _, nt := range []*model.Net{na, nb} {
		for _, r := range nt.Reqs {
			if seen[r.ID] {
				continue
			}
			seen[r.ID] = true
			ra, okA := na.Req(r.ID)
			rb, okB := nb.Req(r.ID)
			x1, y1, in1 := where(na, ra)
			x2, y2, in2 := where(nb, rb)
			al1, al2 := 1.0, 1.0
			if !okA || !in1 { // just sent: it leaves its member
				x1, y1, _ = at(r.Conn)
				al1 = 0
			}
			if !okB || !in2 { // answered: back to its member
				x2, y2, _ = at(r.Conn)
				al2 = 0
			}
			if okA && okB && ra.Loc == "sock" && rb.Loc == "sock" { // several at one member: fanned out
				k := stack[r.Conn]
				stack[r.Conn]++
				x1, x2 = x1+float64(k)*10, x2+float64(k)*10
			}
			item := r.Item
			if okA {
				item = ra.Item
			}
			_, who, _ := model.Bracket(r.Conn)
			sc.add(Node{Key: "req:" + strconv.Itoa(r.ID), Sel: true, Class: "token req" + selected(o, "req:"+strconv.Itoa(r.ID)), W: gReqW, H: gReqH,
				Title: item + " · " + who,
				Texts: []Text{Text{X: gReqW / 2, Y: 23, Class: "m b", Anchor: "middle"}.fit(groupReqLabel(item), Body, gReqW-10)},
				X:     lerp(x1, x2, f), Y: lerp(y1, y2, f), Alpha: lerp(al1, al2, f)})
		}
	}
	return sc
}

// groupMachine draws a band's state machine, its generation, the delayed
// join and the last transition's reason.
func (sc *Scene) groupMachine(bd *band, ga, gb *model.Groups, a *model.State, now, f float64, tr dict, gw gdict, o Options) {
	g := bd.g
	gA, _ := ga.Group(g.Name)
	key := "group:" + g.Name
	y0 := bd.y
	gen := gA.Generation
	if gen == "" {
		gen = "0"
	}
	genX := pillW + 20
	sc.add(Node{Key: key, Class: "label", Title: tr.group + " " + g.Name + " · " + tr.generation + " " + gen + " · " + tr.protocol + " " + tr.orNone(gA.Protocol) + " · " + tr.leader + " " + tr.orNone(gA.Leader),
		Texts: []Text{
			Text{Y: 28, Class: "b m"}.fit(tr.group+" "+g.Name, Big, pillW-ems(gen)*Huge-ems(gw.generation)*Body-20),
			{S: gen, X: genX, Y: 32, Size: Huge, Class: "b", Anchor: "end"},
			{S: gw.generation, X: genX - ems(gen)*Huge - 8, Y: 28, Size: Body, Class: "d", Anchor: "end"},
		}, X: gAx, Y: y0, Alpha: 1})
	top := y0 + 46
	right := gAx + pillW
	for _, e := range groupEdges {
		y1, _ := stateY(e.from)
		y2, _ := stateY(e.to)
		cls := "line edge"
		if gA.From == e.from && gA.State == e.to {
			cls += " lit"
		}
		k := key + ":edge:" + e.from + ">" + e.to
		if e.off == 0 { // neighbours: a short line between them
			x := gAx + pillW/2
			sc.add(Node{Key: k, Class: cls, X: x, Y: top + y1 + pillH, X2: x, Y2: top + y2, Alpha: 1})
			continue
		}
		x := right + e.off
		m1, m2 := top+y1+pillH/2+4, top+y2+pillH/2-4
		sc.add(Node{Key: k, Class: cls, X: x, Y: m1, X2: x, Y2: m2, Alpha: 1})
		sc.add(Node{Key: k + ":a", Class: cls, X: right, Y: m1, X2: x, Y2: m1, Alpha: 1})
		sc.add(Node{Key: k + ":b", Class: cls, X: x, Y: m2, X2: right, Y2: m2, Alpha: 1})
	}
	for _, st := range groupStates {
		y, _ := stateY(st)
		cls := "box pill"
		texts := []Text{Text{X: 30, Y: 24, Class: "m"}.fit(st, Body, pillW-38)}
		if st == gA.State {
			cls += " lit"
			texts[0].Class = "b m"
			texts = append(texts, Text{S: "▶", X: 8, Y: 24, Size: Body, Class: "b"})
		}
		sc.add(Node{Key: key + ":state:" + st, Class: cls, W: pillW, H: pillH, Texts: texts, X: gAx, Y: top + y, Alpha: 1})
	}
	// A transition in this event: a dot runs down (or up) the pills'
	// gutter from the old state to the new one.
	if gB, ok := gb.Group(g.Name); ok && gB.State != gA.State && f > 0 {
		y1, ok1 := stateY(gA.State)
		y2, ok2 := stateY(gB.State)
		if ok1 && ok2 {
			sc.add(Node{Key: key + ":move", Class: "token dot", W: 18, H: 18,
				X: gAx + 6, Y: top + lerp(y1, y2, f) + pillH/2 - 9, Alpha: 1})
		}
	}
	y := top + 5*(pillH+pillGap) + 2
	// The protocol's name after its label, or under it when it is long
	// (cooperative-sticky).
	proto, protoY := tr.orNone(gA.Protocol), y
	texts := []Text{{S: gw.protocol, Y: 20, Size: Body, Class: "d"}}
	if beside := pillW - ems(gw.protocol)*Body - 10; fits(proto, Body, beside) {
		texts = append(texts, Text{X: ems(gw.protocol)*Body + 10, Y: 20, Class: "b m"}.fit(proto, Body, beside))
	} else {
		texts = append(texts, Text{X: 12, Y: 44, Class: "b m"}.fit(proto, Body, pillW+14))
		y += 24
	}
	sc.add(Node{Key: key + ":protocol", Class: "label", Texts: texts, X: gAx, Y: protoY, Alpha: 1})
	y += 30
	// The delayed join, if one runs.
	for _, item := range []string{"InitialDelayedJoin", "DelayedJoin"} {
		if t, ok := ga.Timer("group["+g.Name+"]", item); ok {
			sc.gBar(key+":timer", item, t, float64(a.T), now, gAx, y, pillW+26)
			y += 36
		}
	}
	if gA.Why != "" {
		for i, line := range wrap("↳ "+o.note(gA.Why), " ", Body, pillW+26, 3) {
			if y+26 > bd.y+bd.h {
				break
			}
			sc.add(Node{Key: key + ":why" + strconv.Itoa(i), Class: "label", Texts: []Text{Text{Y: 18, Class: "d"}.fit(line, Body, pillW+26)}, X: gAx, Y: y, Alpha: 1})
			y += 26
		}
	}
}

// groupGrid draws a band's member cards and its assignment grid.
func (sc *Scene) groupGrid(bd *band, ga, gb *model.Groups, a *model.State, now, f float64, tr dict, gw gdict, o Options) {
	gA, _ := ga.Group(bd.g.Name)
	gB, _ := gb.Group(bd.g.Name)
	dealt := func(g model.Group) map[string]string { // partition → member, as far as dealt
		out := map[string]string{}
		for i, d := range g.Deal {
			if i < g.Dealt && d.Member != "" {
				out[d.Part] = d.Member
			}
		}
		return out
	}
	da, db := dealt(gA), dealt(gB)
	owned := map[string]bool{} // member|partition the client holds
	for _, m := range ga.Members {
		if m.Owned != "" {
			for _, p := range strings.Split(m.Owned, ",") {
				owned[m.Name+"|"+p] = true
			}
		}
	}

	// The cards, heading the columns.
	for _, name := range bd.members {
		m, ok := member(ga, name)
		if !ok {
			m, _ = member(gb, name)
		}
		n := 0
		for _, who := range da {
			if who == name {
				n++
			}
		}
		sc.memberCard(m, card{x: bd.colX[name], y: bd.cardY, w: bd.colW - 4, h: bd.cardH, full: bd.full, leader: gA.Leader == m.Name, count: n}, ga, a, now, tr, gw, o)
	}

	// The grid: a row a partition, a cell a member; the owner's cell
	// filled. A cell dealt in this event slides in from the row's label.
	if len(bd.rows) == 0 {
		sc.add(Node{Key: "grid:" + bd.g.Name + ":none", Class: "label", Texts: []Text{Text{Class: "d"}.fit(gw.none, Body, gCw-rowLabelW)},
			X: gCx + rowLabelW, Y: bd.cardY + bd.cardH + 30, Alpha: 1})
	}
	for _, p := range bd.rows {
		y := bd.rowY[p]
		sc.add(Node{Key: "row:" + bd.g.Name + ":" + p, Class: "label", Texts: []Text{{S: p, X: rowLabelW - 6, Y: bd.rowH/2 + 8, Size: size(p, Body, rowLabelW-8), Class: "b m", Anchor: "end"}}, X: gCx, Y: y, Alpha: 1})
		for _, name := range bd.members {
			cls := "box gcell"
			var texts []Text
			if owned[name+"|"+p] && da[p] != name {
				// The client still holds a partition the coordinator has
				// not (or no longer) given it.
				cls += " stale"
				texts = []Text{{S: "!", X: (bd.colW - 6) / 2, Y: bd.rowH/2 + 6, Size: Body, Class: "b", Anchor: "middle"}}
			}
			sc.add(Node{Key: "cell:" + bd.g.Name + ":" + p + ":" + name, Class: cls, W: bd.colW - 4, H: bd.rowH - 4, Texts: texts, X: bd.colX[name], Y: y, Alpha: 1})
		}
		wa, okA := da[p]
		wb, okB := db[p]
		xa, inA := bd.colX[wa]
		xb, inB := bd.colX[wb]
		okA, okB = okA && inA, okB && inB
		if !okA && !okB {
			continue
		}
		x1, x2, al1, al2 := xa, xb, 1.0, 1.0
		if !okA {
			x1, al1 = gCx, 0
		}
		if !okB {
			x2, al2 = xa, 0
		}
		who := wa
		if !okA {
			who = wb
		}
		var texts []Text
		if owned[who+"|"+p] {
			texts = []Text{{S: "✔", X: (bd.colW - 6) / 2, Y: bd.rowH/2 + 6, Size: Body, Class: "b", Anchor: "middle"}}
		}
		sc.add(Node{Key: "fill:" + bd.g.Name + ":" + p, Class: "box gcell dealt", W: bd.colW - 4, H: bd.rowH - 4, Title: p + " → " + who, Texts: texts,
			X: lerp(x1, x2, f), Y: bd.rowY[p], Alpha: lerp(al1, al2, f)})
	}
	if bd.hiddenRows > 0 {
		last := bd.rows[len(bd.rows)-1]
		sc.add(Node{Key: "grid:" + bd.g.Name + ":more", Class: "label", Texts: []Text{{S: "+" + strconv.Itoa(bd.hiddenRows) + " " + gw.more, X: rowLabelW, Y: bd.rowH + bd.rowH/2 + 8, Size: Body, Class: "b"}},
			X: gCx, Y: bd.rowY[last], Alpha: 1})
	}
}

// card is where a member's card goes and what it counts: its partitions,
// and lines a stage adds after the card's own (the cluster's positions).
type card struct {
	x, y, w, h float64
	full       bool // room for every line (the member id)
	leader     bool // the group's leader: its name is starred
	count      int
	extra      []cline
}

// cline is a line of a card, with its text's classes.
type cline struct{ s, cls string }

// memberCard draws member m's card: its name and partition count, the
// last answer's error, its instance id, its state and generation, the
// extra lines, as many as the card holds, and its session running down.
func (sc *Scene) memberCard(m model.Member, c card, ga *model.Groups, a *model.State, now float64, tr dict, gw gdict, o Options) {
	x, w := c.x, c.w
	head := m.Name
	if c.leader {
		head += " ★"
	}
	cls := "box member"
	sw := staticWords(o.ZH)
	switch {
	case held(m):
		cls += " in down"
	case m.In:
		cls += " in"
	case m.Pending:
		cls += " pending"
	default:
		cls += " out"
	}
	count := strconv.Itoa(c.count)
	texts := []Text{
		Text{X: 8, Y: 30, Class: "b m"}.fit(head, Big, w-ems(count)*Huge-22),
		{S: count, X: w - 8, Y: 32, Size: Huge, Class: "b", Anchor: "end"},
	}
	// The lines below the name, as many as the card holds: the bar
	// of the session, if one runs, takes the bottom.
	t, session := ga.Timer("member["+m.Name+"]", "DelayedHeartbeat")
	bottom := c.h - 4
	if session {
		bottom -= 36
	}
	var lines []cline
	var errs []cline
	if m.Error != "" && m.Error != "NONE" {
		for _, e := range wrap(m.Error, "_", Body, w-10, 3) {
			errs = append(errs, cline{e, "b m"})
		}
	}
	gen := cline{}
	if m.Gen != "" {
		gen = cline{gw.genOf(m.Gen), ""}
	}
	state, inst := cline{memberState(m, sw), "m"}, cline{instanceLine(m, sw), "m"}
	if held(m) {
		state.cls = "b m"
	}
	if c.full {
		id := m.ID
		if id == "" {
			id = gw.noID
		}
		lines = append([]cline{{id, "m d"}, inst, state, gen}, errs...)
	} else if held(m) {
		lines = append(errs, state, inst, gen)
	} else { // a static member's instance id before its state: it names the member
		lines = append(errs, inst, state, gen)
	}
	lines = append(lines, c.extra...)
	ty := 58.0
	for _, l := range lines {
		if l.s == "" {
			continue
		}
		if ty > bottom {
			break
		}
		texts = append(texts, Text{X: 5, Y: ty, Class: l.cls}.fit(l.s, Body, w-10))
		ty += 24
	}
	title := "consumer " + m.Name + " · " + strings.TrimSpace(m.ID) + " · " + memberState(m, sw)
	if m.Instance != "" {
		title += " · group.instance.id " + m.Instance
	}
	if m.Gen != "" {
		title += " · " + tr.generation + " " + m.Gen
	}
	if m.Error != "" {
		title += " · " + m.Error
	}
	title += " · " + count + " " + gw.count
	if m.Owned != "" {
		title += " · " + tr.owns + " " + m.Owned
	}
	for _, l := range c.extra {
		title += " · " + l.s
	}
	sc.add(Node{Key: "member:" + m.Name, Sel: true, Class: cls + selected(o, "member:"+m.Name), W: w, H: c.h - 4, Title: title, Texts: texts, X: x, Y: c.y, Alpha: 1})
	if session && w > 24 { // a bar needs some room
		label := gw.session
		if ems(label+" "+fmtMs(math.Max(0, float64(t.End-a.T))))*Small > w-28 {
			label = ""
		}
		sc.gBar("session:"+m.Name, label, t, float64(a.T), now, x+6, c.y+c.h-34, w-12)
	}
}

func member(g *model.Groups, name string) (model.Member, bool) {
	for _, m := range g.Members {
		if m.Name == name {
			return m, true
		}
	}
	return model.Member{}, false
}

// groupReqLabel is a request token's label: its API without "Group" and
// without the answer's error, which the member's card shows.
func groupReqLabel(item string) string {
	api, _, _ := strings.Cut(item, " ")
	api, _, _ = strings.Cut(api, ":") // a request's label: JoinGroup:C0#3
	switch api {
	case "DeleteGroups":
		return "Delete"
	case "Heartbeat":
		return api
	}
	return strings.TrimSuffix(api, "Group")
}

// wrap splits s after sep into at most n lines that fit width at size z;
// the last line takes what is left (fit shrinks it).
func wrap(s, sep string, z, width float64, n int) []string {
	parts := strings.SplitAfter(s, sep)
	var lines []string
	cur := ""
	for _, p := range parts {
		if cur != "" && ems(strings.TrimRight(cur+p, " "))*z > width && len(lines) < n-1 {
			line := strings.TrimRight(cur, " ")
			if sep == "_" { // a code's underscore goes where the line breaks
				line = strings.TrimSuffix(line, sep)
			}
			lines = append(lines, line)
			cur = ""
		}
		cur += p
	}
	if cur != "" {
		lines = append(lines, strings.TrimRight(cur, " "))
	}
	return lines
}

// gBar draws a timer as a bar running down: full when it starts, empty
// when it expires, labelled with what it is and the time left at event
// time at (the bar itself moves with now, between events).
func (sc *Scene) gBar(key, label string, t model.Timer, at, now, x, y, w float64) {
	total := float64(t.End - t.Start)
	left := float64(t.End) - now
	frac := 0.0
	if total > 0 {
		frac = math.Max(0, math.Min(1, left/total))
	}
	s := strings.TrimSpace(label + " " + fmtMs(math.Max(0, float64(t.End)-at)))
	sc.add(Node{Key: key + ":bg", Class: "box bar", W: w, H: 30, X: x, Y: y, Title: t.Item + " " + fmtMs(math.Max(0, float64(t.End)-at)) + " / " + fmtMs(total), Alpha: 1})
	sc.add(Node{Key: key + ":fill", Class: "line barfill", X: x + 3, Y: y + 15, X2: x + 3 + (w-6)*frac, Y2: y + 15, Alpha: 1})
	sc.add(Node{Key: key + ":label", Class: "label", Texts: []Text{Text{X: 8, Y: 22, Class: "b m"}.fit(s, Body, w-16)}, X: x, Y: y, Alpha: 1})
}

// fmtMs writes µs as seconds with a tenth ("2.4s").
func fmtMs(us float64) string {
	return strconv.FormatFloat(us/1e6, 'f', 1, 64) + "s"
}
