package stage

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"brokerlab/ui/model"
)

// The cluster stage: a band on top with ZooKeeper's registered brokers,
// the active controller and the clients' latest result (and the records
// an unclean election lost); below it the brokers side by side, each with
// its state and ZooKeeper session, one row per partition, and its
// purgatory at the bottom. Each replica's log is a strip of offset cells
// coloured by leader epoch (the legend is in the partition's label),
// solid below the high watermark, dashed above; HW and LEO are large
// labelled markers under and over the strip; the replica's role and ISR
// membership head it. Followers' fetches are dots moving along arrows to
// their leader; requests from the clients and the controller are tokens
// that travel to a broker, wait in its purgatory and go back, the result
// large in the band. Beyond what fits, partitions and brokers are
// counted, not drawn. The consumer groups, if any, take a band at the
// bottom (cluster_groups.go), and the internal topic's partitions are
// drawn there, for the groups, not as rows.
const (
	kBand    = 112.0 // the top band's height
	kTop     = 126.0 // the brokers' boxes start here
	kLabelW  = 150.0 // the partitions' labels
	kHead    = 92.0  // a broker's header: name, state, session
	kPurgH   = 150.0 // a broker's purgatory box
	kRoomy   = 270.0 // a partition row this tall gets the large layout
	kBodyRow = 90.0  // a partition row this tall has no text smaller than Body
	kMaxRows = 20
	kMaxCols = 8
	kTokW    = 170.0 // a travelling token
	kTokH    = 40.0
)

var noCluster = &model.Cluster{}

func cluster(s *model.State) *model.Cluster {
	if s.Clu == nil {
		return noCluster
	}
	return s.Clu
}

// cwords are the cluster stage's own words.
type cwords struct {
	zkIDs, controller, queue, results, lost, none, purgatory, waiting string
	leader, follower, noRole, inISR, outISR, noLeader, epoch, epochs  string
	running, stalled, dead, starting, session, expires, more, ctlMark string
	offline, waitsFor, session2, committed, uncommitted, aboveHW      string
	sessions                                                          []string // sessionStates' words, none in English
}

func clusterWords(zh bool) cwords {
	if zh {
		return cwords{"/brokers/ids", "控制器", "队列", "客户端结果", "丢失", "—", "炼狱", "等待",
			"领导者", "追随者", "无角色", "✔ 在 ISR 中", "✘ 不在 ISR", "无领导者", "纪元", "纪元",
			"运行中", "暂停", "已宕机", "启动中", "ZK 会话", "过期于", "个更多", "★ 控制器", "离线", "等待", "会话", "已提交", "未提交", "HW 以上",
			[]string{"已连接", "已断开", "已过期", "已关闭"}}
	}
	return cwords{"/brokers/ids", "controller", "queue", "clients' results", "lost", "—", "purgatory", "waiting",
		"leader", "follower", "no role", "✔ in ISR", "✘ not in ISR", "no leader", "epoch", "epochs",
		"running", "stalled", "dead", "starting", "ZK session", "expires at", "more", "★ controller", "offline", "waits for", "session", "committed", "uncommitted", "above HW", nil}
}

// ctitles are the cluster stage's titles, as fmt formats: the full
// sentences a node says on hover and to a screen reader.
type ctitles struct {
	controller, parked, broker, expires, active, purgatories, part, epoch     string
	committed, uncommitted, replica, cell, cellCommitted, cellAbove, cellLost string
	cellCopy                                                                  string
	leo, hw, fetch, req, delayed, sock, out, queued, held, removed            string
}

func clusterTitles(zh bool) ctitles {
	if zh {
		return ctitles{
			controller: "KafkaController 在 %s 上，ControllerState %s", parked: "各 broker 炼狱中的请求：%d",
			broker: "%s：%s，ZooKeeper 会话 %s", expires: "，过期于 %s", active: "，当前的控制器",
			purgatories: "broker-%s 的炼狱（DelayedProduce、DelayedFetch）：%s",
			part:        "%s：领导者 %s，领导者纪元 %s，ISR %s", epoch: "领导者纪元 %s",
			committed:   "已提交：在高水位（HW）以下，每个 ISR 成员都有，消费者可以读到",
			uncommitted: "尚未提交：在高水位（HW）以上",
			replica:     "%s 在 broker-%s 上：%s，ISR %s，HW %d，LEO %d，拉取线程 %s",
			cell:        "位移 %d，领导者纪元 %s", cellCommitted: "，已提交（HW 以下）", cellAbove: "，HW 以上，未提交",
			cellLost: "，丢失：新领导者的日志里没有它",
			cellCopy: "，重复：同一请求的消息在更早的位移已写入过一次",
			leo:      "日志末端位移（LEO）：下一条要写入的位移", hw: "高水位（HW）：它以下的位移已提交，消费者只读这些",
			fetch: "broker-%[1]s 的 ReplicaFetcherThread 从 broker-%[3]s 拉取 %[2]s",
			req:   "%s，连接 %s：%s", delayed: "停在 broker-%s 的 %s 炼狱中（%s）",
			sock: "已发送，尚未被读取", out: "已响应，响应等待写出", queued: "在 %s 中", held: "被 %s 持有", removed: "已移除",
		}
	}
	return ctitles{
		controller: "KafkaController on %s, ControllerState %s", parked: "requests in the brokers' purgatories: %d",
		broker: "%s: %s, ZooKeeper session %s", expires: ", expires at %s", active: ", the active controller",
		purgatories: "broker-%s's purgatories (DelayedProduce, DelayedFetch): %s",
		part:        "%s: leader %s, leader epoch %s, ISR %s", epoch: "leader epoch %s",
		committed:   "committed: below the high watermark, on every ISR member, readable by consumers",
		uncommitted: "not committed yet: above the high watermark",
		replica:     "%s on broker-%s: %s, ISR %s, HW %d, LEO %d, fetcher %s",
		cell:        "offset %d, leader epoch %s", cellCommitted: ", committed (below the HW)", cellAbove: ", above the HW, not committed",
		cellLost: ", lost: the new leader's log lacks it",
		cellCopy: ", a duplicate: the same request's records were written once already, at an earlier offset",
		leo:      "log end offset: the next offset to write", hw: "high watermark: offsets below it are committed, consumers read only those",
		fetch: "broker-%[1]s's ReplicaFetcherThread fetches %[2]s from broker-%[3]s",
		req:   "%s on %s: %s", delayed: "parked in broker-%s's %s purgatory (%s)",
		sock: "sent, not read yet", out: "answered, the response waits to be written", queued: "in %s", held: "held by %s", removed: "removed",
	}
}

