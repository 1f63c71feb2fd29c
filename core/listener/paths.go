package listener

import (
	"strconv"
	"strings"

	"brokerlab/core/group"
	"brokerlab/core/msg"
	"brokerlab/core/statepath"
)

// Paths documents the state paths a scenario can read; P is a partition
// (t0-2), P@OFFSET a record, C a consumer's client id. Every group path
// (group[G]…, consumer[C]…, topic[T]…) answers too.
var Paths = []string{
	"listener.running", "listener.consumers", "listener.committed[P]", "listener.commits", "listener.delivered[P@OFFSET]",
	"listener.processed", "listener.duplicates", "listener.lost", "listener.recovered",
	"listener.state[C]", "listener.acks[C]", "listener.pending[P]", "listener.position[P]",
}

// ParseRecord reads "t0-2@15".
func ParseRecord(s string) (group.Record, bool) {
	p, o, ok := strings.Cut(s, "@")
	if !ok {
		return group.Record{}, false
	}
	tp, ok := group.ParsePartition(p)
	n, err := strconv.ParseInt(o, 10, 64)
	if !ok || err != nil || n < 0 || o[0] == '+' {
		return group.Record{}, false
	}
	return group.Record{TopicPartition: tp, Offset: n}, true
}

// CheckPath reports whether path is one the listener system can answer.
func CheckPath(path string) error {
	_, err := get(nil, path)
	return err
}

// Get answers a state path; lists are comma-separated.
func (sys *System) Get(path string) (string, error) { return get(sys, path) }

func get(sys *System, path string) (string, error) {
	if !strings.HasPrefix(path, "listener.") {
		if sys == nil {
			if err := group.CheckPath(path); err != nil {
				return "", msg.Of(ErrUnknownPath, "li.path.unknown", path, msg.List(Paths), msg.List(group.Paths))
			}
			return "", nil
		}
		return sys.y.Get(path)
	}
	switch path {
	case "listener.running", "listener.consumers", "listener.commits", "listener.processed", "listener.duplicates",
		"listener.lost", "listener.recovered":
		if sys == nil {
			return "", nil
		}
		return sys.getPlain(path), nil
	}
	head, key, tail, err := statepath.Split(path)
	if err != nil || tail != "" {
		return "", msg.Of(ErrUnknownPath, "path.unknown", path, msg.List(Paths))
	}
	switch head {
	case "listener.delivered":
		r, ok := ParseRecord(key)
		if !ok {
			return "", msg.Of(ErrUnknownPath, "li.path.delivered", path)
		}
		if sys == nil {
			return "", nil
		}
		n := 0
		if int64(len(sys.recs[r.TopicPartition])) > r.Offset {
			n = sys.rec(r).deliveries
		}
		return strconv.Itoa(n), nil
	case "listener.committed", "listener.pending", "listener.position":
		tp, ok := group.ParsePartition(key)
		if !ok {
			return "", msg.Of(ErrUnknownPath, "li.path.partition", path, head)
		}
		if sys == nil {
			return "", nil
		}
		return sys.getPartition(head, tp), nil
	case "listener.state", "listener.acks":
		if sys == nil {
			return "", nil
		}
		lc := sys.container.child(key)
		switch {
		case head == "listener.acks" && lc == nil:
			return "0", nil
		case head == "listener.acks":
			return strconv.Itoa(lc.acks.Len()), nil
		case lc == nil || lc.phase == "":
			return "none", nil
		}
		return lc.phase, nil
	}
	return "", msg.Of(ErrUnknownPath, "path.unknown", path, msg.List(Paths))
}

func (sys *System) getPlain(path string) string {
	switch path {
	case "listener.running":
		return strconv.FormatBool(sys.container.running)
	case "listener.consumers":
		var names []string
		for _, lc := range sys.container.children {
			if lc.running {
				names = append(names, lc.Name)
			}
		}
		return strings.Join(names, ",")
	case "listener.commits":
		var out []string
		for _, o := range sys.y.Commits(sys.cfg.GroupID) {
			out = append(out, o.String())
		}
		return strings.Join(out, ",")
	case "listener.processed":
		return strconv.Itoa(sys.processed)
	case "listener.duplicates":
		return strconv.Itoa(sys.duplicates)
	case "listener.lost":
		return strconv.Itoa(sys.lost())
	default: // listener.recovered
		return strconv.Itoa(sys.recovered)
	}
}

// getPartition answers committed[P], pending[P] (the offsets map entry at
// P's consumer: the highest record offset processed and not committed)
// and position[P] (P's consumer's fetch position); "none" if none.
func (sys *System) getPartition(head string, tp group.TopicPartition) string {
	if head == "listener.committed" {
		if o, ok := sys.y.Committed(sys.cfg.GroupID, tp); ok {
			return strconv.FormatInt(o, 10)
		}
		return "none"
	}
	for _, lc := range sys.container.children {
		if lc.dead() || lc.exited {
			continue
		}
		if head == "listener.pending" {
			if o, ok := lc.offsets[tp]; ok {
				return strconv.FormatInt(o, 10)
			}
		} else if p, ok := lc.consumer.FetchPosition(tp); ok {
			return strconv.FormatInt(p, 10)
		}
	}
	return "none"
}
