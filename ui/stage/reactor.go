package stage

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"brokerlab/ui/model"
)

// The reactor stage, shared by ZooKeeper's NIOServerCnxnFactory and Kafka's
// SocketServer, which are one pattern: an acceptor hands each connection
// to one of a few selector threads (processors), which read requests and
// hand them to a pool (workers, request handlers) through a queue. Four
// columns, left to right as a request travels:
//
//	acceptor, clients,   selector threads with    the shared   the pool,
//	expirer + buckets    their queues and         queue        each with the
//	                     connections                           request in hand
//
// A lane shows each of its connections as a token while they fit; beyond
// that it shows the ones with something going on and one token counting the
// rest, so a thousand connections stay readable and cheap to draw.
const (
	rAx, rAw = 8.0, 262.0
	rBx, rBw = 286.0, 494.0
	rCx, rCw = 796.0, 206.0
	rDx, rDw = 1018.0, 294.0
	rTop     = 48.0
	connW    = 114.0
	connH    = 30.0
	connGap  = 6.0
	reqW     = 98.0
	reqH     = 26.0
	maxReqs  = 80 // request tokens drawn; the rest are counted by their queues
)

// Thread roles, from upstream's thread names.
func role(name string) string {
	switch {
	case strings.Contains(name, "AcceptThread"), strings.Contains(name, "socket-acceptor"):
		return "acceptor"
	case strings.Contains(name, "SelectorThread-"), strings.Contains(name, "network-thread"):
		return "lane"
	case strings.HasPrefix(name, "NIOWorkerThread-"), strings.Contains(name, "request-handler"):
		return "pool"
	}
	return "side"
}

// laneID names a selector thread the way its queues are prefixed:
// NIOServerCxnFactory.SelectorThread-0 → SelectorThread-0,
// data-plane-kafka-network-thread-0-ListenerName(PLAINTEXT)-PLAINTEXT-1 →
// Processor-1, control-plane-… → ControlPlaneProcessor-N.
func laneID(thread string) string {
	if i := strings.Index(thread, "SelectorThread-"); i >= 0 {
		return thread[i:]
	}
	n := thread[strings.LastIndexByte(thread, '-')+1:]
	if strings.HasPrefix(thread, "control-plane") {
		return "ControlPlaneProcessor-" + n
	}
	return "Processor-" + n
}

type rlayout struct {
	o       Options
	tr      dict
	lanes   []string           // lane threads in order
	laneY   map[string]float64 // lane id → top
	laneH   float64
	laneOf  map[string]string // lane id → thread
	pool    []string
	poolY   map[string]float64
	rowH    float64
	side    []string
	sideY   map[string]float64
	shared  []string // shared queues in order
	sharedY map[string]float64
	slots   map[string]int // slots drawn per shared queue
	pills   map[string][2]float64
	pa, pb  *placed // where the connections are in state a and in b
}

