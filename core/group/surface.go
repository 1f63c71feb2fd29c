package group

import (
	"slices"
	"strings"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/surface"
)

// Surface is `use group`: one broker's group coordinator and the
// consumers that join its groups.
var Surface = &surface.Table[Config, *System]{
	Name:     "group",
	Doc:      "one broker's GroupCoordinator and the consumers of its groups (join, sync, heartbeats, assignors)",
	Default:  DefaultConfig,
	Settings: append([]surface.Setting[Config]{surface.Cores[Config](nil)}, Settings...),
	Actions: append(append([]surface.Action[Config, *System]{
		{Form: TopicForm, Doc: "create topic T with N partitions", Parse: func(_ *Config, a *surface.Args) (any, error) { return ParseTopic(a) },
			Do: func(y *System, at time.Duration, _ string, p any) {
				t := p.(TopicSpec)
				y.Topic(at, t.Name, t.Partitions)
			}}}, ConsumerActions...),
		surface.Action[Config, *System]{Form: "group G delete", Doc: "DeleteGroups for G", Parse: func(_ *Config, a *surface.Args) (any, error) { return a.Pos[0].Text, nil },
			Do: func(y *System, at time.Duration, _ string, p any) { y.DeleteGroup(at, p.(string)) }}),
	Paths: Paths,
	Check: CheckPath,
	Get:   (*System).Get,
	Start: func(s *sim.Sim, c Config) (*System, error) { return New(s, c) },
}

// ConsumerActions are the consumers' actions, which `use cluster` mounts.
var ConsumerActions = []surface.Action[Config, *System]{
	{Form: "consumer C join G topics=T,T [assignor=A] [session.timeout.ms=N] [heartbeat.interval.ms=N] [max.poll.interval.ms=N] [instance=ID]",
		Doc: "consumer C subscribes to the topics in group G (assignor=A,A: partition.assignment.strategy in order; the .ms options override its settings; instance=ID: group.instance.id, a static member)", Parse: parseJoin,
		Do: func(y *System, at time.Duration, _ string, p any) {
			j := p.(joinSpec)
			y.Join(at, j.name, j.group, j.topics, j.config(y.Config().Consumer))
		}},
	{Form: "consumer C leave", Doc: "C closes: LeaveGroup", Parse: consumerName,
		Do: func(y *System, at time.Duration, _ string, p any) { y.Leave(at, p.(string)) }},
	{Form: "consumer C stall D", Doc: "C freezes for D, like a long GC pause (no polls, no heartbeats)", Parse: consumerFor,
		Do: func(y *System, at time.Duration, _ string, p any) { c := p.(consumerD); y.Stall(at, c.name, c.d) }},
	{Form: "consumer C process D", Doc: "C's next records take D to process (between polls; heartbeats go on)", Parse: consumerFor,
		Do: func(y *System, at time.Duration, _ string, p any) { c := p.(consumerD); y.Process(at, c.name, c.d) }},
	// static membership (static.go)
	{Form: "consumer C crash", Doc: "C's process dies where it stands: no LeaveGroup, no commit", Parse: consumerName,
		Do: func(y *System, at time.Duration, _ string, p any) { y.Crash(at, p.(string)) }},
	{Form: "consumer C restart", Doc: "a new process of C (crashed or closed): same client id, group.instance.id, subscription and settings, an empty member id", Parse: consumerName,
		Do: func(y *System, at time.Duration, _ string, p any) { y.Restart(at, p.(string)) }},
}

