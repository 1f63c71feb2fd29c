package classroom

// Words are the classroom's words: they join the page's one table, which
// Page.T reads.
var Words = map[string][2]string{
	// A new version.
	"updateReady": {"A new version of brokerlab is ready.", "brokerlab 有新版本了。"},
	"reload":      {"Reload", "重新加载"},

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

	// Export.
	"export":         {"Export", "导出"},
	"exportSVG":      {"Stage as SVG", "舞台（SVG）"},
	"exportPNG":      {"Stage as PNG", "舞台（PNG）"},
	"exportTrace":    {"Trace (JSON lines)", "事件轨迹（JSON lines）"},
	"exportDark":     {"Dark, as on screen (else light)", "深色，与屏幕一致（否则浅色）"},
	"whatIf":         {"what-if", "假设"},
	"noWhatIf":       {"no what-if", "无假设改动"},
	"afterEvent":     {"after event", "插入于事件"},
	"editedScenario": {"edited scenario", "编辑过的场景"},

	// Theme.
	"themeDark":  {"◐ Dark", "◐ 深色"},
	"themeLight": {"◑ Light", "◑ 浅色"},
	"themeLabel": {"Switch between the light and the dark theme", "切换浅色和深色主题"},
}
