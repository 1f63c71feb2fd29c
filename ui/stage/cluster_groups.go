package stage

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"brokerlab/ui/model"
)

// The cluster stage's consumer groups: a band at the bottom, a row a
// group. On the left the group as its GroupCoordinator keeps it (its
// state and generation, the broker coordinating it, and its partition of
// the offsets topic: that partition's leader is the coordinator, its
// replicas keep the group's commits); on the right a card a member, the
// group stage's own (memberCard), with the coordinator the client knows
// and each assigned partition's position, lag and committed offset. The
// coordinating broker's box carries the mark too. The offsets topic's
// partitions are not rows of the stage: the one that holds a group is
// said in its row, the others are the world's, not drawn. Under the
// leader's log, a tick marks each consumer's position, a dashed one the
// group's committed offset: records between them are read again if the
// consumer dies.
const (
	kGroupHeadW = 330.0 // a group's header
	kCardMaxW   = 420.0 // a member's card, at most
	kCardMinW   = 176.0 // and at least: more members than fit are counted
	kGroupsMax  = 3     // groups drawn: the latest
	coordMark   = "◆"
)

// bandHeights is the groups' band's height by the number of groups drawn.
var bandHeights = [...]float64{0, 200, 300, 366}

// cgwords are the cluster stage's words for its groups.
type cgwords struct {
	group, coordinator, unknown, lag, committed, loading, owned, noPos string
	coordinates, head, partTitle, cmtTitle, posTitle                   string // fmt formats: titles
}

func clusterGroupWords(zh bool) cgwords {
	if zh {
		return cgwords{"组", "协调者", "协调者 ?", "滞后", "已提交", "加载中", "已拥有", "无位置",
			"，协调组 %s", "组 %s：%s，第 %s 代，协调者 broker-%s", "%s：领导者 %s，ISR %s，HW %d",
			"组 %s 在 %s 的已提交位移：%d", "%s 在 %s 的位置：%d（下一条要拉取的位移）"}
	}
	return cgwords{"group", "coordinator", "coordinator ?", "lag", "committed", "loading", "owned", "no position",
		", coordinator of group %s", "group %s: %s, generation %s, coordinator broker-%s", "%s: leader %s, ISR %s, HW %d",
		"group %s's committed offset in %s: %d", "%s's position in %s: %d (the next offset it fetches)"}
}

// groupsPlace chooses the groups drawn and makes room for their band.
func (l *clayout) groupsPlace() {
	l.gw = clusterGroupWords(l.o.ZH)
	l.gshown = groups(l.b).Groups
	if len(l.gshown) > kGroupsMax {
		l.gshown = l.gshown[len(l.gshown)-kGroupsMax:]
	}
	l.bottom = H - 8
	if n := len(l.gshown); n > 0 {
		l.bandTop = H - 8 - bandHeights[n]
		l.bottom = l.bandTop - 8
	}
}

// coordinated are the shown groups broker id coordinates.
func (l *clayout) coordinated(id string) []string {
	var out []string
	for _, g := range l.gshown {
		if x, ok := groups(l.a).Group(g.Name); ok && x.Coordinator == id {
			out = append(out, g.Name)
		}
	}
	return out
}

