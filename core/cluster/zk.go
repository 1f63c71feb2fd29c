package cluster

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/controller"
	"brokerlab/core/msg"
	"brokerlab/core/replication"
	"brokerlab/core/sim"
)

const (
	srcCreate       = "ZooKeeper.java ZooKeeper.create"
	srcSetData      = "ZooKeeper.java ZooKeeper.setData"
	srcDelete       = "ZooKeeper.java ZooKeeper.delete"
	srcSessionTrack = "SessionTrackerImpl.java SessionTrackerImpl.run"
	srcWatch        = "ZooKeeperClient.scala ZooKeeperClient.ZooKeeperClientWatcher.process"
	srcRegister     = "KafkaZkClient.scala KafkaZkClient.registerBroker"
)

// Session states (session[N] in the trace and broker[N].session).
const (
	SessionNone         = "none"
	SessionConnected    = "connected"
	SessionDisconnected = "disconnected"
	SessionExpired      = "expired"
	SessionClosed       = "closed"
)

// ZooKeeper's znode paths Kafka uses.
const (
	pathController      = "/controller"
	pathControllerEpoch = "/controller_epoch"
	pathBrokerIDs       = "/brokers/ids"
	pathTopics          = "/brokers/topics"
	pathIsrChange       = "/isr_change_notification"
	pathProducerIDBlock = "/latest_producer_id_block"
	pathConfigChanges   = "/config/changes"
	pathBrokerConfigs   = "/config/brokers/<default>"
	isrChangePrefix     = "isr_change_"
	configChangePrefix  = "config_change_"
)

// TickTime is zoo.cfg's tickTime as Kafka 2.5's config/zookeeper.properties
// leaves it: unset, so ZooKeeperServer.DEFAULT_TICK_TIME, 3000 ms
// (ZooKeeper 3.5.9 ZooKeeperServer.java L100). Sessions are negotiated within 2 and 20 ticks and
// expire on its boundaries.
const TickTime = 3000 * time.Millisecond

// pingInterval is how long an idle ClientCnxn's SendThread goes without
// sending before it pings: readTimeout/2, readTimeout being
// sessionTimeout×2/3 in whole milliseconds. After a ping's reply the
// thread sleeps timeToNextPing = readTimeout/2 − idleSend, so with nothing
// else waking it the next ping goes at readTimeout/2 (6 s for Kafka's
// 18 s). The extra second ClientCnxn subtracts once idleSend > 1000 only
// matters when something wakes the thread earlier (it may then ping from
// 5 s); this model wakes it with nothing else.
func pingInterval(timeout time.Duration) time.Duration {
	readTimeout := timeout.Milliseconds() * 2 / 3
	return time.Duration(readTimeout/2) * time.Millisecond
}

type znode struct {
	data    string // as the trace shows it
	value   any    // the structured content
	version int
	czxid   int64
	owner   int64 // the ephemeral owner's session, 0 if persistent
}

// Session is one ZooKeeper session of a broker.
type Session struct {
	ID       int64
	Broker   int
	Timeout  time.Duration
	State    string
	Deadline time.Duration // when it expires, once disconnected
	lastOp   time.Duration // the client's last request (or its start)
	client   *zkClient
}

// ZooKeeper is one ZooKeeper server as Kafka sees it: a tree of znodes,
// sessions with timeouts, and watches delivered to each client's event
// thread. Operations are synchronous calls on the caller's thread (a
// round trip takes no virtual time). Only the SessionTracker is a thread.
type ZooKeeper struct {
	s        *sim.Sim
	nodes    map[string]*znode // looked up, never iterated
	paths    []string          // sorted
	zxid     int64
	seq      map[string]int // sequential children counters by parent; looked up, never iterated
	sessions []*Session     // in creation order
	clients  []*zkClient
	tracker  *sim.Worker
}