// Settings are the coordinator's and the consumers' settings, which `use
// listener` mounts. Each value is checked here; how settings combine
// (heartbeat below session timeout…) is checked when the run starts.
var Settings = []surface.Setting[Config]{
	{Key: "broker.id", Value: surface.Int(0, 1<<30, func(c *Config) *int { return &c.BrokerID }), Doc: "the broker's id (names its threads)", Upstream: "KafkaConfig.scala BrokerIdProp"},
	{Key: "num.io.threads", Value: surface.Int(1, 64, func(c *Config) *int { return &c.NumIOThreads }), Doc: "request handler threads", Upstream: "KafkaConfig.scala NumIoThreadsProp"},
	{Key: "network.latency", Value: surface.Duration(surface.MaxDuration, func(c *Config) *time.Duration { return &c.NetworkLatency }), Doc: "one way, client to broker (the model's)"},
	{Key: "group.initial.rebalance.delay.ms", Value: surface.Ms(0, func(c *Config) *time.Duration { return &c.InitialRebalanceDelay }),
		Doc: "how long the first rebalance of an empty group waits for more members", Upstream: "KafkaConfig.scala GroupInitialRebalanceDelayMsProp"},
	{Key: "group.min.session.timeout.ms", Value: surface.Ms(1, func(c *Config) *time.Duration { return &c.MinSessionTimeout }), Doc: "the least session timeout a member may ask", Upstream: "KafkaConfig.scala GroupMinSessionTimeoutMsProp"},
	{Key: "group.max.session.timeout.ms", Value: surface.Ms(1, func(c *Config) *time.Duration { return &c.MaxSessionTimeout }), Doc: "the most session timeout a member may ask", Upstream: "KafkaConfig.scala GroupMaxSessionTimeoutMsProp"},
	{Key: "group.max.size", Value: surface.Int(1, 1<<31-1, func(c *Config) *int { return &c.MaxSize }), Doc: "members a group may have", Upstream: "KafkaConfig.scala GroupMaxSizeProp"},
	{Key: "session.timeout.ms", Value: surface.Ms(1, func(c *Config) *time.Duration { return &c.Consumer.SessionTimeout }), WhatIf: true,
		Doc: "a member without a heartbeat for this long is removed", Upstream: "ConsumerConfig.java SESSION_TIMEOUT_MS_CONFIG"},
	{Key: "heartbeat.interval.ms", Value: surface.Ms(1, func(c *Config) *time.Duration { return &c.Consumer.HeartbeatInterval }), Doc: "how often the heartbeat thread beats", Upstream: "ConsumerConfig.java HEARTBEAT_INTERVAL_MS_CONFIG"},
	{Key: "max.poll.interval.ms", Value: surface.Ms(1, func(c *Config) *time.Duration { return &c.Consumer.MaxPollInterval }), Doc: "the longest time between polls before the member leaves", Upstream: "ConsumerConfig.java MAX_POLL_INTERVAL_MS_CONFIG"},
	{Key: "metadata.max.age.ms", Value: surface.Ms(1, func(c *Config) *time.Duration { return &c.Consumer.MetadataMaxAge }), Doc: "how often a consumer refreshes its metadata", Upstream: "CommonClientConfigs.java METADATA_MAX_AGE_CONFIG"},
	{Key: "retry.backoff.ms", Value: surface.Ms(1, func(c *Config) *time.Duration { return &c.Consumer.RetryBackoff }), Doc: "a consumer's pause before a retry", Upstream: "CommonClientConfigs.java RETRY_BACKOFF_MS_CONFIG"},
	{Key: "partition.assignment.strategy", WhatIf: true, Doc: "the consumers' assignors, in preference order", Upstream: "ConsumerConfig.java PARTITION_ASSIGNMENT_STRATEGY_CONFIG",
		Value: surface.Value[Config]{Kind: "assignor names A,A",
			Set: func(c *Config, key, _, val string) error {
				as, err := assignors(val)
				if err != nil {
					return msg.New("setting", key, err)
				}
				c.Consumer.Assignors = as
				return nil
			},
			Show: func(c *Config) string { return strings.Join(c.Consumer.Assignors, ",") }}},
}

// ClientSettings are a fetching consumer's settings (KafkaConsumer's
// ConsumerConfig), which `use listener` and `use cluster` mount.
var ClientSettings = []surface.Setting[ClientOptions]{
	{Key: "max.poll.records", Value: surface.Int(1, 1<<30, func(c *ClientOptions) *int { return &c.MaxPollRecords }), Doc: "records one poll returns", Upstream: "ConsumerConfig.java MAX_POLL_RECORDS_CONFIG"},
	{Key: "auto.offset.reset", Value: surface.OneOf([]string{"latest", "earliest"}, func(c *ClientOptions) *string { return &c.AutoOffsetReset }),
		Doc: "where a group without a committed offset starts", Upstream: "ConsumerConfig.java AUTO_OFFSET_RESET_CONFIG"},
	{Key: "enable.auto.commit", Value: surface.Bool(func(c *ClientOptions) *bool { return &c.EnableAutoCommit }),
		Doc: "poll commits the positions every auto.commit.interval.ms (a Spring container forces false)", Upstream: "ConsumerConfig.java ENABLE_AUTO_COMMIT_CONFIG"},
	{Key: "auto.commit.interval.ms", Value: surface.Ms(1, func(c *ClientOptions) *time.Duration { return &c.AutoCommitInterval }), WhatIf: true, Doc: "auto-commit's interval", Upstream: "ConsumerConfig.java AUTO_COMMIT_INTERVAL_MS_CONFIG"},
}

