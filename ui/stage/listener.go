package stage

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"brokerlab/ui/model"
)

// The container stage: on the left each ListenerConsumer of the Spring
// listener container as a lane (its loop's phase lit, the record in its
// listener, its acks queue, its offsets map, its last commit); on the
// right each partition's records as cells, each with its deliveries
// stacked below it (a mark an attempt: completed, threw, in the listener)
// and its fate marked (processed, recovered: skipped by the recoverer,
// failing, lost), the group's committed offset marked and large, and the
// tallies a crash makes interesting: duplicates and losses. A delivery
// travels as a token from its record to the listener, then into the acks
// queue.
const (
	lTop       = 48.0
	lAx, lAw   = 8.0, 640.0
	lBx, lBw   = 664.0, 648.0
	cellH      = 58.0
	tryH       = 12.0 // one delivery in a record's stack
	tryGap     = 3.0  // between two
	maxStack   = 12   // deliveries drawn a record; the count says the rest
	phaseW     = 202.0
	lTokW      = 150.0
	lTokH      = 34.0
	listenerW  = 180.0
	acksW      = 200.0
	offsetsW   = 214.0
	laneBoxGap = 12.0
)

var loopPhases = []string{"processCommits", "poll", "invokeListener"}

var noContainers = &model.Containers{}

func containers(s *model.State) *model.Containers {
	if s.Lis == nil {
		return noContainers
	}
	return s.Lis
}

type ldict struct {
	acks, skipped, delivered, times, failing, inListener string
	states                                               map[string]string // a container's or consumer's state in words, nil in English
}

func lwords(zh bool) ldict {
	if zh {
		return ldict{"acks 队列", "已跳过", "投递", "次", "失败中", "在监听器中",
			map[string]string{"running": "运行中", "crashed": "已崩溃", "stopped": "已停止", "stopping": "停止中"}}
	}
	return ldict{"acks", "skipped", "delivered", "times", "failing", "in the listener", nil}
}

// state is a container's (or a consumer's, outside its loop) state in words.
func (d ldict) state(s string) string {
	if w, ok := d.states[s]; ok {
		return w
	}
	return s
}

