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

	// The configuration (Config, New) and names.
	"ss.broker.id":       {`broker.id must be ≥ 0, got %d`, `broker.id 必须 ≥ 0，实际为 %d`},
	"ss.network.threads": {`num.network.threads must be from 1 to %d, got %d`, `num.network.threads 必须在 1 到 %d 之间，实际为 %d`},
	"ss.io.threads":      {`num.io.threads must be from 1 to %d, got %d`, `num.io.threads 必须在 1 到 %d 之间，实际为 %d`},
	"ss.queued.max":      {`queued.max.requests must be from 1 to %d, got %d`, `queued.max.requests 必须在 1 到 %d 之间，实际为 %d`},
	"ss.latency":         {`network latency must be from 0ms to 1h, got %s`, `网络延迟必须在 0ms 到 1h 之间，实际为 %s`},
	"ss.apiTime":         {`socketserver.apiTime must be from 0ms to 1h, got %s`, `socketserver.apiTime 必须在 0ms 到 1h 之间，实际为 %s`},
	"ss.apiTime.api":     {`socketserver.apiTime.%s must be from 0ms to 1h, got %s`, `socketserver.apiTime.%s 必须在 0ms 到 1h 之间，实际为 %s`},
	"ss.name.length":     {`a %s name has 1 to 64 characters, got %q`, `%s 的名称应有 1 到 64 个字符，实际为 %q`},
	"ss.name.chars":      {`a %s name has letters, digits and - _ . only, got %q`, `%s 的名称只能包含字母、数字和 - _ .，实际为 %q`},
	"ss.open":            {`connection %s is already open`, `连接 %s 已经打开`},
	"ss.no.conn":         {`no connection %s`, `没有名为 %s 的连接`},
	"ss.not.open":        {`connection %s is not open`, `连接 %s 没有打开`},
	"ss.name.used":       {`the name %s is in use`, `名称 %s 正在使用中`},

	// Paths: what is wrong in one (path.bad).
	"ss.path.default":   {`a default is one of %s`, `默认值应为 %s 之一`},
	"ss.path.conn":      {`a connection has .processor, .muteState, .state, .listener and .inFlight`, `连接的字段有 .processor、.muteState、.state、.listener 和 .inFlight`},
	"ss.path.responses": {`responses[C] is a list of request ids`, `responses[C] 是请求 id 的列表，没有字段`},
	"ss.path.request":   {`a request has .state, .sentAt, .readAt, .queuedAt, .takenAt, .respondedAt (ms), .queuedBehind, .processor, .readBy, .handler and .sentBy`, `请求的字段有 .state、.sentAt、.readAt、.queuedAt、.takenAt、.respondedAt（毫秒）、.queuedBehind、.processor、.readBy、.handler 和 .sentBy`},
	"ss.path.id":        {`expected an id ≥ 0 in []`, `[] 中应为 ≥ 0 的 id`},
	"ss.path.handler":   {`a handler has .thread`, `请求处理线程只有 .thread 字段`},
	"ss.path.processor": {`a processor has .thread, .blocked, .connections, .newConnections.size, .responseQueue.size and .plane`, `Processor 的字段有 .thread、.blocked、.connections、.newConnections.size、.responseQueue.size 和 .plane`},
}
