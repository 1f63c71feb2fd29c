package msg

// socketserver words core/socketserver's errors.
var socketserver = Catalog{
	"ss.plane.same":    {`control.plane.listener.name, when defined, should have a different value from the inter broker listener name (%s)`, `control.plane.listener.name 一经设置，就必须与 Broker 之间通信所用的监听器名（%s）不同`},
	"ss.plane.name":    {`control.plane.listener.name: expected upper-case letters, digits and _ (such as CONTROLLER), got %q`, `control.plane.listener.name：应由大写字母、数字和 _ 组成（如 CONTROLLER），实际为 %q`},
	"ss.name":          {`a %s name has 1 to 64 letters, digits and - _ . only, got %q`, `%s 的名称应有 1 到 64 个字符，只能包含字母、数字和 - _ .，实际为 %q`},
	"ss.listener":      {`listener: expected a listener name such as PLAINTEXT or CONTROLLER, got %q`, `listener：应为监听器名（如 PLAINTEXT 或 CONTROLLER），实际为 %q`},
	"ss.from":          {`from: expected controller, got %q`, `from：应为 controller，实际为 %q`},
	"ss.listener.from": {`give listener= or from=controller, not both: the controller picks its listener itself`, `listener= 和 from=controller 只能给出一个：控制器会自己选择监听器`},
	"ss.api":           {`unknown API %q (one of %s)`, `未知的 API %q（应为 %s 之一）`},
	"ss.id.n":          {`id= names one request: leave it out with n= (the requests are then C#k)`, `id= 只能命名一个请求：使用 n= 时请省略它（这些请求会命名为 C#k）`},
}
