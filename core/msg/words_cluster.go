package msg

// cluster words the errors of core/cluster and core/replication.
var cluster = Catalog{
	"cl.acks.setting":   {`acks: expected all, -1, 0 or 1, got %q`, `acks：应为 all、-1、0 或 1，实际为 %q`},
	"cl.acks":           {`acks: expected all, -1, 0 or 1 (or another small integer, which the broker refuses), got %q`, `acks：应为 all、-1、0 或 1（也可以是别的小整数，Broker 会拒绝它），实际为 %q`},
	"cl.broker":         {`expected a broker id from 1 to %d, got %q`, `应为 1 到 %d 之间的 Broker id，实际为 %q`},
	"cl.config":         {`expected unclean.leader.election.enable=true|false (the dynamic config the model alters), got %q`, `应为 unclean.leader.election.enable=true|false（模型只修改这一项动态配置），实际为 %q`},
	"cl.replicas":       {`replicas: expected broker ids from 1 to %d (set brokers N first), got %q`, `replicas：应为 1 到 %d 之间的 Broker id（Broker 数要先用 set brokers N 设置），实际为 %q`},
	"cl.replicas.twice": {`replicas: broker %d is listed twice`, `replicas：Broker %d 出现了两次`},
	"cl.rf":             {`Replication factor: %d larger than available brokers: %d`, `副本因子 %d 大于可用的 Broker 数 %d`},
	"cl.replicas.or.rf": {`give replicas= or replication.factor=, not both`, `replicas= 和 replication.factor= 只能给出一个`},
	"cl.replicas.none":  {`expected replicas=B,B,B or replication.factor=R`, `应给出 replicas=B,B,B 或 replication.factor=R`},
	"cl.topic.size":     {`a topic of %d replicas (partitions × replication factor): a run holds at most %d a topic`, `主题共有 %d 个副本（分区数 × 副本因子）：一次运行中每个主题最多 %d 个`},
	"cl.partition":      {`expected a partition such as t-0, got %q`, `应为分区（如 t-0），实际为 %q`},
	"cl.from":           {`from: expected an offset ≥ 0, got %q`, `from：应为 ≥ 0 的位移，实际为 %q`},
}
