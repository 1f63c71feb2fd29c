package scenario

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/group"
	"brokerlab/core/listener"
	"brokerlab/core/sim"
)

func init() {
	register("listener", func() system { return &listenerSystem{cfg: listener.DefaultConfig()} })
}

// listenerSystem is `use listener`: Spring for Apache Kafka 2.5's listener
// container over one broker's group coordinator and partition logs.
//
// Settings, with Spring's names: ackMode, ackCount, ackTime (ms),
// syncCommits, concurrency, errorHandler (SeekToCurrent|ContainerStopping),
// pollTimeout (ms), shutdownTimeout (ms), commitRetries, clientIdPrefix,
// backOff.interval (ms) and backOff.maxAttempts (SeekToCurrentErrorHandler's
// FixedBackOff); the consumer's group.id, topics, max.poll.records,
// auto.offset.reset, enable.auto.commit (the what-if: the container
// forces false), auto.commit.interval.ms; the model's listener.time D (its
// work per record) and listener.ack after|before|none (when a MANUAL
// listener acknowledges); and every setting of the group system.
//
// Actions, on the application's main thread (ack on pool-1-thread-1):
//
//	topic T partitions=N
//	records P offsets=A..B
//	fail P@OFFSET [times=N|always] [error=E]
//	container start | container stop | container crash
//	container errorHandler SeekToCurrent|ContainerStopping (before a start)
//	consumer C crash
//	ack P@OFFSET
type listenerSystem struct {
	cfg listener.Config
}

const listenerSettings = "ackMode, ackCount, ackTime, syncCommits, concurrency, errorHandler, pollTimeout, shutdownTimeout, " +
	"commitRetries, clientIdPrefix, backOff.interval, backOff.maxAttempts, group.id, topics, max.poll.records, auto.offset.reset, " +
	"enable.auto.commit, auto.commit.interval.ms, listener.time, listener.ack, and the group system's settings"

func (l *listenerSystem) set(key, val string) error {
	c := &l.cfg
	ms := func(dst *time.Duration, least int) (err error) {
		*dst, err = msSetting(key, val, least)
		return err
	}
	count := func(dst *int, least, most int) (err error) {
		*dst, err = intSetting(key, val, least, most)
		return err
	}
	boolean := func(dst *bool) error {
		switch val {
		case "true", "false":
			*dst = val == "true"
			return nil
		}
		return fmt.Errorf("%s: expected true or false, got %q", key, val)
	}
	oneOf := func(dst *string, options ...string) error {
		for _, o := range options {
			if o == val {
				*dst = val
				return nil
			}
		}
		return fmt.Errorf("%s: expected %s, got %q", key, strings.Join(options, " or "), val)
	}
	switch key {
	case "ackMode":
		for _, m := range listener.AckModes {
			if string(m) == val {
				c.AckMode = m
				return nil
			}
		}
		names := make([]string, len(listener.AckModes))
		for i, m := range listener.AckModes {
			names[i] = string(m)
		}
		return fmt.Errorf("ackMode: expected one of %s, got %q", strings.Join(names, ", "), val)
	case "ackCount":
		return count(&c.AckCount, 0, 1<<30)
	case "ackTime":
		return ms(&c.AckTime, 0)
	case "syncCommits":
		return boolean(&c.SyncCommits)
	case "concurrency":
		return count(&c.Concurrency, 1, 1000)
	case "errorHandler":
		return oneOf(&c.ErrorHandler, listener.SeekToCurrent, listener.ContainerStopping)
	case "pollTimeout":
		return ms(&c.PollTimeout, 1)
	case "shutdownTimeout":
		return ms(&c.ShutdownTimeout, 0)
	case "commitRetries":
		return count(&c.CommitRetries, 0, 100)
	case "clientIdPrefix", "group.id":
		if !plainName(val) {
			return fmt.Errorf("%s: expected a name of letters, digits, '.', '_' or '-', got %q", key, val)
		}
		if key == "group.id" {
			c.GroupID = val
		} else {
			c.ClientIDPrefix = val
		}
		return nil
	case "topics":
		ts := strings.Split(val, ",")
		for _, t := range ts {
			if !plainName(t) {
				return fmt.Errorf("topics: expected T,T (topic names), got %q", val)
			}
		}
		c.Topics = ts
		return nil
	case "backOff.interval":
		return ms(&c.BackOffInterval, 0)
	case "backOff.maxAttempts":
		return count(&c.BackOffMaxAttempts, 0, 1000)
	case "max.poll.records":
		return count(&c.Client.MaxPollRecords, 1, 1<<30)
	case "auto.offset.reset":
		return oneOf(&c.Client.AutoOffsetReset, "latest", "earliest")
	case "enable.auto.commit":
		return boolean(&c.Client.EnableAutoCommit)
	case "auto.commit.interval.ms":
		return ms(&c.Client.AutoCommitInterval, 1)
	case "listener.time":
		d, err := ParseDuration(val)
		if err != nil {
			return fmt.Errorf("listener.time: %s", err)
		}
		c.ListenerTime = d
		return nil
	case "listener.ack":
		return oneOf(&c.ListenerAck, listener.AckAfter, listener.AckBefore, listener.AckNone)
	}
	g := newSystem0(group.Surface)
	g.cfg = c.Group
	if err := g.set(key, val); err != nil {
		if _, ok := err.(keyError); ok {
			return keyError{fmt.Errorf("unknown setting %q for listener (%s)", key, listenerSettings)}
		}
		return err
	}
	c.Group = g.cfg
	return nil
}