// groups draws the band: each group's header and its members' cards.
func (l *clayout) groups() {
	if len(l.gshown) == 0 {
		return
	}
	ga, gb := groups(l.a), groups(l.b)
	tr, gw := words(l.o), gwords(l.o.ZH)
	now := float64(l.a.T) + (float64(l.b.T)-float64(l.a.T))*l.f
	rh := bandHeights[len(l.gshown)] / float64(len(l.gshown))
	l.cards = map[string][2]float64{}
	for i, g := range l.gshown {
		y := l.bandTop + float64(i)*rh
		x, ok := ga.Group(g.Name)
		if !ok {
			x = g
		}
		l.groupHead(x, y, rh-6, gw)
		var members []model.Member
		for _, m := range gb.Members {
			if m.Group == g.Name {
				if ma, ok := member(ga, m.Name); ok {
					m = ma
				}
				members = append(members, m)
			}
		}
		slices.SortFunc(members, func(a, b model.Member) int { return strings.Compare(a.Name, b.Name) })
		left := 8 + kGroupHeadW + 8
		more := 0
		if fit := int((W - 8 - left) / kCardMinW); len(members) > fit {
			more = len(members) - (fit - 1)
			members = members[:fit-1]
		}
		w := math.Min(kCardMaxW, (W-8-left)/math.Max(1, float64(len(members)+min(more, 1))))
		if more > 0 {
			l.sc.add(Node{Key: "cgroup:" + g.Name + ":more", Class: "label", Texts: []Text{{S: "+" + strconv.Itoa(more) + " " + l.tr.more, Size: Body, Class: "b"}},
				X: left + float64(len(members))*w + 10, Y: y + rh/2, Alpha: 1})
		}
		for j, m := range members {
			cx := left + float64(j)*w
			l.cards[m.Name] = [2]float64{cx + 10, y}
			n := 0
			if m.Assigned != "" && m.In {
				n = len(strings.Split(m.Assigned, ","))
			}
			l.sc.memberCard(m, card{x: cx, y: y, w: w - 6, h: rh - 2, leader: x.Leader == m.Name, count: n, extra: l.memberLines(m, x, w-16)},
				ga, l.a, now, tr, gw, l.o)
		}
	}
}

// groupHead draws group g's header at y: its name and generation, its
// state, its coordinator and its partition of the offsets topic.
func (l *clayout) groupHead(g model.Group, y, h float64, gw gdict) {
	const w = kGroupHeadW
	gen := g.Generation
	if gen == "" {
		gen = "0"
	}
	texts := []Text{
		{S: gen, X: w - 14, Y: 34, Size: Huge, Class: "b", Anchor: "end"},
		{S: gw.generation, X: w - 14 - ems(gen)*Huge - 8, Y: 30, Size: Body, Class: "d", Anchor: "end"},
	}
	if t, ok := firstFit(Text{X: 14, Y: 30, Class: "b m"}, Big, w-28-ems(gen)*Huge-ems(gw.generation)*Body-16, l.gw.group+" "+g.Name, g.Name); ok {
		texts = append(texts, t)
	}
	ty := 64.0
	line := func(z float64, cls string, cands ...string) {
		if ty+4 > h {
			return
		}
		if t, ok := firstFit(Text{X: 14, Y: ty, Class: cls}, z, w-28, cands...); ok {
			texts = append(texts, t)
		}
		ty += z + 6
	}
	line(Big, "b m", "▶ "+orDash(g.State))
	coord := "—"
	if g.Coordinator != "" {
		coord = "broker-" + g.Coordinator
		if st, _ := l.ca.Broker(g.Coordinator); st.State == "dead" {
			coord += " " + brokerMark("dead")
		}
	}
	line(Body, "b", l.gw.coordinator+" "+coord, coordMark+" "+coord)
	part := l.groupPart(g.Name)
	title := fmt.Sprintf(l.gw.head, g.Name, g.State, gen, orDash(g.Coordinator))
	if part != "" {
		pa, _ := l.ca.Part(part)
		load := l.ca.Load(pa.Leader, part)
		switch load {
		case "loading":
			load = l.gw.loading
		case "owned":
			load = l.gw.owned
		}
		line(Body, "m", part)
		hw := 0
		if r, ok := l.ca.Replica(part, pa.Leader); ok {
			hw = r.HW
		}
		line(Body, "m d", strings.TrimSpace("HW "+strconv.Itoa(hw)+" · ISR "+orDash(pa.ISR)+" · "+load), "HW "+strconv.Itoa(hw)+" · ISR "+orDash(pa.ISR))
		title += "\n" + fmt.Sprintf(l.gw.partTitle, part, pa.Leader, pa.ISR, hw)
		if load != "" {
			title += ", " + load
		}
	}
	if len(g.Committed) > 0 {
		var cs []string
		for _, c := range g.Committed {
			cs = append(cs, c.Part+"="+strconv.Itoa(c.At))
		}
		title += "\n" + l.gw.committed + ": " + strings.Join(cs, ", ")
	}
	l.sc.add(Node{Key: "cgroup:" + g.Name, Class: "box slot", W: w, H: h, Texts: texts, Title: title, X: 8, Y: y, Alpha: 1})
}

