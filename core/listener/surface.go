package listener

import (
	"strconv"
	"strings"
	"time"

	"brokerlab/core/group"
	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/surface"
)

// Surface is `use listener`: Spring for Apache Kafka 2.5's listener
// container over one broker's group coordinator and partition logs. Its
// actions run on the application's main thread (ack on pool-1-thread-1).
var Surface = &surface.Table[Config, *System]{
	Name:    "listener",
	Doc:     "Spring for Apache Kafka 2.5's listener container (poll loop, ack modes, error handlers) over one broker's group coordinator",
	Default: DefaultConfig,
	Settings: append(append([]surface.Setting[Config]{surface.Cores[Config](nil)}, ContainerSettings...),
		surface.Mount(group.Settings, func(c *Config) *group.Config { return &c.Group })...),
	Actions: append([]surface.Action[Config, *System]{
		{Form: group.TopicForm, Doc: "create topic T with N partitions", Parse: func(_ *Config, a *surface.Args) (any, error) { return group.ParseTopic(a) },
			Do: func(s *System, at time.Duration, _ string, p any) {
				t := p.(group.TopicSpec)
				s.Topic(at, t.Name, t.Partitions)
			}},
		{Form: "records P offsets=A..B", Doc: "records at offsets A … B are appended to P", Parse: parseRecords,
			Do: func(s *System, at time.Duration, _ string, p any) {
				r := p.(recordsSpec)
				s.Records(at, r.tp, r.from, r.to)
			}},
	}, append(append([]surface.Action[Config, *System]{}, ContainerActions...),
		surface.Action[Config, *System]{Form: "consumer C crash", Doc: "consumer C's thread dies", Parse: func(_ *Config, a *surface.Args) (any, error) { return a.Pos[0].Text, nil },
			Do: func(s *System, at time.Duration, _ string, p any) { s.CrashConsumer(at, p.(string)) }})...),
	Paths: append(append([]string{}, Paths...), group.Paths...),
	Check: CheckPath,
	Get:   (*System).Get,
	Start: func(s *sim.Sim, c Config) (*System, error) { return New(s, c) },
}

// ContainerActions are the container's and its listener's actions, which
// `use cluster` mounts (the records come from its producers there).
var ContainerActions = []surface.Action[Config, *System]{
	{Form: "fail P@OFFSET [times=N] [always] [error=E]", Doc: "the listener throws E (RuntimeException) for that record, N times (1) or always", Parse: parseFail,
		Do: func(s *System, at time.Duration, _ string, p any) {
			f := p.(failSpec)
			s.Fail(at, f.rec, f.times, f.exception)
		}},
	{Form: "container start", Doc: "start the container", Do: func(s *System, at time.Duration, _ string, _ any) { s.Start(at) }},
	{Form: "container stop", Doc: "stop the container (waits shutdownTimeout)", Do: func(s *System, at time.Duration, _ string, _ any) { s.Stop(at) }},
	{Form: "container crash", Doc: "the application process dies", Do: func(s *System, at time.Duration, _ string, _ any) { s.Crash(at) }},
	{Form: "container errorHandler E", Doc: "set the error handler, SeekToCurrent or ContainerStopping (before a start)",
		Parse: func(_ *Config, a *surface.Args) (any, error) {
			if e := a.Pos[0]; e.Text != SeekToCurrent && e.Text != ContainerStopping {
				return nil, msg.At(e.Col, "li.handler", e.Text)
			}
			return a.Pos[0].Text, nil
		},
		Do: func(s *System, at time.Duration, _ string, p any) { s.SetErrorHandler(at, p.(string)) }},
	{Form: "ack P@OFFSET", Doc: "a MANUAL listener acknowledges the record (on pool-1-thread-1)", Parse: func(_ *Config, a *surface.Args) (any, error) { return record(a.Pos[0]) },
		Do: func(s *System, at time.Duration, _ string, p any) { s.Ack(at, p.(group.Record)) }},
}

