package msg

// ZH words each code of EN in Chinese; %[n] indexes reorder the arguments.
var ZH = map[string]string{
	"hint": `；是不是 %s？`,
	"text": `%s`,

	"duration":       `应为时长（如 250ms、10s 或 2m），实际为 %q`,
	"duration.long":  `时长 %s 超过了一个场景最多能跨越的 %s`,
	"duration.most":  `%s：最多 %s，实际为 %s`,
	"int":            `%s：应为 %d 到 %d 之间的整数，实际为 %q`,
	"cores":          `cores：应为 1 到 1024 之间的处理器数，实际为 %q`,
	"ms":             `%s：应为 ≥ %d 的毫秒数，实际为 %q`,
	"ms.or.duration": `%s：应为整毫秒数（30000）或时长（30s），范围 %s 到 %s，实际为 %q`,
	"bool":           `%s：应为 true 或 false，实际为 %q`,
	"one.of":         `%s：应为 %s 之一，实际为 %q`,
	"name":           `%s：应为由字母、数字、'.'、'_' 或 '-' 组成的名称，实际为 %q`,
	"names":          `%s：应为 N,N（由字母、数字、'.'、'_' 或 '-' 组成的名称），实际为 %q`,
	"setting":        `%s：%s`,

	"use.unknown":           `未知的系统 %q：应为 %s 之一`,
	"setting.unknown":       `%[2]s 没有设置项 %[1]q（可用的设置项：%[3]s）`,
	"setting.member":        `%s：未知的 %s %q（应为 %s 之一）`,
	"action.unknown":        `应为 %s 的动作（%s），实际为 %q`,
	"action.form":           `应写成 %s，实际为 %q`,
	"action.expected":       `应写成 %s`,
	"action.string":         `应写成 %s，实际是一个字符串`,
	"action.field":          `应为字段 k=v，实际为 %q`,
	"action.extra":          `应写成 %s，多出了 %q`,
	"action.option":         `应为参数 k=v（%s），实际为 %q`,
	"action.option.unknown": `%[2]s 没有参数 %[1]q（可用的参数：%[3]s）`,
	"action.option.twice":   `参数 %q 给了两次`,
	"action.option.missing": `应写成 %s：缺少 %s=`,
	"event.unknown":         `未知的事件 %q（应为 %s 之一）`,
	"event.nofields":        `未知的事件字段 %q：%s 没有字段`,
	"event.field":           `未知的事件字段 %q：%s 的字段有 %s`,
	"path.unknown":          `未知的状态路径 %q（可用的路径：%s）`,

	// zookeeper.
	"zk.client":  `应为客户端名（字母、数字、'.'、'_'、'-'），实际为 %q`,
	"zk.ip":      `ip：应为 IP 地址（如 10.0.0.1），实际为 %q`,
	"zk.burst":   `一次突发最多持续 %gh（count × every）`,
	"zk.request": `id：应为请求 id（字母、数字、'.'、'_'、'-'），实际为 %q`,

	// socketserver.
	"ss.plane.same":    `control.plane.listener.name 一经设置，就必须与 Broker 之间通信所用的监听器名（%s）不同`,
	"ss.plane.name":    `control.plane.listener.name：应由大写字母、数字和 _ 组成（如 CONTROLLER），实际为 %q`,
	"ss.name":          `%s 的名称应有 1 到 64 个字符，只能包含字母、数字和 - _ .，实际为 %q`,
	"ss.listener":      `listener：应为监听器名（如 PLAINTEXT 或 CONTROLLER），实际为 %q`,
	"ss.from":          `from：应为 controller，实际为 %q`,
	"ss.listener.from": `listener= 和 from=controller 只能给出一个：控制器会自己选择监听器`,
	"ss.api":           `未知的 API %q（应为 %s 之一）`,
	"ss.id.n":          `id= 只能命名一个请求：使用 n= 时请省略它（这些请求会命名为 C#k）`,

	// replication and cluster.
	"cl.acks.setting":   `acks：应为 all、-1、0 或 1，实际为 %q`,
	"cl.acks":           `acks：应为 all、-1、0 或 1（也可以是别的小整数，Broker 会拒绝它），实际为 %q`,
	"cl.broker":         `应为 1 到 %d 之间的 Broker id，实际为 %q`,
	"cl.config":         `应为 unclean.leader.election.enable=true|false（模型只修改这一项动态配置），实际为 %q`,
	"cl.replicas":       `replicas：应为 1 到 %d 之间的 Broker id（Broker 数要先用 set brokers N 设置），实际为 %q`,
	"cl.replicas.twice": `replicas：Broker %d 出现了两次`,
	"cl.rf":             `副本因子 %d 大于可用的 Broker 数 %d`,
	"cl.replicas.or.rf": `replicas= 和 replication.factor= 只能给出一个`,
	"cl.replicas.none":  `应给出 replicas=B,B,B 或 replication.factor=R`,
	"cl.topic.size":     `主题共有 %d 个副本（分区数 × 副本因子）：一次运行中每个主题最多 %d 个`,
	"cl.partition":      `应为分区（如 t-0），实际为 %q`,
	"cl.from":           `from：应为 ≥ 0 的位移，实际为 %q`,

	// group.
	"gr.assignor":       `未知的分配器 %q（可用的分配器：%s）`,
	"gr.assignor.twice": `分配器 %q 给了两次`,
	"gr.duration":       `应为大于 0 的时长（如 15s），实际为 %q`,
	"gr.topics":         `应为 topics=T,T，实际为 %q`,
	"gr.heartbeat":      `heartbeat.interval.ms 必须小于 session.timeout.ms`,

	// listener.
	"li.handler":   `应为 SeekToCurrent 或 ContainerStopping，实际为 %q`,
	"li.record":    `应为消息 P@OFFSET（如 t0-0@5），实际为 %q`,
	"li.partition": `应为分区（如 t0-0），实际为 %q`,
	"li.offsets":   `应为 offsets=A..B，0 ≤ A ≤ B，且最多 100000 条消息，实际为 %q`,
	"li.error":     `应为 error=E，E 为异常的类名（如 IllegalStateException），实际为 %q`,
}
