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
// right each partition's records as cells (how often each was delivered,
// completed, failing, recovered, lost) with the group's committed offset
// marked, and the tallies a crash makes interesting: duplicates and
// losses. A delivery travels as a token from its partition to the
// listener, then into the acks queue.
const (
	lAx, lAw = 8.0, 640.0
	lBx, lBw = 664.0, 648.0
	cellH    = 34.0
)

var loopPhases = []string{"processCommits", "poll", "invokeListener"}

var noContainers = &model.Containers{}

func containers(s *model.State) *model.Containers {
	if s.Lis == nil {
		return noContainers
	}
	return s.Lis
}

// BuildListener lays out the container stage between state a (f=0) and b (f=1).
func BuildListener(a, b *model.State, f float64, o Options) Scene {
	var sc Scene
	f = ease(math.Max(0, math.Min(1, f)))
	tr := words(o.ZH)
	ca, cb := containers(a), containers(b)

	head := "ConcurrentMessageListenerContainer"
	if ca.Bean != "" {
		head += " · " + ca.Bean
	}
	sc.add(Node{Key: "title.a", Class: "label", Texts: []Text{Text{Class: "b m"}.fit(head, 19, lAw)}, X: lAx, Y: 30, Alpha: 1})
	if g := groups(a); len(g.Groups) > 0 {
		x := g.Groups[len(g.Groups)-1]
		sc.add(Node{Key: "title.group", Class: "label", Texts: []Text{Text{Class: "d"}.fit("group "+x.Name+" · "+x.State+" · "+tr.generation+" "+x.Generation, 15, lBw)}, X: lBx, Y: 30, Alpha: 1})
	}

	// Lanes.
	n := len(cb.Consumers)
	laneH := math.Min(230, (H-rTop-8)/math.Max(1, float64(n)))
	for i, lc := range cb.Consumers {
		for _, x := range ca.Consumers {
			if x.Client == lc.Client {
				lc = x
			}
		}
		y := rTop + float64(i)*laneH
		th := stateOf(a, lc.Thread)
		cls := "box thread lane " + statusClass(th.Status) + selected(o, "thread:"+lc.Thread) + current(o, lc.Thread)
		sc.add(Node{Key: "thread:" + lc.Thread, Sel: true, Class: cls, W: lAw, H: laneH - 8, Texts: []Text{
			Text{X: 10, Y: 20, Class: "b m"}.fitName(lc.Thread, 14, lAw-20),
			Text{X: 10, Y: 38, Class: "d"}.fit(lc.Client+" · "+statusMark(th.Status)+" "+tr.status(th), 13, lAw-20),
		}, X: lAx, Y: y, Alpha: 1})
		// The loop's phases, the current one lit.
		px := lAx + 10
		for _, ph := range loopPhases {
			w := 150.0
			c := "box pill"
			label := ph
			if lc.Phase == ph {
				c += " lit"
				label = "▶ " + ph
			}
			sc.add(Node{Key: "phase:" + lc.Client + ":" + ph, Class: c, W: w, H: 28, Texts: []Text{Text{X: w / 2, Y: 19, Class: "m", Anchor: "middle"}.fit(label, 13, w-10)}, X: px, Y: y + 46, Alpha: 1})
			px += w + 8
		}
		if lc.Phase != "" && !slices.Contains(loopPhases, lc.Phase) {
			sc.add(Node{Key: "phase:" + lc.Client + ":other", Class: "label", Texts: []Text{{S: "■ " + lc.Phase, Size: 15, Class: "b", Y: 19}}, X: px, Y: y + 46, Alpha: 1})
		}
		// The listener slot, the acks queue, the offsets map, the commit.
		ry := y + 84
		sc.add(Node{Key: "slot:listener:" + lc.Client, Class: "box slot hand", W: 150, H: reqH + 12, Texts: []Text{{S: tr.listener, X: 6, Y: -4, Size: 12, Class: "d"}}, X: lAx + 10, Y: ry, Alpha: 1})
		if lc.Failed != "" {
			sc.add(Node{Key: "fail:" + lc.Client, Class: "label fail", Texts: []Text{Text{Class: "b"}.fit("✘ "+lc.Failed, 14, lAw-20)}, X: lAx + 10, Y: ry + reqH + 32, Alpha: 1})
		}
		q := net(a).Queue("listener[" + lc.Client + "].acks")
		sc.add(Node{Key: "q:listener[" + lc.Client + "].acks", Sel: true, Class: "box slot", W: 200, H: reqH + 12, Texts: []Text{{S: "acks " + strconv.Itoa(len(q.Toks)), X: 6, Y: -4, Size: 12, Class: "d"}}, X: lAx + 170, Y: ry, Alpha: 1})
		var offs []string
		for _, p := range lc.Offsets {
			offs = append(offs, p.Part+"→"+p.Offset)
		}
		offText := strings.Join(offs, " ")
		if offText == "" {
			offText = "—"
		}
		sc.add(Node{Key: "offsets:" + lc.Client, Class: "box slot", W: 250, H: reqH + 12, Texts: []Text{
			{S: tr.offsetsMap, X: 6, Y: -4, Size: 12, Class: "d"},
			Text{X: 8, Y: 24, Class: "m b"}.fit(offText, 14, 234),
		}, X: lAx + 380, Y: ry, Alpha: 1})
		if lc.Commit != "" && laneH >= 150 {
			sc.add(Node{Key: "commit:" + lc.Client, Class: "label", Texts: []Text{Text{Class: "m"}.fit(tr.lastCommit+": "+lc.Commit, 13, lAw-20)}, X: lAx + 10, Y: ry + 78, Alpha: 1})
		}
	}

	// Partitions: the records as cells, as wide as the longest log allows.
	most := 0
	for _, p := range cb.Partitions {
		most = max(most, len(p.Recs))
	}
	perRow := min(16, max(8, most))
	cellW := lBw/float64(perRow) - 2
	cells := map[string][2]float64{}
	y := rTop
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
		sc.add(Node{Key: "part:" + p.Name, Class: "label", Texts: []Text{Text{Class: "b m"}.fit(p.Name+"  · "+tr.committed+" "+committed, 15, lBw)}, X: lBx, Y: y + 14, Alpha: 1})
		for off := range p.Recs {
			r := model.Rec{}
			if off < len(pa.Recs) {
				r = pa.Recs[off]
			}
			cx := lBx + float64(off%perRow)*(cellW+2)
			cy := y + 22 + float64(off/perRow)*(cellH+4)
			key := p.Name + "@" + strconv.Itoa(off)
			cells[key] = [2]float64{cx, cy}
			c, mark := recClass(r, off < pa.Committed, ca.Lost(p.Name, off))
			label := strconv.Itoa(off)
			if r.Deliveries > 1 {
				label += "×" + strconv.Itoa(r.Deliveries)
			}
			sc.add(Node{Key: "rec:" + key, Sel: true, Class: "box rec " + c, W: cellW, H: cellH, Texts: []Text{
				Text{X: cellW / 2, Y: 15, Class: "m", Anchor: "middle"}.fit(label, 12, cellW-4),
				{S: mark, X: cellW / 2, Y: 29, Size: 12, Class: "b", Anchor: "middle"},
			}, X: cx, Y: cy, Alpha: 1})
		}
		// The committed offset: a bar before the first uncommitted record.
		if pa.Committed >= 0 {
			off := pa.Committed
			cx := lBx + float64(off%perRow)*(cellW+2) - 2
			cy := y + 22 + float64(off/perRow)*(cellH+4)
			sc.add(Node{Key: "committed:" + p.Name, Class: "line committed", X: cx, Y: cy - 4, X2: cx, Y2: cy + cellH + 4, Alpha: 1})
		}
		y += 36 + rows*(cellH+4)
	}
	pr, du, re, lo := ca.Tally()
	tallies := []struct {
		key, label string
		n          int
	}{{"processed", tr.processed, pr}, {"dups", tr.duplicates, du}, {"recovered", tr.recovered, re}, {"lost", tr.lost, lo}}
	for i, t := range tallies {
		sc.add(Node{Key: "tally:" + t.key, Class: "box tally " + t.key, W: 150, H: 56, Texts: []Text{
			{S: t.label, X: 10, Y: 22, Size: 14, Class: "b"},
			{S: strconv.Itoa(t.n), X: 140, Y: 46, Size: 24, Class: "b", Anchor: "end"},
		}, X: lBx + float64(i)*162, Y: H - 66, Alpha: 1})
	}

	// Deliveries on their way: from the partition into the listener, then
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
					return [2]float64{p[0] + 160 + math.Min(float64(k), 10)*8, p[1]}, true
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
		sc.add(Node{Key: "dl:" + strconv.Itoa(t.id), Class: "token req", W: 136, H: reqH, Texts: []Text{Text{X: 6, Y: 18, Class: "m b"}.fit(t.rec, 13, 126)},
			X: lerp(from[0], to[0], f), Y: lerp(from[1], to[1], f), Alpha: lerp(al1, al2, f)})
	}
	return sc
}

// laneHand is where a ListenerConsumer's listener slot holds a record.
func laneHand(c *model.Containers, client string, laneH float64) [2]float64 {
	for i, lc := range c.Consumers {
		if lc.Client == client {
			return [2]float64{lAx + 16, rTop + float64(i)*laneH + 90}
		}
	}
	return [2]float64{lAx + 16, rTop}
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
		return "dup", "2×"
	case r.Done && committed:
		return "done committed", "✔"
	case r.Done:
		return "done", "✓"
	case r.Deliveries > 0:
		return "delivered", "…"
	}
	return "new", ""
}
