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
//	acceptor,   selector threads with     the shared     the pool,
//	clients     their queues and          queue, its     each with the
//	            connections               slots          request in hand
//
// and, for ZooKeeper, the ExpiryQueue across the bottom as a time axis of
// buckets, with the ConnnectionExpirer that wakes at the next one.
//
// Labels are short (Short: "Processor-0", "handler-3"); the full upstream
// names and the details are in each node's Title. A lane shows each of its
// connections as a chip while they fit; beyond that it shows the ones with
// something going on and one chip counting the rest, so a thousand
// connections stay readable and cheap to draw.
const (
	rAx, rAw = 8.0, 240.0
	rBx, rBw = 260.0, 472.0
	rCx, rCw = 744.0, 220.0
	rDx, rDw = 976.0, 336.0
	rTop     = 48.0
	connH    = 32.0
	connGap  = 8.0  // between chip columns
	connRow  = 38.0 // chip row pitch
	chipTop  = 112.0
	reqH     = 34.0
	slotP    = 46.0 // slot pitch
	qHead    = 100.0
	maxSlots = 10 // slots drawn for an unbounded or large queue
	maxReqs  = 80 // request tokens drawn; the rest are counted by their queues
	bandH    = 196.0
)

// Thread roles, from upstream's thread names.
func role(name string) string {
	switch {
	case strings.Contains(name, "AcceptThread"), strings.Contains(name, "socket-acceptor"):
		return "acceptor"
	case strings.Contains(name, "SelectorThread-"), strings.Contains(name, "network-thread"):
		return "lane"
	case strings.HasPrefix(name, "NIOWorkerThread-"), strings.Contains(name, "request-handler"),
		strings.HasPrefix(name, "ProcessThread("), strings.HasPrefix(name, "SyncThread:"): // ZooKeeper's request processors, after the workers
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

// marks is a chip's count of requests unread (✉) or answered and not
// yet written (↩): the mark alone for one.
func marks(m string, n int) string {
	switch {
	case n == 1:
		return m
	case n > 1:
		return m + strconv.Itoa(n)
	}
	return ""
}

// count is n connections.
func (d rdict) count(n int) string {
	if n == 1 && d.conns == "conns" {
		return "1 conn"
	}
	return strconv.Itoa(n) + " " + d.conns
}

// rdict is the reactor stage's own words.
type rdict struct {
	accept, lanesZK, lanesKafka, poolZK, poolKafka, conns, inSelect, inSelectShort string
	accepted, refused, sent, answered, full, size, more, idle                      string
	nextCheck, interval, now, later, connsIn, unread                               string
	moreSlots                                                                      func(n int) string
}

func rwords(zh bool) rdict {
	if zh {
		return rdict{"接收与客户端", "多路复用线程及其连接", "网络线程（Processor）及其连接", "工作线程池", "请求处理线程池", "个连接", "在 select() 中等待", "select() 中等待",
			"已接收", "已拒绝", "已发送", "已响应", "已满", "队列长度", "个更多", "空闲",
			"下次检查", "间隔", "现在", "之后", "个连接", "条未读",
			func(n int) string { return "⋮ 另有 " + strconv.Itoa(n) + " 个槽位" }}
	}
	return rdict{"accept and clients", "selector threads and connections", "processors (network threads)", "worker pool", "request handler pool", "conns", "waiting in select()", "in select()",
		"accepted", "refused", "sent", "answered", "full", "size", "more", "idle",
		"next check", "interval", "now", "later", "conns", "unread",
		func(n int) string { return "⋮ " + strconv.Itoa(n) + " more slots" }}
}

type rlayout struct {
	o        Options
	tr       dict
	rw       rdict
	kafka    bool
	connW    float64
	reqW     float64
	cols     int
	rows     int
	lanes    []string           // lane threads in order
	laneY    map[string]float64 // lane id → top
	laneH    float64
	laneOf   map[string]string // lane id → thread
	pool     []string
	poolY    map[string]float64
	rowH     float64
	side     []string
	sideY    map[string]float64
	sideH    map[string]float64
	refY     float64  // the refused tally
	expirer  string   // ZooKeeper's ConnnectionExpirer, drawn in the band
	bandY    float64  // top of the ExpiryQueue band, H if none
	shared   []string // shared queues in order
	sharedY  map[string]float64
	slots    map[string]int        // slots drawn per shared queue
	pills    map[string][3]float64 // a lane's own queue → x, y, width
	pillList []string
	pa, pb   *placed // where the connections are in state a and in b
}

// BuildReactor lays out the reactor stage between state a (f=0) and b (f=1).
func BuildReactor(a, b *model.State, f float64, o Options) Scene {
	var sc Scene
	f = ease(math.Max(0, math.Min(1, f)))
	l := &rlayout{o: o, tr: words(o), rw: rwords(o.ZH), laneY: map[string]float64{}, laneOf: map[string]string{}, poolY: map[string]float64{},
		sideY: map[string]float64{}, sideH: map[string]float64{}, sharedY: map[string]float64{}, slots: map[string]int{}, pills: map[string][3]float64{}}
	for _, n := range o.Threads {
		switch role(n) {
		case "lane":
			l.lanes = append(l.lanes, n)
			l.laneOf[laneID(n)] = n
			l.kafka = l.kafka || strings.Contains(n, "kafka")
		case "pool":
			l.pool = append(l.pool, n)
			l.kafka = l.kafka || strings.Contains(n, "kafka")
		default:
			if n == "ConnnectionExpirer" {
				l.expirer = n
				continue
			}
			l.side = append(l.side, n)
		}
	}
	// The acceptor first: connections come out of it.
	sort.SliceStable(l.side, func(i, j int) bool { return role(l.side[i]) == "acceptor" && role(l.side[j]) != "acceptor" })
	na, nb := net(a), net(b)
	l.place(na, nb)
	rw := l.rw

	lanes, pool := rw.lanesZK, rw.poolZK
	if l.kafka {
		lanes, pool = rw.lanesKafka, rw.poolKafka
	}
	sc.add(Node{Key: "title.a", Class: "label", Texts: []Text{Text{Class: "b"}.fit(rw.accept, Body, rBx-rAx-12)}, X: rAx, Y: 30, Alpha: 1})
	sc.add(Node{Key: "title.b", Class: "label", Texts: []Text{Text{Class: "b"}.fit(lanes, Body, rBw)}, X: rBx, Y: 30, Alpha: 1})
	sc.add(Node{Key: "title.d", Class: "label", Texts: []Text{Text{Class: "b"}.fit(pool, Body, rDw)}, X: rDx, Y: 30, Alpha: 1})

	l.sideBoxes(&sc, a, na)
	l.laneBoxes(&sc, a, na)
	l.conns(&sc, a, b, f)
	l.sharedQueues(&sc, na)
	l.poolRows(&sc, a, na)
	l.expiry(&sc, a, na)
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

// status is a thread's status line, with queue names short.
func (l *rlayout) status(th model.Thread) string {
	t := th
	t.On = shortQ(t.On)
	return statusMark(th.Status) + " " + l.tr.status(t)
}

// title is a thread's Title: its full name and status.
func (l *rlayout) title(th model.Thread) string {
	s := th.Name + "\n" + statusMark(th.Status) + " " + l.tr.status(th)
	if th.Action != "" {
		s += "\n↳ " + th.Action
	}
	return s
}

// shortQ is a queue's name without its owner's prefix:
// RequestChannel.requestQueue → requestQueue, Processor-0.newConnections →
// newConnections; the selector's ready set says what it is.
func shortQ(q string) string {
	if strings.Contains(q, "|") || q == "" {
		return q
	}
	if i := strings.LastIndexByte(q, '.'); i >= 0 && !strings.HasPrefix(q, "WorkerService") {
		q = q[i+1:]
	}
	return q
}

// place computes the layout, from both states so nothing jumps mid-move.
func (l *rlayout) place(na, nb *model.Net) {
	l.connW, l.reqW = 222, 140
	if l.kafka {
		l.connW, l.reqW = 107, 208
	}
	l.cols = int((rBw - 20 + connGap) / (l.connW + connGap))
	l.bandY = H
	if l.expirer != "" {
		l.bandY = H - 8 - bandH
	}
	bottom := math.Min(H-8, l.bandY-12)
	y := rTop
	for _, n := range l.side {
		l.sideY[n], l.sideH[n] = y, 100
		y += 110
	}
	l.refY = y // the refused tally, under them
	if n := len(l.lanes); n > 0 {
		l.laneH = math.Min(320, (bottom-rTop)/float64(n)-8)
		for i, name := range l.lanes {
			l.laneY[laneID(name)] = rTop + float64(i)*(l.laneH+8)
		}
	}
	l.rows = int((l.laneH - chipTop - 4 + (connRow - connH)) / connRow)
	if l.rows < 1 {
		l.rows = 1
	}
	if n := len(l.pool); n > 0 {
		l.rowH = math.Min(118, (bottom-rTop)/float64(n))
		for i, name := range l.pool {
			l.poolY[name] = rTop + float64(i)*l.rowH
		}
	}
	// Queues: a lane's own are pills in its header (but the selector's
	// ready set: the chips' ✉ say which sockets have data); the rest are
	// shared.
	px := map[string]float64{}
	pill := func(id, rest string) {
		name := id + "." + rest
		if _, ok := l.pills[name]; ok || rest == "selector" {
			return
		}
		digits := " 00" // ZooKeeper's acceptedQueue fills by the hundred in a flood: fit shrinks three digits into two's room
		if l.kafka {
			digits = " 0" // two lane queues of 20 and fewer slots, side by side
		}
		w := ems(rest+digits)*Body + 16
		x := px[id]
		px[id] += w + 8
		l.pills[name] = [3]float64{rBx + 10 + x, l.laneY[id] + 72, w}
		l.pillList = append(l.pillList, name)
	}
	// Every lane has these from the start, used or not yet.
	own := []string{"acceptedQueue", "updateQueue"}
	if l.kafka {
		own = []string{"newConnections", "responseQueue"}
	}
	for _, th := range l.lanes {
		for _, q := range own {
			pill(laneID(th), q)
		}
	}
	for _, nt := range []*model.Net{na, nb} {
		for _, q := range nt.Queues {
			id, rest, _ := strings.Cut(q.Name, ".")
			if _, ok := l.pills[q.Name]; ok {
				continue
			}
			if _, ok := l.laneOf[id]; ok {
				pill(id, rest)
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
	// The data plane's queue first: it gets most of the room.
	sort.SliceStable(l.shared, func(i, j int) bool {
		return !strings.HasPrefix(l.shared[i], "ControlPlane") && strings.HasPrefix(l.shared[j], "ControlPlane")
	})
	y = 8.0
	room := bottom - y
	for i, name := range l.shared {
		share := room
		if len(l.shared) > 1 {
			share = room * 0.3
			if i == 0 {
				share = room - room*0.3*float64(len(l.shared)-1)
			}
		}
		l.sharedY[name] = y
		fit := int(math.Max(1, math.Floor((share-qHead-24)/slotP)))
		c := na.Queue(name).Cap
		if c == 0 {
			c = nb.Queue(name).Cap
		}
		n := min(fit, maxSlots)
		if c > 0 && c <= fit {
			n = c
		}
		l.slots[name] = n
		y += share
	}
}

// sideBoxes: the acceptor, the clients and the refused tally.
func (l *rlayout) sideBoxes(sc *Scene, a *model.State, na *model.Net) {
	tr, rw := l.tr, l.rw
	for _, name := range l.side {
		th := stateOf(a, name)
		y := l.sideY[name]
		w := rAw - 20
		texts := []Text{Text{X: 10, Y: 30, Class: "b m"}.fit(Short(name), Big, w)}
		switch {
		case role(name) == "acceptor":
			acc := 0
			for _, c := range na.Conns {
				if c.Acceptor == name && c.Status != model.Refused {
					acc++
				}
			}
			st := l.status(th)
			if th.Status == model.Idle {
				st = statusMark(th.Status) + " " + rw.inSelectShort
			}
			texts = append(texts, Text{X: 10, Y: 60}.fit(st, Body, w),
				Text{X: 10, Y: 88, Class: "b"}.fit("✔ "+rw.accepted+" "+strconv.Itoa(acc), Body, w))
		case name == "clients":
			texts = append(texts, Text{X: 10, Y: 60}.fit(rw.sent+" "+strconv.Itoa(sent(na)), Body, w),
				Text{X: 10, Y: 88}.fit(rw.answered+" "+strconv.Itoa(na.Answered), Body, w))
		default:
			texts = append(texts, Text{X: 10, Y: 60}.fit(l.status(th), Body, w))
		}
		sc.add(Node{Key: "thread:" + name, Sel: true, Class: "box thread " + statusClass(th.Status) + selected(l.o, "thread:"+name) + current(l.o, name),
			Title: l.title(th), W: rAw, H: l.sideH[name], Texts: texts, X: rAx, Y: y, Alpha: 1})
	}
	if last := lastRefused(na); last != "" {
		name, reason, _ := strings.Cut(last, ": ")
		sc.add(Node{Key: "refused", Class: "box tally lost", Title: tr.refused + " " + strconv.Itoa(na.Refused) + "\n" + name + ": " + l.o.note(reason), W: rAw, H: 72, Texts: []Text{
			Text{X: 10, Y: 28, Class: "b"}.fit("✘ "+rw.refused+" "+strconv.Itoa(na.Refused), Body, rAw-20),
			Text{X: 10, Y: 56, Class: "m"}.fit(name, Body, rAw-20),
		}, X: rAx, Y: l.refY, Alpha: 1})
	}
}

// laneBoxes: the selector threads with their queues.
func (l *rlayout) laneBoxes(sc *Scene, a *model.State, na *model.Net) {
	for _, name := range l.lanes {
		th := stateOf(a, name)
		id := laneID(name)
		ly := l.laneY[id]
		st := l.status(th)
		if th.Status == model.Idle {
			st = statusMark(th.Status) + " " + l.rw.inSelect
		}
		st += " · " + l.rw.count(open(na, name))
		sc.add(Node{Key: "thread:" + name, Sel: true, Class: "box thread lane " + statusClass(th.Status) + selected(l.o, "thread:"+name) + current(l.o, name),
			Title: l.title(th), W: rBw, H: l.laneH,
			Texts: []Text{
				Text{X: 10, Y: 31, Class: "b m"}.fit(Short(name), Big, rBw-l.reqW-30), // room for the requests it holds
				Text{X: 10, Y: 62}.fit(st, Body, rBw-20),
			}, X: rBx, Y: ly, Alpha: 1})
		for _, qn := range l.pillList {
			if p := l.pills[qn]; strings.HasPrefix(qn, id+".") {
				q := na.Queue(qn)
				label := strings.TrimPrefix(q.Name, id+".") + " " + strconv.Itoa(len(q.Toks))
				title := q.Name + ": " + strconv.Itoa(len(q.Toks))
				if q.Cap > 0 {
					title += " / " + strconv.Itoa(q.Cap)
				}
				sc.add(Node{Key: "q:" + q.Name, Sel: true, Class: "box slot pillq" + selected(l.o, "q:"+q.Name), Title: title, W: p[2], H: 32,
					Texts: []Text{Text{X: 8, Y: 23, Class: "m"}.fit(label, Body, p[2]-12)}, X: p[0], Y: p[1], Alpha: 1})
			}
		}
	}
}

// sharedQueues: the queues between the lanes and the pool, as slots.
func (l *rlayout) sharedQueues(sc *Scene, na *model.Net) {
	tr, rw := l.tr, l.rw
	for _, name := range l.shared {
		qa := na.Queue(name)
		y := l.sharedY[name]
		size := strconv.Itoa(len(qa.Toks))
		if qa.Cap > 0 {
			size += " / " + strconv.Itoa(qa.Cap)
		} else {
			size = rw.size + " " + size
		}
		cls := "label"
		if qa.Cap > 0 && len(qa.Toks) >= qa.Cap {
			cls += " full"
			size += " " + rw.full
		}
		l1, l2 := name, ""
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			l1, l2 = name[:i+1], name[i+1:]
			if strings.HasPrefix(name, "ControlPlane.") {
				l1 = "ControlPlane"
			}
		}
		title := name + ": " + tr.queueSize + " " + strconv.Itoa(len(qa.Toks))
		if qa.Cap > 0 {
			title += " / " + strconv.Itoa(qa.Cap)
		}
		// ZooKeeper's request processors' queues are too long a name for
		// the column: headed by the thread that takes from them.
		switch l1 {
		case "PrepRequestProcessor.":
			l1 = "ProcessThread:"
		case "SyncRequestProcessor.":
			l1 = "SyncThread:"
		}
		sc.add(Node{Key: "qt:" + name, Sel: true, Class: cls, Title: title, Texts: []Text{
			Text{Y: 22, Class: "b m"}.fit(l1, Body, rCw),
			Text{Y: 48, Class: "b m"}.fit(l2, Body, rCw),
			Text{Y: 84, Class: "b d"}.fit(size, Big, rCw),
		}, X: rCx, Y: y, Alpha: 1})
		n := l.slots[name]
		top := y + qHead
		for i := 0; i < n; i++ {
			sc.add(Node{Key: "slot:" + name + ":" + strconv.Itoa(i), Sel: true, Class: "box slot" + selected(l.o, "q:"+name), Title: name + " · " + strconv.Itoa(i+1), W: rCw, H: reqH + 6,
				X: rCx, Y: top + float64(i)*slotP, Alpha: 1})
		}
		if qa.Cap > n {
			sc.add(Node{Key: "slots:" + name, Class: "label", Texts: []Text{Text{X: rCw / 2, Y: 24, Class: "d", Anchor: "middle"}.fit(rw.moreSlots(qa.Cap-n), Body, rCw)},
				X: rCx, Y: top + float64(n)*slotP, Alpha: 1})
		}
		if k := len(qa.Toks) - (n - 1); k > 1 && n > 0 {
			sc.add(Node{Key: "more:" + name, Sel: true, Class: "label", Texts: []Text{{S: "+" + strconv.Itoa(k) + " " + tr.more, X: rCw / 2, Y: 27, Size: Body, Class: "b", Anchor: "middle"}},
				X: rCx, Y: top + float64(n-1)*slotP, Alpha: 1})
		}
		// What a queue holds that is not a request on its way (ZooKeeper's
		// IOWorkRequest names its connection): drawn in its slot.
		for i, t := range qa.Toks {
			if i >= n-1 && len(qa.Toks) > n || i >= n {
				break
			}
			if _, ok := na.Req(t.ID); ok {
				continue
			}
			sc.add(Node{Key: "work:" + strconv.Itoa(t.ID), Class: "token work", Title: name + ": " + t.Item, W: l.reqW, H: reqH,
				Texts: []Text{Text{X: 8, Y: 24, Class: "m b"}.fit(t.Item, Body, l.reqW-14)},
				X:     rCx + (rCw-l.reqW)/2, Y: top + float64(i)*slotP + 3, Alpha: 1})
		}
	}
}

// poolRows: the pool's threads, each with the request in hand.
func (l *rlayout) poolRows(sc *Scene, a *model.State, na *model.Net) {
	hand := map[string]bool{}
	for _, r := range na.Reqs {
		if strings.HasPrefix(r.Loc, "t:") {
			hand[r.Loc[2:]] = true
		}
	}
	for _, name := range l.pool {
		th := stateOf(a, name)
		st := l.poolStatus(th)
		var texts []Text
		if l.rowH >= 76 {
			// Tall rows: the name across the row, the status under it beside
			// the request in hand.
			room := rDw - 20
			if hand[name] {
				room -= l.reqW + 10
			}
			if ems(st)*Small > room {
				st = statusMark(th.Status) // the request in hand says the rest
			}
			texts = []Text{
				Text{X: 10, Y: 30, Class: "b m"}.fit(Short(name), Big, rDw-20),
				Text{X: 10, Y: l.rowH - 4 - 16}.fit(st, Body, room),
			}
		} else {
			label := Short(name)
			if ems(label)*Small > rDw-l.reqW-30 {
				label = strings.Replace(label, "NIOWorkerThread-", "worker-", 1)
			}
			texts = []Text{Text{X: 10, Y: (l.rowH-4)/2 + 8, Class: "b m"}.fit(statusMark(th.Status)+" "+label, Body, rDw-l.reqW-30)}
		}
		sc.add(Node{Key: "thread:" + name, Sel: true, Class: "box thread " + statusClass(th.Status) + selected(l.o, "thread:"+name) + current(l.o, name),
			Title: l.title(th), W: rDw, H: l.rowH - 4, Texts: texts, X: rDx, Y: l.poolY[name], Alpha: 1})
	}
}

// poolStatus is short: the request in hand says what it works on.
func (l *rlayout) poolStatus(th model.Thread) string {
	switch th.Status {
	case model.Busy:
		f := strings.Fields(th.On)
		if len(f) > 0 {
			return "⚙ " + f[len(f)-1]
		}
	case model.Idle:
		return statusMark(model.Idle) + " " + l.rw.idle
	case model.Blocked:
		return "■ " + l.tr.blocked + " " + shortQ(th.On)
	}
	return statusMark(th.Status) + " " + l.tr.status(th)
}

// lane capacity: how many connection chips fit below the lane's header.
func (l *rlayout) grid() (cols, rows int) { return l.cols, l.rows }

// placed is where a state's connections are drawn: drawn ones by name, the
// rest counted by their lane's aggregate chip.
type placed struct {
	at      map[string][2]float64 // connections drawn one by one
	agg     map[string][2]float64 // lane thread → its aggregate chip
	aggText map[string]string
	aggN    map[string]int
	nt      *model.Net
}

// pos is where connection c is drawn in this state, or its lane's
// aggregate chip.
func (p *placed) pos(c string) ([2]float64, bool) {
	if x, ok := p.at[c]; ok {
		return x, true
	}
	// Not drawn: counted by its lane's aggregate chip, if it has one.
	if conn, ok := p.nt.Conn(c); ok && conn.Status == model.Open {
		x, ok := p.agg[conn.Owner]
		return x, ok
	}
	return [2]float64{}, false
}

// placeConns lays a state's connections out in one pass: per lane, all
// while they fit, else the busy ones (then the first others) and one chip
// counting the rest. Accepted connections waiting in the lane's queue come
// after the open ones, drawn dashed until the selector registers them.
func (l *rlayout) placeConns(nt *model.Net) *placed {
	p := &placed{at: map[string][2]float64{}, agg: map[string][2]float64{}, aggText: map[string]string{}, aggN: map[string]int{}, nt: nt}
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
		p.aggN[th] = len(quiet)
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
	return [2]float64{rBx + 10 + float64(i%cols)*(l.connW+connGap), ly + chipTop + float64(i/cols)*connRow}
}

func (l *rlayout) conns(sc *Scene, a, b *model.State, f float64) {
	na, nb := net(a), net(b)
	l.pa, l.pb = l.placeConns(na), l.placeConns(nb)
	for _, th := range l.lanes {
		p, ok := l.pa.agg[th]
		pl := l.pa
		if !ok {
			if p, ok = l.pb.agg[th]; !ok {
				continue
			}
			pl = l.pb
		}
		text := "+" + strconv.Itoa(pl.aggN[th]) + " " + l.tr.more
		if ems(text)*Body > l.connW-14 { // bold, wider than ems says: room to spare
			text = "+" + strconv.Itoa(pl.aggN[th])
		}
		sc.add(Node{Key: "agg:" + th, Class: "token conn agg", Title: pl.aggText[th], W: l.connW, H: connH,
			Texts: []Text{Text{X: 7, Y: 23, Class: "b"}.fit(text, Body, l.connW-12)}, X: p[0], Y: p[1], Alpha: 1})
	}
	pending, out := map[string]int{}, map[string]int{}
	for _, r := range na.Reqs {
		switch r.Loc {
		case "sock":
			pending[r.Conn]++
		case "out":
			out[r.Conn]++
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
			from, alphaA = [2]float64{rAx + rAw - l.connW, acc + 30}, 0
		}
		if !inA {
			ca = cb
		}
		if !okB { // leaves: closed or refused, it fades where it was
			to, alphaB = from, 0
			if cb.Status == model.Refused {
				to = [2]float64{rAx + rAw - l.connW, l.refY}
			}
		}
		label := name
		if s := opsShort(ca.Ops); s != "" && !l.kafka {
			label += " · " + s // ZooKeeper's interest ops; Kafka's mute state is the chip's style
		}
		label += marks(" ✉", pending[name]) + marks(" ↩", out[name])
		title := name
		if ca.IP != "" {
			title += " (" + ca.IP + ")"
		}
		if ca.Ops != "" {
			title += "\n" + ca.Ops
		}
		if ca.Owner != "" {
			title += "\n" + ca.Owner
		}
		if n := pending[name]; n > 0 {
			title += "\n✉ " + strconv.Itoa(n) + " " + l.rw.unread
		}
		sc.add(Node{Key: "conn:" + name, Sel: true, Class: "token conn " + opsClass(ca) + selected(l.o, "conn:"+name), Title: title, W: l.connW, H: connH,
			Texts: []Text{Text{X: 7, Y: 23, Class: "m b"}.fit(label, Body, l.connW-12)},
			X:     lerp(from[0], to[0], f), Y: lerp(from[1], to[1], f), Alpha: lerp(alphaA, alphaB, f)})
	}
}

func (l *rlayout) acceptor() string {
	for _, n := range l.side {
		if role(n) == "acceptor" {
			return n
		}
	}
	return ""
}

// expiry draws ZooKeeper's ExpiryQueue across the bottom as a time axis:
// the buckets at their expiry times, multiples of the interval, left to
// right, each with the connections that expire then; the expirer's box on
// the left says when it wakes next, and that bucket is marked.
func (l *rlayout) expiry(sc *Scene, a *model.State, na *model.Net) {
	if l.expirer == "" {
		return
	}
	rw := l.rw
	y0 := l.bandY
	th := stateOf(a, l.expirer)
	next := na.NextCheck
	iv := na.Interval
	bk := buckets(na)
	ex := []Text{Text{X: 10, Y: 30, Class: "b m"}.fit(l.expirer, Big, rAw-20)}
	if next > 0 {
		ex = append(ex, Text{X: 10, Y: 64}.fit(rw.nextCheck+":", Body, rAw-20),
			Text{X: 10, Y: 100, Class: "b"}.fit(secs(next), Huge, rAw-20))
	}
	st := l.status(th)
	if th.Status == model.Busy {
		if l.o.ZH {
			st = "⚙ 休眠 " + strings.TrimPrefix(th.On, "getWaitTime ")
		} else {
			st = "⚙ sleeps " + strings.TrimPrefix(th.On, "getWaitTime ")
		}
	}
	ex = append(ex, Text{X: 10, Y: 136}.fit(st, Body, rAw-20))
	sc.add(Node{Key: "thread:" + l.expirer, Sel: true, Class: "box thread " + statusClass(th.Status) + selected(l.o, "thread:"+l.expirer) + current(l.o, l.expirer),
		Title: l.title(th), W: rAw, H: bandH, Texts: ex, X: rAx, Y: y0, Alpha: 1})

	fx, fw := rBx, W-8-rBx
	head := "ExpiryQueue"
	texts := []Text{{S: head, X: 12, Y: 30, Size: Big, Class: "b m"}}
	if iv > 0 {
		texts = append(texts, Text{X: 12 + ems(head)*Big + 16, Y: 30, Class: "d"}.fit(rw.interval+" "+secs(iv), Body, 260))
	}
	title := "ExpiryQueue"
	for _, k := range bk {
		title += "\n" + secs(k.ms) + ": " + strconv.Itoa(k.n)
	}
	sc.add(Node{Key: "buckets", Class: "box slot expiry", Title: title, W: fw, H: bandH, Texts: texts, X: fx, Y: y0, Alpha: 1})
	if iv <= 0 {
		iv = 10000
	}
	// The axis: tick -1 is the last check, 0 the next one.
	t0 := next
	if len(bk) > 0 && (t0 <= 0 || bk[0].ms < t0) {
		t0 = bk[0].ms
	}
	if t0 <= 0 {
		t0 = iv
	}
	const pitch, bw = 290.0, 262.0
	cx := func(k float64) float64 { return fx + 40 + (k+1)*pitch }
	axY := y0 + 132
	sc.add(Node{Key: "axis", Class: "line axis", X: fx + 16, Y: axY, X2: fx + fw - 12, Y2: axY, Alpha: 1})
	for k := -1; k <= 2; k++ {
		t := t0 + int64(k)*iv
		if t < 0 {
			continue
		}
		x := cx(float64(k))
		sc.add(Node{Key: "tick:" + strconv.Itoa(k+1), Class: "line tick", X: x, Y: axY - 8, X2: x, Y2: axY + 8, Alpha: 1})
		cls := "d"
		if k == 0 {
			cls = "b"
		}
		sc.add(Node{Key: "tickl:" + strconv.Itoa(k+1), Class: "label", Texts: []Text{{S: secs(t), Y: 28, Size: Body, Class: cls, Anchor: "middle"}}, X: x, Y: axY, Alpha: 1})
		if k < 0 {
			continue
		}
		var in bucket
		for _, b := range bk {
			if b.ms == t {
				in = b
			}
		}
		cls = "box bucket"
		if k == 0 {
			cls += " next"
		}
		var bt []Text
		if in.n > 0 {
			bt = append(bt, Text{X: 10, Y: 28, Class: "b"}.fit(rw.count(in.n), Body, bw-20))
			bt = append(bt, Text{X: 10, Y: 56, Class: "m"}.fit(nameList(in, bw-20), Body, bw-20))
		}
		btitle := secs(t) + ": " + strings.Join(in.names, ", ")
		if in.n > len(in.names) {
			btitle += " +" + strconv.Itoa(in.n-len(in.names))
		}
		sc.add(Node{Key: "bucket:" + strconv.Itoa(k), Class: cls, Title: btitle, W: bw, H: 72, Texts: bt, X: x - bw/2, Y: axY - 84, Alpha: 1})
	}
	// Buckets beyond the axis.
	later := 0
	for _, b := range bk {
		if b.ms > t0+2*iv {
			later += b.n
		}
	}
	if later > 0 {
		sc.add(Node{Key: "bucket:later", Class: "label", Texts: []Text{{S: "+" + strconv.Itoa(later) + " " + rw.later, X: 0, Y: 0, Size: Body, Class: "b", Anchor: "end"}}, X: fx + fw - 12, Y: y0 + 30, Alpha: 1})
	}
	// Now, between the last check and the next.
	now := a.T / 1000
	k := float64(now-t0) / float64(iv)
	k = math.Max(-1, math.Min(2.3, k))
	x := cx(k)
	sc.add(Node{Key: "now", Class: "line now", X: x, Y: axY - 16, X2: x, Y2: axY + 16, Alpha: 1})
	nowText := Text{S: "▲ " + rw.now + " " + secs((now+50)/100*100), X: -11, Y: 56, Size: Body, Class: "b"}
	if x > fx+fw/2 {
		nowText.S, nowText.X, nowText.Anchor = rw.now+" "+secs((now+50)/100*100)+" ▲", 11, "end"
	}
	sc.add(Node{Key: "nowl", Class: "label", Texts: []Text{nowText}, X: x, Y: axY, Alpha: 1})
	if next > 0 {
		// The expirer sleeps until the next bucket.
		sc.add(Node{Key: "expirer.link", Class: "line held", X: rAx + rAw, Y: y0 + 60, X2: cx(0) - bw/2, Y2: axY - 48, Alpha: 1})
	}
}

// nameList is a bucket's connections: a few by name, many by their
// names' prefix ("app ×5 · flood ×60"), or as many names as fit in width
// and the rest counted.
func nameList(b bucket, width float64) string {
	if b.n > 3 {
		var parts []string
		k := 0
		for _, g := range b.groups {
			k += g.n
			parts = append(parts, g.prefix+" ×"+strconv.Itoa(g.n))
		}
		if g := strings.Join(parts, " · "); k == b.n && ems(g)*Small <= width {
			return g
		}
	}
	s := ""
	for i, n := range b.names {
		rest := ""
		if left := b.n - i - 1; left > 0 {
			rest = " +" + strconv.Itoa(left)
		}
		try := n
		if s != "" {
			try = s + " " + n
		}
		if ems(try+rest)*Body > width {
			return s + " +" + strconv.Itoa(b.n-i)
		}
		s = try
	}
	if b.n > len(b.names) {
		s += " +" + strconv.Itoa(b.n-len(b.names))
	}
	return s
}

// secs writes ms as seconds: 20 s, 10.5 s.
func secs(ms int64) string {
	return strconv.FormatFloat(float64(ms)/1000, 'f', -1, 64) + " s"
}

// reqLabel is a request's label: Produce:p-17#1 → Produce p-17,
// app-1#2 stays.
func reqLabel(item string) string {
	api, rest, ok := strings.Cut(item, ":")
	if !ok {
		return item
	}
	return api + " " + strings.TrimSuffix(rest, "#1")
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
	laneHand := func(th string) (spot, bool) {
		ly, ok := l.laneY[laneID(th)]
		if !ok || role(th) != "lane" {
			return spot{}, false
		}
		k := handSeen[th]
		handSeen[th]++
		return spot{rBx + rBw - l.reqW - 8 - math.Min(float64(k), 20)*5, ly + 6, 1, true}, true
	}
	where := func(nt *model.Net, conns *placed, r model.Req) spot {
		switch {
		case r.Loc == "sock", r.Loc == "out":
			// Shown as the ✉ (unread) or ↩ (response waiting) count on its
			// connection.
			p, ok := conns.pos(r.Conn)
			if !ok {
				return spot{}
			}
			return spot{p[0], p[1], 0, true}
		case strings.HasPrefix(r.Loc, "q:"):
			name := r.Loc[2:]
			if _, ok := l.pills[name]; ok {
				// In a lane's own queue (a response waiting to be written):
				// with the lane's thread.
				id, _, _ := strings.Cut(name, ".")
				if s, ok := laneHand(l.laneOf[id]); ok {
					return s
				}
				return spot{}
			}
			toks := nt.Queue(name).Toks
			for i, t := range toks {
				if t.ID != r.ID {
					continue
				}
				n := l.slots[name]
				top := l.sharedY[name] + qHead + 3
				if i >= n-1 && len(toks) > n {
					return spot{rCx + (rCw-l.reqW)/2, top + float64(n-1)*slotP, 0, true}
				}
				return spot{rCx + (rCw-l.reqW)/2, top + float64(i)*slotP, 1, true}
			}
		case strings.HasPrefix(r.Loc, "t:"):
			th := r.Loc[2:]
			if y, ok := l.poolY[th]; ok {
				k := handSeen[th]
				handSeen[th]++
				ty := y + (l.rowH-4-reqH)/2
				if l.rowH >= 76 {
					ty = y + l.rowH - 4 - reqH - 8
				}
				return spot{rDx + rDw - l.reqW - 10 - float64(k)*6, ty, 1, true}
			}
			if s, ok := laneHand(th); ok {
				return s
			}
			if y, ok := l.sideY[th]; ok {
				return spot{rAx + rAw - l.reqW - 8, y + 6, 1, true}
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
			if r.Loc == "out" || strings.HasPrefix(r.Loc, "q:") && l.pills[r.Loc[2:]] != [3]float64{} {
				cls += " out"
			}
			sc.add(Node{Key: "req:" + strconv.Itoa(r.ID), Sel: true, Class: cls + selected(l.o, "req:"+strconv.Itoa(r.ID)),
				Title: r.Item + " · " + r.Conn + "\n" + clusterTitles(l.o.ZH).reqWhere(r, noCluster, l.o), W: l.reqW, H: reqH,
				Texts: []Text{Text{X: 8, Y: 24, Class: "m b"}.fit(reqLabel(r.Item), Body, l.reqW-14)},
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
	ms     int64
	n      int
	names  []string
	groups []group // the connections by name prefix, in order of appearance
}

// group is the connections of a bucket whose names share a prefix
// ("flood" of flood-1 … flood-60).
type group struct {
	prefix string
	n      int
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
		b := &out[i]
		b.n++
		if len(b.names) < 8 {
			b.names = append(b.names, c.Name)
		}
		p := c.Name
		if k := strings.LastIndexByte(p, '-'); k > 0 {
			p = p[:k]
		}
		found := false
		for k := range b.groups {
			if b.groups[k].prefix == p {
				b.groups[k].n++
				found = true
				break
			}
		}
		if !found && len(b.groups) < 4 {
			b.groups = append(b.groups, group{p, 1})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ms < out[j].ms })
	return out
}

// opsShort writes interest ops and mute states short enough for a chip;
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
