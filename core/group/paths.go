package group

import (
	"strconv"
	"strings"
	"time"

	"brokerlab/core/msg"
)

// Paths documents the state paths a scenario can read (expect, run until).
// G is a group id, C a consumer's name (its client.id), T a topic.
var Paths = []string{
	"group[G].state", "group[G].generation", "group[G].leader", "group[G].members", "group[G].pending",
	"group[G].protocol", "group[G].assignment[C]", "group[G].currentStateTimestamp", "group[G].delayedJoin",
	"consumer[C].state", "consumer[C].generation", "consumer[C].memberId", "consumer[C].error",
	"consumer[C].assignment", "consumer[C].leader", "consumer[C].heartbeats", "consumer[C].thread",
	"topic[T].partitions", "admin.deleteGroups[G]", "coordinator.completedRebalances", "invariant.violations",
	// static membership (static.go)
	"group[G].staticMembers", "consumer[C].instance",
	// rebalance protocols (protocol.go): EAGER or COOPERATIVE; how many
	// times onPartitionsRevoked was called with a non-empty set
	"consumer[C].rebalanceProtocol", "consumer[C].revocations",
	// the coordinator (a broker id, -1 while none) and committed offsets
	// (none before the first commit)
	"group[G].coordinator", "consumer[C].coordinator", "group[G].committed[P]",
	// a consumer's position (the next offset it reads, none before it has
	// one) and lag (the high watermark it last fetched minus its position)
	"consumer[C].position[P]", "consumer[C].lag[P]",
	// how many records its polls have returned (a record read twice counts twice)
	"consumer[C].polled",
}

// CheckPath reports whether path is one the group system can answer.
func CheckPath(path string) error {
	_, err := get(nil, path)
	return err
}

// Get answers a state path; lists are comma-separated, sorted.
func (y *System) Get(path string) (string, error) { return get(y, path) }

func get(y *System, path string) (string, error) {
	switch path {
	case "invariant.violations":
		if y == nil {
			return "", nil
		}
		return strconv.Itoa(len(y.Violations)), nil
	case "coordinator.completedRebalances":
		if y == nil {
			return "", nil
		}
		return strconv.Itoa(y.completedRebalances()), nil
	}
	head, key, tail, err := splitKey(path)
	if err != nil {
		return "", err
	}
	switch head {
	case "group":
		return getGroup(y, path, key, tail)
	case "consumer":
		return getConsumer(y, path, key, tail)
	case "topic":
		if tail != ".partitions" {
			return "", msg.Of(ErrUnknownPath, "gr.path.topic", path)
		}
		if y == nil {
			return "", nil
		}
		return strconv.Itoa(y.partitionsAt(key, y.s.Now())), nil
	case "admin.deleteGroups":
		if tail != "" {
			return "", msg.Of(ErrUnknownPath, "gr.path", path)
		}
		if y == nil {
			return "", nil
		}
		if e, ok := y.deletes[key]; ok {
			return string(e), nil
		}
		return "none", nil
	}
	return "", msg.Of(ErrUnknownPath, "path.unknown", path, msg.List(Paths))
}

// getGroup answers group[G]…; a group the coordinator does not have reads
// Dead with no members, as DescribeGroups answers for it.
func getGroup(y *System, path, id, tail string) (string, error) {
	var g *groupMetadata
	if y != nil {
		g = y.group(id)
	}
	if strings.HasPrefix(tail, ".committed[") {
		_, tp, err := partitionField(path, tail, "gr.path.committed")
		if err != nil {
			return "", err
		}
		if y == nil {
			return "", nil
		}
		if o, ok := y.Committed(id, tp); ok {
			return strconv.FormatInt(o, 10), nil
		}
		return "none", nil
	}
	if tail == ".coordinator" {
		if y == nil {
			return "", nil
		}
		return strconv.Itoa(y.CoordinatorOf(id)), nil
	}
	if strings.HasPrefix(tail, ".assignment[") {
		_, c, rest, err := splitKey(tail)
		if err != nil || rest != "" {
			return "", msg.Of(ErrUnknownPath, "gr.path.assignment", path)
		}
		if g == nil {
			return "", nil
		}
		// DescribeGroups shows assignments of a Stable group only
		for _, m := range g.members {
			if m.client == c && g.is(Stable) {
				return FormatPartitions(m.assignment), nil
			}
		}
		return "", nil
	}
	switch tail {
	case ".state", ".generation", ".leader", ".members", ".pending", ".protocol", ".currentStateTimestamp", ".delayedJoin",
		".staticMembers":
	default:
		return "", msg.Of(ErrUnknownPath, "gr.path.group", path)
	}
	if y == nil {
		return "", nil
	}
	if g == nil {
		return map[string]string{".state": string(Dead), ".generation": "0", ".leader": "none", ".protocol": "none",
			".currentStateTimestamp": "-1", ".delayedJoin": "none", ".staticMembers": ""}[tail], nil
	}
	switch tail {
	case ".state":
		return string(g.state), nil
	case ".generation":
		return strconv.Itoa(g.generation), nil
	case ".leader":
		return g.clientOf(g.leader), nil
	case ".members":
		return strings.Join(g.memberNames(), ","), nil
	case ".pending":
		return strconv.Itoa(len(g.pending)), nil
	case ".protocol":
		return orNone(g.protocol), nil
	case ".currentStateTimestamp":
		return strconv.FormatInt(int64(g.stateTime/time.Millisecond), 10), nil
	case ".staticMembers":
		return strings.Join(g.staticNames(), ","), nil
	default: // .delayedJoin
		if g.join == nil || g.join.IsCompleted() {
			return "none", nil
		}
		return g.join.Kind, nil
	}
}

