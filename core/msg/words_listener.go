package msg

// listener words core/listener's errors.
var listener = Catalog{
	"li.handler":   {`expected SeekToCurrent or ContainerStopping, got %q`, `应为 SeekToCurrent 或 ContainerStopping，实际为 %q`},
	"li.record":    {`expected a record P@OFFSET such as t0-0@5, got %q`, `应为消息 P@OFFSET（如 t0-0@5），实际为 %q`},
	"li.partition": {`expected a partition such as t0-0, got %q`, `应为分区（如 t0-0），实际为 %q`},
	"li.offsets":   {`expected offsets=A..B with 0 ≤ A ≤ B and at most 100000 records, got %q`, `应为 offsets=A..B，0 ≤ A ≤ B，且最多 100000 条消息，实际为 %q`},
	"li.error":     {`expected error=E with an exception's class name such as IllegalStateException, got %q`, `应为 error=E，E 为异常的类名（如 IllegalStateException），实际为 %q`},

	// Settings that do not combine (Validate).
	"li.ackmode":       {`unknown ackMode %q`, `未知的 ackMode %q`},
	"li.group.id":      {`no group.id`, `没有设置 group.id`},
	"li.topics":        {`the container has no topics`, `容器没有设置 topics`},
	"li.concurrency":   {`concurrency must be from 1 to 1000`, `concurrency 必须在 1 到 1000 之间`},
	"li.ackcount":      {`'ackCount' must be > 0`, `'ackCount' 必须 > 0`},
	"li.poll.timeout":  {`pollTimeout must be ≥ 1 ms`, `pollTimeout 必须 ≥ 1 ms`},
	"li.attempts":      {`maxAttempts and commitRetries must be ≥ 0`, `maxAttempts 和 commitRetries 必须 ≥ 0`},
	"li.error.handler": {`errorHandler must be SeekToCurrent or ContainerStopping`, `errorHandler 必须是 SeekToCurrent 或 ContainerStopping`},
	"li.ack":           {`listener.ack must be after, before or none`, `listener.ack 必须是 after、before 或 none`},
	"li.auto.commit":   {`Consumer cannot be configured for auto commit for ackMode %s`, `ackMode 为 %s 时，消费者不能配置为自动提交`},

	// Refused actions.
	"li.running":         {`the container is running`, `容器正在运行`},
	"li.not.running":     {`the container is not running`, `容器没有在运行`},
	"li.not.stopped":     {`%s has not stopped yet`, `%s 还没有停下来`},
	"li.start":           {`%s: %s`, `%s：%s`},
	"li.no.ack":          {`ackMode %s gives the listener no Acknowledgment`, `ackMode 为 %s 时，监听器拿不到 Acknowledgment`},
	"li.never.delivered": {`it was never delivered`, `这条消息从未投递过`},
	"li.died":            {`the consumer it was delivered to died`, `接收这条消息的消费者已经死了`},

	// State paths.
	"li.path.unknown":   {`unknown state path %q (paths: %s, and the group's: %s)`, `未知的状态路径 %q（可用的路径：%s；以及 group 的路径：%s）`},
	"li.path.delivered": {`unknown state path %q: expected listener.delivered[P@OFFSET] such as listener.delivered[t0-0@5]`, `未知的状态路径 %q：应写成 listener.delivered[P@OFFSET]，如 listener.delivered[t0-0@5]`},
	"li.path.partition": {`unknown state path %q: expected %s[P] with a partition such as t0-0`, `未知的状态路径 %q：应写成 %s[P]，P 为分区（如 t0-0）`},
}