func newZooKeeper(s *sim.Sim) *ZooKeeper {
	zk := &ZooKeeper{s: s, nodes: map[string]*znode{}, seq: map[string]int{}}
	for _, p := range []string{"/brokers", pathBrokerIDs, pathTopics, pathIsrChange, "/config", pathConfigChanges, "/config/brokers"} {
		zk.put(p, &znode{})
	}
	return zk
}

func (zk *ZooKeeper) put(path string, n *znode) {
	zk.zxid++
	n.czxid = zk.zxid
	zk.nodes[path] = n
	i, _ := slices.BinarySearch(zk.paths, path)
	zk.paths = slices.Insert(zk.paths, i, path)
}

func (zk *ZooKeeper) get(path string) *znode { return zk.nodes[path] }

// children lists the names under path, sorted.
func (zk *ZooKeeper) children(path string) []string {
	prefix := path + "/"
	var out []string
	i, _ := slices.BinarySearch(zk.paths, prefix)
	for ; i < len(zk.paths) && strings.HasPrefix(zk.paths[i], prefix); i++ {
		if rest := zk.paths[i][len(prefix):]; !strings.Contains(rest, "/") {
			out = append(out, rest)
		}
	}
	return out
}

func (zk *ZooKeeper) emit(path string, op *msg.Note, data, src string) {
	zk.s.Emit(sim.Noted(sim.Event{Kind: sim.ZK, Subj: path, To: data, Src: src}, op))
}

// create makes a znode (ephemeral if owner ≠ 0); false if it exists.
func (zk *ZooKeeper) create(path, data string, value any, owner int64) bool {
	if zk.nodes[path] != nil {
		return false
	}
	zk.put(path, &znode{data: data, value: value, owner: owner})
	op := msg.Notef("create")
	if owner != 0 {
		op = msg.Notef("create ephemeral")
	}
	zk.emit(path, op, data, srcCreate)
	zk.fire(path, "created")
	zk.fire(parent(path), "children changed")
	return true
}

// createSequential makes parent/prefixNNNNNNNNNN and returns its path.
func (zk *ZooKeeper) createSequential(parentPath, prefix, data string, value any) string {
	n := zk.seq[parentPath]
	zk.seq[parentPath] = n + 1
	name := prefix + leftPad(n)
	zk.create(parentPath+"/"+name, data, value, 0)
	return parentPath + "/" + name
}

func leftPad(n int) string {
	s := strconv.Itoa(n)
	return strings.Repeat("0", max(0, 10-len(s))) + s
}

// set writes a znode if its version is expected (−1: any); it returns
// the new version.
func (zk *ZooKeeper) set(path, data string, value any, expected int) (int, bool) {
	n := zk.nodes[path]
	if n == nil || (expected >= 0 && n.version != expected) {
		v := msg.Notef("set failed (no node)")
		if n != nil {
			v = msg.Notef("set failed (BadVersion: version %d, expected %d)", n.version, expected)
		}
		zk.emit(path, v, data, srcSetData)
		return 0, false
	}
	n.data, n.value = data, value
	n.version++
	zk.emit(path, msg.Notef("set"), data, srcSetData)
	zk.fire(path, "data changed")
	return n.version, true
}

func (zk *ZooKeeper) delete(path string) {
	if zk.nodes[path] == nil {
		return
	}
	delete(zk.nodes, path)
	i, _ := slices.BinarySearch(zk.paths, path)
	zk.paths = slices.Delete(zk.paths, i, i+1)
	zk.emit(path, msg.Notef("delete"), "", srcDelete)
	zk.fire(path, "deleted")
	zk.fire(parent(path), "children changed")
}

func parent(path string) string { return path[:strings.LastIndexByte(path, '/')] }

// watch is a handler a client registered on a path.
type watch struct {
	path    string
	handler func(what string)
}

// fire delivers a change of path to every live client that watches it,
// on the client's event thread.
func (zk *ZooKeeper) fire(path, what string) {
	for _, c := range zk.clients {
		if c.session.State != SessionConnected {
			continue
		}
		for _, w := range c.watches {
			if w.path != path {
				continue
			}
			h := w.handler
			thread := c.eventThread()
			thread.Post(zk.s.Now(), func() {
				zk.s.Emit(sim.Event{Kind: sim.ZKWatch, Subj: path, Note: what, Src: srcWatch})
				h(what)
			})
		}
	}
}

