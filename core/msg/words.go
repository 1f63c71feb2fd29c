package msg

// base words the values, the engine and the catalog's own hint: code → English and Chinese.
var base = Catalog{
	"hint": {`; did you mean %s?`, `；是不是 %s？`},
	"text": {`%s`, `%s`},

	// Values.
	"duration":       {`expected a duration such as 250ms, 10s or 2m, got %q`, `应为时长（如 250ms、10s 或 2m），实际为 %q`},
	"duration.long":  {`duration %s is longer than the %s a scenario may span`, `时长 %s 超过了一个场景最多能跨越的 %s`},
	"duration.most":  {`%s: at most %s, got %s`, `%s：最多 %s，实际为 %s`},
	"int":            {`%s: expected an integer from %d to %d, got %q`, `%s：应为 %d 到 %d 之间的整数，实际为 %q`},
	"cores":          {`cores: expected a processor count from 1 to 1024, got %q`, `cores：应为 1 到 1024 之间的处理器数，实际为 %q`},
	"ms":             {`%s: expected milliseconds ≥ %d, got %q`, `%s：应为 ≥ %d 的毫秒数，实际为 %q`},
	"ms.or.duration": {`%s: expected whole milliseconds (30000) or a duration (30s) from %s to %s, got %q`, `%s：应为整毫秒数（30000）或时长（30s），范围 %s 到 %s，实际为 %q`},
	"bool":           {`%s: expected true or false, got %q`, `%s：应为 true 或 false，实际为 %q`},
	"one.of":         {`%s: expected one of %s, got %q`, `%s：应为 %s 之一，实际为 %q`},
	"name":           {`%s: expected a name of letters, digits, '.', '_' or '-', got %q`, `%s：应为由字母、数字、'.'、'_' 或 '-' 组成的名称，实际为 %q`},
	"names":          {`%s: expected N,N (names of letters, digits, '.', '_' or '-'), got %q`, `%s：应为 N,N（由字母、数字、'.'、'_' 或 '-' 组成的名称），实际为 %q`},
	"setting":        {`%s: %s`, `%s：%s`},

	// The engine: settings, actions, paths, systems.
	"use.unknown":           {`unknown system %q: expected one of %s`, `未知的系统 %q：应为 %s 之一`},
	"setting.unknown":       {`unknown setting %q for %s (%s)`, `%[2]s 没有设置项 %[1]q（可用的设置项：%[3]s）`},
	"setting.member":        {`%s: unknown %s %q (one of %s)`, `%s：未知的 %s %q（应为 %s 之一）`},
	"action.unknown":        {`expected a %s action (%s), got %q`, `应为 %s 的动作（%s），实际为 %q`},
	"action.form":           {`expected %s, got %q`, `应写成 %s，实际为 %q`},
	"action.expected":       {`expected %s`, `应写成 %s`},
	"action.string":         {`expected %s, got a string`, `应写成 %s，实际是一个字符串`},
	"action.field":          {`expected a field k=v, got %q`, `应为字段 k=v，实际为 %q`},
	"action.extra":          {`expected %s, got extra %q`, `应写成 %s，多出了 %q`},
	"action.option":         {`expected an option k=v (%s), got %q`, `应为参数 k=v（%s），实际为 %q`},
	"action.option.unknown": {`unknown option %q for %s (%s)`, `%[2]s 没有参数 %[1]q（可用的参数：%[3]s）`},
	"action.option.twice":   {`option %q given twice`, `参数 %q 给了两次`},
	"action.option.missing": {`expected %s: %s= is missing`, `应写成 %s：缺少 %s=`},
	"path.unknown":          {`unknown state path %q (paths: %s)`, `未知的状态路径 %q（可用的路径：%s）`},
	"path.none":             {`unknown state path %q`, `未知的状态路径 %q`},
	"path.bad":              {`unknown state path %q: %s`, `未知的状态路径 %q：%s`},
	"path.bracket":          {`missing ]`, `缺少 ]`},
	"path.brackets":         {`empty []`, `[] 为空`},
}
