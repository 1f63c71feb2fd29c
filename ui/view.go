package ui

import (
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"

	"brokerlab/core/scenario"
	"brokerlab/core/sim"
	"brokerlab/core/upstream"
	"brokerlab/lessons"
	"brokerlab/ui/model"
	"brokerlab/ui/stage"
)

// What the templates show, computed here so templates stay declarative.

var words = map[string][2]string{
	"lessons":           {"Lessons", "课程"},
	"back":              {"← all lessons", "← 全部课程"},
	"steps":             {"Narration", "讲解"},
	"later":             {"… play on to reveal", "……继续播放即可看到"},
	"play":              {"▶ Play", "▶ 播放"},
	"pause":             {"❚❚ Pause", "❚❚ 暂停"},
	"prevStep":          {"« step", "« 上一步"},
	"nextStep":          {"step »", "下一步 »"},
	"speed":             {"speed", "速度"},
	"event":             {"event", "事件"},
	"log":               {"Event log", "事件日志"},
	"colActor":          {"actor", "线程"},
	"colKind":           {"kind", "类型"},
	"logRaw":            {"raw events: kinds and checks", "原始事件：类型与检查"},
	"colSubj":           {"subject", "对象"},
	"colItem":           {"item", "事件"},
	"colNote":           {"note", "说明"},
	"inspector":         {"Inspector", "检查器"},
	"current":           {"Current event", "当前事件"},
	"selected":          {"Selected", "已选中"},
	"clickHint":         {"Click a thread, the queue, the putLock or a token on the stage.", "点击舞台上的线程、队列、putLock 或事件令牌查看详情。"},
	"whatif":            {"What if…", "假如……"},
	"whatifHint":        {"Actions happen at the current event's time; the run branches from here.", "动作在当前事件的时刻注入，运行从这里分叉。"},
	"suggested":         {"Suggested by the lesson", "本课建议的假如"},
	"put":               {"Put", "放入"},
	"expire":            {"Expire ZooKeeper session", "让 ZooKeeper 会话过期"},
	"shutdown":          {"Shut down controller", "关闭控制器"},
	"nolock":            {"remove putLock", "移除 putLock"},
	"reset":             {"reset what-ifs", "撤销所有假如"},
	"injected":          {"Injected", "已注入"},
	"checks":            {"Checks that did not hold", "未通过的检查"},
	"shownStart":        {"Showing the lesson from its start", "已从课程开头显示"},
	"stoppedLink":       {"This link stopped the simulator the last time it was opened", "上次打开这个链接时模拟器停止了"},
	"stoppedStart":      {"This lesson stopped the simulator the last time it was opened", "上次打开这一课时模拟器停止了"},
	"stoppedEdit":       {"This edited scenario stopped the simulator the last time it was opened: the lesson's own runs instead, and your edit waits in the editor, not run", "上次打开这个编辑过的场景时模拟器停止了：现在运行的是课程自带的场景，你的修改保留在编辑器里，没有运行"},
	"noLesson":          {"No such lesson", "没有这个课程"},
	"pickLesson":        {"Pick one below", "请在下面选择"},
	"badActions":        {"The link's actions cannot run", "链接中的动作无法运行"},
	"pastEnd":           {"the run has only this many events:", "本次运行的事件数只有"},
	"colon":             {": ", "："},
	"stop":              {". ", "。"},
	"simPanic":          {"The simulation panicked", "模拟发生 panic"},
	"crash":             {"Something broke. Please report this with the link:", "出错了。请连同链接一起报告："},
	"seed":              {"seed", "种子"},
	"time":              {"virtual time", "虚拟时间"},
	"src":               {"upstream source", "上游源码"},
	"dismiss":           {"dismiss", "关闭"},
	"copyLink":          {"link to this moment", "指向此刻的链接"},
	"keysLabel":         {"Keyboard keys", "键盘快捷键"},
	"open":              {"Open lesson →", "打开课程 →"},
	"clickHintNet":      {"Click a thread, a connection, a queue or a request on the stage.", "点击舞台上的线程、连接、队列或请求查看详情。"},
	"pickMember":        {"Click a consumer on the stage to make it leave or stall.", "点击舞台上的消费者，让它离开或卡住。"},
	"leave":             {"leave", "离开"},
	"stall8":            {"Stall 8 s", "卡住 8 秒"},
	"stall15":           {"Stall 15 s", "卡住 15 秒"},
	"join":              {"Join", "加入"},
	"joinNeeds":         {"A consumer needs a group and topics to join", "消费者加入需要指定组和主题"},
	"grow":              {"Set partitions", "设置分区数"},
	"default":           {"default", "默认"},
	"clickHintGroup":    {"Click a thread, a consumer or a request on the stage.", "点击舞台上的线程、消费者或请求查看详情。"},
	"pickBroker":        {"Click a broker on the stage to kill, restart, stall or resume it.", "点击舞台上的 Broker，让它被杀死、重启、卡住或恢复。"},
	"kill":              {"Kill", "杀死"},
	"restart":           {"Restart", "重启"},
	"stall":             {"Stall fetchers", "卡住副本拉取"},
	"resume":            {"Resume", "恢复"},
	"produce":           {"Produce", "发送"},
	"uncleanOn":         {"Allow unclean election", "允许 unclean 选举"},
	"uncleanOff":        {"Forbid unclean election", "禁止 unclean 选举"},
	"clickHintCluster":  {"Click a broker on the stage.", "点击舞台上的 Broker 查看详情。"},
	"crashContainer":    {"Crash the application", "让应用崩溃"},
	"startContainer":    {"Start the container", "启动容器"},
	"crashConsumer":     {"Crash this consumer", "让这个消费者崩溃"},
	"failAlways":        {"Fail it on every delivery", "让它每次投递都失败"},
	"clickHintListener": {"Click a thread or a record on the stage.", "点击舞台上的线程或记录查看详情。"},
	"connect10":         {"Connect 10 clients", "连接 10 个客户端"},
	"connectIP":         {"Connect 61 from one IP", "从同一 IP 连接 61 个"},
	"flood":             {"Flood: 50 clients send Produce", "洪峰：50 个客户端同时发 Produce"},
	"pickConn":          {"Click a connection on the stage to make it send or close.", "点击舞台上的连接，让它发送请求或关闭。"},
	"send":              {"Send on", "发送请求："},
	"sendSlow":          {"Slow request (2 s)", "慢请求（2 秒）"},
	"closeConn":         {"Close it", "关闭连接"},
	"stopReplica":       {"Controller sends StopReplica", "控制器发送 StopReplica"},
	"noWorkers":         {"no worker pool: selector threads do the I/O (numWorkerThreads 0)", "不用工作线程池：由多路复用线程直接做 I/O（numWorkerThreads 0）"},
	"controlPlane":      {"control plane listener for the controller's requests", "为控制器请求开启控制面监听器（control plane）"},
}

