package stage

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"brokerlab/ui/model"
)

// The cluster stage: a band on top with ZooKeeper's sessions, the active
// controller with its event queue in miniature, and the clients' results
// and lost records; below it the brokers side by side, one row per
// partition, each replica's log as offset cells (the leader epoch in each,
// committed below its high watermark, uncommitted above) with its HW and
// LEO, role and ISR membership, and fetch arrows from followers to their
// leader. Beyond what fits, partitions and brokers are counted, not drawn.
const (
	kBand    = 150.0 // the top band's height
	kLabelW  = 176.0 // the partitions' labels
	kMaxRows = 20
	kMaxCols = 8
)

var noCluster = &model.Cluster{}

func cluster(s *model.State) *model.Cluster {
	if s.Clu == nil {
		return noCluster
	}
	return s.Clu
}

// BuildCluster lays out the cluster stage between state a (f=0) and b (f=1).
func BuildCluster(a, b *model.State, f float64, o Options) Scene {
	var sc Scene
	tr := words(o.ZH)
	ca, cb := cluster(a), cluster(b)
	na := net(a)

	// ZooKeeper: the brokers' sessions.
	var sess []string
	for _, br := range ca.Brokers {
		s := br.Session
		if s == "" {
			s = "—"
		}
		mark := "●"
		if s != "connected" {
			mark = "○"
		}
		if s == "disconnected" && br.Expires > 0 {
			s += " → " + fmtMs(float64(br.Expires))
		}
		sess = append(sess, mark+" "+br.ID+": "+s)
	}
	zkTexts := []Text{{S: "ZooKeeper sessions", X: 10, Y: 22, Size: 15, Class: "b"}}
	for i, s := range sess {
		if i == 5 {
			break
		}
		zkTexts = append(zkTexts, Text{X: 10, Y: 44 + float64(i)*20, Class: "m"}.fit(s, 13, 300))
	}
	sc.add(Node{Key: "zk", Class: "box slot", W: 320, H: kBand - 12, Texts: zkTexts, X: 8, Y: 8, Alpha: 1})

	// The controller and its queue.
	ctl := "—"
	if ca.Controller != "" {
		ctl = "broker-" + ca.Controller
	}
	ctlTexts := []Text{
		Text{X: 10, Y: 22, Class: "b"}.fit(tr.controller+": "+ctl+" · "+a.Ctl.CtlState, 15, 440),
	}
	var queued []string
	if ca.Controller != "" {
		for _, t := range na.Queue("broker-" + ca.Controller + "/ControllerEventManager.queue").Toks {
			queued = append(queued, t.Item)
		}
	}
	q := strings.Join(queued, " · ")
	if q == "" {
		q = "—"
	}
	ctlTexts = append(ctlTexts, Text{X: 10, Y: 44, Class: "d"}.fit("ControllerEventManager.queue "+strconv.Itoa(len(queued)), 13, 440),
		Text{X: 10, Y: 64, Class: "m"}.fit(q, 13, 440))
	ctlTexts = append(ctlTexts, Text{X: 10, Y: 92, Class: "d"}.fit(tr.parked+" "+strconv.Itoa(ca.Parked), 13, 440))
	sc.add(Node{Key: "controller", Class: "box slot", W: 460, H: kBand - 12, Texts: ctlTexts, X: 338, Y: 8, Alpha: 1})

	// The clients' results, the lost records.
	resTexts := []Text{{S: tr.results, X: 10, Y: 22, Size: 15, Class: "b"}}
	for i, d := range lastN(ca.Done, 3) {
		resTexts = append(resTexts, Text{X: 10, Y: 44 + float64(i)*20, Class: "m"}.fit(d, 13, 490))
	}
	cls := "box slot"
	if len(ca.Lost) > 0 {
		cls = "box tally lost"
		resTexts = append(resTexts, Text{X: 10, Y: 112, Class: "b"}.fit("✘ "+tr.lost+" "+strconv.Itoa(len(ca.Lost))+": "+strings.Join(lastN(ca.Lost, 2), ", "), 13, 490))
	}
	sc.add(Node{Key: "results", Class: cls, W: 506, H: kBand - 12, Texts: resTexts, X: 806, Y: 8, Alpha: 1})

	// Brokers as columns, partitions as rows.
	brokers := cb.Brokers
	moreB := 0
	if len(brokers) > kMaxCols {
		brokers, moreB = brokers[:kMaxCols], len(brokers)-kMaxCols
	}
	parts := cb.Partitions
	moreP := 0
	if len(parts) > kMaxRows {
		parts, moreP = parts[:kMaxRows], len(parts)-kMaxRows
	}
	colW := (W - 8 - kLabelW - 8) / math.Max(1, float64(len(brokers)))
	top := kBand + 40
	rowH := math.Min(120, (H-top-8)/math.Max(1, float64(len(parts))))
	colX := map[string]float64{}
	for i, br := range brokers {
		x := 8 + kLabelW + float64(i)*colW
		colX[br.ID] = x
		st, _ := ca.Broker(br.ID)
		state := st.State
		if state == "" {
			state = "—"
		}
		head := "broker-" + br.ID
		if ca.Controller == br.ID {
			head += " ★"
		}
		sc.add(Node{Key: "broker:" + br.ID, Sel: true, Class: "box broker " + state + selected(o, "broker:"+br.ID), W: colW - 6, H: H - kBand - 8, Texts: []Text{
			Text{X: 8, Y: 20, Class: "b m"}.fit(head, 16, colW-20),
			Text{X: 8, Y: 36, Class: "d"}.fit(brokerMark(state)+" "+state, 13, colW-20),
		}, X: x, Y: kBand, Alpha: 1})
	}
	if moreB > 0 {
		sc.add(Node{Key: "brokers.more", Class: "label", Texts: []Text{{S: "+" + strconv.Itoa(moreB) + " " + tr.more, Size: 14, Class: "b", Anchor: "end"}}, X: W - 10, Y: kBand - 2, Alpha: 1})
	}
	for i, p := range parts {
		y := top + float64(i)*rowH
		pa, _ := ca.Part(p.Name)
		label := []Text{
			Text{X: 0, Y: 18, Class: "b m"}.fit(p.Name, 16, kLabelW-8),
			Text{X: 0, Y: 36, Class: "d"}.fit(tr.leader+" "+pa.Leader+" · "+tr.epoch+" "+pa.Epoch, 13, kLabelW-8),
		}
		if rowH >= 56 {
			label = append(label, Text{X: 0, Y: 54, Class: "d"}.fit("ISR "+pa.ISR, 13, kLabelW-8))
		}
		sc.add(Node{Key: "part:" + p.Name, Class: "label", Texts: label, X: 8, Y: y, Alpha: 1})
		// The widest log in the row sets the cells' width; a long log
		// shows its tail.
		longest := 0
		for _, br := range brokers {
			if r, ok := cb.Replica(p.Name, br.ID); ok {
				longest = max(longest, len(r.Log))
			}
		}
		room := colW - 22
		cw := math.Min(44, math.Max(8, room/math.Max(1, float64(longest))))
		show := int(room / cw)
		for _, br := range brokers {
			r, ok := ca.Replica(p.Name, br.ID)
			rb, okB := cb.Replica(p.Name, br.ID)
			if !ok && !okB {
				continue
			}
			if !ok {
				r = rb
			}
			x := colX[br.ID] + 8
			inISR := slices.Contains(strings.Split(pa.ISR, ","), br.ID)
			role := map[string]string{"leader": "L", "follower": "F"}[r.Role]
			if role == "" {
				role = "–"
			}
			isr := ""
			if inISR {
				isr = " ∈ ISR"
			}
			sc.add(Node{Key: "rep:" + p.Name + ":" + br.ID, Class: "label", Texts: []Text{
				Text{Y: 14, Class: "m"}.fit(role+isr+" · HW "+strconv.Itoa(r.HW)+" · LEO "+strconv.Itoa(len(r.Log)), 12, colW-20),
			}, X: x, Y: y, Alpha: 1})
			first := max(0, len(r.Log)-show)
			ch := math.Min(34, rowH-30)
			for off := first; off < len(r.Log); off++ {
				cx := x + float64(off-first)*cw
				c := "box cell"
				if off < r.HW {
					c += " committed"
				}
				if ep, err := strconv.Atoi(r.Log[off]); err == nil && ep%2 == 1 {
					c += " odd"
				}
				texts := []Text(nil)
				if cw >= 14 {
					texts = []Text{{S: r.Log[off], X: cw / 2, Y: ch/2 + 4, Size: math.Min(12, cw-3), Class: "m", Anchor: "middle"}}
				}
				sc.add(Node{Key: "cell:" + p.Name + ":" + br.ID + ":" + strconv.Itoa(off), Class: c, W: cw - 1, H: ch, Texts: texts, X: cx, Y: y + 20, Alpha: 1})
			}
			// The high watermark: a bar before the first uncommitted offset.
			if r.HW > first {
				hx := x + float64(r.HW-first)*cw - 1
				sc.add(Node{Key: "hw:" + p.Name + ":" + br.ID, Class: "line hwmark", X: hx, Y: y + 16, X2: hx, Y2: y + 24 + ch, Alpha: 1})
			}
		}
		// Fetch arrows: a follower fetching from its leader, one lane each.
		lane := 0.0
		for _, br := range brokers {
			r, ok := ca.Replica(p.Name, br.ID)
			lx, okL := colX[pa.Leader]
			if !ok || !okL || r.Fetcher != "Fetching" || br.ID == pa.Leader {
				continue
			}
			c := "line fetch"
			if fetching(na, br.ID, pa.Leader) {
				c += " active"
			}
			fx := colX[br.ID] + colW/2
			fy := y + rowH - 8 - lane*8
			lane++
			sc.add(Node{Key: "fetch:" + p.Name + ":" + br.ID, Class: c, X: fx, Y: fy, X2: lx + colW/2, Y2: fy, Alpha: 1})
		}
	}
	if moreP > 0 {
		sc.add(Node{Key: "parts.more", Class: "label", Texts: []Text{{S: "+" + strconv.Itoa(moreP) + " " + tr.more, Size: 14, Class: "b"}}, X: 8, Y: H - 10, Alpha: 1})
	}
	return sc
}

// fetching says whether broker f's fetcher has a Fetch to leader l on its way.
func fetching(n *model.Net, f, l string) bool {
	conn := "replica-" + f + "@broker-" + l
	for _, r := range n.Reqs {
		if r.Conn == conn && strings.HasPrefix(r.Item, "Fetch:") {
			return true
		}
	}
	return false
}

func brokerMark(state string) string {
	switch state {
	case "running":
		return "▶"
	case "dead":
		return "✕"
	case "stalled":
		return "■"
	}
	return "○"
}

func lastN(l []string, n int) []string {
	if len(l) > n {
		return l[len(l)-n:]
	}
	return l
}