// BuildListener lays out the container stage between state a (f=0) and b (f=1).
func BuildListener(a, b *model.State, f float64, o Options) Scene {
	var sc Scene
	f = ease(math.Max(0, math.Min(1, f)))
	tr, lw := words(o), lwords(o.ZH)
	ca, cb := containers(a), containers(b)

	head := "ConcurrentMessageListenerContainer"
	bean := []Text{Text{Y: 0, Class: "b m"}.fit("ConcurrentMessageListenerContainer", Body, lAw-160)}
	if ca.Bean != "" {
		bean = append(bean, Text{X: lAw, Y: 0, Class: "b", Anchor: "end"}.fit(beanMark(ca.Bean)+" "+lw.state(ca.Bean), Body, 150))
		head += " · " + lw.state(ca.Bean)
	}
	sc.add(Node{Key: "title.a", Class: "label", Title: head, Texts: bean, X: lAx, Y: 30, Alpha: 1})
	if g := groups(a); len(g.Groups) > 0 {
		x := g.Groups[len(g.Groups)-1]
		sc.add(Node{Key: "title.group", Class: "label", Title: tr.group + " " + x.Name + " · " + x.State + " · " + tr.generation + " " + x.Generation,
			Texts: []Text{Text{Class: "d"}.fit(tr.group+" "+x.Name+" · "+x.State+" · "+tr.generation+" "+x.Generation, Body, lBw)}, X: lBx, Y: 30, Alpha: 1})
	}

	// Lanes.
	n := len(cb.Consumers)
	laneH := math.Min(260, (H-lTop-8)/math.Max(1, float64(n)))
	for i, lc := range cb.Consumers {
		for _, x := range ca.Consumers {
			if x.Client == lc.Client {
				lc = x
			}
		}
		y := lTop + float64(i)*laneH
		th := stateOf(a, lc.Thread)
		cls := "box thread lane " + statusClass(th.Status) + selected(o, "thread:"+lc.Thread) + current(o, lc.Thread)
		label := Short(lc.Thread)
		sc.add(Node{Key: "thread:" + lc.Thread, Sel: true, Class: cls, W: lAw, H: laneH - 8,
			Title: lc.Thread + " · " + lc.Client + " · " + statusMark(th.Status) + " " + tr.status(th),
			Texts: []Text{
				{S: statusMark(th.Status), X: 10, Y: 30, Size: Big, Class: "b"},
				Text{X: 36, Y: 30, Class: "b m"}.fit(label, Big, lAw-220),
				{S: lc.Client, X: lAw - 12, Y: 30, Size: Body, Class: "m d", Anchor: "end"},
			}, X: lAx, Y: y, Alpha: 1})
		// The loop's phases, the current one lit; one outside the loop
		// (crashed, wrapUp, stopped) says so beside the client.
		px := lAx + 10
		for _, ph := range loopPhases {
			c := "box pill"
			texts := []Text{Text{X: 22, Y: 24, Class: "m"}.fit(ph, Body, phaseW-32)}
			if lc.Phase == ph {
				c += " lit"
				texts[0].Class = "b m"
				texts = append(texts, Text{S: "▶", X: 4, Y: 24, Size: Body, Class: "b"})
			}
			sc.add(Node{Key: "phase:" + lc.Client + ":" + ph, Class: c, W: phaseW, H: 34, Texts: texts, X: px, Y: y + 44, Alpha: 1})
			px += phaseW + 6
		}
		if lc.Phase != "" && !slices.Contains(loopPhases, lc.Phase) {
			sc.add(Node{Key: "phase:" + lc.Client + ":other", Class: "label fail", Texts: []Text{{S: "■ " + lw.state(lc.Phase), Size: Body, Class: "b", Anchor: "end"}},
				X: lAx + lAw - 14 - ems(lc.Client)*Body - 16, Y: y + 30, Alpha: 1})
		}
		// The listener slot, the acks queue, the offsets map, the commit.
		ry := y + 116
		q := net(a).Queue("listener[" + lc.Client + "].acks")
		caption := func(s string) Text { return Text{X: 2, Y: -8, Class: "d"}.fit(s, Body, 200) }
		sc.add(Node{Key: "slot:listener:" + lc.Client, Class: "box slot hand", W: listenerW, H: lTokH + 10, Texts: []Text{caption(tr.listener)}, X: lAx + 10, Y: ry, Alpha: 1})
		sc.add(Node{Key: "q:listener[" + lc.Client + "].acks", Sel: true, Class: "box slot", W: acksW, H: lTokH + 10, Title: "listener[" + lc.Client + "].acks",
			Texts: []Text{caption(lw.acks + " " + strconv.Itoa(len(q.Toks)))}, X: lAx + 10 + listenerW + laneBoxGap, Y: ry, Alpha: 1})
		var offs []string
		for _, p := range lc.Offsets {
			offs = append(offs, p.Part+"→"+p.Offset)
		}
		offText := strings.Join(offs, " ")
		if offText == "" {
			offText = "—"
		}
		sc.add(Node{Key: "offsets:" + lc.Client, Class: "box slot", W: offsetsW, H: lTokH + 10, Title: tr.offsetsMap + ": " + offText, Texts: []Text{
			caption(tr.offsetsMap),
			Text{X: 10, Y: 32, Class: "m b"}.fit(offText, Big, offsetsW-16),
		}, X: lAx + 10 + listenerW + acksW + 2*laneBoxGap, Y: ry, Alpha: 1})
		ly := ry + lTokH + 40
		if lc.Failed != "" && ly+4 < y+laneH-8 {
			sc.add(Node{Key: "fail:" + lc.Client, Class: "label fail", Texts: []Text{Text{Class: "b"}.fit("✘ "+lc.Failed, Body, lAw-24)}, X: lAx + 12, Y: ly, Alpha: 1})
			ly += 30
		}
		if lc.Commit != "" && ly+4 < y+laneH-8 {
			sc.add(Node{Key: "commit:" + lc.Client, Class: "label", Title: tr.lastCommit + ": " + lc.Commit, Texts: []Text{
				{S: tr.lastCommit, Size: Body, Class: "d"},
				Text{X: ems(tr.lastCommit)*Body + 10, Class: "m b"}.fit(lc.Commit, Body, lAw-34-ems(tr.lastCommit)*Body),
			}, X: lAx + 12, Y: ly, Alpha: 1})
		}
	}

	// Partitions: the records as cells, as wide as the longest log allows,
	// each with its deliveries stacked below.
	most, tries := 0, 1
	for _, p := range cb.Partitions {
		most = max(most, len(p.Recs))
		for _, r := range p.Recs {
			tries = max(tries, min(r.Deliveries, maxStack))
		}
	}
	perRow := min(16, max(8, most))
	cellW := lBw/float64(perRow) - 4
	stackH := float64(tries)*(tryH+tryGap) + 30 // the marks and the count below them
	rowStep := cellH + stackH + 10
	cells := map[string][2]float64{}
	y := lTop + 14
	for _, p := range cb.Partitions {
		pa := p
		for _, x := range ca.Partitions {
			if x.Name == p.Name {
				pa = x
			}
		}
		rows := math.Max(1, math.Ceil(float64(len(p.Recs))/float64(perRow)))
		committed := "—"
		if pa.Committed >= 0 {
			committed = strconv.Itoa(pa.Committed)
		}
		cx := ems(p.Name)*Big + 28
		sc.add(Node{Key: "part:" + p.Name, Class: "label", Title: p.Name + " · " + tr.committed + " " + committed, Texts: []Text{
			{S: p.Name, Y: 26, Size: Big, Class: "b m"},
			{S: tr.committed, X: cx, Y: 26, Size: Body, Class: "d"},
			{S: committed, X: cx + ems(tr.committed)*Body*1.15 + 12, Y: 30, Size: Huge, Class: "b"},
		}, X: lBx, Y: y, Alpha: 1})
		y += 44
		for off := range p.Recs {
			r := model.Rec{}
			if off < len(pa.Recs) {
				r = pa.Recs[off]
			}
			x := lBx + float64(off%perRow)*(cellW+4)
			ry := y + float64(off/perRow)*rowStep
			key := p.Name + "@" + strconv.Itoa(off)
			cells[key] = [2]float64{math.Max(lBx, math.Min(x+cellW/2-lTokW/2, lBx+lBw-lTokW)), ry + 12} // a delivery leaves from here
			lost := ca.Lost(p.Name, off)
			c, mark := recClass(r, off < pa.Committed, lost)
			sc.add(Node{Key: "rec:" + key, Sel: true, Class: "box rec " + c, W: cellW, H: cellH, Title: key + " · " + lw.delivered + " " + strconv.Itoa(r.Deliveries) + " " + lw.times + " · " + recFate(r, lost, tr, lw),
				Texts: []Text{
					Text{X: cellW / 2, Y: 24, Class: "m", Anchor: "middle"}.fit(strconv.Itoa(off), Body, cellW-4),
					{S: mark, X: cellW / 2, Y: 50, Size: Big, Class: "b", Anchor: "middle"},
				}, X: x, Y: ry, Alpha: 1})
			// The stack of attempts, the first at the top.
			sy := ry + cellH + 4
			for k := 0; k < min(len(r.Tries), maxStack); k++ {
				sc.add(Node{Key: "try:" + key + ":" + strconv.Itoa(k), Class: "box try " + tryClass(r, k), W: cellW - 8, H: tryH,
					X: x + 4, Y: sy + float64(k)*(tryH+tryGap), Alpha: 1})
			}
			if r.Deliveries > 1 {
				ny := sy + float64(min(r.Deliveries, maxStack))*(tryH+tryGap) + 20
				num := "×" + strconv.Itoa(r.Deliveries)
				sc.add(Node{Key: "tries:" + key, Class: "label", Texts: []Text{{S: num, X: cellW / 2, Y: 0, Size: size(num, Big, cellW+2), Class: "b", Anchor: "middle"}}, X: x, Y: ny, Alpha: 1})
			}
		}
		// The committed offset: a bar before the first uncommitted record.
		if pa.Committed >= 0 {
			off := pa.Committed
			col, row := off%perRow, off/perRow
			if col == 0 && off > 0 && off >= len(p.Recs) { // past the last record: at the end of its row
				col, row = perRow, row-1
			}
			cx := lBx + float64(col)*(cellW+4) - 2
			cy := y + float64(row)*rowStep
			sc.add(Node{Key: "committed:" + p.Name, Class: "line committed", X: cx, Y: cy - 6, X2: cx, Y2: cy + cellH + 6, Alpha: 1})
		}
		y += rows * rowStep
	}
	pr, du, re, lo := ca.Tally()
	tallies := []struct {
		key, label string
		n          int
	}{{"processed", tr.processed, pr}, {"dups", tr.duplicates, du}, {"recovered", tr.recovered, re}, {"lost", tr.lost, lo}}
	for i, t := range tallies {
		sc.add(Node{Key: "tally:" + t.key, Class: "box tally " + t.key, W: 154, H: 72, Texts: []Text{
			Text{X: 10, Y: 26, Class: "b"}.fit(t.label, Body, 136),
			{S: tallyMarkL(t.key), X: 10, Y: 60, Size: Big, Class: "b"},
			{S: strconv.Itoa(t.n), X: 144, Y: 62, Size: Huge, Class: "b", Anchor: "end"},
		}, X: lBx + float64(i)*164, Y: H - 80, Alpha: 1})
	}

	// Deliveries on their way: from the record into the listener, then
	// into the acks queue.
	type tok struct {
		id  int
		rec string
	}
	var toks []tok
	seen := map[int]bool{}
	for _, c := range []*model.Containers{ca, cb} {
		for _, lc := range c.Consumers {
			if lc.Record != "" && !seen[lc.Deliver] {
				seen[lc.Deliver] = true
				toks = append(toks, tok{lc.Deliver, lc.Record})
			}
		}
	}
	for _, nt := range []*model.Net{net(a), net(b)} {
		for _, q := range nt.Queues {
			if strings.HasPrefix(q.Name, "listener[") {
				for _, t := range q.Toks {
					if !seen[t.ID] {
						seen[t.ID] = true
						toks = append(toks, tok{t.ID, t.Item})
					}
				}
			}
		}
	}
	where := func(c *model.Containers, n *model.Net, t tok) ([2]float64, bool) {
		for _, lc := range c.Consumers {
			if lc.Deliver == t.id && lc.Record != "" {
				return laneHand(cb, lc.Client, laneH), true
			}
		}
		for _, q := range n.Queues {
			if !strings.HasPrefix(q.Name, "listener[") {
				continue
			}
			for k, x := range q.Toks {
				if x.ID == t.id {
					_, client, _ := model.Bracket(q.Name)
					p := laneHand(cb, client, laneH)
					return [2]float64{p[0] + listenerW + laneBoxGap + math.Min(float64(k), 6)*8, p[1]}, true
				}
			}
		}
		return [2]float64{}, false
	}
	for _, t := range toks {
		from, okA := where(ca, net(a), t)
		to, okB := where(cb, net(b), t)
		al1, al2 := 1.0, 1.0
		if !okA {
			from, al1 = cells[t.rec], 0
		}
		if !okB {
			to, al2 = from, 0
		}
		sc.add(Node{Key: "dl:" + strconv.Itoa(t.id), Class: "token req", W: lTokW, H: lTokH, Title: t.rec,
			Texts: []Text{Text{X: lTokW / 2, Y: 24, Class: "m b", Anchor: "middle"}.fit(t.rec, Body, lTokW-10)},
			X:     lerp(from[0], to[0], f), Y: lerp(from[1], to[1], f), Alpha: lerp(al1, al2, f)})
	}
	return sc
}