// BuildReactor lays out the reactor stage between state a (f=0) and b (f=1).
func BuildReactor(a, b *model.State, f float64, o Options) Scene {
	var sc Scene
	f = ease(math.Max(0, math.Min(1, f)))
	l := &rlayout{o: o, tr: words(o.ZH), laneY: map[string]float64{}, laneOf: map[string]string{}, poolY: map[string]float64{},
		sideY: map[string]float64{}, sharedY: map[string]float64{}, slots: map[string]int{}, pills: map[string][2]float64{}}
	for _, n := range o.Threads {
		switch role(n) {
		case "lane":
			l.lanes = append(l.lanes, n)
			l.laneOf[laneID(n)] = n
		case "pool":
			l.pool = append(l.pool, n)
		default:
			l.side = append(l.side, n)
		}
	}
	na, nb := net(a), net(b)
	l.place(na, nb)
	tr := l.tr

	sc.add(Node{Key: "title.a", Class: "label", Texts: []Text{{S: tr.accept, Size: 20, Class: "b"}}, X: rAx, Y: 30, Alpha: 1})
	lanes, pool := tr.selectors, tr.pool
	if len(l.pool) > 0 && strings.Contains(l.pool[0], "kafka") {
		lanes, pool = tr.processors, tr.handlers
	}
	sc.add(Node{Key: "title.b", Class: "label", Texts: []Text{{S: lanes, Size: 20, Class: "b"}}, X: rBx, Y: 30, Alpha: 1})
	sc.add(Node{Key: "title.d", Class: "label", Texts: []Text{{S: pool, Size: 20, Class: "b"}}, X: rDx, Y: 30, Alpha: 1})

	// Left column: acceptor, clients, the expirer and its buckets.
	for _, name := range l.side {
		th := stateOf(a, name)
		y := l.sideY[name]
		texts := []Text{
			Text{X: 10, Y: 24, Class: "b m"}.fitName(name, 17, rAw-20),
			Text{X: 10, Y: 46}.fit(statusMark(th.Status)+" "+tr.status(th), 15, rAw-20),
		}
		switch role(name) {
		case "acceptor":
			acc, ref := 0, 0
			for _, c := range na.Conns {
				if c.Acceptor == name {
					if c.Status == model.Refused {
						ref++
					} else {
						acc++
					}
				}
			}
			texts = append(texts, Text{X: 10, Y: 68, Class: "d"}.fit(tr.accepted+" "+strconv.Itoa(acc)+" · "+tr.refused+" "+strconv.Itoa(ref), 15, rAw-20))
		default:
			if name == "clients" {
				texts = append(texts, Text{X: 10, Y: 68, Class: "d"}.fit(tr.sent+" "+strconv.Itoa(sent(na))+" · "+tr.answered+" "+strconv.Itoa(na.Answered), 15, rAw-20))
			} else if th.Action != "" {
				texts = append(texts, Text{X: 10, Y: 68, Class: "d m"}.fit("↳ "+th.Action, 14, rAw-20))
			}
		}
		sc.add(Node{Key: "thread:" + name, Sel: true, Class: "box thread " + statusClass(th.Status) + selected(o, "thread:"+name) + current(o, name), W: rAw, H: 80, Texts: texts, X: rAx, Y: y, Alpha: 1})
	}
	y := rTop + float64(len(l.side))*90
	if last := lastRefused(na); last != "" {
		sc.add(Node{Key: "refused", Class: "box tally lost", W: rAw, H: 56, Texts: []Text{
			{S: "✘ " + tr.refused + " " + strconv.Itoa(na.Refused), X: 10, Y: 22, Size: 16, Class: "b"},
			Text{X: 10, Y: 44, Class: "d"}.fit(last, 13, rAw-20),
		}, X: rAx, Y: y, Alpha: 1})
		y += 66
	}
	if bk := buckets(na); len(bk) > 0 {
		texts := []Text{{S: "ExpiryQueue", X: 10, Y: 22, Size: 16, Class: "b m"}}
		for i, k := range bk {
			if i == 5 {
				break
			}
			s := strconv.FormatInt(k.ms, 10) + " ms: " + strings.Join(k.names, ", ")
			if k.n > len(k.names) {
				s += " +" + strconv.Itoa(k.n-len(k.names))
			}
			texts = append(texts, Text{X: 10, Y: 46 + float64(i)*22, Class: "m"}.fit(s, 14, rAw-20))
		}
		sc.add(Node{Key: "buckets", Class: "box slot", W: rAw, H: 34 + 22*math.Min(5, float64(len(bk))), Texts: texts, X: rAx, Y: y, Alpha: 1})
	}

	// Lanes: the selector threads with their queues and connections.
	for _, name := range l.lanes {
		th := stateOf(a, name)
		id := laneID(name)
		ly := l.laneY[id]
		sc.add(Node{Key: "thread:" + name, Sel: true, Class: "box thread lane " + statusClass(th.Status) + selected(o, "thread:"+name) + current(o, name), W: rBw, H: l.laneH,
			Texts: []Text{
				Text{X: 10, Y: 22, Class: "b m"}.fitName(name, 16, rBw-reqW-30), // room for the requests it holds
				Text{X: 10, Y: 42}.fit(statusMark(th.Status)+" "+l.laneStatus(th)+" · "+strconv.Itoa(open(na, name))+" "+tr.conns, 14, rBw-20),
			}, X: rBx, Y: ly, Alpha: 1})
		for _, q := range na.Queues {
			if p, ok := l.pills[q.Name]; ok && strings.HasPrefix(q.Name, id+".") {
				label := tr.queueName(strings.TrimPrefix(q.Name, id+".")) + " " + strconv.Itoa(len(q.Toks))
				sc.add(Node{Key: "q:" + q.Name, Sel: true, Class: "box slot pillq" + selected(o, "q:"+q.Name), W: 152, H: 24,
					Texts: []Text{Text{X: 8, Y: 17, Class: "m"}.fit(label, 13, 140)}, X: p[0], Y: p[1], Alpha: 1})
			}
		}
	}
	l.conns(&sc, a, b, f)

	// The shared queues as countable slots.
	for _, name := range l.shared {
		qa := na.Queue(name)
		y := l.sharedY[name]
		size := strconv.Itoa(len(qa.Toks))
		if qa.Cap > 0 {
			size += " / " + strconv.Itoa(qa.Cap)
		}
		cls := "label"
		if qa.Cap > 0 && len(qa.Toks) >= qa.Cap {
			cls += " full"
			size += " " + tr.full
		}
		sc.add(Node{Key: "qt:" + name, Sel: true, Class: cls, Texts: []Text{
			Text{Class: "b m"}.fit(name, 15, rCw),
			Text{Y: 20, Class: "d"}.fit(tr.queueSize+" "+size, 14, rCw),
		}, X: rCx, Y: y - 26, Alpha: 1})
		for i := 0; i < l.slots[name]; i++ {
			sc.add(Node{Key: "slot:" + name + ":" + strconv.Itoa(i), Sel: true, Class: "box slot" + selected(o, "q:"+name), W: rCw, H: reqH + 6,
				X: rCx, Y: y + float64(i)*(reqH+10), Alpha: 1})
		}
		if n := len(qa.Toks) - (l.slots[name] - 1); n > 1 && l.slots[name] > 0 {
			sc.add(Node{Key: "more:" + name, Sel: true, Class: "label", Texts: []Text{{S: "+" + strconv.Itoa(n) + " " + tr.more, X: rCw / 2, Y: 22, Size: 15, Class: "b", Anchor: "middle"}},
				X: rCx, Y: y + float64(l.slots[name]-1)*(reqH+10), Alpha: 1})
		}
	}

	// The pool.
	for _, name := range l.pool {
		th := stateOf(a, name)
		// Tall rows: the name across the row, the status under it beside the
		// request in hand; short rows: one line beside the request.
		texts := []Text{Text{X: 8, Y: 18, Class: "b m"}.fitName(name, 14, rDw-16)}
		if l.rowH >= 52 {
			texts = append(texts, Text{X: 8, Y: 40}.fit(statusMark(th.Status)+" "+tr.status(th), 13, rDw-reqW-24))
		} else {
			texts[0] = Text{X: 8, Y: l.rowH/2 + 5, Class: "b m"}.fitName(statusMark(th.Status)+" "+name, 13, rDw-reqW-24)
		}
		sc.add(Node{Key: "thread:" + name, Sel: true, Class: "box thread " + statusClass(th.Status) + selected(o, "thread:"+name) + current(o, name), W: rDw, H: l.rowH - 4, Texts: texts, X: rDx, Y: l.poolY[name], Alpha: 1})
	}

	l.reqs(&sc, a, b, f)
	return sc
}