// A KeyHelp is one line of the header's "?": a key and what it does.
type KeyHelp struct{ Key, What string }

// keyHelp lists every key a lesson page answers to: App.Key's, and web.js's
// Enter and space on a step or a stage node.
var keyHelp = [][3]string{
	{"Space", "play / pause", "播放 / 暂停"},
	{"← →", "one event back / on", "后退 / 前进一个事件"},
	{"[ ]", "slower / faster", "减速 / 加速"},
	{"1–9", "answer the open question", "回答当前问题"},
	{"Tab", "reach a step, a control or a stage node", "移到步骤、控件或舞台元素"},
	{"Enter", "go to the step, select the stage node", "跳到该步骤、选中舞台元素"},
}

// Keys is the header's key help in the page's language.
func (a *App) Keys() []KeyHelp {
	out := make([]KeyHelp, len(keyHelp))
	for i, k := range keyHelp {
		out[i] = KeyHelp{k[0], k[1]}
		if a.Lang == "zh" {
			out[i].What = k[2]
		}
	}
	return out
}

// T is a word of the chrome in the current language.
func (a *App) T(key string) string {
	w, ok := words[key]
	if !ok {
		return key
	}
	if a.Lang == "zh" {
		return w[1]
	}
	return w[0]
}

// Text picks the current language's side of a lesson text (English if the
// Chinese is missing).
func (a *App) Text(t lessons.Text) string {
	if a.Lang == "zh" && t.ZH != "" {
		return t.ZH
	}
	return t.EN
}

// Seg is a piece of narration: code (between backticks) or prose.
type Seg struct {
	S    string
	Code bool
}

// Segs splits narration on backticks so identifiers show in code font.
func Segs(s string) []Seg {
	var out []Seg
	for i, p := range strings.Split(s, "`") {
		if p != "" {
			out = append(out, Seg{p, i%2 == 1})
		}
	}
	return out
}