// plainName is a topic, group or client id the scenario language can write.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '.' || r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

const listenerActions = "topic T partitions=N, records P offsets=A..B, fail P@OFFSET [times=N|always] [error=E], " +
	"container start|stop|crash, container errorHandler E, consumer C crash, ack P@OFFSET"

type recordsSpec struct {
	tp       group.TopicPartition
	from, to int64
}

type failSpec struct {
	rec       group.Record
	times     int
	exception string
}

func (l *listenerSystem) action(t []token) (*Action, *actionErr) {
	text := joinTokens(t)
	end := t[len(t)-1].end
	switch t[0].text {
	case "topic":
		return newSystem0(group.Surface).action(t)
	case "records":
		if len(t) != 3 {
			col := end
			if len(t) > 3 {
				col = t[3].col
			}
			return nil, oldErr(col, "expected records P offsets=A..B")
		}
		tp, ok := group.ParsePartition(t[1].text)
		if !ok {
			return nil, oldErr(t[1].col, fmt.Sprintf("expected a partition such as t0-0, got %q", t[1].text))
		}
		v, ok := strings.CutPrefix(t[2].text, "offsets=")
		a, b, ok2 := strings.Cut(v, "..")
		from, err1 := strconv.ParseInt(a, 10, 64)
		to, err2 := strconv.ParseInt(b, 10, 64)
		if !ok || !ok2 || err1 != nil || err2 != nil || from < 0 || to < from || to-from >= 100_000 {
			return nil, oldErr(t[2].col, fmt.Sprintf("expected offsets=A..B with 0 ≤ A ≤ B and at most 100000 records, got %q", t[2].text))
		}
		return &Action{Text: text, Verb: "records", Payload: recordsSpec{tp, from, to}}, nil
	case "fail":
		if len(t) < 2 {
			return nil, oldErr(end, "expected fail P@OFFSET [times=N|always] [error=E]")
		}
		r, ok := listener.ParseRecord(t[1].text)
		if !ok {
			return nil, oldErr(t[1].col, fmt.Sprintf("expected a record P@OFFSET such as t0-0@5, got %q", t[1].text))
		}
		spec := failSpec{rec: r, times: 1, exception: "RuntimeException"}
		for _, kv := range t[2:] {
			switch {
			case kv.text == "always" && !kv.quoted:
				spec.times = -1
			case strings.HasPrefix(kv.text, "times="):
				n, err := strconv.Atoi(strings.TrimPrefix(kv.text, "times="))
				if err != nil || n < 1 || n > 1_000_000 {
					return nil, oldErr(kv.col, fmt.Sprintf("expected times=N with N ≥ 1, got %q", kv.text))
				}
				spec.times = n
			case strings.HasPrefix(kv.text, "error="):
				e := strings.TrimPrefix(kv.text, "error=")
				if !javaName(e) {
					return nil, oldErr(kv.col, fmt.Sprintf("expected error=E with an exception's class name such as IllegalStateException, got %q", kv.text))
				}
				spec.exception = e
			default:
				return nil, oldErr(kv.col, fmt.Sprintf("expected times=N, always or error=E, got %q", kv.text))
			}
		}
		return &Action{Text: text, Verb: "fail", Payload: spec}, nil
	case "container":
		if len(t) < 2 {
			return nil, oldErr(end, "expected container start, container stop, container crash or container errorHandler E")
		}
		switch t[1].text {
		case "start", "stop", "crash":
			if len(t) == 2 {
				return &Action{Text: text, Verb: "container " + t[1].text}, nil
			}
		case "errorHandler":
			if len(t) != 3 {
				return nil, oldErr(end, "expected container errorHandler SeekToCurrent|ContainerStopping")
			}
			if t[2].text != listener.SeekToCurrent && t[2].text != listener.ContainerStopping {
				return nil, oldErr(t[2].col, fmt.Sprintf("expected SeekToCurrent or ContainerStopping, got %q", t[2].text))
			}
			return &Action{Text: text, Verb: "container errorHandler", Payload: t[2].text}, nil
		default:
			return nil, oldErr(t[1].col, fmt.Sprintf("expected start, stop, crash or errorHandler, got %q", t[1].text))
		}
		return nil, oldErr(t[2].col, "expected container start, container stop or container crash")
	case "consumer":
		if len(t) != 3 || t[2].text != "crash" {
			col := end
			if len(t) > 2 {
				col = t[2].col
			}
			return nil, oldErr(col, "expected consumer C crash")
		}
		return &Action{Text: text, Verb: "consumer crash", Payload: t[1].text}, nil
	case "ack":
		if len(t) != 2 {
			col := end
			if len(t) > 2 {
				col = t[2].col
			}
			return nil, oldErr(col, "expected ack P@OFFSET")
		}
		r, ok := listener.ParseRecord(t[1].text)
		if !ok {
			return nil, oldErr(t[1].col, fmt.Sprintf("expected a record P@OFFSET such as t0-0@5, got %q", t[1].text))
		}
		return &Action{Text: text, Verb: "ack", Payload: r}, nil
	}
	return nil, oldErr(t[0].col, fmt.Sprintf("expected a listener action (%s), got %q", listenerActions, t[0].text))
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

func (l *listenerSystem) checkPath(path string) error {
	if err := listener.CheckPath(path); err != nil {
		return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "listener: "))
	}
	return nil
}

func (l *listenerSystem) start(s *sim.Sim) (instance, error) {
	sys, err := listener.New(s, l.cfg)
	if err != nil {
		return nil, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "listener: bad setting: "))
	}
	return listenerInstance{sys}, nil
}

type listenerInstance struct{ sys *listener.System }

func (i listenerInstance) do(at time.Duration, a *Action) {
	switch a.Verb {
	case "topic":
		p := a.Payload.(group.TopicSpec)
		i.sys.Topic(at, p.Name, p.Partitions)
	case "records":
		p := a.Payload.(recordsSpec)
		i.sys.Records(at, p.tp, p.from, p.to)
	case "fail":
		p := a.Payload.(failSpec)
		i.sys.Fail(at, p.rec, p.times, p.exception)
	case "container start":
		i.sys.Start(at)
	case "container stop":
		i.sys.Stop(at)
	case "container crash":
		i.sys.Crash(at)
	case "container errorHandler":
		i.sys.SetErrorHandler(at, a.Payload.(string))
	case "consumer crash":
		i.sys.CrashConsumer(at, a.Payload.(string))
	case "ack":
		i.sys.Ack(at, a.Payload.(group.Record))
	}
}

func (i listenerInstance) get(path string) (string, error) { return i.sys.Get(path) }