// fetcher is a replica's fetcher state as its title says it: upstream's
// states (Truncating, Fetching) as they are, ours in the page's language.
func (t ctitles) fetcher(s string) string {
	if s == "removed" {
		return t.removed
	}
	return orDash(s)
}

// sessionState is a ZooKeeper session's state as the broker's box says it.
func (w cwords) sessionState(s string) string {
	if i := slices.Index(sessionStates, s); i >= 0 && i < len(w.sessions) {
		return w.sessions[i]
	}
	return orDash(s)
}

var sessionStates = []string{"connected", "disconnected", "expired", "closed"}

func (w cwords) state(s string) string {
	switch s {
	case "running":
		return w.running
	case "stalled":
		return w.stalled
	case "dead":
		return w.dead
	case "starting":
		return w.starting
	}
	return s
}

// firstFit is the first of the candidates that fits width at a size from
// z down to Small, in that size; ok is false if none does.
func firstFit(t Text, z, width float64, cands ...string) (Text, bool) {
	for _, s := range cands {
		if s != "" && fits(s, Small, width) {
			t.S, t.Size = s, size(s, z, width)
			return t, true
		}
	}
	return t, false
}

// BuildCluster lays out the cluster stage between state a (f=0) and b (f=1).
func BuildCluster(a, b *model.State, f float64, o Options) Scene {
	l := &clayout{a: a, b: b, f: ease(math.Max(0, math.Min(1, f))), o: o,
		tr: clusterWords(o.ZH), tt: clusterTitles(o.ZH),
		ca: cluster(a), cb: cluster(b), na: net(a), nb: net(b)}
	l.groupsPlace()
	l.zookeeper()
	l.controller()
	l.results()
	l.columns()
	l.purgatories()
	l.partitions()
	l.groups()
	l.requests()
	return l.sc
}

// The results' band, across the top on the right: clients' tokens leave
// from it and come back to it.
const resX, resW = 694.0, 618.0

// clayout is the cluster stage being laid out: the two states it goes
// between, and what one part of it places for the parts after it.
type clayout struct {
	sc     Scene
	a, b   *model.State
	f      float64 // the eased fraction of the way from a to b
	o      Options
	tr     cwords
	tt     ctitles
	gw     cgwords
	ca, cb *model.Cluster
	na, nb *model.Net

	// columns: the brokers and partitions shown (and how many more there
	// are), the columns' width and x, the boxes' height, the rows.
	brokers          []model.Broker
	parts            []model.CPart
	moreB, moreP     int
	colW, boxH       float64
	colX             map[string]float64
	rowsTop, rowsBot float64
	rowH             float64
	roomy            bool // rows tall enough for the full strip and labels
	// purgatories: their top.
	purgTop float64
	// partitions: each follower's first fetch arrow to its leader, by
	// follower+"@"+leader, where its fetches travel.
	lanes map[string]lane

	// groupsPlace: the groups drawn, their band's top and the brokers'
	// boxes' bottom (above the band); groups: where each member's card
	// is, where its requests leave from.
	gshown  []model.Group
	bandTop float64
	bottom  float64
	cards   map[string][2]float64
}

// lane is a fetch arrow: from x1 to x2 at height y.
type lane struct{ x1, x2, y float64 }

// zookeeper draws the brokers registered under /brokers/ids, the sessions
// in the title (and in each broker's box).
func (l *clayout) zookeeper() {
	var ids, sess []string
	for _, br := range l.ca.Brokers {
		if br.Session == "connected" || br.Session == "disconnected" {
			ids = append(ids, br.ID)
		}
		sess = append(sess, "broker-"+br.ID+": "+l.tr.sessionState(br.Session))
	}
	reg := strings.Join(ids, ", ")
	if reg == "" {
		reg = "—"
	}
	zkTexts := []Text{
		{S: "ZooKeeper", X: 14, Y: 30, Size: Body, Class: "b"},
		{S: l.tr.zkIDs, X: 14, Y: 58, Size: Body, Class: "d m"},
	}
	if t, ok := firstFit(Text{X: 14, Y: 96, Class: "b m"}, Huge, 222, reg, strings.Join(ids, ","), strconv.Itoa(len(ids))); ok {
		zkTexts = append(zkTexts, t)
	}
	l.sc.add(Node{Key: "zk", Class: "box slot", W: 250, H: kBand - 8, Title: "ZooKeeper /brokers/ids: " + strings.Join(ids, ",") + "\n" + strings.Join(sess, "\n"), Texts: zkTexts, X: 8, Y: 8, Alpha: 1})
}

// controller draws the active controller, its state and its queue.
func (l *clayout) controller() {
	ctl := "—"
	if l.ca.Controller != "" {
		ctl = "broker-" + l.ca.Controller
	}
	var queued []string
	if l.ca.Controller != "" {
		for _, t := range l.na.Queue("broker-" + l.ca.Controller + "/" + model.ControllerQueue).Toks {
			queued = append(queued, t.Item)
		}
	}
	ctlTexts := []Text{
		{S: l.tr.controller, X: 14, Y: 30, Size: Body, Class: "d"},
		{S: ctl, X: 406, Y: 30, Size: Big, Class: "b m", Anchor: "end"},
	}
	state := l.a.Ctl.CtlState
	if state == "" {
		state = "—"
	}
	if t, ok := firstFit(Text{X: 14, Y: 64, Class: "b m"}, Big, 392, "▶ "+state, state); ok {
		ctlTexts = append(ctlTexts, t)
	}
	q := l.tr.queue + " " + strconv.Itoa(len(queued))
	line := q
	if len(queued) > 0 {
		line = q + ": " + queued[0]
		if len(queued) > 1 {
			line += " +" + strconv.Itoa(len(queued)-1)
		}
	}
	if t, ok := firstFit(Text{X: 14, Y: 96, Class: "m"}, Body, 392, line, q); ok {
		ctlTexts = append(ctlTexts, t)
	}
	l.sc.add(Node{Key: "controller", Class: "box slot", W: 420, H: kBand - 8, Texts: ctlTexts,
		Title: fmt.Sprintf(l.tt.controller, ctl, state) + "\n" + model.ControllerQueue + ": " + strings.Join(queued, " · ") +
			"\n" + fmt.Sprintf(l.tt.parked, l.ca.Parked),
		X: 266, Y: 8, Alpha: 1})
}

