package scenario

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/controller"
	"brokerlab/core/sim"
)

func init() {
	register("controller", func() system { return &controllerSystem{cfg: controller.DefaultConfig(), cores: 8} })
}

type controllerSystem struct {
	cfg   controller.Config
	cores int
}

func (c *controllerSystem) set(key, val string) error {
	switch {
	case key == "cores":
		n, err := setCores(val)
		c.cores = n
		return err
	case key == "controller.eventTime":
		d, err := ParseDuration(val)
		c.cfg.EventTime = d
		return err
	case strings.HasPrefix(key, "controller.eventTime."):
		name := strings.TrimPrefix(key, "controller.eventTime.")
		if _, ok := controller.LookupEvent(name); !ok {
			return keyError{fmt.Errorf("%s: unknown event %q", key, name)}
		}
		d, err := ParseDuration(val)
		if err != nil {
			return err
		}
		m := map[string]time.Duration{}
		for _, e := range controller.Events { // copy: each run starts from its own config
			if v, ok := c.cfg.EventTimes[e.Name]; ok {
				m[e.Name] = v
			}
		}
		m[name] = d
		c.cfg.EventTimes = m
		return nil
	case key == "controller.putLock":
		b, err := strconv.ParseBool(val)
		if err != nil {
			return fmt.Errorf("controller.putLock: expected true or false, got %q", val)
		}
		c.cfg.PutLock = b
		return nil
	case key == "controller.id":
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return fmt.Errorf("controller.id: expected a broker id ≥ 0, got %q", val)
		}
		c.cfg.ID = n
		return nil
	}
	return keyError{fmt.Errorf("unknown setting %q for controller (cores, controller.eventTime, controller.eventTime.EVENT, controller.putLock, controller.id)", key)}
}

func (c *controllerSystem) action(t []token) (*Action, *actionErr) {
	text := joinTokens(t)
	switch t[0].text {
	case "put", "clearAndPut":
		if len(t) < 2 {
			return nil, &actionErr{t[0].end, "expected " + t[0].text + " EVENT [k=v…]"}
		}
		var args []controller.Arg
		for _, kv := range t[2:] {
			k, v, ok := strings.Cut(kv.text, "=")
			if !ok || k == "" || v == "" || kv.quoted {
				return nil, &actionErr{kv.col, fmt.Sprintf("expected a field k=v, got %q", kv.text)}
			}
			args = append(args, controller.Arg{Key: k, Value: v})
		}
		e, err := controller.NewEvent(t[1].text, args)
		if err != nil {
			col := t[1].col
			if errors.Is(err, controller.ErrUnknownArg) {
				col = unknownField(t[1].text, t[2:])
			}
			return nil, &actionErr{col, strings.TrimPrefix(err.Error(), "controller: ")}
		}
		return &Action{Text: text, Verb: t[0].text, Payload: e}, nil
	case "session", "controller":
		want := map[string]string{"session": "expire", "controller": "shutdown"}[t[0].text]
		if len(t) != 2 || t[1].text != want {
			col := t[0].end + 1
			if len(t) > 1 {
				col = t[1].col
			}
			return nil, &actionErr{col, "expected " + t[0].text + " " + want}
		}
		return &Action{Text: text, Verb: text}, nil
	}
	return nil, &actionErr{t[0].col, fmt.Sprintf("expected a controller action (put EVENT, clearAndPut EVENT, session expire, controller shutdown), got %q", t[0].text)}
}

// unknownField is the column of the first field the event does not have.
func unknownField(event string, fields []token) int {
	typ, _ := controller.LookupEvent(event)
	for _, f := range fields {
		k, _, _ := strings.Cut(f.text, "=")
		known := false
		for _, a := range typ.Args {
			known = known || a == k
		}
		if !known {
			return f.col
		}
	}
	return fields[0].col
}

func (c *controllerSystem) checkPath(path string) error {
	err := controller.CheckPath(path)
	if err != nil {
		return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "controller: "))
	}
	return nil
}

func (c *controllerSystem) start(s *sim.Sim) (instance, error) {
	ctl, err := controller.New(s, c.cfg)
	if err != nil {
		return nil, err
	}
	return controllerInstance{ctl}, nil
}

type controllerInstance struct{ c *controller.Controller }

func (i controllerInstance) do(at time.Duration, a *Action) {
	switch a.Verb {
	case "put":
		i.c.Put(at, a.Payload.(controller.Event), false)
	case "clearAndPut":
		i.c.Put(at, a.Payload.(controller.Event), true)
	case "session expire":
		i.c.ExpireSession(at)
	case "controller shutdown":
		i.c.Shutdown(at)
	}
}

func (i controllerInstance) get(path string) (string, error) { return i.c.Get(path) }
