package cluster

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/controller"
	"brokerlab/core/group"
	"brokerlab/core/listener"
	"brokerlab/core/msg"
	"brokerlab/core/replication"
)

// ErrUnknownPath is returned for a state path the cluster does not have.
var ErrUnknownPath = errors.New("unknown state path") // user-facing: a scenario shows it as it is

// Paths documents the state paths a scenario can read (expect, run until).
// P is a partition (t-0), N a broker id, R a request id. controller.* paths
// read the active controller (see core/controller).
var Paths = []string{
	"partition[P].leader", "partition[P].isr", "partition[P].epoch", "partition[P].hw", "partition[P].leo",
	"partition[P].replicas", "partition[P].state", "partition[P].lost", "partition[P].acked", "partition[P].duplicates",
	"replica[P,N].leo", "replica[P,N].hw", "replica[P,N].log", "replica[P,N].epochs", "replica[P,N].role",
	"replica[P,N].epoch", "replica[P,N].fetcher", "replica[P,N].caughtUpAgo", "replica[P,N].metadataIsr",
	"produce[R].error", "produce[R].errors", "produce[R].offset", "produce[R].retries", "produce[R].done",
	"produce[R].appends", "produce[R].producerId", "produce[R].sequence",
	"consume[R].error", "consume[R].offsets", "consume[R].hw", "consume[R].done",
	"broker[N].state", "broker[N].session", "broker[N].sessionExpiresAt", "broker[N].fetchers",
	"broker[N].purgatory.produce", "broker[N].purgatory.fetch", "broker[N].controller",
	"cluster.brokers", "cluster.controller", "zk.brokers", "records.lost", "invariant.violations", "invariant.messages",
}

// CheckPath reports whether path is one the cluster can answer.
func CheckPath(path string) error {
	if strings.HasPrefix(path, "controller.") {
		return controller.CheckPath(path)
	}
	if isGroupPath(path) {
		return group.CheckPath(path)
	}
	if strings.HasPrefix(path, "listener.") {
		return listener.CheckPath(path)
	}
	_, err := get(nil, path)
	return err
}

// Get answers a state path; lists are comma-separated.
func (c *Cluster) Get(path string) (string, error) {
	if strings.HasPrefix(path, "controller.") {
		b := c.controllerBroker()
		if b == nil {
			if err := controller.CheckPath(path); err != nil {
				return "", err
			}
			return "none", nil
		}
		return b.Ctl.Get(path)
	}
	if isGroupPath(path) || strings.HasPrefix(path, "listener.") {
		if c.Groups == nil {
			return "", msg.Of(ErrUnknownPath, "cl.path.groups", path)
		}
		if isGroupPath(path) {
			return c.Groups.Get(path)
		}
		return c.Listener.Get(path)
	}
	return get(c, path)
}

// isGroupPath is a path of the consumers and their groups (core/group).
func isGroupPath(path string) bool {
	return strings.HasPrefix(path, "group[") || strings.HasPrefix(path, "consumer[") || path == "coordinator.completedRebalances"
}

// bad is path unknown, because of why.
func bad(path string, why error) error {
	return msg.Of(ErrUnknownPath, "cl.path", path, why)
}

func get(c *Cluster, path string) (string, error) {
	i := strings.IndexByte(path, '[')
	if i < 0 {
		return getPlain(c, path)
	}
	j := strings.IndexByte(path, ']')
	if j < i+2 {
		return "", bad(path, msg.New("cl.path.key"))
	}
	head, key, tail := path[:i], path[i+1:j], path[j+1:]
	switch head {
	case "partition":
		tp, err := replication.ParseTP(key)
		if err != nil {
			return "", bad(path, err)
		}
		if !oneOf(tail, ".leader", ".isr", ".epoch", ".hw", ".leo", ".replicas", ".state", ".lost", ".acked", ".duplicates") {
			return "", bad(path, msg.New("cl.path.partition"))
		}
		if c == nil {
			return "", nil
		}
		return c.partitionPath(tp, tail), nil
	case "replica":
		p, n, ok := strings.Cut(key, ",")
		tp, err := replication.ParseTP(p)
		id, nerr := strconv.Atoi(n)
		if !ok || err != nil || nerr != nil {
			return "", bad(path, msg.New("cl.path.replica.key"))
		}
		if !oneOf(tail, ".leo", ".hw", ".log", ".epochs", ".role", ".epoch", ".fetcher", ".caughtUpAgo", ".metadataIsr") {
			return "", bad(path, msg.New("cl.path.replica"))
		}
		if c == nil {
			return "", nil
		}
		return c.replicaPath(tp, id, tail), nil
	case "produce", "consume":
		fields := []string{".error", ".errors", ".offset", ".retries", ".done", ".appends", ".producerId", ".sequence"}
		if head == "consume" {
			fields = []string{".error", ".offsets", ".hw", ".done"}
		}
		if !oneOf(tail, fields...) {
			return "", bad(path, msg.New("cl.path.batch", head, msg.List(fields)))
		}
		if c == nil {
			return "", nil
		}
		return c.batchPath(head, key, tail), nil
	case "broker":
		id, err := strconv.Atoi(key)
		if err != nil {
			return "", bad(path, msg.New("cl.path.broker.key"))
		}
		if !oneOf(tail, ".state", ".session", ".sessionExpiresAt", ".fetchers", ".purgatory.produce", ".purgatory.fetch", ".controller") {
			return "", bad(path, msg.New("cl.path.broker"))
		}
		if c == nil {
			return "", nil
		}
		return c.brokerPath(id, tail), nil
	}
	return "", bad(path, msg.New("cl.path.one.of", msg.List(Paths)))
}

