package scenario

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/sim"
	"brokerlab/core/zookeeper"
)

func init() {
	register("zookeeper", func() system { return &zookeeperSystem{cfg: zookeeper.DefaultConfig()} })
}

type zookeeperSystem struct{ cfg zookeeper.Config }

const zkSettings = "cores, zookeeper.nio.numSelectorThreads, zookeeper.nio.numWorkerThreads, maxClientCnxns, zookeeper.nio.sessionlessCnxnTimeout, zookeeper.requestTime"

func (z *zookeeperSystem) set(key, val string) error {
	count := func(min, max int) (int, error) {
		n, err := strconv.Atoi(val)
		if err != nil || n < min || n > max {
			return 0, fmt.Errorf("%s: expected a whole number from %d to %d, got %q", key, min, max, val)
		}
		return n, nil
	}
	var err error
	switch key {
	case "cores":
		z.cfg.Cores, err = setCores(val)
	case "zookeeper.nio.numSelectorThreads":
		if n, e := strconv.Atoi(val); e == nil && n < 1 {
			// upstream's own refusal (an IOException in configure)
			return fmt.Errorf("%s: numSelectorThreads must be at least 1, got %q", key, val)
		}
		z.cfg.NumSelectorThreads, err = count(1, zookeeper.MaxSelectorThreads)
	case "zookeeper.nio.numWorkerThreads":
		z.cfg.NumWorkerThreads, err = count(0, zookeeper.MaxWorkerThreads)
	case "maxClientCnxns":
		z.cfg.MaxClientCnxns, err = count(0, 1<<31-1)
	case "zookeeper.nio.sessionlessCnxnTimeout":
		// upstream reads milliseconds; a duration is accepted too
		d, e := ParseDuration(val)
		if n, ce := strconv.Atoi(val); ce == nil && n >= 1 && time.Duration(n)*time.Millisecond <= MaxDuration {
			d, e = time.Duration(n)*time.Millisecond, nil
		}
		if e != nil || d < time.Millisecond || d%time.Millisecond != 0 {
			return fmt.Errorf("%s: expected milliseconds (10000) or a duration (10s) of at least 1ms, got %q", key, val)
		}
		z.cfg.SessionlessCnxnTimeout = d
	case "zookeeper.requestTime":
		z.cfg.RequestTime, err = ParseDuration(val)
	default:
		return keyError{fmt.Errorf("unknown setting %q for zookeeper (%s)", key, zkSettings)}
	}
	return err
}

// zkActions are the forms of the zookeeper actions, for messages.
var zkActions = map[string]string{
	"connect": "connect C [ip=A] [count=N] [every=D]",
	"send":    "send C [n=N] [cost=D] [id=R]",
	"close":   "close C",
}