// results draws the clients' results, the latest large, and the lost
// records.
func (l *clayout) results() {
	resTexts := []Text{{S: l.tr.results, X: 14, Y: 30, Size: Body, Class: "d"}}
	cls := "box slot"
	var done []string
	for _, d := range l.ca.Done {
		id, api, code, note := doneParts(d)
		done = append(done, strings.TrimSpace(id+" "+api+" "+code+" "+l.o.note(note)))
	}
	title := strings.Join(done, "\n")
	if len(l.ca.Lost) > 0 {
		cls = "box tally lost"
		title += "\n" + l.tr.lost + ":\n" + strings.Join(l.ca.Lost, "\n")
	}
	if n := len(l.ca.Done); n > 0 {
		id, api, code, note := doneParts(l.ca.Done[n-1])
		note = l.o.note(note)
		head := id + " · " + api
		if note != "" {
			head += " · " + note
		}
		if t, ok := firstFit(Text{X: 14, Y: 62, Class: "m"}, Body, resW-28, head, id+" · "+api); ok {
			resTexts = append(resTexts, t)
		}
		c := "b m ok"
		if code != "NONE" {
			c = "b m err"
		}
		if t, ok := firstFit(Text{X: 14, Y: 98, Class: c}, Huge, resW-28, code); ok {
			resTexts = append(resTexts, t)
		}
		var older []string
		for _, d := range lastN(l.ca.Done[:n-1], 3) {
			id, _, code, _ := doneParts(d)
			older = append(older, id+" "+code)
		}
		if len(l.ca.Lost) == 0 && len(older) > 0 {
			room := resW - 28 - ems(l.tr.results)*Body - 24
			for len(older) > 0 && !fits(strings.Join(older, " · "), Body, room) {
				older = older[1:]
			}
			if len(older) > 0 {
				resTexts = append(resTexts, Text{S: strings.Join(older, " · "), X: resW - 14, Y: 30, Size: Body, Class: "d m", Anchor: "end"})
			}
		}
	}
	if len(l.ca.Lost) > 0 {
		lp, loffs, lreq := lostSummary(l.ca.Lost)
		room := resW - 28 - ems(l.tr.results)*Body - 24
		if t, ok := firstFit(Text{X: resW - 14, Y: 30, Class: "b m err", Anchor: "end"}, Body, room,
			"✘ "+l.tr.lost+" "+lp+": "+loffs+" ("+lreq+")", "✘ "+l.tr.lost+" "+lp+": "+loffs, "✘ "+l.tr.lost+" "+strconv.Itoa(len(l.ca.Lost))); ok {
			resTexts = append(resTexts, t)
		}
	}
	l.sc.add(Node{Key: "results", Class: cls, W: resW, H: kBand - 8, Texts: resTexts, Title: title, X: resX, Y: 8, Alpha: 1})
}

// columns lays out brokers as columns and partitions as rows, and draws
// each broker's box.
func (l *clayout) columns() {
	l.brokers = l.cb.Brokers
	if len(l.brokers) > kMaxCols {
		l.brokers, l.moreB = l.brokers[:kMaxCols], len(l.brokers)-kMaxCols
	}
	l.parts = nil
	for _, p := range l.cb.Partitions {
		if !model.Internal(p.Name) {
			l.parts = append(l.parts, p)
		}
	}
	if len(l.parts) > kMaxRows {
		l.parts, l.moreP = l.parts[:kMaxRows], len(l.parts)-kMaxRows
	}
	l.colW = (W - 8 - kLabelW - 8) / math.Max(1, float64(len(l.brokers)))
	l.boxH = l.bottom - kTop
	l.rowsTop = kTop + kHead
	l.rowsBot = l.bottom - kPurgH - 14
	l.roomy = true
	l.rowH = (l.rowsBot - l.rowsTop) / math.Max(1, float64(len(l.parts)))
	if l.rowH < kRoomy {
		// Many partitions: the purgatory shrinks to one line.
		l.rowsBot = l.bottom - 56
		l.rowH = (l.rowsBot - l.rowsTop) / math.Max(1, float64(len(l.parts)))
		l.roomy = l.rowH >= kRoomy
	}
	l.rowH = math.Min(l.rowH, 420)
	l.colX = map[string]float64{}
	for i, br := range l.brokers {
		x := 8 + kLabelW + float64(i)*l.colW
		l.colX[br.ID] = x
		st, _ := l.ca.Broker(br.ID)
		state := st.State
		if state == "" {
			state = "—"
		}
		head := []Text{{S: "broker-" + br.ID, X: 12, Y: 32, Size: size("broker-"+br.ID, Big, l.colW-30), Class: "b m"}}
		if l.ca.Controller == br.ID {
			if t, ok := firstFit(Text{X: l.colW - 18, Y: 32, Class: "b", Anchor: "end"}, Body, l.colW-30-ems("broker-"+br.ID)*Big-10, l.tr.ctlMark, "★"); ok {
				head = append(head, t)
			}
		}
		if t, ok := firstFit(Text{X: 12, Y: 62, Class: "b"}, Body, l.colW-30, brokerMark(state)+" "+l.tr.state(state), brokerMark(state)); ok {
			head = append(head, t)
			// The groups it coordinates, after its state.
			if gs := l.coordinated(br.ID); len(gs) > 0 {
				if t, ok := firstFit(Text{X: l.colW - 18, Y: 62, Class: "b m", Anchor: "end"}, Body, l.colW-30-ems(t.S)*t.Size-10, coordMark+" "+strings.Join(gs, ","), coordMark); ok {
					head = append(head, t)
				}
			}
		}
		s := l.tr.sessionState(st.Session)
		if st.Session == "disconnected" && st.Expires > 0 {
			s = l.tr.expires + " " + fmtMs(float64(st.Expires))
		}
		cands := []string{l.tr.session + " " + s, s}
		if st.Session == "disconnected" && st.Expires > 0 {
			cands = []string{l.tr.session + " " + s, l.tr.session2 + " " + s, s}
		}
		if t, ok := firstFit(Text{X: 12, Y: 86, Class: "d"}, Body, l.colW-30, cands...); ok {
			head = append(head, t)
		}
		title := fmt.Sprintf(l.tt.broker, "broker-"+br.ID, l.tr.state(state), l.tr.sessionState(st.Session))
		if st.Session == "disconnected" && st.Expires > 0 {
			title += fmt.Sprintf(l.tt.expires, fmtMs(float64(st.Expires)))
		}
		if l.ca.Controller == br.ID {
			title += l.tt.active
		}
		if gs := l.coordinated(br.ID); len(gs) > 0 {
			title += fmt.Sprintf(l.gw.coordinates, strings.Join(gs, ", "))
		}
		l.sc.add(Node{Key: "broker:" + br.ID, Sel: true, Class: "box broker " + state + selected(l.o, "broker:"+br.ID), W: l.colW - 6, H: l.boxH, Texts: head, Title: title, X: x, Y: kTop, Alpha: 1})
	}
	if l.moreB > 0 {
		l.sc.add(Node{Key: "l.brokers.more", Class: "label", Texts: []Text{{S: "+" + strconv.Itoa(l.moreB) + " " + l.tr.more, Size: Body, Class: "b", Anchor: "end"}}, X: W - 10, Y: kTop - 4, Alpha: 1})
	}
}