// StepView is one narration step as shown.
type StepView struct {
	N    int
	Segs []Seg
	Cur  bool
	Done bool // before the current one
	Has  bool // reached in this run (has a mark)
	// Ahead: not reached yet. Its text stays hidden, so that a step that
	// asks for a prediction is not answered by the next one on screen.
	Ahead bool
	Fails []string // the failures that happened during it, up to the current event
}

// Steps are the narration steps with the current one marked.
func (a *App) Steps() []StepView {
	if a.Sc == nil {
		return nil
	}
	cur := a.State().Step
	has := map[int]bool{}
	for _, m := range a.Marks() {
		has[m.Step] = true
	}
	var out []StepView
	for i, st := range a.Sc.Steps {
		text := st.EN
		if a.Lang == "zh" && st.ZH != "" {
			text = st.ZH
		}
		v := StepView{N: i, Segs: Segs(text), Cur: i == cur, Done: i < cur, Has: has[i], Ahead: i > cur}
		if v.Ahead {
			v.Segs = Segs(a.T("later"))
		}
		if a.questionOpen(i) {
			v.Segs = nil // the step's text would answer its question
		}
		v.Fails = a.StepFailures(i)
		out = append(out, v)
	}
	return out
}

// Ms formats virtual µs as milliseconds.
func Ms(us int64) string {
	return strconv.FormatFloat(float64(us)/1000, 'f', 3, 64) + " ms"
}

// PosText is "event 121 / 4211".
func (a *App) PosText() string {
	return a.T("event") + " " + strconv.Itoa(a.Pos+1) + " / " + strconv.Itoa(a.Len())
}

// TimeText is the current event's virtual time.
func (a *App) TimeText() string {
	return "t = " + Ms(a.Event().T)
}

// Row is one line of the event log.
type Row struct {
	Seq                                  int
	T, Actor, Kind, Subj, Item, Note, ID string
	Cur, Future                          bool
}

// LogRows are the events around the current one: nine before it and six
// after. Unless LogRaw, the scenario's own checks (expect, reveal) are left
// out, but for the current event.
func (a *App) LogRows() []Row {
	if a.Len() == 0 {
		return nil
	}
	shown := func(i int) bool {
		k := a.M.Trace[i].Kind
		return a.LogRaw || i == a.Pos || k != sim.Expect && k != sim.Reveal
	}
	// Nine rows before the current one and six after, more of one side
	// where the other runs out.
	seqs := []int{a.Pos}
	lo, hi, before := a.Pos-1, a.Pos+1, 0
	for len(seqs) < 16 && (lo >= 0 || hi < a.Len()) {
		if lo >= 0 && (before < 9 || hi >= a.Len()) {
			if shown(lo) {
				seqs = append(seqs, lo)
				before++
			}
			lo--
		} else {
			if shown(hi) {
				seqs = append(seqs, hi)
			}
			hi++
		}
	}
	slices.Sort(seqs)
	out := make([]Row, 0, len(seqs))
	for _, i := range seqs {
		e := a.unspoiled(a.M.Trace[i], i)
		r := Row{Seq: i, T: Ms(e.T), Actor: e.Actor, Kind: string(e.Kind), Subj: e.Subj, Item: a.note(e.Item), Note: a.note(e.Note), Cur: i == a.Pos, Future: i > a.Pos}
		if e.ID != 0 {
			r.ID = "#" + strconv.Itoa(e.ID)
		}
		switch e.Kind {
		case sim.Expect, sim.Action, sim.Reveal:
			r.Item, r.Note = e.Item, e.Note // a line of the scenario, as written
		case sim.State:
			r.Note = a.note(e.From) + " → " + a.note(e.To) + " (" + r.Note + ")"
		case sim.Step:
			// The narration panel shows the step; the log names it in one line.
			r.ID, r.Note = "", stage.Clip(strconv.Itoa(e.ID+1)+". "+e.Note, 60)
		}
		out = append(out, r)
	}
	return out
}

// LogKey changes whenever the event log's rows do. The log is drawn
// outside the Vugu tree, like the stage: its sixteen rows were half of the
// elements Vugu re-rendered on every jump.
func (a *App) LogKey() string {
	if a.Page == "list" || a.M == nil {
		return "empty"
	}
	return fmt.Sprint(a.Page, " ", a.run, " ", a.Pos, " ", a.LogRaw)
}

// SetLogRaw shows (or hides) the event log's raw kinds and the scenario's
// checks.
func (a *App) SetLogRaw(on bool) { a.LogRaw = on }

