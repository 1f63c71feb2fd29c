package msg

// zookeeper words core/zookeeper's errors.
var zookeeper = Catalog{
	"zk.client":  {`expected a client name (letters, digits, '.', '_', '-'), got %q`, `应为客户端名（字母、数字、'.'、'_'、'-'），实际为 %q`},
	"zk.ip":      {`ip: expected an IP address such as 10.0.0.1, got %q`, `ip：应为 IP 地址（如 10.0.0.1），实际为 %q`},
	"zk.burst":   {`a burst may span at most %gh (count × every)`, `一次突发最多持续 %gh（count × every）`},
	"zk.request": {`id: expected a request id (letters, digits, '.', '_', '-'), got %q`, `id：应为请求 id（字母、数字、'.'、'_'、'-'），实际为 %q`},
}
