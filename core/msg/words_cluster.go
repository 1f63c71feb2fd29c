package msg

// cluster words the errors of core/cluster and core/replication.
var cluster = Catalog{
	"cl.acks.setting":   {`acks: expected all, -1, 0 or 1, got %q`, `acks：应为 all、-1、0 或 1，实际为 %q`},
	"cl.acks":           {`acks: expected all, -1, 0 or 1 (or another small integer, which the broker refuses), got %q`, `acks：应为 all、-1、0 或 1（也可以是别的小整数，Broker 会拒绝它），实际为 %q`},
	"cl.broker":         {`expected a broker id from 1 to %d, or a state path whose value is one, got %q`, `应为 1 到 %d 之间的 Broker id，或值为 Broker id 的状态路径，实际为 %q`},
	"cl.broker.ref":     {`%s is %s: no broker to act on`, `%s 为 %s：没有可操作的 Broker`},
	"cl.config":         {`expected unclean.leader.election.enable=true|false (the dynamic config the model alters), got %q`, `应为 unclean.leader.election.enable=true|false（模型只修改这一项动态配置），实际为 %q`},
	"cl.replicas":       {`replicas: expected broker ids from 1 to %d (set brokers N first), got %q`, `replicas：应为 1 到 %d 之间的 Broker id（Broker 数要先用 set brokers N 设置），实际为 %q`},
	"cl.replicas.twice": {`replicas: broker %d is listed twice`, `replicas：Broker %d 出现了两次`},
	"cl.rf":             {`Replication factor: %d larger than available brokers: %d`, `副本因子 %d 大于可用的 Broker 数 %d`},
	"cl.replicas.or.rf": {`give replicas= or replication.factor=, not both`, `replicas= 和 replication.factor= 只能给出一个`},
	"cl.replicas.none":  {`expected replicas=B,B,B or replication.factor=R`, `应给出 replicas=B,B,B 或 replication.factor=R`},
	"cl.topic.size":     {`a topic of %d replicas (partitions × replication factor): a run holds at most %d a topic`, `主题共有 %d 个副本（分区数 × 副本因子）：一次运行中每个主题最多 %d 个`},
	"cl.partition":      {`expected a partition such as t-0, got %q`, `应为分区（如 t-0），实际为 %q`},
	"cl.from":           {`from: expected an offset ≥ 0, got %q`, `from：应为 ≥ 0 的位移，实际为 %q`},
	// The configuration (Config.validate, replication.Config.Validate).
	"cl.brokers":            {`brokers must be from 1 to %d, got %d`, `brokers 必须在 1 到 %d 之间，实际为 %d`},
	"cl.path.groups":        {`%s: this system runs no consumer groups: use cluster runs them`, `%s：这个系统不运行消费者组：use cluster 才运行`},
	"cl.offsets.partitions": {`offsets.topic.num.partitions must be from 1 to %d, got %d`, `offsets.topic.num.partitions 必须在 1 到 %d 之间，实际为 %d`},
	"cl.offsets.rf":         {`offsets.topic.replication.factor must be from 1 to 32767, got %d`, `offsets.topic.replication.factor 必须在 1 到 32767 之间，实际为 %d`},
	"cl.session.timeout":    {`zookeeper.session.timeout.ms must be from 1 to %d, got %d`, `zookeeper.session.timeout.ms 必须在 1 到 %d 之间，实际为 %d`},
	"cl.acks.config":        {`acks must be all, -1, 0 or 1, got %d`, `acks 必须是 all、-1、0 或 1，实际为 %d`},
	"cl.retries":            {`retries must be ≥ 0`, `retries 必须 ≥ 0`},
	"cl.duration":           {`%s must be from 0 to %d, got %d`, `%s 必须在 0 到 %d 之间，实际为 %d`},
	"cl.delivery":           {`delivery.timeout.ms should be equal to or larger than linger.ms + request.timeout.ms`, `delivery.timeout.ms 必须不小于 linger.ms 与 request.timeout.ms 之和`},
	"cl.fetch.min.bytes":    {`fetch.min.bytes must be ≥ 1`, `fetch.min.bytes 必须 ≥ 1`},
	"rp.duration":           {`%s must be from %d to %d ms, got %d`, `%s 必须在 %d 到 %d ms 之间，实际为 %d`},
	"rp.fetch.min.bytes":    {`replica.fetch.min.bytes must be from 1 to %d, got %d`, `replica.fetch.min.bytes 必须在 1 到 %d 之间，实际为 %d`},
	"rp.min.isr":            {`min.insync.replicas must be from 1 to %d, got %d`, `min.insync.replicas 必须在 1 到 %d 之间，实际为 %d`},
	"rp.socket.timeout":     {`replica.socket.timeout.ms should always be at least replica.fetch.wait.max.ms to prevent unnecessary socket timeouts`, `replica.socket.timeout.ms 应始终不小于 replica.fetch.wait.max.ms，以免发生不必要的 socket 超时`},
	"rp.tp":                 {`expected topic-partition such as t-0, got %q`, `应为主题分区（如 t-0），实际为 %q`},

	// State paths (Get, CheckPath).
	"cl.path":             {`unknown state path %q: %s`, `未知的状态路径 %q：%s`},
	"cl.path.key":         {`expected NAME[KEY].field`, `应写成 NAME[KEY].field`},
	"cl.path.partition":   {`a partition has .leader, .isr, .epoch, .hw, .leo, .replicas, .state, .lost, .acked and .duplicates`, `分区的字段有 .leader、.isr、.epoch、.hw、.leo、.replicas、.state、.lost、.acked 和 .duplicates`},
	"cl.path.replica.key": {`expected replica[P,N] with a partition and a broker id, such as replica[t-0,2]`, `应写成 replica[P,N]，P 为分区，N 为 Broker id，如 replica[t-0,2]`},
	"cl.path.replica":     {`a replica has .leo, .hw, .log, .epochs, .role, .epoch, .fetcher, .caughtUpAgo and .metadataIsr`, `副本的字段有 .leo、.hw、.log、.epochs、.role、.epoch、.fetcher、.caughtUpAgo 和 .metadataIsr`},
	"cl.path.batch":       {`a %s has %s`, `%s 的字段有 %s`},
	"cl.path.broker.key":  {`expected broker[N] with a broker id`, `应写成 broker[N]，N 为 Broker id`},
	"cl.path.broker":      {`a broker has .state, .session, .sessionExpiresAt, .fetchers, .purgatory.produce, .purgatory.fetch and .controller`, `Broker 的字段有 .state、.session、.sessionExpiresAt、.fetchers、.purgatory.produce、.purgatory.fetch 和 .controller`},
	"cl.path.one.of":      {`expected one of %s`, `应为 %s 之一`},
	"cl.path.unknown":     {`unknown`, `未知`},

	// Refused actions (sim.Refuse).
	"cl.no.controller":   {`no broker runs a controller`, `没有任何 Broker 在运行控制器`},
	"cl.not.started":     {`broker %d has not started`, `Broker %d 还没有启动`},
	"cl.already.dead":    {`broker %d is already dead`, `Broker %d 已经宕机`},
	"cl.state":           {`broker %d is %s, not %s`, `Broker %d 的状态是 %s，而不是 %s`},
	"cl.topic.exists":    {`topic %s already exists (TopicExistsException)`, `主题 %s 已经存在（TopicExistsException）`},
	"cl.lose.none":       {`no request %s was sent in the whole run: there was no response to lose`, `整个运行中都没有发送请求 %s：没有可丢失的响应`},
	"cl.partition.range": {`Invalid partition given with record: %d is not in the range [0...%d).`, `消息指定的分区无效：%d 不在范围 [0...%d) 内`},

	// The idempotent producer (issue 15 part 3): KafkaProducer's construction checks.
	"cl.idempotence.retries":  {`Must set retries to non-zero when using the idempotent producer.`, `使用幂等生产者时 retries 必须不为 0。`},
	"cl.idempotence.acks":     {`Must set acks to all in order to use the idempotent producer. Otherwise we cannot guarantee idempotence.`, `使用幂等生产者必须把 acks 设为 all，否则无法保证幂等。`},
	"cl.idempotence.inflight": {`Must set max.in.flight.requests.per.connection to at most 5 to use the idempotent producer.`, `使用幂等生产者时 max.in.flight.requests.per.connection 最多为 5。`},
	"cl.max.in.flight":        {`max.in.flight.requests.per.connection must be ≥ 1`, `max.in.flight.requests.per.connection 必须 ≥ 1`},
}