func (z *zookeeperSystem) action(t []token) (*Action, *actionErr) {
	form, ok := zkActions[t[0].text]
	if !ok || t[0].quoted {
		return nil, &actionErr{t[0].col, fmt.Sprintf("expected a zookeeper action (connect C, send C, close C), got %q", t[0].text)}
	}
	if len(t) < 2 {
		return nil, &actionErr{t[0].end, "expected " + form}
	}
	name := t[1]
	if err := zookeeper.CheckName(name.text); err != nil || name.quoted {
		return nil, &actionErr{name.col, fmt.Sprintf("expected a client name (letters, digits, '.', '_', '-'), got %q", name.text)}
	}
	text := joinTokens(t)
	var keys []string
	switch t[0].text {
	case "connect":
		keys = []string{"ip", "count", "every"}
	case "send":
		keys = []string{"n", "cost", "id"}
	default:
		if len(t) > 2 {
			return nil, &actionErr{t[2].col, fmt.Sprintf("expected %s, got extra %q", form, t[2].text)}
		}
		return &Action{Text: text, Verb: "close", Payload: name.text}, nil
	}
	opts, aerr := zkOptions(t[0].text, keys, t[2:])
	if aerr != nil {
		return nil, aerr
	}
	if t[0].text == "connect" {
		a := zookeeper.NewConnect(name.text)
		spanCol := name.col
		for _, o := range opts {
			if o.key == "count" || o.key == "every" {
				spanCol = o.col
			}
			var err error
			switch o.key {
			case "ip":
				a.IP, err = zookeeper.CheckIP(o.val)
				if err != nil {
					err = fmt.Errorf("ip: expected an IP address such as 10.0.0.1, got %q", o.val)
				}
			case "count":
				a.Count, err = zkCount(o, zookeeper.MaxCount)
			case "every":
				a.Every, err = ParseDuration(o.val)
			}
			if err != nil {
				return nil, &actionErr{o.col, err.Error()}
			}
		}
		if a.Count > 1 && a.Every > zookeeper.MaxBurstSpan/time.Duration(a.Count-1) {
			return nil, &actionErr{spanCol, fmt.Sprintf("a burst may span at most %gh (count × every)", zookeeper.MaxBurstSpan.Hours())}
		}
		return &Action{Text: text, Verb: "connect", Payload: a}, nil
	}
	a := zookeeper.NewSend(name.text)
	for _, o := range opts {
		var err error
		switch o.key {
		case "n":
			a.N, err = zkCount(o, zookeeper.MaxCount)
		case "cost":
			a.Cost, err = ParseDuration(o.val)
		case "id":
			if zookeeper.CheckName(o.val) != nil {
				err = fmt.Errorf("id: expected a request id (letters, digits, '.', '_', '-'), got %q", o.val)
			}
			a.ID = o.val
		}
		if err != nil {
			return nil, &actionErr{o.col, err.Error()}
		}
	}
	return &Action{Text: text, Verb: "send", Payload: a}, nil
}

type zkOption struct {
	key, val string
	col      int
}

// zkOptions reads k=v options, each known and given once.
func zkOptions(verb string, keys []string, t []token) ([]zkOption, *actionErr) {
	var out []zkOption
	for _, x := range t {
		k, v, ok := strings.Cut(x.text, "=")
		if !ok || k == "" || v == "" || x.quoted {
			return nil, &actionErr{x.col, fmt.Sprintf("expected an option k=v (%s), got %q", strings.Join(keys, ", "), x.text)}
		}
		known := false
		for _, want := range keys {
			known = known || k == want
		}
		if !known {
			return nil, &actionErr{x.col, fmt.Sprintf("unknown option %q for %s (%s)", k, verb, strings.Join(keys, ", "))}
		}
		for _, o := range out {
			if o.key == k {
				return nil, &actionErr{x.col, fmt.Sprintf("option %q given twice", k)}
			}
		}
		out = append(out, zkOption{k, v, x.col})
	}
	return out, nil
}

func zkCount(o zkOption, max int) (int, error) {
	n, err := strconv.Atoi(o.val)
	if err != nil || n < 1 || n > max {
		return 0, fmt.Errorf("%s: expected a whole number from 1 to %d, got %q", o.key, max, o.val)
	}
	return n, nil
}

func (z *zookeeperSystem) checkPath(path string) error {
	if err := zookeeper.CheckPath(path); err != nil {
		return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "zookeeper: "))
	}
	return nil
}

func (z *zookeeperSystem) start(s *sim.Sim) (instance, error) {
	f, err := zookeeper.New(s, z.cfg)
	if err != nil {
		return nil, err
	}
	return zookeeperInstance{f}, nil
}

type zookeeperInstance struct{ f *zookeeper.Factory }

// do schedules a parsed action; parsing checked everything the factory
// would refuse, so its errors cannot occur here.
func (i zookeeperInstance) do(at time.Duration, a *Action) {
	switch a.Verb {
	case "connect":
		_ = i.f.Connect(at, a.Payload.(zookeeper.Connect))
	case "send":
		_ = i.f.Send(at, a.Payload.(zookeeper.Send))
	case "close":
		_ = i.f.Close(at, a.Payload.(string))
	}
}

func (i zookeeperInstance) get(path string) (string, error) { return i.f.Get(path) }
