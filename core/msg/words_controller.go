package msg

// controller words core/controller's errors.
var controller = Catalog{
	"event.unknown":  {`unknown event %q (one of %s)`, `未知的事件 %q（应为 %s 之一）`},
	"event.nofields": {`unknown event field %q: %s has no fields`, `未知的事件字段 %q：%s 没有字段`},
	"event.field":    {`unknown event field %q: %s has %s`, `未知的事件字段 %q：%s 的字段有 %s`},
}
