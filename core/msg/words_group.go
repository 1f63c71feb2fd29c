package msg

// group words core/group's errors.
var group = Catalog{
	"gr.assignor":       {`unknown assignor %q (%s)`, `未知的分配器 %q（可用的分配器：%s）`},
	"gr.assignor.twice": {`assignor %q given twice`, `分配器 %q 给了两次`},
	"gr.duration":       {`expected a duration > 0 such as 15s, got %q`, `应为大于 0 的时长（如 15s），实际为 %q`},
	"gr.topics":         {`expected topics=T,T, got %q`, `应为 topics=T,T，实际为 %q`},
	"gr.heartbeat":      {`heartbeat.interval.ms must be lower than session.timeout.ms`, `heartbeat.interval.ms 必须小于 session.timeout.ms`},

	// Settings that do not combine (Validate).
	"gr.broker.id":          {`broker.id must be ≥ 0`, `broker.id 必须 ≥ 0`},
	"gr.io.threads":         {`num.io.threads must be from 1 to 64`, `num.io.threads 必须在 1 到 64 之间`},
	"gr.durations":          {`durations must be ≥ 0`, `时长必须 ≥ 0`},
	"gr.session.range":      {`group.min.session.timeout.ms must not exceed group.max.session.timeout.ms`, `group.min.session.timeout.ms 不能大于 group.max.session.timeout.ms`},
	"gr.max.size":           {`group.max.size must be ≥ 1`, `group.max.size 必须 ≥ 1`},
	"gr.timeouts":           {`consumer timeouts must be > 0`, `消费者的各项超时都必须 > 0`},
	"gr.assignors.empty":    {`partition.assignment.strategy is empty`, `partition.assignment.strategy 为空`},
	"gr.assignors.protocol": {`assignors %s do not have commonly supported rebalance protocol`, `分配器 %s 没有共同支持的再均衡协议`},
	"gr.offset.reset":       {`auto.offset.reset must be latest or earliest, got %q`, `auto.offset.reset 必须是 latest 或 earliest，实际为 %q`},
	"gr.poll.records":       {`max.poll.records must be ≥ 1`, `max.poll.records 必须 ≥ 1`},
	"gr.commit.interval":    {`auto.commit.interval.ms must be > 0`, `auto.commit.interval.ms 必须 > 0`},

	// A client's call that does not fit, and refused actions.
	"gr.running":           {`%s is already running`, `%s 已经在运行`},
	"gr.closing":           {`%s is still closing: start it again once it has closed`, `%s 还在关闭中：等它关闭之后再启动`},
	"gr.not.running":       {`%s is not running`, `%s 没有在运行`},
	"gr.partition":         {`no partition %s`, `没有分区 %s`},
	"gr.log.end":           {`%s's log ends at offset %d: records must start there`, `%s 的日志结束于位移 %d：新消息必须从这里开始`},
	"gr.partitions.shrink": {`partitions can only be increased (it has %d)`, `分区数只能增加（现在有 %d 个）`},

	// State paths.
	"gr.path":            {`unknown state path %q`, `未知的状态路径 %q`},
	"gr.path.topic":      {`unknown state path %q: a topic has .partitions`, `未知的状态路径 %q：主题只有 .partitions 字段`},
	"gr.path.assignment": {`unknown state path %q: expected group[G].assignment[C]`, `未知的状态路径 %q：应写成 group[G].assignment[C]`},
	"gr.path.position":   {`unknown state path %q: expected consumer[C].position[P] or consumer[C].lag[P], P a partition like t-0`, `未知的状态路径 %q：应写成 consumer[C].position[P] 或 consumer[C].lag[P]，P 是 t-0 这样的分区`},
	"gr.path.committed":  {`unknown state path %q: expected group[G].committed[P], P a partition like t-0`, `未知的状态路径 %q：应写成 group[G].committed[P]，P 是 t-0 这样的分区`},
	"gr.path.group": {`unknown state path %q: a group has .state, .generation, .leader, .members, .pending, .protocol, .assignment[C], .committed[P], .coordinator, .currentStateTimestamp, .delayedJoin and .staticMembers`,
		`未知的状态路径 %q：组的字段有 .state、.generation、.leader、.members、.pending、.protocol、.assignment[C]、.committed[P]、.coordinator、.currentStateTimestamp、.delayedJoin 和 .staticMembers`},
	"gr.path.consumer": {`unknown state path %q: a consumer has .state, .generation, .memberId, .error, .assignment, .leader, .heartbeats, .polled, .thread, .instance, .rebalanceProtocol, .revocations and .coordinator`,
		`未知的状态路径 %q：消费者的字段有 .state、.generation、.memberId、.error、.assignment、.leader、.heartbeats、.polled、.thread、.instance、.rebalanceProtocol、.revocations 和 .coordinator`},
	"gr.path.bracket": {`unknown state path %q: missing ]`, `未知的状态路径 %q：缺少 ]`},
	"gr.path.empty":   {`unknown state path %q: empty []`, `未知的状态路径 %q：[] 为空`},

	// Static membership (static.go).
	"gr.restart.unknown": {`%s never ran: join it first`, `%s 从未运行过：请先用 join 启动它`},
	"gr.restart.running": {`%s is running: crash it or let it leave before restarting it`, `%s 正在运行：重启之前先让它崩溃（crash）或离开（leave）`},
}