var noNet = &model.Net{}

func net(s *model.State) *model.Net {
	if s.Net == nil {
		return noNet
	}
	return s.Net
}

// place computes the layout, from both states so nothing jumps mid-move.
func (l *rlayout) place(na, nb *model.Net) {
	for i, n := range l.side {
		l.sideY[n] = rTop + float64(i)*90
	}
	if n := len(l.lanes); n > 0 {
		l.laneH = math.Min(300, (H-rTop-8)/float64(n)-8)
		for i, name := range l.lanes {
			l.laneY[laneID(name)] = rTop + float64(i)*(l.laneH+8)
		}
	}
	if n := len(l.pool); n > 0 {
		l.rowH = math.Min(60, (H-rTop-8)/float64(n))
		for i, name := range l.pool {
			l.poolY[name] = rTop + float64(i)*l.rowH
		}
	}
	// Queues: a lane's own are pills in its header; the rest are shared.
	px := map[string]int{}
	for _, nt := range []*model.Net{na, nb} {
		for _, q := range nt.Queues {
			id, _, _ := strings.Cut(q.Name, ".")
			if _, ok := l.pills[q.Name]; ok {
				continue
			}
			if _, ok := l.laneOf[id]; ok {
				k := px[id]
				px[id]++
				l.pills[q.Name] = [2]float64{rBx + 10 + float64(k)*158, l.laneY[id] + 50}
				continue
			}
			if !model.SharedQueue(q.Name) {
				continue // the accept backlog, the clients' own: not part of the picture
			}
			if _, ok := l.sharedY[q.Name]; !ok {
				l.sharedY[q.Name] = 0
				l.shared = append(l.shared, q.Name)
			}
		}
	}
	// The first shared queue (the data plane's) gets most of the room.
	y := rTop + 26.0
	room := H - y - 10
	for i, name := range l.shared {
		share := room
		if len(l.shared) > 1 {
			share = room * 0.28
			if i == 0 {
				share = room - room*0.28*float64(len(l.shared)-1)
			}
		}
		l.sharedY[name] = y
		l.slots[name] = int(math.Max(1, math.Min(12, math.Floor((share-36)/(reqH+10)))))
		y += share
	}
}