// purgatories draws where requests wait: each broker's purgatory, and
// the spot above it where a request a broker's threads hold waits.
func (l *clayout) purgatories() {
	l.purgTop = l.rowsBot + 6
	purgH := l.bottom - 8 - l.purgTop
	for _, br := range l.brokers {
		x := l.colX[br.ID] + 10
		w := l.colW - 6 - 20
		n := 0
		var kinds []string
		var waits []string
		for _, d := range l.ca.Delayed {
			if d.Broker == br.ID {
				n++
				kinds = append(kinds, d.Item+" ("+l.o.note(d.Note)+")")
				if cond, ok := strings.CutPrefix(d.Item, "Produce:"); ok && waits == nil {
					// "8s: t-0 HW ≥ 3": what the DelayedProduce waits for.
					if t, c, ok := strings.Cut(d.Note, ": "); ok {
						waits = []string{cond + " " + l.tr.waitsFor + " " + c + " (" + t + ")", l.tr.waitsFor + " " + c + " (" + t + ")", c + " (" + t + ")"}
					}
				}
			}
		}
		var texts []Text
		if !l.roomy {
			if t, ok := firstFit(Text{X: 12, Y: 28, Class: "b"}, Body, w-24, l.tr.purgatory+" "+strconv.Itoa(n), strconv.Itoa(n)); ok {
				texts = append(texts, t)
			}
		} else {
			if t, ok := firstFit(Text{X: 12, Y: 28, Class: "b"}, Body, w-24-ems(strconv.Itoa(n))*Big-8, l.tr.purgatory); ok {
				texts = append(texts, t)
			}
			texts = append(texts, Text{S: strconv.Itoa(n), X: w - 14, Y: 30, Size: Big, Class: "b m", Anchor: "end"})
			if waits != nil && n <= 2 {
				if t, ok := firstFit(Text{X: 12, Y: purgH - 16, Class: "m"}, Body, w-24, waits...); ok {
					texts = append(texts, t)
				}
			}
		}
		c := "box slot purg"
		if n > 0 {
			c += " busy"
		}
		l.sc.add(Node{Key: "purg:" + br.ID, Class: c, W: w, H: purgH, Texts: texts, Title: fmt.Sprintf(l.tt.purgatories, br.ID, strings.Join(kinds, " · ")), X: x, Y: l.purgTop, Alpha: 1})
	}
}

// partitions draws each partition's row: its label, the epochs' legend,
// each replica's log as a strip of cells with its HW and LEO, and a
// follower's fetch arrow to its leader.
func (l *clayout) partitions() {
	l.lanes = map[string]lane{}
	lostSet := lostCells(l.ca.Lost)
	for i, p := range l.parts {
		l.partition(l.rowsTop+float64(i)*l.rowH, p, lostSet)
	}
	if l.moreP > 0 {
		l.sc.add(Node{Key: "l.parts.more", Class: "label", Texts: []Text{{S: "+" + strconv.Itoa(l.moreP) + " " + l.tr.more, Size: Body, Class: "b"}}, X: 8, Y: l.bottom - 6, Alpha: 1})
	}
}