// openSession starts a session for broker with timeout (negotiated within
// 2 and 20 ticks, as ZooKeeperServer does).
func (zk *ZooKeeper) openSession(c *zkClient, timeout time.Duration) *Session {
	timeout = min(max(timeout, 2*TickTime), 20*TickTime)
	sess := &Session{ID: int64(len(zk.sessions) + 1), Broker: c.broker, Timeout: timeout, State: SessionConnected, lastOp: zk.s.Now(), client: c}
	zk.sessions = append(zk.sessions, sess)
	if !slices.Contains(zk.clients, c) {
		zk.clients = append(zk.clients, c)
	}
	zk.s.Emit(sim.Event{Kind: sim.Session, Subj: brokerHost(c.broker), ID: int(sess.ID), From: SessionNone, To: SessionConnected,
		Src: "ClientCnxn.java ClientCnxn.SendThread.primeConnection"}.Notef("timeout %s", sim.FormatDuration(timeout)))
	return sess
}

// disconnect is the client's process dying: the server keeps the session
// until it has heard nothing for its timeout. An idle client pings every
// pingInterval, so the last the server heard is the last ping before the
// kill (or the last request); the SessionTracker's ExpiryQueue puts the
// session in bucket (⌊(heard+timeout)/tick⌋+1)·tick, the first tick
// boundary strictly after heard+timeout (ZooKeeper 3.5.9 ExpiryQueue.java L56-58).
func (zk *ZooKeeper) disconnect(sess *Session) {
	if sess.State != SessionConnected {
		return
	}
	now := zk.s.Now()
	heard := sess.lastOp
	if ping := pingInterval(sess.Timeout); ping > 0 {
		heard += (now - sess.lastOp) / ping * ping
	}
	deadline := expiryBucket(heard, sess.Timeout)
	sess.State, sess.Deadline = SessionDisconnected, deadline
	zk.s.Emit(sim.Event{Kind: sim.Session, Subj: brokerHost(sess.Broker), ID: int(sess.ID), From: SessionConnected, To: SessionDisconnected,
		Item: strconv.FormatInt(int64(deadline/time.Microsecond), 10),
		Src:  "NIOServerCnxn.java NIOServerCnxn.close"}.Notef("last heard at %s; expires at %s", sim.FormatDuration(heard), sim.FormatDuration(deadline)))
	zk.tracker.Post(deadline, func() { zk.expire(sess) })
}

// expiryBucket is ExpiryQueue.update's bucket for a touch at t.
func expiryBucket(t, timeout time.Duration) time.Duration {
	return (t+timeout)/TickTime*TickTime + TickTime
}

// expire is SessionTrackerImpl expiring a session: its ephemeral znodes go
// and the watches on them fire.
func (zk *ZooKeeper) expire(sess *Session) {
	if sess.State == SessionExpired || sess.State == SessionClosed {
		return
	}
	from := sess.State
	sess.State = SessionExpired
	zk.s.Emit(sim.Event{Kind: sim.Session, Subj: brokerHost(sess.Broker), ID: int(sess.ID), From: from, To: SessionExpired,
		Src: srcSessionTrack}.Notef("no heartbeat for %s", sim.FormatDuration(sess.Timeout)))
	zk.deleteEphemerals(sess)
}

// closeSession is the client closing its session: its ephemeral znodes go.
func (zk *ZooKeeper) closeSession(sess *Session) {
	from := sess.State
	sess.State = SessionClosed
	zk.s.Emit(sim.Event{Kind: sim.Session, Subj: brokerHost(sess.Broker), ID: int(sess.ID), From: from, To: SessionClosed, Src: "ZooKeeper.java ZooKeeper.close"})
	zk.deleteEphemerals(sess)
}