// assignors reads a preference list of assignor names.
func assignors(val string) ([]string, error) {
	as := strings.Split(val, ",")
	if err := checkAssignors(as); err != nil {
		return nil, err
	}
	return as, nil
}

// checkAssignors finds an unknown or repeated name in a preference list.
func checkAssignors(as []string) *msg.Error {
	var names []string
	for _, a := range Assignors {
		names = append(names, a.Name())
	}
	for i, a := range as {
		if LookupAssignor(a) == nil {
			return &msg.Error{Code: "gr.assignor", Args: []any{a, msg.List(names)}, Hint: surface.Nearest(a, names)}
		}
		if slices.Contains(as[:i], a) {
			return msg.New("gr.assignor.twice", a)
		}
	}
	return checkCommonProtocol(as)
}

// TopicForm is the form of the topic action (`use listener` has it too).
const TopicForm = "topic T partitions=N"

// TopicSpec is a parsed topic action.
type TopicSpec struct {
	Name       string
	Partitions int
}

// ParseTopic reads topic T partitions=N.
func ParseTopic(a *surface.Args) (any, error) {
	n, err := a.Count("partitions", 10000)
	return TopicSpec{a.Pos[0].Text, n}, err
}

type consumerD struct {
	name string
	d    time.Duration
}

func consumerName(_ *Config, a *surface.Args) (any, error) { return a.Pos[0].Text, nil }

func consumerFor(_ *Config, a *surface.Args) (any, error) {
	d, err := surface.ParseDuration(a.Pos[1].Text)
	if err != nil || d == 0 {
		return nil, msg.At(a.Pos[1].Col, "gr.duration", a.Pos[1].Text)
	}
	return consumerD{a.Pos[0].Text, d}, nil
}

// joinSpec is "consumer C join G topics=T,T [k=v…]": its overrides apply to
// the run's consumer settings when the action runs, so settings a what-if
// adds still reach the consumers.
type joinSpec struct {
	name, group string
	topics      []string
	assignors   []string
	ms          map[string]time.Duration // per-consumer settings in ms
	instance    string                   // group.instance.id, "" for none
}

// joinMs are the settings a join may override, in config's order.
var joinMs = []string{"session.timeout.ms", "heartbeat.interval.ms", "max.poll.interval.ms"}

// config is the consumer settings c with the join's overrides.
func (j joinSpec) config(c ConsumerConfig) ConsumerConfig {
	if j.assignors != nil {
		c.Assignors = j.assignors
	}
	if j.instance != "" {
		c.GroupInstanceID = j.instance
	}
	for i, dst := range []*time.Duration{&c.SessionTimeout, &c.HeartbeatInterval, &c.MaxPollInterval} {
		if d, ok := j.ms[joinMs[i]]; ok {
			*dst = d
		}
	}
	return c
}

func parseJoin(cfg *Config, a *surface.Args) (any, error) {
	j := joinSpec{name: a.Pos[0].Text, group: a.Pos[1].Text, ms: map[string]time.Duration{}}
	tk := a.Opt["topics"]
	j.topics = strings.Split(tk.Text, ",")
	if slices.Contains(j.topics, "") {
		return nil, msg.At(tk.Col, "gr.topics", "topics="+tk.Text)
	}
	if tk, ok := a.Opt["assignor"]; ok {
		as, err := assignors(tk.Text)
		if err != nil {
			e := err.(*msg.Error)
			e.Col = tk.Col
			return nil, e
		}
		j.assignors = as
	}
	for _, k := range joinMs {
		if tk, ok := a.Opt[k]; ok {
			var d time.Duration
			var c Config
			if err := surface.Ms(1, func(*Config) *time.Duration { return &d }).Set(&c, k, "", tk.Text); err != nil {
				e := err.(*msg.Error)
				e.Col = tk.Col
				return nil, e
			}
			j.ms[k] = d
		}
	}
	if tk, ok := a.Opt["instance"]; ok { // never empty: instance= is not an option
		j.instance = tk.Text
	}
	// What Validate checks at the start, checked at the line: the join's
	// own settings must combine.
	if c := j.config(cfg.Consumer); c.HeartbeatInterval >= c.SessionTimeout {
		return nil, msg.At(a.Words[len(a.Words)-1].Col, "gr.heartbeat")
	}
	return j, nil
}
