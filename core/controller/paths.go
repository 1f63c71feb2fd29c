package controller

import (
	"errors"
	"strconv"
	"strings"

	"brokerlab/core/msg"
	"brokerlab/core/statepath"
)

// ErrUnknownPath is returned for a state path the controller does not have.
var ErrUnknownPath = errors.New("unknown state path") // user-facing: a scenario shows it as it is

// Paths documents the state paths a scenario can read (expect, run until).
var Paths = []string{
	"controller.state", "controller.stateValue", "controller.queue.size", "controller.EventQueueSize",
	"controller.queue", "controller.processed", "controller.preempted", "controller.lost", "controller.ignored",
	"controller.callbacks", "controller.activeControllerId", "controller.zkEventThread", "controller.thread", "controller.putLock.holder",
	"controller.putLock.waits", "controller.metrics", "controller.metric[NAME].count", "controller.metric[NAME].max", "controller.metric[NAME].mean",
	"controller.metric[NAME].p99", "controller.event[EVENT].state", "controller.event[EVENT].thread",
	"controller.state[STATE].value", "controller.state[STATE].metric", "controller.eventTypes.count",
	"controller.states.count", "invariant.violations",
}

// CheckPath reports whether path is one the controller can answer, with
// the bracketed names (events, states, metrics) checked too.
func CheckPath(path string) error {
	_, err := get(nil, path)
	return err
}

// Get answers a state path; lists are comma-separated.
func (c *Controller) Get(path string) (string, error) { return get(c, path) }

func get(c *Controller, path string) (string, error) {
	head, key, tail, err := statepath.Split(path)
	if err != nil {
		return "", bad(path, err)
	}
	if key != "" {
		return getKeyed(c, path, head, key, tail)
	}
	return getPlain(c, path)
}

// bad is the error of path, malformed or unknown as why says.
func bad(path string, why error) error { return msg.Of(ErrUnknownPath, "path.bad", path, why) }

// getKeyed answers controller.metric[NAME]…, controller.event[EVENT]… and controller.state[STATE]….
func getKeyed(c *Controller, path, head, key, tail string) (string, error) {
	switch head {
	case "controller.metric":
		if !isMetric(key) {
			return "", bad(path, msg.New("ct.path.metric", key, msg.List(metricNames(false))))
		}
		if tail != ".count" && tail != ".max" && tail != ".mean" && tail != ".p99" {
			return "", bad(path, msg.New("ct.path.metric.fields"))
		}
		if c == nil {
			return "", nil
		}
		h := &c.Mgr.QueueTime
		if key != "EventQueueTimeMs" {
			h = c.Mgr.Timers[key]
		}
		switch tail {
		case ".count":
			return strconv.Itoa(h.Count), nil
		case ".max":
			return num(h.MaxMs), nil
		case ".mean":
			if h.Count == 0 {
				return "0", nil
			}
			return num(h.SumMs / float64(h.Count)), nil
		default:
			return num(h.Quantile(0.99)), nil
		}
	case "controller.event":
		t, ok := LookupEvent(key)
		if !ok {
			return "", bad(path, msg.Of(ErrUnknownEvent, "ct.path.event", key))
		}
		switch tail {
		case ".state":
			return t.State, nil
		case ".thread":
			if t.Producer == "" {
				return "depends on its fields", nil
			}
			return t.Producer, nil
		}
		return "", bad(path, msg.New("ct.path.event.fields"))
	case "controller.state":
		st, ok := LookupState(key)
		if !ok {
			return "", bad(path, msg.New("ct.path.state", key))
		}
		switch tail {
		case ".value":
			return strconv.Itoa(int(st.Value)), nil
		case ".metric":
			if st.Metric == "" {
				return "none", nil
			}
			return st.Metric, nil
		}
		return "", bad(path, msg.New("ct.path.state.fields"))
	}
	return "", msg.Of(ErrUnknownPath, "path.none", path)
}

func getPlain(c *Controller, path string) (string, error) {
	var m *EventManager
	if c != nil {
		m = c.Mgr
	}
	switch path {
	case "controller.eventTypes.count":
		return strconv.Itoa(len(Events)), nil
	case "controller.states.count":
		return strconv.Itoa(len(States)), nil
	}
	if c == nil {
		for _, p := range Paths {
			if p == path {
				return "", nil
			}
		}
		return "", msg.Of(ErrUnknownPath, "path.unknown", path, msg.List(Paths))
	}
	switch path {
	case "controller.state":
		return m.State().Name, nil
	case "controller.stateValue":
		return strconv.Itoa(int(m.State().Value)), nil
	case "controller.queue.size", "controller.EventQueueSize":
		return strconv.Itoa(m.QueueSize()), nil
	case "controller.queue":
		var names []string
		for _, q := range m.Queued() {
			names = append(names, q.Event.Label())
		}
		return strings.Join(names, ","), nil
	case "controller.processed":
		return strings.Join(m.Count(Processed), ","), nil
	case "controller.preempted":
		return strings.Join(m.Count(Preempted), ","), nil
	case "controller.lost":
		return strings.Join(m.Count(Lost), ","), nil
	case "controller.ignored":
		return strings.Join(m.Count(Ignored), ","), nil
	case "controller.callbacks":
		return strings.Join(c.Callbacks, ","), nil
	case "controller.activeControllerId":
		return strconv.Itoa(c.ActiveControllerID), nil
	case "controller.zkEventThread":
		return c.watcher, nil
	case "controller.thread":
		if m.Running() {
			return "running", nil
		}
		return "stopped", nil
	case "controller.putLock.holder":
		if h := m.PutLockHolder(); h != "" {
			return h, nil
		}
		return "none", nil
	case "controller.putLock.waits":
		return strconv.Itoa(m.PutLockWaits()), nil
	case "controller.metrics":
		return strings.Join(metricNames(m.MetricsRemoved()), ","), nil
	case "invariant.violations":
		return strconv.Itoa(len(m.Violations)), nil
	}
	return "", msg.Of(ErrUnknownPath, "path.none", path)
}

// metricNames lists the event manager's metrics and the per-state timers.
func metricNames(closed bool) []string {
	var out []string
	if !closed {
		out = append(out, "EventQueueTimeMs", "EventQueueSize")
	}
	for _, st := range States {
		if st.Metric != "" {
			out = append(out, st.Metric)
		}
	}
	return out
}

func isMetric(name string) bool {
	if name == "EventQueueTimeMs" {
		return true
	}
	for _, st := range States {
		if st.Metric != "" && st.Metric == name {
			return true
		}
	}
	return false
}

// splitKey splits "controller.metric[X].count" into head, key and tail;
// key is "" when there is no bracket.

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