// LogClass is the event log table's class: "plain" hides the kind column.
func (a *App) LogClass() string {
	if a.LogRaw {
		return "raw"
	}
	return "plain"
}

// LogHTML is the event log's rows as HTML.
func (a *App) LogHTML() string {
	if a.Page == "list" || a.M == nil {
		return ""
	}
	var b strings.Builder
	for _, r := range a.LogRows() {
		class := ""
		switch {
		case r.Cur:
			class = "cur"
		case r.Future:
			class = "future"
		}
		// One line a row: each cell's full text in its title; the actor
		// by its stage label.
		fmt.Fprintf(&b, `<tr class="%s" data-seq="%d"><td class="seq">%d</td><td class="t">%s</td><td class="actor" title="%s">%s</td><td class="kind" title="%s">%s</td><td class="subj" title="%s">%s</td><td class="item" title="%s %s"><span>%s</span> <span>%s</span></td><td class="note" title="%s">%s</td></tr>`,
			class, r.Seq, r.Seq, esc(r.T), esc(r.Actor), esc(stage.Short(r.Actor)), esc(r.Kind+" "+r.Subj), esc(r.Kind), esc(r.Subj), esc(r.Subj), esc(r.ID), esc(r.Item), esc(r.ID), esc(r.Item), esc(r.Note), esc(r.Note))
	}
	return b.String()
}

var esc = html.EscapeString

// Field is one line of the inspector.
type Field struct {
	K, V string
	Link string // a URL, when V links somewhere
}

// EventFields are the current event's fields, with its src linked upstream.
func (a *App) EventFields() []Field {
	if a.Len() == 0 {
		return nil
	}
	e := a.unspoiled(a.M.Trace[a.Pos], a.Pos)
	f := []Field{
		{K: "seq", V: strconv.Itoa(e.Seq)},
		{K: "t", V: Ms(e.T)},
		{K: "actor", V: e.Actor},
		{K: "kind", V: string(e.Kind) + " — " + a.kindMeaning(e)},
	}
	add := func(k, v string) {
		if v != "" {
			f = append(f, Field{K: k, V: v})
		}
	}
	add("subj", e.Subj)
	if e.ID != 0 {
		add("id", "#"+strconv.Itoa(e.ID))
	}
	add("item", e.Item)
	add("from", e.From)
	add("to", e.To)
	add("note", e.Note)
	if e.Src != "" {
		f = append(f, Field{K: "src", V: e.Src, Link: upstream.URL(e.Src)})
	}
	return f
}