// partition draws partition p's row at y: its label, the epochs' legend,
// and each broker's replica.
func (l *clayout) partition(y float64, p model.CPart, lostSet map[string]bool) {
	pa, _ := l.ca.Part(p.Name)
	leader := l.tr.leader + " " + pa.Leader
	if pa.Leader == "-1" || pa.Leader == "" {
		leader = l.tr.noLeader
	}
	var label []Text
	add := func(t Text, z float64, cands ...string) {
		if t, ok := firstFit(t, z, kLabelW-12, cands...); ok {
			label = append(label, t)
		}
	}
	switch {
	case l.rowH >= 200:
		add(Text{X: 0, Y: 30, Class: "b m"}, Huge, p.Name)
		add(Text{X: 0, Y: 66, Class: "b"}, Body, leader)
		add(Text{X: 0, Y: 94}, Body, l.tr.epoch+" "+pa.Epoch)
		add(Text{X: 0, Y: 126, Class: "d"}, Body, "ISR")
		add(Text{X: 0, Y: 160, Class: "b m"}, Big, orDash(pa.ISR))
	case l.rowH >= 110:
		add(Text{X: 0, Y: 30, Class: "b m"}, Big, p.Name)
		add(Text{X: 0, Y: 60, Class: "m"}, Body, "ISR "+orDash(pa.ISR), orDash(pa.ISR))
	case l.rowH >= 60:
		add(Text{X: 0, Y: 24, Class: "b m"}, Body, p.Name)
		z := Small
		if l.rowH >= kBodyRow {
			z = Body
		}
		add(Text{X: 0, Y: 48, Class: "d m"}, z, "ISR "+orDash(pa.ISR), orDash(pa.ISR))
	case l.rowH >= 24:
		add(Text{X: 0, Y: l.rowH/2 + 7, Class: "b m"}, Small, p.Name)
	}
	l.sc.add(Node{Key: "part:" + p.Name, Class: "label", Texts: label, Title: fmt.Sprintf(l.tt.part, p.Name, pa.Leader, pa.Epoch, pa.ISR), X: 8, Y: y, Alpha: 1})

	// The epochs in this row's logs: the cells' colours.
	var eps []int
	for _, br := range l.brokers {
		if r, ok := l.ca.Replica(p.Name, br.ID); ok {
			for _, e := range r.Log {
				if n, err := strconv.Atoi(e); err == nil && !slices.Contains(eps, n) {
					eps = append(eps, n)
				}
			}
		}
	}
	slices.Sort(eps)
	if l.rowH >= 300 && len(eps) > 0 {
		l.sc.add(Node{Key: "legend:" + p.Name, Class: "label", Texts: []Text{{S: l.tr.epochs, Size: Body, Class: "d"}}, X: 8, Y: y + 200, Alpha: 1})
		for j, e := range eps {
			if j >= 6 {
				break
			}
			s := strconv.Itoa(e)
			l.sc.add(Node{Key: "legend:" + p.Name + ":" + s, Class: "box cell committed " + epochClass(e), W: 40, H: 36,
				Texts: []Text{{S: s, X: 20, Y: 26, Size: Body, Class: "b m", Anchor: "middle"}}, Title: fmt.Sprintf(l.tt.epoch, s),
				X: 8 + float64(j%3)*46, Y: y + 212 + float64(j/3)*44, Alpha: 1})
		}
	}
	if l.rowH >= 300 {
		// What solid and dashed cells mean.
		for j, k := range []struct {
			key, cls string
			cands    []string
		}{
			{"committed", "box cell committed", []string{l.tr.committed, "< HW"}},
			{"uncommitted", "box cell", []string{l.tr.uncommitted, l.tr.aboveHW}},
		} {
			if t, ok := firstFit(Text{X: 8, Y: 25}, Body, kLabelW-12-20, k.cands...); ok {
				l.sc.add(Node{Key: "legend:" + p.Name + "." + k.key, Class: k.cls, W: kLabelW - 12, H: 36, Texts: []Text{t},
					Title: [2]string{l.tt.committed, l.tt.uncommitted}[j],
					X:     8, Y: y + 312 + float64(j)*44, Alpha: 1})
			}
		}
	}

	// The widest log in the row sets the cells' width; a long log
	// shows its tail.
	longest := 0
	for _, br := range l.brokers {
		if r, ok := l.cb.Replica(p.Name, br.ID); ok {
			longest = max(longest, len(r.Log))
		}
		if r, ok := l.ca.Replica(p.Name, br.ID); ok {
			longest = max(longest, len(r.Log))
		}
	}
	room := l.colW - 6 - 28
	cw := math.Min(64, math.Max(8, room/math.Max(1, float64(longest))))
	show := int(room / cw)
	var stripY, ch float64
	if l.roomy {
		stripY, ch = y+96, 64
	} else {
		switch {
		case l.rowH >= 110:
			stripY, ch = y+36, math.Min(48, l.rowH-36-18)
		case l.rowH >= 60:
			stripY, ch = y+30, math.Min(34, l.rowH-30-10)
		default:
			stripY, ch = y+2, math.Max(6, l.rowH-8)
		}
	}
	g := strip{room: room, cw: cw, show: show, y: stripY, h: ch}
	nf := 0 // the fetch arrows drawn in the row so far
	for _, br := range l.brokers {
		l.replica(y, p, pa, br, g, lostSet, &nf)
	}
}

// strip is where a row's logs go: the room for them, the cells' width,
// how many cells show, the strip's top and height.
type strip struct {
	room, cw float64
	show     int
	y, h     float64
}

