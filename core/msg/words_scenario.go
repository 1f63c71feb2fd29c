package msg

// scenario words core/scenario's statements, questions and runs.
var scenario = Catalog{
	"stmt.string":    {`expected a statement (%s), got a string`, `应为语句（%s），实际是一个字符串`},
	"stmt.unknown":   {`expected a statement (%s), got %q`, `应为语句（%s），实际为 %q`},
	"seed.after.use": {`seed must come before use`, `seed 必须写在 use 之前`},
	"seed.twice":     {`seed given twice`, `seed 给了两次`},
	"seed.after.let": {`seed must come before let: the variables are drawn from it`, `seed 必须写在 let 之前：变量是按种子抽取的`},
	"seed.bad":       {`expected a positive integer seed, got %q`, `seed 应为正整数，实际为 %q`},
	"use.twice":      {`use given twice: one system a scenario (cluster wires them all together)`, `use 给了两次：一个场景只用一个系统（cluster 把所有系统连在一起）`},
	"set.late":       {`set must come before the first at, after, run or expect`, `set 必须写在第一个 at、after、run 或 expect 之前`},
	"stmt.timed":     {`expected %s T ACTION`, `应写成 %s T ACTION`},
	"stmt.run":       {`expected run T, run idle or run until PATH OP VALUE [max T]`, `应写成 run T、run idle 或 run until PATH OP VALUE [max T]`},
	"stmt.say":       {`expected %s "TEXT" (one double-quoted string)`, `应写成 %s "TEXT"（一个双引号字符串）`},
	"say.zh.order":   {`say.zh must follow the say of its step`, `say.zh 必须紧跟在本步骤的 say 之后`},
	"stmt.system":    {`%s needs a system: write use SYSTEM first (%s)`, `%s 需要一个系统：先写 use SYSTEM（%s）`},
	"cond.expected":  {`expected PATH OP VALUE (OP one of == != < <= > >=)`, `应写成 PATH OP VALUE（OP 为 == != < <= > >= 之一）`},
	"cond.extra":     {`expected PATH OP VALUE, got extra %q (lists are comma-separated, without spaces)`, `应写成 PATH OP VALUE，多出了 %q（列表用逗号分隔，不带空格）`},
	"cond.op":        {`expected an operator (== != < <= > >=), got %q`, `应为运算符（== != < <= > >=），实际为 %q`},
	"cond.number":    {`%s compares numbers, got %q`, `%s 比较的是数字，实际为 %q`},
}
