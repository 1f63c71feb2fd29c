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
	"unicode"

	"brokerlab/ui/model"
)

// The view box; the SVG scales it to the page.
const (
	W = 1320
	H = 760
)

// Type sizes, in view-box units. The page shows the view box at least 0.53
// of its size (the lesson view at 1366×768, static/style.css) and the
// presenter's window at least 0.87 (1280×720), so Small is 10.6 px on a
// laptop and 17 px on a projector (the floors of docs/ARCHITECTURE.md: 10 and 12 px). No text
// of a stage is smaller than Small; nine in ten are Body or larger
// (ui/legible_test.go, and on screen wasm/stagefloors_test.go).
const (
	Small = 20.0 // the least: secondary details, counters
	Body  = 22.0 // labels and values
	Big   = 26.0 // names of the things a lesson is about
	Huge  = 34.0 // the numbers that matter: HW, LEO, sizes, generation
)

// Geometry of the three columns.
const (
	thrX, thrW   = 8.0, 340.0
	qX, qW       = 390.0, 432.0
	qTop, slotH  = 134.0, 56.0
	Slots        = 11 // queue slots drawn; more tokens show as "+N more"
	ctlX, ctlW   = 836.0, 476.0
	tokW, tokH   = 420.0, 50.0
	Taker        = "controller-event-thread"
	lockX, lockY = qX + qW - 138, 62.0
	lockW, lockH = 138.0, 62.0
	boxH         = 112.0 // a thread: its name, status and what it does, four lines
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

// Node is one drawn thing. Key, Class, Sel, W, H and Texts make its
// structure (redrawn when they change); X, Y, X2, Y2 and Alpha are its
// motion (sent every frame as numbers).
type Node struct {
	Key   string  `json:"k"`
	Class string  `json:"c"`               // CSS classes; the first is the shape: box, token, line, label
	Sel   bool    `json:"sel,omitempty"`   // the App can select it (App.Select takes Key): stage.js makes it a focusable button
	Title string  `json:"title,omitempty"` // the full upstream name and details, shown on hover (SVG <title>) and read by screen readers
	W     float64 `json:"w,omitempty"`     // box size
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
	// Note puts a trace note (a busy thread's work, a result, a reason)
	// into the page's language; nil keeps it as it is.
	Note func(string) string
}

// note is a trace note in the page's language.
func (o Options) note(s string) string {
	if o.Note == nil || s == "" {
		return s
	}
	return o.Note(s)
}

// Build lays out the stage between state a (f=0) and state b (f=1); b is
// a with the next event folded in.
func Build(a, b *model.State, f float64, o Options) Scene {
	var sc Scene
	f = ease(math.Max(0, math.Min(1, f)))
	tr := words(o)
	producers, boxes := threadBoxes(o.Threads)

	sc.add(Node{Key: "title.threads", Class: "label", Texts: []Text{{S: tr.producers, Size: Big, Class: "b"}}, X: thrX, Y: 30, Alpha: 1})
	sc.add(Node{Key: "title.queue", Class: "label", Texts: []Text{
		{S: "ControllerEventManager.queue", Size: size("ControllerEventManager.queue", Big, qW), Class: "b m"},
		{S: tr.queueSize + " " + strconv.Itoa(len(a.Ctl.Queue)), Y: 38, Size: Huge, Class: "b"},
		{S: tr.head, Y: 66, Size: Body, Class: "d"},
	}, X: qX, Y: 30, Alpha: 1})

	// Producer threads.
	for _, name := range producers {
		th, _ := a.Thread(name)
		y := boxes.y[name]
		cls := "box thread " + statusClass(th.Status)
		if th.Name == "" {
			th = model.Thread{Name: name, Status: model.NotStarted}
		}
		// Four lines: the name, then the status, then what the thread
		// does, each on one or two lines as long as four are not passed.
		texts := []Text{Text{X: 12, Y: 28, Class: "b m"}.fit(statusMark(th.Status)+" "+Short(name), Body, thrW-24)}
		if boxes.h >= 56 {
			st := Text{X: 12, Y: 54}.lines(tr.short(th), Body, thrW-24, 26)
			if len(st) == 2 {
				st[0].Y, st[1].Y = 54, 80
			}
			texts = append(texts, st...)
			if th.Action != "" && len(st) == 1 && boxes.h >= boxH {
				texts = append(texts, Text{X: 12, Y: 93, Class: "d m"}.lines("↳ "+th.Action, Body, thrW-24, 26)...)
			}
		}
		title := name + ": " + tr.status(th)
		if th.Action != "" {
			title += " ↳ " + th.Action
		}
		sc.add(Node{Key: "thread:" + name, Sel: true, Class: cls + selected(o, "thread:"+name) + current(o, name), W: thrW, H: boxes.h, Texts: texts, Title: title, X: thrX, Y: y, Alpha: 1})
	}

	// The putLock, and who holds it.
	lock := Node{Key: "lock", Sel: true, Class: "box lock", W: lockW, H: lockH, X: lockX, Y: lockY, Alpha: 1}
	state := tr.free
	switch {
	case o.NoLock:
		lock.Class += " removed"
		state = "✕ " + tr.removed
	case a.Ctl.LockOwner != "":
		lock.Class += " held"
		state = "■ " + tr.held
	}
	lock.Texts = []Text{{S: "putLock", X: lockW / 2, Y: 26, Size: Body, Class: "b m", Anchor: "middle"}, {S: state, X: lockW / 2, Y: 52, Size: Body, Anchor: "middle"}}
	lock.Class += selected(o, "lock")
	sc.add(lock)
	if y, ok := boxes.y[a.Ctl.LockOwner]; ok && !o.NoLock {
		sc.add(Node{Key: "lock.link", Class: "line held", X: thrX + thrW, Y: y + boxes.h/2, X2: lockX, Y2: lockY + lockH/2, Alpha: 1})
	}

	// Queue slots, head first, numbered so they can be counted.
	for i := 0; i < Slots; i++ {
		sc.add(Node{Key: "slot:" + strconv.Itoa(i), Sel: true, Class: "box slot" + selected(o, "queue"), W: qW, H: slotH - 6,
			Texts: []Text{{S: strconv.Itoa(i + 1), X: -8, Y: 34, Size: Body, Class: "d", Anchor: "end"}},
			X:     qX, Y: qTop + float64(i)*slotH, Alpha: 1})
	}
	if n := len(a.Ctl.Queue) - (Slots - 1); n > 1 {
		sc.add(Node{Key: "more", Sel: true, Class: "label", Texts: []Text{{S: "+" + strconv.Itoa(n) + " " + tr.more, X: qW / 2, Y: 34, Size: Body, Class: "b", Anchor: "middle"}},
			X: qX, Y: qTop + float64(Slots-1)*slotH, Alpha: 1})
	}

	// The event thread, its ControllerState, the token in hand and the tallies.
	ctl := stateOf(a, Taker)
	ctlY := 44.0
	sc.add(Node{Key: "title.ctl", Class: "label", Texts: []Text{{S: "KafkaController", Size: Big, Class: "b"}}, X: ctlX, Y: 30, Alpha: 1})
	sc.add(Node{Key: "thread:" + Taker, Sel: true, Class: "box thread taker " + statusClass(ctl.Status) + selected(o, "thread:"+Taker) + current(o, Taker), W: ctlW, H: 90,
		Texts: append([]Text{{S: Taker, X: 14, Y: 27, Size: Body, Class: "b m"}},
			Text{X: 14, Y: 64}.lines(statusMark(ctl.Status)+" "+tr.short(ctl), Body, ctlW-28, 26)...),
		Title: Taker + ": " + tr.status(ctl), X: ctlX, Y: ctlY, Alpha: 1})
	sc.add(Node{Key: "ctlstate", Class: "box state lit", W: ctlW, H: 62, Texts: []Text{
		{S: "ControllerState", X: 14, Y: 22, Size: Body, Class: "d"},
		// Sized for a two-digit value, so the font holds still as the value changes.
		{S: "▶ " + a.Ctl.CtlState + " = " + a.Ctl.CtlValue, X: 14, Y: 52, Size: size("▶ "+a.Ctl.CtlState+" = 00", Big, ctlW-28), Class: "b m"},
	}, X: ctlX, Y: ctlY + 98, Alpha: 1})
	// The states the run visits, as pills: the lit one is the current.
	px, py := ctlX, ctlY+170.0
	for _, st := range o.States {
		label := st.Name + " " + st.Value
		if st.Name == a.Ctl.CtlState {
			label = "▶ " + label
		}
		w := 18 + ems(label)*Body
		if px+w > ctlX+ctlW {
			px, py = ctlX, py+40
		}
		cls := "box pill"
		if st.Name == a.Ctl.CtlState {
			cls += " lit"
		}
		sc.add(Node{Key: "pill:" + st.Name, Class: cls, W: w, H: 34, Texts: []Text{{S: label, X: w / 2, Y: 25, Size: Body, Class: "m", Anchor: "middle"}}, X: px, Y: py, Alpha: 1})
		px += w + 8
	}
	handY := py + 46
	sc.add(Node{Key: "hand", Class: "box slot hand", W: ctlW, H: tokH + 36, Texts: []Text{{S: tr.inHand, X: 14, Y: 25, Size: Body, Class: "d"}}, X: ctlX, Y: handY, Alpha: 1})
	tallyY := handY + tokH + 46
	tallies := []struct {
		key, label string
		t          model.Tally
	}{
		{"processed", tr.processed, a.Ctl.Processed},
		{"preempted", tr.preempted, a.Ctl.Preempted},
		{"lost", tr.lost, a.Ctl.Lost},
	}
	if a.Ctl.Ignored.N > 0 || b.Ctl.Ignored.N > 0 {
		tallies = append(tallies, struct {
			key, label string
			t          model.Tally
		}{"ignored", tr.ignored, a.Ctl.Ignored})
	}
	tallyAt := map[string][2]float64{}
	// A tally: its count large, and its last event, as many as fit the
	// rest of the column (the inspector lists them all).
	tallyH := math.Min(64, (H-4-tallyY)/float64(len(tallies))-6)
	for i, t := range tallies {
		y := tallyY + float64(i)*(tallyH+6)
		var last []string
		for j := len(t.t.Last) - 1; j >= 0 && len(last) < 3; j-- {
			last = append(last, "#"+strconv.Itoa(t.t.Last[j].ID)+" "+t.t.Last[j].Item)
		}
		head := tallyMark(t.key) + " " + t.label
		texts := []Text{
			{S: head, X: 12, Y: tallyH/2 + 8, Size: Body, Class: "b"},
			{S: strconv.Itoa(t.t.N), X: ctlW - 14, Y: tallyH/2 + 12, Size: Huge, Class: "b", Anchor: "end"},
		}
		// The last event beside the label, where it fits whole.
		if len(last) > 0 {
			lx := 24 + ems(head)*Body
			if room := ctlW - 70 - lx; ems(last[0])*Small <= room {
				texts = append(texts, Text{S: last[0], X: lx, Y: tallyH/2 + 8, Size: Small, Class: "m d"})
			}
		}
		sc.add(Node{Key: "tally:" + t.key, Class: "box tally " + t.key, W: ctlW, H: tallyH, Texts: texts, Title: head + " " + strconv.Itoa(t.t.N) + ": " + strings.Join(last, " · "), X: ctlX, Y: y, Alpha: 1})
		tallyAt[t.key] = [2]float64{ctlX + ctlW - tokW - 60, y + 6}
	}

	// Tokens: everything queued or in hand in a or b, moving from a to b.
	type spot struct {
		x, y, alpha float64
		tok         model.Token
		ok          bool
	}
	// Only the tokens in view are drawn: a long run may queue thousands. A
	// token moves at most one slot an event, so a window of Slots+1 slots
	// finds every token that comes into view or leaves it.
	window := func(s *model.State) []model.Token {
		if len(s.Ctl.Queue) > Slots+1 {
			return s.Ctl.Queue[:Slots+1]
		}
		return s.Ctl.Queue
	}
	more := spot{qX + (qW-tokW)/2, qTop + float64(Slots-1)*slotH, 0, model.Token{}, true}
	where := func(s *model.State, id int) spot {
		for i, t := range window(s) {
			if t.ID == id {
				if i >= Slots-1 && len(s.Ctl.Queue) > Slots {
					more.tok = t
					return more
				}
				return spot{qX + (qW-tokW)/2, qTop + float64(i)*slotH + 1, 1, t, true}
			}
		}
		if s.Ctl.Hand.ID == id && id != 0 {
			return spot{ctlX + ctlW - tokW - 14, handY + 32, 1, s.Ctl.Hand, true}
		}
		return spot{}
	}
	var ids []int
	seen := map[int]bool{}
	for _, s := range []*model.State{a, b} {
		for _, t := range window(s) {
			if !seen[t.ID] {
				seen[t.ID] = true
				ids = append(ids, t.ID)
			}
		}
		if s.Ctl.Hand.ID != 0 && !seen[s.Ctl.Hand.ID] {
			seen[s.Ctl.Hand.ID] = true
			ids = append(ids, s.Ctl.Hand.ID)
		}
	}
	for _, id := range ids {
		from, to := where(a, id), where(b, id)
		tok := from.tok
		if !from.ok {
			tok = to.tok
			// Appearing: it comes out of the thread that put it.
			from = spot{thrX + thrW - tokW/2, boxes.y[tok.By] + 20, 0, tok, true}
			if _, ok := boxes.y[tok.By]; !ok {
				from.y = qTop - 60
			}
		}
		if !to.ok {
			// Leaving: it goes to the tally of its fate.
			fate := b.Ctl.Hand.Fate
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
		if tok.Fate != "" {
			cls += " " + tok.Fate
		}
		// The name takes the room between the number and the fate's mark.
		num := "#" + strconv.Itoa(tok.ID)
		x := math.Max(50, 18+ems(num)*Body)
		room := tokW - 12 - x
		texts := []Text{{S: num, X: 10, Y: 33, Size: Body, Class: "m d"}}
		if tok.Fate != "" {
			mark := tr.fateMark(tok.Fate)
			room -= ems(mark)*Body + 8
			texts = append(texts, Text{S: mark, X: tokW - 12, Y: 33, Size: Body, Class: "b", Anchor: "end"})
		}
		texts = append(texts, Text{X: x, Y: 33, Class: "b m"}.lines(tok.Item, Body, room, 22)...)
		sc.add(Node{Key: "tok:" + strconv.Itoa(id), Sel: true, Class: cls + selected(o, "tok:"+strconv.Itoa(id)), W: tokW, H: tokH, Texts: texts, Title: num + " " + tok.Item,
			X: lerp(from.x, to.x, f), Y: lerp(from.y, to.y, f), Alpha: lerp(from.alpha, to.alpha, f)})
	}
	return sc
}

// add draws n. A box never has a negative size (the browser refuses one):
// in a column too narrow for it, it is drawn empty.
func (sc *Scene) add(n Node) {
	n.W, n.H = max(n.W, 0), max(n.H, 0)
	sc.Nodes = append(sc.Nodes, n)
}

// column is where the producer threads' boxes are: each one's top, and
// their height.
type column struct {
	y map[string]float64
	h float64
}

// threadBoxes places the producer threads: every thread of the run but the
// event thread, in order of appearance, spread over the left column. Where
// more than fit, the boxes lose their third line (what the thread does,
// still in its title and the inspector) and then shrink.
func threadBoxes(all []string) ([]string, column) {
	var names []string
	for _, n := range all {
		if n != Taker {
			names = append(names, n)
		}
	}
	c := column{y: map[string]float64{}, h: boxH}
	room := H - 48.0
	if n := float64(len(names)); n*(boxH+8) > room {
		c.h = math.Max(34, room/n-8)
	}
	for i, n := range names {
		c.y[n] = 48 + float64(i)*(c.h+8)
	}
	return names, c
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
	case model.Idle:
		return "idle"
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
		return "■"
	case model.Idle:
		return "◌"
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

// fateMark is a token's mark for its fate, with a word where the mark
// alone would not say it.
func (d dict) fateMark(f string) string {
	return map[string]string{"processed": "✔", "preempted": "↯", "lost": "✘ " + d.lost, "ignored": "– " + d.ignored}[f]
}

// size shrinks a font, down to 11 px, so that s fits width.
// fits says whether s fits width at size z (0.01: size's rounding).
func fits(s string, z, width float64) bool { return ems(s)*z <= width+0.01 }

func size(s string, size, width float64) float64 {
	if n := ems(s); n*size > width {
		return math.Max(Small, width/n)
	}
	return size
}

// fit sets t to s in the largest font up to z that fits width, cutting s
// short where even Small does not fit (ui/legible_test.go fails a lesson
// where that happens: give the text room or say it shorter).
func (t Text) fit(s string, z, width float64) Text {
	t.Size = size(s, z, width)
	for n := len([]rune(s)); n > 1 && ems(s)*t.Size > width+0.01; n-- { // 0.01: size's rounding
		s = Clip(s, n-1)
	}
	t.S = s
	return t
}

// lines is fit for a text that may take two lines of Small, lineH apart,
// split where an identifier has a seam (a space, ".", "(" or a camelCase
// boundary) nearest its middle: "AutoPreferredReplica" / "LeaderElection".
// t.Y is the single line's baseline; two lines sit around it.
func (t Text) lines(s string, z, width, lineH float64) []Text {
	if fits(s, Small, width) {
		return []Text{t.fit(s, z, width)}
	}
	r := []rune(s)
	splits := func(i int) bool {
		return fits(strings.TrimSpace(string(r[:i])), Small, width) && fits(strings.TrimSpace(string(r[i:])), Small, width)
	}
	// A space that leaves both halves fitting, nearest the middle; else
	// any seam.
	best := -1
	for _, space := range []bool{true, false} {
		for i := 1; i < len(r); i++ {
			seam := r[i-1] == ' '
			if !space {
				seam = seam || r[i-1] == '.' || r[i] == '(' || isUpper(r[i]) && !isUpper(r[i-1])
			}
			if seam && splits(i) && (best < 0 || math.Abs(float64(i)-float64(len(r))/2) < math.Abs(float64(best)-float64(len(r))/2)) {
				best = i
			}
		}
		if best >= 0 {
			break
		}
	}
	if best < 0 {
		return []Text{t.fit(s, z, width)}
	}
	a, b := t, t
	a.Y, b.Y = t.Y-lineH/2-4, t.Y+lineH/2-4
	return []Text{a.fit(strings.TrimSpace(string(r[:best])), z, width), b.fit(strings.TrimSpace(string(r[best:])), z, width)}
}

func isUpper(r rune) bool { return r >= 'A' && r <= 'Z' }

// ems estimates a label's width in ems: about 0.6 a character, a full em
// for the wide characters of Chinese.
func ems(s string) float64 {
	n := 0.0
	for _, r := range s {
		if wide(r) {
			n++
		} else {
			n += 0.6
		}
	}
	return n
}

func wide(r rune) bool {
	if r < 0x1100 { // below Hangul Jamo, the first wide block: every Latin label
		return false
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef // CJK and full-width punctuation
}

// Clip cuts s to n characters, marking the cut.
func Clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func lerp(a, b, f float64) float64 { return a + (b-a)*f }

func ease(f float64) float64 { return f * f * (3 - 2*f) }

type dict struct {
	producers, queueSize, head, removed, held, free, more                    string
	inHand, processed, preempted, lost, ignored, running, blocked            string
	idle, busy, exited, notStarted, refused, conns                           string
	generation, protocol, leader, owns, session, listener, offsetsMap        string
	lastCommit, committed, duplicates, recovered, controller, results, epoch string
	waitsOn, group, none, signals                                            string
	note                                                                     func(string) string
}

func words(o Options) dict {
	d := wordsIn(o.ZH)
	d.note = o.note
	return d
}

func wordsIn(zh bool) dict {
	if zh {
		return dict{
			"生产者线程", "队列长度", "队首（下一个）在上", "已移除", "被持有", "空闲",
			"个更多", "正在处理的事件", "已处理", "被抢占", "丢失", "被忽略",
			"运行中", "阻塞于", "等待任务：", "处理中", "已退出", "未启动",
			"已拒绝", "个连接", "代", "协议", "领导者",
			"持有分区", "会话", "监听器", "offsets 映射", "上次提交", "已提交",
			"重复", "已恢复", "控制器", "客户端结果", "纪元（epoch）", "等待任务",
			"组", "无", "信号", nil,
		}
	}
	return dict{
		"producer threads", "size", "head (next) on top", "removed", "held", "free",
		"more", "in hand: taken from the queue", "processed", "preempted", "lost", "ignored",
		"running", "blocked on", "waiting for work on", "busy", "exited", "not started",
		"refused", "connections", "generation", "protocol", "leader",
		"owns", "session", "listener", "offsets map", "last commit", "committed",
		"duplicates", "recovered", "controller", "clients' results", "epoch", "waiting",
		"group", "none", "signals", nil,
	}
}

// orNone is s, or the page's "none" where the group's state has none.
func (d dict) orNone(s string) string {
	if s == "none" {
		return d.none
	}
	return s
}

// on is what a thread waits on, in the page's language: the JVM's
// signals a main thread and a shutdown hook wait for, a queue with its
// timeout.
func (d dict) on(q string) string {
	if q == "signals" {
		return d.signals
	}
	return d.note(q)
}

// short is status as the stage says it, in a thread's box: what a thread
// waits for work on is named by its last part ("requestQueue"); the
// inspector and the box's title say it in full.
func (d dict) short(t model.Thread) string {
	if t.Status == model.Idle {
		return d.waitsOn
	}
	return d.status(t)
}

func (d dict) status(t model.Thread) string {
	switch t.Status {
	case model.Running:
		return d.running
	case model.Blocked:
		return d.blocked + " " + d.on(t.On)
	case model.Idle:
		return d.idle + " " + d.on(t.On)
	case model.Busy:
		return strings.TrimSpace(d.busy + " " + d.note(t.On))
	case model.Exited:
		return d.exited
	}
	return d.notStarted
}
