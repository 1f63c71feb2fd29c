// Package stage lays out the controller lesson's stage: producer threads on
// the left, ControllerEventManager.queue as countable slots in the middle,
// controller-event-thread with its ControllerState on the right. It is pure
// Go: it turns two model states and a fraction between them into a Scene of
// boxes, labels and lines, and the browser side only draws what it gets.
// Between two events every token is interpolated from where it was to where
// it will be, so motion is smooth at any speed and exact when paused (f=0).
package stage

import (
	"math"
	"strconv"
	"strings"

	"brokerlab/ui/model"
)

// The view box; the SVG scales it to the page.
const (
	W = 1600
	H = 900
)

// Geometry of the three columns.
const (
	thrX, thrW   = 20.0, 400.0
	qX, qW       = 560.0, 420.0
	qTop, slotH  = 150.0, 54.0
	Slots        = 12 // queue slots drawn; more tokens show as "+N more"
	ctlX, ctlW   = 1060.0, 520.0
	tokW, tokH   = 380.0, 44.0
	Taker        = "controller-event-thread"
	lockX, lockY = 445.0, 40.0
)

// Text is one line of a node's label, placed relative to the node.
type Text struct {
	S      string  `json:"s"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Size   float64 `json:"z"`
	Class  string  `json:"c,omitempty"` // "b" bold, "m" monospace, "d" dim
	Anchor string  `json:"a,omitempty"` // "", "middle", "end"
}

// Node is one drawn thing. Key, Class, W, H and Texts make its structure
// (redrawn when they change); X, Y, X2, Y2 and Alpha are its motion (sent
// every frame as numbers).
type Node struct {
	Key   string  `json:"k"`
	Class string  `json:"c"`           // CSS classes; the first is the shape: box, token, line, label
	W     float64 `json:"w,omitempty"` // box size
	H     float64 `json:"h,omitempty"`
	Texts []Text  `json:"t,omitempty"`

	X, Y, X2, Y2 float64 `json:"-"` // X2, Y2: a line's end
	Alpha        float64 `json:"-"`
}

// Scene is what one frame shows.
type Scene struct {
	Nodes []Node
}

// Options are what the stage needs besides the states.
type Options struct {
	Threads  []string     // every thread of the run, in order of appearance
	States   []model.Seen // every ControllerState the run visits
	Selected string       // key of the selected node
	Actor    string       // the thread acting in the current event, outlined
	NoLock   bool         // the putLock was removed (what-if)
	ZH       bool         // Chinese labels
}

// Build lays out the stage between state a (f=0) and state b (f=1); b is
// a with the next event folded in.
func Build(a, b *model.State, f float64, o Options) Scene {
	var sc Scene
	f = ease(math.Max(0, math.Min(1, f)))
	tr := words(o.ZH)
	producers, boxes := threadBoxes(o.Threads)

	sc.add(Node{Key: "title.threads", Class: "label", Texts: []Text{{S: tr.producers, Size: 22, Class: "b"}}, X: thrX, Y: 40, Alpha: 1})
	sc.add(Node{Key: "title.queue", Class: "label", Texts: []Text{
		{S: "ControllerEventManager.queue", Size: 22, Class: "b m"},
		{S: tr.queueSize + " " + strconv.Itoa(len(a.Queue)) + " · LinkedBlockingQueue · " + tr.head, Y: 28, Size: 18, Class: "d"},
	}, X: qX, Y: 60, Alpha: 1})

	// Producer threads.
	for _, name := range producers {
		th, _ := a.Thread(name)
		y := boxes[name]
		cls := "box thread " + statusClass(th.Status)
		if th.Name == "" {
			th = model.Thread{Name: name, Status: model.NotStarted}
		}
		texts := []Text{
			{S: name, X: 14, Y: 28, Size: fit(name, 20, thrW-28), Class: "b m"},
			{S: statusMark(th.Status) + " " + tr.status(th), X: 14, Y: 54, Size: 17},
		}
		if th.Action != "" {
			texts = append(texts, Text{S: "↳ " + th.Action, X: 14, Y: 76, Size: 15, Class: "d m"})
		}
		sc.add(Node{Key: "thread:" + name, Class: cls + selected(o, "thread:"+name) + current(o, name), W: thrW, H: 84, Texts: texts, X: thrX, Y: y, Alpha: 1})
	}

	// The putLock, and who holds it.
	lock := Node{Key: "lock", Class: "box lock", W: 90, H: 70, X: lockX, Y: lockY, Alpha: 1}
	switch {
	case o.NoLock:
		lock.Class += " removed"
		lock.Texts = []Text{{S: "putLock", X: 45, Y: 28, Size: 17, Class: "b m", Anchor: "middle"}, {S: tr.removed, X: 45, Y: 52, Size: 15, Anchor: "middle"}}
	case a.LockOwner != "":
		lock.Class += " held"
		lock.Texts = []Text{{S: "🔒 putLock", X: 45, Y: 28, Size: 16, Class: "b m", Anchor: "middle"}, {S: tr.held, X: 45, Y: 52, Size: 15, Anchor: "middle"}}
	default:
		lock.Texts = []Text{{S: "🔓 putLock", X: 45, Y: 28, Size: 16, Class: "b m", Anchor: "middle"}, {S: tr.free, X: 45, Y: 52, Size: 15, Anchor: "middle"}}
	}
	lock.Class += selected(o, "lock")
	sc.add(lock)
	if y, ok := boxes[a.LockOwner]; ok && !o.NoLock {
		sc.add(Node{Key: "lock.link", Class: "line held", X: thrX + thrW, Y: y + 42, X2: lockX, Y2: lockY + 35, Alpha: 1})
	}

	// Queue slots, head first, numbered so they can be counted.
	for i := 0; i < Slots; i++ {
		sc.add(Node{Key: "slot:" + strconv.Itoa(i), Class: "box slot" + selected(o, "queue"), W: qW, H: slotH - 6,
			Texts: []Text{{S: strconv.Itoa(i + 1), X: -12, Y: 31, Size: 16, Class: "d", Anchor: "end"}},
			X:     qX, Y: qTop + float64(i)*slotH, Alpha: 1})
	}
	if n := len(a.Queue) - (Slots - 1); n > 1 {
		sc.add(Node{Key: "more", Class: "label", Texts: []Text{{S: "+" + strconv.Itoa(n) + " " + tr.more, X: qW / 2, Y: 32, Size: 18, Class: "b", Anchor: "middle"}},
			X: qX, Y: qTop + float64(Slots-1)*slotH, Alpha: 1})
	}

	// The event thread, its ControllerState, the token in hand and the tallies.
	ctl := stateOf(a, Taker)
	ctlY := 150.0
	sc.add(Node{Key: "thread:" + Taker, Class: "box thread taker " + statusClass(ctl.Status) + selected(o, "thread:"+Taker) + current(o, Taker), W: ctlW, H: 84,
		Texts: []Text{
			{S: Taker, X: 14, Y: 30, Size: 22, Class: "b m"},
			{S: statusMark(ctl.Status) + " " + tr.status(ctl), X: 14, Y: 60, Size: 18},
		}, X: ctlX, Y: ctlY, Alpha: 1})
	sc.add(Node{Key: "title.ctl", Class: "label", Texts: []Text{{S: "KafkaController · ControllerEventManager", Size: 22, Class: "b"}}, X: ctlX, Y: 40, Alpha: 1})
	sc.add(Node{Key: "ctlstate", Class: "box state lit", W: ctlW, H: 64, Texts: []Text{
		{S: "ControllerState", X: 14, Y: 26, Size: 16, Class: "d"},
		{S: "▶ " + a.CtlState + " = " + a.CtlValue, X: 14, Y: 52, Size: fit(a.CtlState+" = 00", 22, ctlW-60), Class: "b m"},
	}, X: ctlX, Y: ctlY + 96, Alpha: 1})
	px, py := ctlX, ctlY+172.0
	for _, st := range o.States {
		label := st.Name + " " + st.Value
		w := 16 + float64(len([]rune(label)))*9.2
		if px+w > ctlX+ctlW {
			px, py = ctlX, py+38
		}
		cls := "box pill"
		if st.Name == a.CtlState {
			cls += " lit"
		}
		sc.add(Node{Key: "pill:" + st.Name, Class: cls, W: w, H: 30, Texts: []Text{{S: label, X: w / 2, Y: 21, Size: 15, Class: "m", Anchor: "middle"}}, X: px, Y: py, Alpha: 1})
		px += w + 8
	}
	handY := py + 56
	sc.add(Node{Key: "hand", Class: "box slot hand", W: ctlW, H: tokH + 40, Texts: []Text{{S: tr.inHand, X: 14, Y: 22, Size: 16, Class: "d"}}, X: ctlX, Y: handY, Alpha: 1})
	tallyY := handY + tokH + 60
	tallies := []struct {
		key, label string
		t          model.Tally
	}{
		{"processed", tr.processed, a.Processed},
		{"preempted", tr.preempted, a.Preempted},
		{"lost", tr.lost, a.Lost},
	}
	if a.Ignored.N > 0 || b.Ignored.N > 0 {
		tallies = append(tallies, struct {
			key, label string
			t          model.Tally
		}{"ignored", tr.ignored, a.Ignored})
	}
	tw := (ctlW - 10*float64(len(tallies)-1)) / float64(len(tallies))
	tallyAt := map[string][2]float64{}
	for i, t := range tallies {
		x := ctlX + float64(i)*(tw+10)
		texts := []Text{
			{S: tallyMark(t.key) + " " + t.label, X: 12, Y: 26, Size: 17, Class: "b"},
			{S: strconv.Itoa(t.t.N), X: tw - 12, Y: 28, Size: 24, Class: "b", Anchor: "end"},
		}
		for j := len(t.t.Last) - 1; j >= 0 && len(t.t.Last)-j <= 4; j-- {
			tok := t.t.Last[j]
			texts = append(texts, Text{S: "#" + strconv.Itoa(tok.ID) + " " + tok.Item, X: 12, Y: 54 + float64(len(t.t.Last)-1-j)*22, Size: fit("#00 "+tok.Item, 15, tw-24), Class: "m"})
		}
		sc.add(Node{Key: "tally:" + t.key, Class: "box tally " + t.key, W: tw, H: 150, Texts: texts, X: x, Y: tallyY, Alpha: 1})
		tallyAt[t.key] = [2]float64{x + tw/2 - tokW/4, tallyY + 30}
	}

	// Tokens: everything queued or in hand in a or b, moving from a to b.
	type spot struct {
		x, y, alpha float64
		tok         model.Token
		ok          bool
	}
	where := func(s *model.State, id int) spot {
		for i, t := range s.Queue {
			if t.ID == id {
				if i >= Slots-1 && len(s.Queue) > Slots {
					return spot{qX + 20, qTop + float64(Slots-1)*slotH, 0, t, true}
				}
				return spot{qX + 20, qTop + float64(i)*slotH + 2, 1, t, true}
			}
		}
		if s.Hand.ID == id && id != 0 {
			return spot{ctlX + 120, handY + 30, 1, s.Hand, true}
		}
		return spot{}
	}
	var ids []int
	seen := map[int]bool{}
	for _, s := range []*model.State{a, b} {
		for _, t := range s.Queue {
			if !seen[t.ID] {
				seen[t.ID] = true
				ids = append(ids, t.ID)
			}
		}
		if s.Hand.ID != 0 && !seen[s.Hand.ID] {
			seen[s.Hand.ID] = true
			ids = append(ids, s.Hand.ID)
		}
	}
	for _, id := range ids {
		from, to := where(a, id), where(b, id)
		tok := from.tok
		if !from.ok {
			tok = to.tok
			// Appearing: it comes out of the thread that put it.
			from = spot{thrX + thrW - tokW/2, boxes[tok.By] + 20, 0, tok, true}
			if _, ok := boxes[tok.By]; !ok {
				from.y = qTop - 60
			}
		}
		if !to.ok {
			// Leaving: it goes to the tally of its fate.
			fate := b.Hand.Fate
			if t, _, ok := b.Token(id); ok {
				fate = t.Fate
			}
			p, ok := tallyAt[fate]
			if !ok {
				p = [2]float64{from.x, from.y}
			}
			to = spot{p[0], p[1], 0, tok, true}
		}
		cls := "token"
		if f == 0 && tok.Fate != "" {
			cls += " " + tok.Fate
		}
		label := tok.Item
		texts := []Text{
			{S: "#" + strconv.Itoa(tok.ID), X: 12, Y: 29, Size: 16, Class: "m d"},
			{S: label, X: 62, Y: 29, Size: fit(label, 19, tokW-74), Class: "b m"},
		}
		if tok.Fate != "" {
			texts = append(texts, Text{S: fateMark(tok.Fate), X: tokW - 12, Y: 29, Size: 18, Class: "b", Anchor: "end"})
		}
		sc.add(Node{Key: "tok:" + strconv.Itoa(id), Class: cls + selected(o, "tok:"+strconv.Itoa(id)), W: tokW, H: tokH, Texts: texts,
			X: lerp(from.x, to.x, f), Y: lerp(from.y, to.y, f), Alpha: lerp(from.alpha, to.alpha, f)})
	}
	return sc
}

func (sc *Scene) add(n Node) { sc.Nodes = append(sc.Nodes, n) }

// threadBoxes places the producer threads: every thread of the run but the
// event thread, in order of appearance, spread over the left column.
func threadBoxes(all []string) ([]string, map[string]float64) {
	var names []string
	for _, n := range all {
		if n != Taker {
			names = append(names, n)
		}
	}
	boxes := map[string]float64{}
	step := 96.0
	if len(names) > 8 {
		step = 780.0 / float64(len(names))
	}
	for i, n := range names {
		boxes[n] = 80 + float64(i)*step
	}
	return names, boxes
}

func stateOf(s *model.State, name string) model.Thread {
	if t, ok := s.Thread(name); ok {
		return t
	}
	return model.Thread{Name: name, Status: model.NotStarted}
}

// current marks the thread acting in the current event.
func current(o Options, name string) string {
	if o.Actor == name {
		return " actor"
	}
	return ""
}

func selected(o Options, key string) string {
	if o.Selected == key {
		return " sel"
	}
	return ""
}

func statusClass(s string) string {
	switch s {
	case model.Running:
		return "running"
	case model.Blocked:
		return "blocked"
	case model.Busy:
		return "busy"
	case model.Exited:
		return "exited"
	}
	return "new"
}

// Marks carry meaning besides colour: a projector washes colours out.
func statusMark(s string) string {
	switch s {
	case model.Running:
		return "▶"
	case model.Blocked:
		return "⏸"
	case model.Busy:
		return "⚙"
	case model.Exited:
		return "✕"
	}
	return "○"
}

func tallyMark(k string) string {
	return map[string]string{"processed": "✔", "preempted": "↯", "lost": "✘", "ignored": "–"}[k]
}

func fateMark(f string) string {
	return map[string]string{"processed": "✔", "preempted": "↯", "lost": "✘ lost", "ignored": "–"}[f]
}

// fit shrinks a font so a label of that many characters fits the width of
// a monospace line (about 0.6 em a character).
func fit(s string, size, width float64) float64 {
	n := float64(len([]rune(s)))
	if n*size*0.6 > width {
		return math.Max(11, width/(n*0.6))
	}
	return size
}

func lerp(a, b, f float64) float64 { return a + (b-a)*f }

func ease(f float64) float64 { return f * f * (3 - 2*f) }

type dict struct {
	producers, queueSize, head, removed, held, free, more, inHand string
	processed, preempted, lost, ignored                           string
	running, blocked, busy, exited, notStarted                    string
}

func words(zh bool) dict {
	if zh {
		return dict{"生产者线程", "队列长度", "队首在上", "已移除", "被持有", "空闲", "个更多",
			"正在处理的事件", "已处理", "被抢占", "丢失", "被忽略",
			"运行中", "阻塞于", "处理中", "已退出", "未启动"}
	}
	return dict{"producer threads", "size", "head at the top", "removed", "held", "free", "more",
		"in hand (taken from the queue)", "processed", "preempted", "lost", "ignored",
		"running", "blocked on", "busy", "exited", "not started"}
}

func (d dict) status(t model.Thread) string {
	switch t.Status {
	case model.Running:
		return d.running
	case model.Blocked:
		return d.blocked + " " + t.On
	case model.Busy:
		return strings.TrimSpace(d.busy + " " + t.On)
	case model.Exited:
		return d.exited
	}
	return d.notStarted
}
