package scenario

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"brokerlab/core/group"
	"brokerlab/core/sim"
)

func init() {
	register("group", func() system { return &groupSystem{cfg: group.DefaultConfig()} })
}

type groupSystem struct {
	cfg group.Config
}

// msSettings are the settings given in milliseconds, with where each goes.
func (g *groupSystem) msSettings() map[string]*time.Duration {
	return map[string]*time.Duration{
		"group.initial.rebalance.delay.ms": &g.cfg.InitialRebalanceDelay,
		"group.min.session.timeout.ms":     &g.cfg.MinSessionTimeout,
		"group.max.session.timeout.ms":     &g.cfg.MaxSessionTimeout,
		"session.timeout.ms":               &g.cfg.Consumer.SessionTimeout,
		"heartbeat.interval.ms":            &g.cfg.Consumer.HeartbeatInterval,
		"max.poll.interval.ms":             &g.cfg.Consumer.MaxPollInterval,
		"metadata.max.age.ms":              &g.cfg.Consumer.MetadataMaxAge,
		"retry.backoff.ms":                 &g.cfg.Consumer.RetryBackoff,
	}
}

const groupSettings = "cores, broker.id, num.io.threads, network.latency, group.initial.rebalance.delay.ms, " +
	"group.min.session.timeout.ms, group.max.session.timeout.ms, group.max.size, session.timeout.ms, heartbeat.interval.ms, " +
	"max.poll.interval.ms, metadata.max.age.ms, retry.backoff.ms, partition.assignment.strategy"

func (g *groupSystem) set(key, val string) error {
	// Each value is checked here; how settings combine (heartbeat below
	// session timeout…) is checked when the run starts.
	if d, ok := g.msSettings()[key]; ok {
		least := 1
		if key == "group.initial.rebalance.delay.ms" {
			least = 0
		}
		var err error
		*d, err = msSetting(key, val, least)
		return err
	}
	switch key {
	case "cores":
		_, err := setCores(val)
		return err
	case "broker.id", "num.io.threads", "group.max.size":
		x := map[string]struct {
			dst    *int
			lo, hi int
		}{
			"broker.id":      {&g.cfg.BrokerID, 0, 1 << 30},
			"num.io.threads": {&g.cfg.NumIOThreads, 1, 64},
			"group.max.size": {&g.cfg.MaxSize, 1, 1<<31 - 1},
		}[key]
		var err error
		*x.dst, err = intSetting(key, val, x.lo, x.hi)
		return err
	case "network.latency":
		d, err := ParseDuration(val)
		g.cfg.NetworkLatency = d
		return err
	case "partition.assignment.strategy":
		as, err := assignors(val)
		if err != nil {
			return fmt.Errorf("%s: %s", key, err)
		}
		g.cfg.Consumer.Assignors = as
		return nil
	}
	return keyError{fmt.Errorf("unknown setting %q for group (%s)", key, groupSettings)}
}

// assignors reads a preference list of assignor names.
func assignors(val string) ([]string, error) {
	c := group.DefaultConfig().Consumer
	c.Assignors = strings.Split(val, ",")
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "group: bad setting: "))
	}
	return c.Assignors, nil
}

// joinSpec is "consumer C join G topics=T,T [k=v…]": its overrides apply to
// the run's consumer settings when the action runs, so settings a what-if
// adds still reach the consumers.
type joinSpec struct {
	name, group string
	topics      []string
	assignors   []string
	ms          map[string]time.Duration // per-consumer settings in ms
}

var joinKeys = []string{"topics", "assignor", "session.timeout.ms", "heartbeat.interval.ms", "max.poll.interval.ms"}

func (g *groupSystem) action(t []token) (*Action, *actionErr) {
	text := joinTokens(t)
	switch t[0].text {
	case "topic":
		if len(t) != 3 {
			col := t[len(t)-1].end
			if len(t) > 3 {
				col = t[3].col
			}
			return nil, oldErr(col, "expected topic T partitions=N")
		}
		f, e := options("topic", []string{"partitions"}, t[2:])
		if e != nil {
			return nil, e
		}
		n, e := f.count("partitions", 10000)
		if e != nil {
			return nil, e
		}
		return &Action{Text: text, Verb: "topic", Payload: [2]any{t[1].text, n}}, nil
	case "consumer":
		if len(t) < 3 {
			return nil, oldErr(t[len(t)-1].end, "expected consumer C join G topics=T,T, consumer C leave, consumer C stall D or consumer C process D")
		}
		name := t[1].text
		switch t[2].text {
		case "join":
			return g.join(t, text)
		case "leave":
			if len(t) != 3 {
				return nil, oldErr(t[3].col, fmt.Sprintf("expected consumer C leave, got extra %q", t[3].text))
			}
			return &Action{Text: text, Verb: "leave", Payload: name}, nil
		case "stall", "process":
			if len(t) != 4 {
				col := t[len(t)-1].end
				if len(t) > 4 {
					col = t[4].col
				}
				return nil, oldErr(col, "expected consumer C "+t[2].text+" D")
			}
			d, err := ParseDuration(t[3].text)
			if err != nil || d == 0 {
				return nil, oldErr(t[3].col, fmt.Sprintf("expected a duration > 0 such as 15s, got %q", t[3].text))
			}
			return &Action{Text: text, Verb: t[2].text, Payload: [2]any{name, d}}, nil
		}
		return nil, oldErr(t[2].col, fmt.Sprintf("expected join, leave, stall or process, got %q", t[2].text))
	case "group":
		if len(t) != 3 || t[2].text != "delete" {
			col := t[len(t)-1].end
			if len(t) > 2 {
				col = t[2].col
			}
			return nil, oldErr(col, "expected group G delete")
		}
		return &Action{Text: text, Verb: "delete", Payload: t[1].text}, nil
	}
	return nil, oldErr(t[0].col, fmt.Sprintf("expected a group action (topic T partitions=N, consumer C join G topics=T, consumer C leave, consumer C stall D, consumer C process D, group G delete), got %q", t[0].text))
}