// replica draws broker br's replica of partition p in the row at y: its
// role, its log as a strip of cells, its HW and LEO, and a follower's
// fetch arrow to the leader (the row's *nf-th).
func (l *clayout) replica(y float64, p model.CPart, pa model.CPart, br model.Broker, g strip, lostSet map[string]bool, nf *int) {
	room, cw, show, stripY, ch := g.room, g.cw, g.show, g.y, g.h
	r, ok := l.ca.Replica(p.Name, br.ID)
	rb, okB := l.cb.Replica(p.Name, br.ID)
	if !ok && !okB {
		return
	}
	if !ok {
		r = rb
	}
	x := l.colX[br.ID] + 14
	inISR := slices.Contains(strings.Split(pa.ISR, ","), br.ID)
	named := map[string]string{"leader": l.tr.leader, "follower": l.tr.follower}[r.Role]
	role := cmp.Or(named, l.tr.noRole)
	if st, _ := l.ca.Broker(br.ID); st.State == "dead" {
		role = l.tr.offline // its log is on disk, its role was in memory
	}
	isr := l.tr.outISR
	if inISR {
		isr = l.tr.inISR
	}
	rc := "label rep"
	if inISR {
		rc += " in"
	} else {
		rc += " out"
	}
	rtitle := fmt.Sprintf(l.tt.replica, p.Name, br.ID, cmp.Or(named, r.Role), pa.ISR, r.HW, len(r.Log), l.tt.fetcher(r.Fetcher))
	if l.roomy {
		texts := []Text{{S: role, X: 0, Y: 26, Size: size(role, Big, room/2), Class: "b"}}
		if t, ok := firstFit(Text{X: room, Y: 26, Class: "b isr", Anchor: "end"}, Body, room-ems(role)*Big-12, isr, strings.Fields(isr)[0]); ok {
			texts = append(texts, t)
		}
		l.sc.add(Node{Key: "rep:" + p.Name + ":" + br.ID, Class: rc, Texts: texts, Title: rtitle, X: x, Y: y, Alpha: 1})
	} else if l.rowH >= 60 {
		mark := map[string]string{"leader": "L", "follower": "F"}[r.Role]
		if mark == "" {
			mark = "–"
		}
		if inISR {
			mark += " ∈ ISR"
		}
		hl := "HW " + strconv.Itoa(r.HW) + " · LEO " + strconv.Itoa(len(r.Log))
		var texts []Text
		z := Small
		if l.rowH >= kBodyRow {
			z = Body
		}
		if t, ok := firstFit(Text{Y: 24, Class: "b m"}, z, room, mark+" · "+hl, hl); ok {
			texts = append(texts, t)
		}
		l.sc.add(Node{Key: "rep:" + p.Name + ":" + br.ID, Class: rc, Texts: texts, Title: rtitle, X: x, Y: y, Alpha: 1})
	} else {
		l.sc.add(Node{Key: "rep:" + p.Name + ":" + br.ID, Class: rc, Title: rtitle, X: x, Y: y, Alpha: 1})
	}
	first := max(0, len(r.Log)-show)
	for off := first; off < len(r.Log); off++ {
		cx := x + float64(off-first)*cw
		c := "box cell"
		if off < r.HW {
			c += " committed"
		}
		ep, err := strconv.Atoi(r.Log[off])
		if err == nil {
			c += " " + epochClass(ep)
		}
		lost := lostSet[p.Name+"@"+strconv.Itoa(off)+":"+r.Log[off]]
		if lost {
			c += " lost"
		}
		// A second copy of a retried request: marked like a lost
		// record is, in its own colour.
		copied := off < len(r.Copy) && r.Copy[off]
		if copied {
			c += " copy"
		}
		texts := []Text(nil)
		s := strconv.Itoa(off)
		switch {
		case ch >= 30 && fits(s, Big, cw-8):
			texts = []Text{{S: s, X: (cw - 1) / 2, Y: ch/2 + 9, Size: Big, Class: "b m", Anchor: "middle"}}
		case ch >= 26 && fits(s, Body, cw-4):
			texts = []Text{{S: s, X: (cw - 1) / 2, Y: ch/2 + 8, Size: Body, Class: "b m", Anchor: "middle"}}
		case ch >= 24 && fits(s, Small, cw-3):
			texts = []Text{{S: s, X: (cw - 1) / 2, Y: ch/2 + 7, Size: Small, Class: "b m", Anchor: "middle"}}
		}
		l.sc.add(Node{Key: "cell:" + p.Name + ":" + br.ID + ":" + s, Class: c, W: cw - 1, H: ch, Texts: texts,
			Title: l.tt.cellTitle(off, r.Log[off], off < r.HW, lost, copied),
			X:     cx, Y: stripY, Alpha: 1})
		if lost {
			l.sc.add(Node{Key: "lostx:" + p.Name + ":" + br.ID + ":" + s, Class: "line lostx", X: cx + 3, Y: stripY + 3, X2: cx + cw - 4, Y2: stripY + ch - 3, Alpha: 1})
		}
		if copied {
			l.sc.add(Node{Key: "copyx:" + p.Name + ":" + br.ID + ":" + s, Class: "line copyx", X: cx + 3, Y: stripY + ch - 4, X2: cx + cw - 4, Y2: stripY + ch - 4, Alpha: 1})
		}
	}
	// The high watermark and the log end offset: markers at the
	// boundary before the offset each names.
	at := func(off int) float64 { return x + float64(max(0, off-first))*cw - 0.5 }
	label := func(s string, bx float64) float64 { // a marker label's left edge, kept over the strip
		w := ems(s) * Huge
		return math.Max(x-4, math.Min(bx-w/2, x+room+4-w))
	}
	// min: truncateTo cuts the log one event before it cuts the HW.
	hx := at(min(r.HW, len(r.Log)))
	lx := at(len(r.Log))
	if l.roomy {
		hs, ls := "HW "+strconv.Itoa(r.HW), "LEO "+strconv.Itoa(len(r.Log))
		l.sc.add(Node{Key: "leo:" + p.Name + ":" + br.ID, Class: "line leomark", X: lx, Y: stripY - 14, X2: lx, Y2: stripY + ch, Alpha: 1})
		l.sc.add(Node{Key: "leol:" + p.Name + ":" + br.ID, Class: "label leo", Texts: []Text{{S: ls, Size: Huge, Class: "b m"}}, Title: l.tt.leo,
			X: label(ls, lx), Y: stripY - 18, Alpha: 1})
		l.sc.add(Node{Key: "hw:" + p.Name + ":" + br.ID, Class: "line hwmark", X: hx, Y: stripY - 4, X2: hx, Y2: stripY + ch + 14, Alpha: 1})
		l.sc.add(Node{Key: "hwl:" + p.Name + ":" + br.ID, Class: "label hw", Texts: []Text{{S: hs, Size: Huge, Class: "b m"}}, Title: l.tt.hw,
			X: label(hs, hx), Y: stripY + ch + 46, Alpha: 1})
	} else if r.HW > first {
		l.sc.add(Node{Key: "hw:" + p.Name + ":" + br.ID, Class: "line hwmark", X: hx, Y: stripY - 4, X2: hx, Y2: stripY + ch + 4, Alpha: 1})
	}
	if br.ID == pa.Leader {
		l.positionMarks(p.Name, x, first, cw, stripY+ch)
	}
	// A follower's fetch arrow to its leader, one lane each.
	lxC, okL := l.colX[pa.Leader]
	if r.Fetcher != "Fetching" || br.ID == pa.Leader || !okL || l.rowH < 60 {
		return
	}
	c := "line fetch"
	if fetching(l.na, br.ID, pa.Leader) || fetching(l.nb, br.ID, pa.Leader) {
		c += " active"
	}
	fx := l.colX[br.ID] + (l.colW-6)/2
	tx := lxC + (l.colW-6)/2
	var fy float64
	if l.roomy {
		fy = stripY + ch + 84 + float64(*nf)*34
	} else {
		fy = stripY + ch + 14 + float64(*nf)*18
	}
	*nf++
	l.sc.add(Node{Key: "fetch:" + p.Name + ":" + br.ID, Class: c, Title: fmt.Sprintf(l.tt.fetch, br.ID, p.Name, pa.Leader), X: fx, Y: fy, X2: tx, Y2: fy, Alpha: 1})
	if l.roomy {
		// The arrow's head at the leader.
		dir := 1.0
		if tx < fx {
			dir = -1
		}
		l.sc.add(Node{Key: "fetchh:" + p.Name + ":" + br.ID, Class: "line fetchhead" + strings.TrimPrefix(c, "line fetch"), X: tx - dir*14, Y: fy - 9, X2: tx, Y2: fy, Alpha: 1})
		l.sc.add(Node{Key: "fetchh2:" + p.Name + ":" + br.ID, Class: "line fetchhead" + strings.TrimPrefix(c, "line fetch"), X: tx - dir*14, Y: fy + 9, X2: tx, Y2: fy, Alpha: 1})
	}
	k := br.ID + "@" + pa.Leader
	if _, ok := l.lanes[k]; !ok {
		l.lanes[k] = lane{fx, tx, fy}
	}
}

