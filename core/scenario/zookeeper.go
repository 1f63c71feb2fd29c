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

const zkSettings = "cores, zookeeper.nio.numSelectorThreads, zookeeper.nio.numWorkerThreads, maxClientCnxns, zookeeper.nio.sessionlessCnxnTimeout, zookeeper.requestTime, zookeeper.globalOutstandingLimit"

func (z *zookeeperSystem) set(key, val string) error {
	var err error
	switch key {
	case "cores":
		z.cfg.Cores, err = setCores(val)
	case "zookeeper.nio.numSelectorThreads":
		if n, e := strconv.Atoi(val); e == nil && n < 1 {
			// upstream's own refusal (an IOException in configure)
			return fmt.Errorf("%s: numSelectorThreads must be at least 1, got %q", key, val)
		}
		z.cfg.NumSelectorThreads, err = intSetting(key, val, 1, zookeeper.MaxSelectorThreads)
	case "zookeeper.nio.numWorkerThreads":
		z.cfg.NumWorkerThreads, err = intSetting(key, val, 0, zookeeper.MaxWorkerThreads)
	case "maxClientCnxns":
		z.cfg.MaxClientCnxns, err = intSetting(key, val, 0, 1<<31-1)
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
	case "zookeeper.globalOutstandingLimit":
		z.cfg.GlobalOutstandingLimit, err = intSetting(key, val, 0, 1<<31-1)
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
		return nil, oldErr(t[0].col, fmt.Sprintf("expected a zookeeper action (connect C, send C, close C), got %q", t[0].text))
	}
	if len(t) < 2 {
		return nil, oldErr(t[0].end, "expected "+form)
	}
	name := t[1]
	if err := zookeeper.CheckName(name.text); err != nil || name.quoted {
		return nil, oldErr(name.col, fmt.Sprintf("expected a client name (letters, digits, '.', '_', '-'), got %q", name.text))
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
			return nil, oldErr(t[2].col, fmt.Sprintf("expected %s, got extra %q", form, t[2].text))
		}
		return &Action{Text: text, Verb: "close", Payload: name.text}, nil
	}
	f, e := options(t[0].text, keys, t[2:])
	if e != nil {
		return nil, e
	}
	if t[0].text == "connect" {
		a := zookeeper.NewConnect(name.text)
		if ip, ok := f["ip"]; ok {
			var err error
			if a.IP, err = zookeeper.CheckIP(ip.text); err != nil {
				return nil, oldErr(ip.col, fmt.Sprintf("ip: expected an IP address such as 10.0.0.1, got %q", ip.text))
			}
		}
		if a.Count, e = f.count("count", zookeeper.MaxCount); e != nil {
			return nil, e
		}
		spanCol := max(name.col, f["count"].col)
		if every, ok := f["every"]; ok {
			var err error
			if a.Every, err = ParseDuration(every.text); err != nil {
				return nil, oldErr(every.col, err.Error())
			}
			spanCol = max(spanCol, every.col)
		}
		if a.Count > 1 && a.Every > zookeeper.MaxBurstSpan/time.Duration(a.Count-1) {
			return nil, oldErr(spanCol, fmt.Sprintf("a burst may span at most %gh (count × every)", zookeeper.MaxBurstSpan.Hours()))
		}
		return &Action{Text: text, Verb: "connect", Payload: a}, nil
	}
	a := zookeeper.NewSend(name.text)
	if a.N, e = f.count("n", zookeeper.MaxCount); e != nil {
		return nil, e
	}
	if cost, ok := f["cost"]; ok {
		var err error
		if a.Cost, err = ParseDuration(cost.text); err != nil {
			return nil, oldErr(cost.col, err.Error())
		}
	}
	if id, ok := f["id"]; ok {
		if zookeeper.CheckName(id.text) != nil {
			return nil, oldErr(id.col, fmt.Sprintf("id: expected a request id (letters, digits, '.', '_', '-'), got %q", id.text))
		}
		a.ID = id.text
	}
	return &Action{Text: text, Verb: "send", Payload: a}, nil
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
