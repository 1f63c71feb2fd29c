package ui

import (
	"strings"

	"brokerlab/ui/classroom"
	"brokerlab/ui/inspect"
	"brokerlab/ui/playground"
	"brokerlab/ui/whatif"
)

// The loader's, the questions', the editor's and the notices' words. They
// join the one table T reads (words, in view.go) at init, with the
// features' own tables, so every string of the chrome, its errors and its
// notices is looked up in one place.
var webWords = map[string][2]string{
	// The loader (index.html), before the Go side runs: site.Build copies
	// the load.* words into the page.
	"load.title":     {"Loading the simulator (Go compiled to WebAssembly)…", "正在加载模拟器（Go 编译成的 WebAssembly）……"},
	"load.bar":       {"download progress", "下载进度"},
	"load.starting":  {"starting…", "正在启动……"},
	"load.noWasm":    {"this browser has no WebAssembly", "此浏览器不支持 WebAssembly"},
	"load.failed":    {"brokerlab could not start: ", "brokerlab 无法启动："},
	"load.stopped":   {"brokerlab stopped. Reload the page to start again.", "brokerlab 已停止。请重新加载页面。"},
	"load.openStart": {"Open the lesson's start", "从课程开头打开"},

	"close": {"Close", "关闭"},

	// Questions.
	"question":      {"Predict", "预测"},
	"pickHint":      {"Pick one: the simulation will show what happens.", "选一个：模拟会告诉你实际发生了什么。"},
	"pickedHint":    {"Play on to see what the simulation does.", "继续播放，看看模拟的结果。"},
	"right":         {"✓ Right.", "✓ 答对了。"},
	"wrong":         {"✗ Not this time.", "✗ 这次没猜中。"},
	"simSays":       {"The simulation:", "模拟的结果："},
	"or":            {" or ", " 或 "},
	"noChoiceHolds": {"None of the choices matches what the simulation did: see the checks below.", "模拟的结果与所有选项都不符：见下方未通过的检查。"},
	"variant":       {"variant: seed", "变体：种子"},
	"newVariant":    {"New variant", "换一个变体"},

	// The speaker notes (presenter mode).
	"notes":         {"Speaker notes", "讲稿"},
	"notesNext":     {"Next: step %d", "下一步：第 %d 步"},
	"notesEnd":      {"This is the last step.", "这是最后一步。"},
	"notesStep":     {"Step %d / %d", "第 %d 步 / 共 %d 步"},
	"notesAnswer":   {"The simulation will show:", "模拟将给出："},
	"notesUngraded": {"The run ends before the simulation grades it.", "运行在模拟判定之前就结束了。"},
	"stepOf":        {"step", "步骤"},
	// The teacher's guide, a static page a lesson (site/guide).
	"guide": {"Teacher's guide (printable)", "教师手册（可打印）"},

	"logCaption": {"The events around the current one, which is marked ▶; a click on a row goes to its event", "当前事件（以 ▶ 标出）前后的事件；点击一行即可跳到该事件"},

	"malformedLink": {"malformed link", "链接格式有误"},

	// The scenario editor.
	"edit":     {"Edit scenario", "编辑场景"},
	"editor":   {"Scenario (.lab)", "场景（.lab）"},
	"editHint": {"Ctrl+Space completes · Ctrl+Enter runs it · Tab leaves the editor", "Ctrl+Space 补全 · Ctrl+Enter 运行 · Tab 离开编辑器"},
	// Its completion list and its one-click fix (complete.go).
	"completions":     {"Completions", "补全"},
	"completeDefault": {"default", "默认"},
	"completeAbove":   {"▲ %d more", "▲ 还有 %d 项"},
	"completeBelow":   {"▼ %d more", "▼ 还有 %d 项"},
	"fixReplace":      {"Replace %s with %s", "把 %s 替换为 %s"},
	"editRun":         {"Run ▶", "运行 ▶"},
	"editRevert":      {"Lesson's own", "恢复课程原文"},
	"goToError":       {"Put the cursor at the error", "把光标移到出错处"},
	"errAt":           {"line %d, column %d: ", "第 %d 行第 %d 列："},
	"draftBroken":     {"The link's edited scenario has an error (see the editor): showing the lesson's own", "链接中编辑过的场景有错误（见编辑器）：现在显示课程原来的场景"},
	"srcTooBig":       {"It runs, but a link cannot carry it (%d KB compressed, a link holds %d KB): a reload shows the lesson's own", "可以运行，但链接装不下它（压缩后 %d KB，链接最多容纳 %d KB）：重新加载后将显示课程原来的场景"},
}

// A key in two tables keeps words' entry; TestWordsOnce fails on it.
func init() {
	for _, t := range []map[string][2]string{webWords, classroom.Words, inspect.Words, playground.Words, whatif.Words} {
		for k, v := range t {
			if _, dup := words[k]; !dup {
				words[k] = v
			}
		}
	}
}

// LoaderWords are the words the loading page shows before the Go side
// runs, for site.Build to put into index.html.
func LoaderWords() map[string][2]string {
	out := map[string][2]string{}
	for k, v := range words {
		if strings.HasPrefix(k, "load.") {
			out[k] = v
		}
	}
	return out
}

// Notice is the notice, "" if none, worded in the page's language when it
// is shown, so that switching the language rewords it: the framing, and
// the link's and core's messages; what they quote (a parameter, a path)
// stays as it is.
func (a *App) Notice() string {
	if a.notice == nil {
		return ""
	}
	return strings.TrimSpace(a.notice()) // the last a.T("stop")'s space
}