func getConsumer(y *System, path, name, tail string) (string, error) {
	if strings.HasPrefix(tail, ".position[") || strings.HasPrefix(tail, ".lag[") {
		field, tp, err := partitionField(path, tail, "gr.path.position")
		if err != nil {
			return "", err
		}
		if y == nil {
			return "", nil
		}
		c := y.consumers[name]
		if field == ".lag" {
			if c == nil {
				return "-1", nil
			}
			return strconv.FormatInt(c.Lag(tp), 10), nil
		}
		if c == nil {
			return "none", nil
		}
		if pos, ok := c.FetchPosition(tp); ok {
			return strconv.FormatInt(pos, 10), nil
		}
		return "none", nil
	}
	switch tail {
	case ".state", ".generation", ".memberId", ".error", ".assignment", ".leader", ".heartbeats", ".polled", ".thread", ".instance",
		".rebalanceProtocol", ".revocations", ".coordinator":
	default:
		return "", msg.Of(ErrUnknownPath, "gr.path.consumer", path)
	}
	if y == nil {
		return "", nil
	}
	c := y.consumers[name]
	if c == nil {
		return map[string]string{".state": string(Unjoined), ".generation": "-1", ".memberId": "", ".error": string(None),
			".assignment": "", ".leader": "false", ".heartbeats": "0", ".polled": "0", ".thread": "stopped", ".instance": "",
			".rebalanceProtocol": "", ".revocations": "0", ".coordinator": "-1"}[tail], nil
	}
	switch tail {
	case ".state":
		return string(c.state), nil
	case ".generation":
		return strconv.Itoa(c.generation), nil
	case ".memberId":
		return c.memberID, nil
	case ".error":
		return string(c.lastError), nil
	case ".assignment":
		return FormatPartitions(c.owned), nil
	case ".leader":
		return strconv.FormatBool(c.isLeader && c.state == MemberStable), nil
	case ".polled":
		return strconv.Itoa(c.polled), nil
	case ".heartbeats":
		return strconv.Itoa(c.heartbeats), nil
	case ".instance":
		return c.cfg.GroupInstanceID, nil
	case ".rebalanceProtocol":
		return c.rebalanceProtocol.String(), nil
	case ".revocations":
		return strconv.Itoa(c.revocations), nil
	case ".coordinator":
		return strconv.Itoa(c.coord), nil
	default: // .thread
		if c.closed {
			return "stopped", nil
		}
		return "running", nil
	}
}

// splitKey splits "group[G].state" into head, key and tail.
// partitionField reads tail, a field keyed by a partition (".lag[t-0]"),
// or refuses path with the catalog's code.
func partitionField(path, tail, code string) (string, TopicPartition, error) {
	field, p, rest, err := splitKey(tail)
	tp, ok := ParsePartition(p)
	if err != nil || rest != "" || !ok {
		return "", TopicPartition{}, msg.Of(ErrUnknownPath, code, path)
	}
	return field, tp, nil
}

func splitKey(path string) (head, key, tail string, err error) {
	i := strings.IndexByte(path, '[')
	if i < 0 {
		return "", "", "", msg.Of(ErrUnknownPath, "path.unknown", path, msg.List(Paths))
	}
	j := strings.IndexByte(path[i:], ']')
	if j < 0 {
		return "", "", "", msg.Of(ErrUnknownPath, "gr.path.bracket", path)
	}
	if j == 1 {
		return "", "", "", msg.Of(ErrUnknownPath, "gr.path.empty", path)
	}
	return path[:i], path[i+1 : i+j], path[i+j+1:], nil
}