// requests draws fetches as dots along their arrow, the clients' and the
// controller's requests as tokens, parked ones in the purgatory.
func (l *clayout) requests() {
	type spot struct {
		x, y, alpha float64
		w, h        float64
		label       string
		cls         string
		ok          bool
	}
	resOut := [2]float64{resX + 30, kBand - kTokH - 4} // where clients' tokens leave and come back
	ctlOut := [2]float64{266 + 40, kBand - kTokH - 4}  // the controller's
	slotW := (l.colW - 6 - 20 - 36) / 2                // a parked token
	where := func(c *model.Cluster, n *model.Net, id int) (spot, [2]float64) {
		r, ok := n.Req(id)
		if !ok {
			return spot{}, [2]float64{}
		}
		from, to, _ := strings.Cut(r.Conn, "@")
		tb := strings.TrimPrefix(to, "broker-")
		bx, okB := l.colX[tb]
		kind, _, _ := strings.Cut(r.Item, ":")
		var origin [2]float64
		switch {
		case strings.HasPrefix(from, "replica-"):
			ln, ok := l.lanes[strings.TrimPrefix(from, "replica-")+"@"+tb]
			if ok {
				origin = [2]float64{ln.x1 - 15, ln.y - 11}
			}
		case strings.HasPrefix(from, "controller-"):
			origin = ctlOut
		default:
			origin = resOut
			if c, ok := l.cards[from]; ok { // a consumer's: from its card
				origin = c
			}
		}
		if !okB || clientDone(c, r) {
			return spot{}, origin
		}
		// Parked?
		k := 0
		for _, d := range c.Delayed {
			if d.Broker != tb {
				continue
			}
			if d.ID == id {
				if !l.roomy {
					return spot{}, origin // the purgatory's count says it
				}
				if k >= 4 {
					return spot{bx + 10 + 12 + float64(k%2)*(slotW+12), l.purgTop + 44 + 46, 0, slotW, kTokH, "", "token parked", true}, origin
				}
				lbl := tokLabel(r, slotW-12)
				return spot{bx + 10 + 12 + float64(k%2)*(slotW+12), l.purgTop + 44 + float64(k/2)*48, 1, slotW, kTokH, lbl, "token parked " + strings.ToLower(d.Kind), true}, origin
			}
			k++
		}
		if strings.HasPrefix(from, "replica-") {
			ln, ok := l.lanes[strings.TrimPrefix(from, "replica-")+"@"+tb]
			if !ok {
				return spot{}, origin
			}
			dw, dh := 30.0, 22.0
			if !l.roomy {
				dw, dh = 24, 16
			}
			if r.Loc == "sock" {
				return spot{ln.x1 + (ln.x2-ln.x1)*0.12 - dw/2, ln.y - dh/2, 1, dw, dh, "", "token cdot", true}, origin
			}
			return spot{ln.x2 - (ln.x2-ln.x1)*0.1 - dw/2, ln.y - dh/2, 1, dw, dh, "", "token cdot", true}, origin
		}
		if !l.roomy {
			return spot{}, origin
		}
		lbl := tokLabel(r, kTokW-12)
		// Sent, not read yet (on the left), or at the broker: its threads
		// hold it or its response waits (on the right); above the
		// purgatory, stacked.
		j := 0
		for _, o := range n.Reqs {
			if o.ID == id {
				break
			}
			_, ot, _ := strings.Cut(o.Conn, "@")
			if ot == to && (o.Loc == "sock") == (r.Loc == "sock") && !strings.HasPrefix(o.Conn, "replica-") && !clientDone(c, o) {
				if _, parked := delayed(c, o.ID); !parked {
					j++
				}
			}
		}
		c2 := "token creq " + strings.ToLower(kind)
		if r.Loc == "out" {
			c2 += " out"
		}
		x := bx + l.colW - 6 - kTokW - 14
		if r.Loc == "sock" {
			x = bx + 14
		}
		return spot{x, l.purgTop - kTokH - 8 - float64(j%2)*(kTokH+6), 1, kTokW, kTokH, lbl, c2, true}, origin
	}
	var reqIDs []int
	for i, n := range []*model.Net{l.na, l.nb} {
		c := []*model.Cluster{l.ca, l.cb}[i]
		for _, r := range n.Reqs {
			if !slices.Contains(reqIDs, r.ID) && clusterReq(r) && !clientDone(c, r) {
				reqIDs = append(reqIDs, r.ID)
			}
		}
	}
	for _, id := range reqIDs {
		from, oa := where(l.ca, l.na, id)
		to, ob := where(l.cb, l.nb, id)
		if !from.ok && !to.ok {
			continue
		}
		if !from.ok {
			from = to
			from.x, from.y, from.alpha = ob[0], ob[1], 0
			if ob == ([2]float64{}) {
				from.x, from.y = to.x, to.y
			}
		}
		if !to.ok {
			to = from
			to.x, to.y, to.alpha = oa[0], oa[1], 0
			if oa == ([2]float64{}) {
				to.x, to.y = from.x, from.y
			}
		}
		shape := to
		if l.f < 0.5 && from.ok {
			shape = from
		}
		var texts []Text
		if shape.label != "" {
			texts = []Text{{S: shape.label, X: shape.w / 2, Y: shape.h/2 + 8, Size: size(shape.label, Body, shape.w-12), Class: "b m", Anchor: "middle"}}
		}
		r, ok := l.nb.Req(id)
		if !ok {
			r, _ = l.na.Req(id)
		}
		l.sc.add(Node{Key: "ctok:" + strconv.Itoa(id), Class: shape.cls, W: shape.w, H: shape.h, Texts: texts, Title: fmt.Sprintf(l.tt.req, r.Item, r.Conn, l.tt.reqWhere(r, l.cb, l.o)),
			X: lerp(from.x, to.x, l.f), Y: lerp(from.y, to.y, l.f), Alpha: lerp(from.alpha, to.alpha, l.f)})
	}
}

