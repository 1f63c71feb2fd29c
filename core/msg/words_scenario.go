package msg

// scenario words core/scenario's statements, questions and runs.
var scenario = Catalog{
	// The statements.
	"sc.stmt.string":    {`expected a statement (%s), got a string`, `应为语句（%s），实际是一个字符串`},
	"sc.stmt.unknown":   {`expected a statement (%s), got %q`, `应为语句（%s），实际为 %q`},
	"sc.seed.after.use": {`seed must come before use`, `seed 必须写在 use 之前`},
	"sc.seed.twice":     {`seed given twice`, `seed 给了两次`},
	"sc.seed.after.let": {`seed must come before let: the variables are drawn from it`, `seed 必须写在 let 之前：变量是按种子抽取的`},
	"sc.seed.bad":       {`expected a positive integer seed, got %q`, `seed 应为正整数，实际为 %q`},
	"sc.use.twice":      {`use given twice: one system a scenario (cluster wires them all together)`, `use 给了两次：一个场景只用一个系统（cluster 把所有系统连在一起）`},
	"sc.set.late":       {`set must come before the first at, after, run or expect`, `set 必须写在第一个 at、after、run 或 expect 之前`},
	"sc.stmt.timed":     {`expected %s T ACTION`, `应写成 %s T ACTION`},
	"sc.stmt.run":       {`expected run T, run idle or run until PATH OP VALUE [max T]`, `应写成 run T、run idle 或 run until PATH OP VALUE [max T]`},
	"sc.stmt.say":       {`expected %s "TEXT" (one double-quoted string)`, `应写成 %s "TEXT"（一个双引号字符串）`},
	"sc.say.zh.order":   {`say.zh must follow the say of its step`, `say.zh 必须紧跟在本步骤的 say 之后`},
	"sc.stmt.system":    {`%s needs a system: write use SYSTEM first (%s)`, `%s 需要一个系统：先写 use SYSTEM（%s）`},
	"sc.cond.expected":  {`expected PATH OP VALUE (OP one of == != < <= > >=)`, `应写成 PATH OP VALUE（OP 为 == != < <= > >= 之一）`},
	"sc.cond.extra":     {`expected PATH OP VALUE, got extra %q (lists are comma-separated, without spaces)`, `应写成 PATH OP VALUE，多出了 %q（列表用逗号分隔，不带空格）`},
	"sc.cond.op":        {`expected an operator (== != < <= > >=), got %q`, `应为运算符（== != < <= > >=），实际为 %q`},
	"sc.cond.number":    {`%s compares numbers, got %q`, `%s 比较的是数字，实际为 %q`},
	"sc.escape":         {`unknown escape \%s (use \" \\ or \n)`, `未知的转义 \%s（只能用 \"、\\ 或 \n）`},
	"sc.unterminated":   {`unterminated string: expected a closing "`, `字符串没有结束：缺少收尾的 "`},

	// Questions and variables.
	"sc.ask.step":         {`ask belongs to a step: write it after the say of the step whose run answers it`, `ask 属于一个步骤：请把它写在那个步骤的 say 之后，由该步骤的运行来回答它`},
	"sc.ask.twice":        {`this step already asks a question (line %d): one ask a step`, `这一步已经有问题了（第 %d 行）：每一步只能有一个 ask`},
	"sc.ask.zh.order":     {`ask.zh must follow the ask of its step`, `ask.zh 必须紧跟在本步骤的 ask 之后`},
	"sc.choice.order":     {`choice must follow an ask, its ask.zh or another choice`, `choice 必须紧跟在 ask、它的 ask.zh 或另一个 choice 之后`},
	"sc.choice.zh.order":  {`choice.zh must follow the choice it translates`, `choice.zh 必须紧跟在它所翻译的 choice 之后`},
	"sc.ask.choices":      {`ask needs at least two choices: choice "LABEL" PATH OP VALUE lines right after it`, `ask 至少需要两个选项：在它后面紧接着写 choice "LABEL" PATH OP VALUE 行`},
	"sc.let.name":         {`expected a variable name (letters, digits, _), got %q`, `应为变量名（字母、数字、_），实际为 %q`},
	"sc.let.twice":        {`variable %s is already defined`, `变量 %s 已经定义过了`},
	"sc.let.range":        {`expected a range of integers A..B with A ≤ B, within ±%d, got %q`, `应为整数范围 A..B，A ≤ B，且在 ±%d 以内，实际为 %q`},
	"sc.var.unterminated": {`unterminated ${: expected }`, `${ 没有结束：缺少 }`},
	"sc.var.dollar":       {`a $ must start a variable ($NAME or ${NAME}); write $$ for a dollar sign`, `$ 必须开始一个变量（$NAME 或 ${NAME}）；美元符号本身要写成 $$`},
	"sc.var.unknown":      {`unknown variable $%s: define it first with let %s rand A..B`, `未知的变量 $%s：请先用 let %s rand A..B 定义它`},
	"sc.var.form":         {`expected ${NAME}, ${NAME+K} or ${NAME-K} with K a whole number up to %d, got %q`, `应写成 ${NAME}、${NAME+K} 或 ${NAME-K}，K 为不超过 %d 的整数，实际为 %q`},

	// Running: the system, what a run adds (Options), its budgets.
	"sc.no.system":      {`the scenario uses no system`, `场景没有用 use 指定系统`},
	"sc.action.empty":   {`empty action`, `动作为空`},
	"sc.column":         {`%d: %s`, `第 %d 列：%s`},
	"sc.option.kv":      {`setting %q: expected KEY VALUE`, `设置 %q：应写成 KEY VALUE`},
	"sc.option.setting": {`setting %q: %s`, `设置 %q：%s`},
	"sc.option.action":  {`action %q: %s`, `动作 %q：%s`},
	"sc.option.after":   {`action %q: negative event index %d`, `动作 %q：事件序号 %d 为负数`},
	"sc.clock.max":      {`the clock would pass %s, as far as a run may go`, `时钟将超过 %s：一次运行最远只能到这个时刻`},
	"sc.budget.events":  {`the run stopped at its budget of %d events (at %s): run for less time or make the system smaller`, `运行在事件预算 %d 个处停止（虚拟时间 %s）：请缩短运行时间，或把系统规模调小`},
	"sc.budget.memory":  {`the run stopped at its memory budget, a trace of %d MB, after %d events (at %s): run for less time or make the system smaller`, `运行在内存预算处停止：轨迹已达 %d MB，共 %d 个事件（虚拟时间 %s）：请缩短运行时间，或把系统规模调小`},
	"sc.budget.clock":   {`the run stopped at its budget of %dh of virtual time: shorten its run and at lines`, `运行在虚拟时间预算 %dh 处停止：请缩短 run 和 at 行的时间`},
}