// kindMeaning says what event e's kind means, in the page's language, with
// e's values in place of the field names sim.Kinds speaks of ("token
// #5/BrokerChange appended to queue ControllerEventManager.queue").
func (a *App) kindMeaning(e sim.Event) string {
	m := sim.Kinds[e.Kind]
	if zh, ok := kindsZH[e.Kind]; ok && a.Lang == "zh" {
		m = zh
	}
	id := ""
	if e.ID != 0 {
		id = "#" + strconv.Itoa(e.ID)
	}
	// The words (runs of ASCII letters, digits and _) that name a field
	// of sim.Event in sim.Kinds' descriptions.
	vals := map[string]string{"ID": id, "Item": e.Item, "Subj": e.Subj, "Note": e.Note, "From": e.From, "To": e.To}
	word := func(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' }
	var b strings.Builder
	for i := 0; i < len(m); {
		j := i
		for j < len(m) && word(m[j]) {
			j++
		}
		if j == i {
			b.WriteByte(m[i])
			i++
			continue
		}
		w := m[i:j]
		if v := vals[w]; v != "" && len([]rune(v)) <= 48 {
			w = v
		}
		b.WriteString(w)
		i = j
	}
	return b.String()
}

// Selected describes what is selected on the stage.
func (a *App) Selected() (title string, f []Field) {
	if a.M == nil || a.Sel == "" {
		return "", nil
	}
	s := a.State()
	kind, name, _ := strings.Cut(a.Sel, ":")
	switch kind {
	case "thread":
		t, ok := s.Thread(name)
		if !ok {
			return name, []Field{{K: "status", V: model.NotStarted}}
		}
		f = []Field{{K: "status", V: t.Status}, {K: "since", V: Ms(t.Since)}}
		if t.On != "" {
			f = append(f, Field{K: "on", V: t.On})
		}
		if t.Action != "" {
			f = append(f, Field{K: "last action", V: t.Action})
		}
		if s.Ctl.LockOwner == name {
			f = append(f, Field{K: "holds", V: "putLock"})
		}
		if name == s.Ctl.Taker && s.Ctl.Hand.ID != 0 {
			f = append(f, Field{K: "in hand", V: "#" + strconv.Itoa(s.Ctl.Hand.ID) + " " + s.Ctl.Hand.Item})
		}
		return name, f
	case "queue":
		f = []Field{{K: "size", V: strconv.Itoa(len(s.Ctl.Queue))}}
		for i, t := range s.Ctl.Queue {
			if i == 20 {
				f = append(f, Field{K: "…", V: strconv.Itoa(len(s.Ctl.Queue)-20) + " more"})
				break
			}
			f = append(f, Field{K: "slot " + strconv.Itoa(i+1), V: "#" + strconv.Itoa(t.ID) + " " + t.Item + " (put by " + t.By + " at " + Ms(t.PutAt) + ")"})
		}
		return "ControllerEventManager.queue", f
	case "lock":
		holder := s.Ctl.LockOwner
		if holder == "" {
			holder = "—"
		}
		if a.NoLock() {
			holder = "removed by the what-if: put and clearAndPut no longer exclude each other"
		}
		return "putLock (ReentrantLock)", []Field{{K: "holder", V: holder}}
	case "tok":
		id, _ := strconv.Atoi(name)
		t, where, ok := a.M.Token(a.Pos, id)
		if !ok {
			return "#" + name, []Field{{K: "where", V: "not put yet"}}
		}
		f = []Field{{K: "event", V: t.Item}, {K: "where", V: where}, {K: "put by", V: t.By}, {K: "put at", V: Ms(t.PutAt)}}
		if t.Wait != 0 || t.Fate != "" {
			f = append(f, Field{K: "queue time", V: Ms(t.Wait)})
		}
		if ans := s.Answer(id); ans != "" {
			f = append(f, Field{K: "callback got", V: ans})
		}
		return "QueuedEvent #" + name, f
	case "conn", "req", "q":
		return netSelected(s.Net, kind, name)
	case "member":
		return memberSelected(s, name)
	case "rec":
		return recSelected(s, name)
	case "broker":
		return brokerSelected(s, name)
	}
	return "", nil
}

// netSelected describes a connection, a request or a queue of a reactor.
func netSelected(n *model.Net, kind, name string) (string, []Field) {
	if n == nil {
		return name, []Field{{K: "where", V: "not there yet"}}
	}
	switch kind {
	case "conn":
		c, ok := n.Conn(name)
		if !ok {
			return name, []Field{{K: "status", V: "not connected yet"}}
		}
		f := []Field{{K: "status", V: c.Status}}
		add := func(k, v string) {
			if v != "" {
				f = append(f, Field{K: k, V: v})
			}
		}
		add("ip", c.IP)
		add("served by", c.Owner)
		add("interest / mute", c.Ops)
		add("reason", c.Reason)
		if c.Bucket > 0 {
			add("expiry bucket", strconv.FormatInt(c.Bucket, 10)+" ms")
		}
		add("requests sent", strconv.Itoa(c.Sent))
		add("responses", strconv.Itoa(c.Done))
		for _, r := range n.Reqs {
			if r.Conn == name {
				add("#"+strconv.Itoa(r.ID)+" "+r.Item, where(r.Loc))
			}
		}
		return "connection " + name, f
	case "req":
		id, _ := strconv.Atoi(name)
		r, ok := n.Req(id)
		if !ok {
			return "request #" + name, []Field{{K: "where", V: "answered, or not sent yet"}}
		}
		return "request #" + name, []Field{{K: "request", V: r.Item}, {K: "connection", V: r.Conn}, {K: "where", V: where(r.Loc)}}
	}
	q := n.Queue(name)
	size := strconv.Itoa(len(q.Toks))
	if q.Cap > 0 {
		size += " of " + strconv.Itoa(q.Cap)
	}
	f := []Field{{K: "size", V: size}}
	for i, t := range q.Toks {
		if i == 20 {
			f = append(f, Field{K: "…", V: strconv.Itoa(len(q.Toks)-20) + " more"})
			break
		}
		f = append(f, Field{K: "slot " + strconv.Itoa(i+1), V: "#" + strconv.Itoa(t.ID) + " " + t.Item})
	}
	return name, f
}

// memberSelected describes a consumer as its client and the coordinator see it.
func memberSelected(s *model.State, name string) (string, []Field) {
	if s.Grp == nil {
		return name, []Field{{K: "status", V: "not started yet"}}
	}
	for _, m := range s.Grp.Members {
		if m.Name != name {
			continue
		}
		member := "no"
		switch {
		case m.In:
			member = "yes, of group " + m.Group
		case m.Pending:
			member = "pending (has a member id, not joined yet)"
		}
		f := []Field{{K: "client state", V: m.Client}, {K: "member", V: member}}
		add := func(k, v string) {
			if v != "" {
				f = append(f, Field{K: k, V: v})
			}
		}
		add("member id", m.ID)
		add("last error", m.Error)
		add("assigned (generation "+m.Gen+")", m.Assigned)
		add("owns", m.Owned)
		if t, ok := s.Grp.Timer("member["+name+"]", "DelayedHeartbeat"); ok {
			add("session expires at", Ms(t.End))
		}
		return "consumer " + name, f
	}
	return name, []Field{{K: "status", V: "not started yet"}}
}

// recSelected describes a record as the listener container saw it.
func recSelected(s *model.State, name string) (string, []Field) {
	part, o, _ := strings.Cut(name, "@")
	off, _ := strconv.Atoi(o)
	if s.Lis != nil {
		for _, p := range s.Lis.Partitions {
			if p.Name != part || off >= len(p.Recs) {
				continue
			}
			r := p.Recs[off]
			fate := "not delivered yet"
			switch {
			case s.Lis.Lost(part, off):
				fate = "lost: committed past, never processed"
			case r.Recovered:
				fate = "recovered: the error handler skipped it"
			case r.Failing:
				fate = "its last delivery failed"
			case r.Done:
				fate = "processed"
			case r.Deliveries > 0:
				fate = "in the listener"
			}
			return "record " + name, []Field{{K: "deliveries", V: strconv.Itoa(r.Deliveries)}, {K: "duplicates", V: strconv.Itoa(r.Dups)}, {K: "fate", V: fate}, {K: "committed offset", V: strconv.Itoa(p.Committed)}}
		}
	}
	return "record " + name, []Field{{K: "fate", V: "not produced yet"}}
}

// brokerSelected describes a broker of the cluster and its replicas.
func brokerSelected(s *model.State, id string) (string, []Field) {
	if s.Clu == nil {
		return "broker-" + id, nil
	}
	b, _ := s.Clu.Broker(id)
	f := []Field{{K: "process", V: b.State}, {K: "ZooKeeper session", V: b.Session}}
	if s.Clu.Controller == id {
		f = append(f, Field{K: "role", V: "active controller"})
	}
	for _, r := range s.Clu.Replicas {
		if r.Broker == id {
			f = append(f, Field{K: r.Part, V: r.Role + ", LEO " + strconv.Itoa(len(r.Log)) + ", HW " + strconv.Itoa(r.HW) + ", fetcher " + r.Fetcher})
		}
	}
	return "broker-" + id, f
}

// where says a request's location in words.
func where(loc string) string {
	switch {
	case loc == "sock":
		return "sent, waiting in the socket to be read"
	case loc == "out":
		return "answered, the response waits in the outgoing buffer"
	case strings.HasPrefix(loc, "q:"):
		return "in queue " + loc[2:]
	case strings.HasPrefix(loc, "t:"):
		return "held by " + loc[2:]
	}
	return loc
}

// Metrics are the last value of every metric seen.
func (a *App) Metrics() []model.Metric { return a.State().Metrics }

// EventNames are the 25 ControllerEvent names for the what-if select.
func (a *App) EventNames() []string { return scenario.ControllerEvents() }

// InjectText describes injected action i: after which event, when, what.
func (a *App) InjectText(i int) string {
	in := a.Link.Inject[i]
	at := ""
	if a.M != nil && in.After < a.M.Len() {
		at = " (" + Ms(a.M.Trace[in.After].T) + ")"
	}
	return "#" + strconv.Itoa(in.After) + at + ": " + in.Action
}

// ClickHint says what the stage's elements are for the inspector.
func (a *App) ClickHint() string { return a.T(a.sys().hint) }

// Title is the page's heading.
func (a *App) Title() string { return a.Text(a.Lesson.Title) }

// PageClass hides the lesson page (which always exists, so the stage's
// <svg> is never recreated) on the list.
func (a *App) PageClass() string {
	if a.Page == "list" {
		return "lesson hidden"
	}
	return "lesson"
}