// clusterReq says whether the stage draws request r: a fetch, a client's
// or the controller's request to a broker.
func clusterReq(r model.Req) bool {
	_, to, ok := strings.Cut(r.Conn, "@")
	return ok && strings.HasPrefix(to, "broker-")
}

// reqWhere says where request r is, the threads by their full names.
func (t ctitles) reqWhere(r model.Req, c *model.Cluster, o Options) string {
	if d, ok := delayed(c, r.ID); ok {
		return fmt.Sprintf(t.delayed, d.Broker, d.Kind, o.note(d.Note))
	}
	switch {
	case r.Loc == "sock":
		return t.sock
	case r.Loc == "out":
		return t.out
	case strings.HasPrefix(r.Loc, "q:"):
		return fmt.Sprintf(t.queued, r.Loc[2:])
	case strings.HasPrefix(r.Loc, "t:"):
		return fmt.Sprintf(t.held, r.Loc[2:])
	}
	return r.Loc
}

// clientDone says whether r is a client's request its client has its
// result for (acks=0: when sent, the broker never answers).
func clientDone(c *model.Cluster, r model.Req) bool {
	from, _, _ := strings.Cut(r.Conn, "@")
	_, id, ok := strings.Cut(r.Item, ":")
	if !ok || strings.HasPrefix(from, "replica-") || strings.HasPrefix(from, "controller-") {
		return false
	}
	for _, d := range c.Done {
		if strings.HasPrefix(d, id+" ") {
			return true
		}
	}
	return false
}

func delayed(c *model.Cluster, id int) (model.Delayed, bool) {
	for _, d := range c.Delayed {
		if d.ID == id {
			return d, true
		}
	}
	return model.Delayed{}, false
}

// tokLabel is a request's label on a token width wide: "Produce d",
// "Fetch ← 2", "LeaderAndIsr", or shorter where that does not fit.
func tokLabel(r model.Req, width float64) string {
	kind, rest, _ := strings.Cut(r.Item, ":")
	from, _, _ := strings.Cut(r.Conn, "@")
	var cands []string
	switch {
	case strings.HasPrefix(from, "replica-"):
		cands = []string{"Fetch ← " + strings.TrimPrefix(from, "replica-"), "F ← " + strings.TrimPrefix(from, "replica-")}
	case strings.HasPrefix(from, "controller-"):
		cands = []string{kind, strings.Replace(kind, "Metadata", "Meta", 1)}
	default:
		id := rest
		if i := strings.LastIndex(rest, "#"); i >= 0 {
			id = "#" + rest[i+1:]
		}
		cands = []string{kind + " " + id, id}
	}
	for _, s := range cands {
		if fits(s, Small, width) {
			return s
		}
	}
	return ""
}

// doneParts splits a client.done line, "d Produce NONE offsets 5–7".
func doneParts(d string) (id, api, code, note string) {
	f := strings.SplitN(d, " ", 4)
	for len(f) < 4 {
		f = append(f, "")
	}
	return f[0], f[1], f[2], f[3]
}

// lostCells are the lost records as "PART@OFFSET:EPOCH".
func lostCells(lost []string) map[string]bool {
	m := map[string]bool{}
	for _, l := range lost {
		// "t-0@3 epoch 1 (c)"
		f := strings.Fields(l)
		if len(f) >= 3 {
			m[f[0]+":"+f[2]] = true
		}
	}
	return m
}

// lostSummary says the lost records short: the partition, the offsets,
// the requests ("t-0", "3, 4, 5", "c").
func lostSummary(lost []string) (string, string, string) {
	var parts, offs, reqs []string
	for _, l := range lost {
		f := strings.Fields(l)
		if len(f) < 4 {
			continue
		}
		p, off, _ := strings.Cut(f[0], "@")
		if !slices.Contains(parts, p) {
			parts = append(parts, p)
		}
		offs = append(offs, off)
		rq := strings.Trim(f[3], "()")
		if !slices.Contains(reqs, rq) {
			reqs = append(reqs, rq)
		}
	}
	return strings.Join(parts, ","), strings.Join(offs, ", "), strings.Join(reqs, ", ")
}

func (t ctitles) cellTitle(off int, epoch string, committed, lost, copied bool) string {
	s := fmt.Sprintf(t.cell, off, epoch)
	if committed {
		s += t.cellCommitted
	} else {
		s += t.cellAbove
	}
	if lost {
		s += t.cellLost
	}
	if copied {
		s += t.cellCopy
	}
	return s
}

func epochClass(e int) string { return "ep" + strconv.Itoa(e%5) }

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
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
