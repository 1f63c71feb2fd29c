package zookeeper

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/statepath"
)

// ErrUnknownPath is returned for a state path the factory does not have.
var ErrUnknownPath = errors.New("unknown state path") // user-facing: a scenario shows it as it is

// Paths documents the state paths a scenario can read (expect, run until).
var Paths = []string{
	"zookeeper.selectorThreads", "zookeeper.workerThreads", "zookeeper.cores",
	"zookeeper.default.numSelectorThreads", "zookeeper.default.numWorkerThreads",
	"zookeeper.maxClientCnxns", "zookeeper.threads", "zookeeper.threadCount",
	"zookeeper.connections", "zookeeper.refused", "zookeeper.workerQueue.size",
	"zookeeper.expiry.next", "zookeeper.globalOutstandingLimit", "zookeeper.inProcess", "zookeeper.inProcess.max",
	"zookeeper.submittedRequests.size", "zookeeper.queuedRequests.size",
	"zookeeper.conn[C].selector", "zookeeper.conn[C].state", "zookeeper.conn[C].closeReason",
	"zookeeper.conn[C].closedAt", "zookeeper.conn[C].interestOps", "zookeeper.conn[C].interestHistory", "zookeeper.conn[C].worker",
	"zookeeper.conn[C].received", "zookeeper.conn[C].responses", "zookeeper.conn[C].expiresAt",
	"zookeeper.conn[C].ip", "zookeeper.conn[C].outstanding", "zookeeper.conn[C].throttled",
	"zookeeper.ip[A].connections", "zookeeper.selector[I].connections",
	"invariant.violations",
}

var connFields = []string{".selector", ".state", ".closeReason", ".closedAt", ".interestOps", ".interestHistory", ".worker", ".received", ".responses", ".expiresAt", ".ip", ".outstanding", ".throttled"}

// CheckPath reports whether path is one the factory can answer, with the
// bracketed names checked for their form (a name, an IP, an index).
func CheckPath(path string) error {
	_, err := get(nil, path)
	return err
}

// Get answers a state path; lists are comma-separated. A connection not
// opened yet reads as state none, selector -1 and empty lists.
func (f *Factory) Get(path string) (string, error) { return get(f, path) }

func get(f *Factory, path string) (string, error) {
	head, key, tail, err := statepath.Split(path)
	if err != nil {
		return "", bad(path, err)
	}
	if key != "" {
		return getKeyed(f, path, head, key, tail)
	}
	switch path {
	case "zookeeper.default.numSelectorThreads", "zookeeper.default.numWorkerThreads", "zookeeper.cores",
		"zookeeper.selectorThreads", "zookeeper.workerThreads", "zookeeper.maxClientCnxns", "zookeeper.threads",
		"zookeeper.threadCount", "zookeeper.connections", "zookeeper.refused", "zookeeper.workerQueue.size",
		"zookeeper.expiry.next", "zookeeper.globalOutstandingLimit", "zookeeper.inProcess", "zookeeper.inProcess.max",
		"zookeeper.submittedRequests.size", "zookeeper.queuedRequests.size", "invariant.violations":
	default:
		return "", msg.Of(ErrUnknownPath, "path.unknown", path, msg.List(Paths))
	}
	if f == nil {
		return "", nil
	}
	c := f.cfg
	switch path {
	case "zookeeper.default.numSelectorThreads":
		return strconv.Itoa(DefaultSelectorThreads(c.Cores)), nil
	case "zookeeper.default.numWorkerThreads":
		return strconv.Itoa(DefaultWorkerThreads(c.Cores)), nil
	case "zookeeper.cores":
		return strconv.Itoa(c.Cores), nil
	case "zookeeper.selectorThreads":
		return strconv.Itoa(c.SelectorThreads()), nil
	case "zookeeper.workerThreads":
		return strconv.Itoa(c.WorkerThreads()), nil
	case "zookeeper.maxClientCnxns":
		return strconv.Itoa(c.MaxClientCnxns), nil
	case "zookeeper.threads":
		return strings.Join(f.threads, ","), nil
	case "zookeeper.threadCount":
		return strconv.Itoa(len(f.threads)), nil
	case "zookeeper.connections":
		return strconv.Itoa(f.open), nil
	case "zookeeper.refused":
		return strconv.Itoa(f.refused), nil
	case "zookeeper.workerQueue.size":
		if f.work == nil {
			return "0", nil
		}
		return strconv.Itoa(f.work.Len()), nil
	case "zookeeper.expiry.next":
		return strconv.FormatInt(f.expiry.NextExpirationTime(), 10), nil
	case "zookeeper.globalOutstandingLimit":
		return strconv.Itoa(c.GlobalOutstandingLimit), nil
	case "zookeeper.inProcess":
		return strconv.Itoa(f.pipe.inProcess), nil
	case "zookeeper.inProcess.max":
		return strconv.Itoa(f.pipe.maxIn), nil
	case "zookeeper.submittedRequests.size":
		return strconv.Itoa(f.pipe.submitted.Len()), nil
	case "zookeeper.queuedRequests.size":
		return strconv.Itoa(f.pipe.queued.Len()), nil
	}
	return strconv.Itoa(len(f.Violations)), nil // invariant.violations
}

