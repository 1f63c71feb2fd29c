package ui

import (
	"strconv"

	"brokerlab/lessons"
	"brokerlab/ui/kit"
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

// PosText is "event 121 / 4211".
func (a *App) PosText() string {
	return a.T("event") + " " + strconv.Itoa(a.Play.Pos+1) + " / " + strconv.Itoa(a.Len())
}

// TimeText is the current event's virtual time.
func (a *App) TimeText() string {
	return "t = " + kit.Ms(a.Event().T)
}

// Language is the page's language, "en" or "zh".
func (a *App) Language() string { return a.Lang }

// SelKey is the stage's selection, "" if none.
func (a *App) SelKey() string { return a.Sel }

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
