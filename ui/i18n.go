package ui

// The classroom features' words. They join the one table T reads (words,
// in view.go) at init, so every string of the chrome, its errors and its
// notices is looked up in one place; they live here only so that the
// lesson stages' words and these can grow side by side.
var webWords = map[string][2]string{
	"updateReady": {"A new version of brokerlab is ready.", "brokerlab 有新版本了。"},
	"reload":      {"Reload", "重新加载"},
	"close":       {"Close", "关闭"},

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

	// Progress.
	"finished":      {"✓ finished", "✓ 已学完"},
	"opened":        {"◐ opened", "◐ 已打开"},
	"notOpened":     {"○ not opened yet", "○ 尚未打开"},
	"checkpoint":    {"question of step %s: %s", "第 %s 步的问题：%s"},
	"answer.right":  {"✓ right", "✓ 答对"},
	"answer.wrong":  {"✗ wrong", "✗ 答错"},
	"forget":        {"Forget my progress", "清除学习记录"},
	"progressLabel": {"Your progress", "学习进度"},

	// Presenter mode.
	"present":    {"Present", "投影"},
	"presenting": {"Presenting ✓", "投影中 ✓"},
	"notes":      {"Speaker notes", "讲稿"},
	"notesNext":  {"Next: step %d", "下一步：第 %d 步"},
	"notesEnd":   {"This is the last step.", "这是最后一步。"},
	"stepOf":     {"step", "步骤"},

	// Export.
	"export":      {"Export", "导出"},
	"exportSVG":   {"Stage as SVG", "舞台（SVG）"},
	"exportPNG":   {"Stage as PNG", "舞台（PNG）"},
	"exportTrace": {"Trace (JSON lines)", "事件轨迹（JSON lines）"},

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
