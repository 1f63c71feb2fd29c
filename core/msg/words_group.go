package msg

// group words core/group's errors.
var group = Catalog{
	"gr.assignor":       {`unknown assignor %q (%s)`, `未知的分配器 %q（可用的分配器：%s）`},
	"gr.assignor.twice": {`assignor %q given twice`, `分配器 %q 给了两次`},
	"gr.duration":       {`expected a duration > 0 such as 15s, got %q`, `应为大于 0 的时长（如 15s），实际为 %q`},
	"gr.topics":         {`expected topics=T,T, got %q`, `应为 topics=T,T，实际为 %q`},
	"gr.heartbeat":      {`heartbeat.interval.ms must be lower than session.timeout.ms`, `heartbeat.interval.ms 必须小于 session.timeout.ms`},
}