func (zk *ZooKeeper) deleteEphemerals(sess *Session) {
	for _, p := range append([]string(nil), zk.paths...) {
		if n := zk.nodes[p]; n != nil && n.owner == sess.ID {
			zk.delete(p)
		}
	}
}

// zkClient is one broker incarnation's KafkaZkClient over its session.
type zkClient struct {
	zk      *ZooKeeper
	broker  int
	session *Session
	ctl     *controller.Controller // its event thread delivers the watches
	watches []watch
}

func (c *zkClient) eventThread() *sim.Worker { return c.ctl.WatcherThread() }

func (c *zkClient) touch() { c.session.lastOp = c.zk.s.Now() }

// register adds a handler for changes of path (persistent: the real
// ZooKeeperClient re-registers its one-shot watches on every read).
func (c *zkClient) register(path string, h func(what string)) {
	c.watches = append(c.watches, watch{path, h})
}

func (c *zkClient) unregister(path string) {
	kept := c.watches[:0]
	for _, w := range c.watches {
		if w.path != path {
			kept = append(kept, w)
		}
	}
	c.watches = kept
}

// UpdateLeaderAndIsr is the leader's conditional write of a partition state.
func (c *zkClient) UpdateLeaderAndIsr(tp replication.TP, leader, epoch int, isr []int, controllerEpoch, expected int) (int, bool) {
	c.touch()
	st := replication.LeaderAndIsr{Leader: leader, LeaderEpoch: epoch, ISR: isr, ControllerEpoch: controllerEpoch}
	v, ok := c.zk.set(statePath(tp), stateData(st), st, expected)
	return v, ok
}

// PropagateIsrChanges writes an isr_change_notification for the controller.
func (c *zkClient) PropagateIsrChanges(tps []replication.TP) {
	c.touch()
	parts := make([]string, len(tps))
	for i, tp := range tps {
		parts[i] = tp.String()
	}
	c.zk.createSequential(pathIsrChange, isrChangePrefix, strings.Join(parts, ","), append([]replication.TP(nil), tps...))
}

// producerIDBlock is a block of producer ids a broker claimed.
type producerIDBlock struct{ broker, start, end int }

// NewProducerIdBlock is ZkProducerIdManager.getNewProducerIdBlock: the
// block after the one /latest_producer_id_block holds (0 … 999 if none),
// written there (the conditional write cannot fail: one thread runs at a
// time).
func (c *zkClient) NewProducerIdBlock(broker int) (int, int) {
	c.touch()
	b := producerIDBlock{broker: broker, end: replication.ProducerIDBlockSize - 1}
	n := c.zk.get(pathProducerIDBlock)
	if n != nil {
		prev := n.value.(producerIDBlock)
		b.start, b.end = prev.end+1, prev.end+replication.ProducerIDBlockSize
	}
	data := "broker=" + strconv.Itoa(broker) + " block_start=" + strconv.Itoa(b.start) + " block_end=" + strconv.Itoa(b.end)
	if n == nil {
		c.zk.create(pathProducerIDBlock, data, b, 0)
	} else {
		c.zk.set(pathProducerIDBlock, data, b, n.version)
	}
	return b.start, b.end
}

func statePath(tp replication.TP) string {
	return pathTopics + "/" + tp.Topic + "/partitions/" + strconv.Itoa(tp.Partition) + "/state"
}

func stateData(st replication.LeaderAndIsr) string {
	return "leader=" + strconv.Itoa(st.Leader) + " epoch=" + strconv.Itoa(st.LeaderEpoch) + " isr=" + replication.IDs(st.ISR)
}

// readState reads a partition's state znode with its version.
func (zk *ZooKeeper) readState(tp replication.TP) (replication.LeaderAndIsr, bool) {
	n := zk.nodes[statePath(tp)]
	if n == nil {
		return replication.LeaderAndIsr{}, false
	}
	st := n.value.(replication.LeaderAndIsr)
	st.ZkVersion = n.version
	return st, true
}

func brokerHost(id int) string { return "broker-" + strconv.Itoa(id) }