// bad is the error of path, malformed or unknown as why says.
func bad(path string, why error) error { return msg.Of(ErrUnknownPath, "path.bad", path, why) }

func getKeyed(f *Factory, path, head, key, tail string) (string, error) {
	switch head {
	case "zookeeper.conn":
		if err := CheckName(key); err != nil {
			return "", bad(path, err)
		}
		known := false
		for _, fl := range connFields {
			known = known || tail == fl
		}
		if !known {
			return "", bad(path, msg.New("zk.path.conn", msg.List(connFields)))
		}
		if f == nil {
			return "", nil
		}
		return connField(f, f.byName[key], tail), nil
	case "zookeeper.ip":
		ip, err := CheckIP(key)
		if err != nil {
			return "", bad(path, err)
		}
		if tail != ".connections" {
			return "", bad(path, msg.New("zk.path.ip"))
		}
		if f == nil {
			return "", nil
		}
		return strconv.Itoa(f.ipMap[ip]), nil
	case "zookeeper.selector":
		i, err := strconv.Atoi(key)
		if err != nil || i < 0 {
			return "", bad(path, msg.New("zk.path.selector"))
		}
		if tail != ".connections" {
			return "", bad(path, msg.New("zk.path.selector.conn"))
		}
		if f == nil {
			return "", nil
		}
		if i >= len(f.selectors) {
			return "", bad(path, msg.New("zk.path.selectors", len(f.selectors), len(f.selectors)-1))
		}
		return strconv.Itoa(f.selectors[i].conns), nil
	}
	return "", msg.Of(ErrUnknownPath, "path.unknown", path, msg.List(Paths))
}

func connField(f *Factory, c *Cnxn, tail string) string {
	if c == nil {
		switch tail {
		case ".selector":
			return "-1"
		case ".state":
			return StateNone
		case ".worker", ".expiresAt", ".closedAt":
			return "none"
		case ".outstanding":
			return "0"
		case ".throttled":
			return "false"
		}
		return ""
	}
	switch tail {
	case ".selector":
		return strconv.Itoa(c.Selector)
	case ".state":
		return c.State
	case ".closeReason":
		return c.CloseReason
	case ".closedAt":
		if c.State != StateClosed {
			return "none"
		}
		return strconv.FormatInt(int64(c.ClosedAt/time.Millisecond), 10)
	case ".interestOps":
		return c.InterestOps()
	case ".interestHistory":
		return strings.Join(c.Interests, ",")
	case ".worker":
		return c.Worker()
	case ".received":
		return strings.Join(c.Received, ",")
	case ".responses":
		return strings.Join(c.Responses, ",")
	case ".expiresAt":
		if b, ok := f.expiry.ExpiryOf(c); ok && c.State == StateOpen {
			return strconv.FormatInt(b, 10)
		}
		return "none"
	case ".outstanding":
		return strconv.Itoa(c.outstanding)
	case ".throttled":
		return strconv.FormatBool(c.throttled)
	}
	return c.IP // .ip
}

// splitKey splits "zookeeper.conn[c1].state" into head, key and tail; key
// is "" when there is no bracket.
