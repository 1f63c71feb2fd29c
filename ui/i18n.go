package ui

// The classroom features' words. They join the one table T reads (words,
// in view.go) at init, so every string of the chrome, its errors and its
// notices is looked up in one place; they live here only so that the
// lesson stages' words and these can grow side by side.
var webWords = map[string][2]string{
	"updateReady": {"A new version of brokerlab is ready.", "brokerlab 有新版本了。"},
	"reload":      {"Reload", "重新加载"},
	"close":       {"Close", "关闭"},

	// The scenario editor.
	"edit":        {"Edit scenario", "编辑场景"},
	"editor":      {"Scenario (.lab)", "场景（.lab）"},
	"editHint":    {"Ctrl+Enter runs it · Tab leaves the editor", "Ctrl+Enter 运行 · Tab 离开编辑器"},
	"editRun":     {"Run ▶", "运行 ▶"},
	"editRevert":  {"Lesson's own", "恢复课程原文"},
	"goToError":   {"Put the cursor at the error", "把光标移到出错处"},
	"errAt":       {"line %d, column %d", "第 %d 行第 %d 列"},
	"draftBroken": {"The link's edited scenario has an error (see the editor): showing the lesson's own", "链接中编辑过的场景有错误（见编辑器）：现在显示课程原来的场景"},
	"srcTooBig":   {"It runs, but a link cannot carry it: a reload shows the lesson's own", "可以运行，但链接装不下它：重新加载后将显示课程原来的场景"},
}

// A key in both tables keeps words' entry; TestWordsOnce fails on it.
func init() {
	for k, v := range webWords {
		if _, dup := words[k]; !dup {
			words[k] = v
		}
	}
}