// laneHand is where a ListenerConsumer's listener slot holds a record.
func laneHand(c *model.Containers, client string, laneH float64) [2]float64 {
	for i, lc := range c.Consumers {
		if lc.Client == client {
			return [2]float64{lAx + 10 + (listenerW-lTokW)/2, lTop + float64(i)*laneH + 116 + 5}
		}
	}
	return [2]float64{lAx + 16, lTop}
}

// recClass draws a record's fate in class and mark, never colour alone.
func recClass(r model.Rec, committed, lost bool) (string, string) {
	switch {
	case lost:
		return "lost", "✘"
	case r.Recovered:
		return "recovered", "↷"
	case r.Failing:
		return "failing", "!"
	case r.Dups > 0:
		return "dup", "✔"
	case r.Done && committed:
		return "done committed", "✔"
	case r.Done:
		return "done", "✓"
	case r.Deliveries > 0:
		return "delivered", "▸"
	}
	return "new", ""
}

// recFate says a record's fate in words, for its title.
func recFate(r model.Rec, lost bool, tr dict, lw ldict) string {
	switch {
	case lost:
		return tr.lost
	case r.Recovered:
		return tr.recovered + " (" + lw.skipped + ")"
	case r.Failing:
		return lw.failing
	case r.Dups > 0:
		return tr.processed + " · " + tr.duplicates + " " + strconv.Itoa(r.Dups)
	case r.Done:
		return tr.processed
	case r.Deliveries > 0:
		return lw.inListener
	}
	return "—"
}

// tryClass is the class of a record's k-th delivery in its stack: a
// completion after the first is a duplicate.
func tryClass(r model.Rec, k int) string {
	switch r.Tries[k] {
	case 'd':
		if strings.IndexByte(r.Tries[:k], 'd') >= 0 {
			return "dup"
		}
		return "done"
	case 'f':
		return "failed"
	}
	return "inflight"
}

func tallyMarkL(k string) string {
	return map[string]string{"processed": "✔", "dups": "✔✔", "recovered": "↷", "lost": "✘"}[k]
}

func beanMark(s string) string {
	switch s {
	case "running":
		return "▶"
	case "crashed":
		return "✘"
	}
	return "■"
}
