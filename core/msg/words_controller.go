package msg

// controller words core/controller's errors.
var controller = Catalog{
	"event.unknown":  {`unknown event %q (one of %s)`, `未知的事件 %q（应为 %s 之一）`},
	"event.nofields": {`unknown event field %q: %s has no fields`, `未知的事件字段 %q：%s 没有字段`},
	"event.field":    {`unknown event field %q: %s has %s`, `未知的事件字段 %q：%s 的字段有 %s`},

	// The configuration (Config, New).
	"ct.id":        {`controller.id must be ≥ 0`, `controller.id 必须 ≥ 0`},
	"ct.durations": {`durations must be ≥ 0`, `时长必须 ≥ 0`},
	"ct.eventTime": {`controller.eventTime.%s must be ≥ 0`, `controller.eventTime.%s 必须 ≥ 0`},

	// Paths: what is wrong in one (path.bad).
	"ct.path.metric":        {`no metric %q (one of %s)`, `没有指标 %q（应为 %s 之一）`},
	"ct.path.metric.fields": {`a metric has .count, .max, .mean and .p99`, `指标的字段有 .count、.max、.mean 和 .p99`},
	"ct.path.event":         {`unknown event %q`, `未知的事件 %q`},
	"ct.path.event.fields":  {`an event has .state and .thread`, `事件的字段有 .state 和 .thread`},
	"ct.path.state":         {`no ControllerState %q`, `没有 ControllerState %q`},
	"ct.path.state.fields":  {`a state has .value and .metric`, `状态的字段有 .value 和 .metric`},
}