// lane capacity: how many connection tokens fit below the lane's header.
func (l *rlayout) grid() (cols, rows int) {
	cols = int((rBw - 20 + connGap) / (connW + connGap))
	rows = int((l.laneH - 86 + connGap) / (connH + connGap))
	if rows < 1 {
		rows = 1
	}
	return cols, rows
}

// placed is where a state's connections are drawn: drawn ones by name, the
// rest counted by their lane's aggregate token.
type placed struct {
	at      map[string][2]float64 // connections drawn one by one
	agg     map[string][2]float64 // lane thread → its aggregate token
	aggText map[string]string
	nt      *model.Net
}

// pos is where connection c is drawn in this state, or its lane's
// aggregate token.
func (p *placed) pos(c string) ([2]float64, bool) {
	if x, ok := p.at[c]; ok {
		return x, true
	}
	// Not drawn: counted by its lane's aggregate token, if it has one.
	if conn, ok := p.nt.Conn(c); ok && conn.Status == model.Open {
		x, ok := p.agg[conn.Owner]
		return x, ok
	}
	return [2]float64{}, false
}

// place lays a state's connections out in one pass: per lane, all while
// they fit, else the busy ones (then the first others) and one token
// counting the rest. Accepted connections waiting in the lane's queue come
// after the open ones, drawn dashed until the selector registers them.
func (l *rlayout) placeConns(nt *model.Net) *placed {
	p := &placed{at: map[string][2]float64{}, agg: map[string][2]float64{}, aggText: map[string]string{}, nt: nt}
	cols, rows := l.grid()
	capacity := cols * rows
	byLane := map[string][]int{}
	for i := range nt.Conns {
		if c := &nt.Conns[i]; c.Status == model.Open {
			byLane[c.Owner] = append(byLane[c.Owner], i)
		}
	}
	for _, q := range nt.Queues {
		id, _, _ := strings.Cut(q.Name, ".")
		th, ok := l.laneOf[id]
		if _, pill := l.pills[q.Name]; !ok || !pill {
			continue
		}
		for _, t := range q.Toks {
			if i, ok := nt.Index(t.Item); ok && nt.Conns[i].Status == model.Accepted {
				byLane[th] = append(byLane[th], i)
			}
		}
	}
	var busy map[string]bool
	for _, th := range l.lanes {
		all := byLane[th]
		if len(all) <= capacity {
			for k, i := range all {
				p.at[nt.Conns[i].Name] = l.cell(th, k)
			}
			continue
		}
		if busy == nil {
			busy = map[string]bool{}
			for _, r := range nt.Reqs {
				busy[r.Conn] = true
			}
		}
		show := make([]int, 0, capacity)
		var quiet []int
		for _, i := range all {
			c := &nt.Conns[i]
			if (busy[c.Name] || !plainOps(c.Ops)) && len(show) < capacity-1 {
				show = append(show, i)
			} else {
				quiet = append(quiet, i)
			}
		}
		for len(show) < capacity-1 && len(quiet) > 0 {
			show, quiet = append(show, quiet[0]), quiet[1:]
		}
		sort.Ints(show) // Conns are in order of appearance
		for k, i := range show {
			p.at[nt.Conns[i].Name] = l.cell(th, k)
		}
		p.agg[th] = l.cell(th, len(show))
		kinds := [...]string{"R", "RW", "W", "0", "", "muted"}
		var n [len(kinds)]int
		for _, i := range quiet {
			s := opsShort(nt.Conns[i].Ops)
			for k := range kinds {
				if kinds[k] == s {
					n[k]++
					break
				}
			}
		}
		// The count, and what they are when they are not all alike.
		var parts []string
		for k, kind := range kinds {
			if n[k] > 0 && n[k] < len(quiet) {
				parts = append(parts, strings.TrimSpace(strconv.Itoa(n[k])+" "+kind))
			}
		}
		p.aggText[th] = "+" + strconv.Itoa(len(quiet)) + " " + l.tr.more
		if len(parts) > 0 {
			p.aggText[th] += ": " + strings.Join(parts, " · ")
		}
	}
	return p
}