func oneOf(s string, options ...string) bool { return slices.Contains(options, s) }

func getPlain(c *Cluster, path string) (string, error) {
	if !slices.Contains(Paths, path) {
		return "", bad(path, msg.New("cl.path.one.of", msg.List(Paths)))
	}
	if c == nil {
		return "", nil
	}
	switch path {
	case "cluster.brokers":
		return strconv.Itoa(len(c.Brokers)), nil
	case "cluster.controller":
		if n := c.ZK.get(pathController); n != nil {
			return strconv.Itoa(n.value.(int)), nil
		}
		return "-1", nil
	case "zk.brokers":
		return strings.Join(c.ZK.children(pathBrokerIDs), ","), nil
	case "records.lost":
		return strconv.Itoa(len(c.Mon.Lost)), nil
	case "invariant.violations":
		return strconv.Itoa(len(c.Violations())), nil
	case "invariant.messages":
		return strings.Join(c.Violations(), "; "), nil
	}
	return "", bad(path, msg.New("cl.path.unknown"))
}

// Violations lists every broken invariant: the replication monitor's,
// the controllers' event queues' and the socket servers'.
func (c *Cluster) Violations() []string {
	out := append([]string(nil), c.Mon.Violations...)
	for _, b := range c.Brokers {
		if b.Ctl != nil {
			out = append(out, b.Ctl.Mgr.Violations...)
		}
		if b.Server != nil {
			out = append(out, b.Server.Violations...)
		}
	}
	return out
}

func (c *Cluster) partitionPath(tp replication.TP, tail string) string {
	st, ok := c.ZK.readState(tp)
	leader := c.Broker(st.Leader)
	var lp *replication.Partition
	if ok && leader != nil && leader.RM != nil && leader.State != BrokerDead {
		lp = leader.RM.Partition(tp)
	}
	switch tail {
	case ".leader":
		if !ok {
			return "-1"
		}
		return strconv.Itoa(st.Leader)
	case ".isr":
		return replication.IDs(st.ISR)
	case ".epoch":
		if !ok {
			return "-1"
		}
		return strconv.Itoa(st.LeaderEpoch)
	case ".hw", ".leo":
		if lp == nil || !lp.IsLeader() {
			return "-1"
		}
		if tail == ".hw" {
			return strconv.Itoa(lp.Log.HW)
		}
		return strconv.Itoa(lp.Log.LEO())
	case ".replicas":
		if n := c.ZK.get(pathTopics + "/" + tp.Topic); n != nil {
			if a := n.value.([][]int); tp.Partition < len(a) {
				return replication.IDs(a[tp.Partition])
			}
		}
		return ""
	case ".state":
		if b := c.ActiveController(); b != nil {
			if s := b.kc.pstate[tp]; s != "" {
				return s
			}
		}
		return "NonExistentPartition"
	case ".lost":
		var parts []string
		for _, l := range c.Mon.LostOf(tp) {
			parts = append(parts, l.String())
		}
		return strings.Join(parts, ",")
	case ".acked":
		return strconv.Itoa(c.Mon.Acked(tp))
	case ".duplicates":
		// Batches in the leader's log that copy an earlier one.
		n, seen := 0, map[string]bool{}
		for _, r := range c.leaderLog(tp) {
			if r.Index == 0 {
				if seen[r.Producer] {
					n++
				}
				seen[r.Producer] = true
			}
		}
		return strconv.Itoa(n)
	}
	return ""
}

// leaderLog is tp's leader's log (none while it has no leader), whose
// records carry what the simulator knows of them: the request that
// brought each, which no broker could tell.
func (c *Cluster) leaderLog(tp replication.TP) []replication.Record {
	st, ok := c.ZK.readState(tp)
	if b := c.Broker(st.Leader); ok && b != nil {
		if l := b.Logs.Get(tp); l != nil {
			return l.Records
		}
	}
	return nil
}