// groupPart is group name's partition of the offsets topic, once one of
// its members' requests appended to it (its join's group metadata, its
// commits): "" before.
func (l *clayout) groupPart(name string) string {
	for _, m := range groups(l.b).Members {
		if m.Group == name {
			if p := l.cb.AppendedBy(m.Name); p != "" {
				return p
			}
		}
	}
	return ""
}

// memberLines are the cluster's lines of member m's card, width wide:
// the coordinator its client knows, then each assigned partition's
// position, lag (the leader's high watermark, the end a consumer can
// read, less the position) and the group's committed offset.
func (l *clayout) memberLines(m model.Member, g model.Group, width float64) []cline {
	pick := func(cls string, cands ...string) cline {
		for _, s := range cands {
			if fits(s, Body, width) {
				return cline{s, cls}
			}
		}
		return cline{cands[len(cands)-1], cls}
	}
	var out []cline
	switch m.Coordinator {
	case "":
	case "-1":
		out = append(out, pick("b m", l.gw.unknown, "◆ ?"))
	default:
		out = append(out, pick("m", l.gw.coordinator+" broker-"+m.Coordinator, coordMark+" broker-"+m.Coordinator, coordMark+" "+m.Coordinator))
	}
	if m.Assigned == "" || !m.In {
		return out
	}
	parts := strings.Split(m.Assigned, ",")
	slices.SortFunc(parts, model.ComparePartitions)
	for _, p := range parts {
		pos, ok := model.OffsetOf(m.Pos, p)
		if !ok {
			out = append(out, pick("m d", p+" "+l.gw.noPos, p+" —"))
			continue
		}
		at := p + " @" + strconv.Itoa(pos)
		lag := "?"
		pa, _ := l.ca.Part(p)
		if r, ok := l.ca.Replica(p, pa.Leader); ok {
			lag = strconv.Itoa(max(0, r.HW-pos))
		}
		withLag := at + " " + l.gw.lag + " " + lag
		cands := []string{withLag, at}
		if c, ok := model.OffsetOf(g.Committed, p); ok {
			cands = []string{withLag + " · " + l.gw.committed + " " + strconv.Itoa(c), withLag + " · ✔" + strconv.Itoa(c), withLag, at}
		}
		out = append(out, pick("m", cands...))
	}
	return out
}

// positionMarks draws, under partition p's leader log (its cells from
// offset first, cw wide, from x; its bottom at y), each member's position
// in p and each group's committed offset, as ticks at the boundary before
// the offset they name.
func (l *clayout) positionMarks(p string, x float64, first int, cw, y float64) {
	at := func(off int) (float64, bool) { return x + float64(off-first)*cw - 0.5, off >= first }
	for _, g := range l.gshown {
		x0, ok := groups(l.a).Group(g.Name)
		if !ok {
			continue
		}
		if c, ok := model.OffsetOf(x0.Committed, p); ok {
			if cx, in := at(c); in {
				l.sc.add(Node{Key: "cmt:" + g.Name + ":" + p, Class: "line cmtmark", Title: fmt.Sprintf(l.gw.cmtTitle, g.Name, p, c), X: cx, Y: y + 2, X2: cx, Y2: y + 14, Alpha: 1})
			}
		}
	}
	for _, m := range groups(l.a).Members {
		if !slices.ContainsFunc(l.gshown, func(g model.Group) bool { return g.Name == m.Group }) || !m.In {
			continue
		}
		if pos, ok := model.OffsetOf(m.Pos, p); ok && slices.Contains(strings.Split(m.Assigned, ","), p) {
			if px, in := at(pos); in {
				l.sc.add(Node{Key: "pos:" + m.Name + ":" + p, Class: "line posmark", Title: fmt.Sprintf(l.gw.posTitle, m.Name, p, pos), X: px, Y: y + 2, X2: px, Y2: y + 14, Alpha: 1})
			}
		}
	}
}