func plainOps(ops string) bool { return ops == "OP_READ" || ops == "NOT_MUTED" || ops == "" }

func (l *rlayout) cell(thread string, i int) [2]float64 {
	cols, _ := l.grid()
	ly := l.laneY[laneID(thread)]
	return [2]float64{rBx + 10 + float64(i%cols)*(connW+connGap), ly + 82 + float64(i/cols)*(connH+connGap)}
}

func (l *rlayout) conns(sc *Scene, a, b *model.State, f float64) {
	na, nb := net(a), net(b)
	l.pa, l.pb = l.placeConns(na), l.placeConns(nb)
	for _, th := range l.lanes {
		p, ok := l.pa.agg[th]
		text := l.pa.aggText[th]
		if !ok {
			if p, ok = l.pb.agg[th]; !ok {
				continue
			}
			text = l.pb.aggText[th]
		}
		sc.add(Node{Key: "agg:" + th, Class: "token conn agg", W: connW, H: connH,
			Texts: []Text{Text{X: 6, Y: 20, Class: "b"}.fit(text, 13, connW-10)}, X: p[0], Y: p[1], Alpha: 1})
	}
	pending := map[string]int{}
	for _, r := range na.Reqs {
		if r.Loc == "sock" {
			pending[r.Conn]++
		}
	}
	// The drawn connections of a, then those only b draws, in order.
	var names []string
	seen := map[string]bool{}
	for _, pl := range []*placed{l.pa, l.pb} {
		for name := range pl.at {
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
			}
		}
	}
	sort.Slice(names, func(i, j int) bool {
		ii, _ := nb.Index(names[i])
		jj, _ := nb.Index(names[j])
		return ii < jj
	})
	acc := l.sideY[l.acceptor()]
	for _, name := range names {
		from, okA := l.pa.pos(name)
		to, okB := l.pb.pos(name)
		ca, inA := na.Conn(name)
		cb, _ := nb.Conn(name)
		alphaA, alphaB := 1.0, 1.0
		if _, drawn := l.pa.at[name]; okA && !drawn {
			alphaA = 0 // comes out of its lane's aggregate
		}
		if _, drawn := l.pb.at[name]; okB && !drawn {
			alphaB = 0 // goes into it
		}
		if !okA { // appears: from the acceptor
			from, alphaA = [2]float64{rAx + rAw - connW, acc + 24}, 0
		}
		if !inA {
			ca = cb
		}
		if !okB { // leaves: closed or refused, it fades where it was
			to, alphaB = from, 0
			if cb.Status == model.Refused {
				to = [2]float64{rAx + rAw - connW, acc + 60}
			}
		}
		label := name
		if s := opsShort(ca.Ops); s != "" {
			label += " · " + s
		}
		if n := pending[name]; n > 0 {
			label += " ✉" + strconv.Itoa(n)
		}
		sc.add(Node{Key: "conn:" + name, Sel: true, Class: "token conn " + opsClass(ca) + selected(l.o, "conn:"+name), W: connW, H: connH,
			Texts: []Text{Text{X: 7, Y: 20, Class: "m b"}.fit(label, 14, connW-12)},
			X:     lerp(from[0], to[0], f), Y: lerp(from[1], to[1], f), Alpha: lerp(alphaA, alphaB, f)})
	}
}