func (c *Cluster) replicaPath(tp replication.TP, id int, tail string) string {
	b := c.Broker(id)
	if b == nil {
		return "none"
	}
	l := b.Logs.Get(tp)
	var p *replication.Partition
	if b.RM != nil {
		p = b.RM.Partition(tp)
	}
	switch tail {
	case ".leo", ".hw", ".log", ".epochs":
		if l == nil {
			return map[string]string{".leo": "-1", ".hw": "-1"}[tail]
		}
		switch tail {
		case ".leo":
			return strconv.Itoa(l.LEO())
		case ".hw":
			return strconv.Itoa(l.HW)
		case ".log":
			return l.String()
		}
		return l.EpochsString()
	case ".role":
		switch {
		case b.State == BrokerDead:
			return "dead"
		case p == nil || p.LeaderEpoch < 0:
			return "none"
		case p.IsLeader():
			return "leader"
		}
		return "follower"
	case ".epoch":
		if p == nil {
			return "-1"
		}
		return strconv.Itoa(p.LeaderEpoch)
	case ".fetcher":
		if b.RM == nil || b.State == BrokerDead {
			return "none"
		}
		if s := b.RM.Fetchers.State(tp); s != "" {
			return s
		}
		return "none"
	case ".metadataIsr":
		// What broker N's metadata cache (the controller's last
		// UpdateMetadata) says P's ISR is.
		if b.RM == nil || b.State == BrokerDead {
			return "none"
		}
		if st := b.RM.Metadata.Partition(tp); st != nil {
			return replication.IDs(st.ISR)
		}
		return "none"
	case ".caughtUpAgo":
		// The leader's view of this replica: how long since it last caught up.
		st, ok := c.ZK.readState(tp)
		lb := c.Broker(st.Leader)
		if !ok || lb == nil || lb.RM == nil {
			return "none"
		}
		lp := lb.RM.Partition(tp)
		if lp == nil {
			return "none"
		}
		r := lp.Remote(id)
		if r == nil || r.LastCaughtUpTime < 0 {
			return "never"
		}
		return strconv.FormatInt(int64((c.s.Now()-r.LastCaughtUpTime)/time.Millisecond), 10)
	}
	return ""
}

func (c *Cluster) batchPath(kind, id, tail string) string {
	list := c.Produces
	if kind == "consume" {
		list = c.Consumes
	}
	var b *Batch
	for _, x := range list {
		if x.ID == id {
			b = x
		}
	}
	if tail == ".done" {
		// false until the request (sent or not yet) has its final answer
		return strconv.FormatBool(b != nil && b.Result != "")
	}
	if b == nil {
		return "none"
	}
	switch tail {
	case ".error":
		if b.Result == "" {
			return replication.Pending
		}
		return b.Result
	case ".errors":
		return strings.Join(b.Errors, ",")
	case ".offset":
		return strconv.Itoa(b.BaseOffset)
	case ".retries":
		return strconv.Itoa(b.Retries)
	case ".appends":
		// How many times the request's records were appended.
		n := 0
		for _, r := range c.leaderLog(b.TP) {
			if r.Producer == b.ID && r.Index == 0 {
				n++
			}
		}
		return strconv.Itoa(n)
	case ".producerId":
		return strconv.Itoa(b.ProducerID)
	case ".sequence":
		return strconv.Itoa(b.Sequence)
	case ".offsets":
		return replication.IDs(b.Offsets)
	case ".hw":
		return strconv.Itoa(b.HW)
	}
	return ""
}

func (c *Cluster) brokerPath(id int, tail string) string {
	b := c.Broker(id)
	if b == nil {
		return "none"
	}
	switch tail {
	case ".state":
		return b.State
	case ".session":
		if s := b.Session(); s != nil {
			return s.State
		}
		return SessionNone
	case ".sessionExpiresAt":
		if s := b.Session(); s != nil && s.Deadline > 0 {
			return strconv.FormatInt(int64(s.Deadline/time.Millisecond), 10)
		}
		return "-1"
	case ".fetchers":
		if b.RM == nil || b.State == BrokerDead {
			return ""
		}
		var names []string
		for _, t := range b.RM.Fetchers.Threads() {
			names = append(names, t.Name)
		}
		return strings.Join(names, ",")
	case ".purgatory.produce", ".purgatory.fetch":
		if b.RM == nil || b.State == BrokerDead {
			return "0"
		}
		if tail == ".purgatory.produce" {
			return strconv.Itoa(b.RM.Produce.Len())
		}
		return strconv.Itoa(b.RM.Fetch.Len())
	case ".controller":
		if b.Active() {
			return "active"
		}
		return "inactive"
	}
	return ""
}
