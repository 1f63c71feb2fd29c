package msg

// zookeeper words core/zookeeper's errors.
var zookeeper = Catalog{
	"zk.client":  {`expected a client name (letters, digits, '.', '_', '-'), got %q`, `应为客户端名（字母、数字、'.'、'_'、'-'），实际为 %q`},
	"zk.ip":      {`ip: expected an IP address such as 10.0.0.1, got %q`, `ip：应为 IP 地址（如 10.0.0.1），实际为 %q`},
	"zk.burst":   {`a burst may span at most %gh (count × every)`, `一次突发最多持续 %gh（count × every）`},
	"zk.request": {`id: expected a request id (letters, digits, '.', '_', '-'), got %q`, `id：应为请求 id（字母、数字、'.'、'_'、'-'），实际为 %q`},

	// The configuration (Config, New).
	"zk.cores":          {`cores must be from 1 to %d, got %d`, `cores 必须在 1 到 %d 之间，实际为 %d`},
	"zk.selectors":      {`numSelectorThreads must be at least 1`, `numSelectorThreads 至少为 1`},
	"zk.selectors.max":  {`numSelectorThreads must be at most %d here`, `numSelectorThreads 在这里最多为 %d`},
	"zk.workers":        {`numWorkerThreads must be ≥ 0 (0: the selector threads do the I/O)`, `numWorkerThreads 必须 ≥ 0（0 表示由多路复用线程直接做 I/O）`},
	"zk.workers.max":    {`numWorkerThreads must be at most %d here`, `numWorkerThreads 在这里最多为 %d`},
	"zk.maxClientCnxns": {`maxClientCnxns must be ≥ 0 (0 disables the limit)`, `maxClientCnxns 必须 ≥ 0（0 表示不限制）`},
	"zk.sessionless":    {`sessionlessCnxnTimeout must be a whole number of milliseconds ≥ 1`, `sessionlessCnxnTimeout 必须是 ≥ 1 的整毫秒数`},
	"zk.requestTime":    {`requestTime must be ≥ 0`, `requestTime 必须 ≥ 0`},
	"zk.outstanding":    {`globalOutstandingLimit must be ≥ 0`, `globalOutstandingLimit 必须 ≥ 0`},

	// The clients' actions (Connect, Send, Close) and their refusals.
	"zk.name.empty": {`empty name`, `名称为空`},
	"zk.name":       {`%q: a name is letters, digits, '.', '_' and '-', starting with a letter or digit`, `%q：名称只能由字母、数字、'.'、'_' 和 '-' 组成，并以字母或数字开头`},
	"zk.not.ip":     {`%q is not an IP address (such as 10.0.0.1)`, `%q 不是 IP 地址（如 10.0.0.1）`},
	"zk.count":      {`count must be from 1 to %d and every ≥ 0`, `count 必须在 1 到 %d 之间，且 every ≥ 0`},
	"zk.n":          {`n must be from 1 to %d`, `n 必须在 1 到 %d 之间`},
	"zk.name.used":  {`the name %s is in use`, `名称 %s 正在使用中`},
	"zk.no.conn":    {`no open connection %s`, `没有名为 %s 的打开的连接`},
	"zk.requests":   {`%d requests at once, more than %d`, `一次发出 %d 个请求，超过了上限 %d`},

	// Paths: what is wrong in one (path.bad).
	"zk.path.conn":          {`a connection has %s`, `连接的字段有 %s`},
	"zk.path.ip":            {`an address has .connections`, `地址只有 .connections 字段`},
	"zk.path.selector":      {`a selector thread is a number from 0`, `多路复用线程的编号是从 0 起的数字`},
	"zk.path.selector.conn": {`a selector thread has .connections`, `多路复用线程只有 .connections 字段`},
	"zk.path.selectors":     {`there are %d selector threads, 0 to %d`, `共有 %d 个多路复用线程，编号 0 到 %d`},
}