// laneStatus: a selector thread waiting for work waits in select().
func (l *rlayout) laneStatus(th model.Thread) string {
	if th.Status == model.Idle {
		return l.tr.inSelect
	}
	return l.tr.status(th)
}

func (l *rlayout) acceptor() string {
	for _, n := range l.side {
		if role(n) == "acceptor" {
			return n
		}
	}
	return ""
}

// reqs draws the requests on their way, moving from where they were in a
// to where they are in b.
func (l *rlayout) reqs(sc *Scene, a, b *model.State, f float64) {
	na, nb := net(a), net(b)
	type spot struct {
		x, y, alpha float64
		ok          bool
	}
	handSeen := map[string]int{}
	where := func(nt *model.Net, conns *placed, r model.Req) spot {
		switch {
		case r.Loc == "sock", r.Loc == "out":
			p, ok := conns.pos(r.Conn)
			if !ok {
				return spot{}
			}
			if r.Loc == "sock" { // shown as the ✉ count on its connection
				return spot{p[0], p[1], 0, true}
			}
			return spot{p[0] + 8, p[1] + 8, 1, true}
		case strings.HasPrefix(r.Loc, "q:"):
			name := r.Loc[2:]
			if p, ok := l.pills[name]; ok {
				return spot{p[0] + 40, p[1] - 2, 1, true}
			}
			toks := nt.Queue(name).Toks
			for i, t := range toks {
				if t.ID != r.ID {
					continue
				}
				n := l.slots[name]
				y := l.sharedY[name] + float64(i)*(reqH+10) + 3
				if i >= n-1 && len(toks) > n {
					return spot{rCx + (rCw-reqW)/2, l.sharedY[name] + float64(n-1)*(reqH+10) + 3, 0, true}
				}
				return spot{rCx + (rCw-reqW)/2, y, 1, true}
			}
		case strings.HasPrefix(r.Loc, "t:"):
			th := r.Loc[2:]
			if y, ok := l.poolY[th]; ok {
				k := handSeen[th]
				handSeen[th]++
				ty := y + (l.rowH-4-reqH)/2
				if l.rowH >= 52 {
					ty = y + l.rowH - 4 - reqH - 4
				}
				return spot{rDx + rDw - reqW - 6 - float64(k)*6, ty, 1, true}
			}
			if ly, ok := l.laneY[laneID(th)]; ok && role(th) == "lane" {
				k := handSeen[th]
				handSeen[th]++
				return spot{rBx + rBw - reqW - 8 - math.Min(float64(k), 20)*5, ly + 8, 1, true}
			}
			if y, ok := l.sideY[th]; ok {
				return spot{rAx + rAw - reqW - 8, y + 8, 1, true}
			}
		}
		return spot{}
	}
	drawn := 0
	seen := map[int]bool{}
	var posA, posB = map[int]spot{}, map[int]spot{}
	for _, r := range na.Reqs {
		posA[r.ID] = where(na, l.pa, r)
	}
	handSeen = map[string]int{}
	for _, r := range nb.Reqs {
		posB[r.ID] = where(nb, l.pb, r)
	}
	for _, nt := range []*model.Net{na, nb} {
		for _, r := range nt.Reqs {
			if seen[r.ID] || drawn >= maxReqs {
				continue
			}
			seen[r.ID] = true
			from, to := posA[r.ID], posB[r.ID]
			if !from.ok && !to.ok {
				continue
			}
			if !from.ok {
				from = spot{to.x, to.y, 0, true}
				if p, ok := l.pa.pos(r.Conn); ok {
					from = spot{p[0], p[1], 0, true}
				}
			}
			if !to.ok { // answered (or its connection closed): back to its connection
				to = spot{from.x, from.y, 0, true}
				if p, ok := l.pb.pos(r.Conn); ok {
					to = spot{p[0], p[1], 0, true}
				}
			}
			if from.alpha == 0 && to.alpha == 0 {
				continue
			}
			drawn++
			cls := "token req"
			if r.Loc == "out" {
				cls += " out"
			}
			sc.add(Node{Key: "req:" + strconv.Itoa(r.ID), Sel: true, Class: cls + selected(l.o, "req:"+strconv.Itoa(r.ID)), W: reqW, H: reqH,
				Texts: []Text{Text{X: 6, Y: 18, Class: "m b"}.fit(r.Item, 13, reqW-10)},
				X:     lerp(from.x, to.x, f), Y: lerp(from.y, to.y, f), Alpha: lerp(from.alpha, to.alpha, f)})
		}
	}
}