func (g *groupSystem) join(t []token, text string) (*Action, *actionErr) {
	if len(t) < 4 {
		return nil, oldErr(t[2].end, "expected consumer C join G topics=T,T [assignor=range|roundrobin]")
	}
	spec := joinSpec{name: t[1].text, group: t[3].text, ms: map[string]time.Duration{}}
	cfg := g.cfg.Consumer
	f, e := options("join", joinKeys, t[4:])
	if e != nil {
		return nil, e
	}
	if tk, ok := f["topics"]; ok {
		spec.topics = strings.Split(tk.text, ",")
		if slices.Contains(spec.topics, "") {
			return nil, oldErr(tk.col, fmt.Sprintf("expected topics=T,T, got %q", "topics="+tk.text))
		}
	}
	if tk, ok := f["assignor"]; ok {
		as, err := assignors(tk.text)
		if err != nil {
			return nil, oldErr(tk.col, err.Error())
		}
		spec.assignors = as
		cfg.Assignors = as
	}
	for _, k := range []string{"session.timeout.ms", "heartbeat.interval.ms", "max.poll.interval.ms"} {
		if tk, ok := f[k]; ok {
			d, err := msSetting(k, tk.text, 1)
			if err != nil {
				return nil, oldErr(tk.col, err.Error())
			}
			spec.ms[k] = d
			applyConsumerMs(&cfg, k, d)
		}
	}
	if spec.topics == nil {
		return nil, oldErr(t[len(t)-1].end, "expected topics=T,T: a consumer subscribes to at least one topic")
	}
	if err := cfg.Validate(); err != nil {
		return nil, oldErr(t[len(t)-1].col, strings.TrimPrefix(err.Error(), "group: bad setting: "))
	}
	return &Action{Text: text, Verb: "join", Payload: spec}, nil
}

func applyConsumerMs(c *group.ConsumerConfig, key string, d time.Duration) {
	switch key {
	case "session.timeout.ms":
		c.SessionTimeout = d
	case "heartbeat.interval.ms":
		c.HeartbeatInterval = d
	case "max.poll.interval.ms":
		c.MaxPollInterval = d
	}
}

func (g *groupSystem) checkPath(path string) error {
	if err := group.CheckPath(path); err != nil {
		return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "group: "))
	}
	return nil
}

func (g *groupSystem) start(s *sim.Sim) (instance, error) {
	y, err := group.New(s, g.cfg)
	if err != nil {
		return nil, err
	}
	return groupInstance{y}, nil
}

type groupInstance struct{ y *group.System }

func (i groupInstance) do(at time.Duration, a *Action) {
	switch a.Verb {
	case "topic":
		p := a.Payload.([2]any)
		i.y.Topic(at, p[0].(string), p[1].(int))
	case "join":
		spec := a.Payload.(joinSpec)
		cfg := i.y.Config().Consumer
		if spec.assignors != nil {
			cfg.Assignors = spec.assignors
		}
		for _, k := range joinKeys[2:] {
			if d, ok := spec.ms[k]; ok {
				applyConsumerMs(&cfg, k, d)
			}
		}
		i.y.Join(at, spec.name, spec.group, spec.topics, cfg)
	case "leave":
		i.y.Leave(at, a.Payload.(string))
	case "stall", "process":
		p := a.Payload.([2]any)
		if a.Verb == "stall" {
			i.y.Stall(at, p[0].(string), p[1].(time.Duration))
		} else {
			i.y.Process(at, p[0].(string), p[1].(time.Duration))
		}
	case "delete":
		i.y.DeleteGroup(at, a.Payload.(string))
	}
}

func (i groupInstance) get(path string) (string, error) { return i.y.Get(path) }