// ContainerSettings are the container's settings, with the consumer
// factory's (group.ClientSettings); `use cluster` mounts the container's own.
var ContainerSettings = append(append([]surface.Setting[Config]{
	{Key: "ackMode", Value: surface.OneOf(AckModes, func(c *Config) *AckMode { return &c.AckMode }), WhatIf: true,
		Doc: "when the container commits offsets", Upstream: "ContainerProperties.AckMode"},
	{Key: "ackCount", Value: surface.Int(0, 1<<30, func(c *Config) *int { return &c.AckCount }), Doc: "records between commits (COUNT modes)", Upstream: "ContainerProperties.ackCount"},
	{Key: "ackTime", Value: surface.Ms(0, func(c *Config) *time.Duration { return &c.AckTime }), Doc: "time between commits (TIME modes)", Upstream: "ContainerProperties.ackTime"},
	{Key: "syncCommits", Value: surface.Bool(func(c *Config) *bool { return &c.SyncCommits }), Doc: "commitSync, else commitAsync", Upstream: "ContainerProperties.syncCommits"},
	{Key: "concurrency", Value: surface.Int(1, 1000, func(c *Config) *int { return &c.Concurrency }), Doc: "child containers (consumers)", Upstream: "ConcurrentMessageListenerContainer.concurrency"},
	{Key: "errorHandler", Value: surface.OneOf([]string{SeekToCurrent, ContainerStopping}, func(c *Config) *string { return &c.ErrorHandler }), WhatIf: true,
		Doc: "what a listener's exception does", Upstream: "SeekToCurrentErrorHandler, ContainerStoppingErrorHandler"},
	{Key: "pollTimeout", Value: surface.Ms(1, func(c *Config) *time.Duration { return &c.PollTimeout }), Doc: "the poll loop's poll(timeout)", Upstream: "ContainerProperties.pollTimeout"},
	{Key: "shutdownTimeout", Value: surface.Ms(0, func(c *Config) *time.Duration { return &c.ShutdownTimeout }), Doc: "how long stop() waits", Upstream: "ContainerProperties.shutdownTimeout"},
	{Key: "commitRetries", Value: surface.Int(0, 100, func(c *Config) *int { return &c.CommitRetries }), Doc: "retries of a failed commitSync", Upstream: "ContainerProperties.commitRetries"},
	{Key: "clientIdPrefix", Value: surface.Name(func(c *Config) *string { return &c.ClientIDPrefix }), Doc: "the consumers' client.id prefix", Upstream: "@KafkaListener clientIdPrefix"},
	{Key: "group.id", Value: surface.Name(func(c *Config) *string { return &c.GroupID }), Doc: "the container's group", Upstream: "ConsumerConfig.java GROUP_ID_CONFIG"},
	{Key: "topics", Value: surface.Names(func(c *Config) *[]string { return &c.Topics }), Doc: "the container's topics"},
	{Key: "backOff.interval", Value: surface.Ms(0, func(c *Config) *time.Duration { return &c.BackOffInterval }), Doc: "SeekToCurrentErrorHandler's FixedBackOff interval", Upstream: "FixedBackOff.interval"},
	{Key: "backOff.maxAttempts", Value: surface.Int(0, 1000, func(c *Config) *int { return &c.BackOffMaxAttempts }), WhatIf: true,
		Doc: "redeliveries before the record is given up", Upstream: "FixedBackOff.maxAttempts"},
},
	surface.Mount(group.ClientSettings, func(c *Config) *group.ClientOptions { return &c.Client })...),
	surface.Setting[Config]{Key: "listener.time", Value: surface.Duration(surface.MaxDuration, func(c *Config) *time.Duration { return &c.ListenerTime }), Doc: "the listener's work per record (the model's)"},
	surface.Setting[Config]{Key: "listener.ack", Value: surface.OneOf([]string{AckAfter, AckBefore, AckNone}, func(c *Config) *string { return &c.ListenerAck }), WhatIf: true,
		Doc: "when a MANUAL listener acknowledges (the model's)"},
)

type recordsSpec struct {
	tp       group.TopicPartition
	from, to int64
}

type failSpec struct {
	rec       group.Record
	times     int
	exception string
}

func record(tk surface.Token) (group.Record, error) {
	r, ok := ParseRecord(tk.Text)
	if !ok {
		return r, msg.At(tk.Col, "li.record", tk.Text)
	}
	return r, nil
}

func parseRecords(_ *Config, a *surface.Args) (any, error) {
	tp, ok := group.ParsePartition(a.Pos[0].Text)
	if !ok {
		return nil, msg.At(a.Pos[0].Col, "li.partition", a.Pos[0].Text)
	}
	o := a.Opt["offsets"]
	x, y, ok := strings.Cut(o.Text, "..")
	from, err1 := strconv.ParseInt(x, 10, 64)
	to, err2 := strconv.ParseInt(y, 10, 64)
	if !ok || err1 != nil || err2 != nil || from < 0 || to < from || to-from >= 100_000 {
		return nil, msg.At(o.Col, "li.offsets", "offsets="+o.Text)
	}
	return recordsSpec{tp, from, to}, nil
}

func parseFail(_ *Config, a *surface.Args) (any, error) {
	r, err := record(a.Pos[0])
	if err != nil {
		return nil, err
	}
	f := failSpec{rec: r, exception: "RuntimeException"}
	if f.times, err = a.Count("times", 1_000_000); err != nil {
		return nil, err
	}
	if _, ok := a.Flags["always"]; ok {
		f.times = -1
	}
	if e, ok := a.Opt["error"]; ok {
		if !javaName(e.Text) {
			return nil, msg.At(e.Col, "li.error", "error="+e.Text)
		}
		f.exception = e.Text
	}
	return f, nil
}

// javaName is a simple class name: a letter, then letters and digits.
func javaName(s string) bool {
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return s != ""
}