func sent(n *model.Net) int {
	t := 0
	for _, c := range n.Conns {
		t += c.Sent
	}
	return t
}

func open(n *model.Net, thread string) int {
	k := 0
	for _, c := range n.Conns {
		if c.Owner == thread && c.Status == model.Open {
			k++
		}
	}
	return k
}

func lastRefused(n *model.Net) string {
	for i := len(n.Conns) - 1; i >= 0; i-- {
		if c := n.Conns[i]; c.Status == model.Refused {
			return c.Name + ": " + c.Reason
		}
	}
	return ""
}

type bucket struct {
	ms    int64
	n     int
	names []string
}

// buckets groups the open connections by ExpiryQueue bucket, soonest first.
func buckets(n *model.Net) []bucket {
	var out []bucket
	idx := map[int64]int{}
	for _, c := range n.Conns {
		if c.Bucket == 0 || c.Status != model.Open && c.Status != model.Accepted {
			continue
		}
		i, ok := idx[c.Bucket]
		if !ok {
			i = len(out)
			idx[c.Bucket] = i
			out = append(out, bucket{ms: c.Bucket})
		}
		out[i].n++
		if len(out[i].names) < 3 {
			out[i].names = append(out[i].names, c.Name)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ms < out[j].ms })
	return out
}

// opsShort writes interest ops and mute states short enough for a token;
// the inspector shows them in full.
func opsShort(ops string) string {
	switch ops {
	case "OP_READ":
		return "R"
	case "OP_READ|OP_WRITE":
		return "RW"
	case "OP_WRITE":
		return "W"
	case "0":
		return "0"
	case "NOT_MUTED", "":
		return ""
	}
	return "muted"
}

func opsClass(c model.Conn) string {
	switch {
	case c.Status == model.Accepted:
		return "accepted"
	case c.Status == model.Closed || c.Status == model.Refused:
		return "closed"
	case c.Ops == "0":
		return "ops0"
	case strings.Contains(c.Ops, "WRITE"):
		return "write"
	case strings.HasPrefix(c.Ops, "MUTED"):
		return "muted"
	}
	return ""
}
