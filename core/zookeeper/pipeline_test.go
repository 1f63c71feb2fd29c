package zookeeper

import (
	"slices"
	"testing"
	"time"

	"brokerlab/core/sim"
	"github.com/stretchr/testify/require"
)

// ZooKeeper 3.5.9 ZooKeeperServer.java L809-847, SyncRequestProcessor.java
// L143-161: a worker only reads a request and submits
// it; one PrepRequestProcessor thread and one SyncThread process every
// session's requests in turn. So a slow request on a delays b's, even on
// another selector thread with workers to spare, while b's requests are
// read at once: the reactor is free, the pipeline is not.
func TestSlowRequestDelaysEveryConnection(t *testing.T) {
	for _, workers := range []int{4, 1, 0} {
		r := startZK(t, cfgWith(func(c *Config) { c.NumSelectorThreads = 2; c.NumWorkerThreads = workers }), 2)
		r.connect(time.Millisecond, "a", DefaultIP, 1, 0)
		r.connect(2*time.Millisecond, "b", DefaultIP, 1, 0)
		r.send(10*time.Millisecond, "a", 1, 2*time.Second, "slow")
		r.send(11*time.Millisecond, "b", 2, -1, "")
		r.runFor(20 * time.Millisecond)
		require.Equal(t, "1", r.get("zookeeper.conn[b].selector"), "workers %d", workers)
		require.Equal(t, "b#1,b#2", r.get("zookeeper.conn[b].received"), "workers %d: read at once", workers)
		require.Equal(t, "", r.get("zookeeper.conn[b].responses"), "workers %d: answered only after slow", workers)
		require.Equal(t, "none", r.get("zookeeper.conn[a].worker"), "workers %d: no worker holds the slow request", workers)
		r.runIdle()
		var order []string
		for _, e := range r.of(sim.Send) {
			order = append(order, e.Item)
		}
		require.Equal(t, []string{"slow", "b#1", "b#2"}, order, "workers %d", workers)
		require.Empty(t, r.f.Violations)
	}
}

// ZooKeeper 3.5.9 NIOServerCnxn.java L312-376, L747-759: no per-connection mute in 3.5. One doIO reads one
// request, and the connection is read again on the next select/worker
// cycle while its earlier requests are still in the pipeline; the
// responses leave in request order.
func TestReadAheadWhileRequestsAreInFlight(t *testing.T) {
	r := startZK(t, cfgWith(func(c *Config) { c.NumWorkerThreads = 2 }), 1)
	r.connect(time.Millisecond, "c", DefaultIP, 1, 0)
	r.send(10*time.Millisecond, "c", 3, 100*time.Millisecond, "")
	r.runFor(11 * time.Millisecond)
	require.Equal(t, "c#1,c#2,c#3", r.get("zookeeper.conn[c].received"))
	require.Equal(t, "", r.get("zookeeper.conn[c].responses"))
	var readers []string
	for _, e := range r.of(sim.Recv) {
		readers = append(readers, e.Actor)
	}
	require.Len(t, readers, 3)
	for _, a := range readers {
		require.Contains(t, a, "NIOWorkerThread-")
	}
	r.runIdle()
	require.Equal(t, "c#1,c#2,c#3", r.get("zookeeper.conn[c].responses"))
	var at []int64
	for _, e := range r.of(sim.Send) {
		at = append(at, e.T)
	}
	require.True(t, slices.IsSorted(at))
	require.GreaterOrEqual(t, at[2], int64(310_000), "one SyncThread: 100 ms each, in turn")
	require.Empty(t, r.f.Violations)
}

// ZooKeeper 3.5.9 ZooKeeperServer.java L1099-1169, FinalRequestProcessor.java
// L97-208: one request touches, in order, the
// worker that reads and submits it, ProcessThread, SyncThread (its cost,
// then FinalRequestProcessor queues the reply) and a worker that writes it.
func TestRequestGoesThroughTheChain(t *testing.T) {
	r := startZK(t, cfgWith(func(c *Config) { c.NumWorkerThreads = 2 }), 1)
	r.connect(time.Millisecond, "c", DefaultIP, 1, 0)
	r.send(10*time.Millisecond, "c", 1, 5*time.Millisecond, "w")
	r.runIdle()
	var steps []string
	for _, e := range r.s.Trace() {
		switch {
		case e.Kind == sim.Recv || e.Kind == sim.Send:
			steps = append(steps, string(e.Kind)+"@"+e.Actor)
		case (e.Kind == sim.QueuePut || e.Kind == sim.QueueTake) && e.Item == "w":
			steps = append(steps, string(e.Kind)+" "+e.Subj+"@"+e.Actor)
		case e.Kind == sim.Sleep && e.Note == "process w 5ms":
			steps = append(steps, "sleep@"+e.Actor)
		}
	}
	require.Equal(t, []string{
		"recv@NIOWorkerThread-1",
		"queue.put " + submittedQueue + "@NIOWorkerThread-1",
		"queue.take " + submittedQueue + "@" + ProcessThread,
		"queue.put " + queuedQueue + "@" + ProcessThread,
		"queue.take " + queuedQueue + "@" + SyncThread,
		"sleep@" + SyncThread,
		"send@NIOWorkerThread-2",
	}, steps)
	require.Equal(t, "0", r.get("zookeeper.inProcess"))
	require.Equal(t, "1", r.get("zookeeper.inProcess.max"))
}

// ZooKeeper 3.5.9 NIOServerCnxn.java L384-398, L688-700: incrOutstandingRequests throttles the
// connection (disableRecv) when the server-wide in-process count exceeds
// globalOutstandingLimit; sendResponse resumes it when it has nothing
// outstanding or the server is under the limit again.
func TestGlobalOutstandingLimitThrottlesReads(t *testing.T) {
	r := startZK(t, cfgWith(func(c *Config) { c.NumWorkerThreads = 2; c.GlobalOutstandingLimit = 2 }), 1)
	r.connect(time.Millisecond, "c", DefaultIP, 1, 0)
	r.connect(2*time.Millisecond, "d", DefaultIP, 1, 0)
	r.send(10*time.Millisecond, "c", 5, 10*time.Millisecond, "")
	r.runFor(11 * time.Millisecond)
	require.Equal(t, "c#1,c#2,c#3", r.get("zookeeper.conn[c].received"), "the third makes 3 in process > 2")
	require.Equal(t, "true", r.get("zookeeper.conn[c].throttled"))
	require.Equal(t, "3", r.get("zookeeper.conn[c].outstanding"))
	// The throttle is server-wide: d's first request is read (its key still
	// has OP_READ), and then d is throttled too.
	r.send(12*time.Millisecond, "d", 2, 10*time.Millisecond, "")
	r.runFor(2 * time.Millisecond)
	require.Equal(t, "d#1", r.get("zookeeper.conn[d].received"))
	require.Equal(t, "true", r.get("zookeeper.conn[d].throttled"))
	require.Equal(t, "4", r.get("zookeeper.inProcess"))
	// c#1 answered at 20 ms: 3 in process, c still has 2 outstanding: still throttled.
	r.runFor(7 * time.Millisecond)
	require.Equal(t, "c#1", r.get("zookeeper.conn[c].responses"))
	require.Equal(t, "true", r.get("zookeeper.conn[c].throttled"))
	r.runIdle()
	require.Equal(t, "c#1,c#2,c#3,c#4,c#5", r.get("zookeeper.conn[c].responses"))
	require.Equal(t, "d#1,d#2", r.get("zookeeper.conn[d].responses"))
	require.Equal(t, "false", r.get("zookeeper.conn[c].throttled"))
	require.Equal(t, "4", r.get("zookeeper.inProcess.max"), "limit + one per connection")
	require.Empty(t, r.f.Violations)
}

// With the default limit of 1000 nothing is throttled: 300 requests on one
// connection are all read before the first is answered.
func TestDefaultLimitReadsAhead(t *testing.T) {
	r := startZK(t, DefaultConfig(), 1)
	r.connect(time.Millisecond, "c", DefaultIP, 1, 0)
	r.send(10*time.Millisecond, "c", 300, time.Millisecond, "")
	r.runFor(10*time.Millisecond + time.Millisecond/2)
	require.Equal(t, "1000", r.get("zookeeper.globalOutstandingLimit"))
	require.Equal(t, "300", r.get("zookeeper.conn[c].outstanding"))
	r.runIdle()
	require.Equal(t, "300", r.get("zookeeper.inProcess.max"))
	require.Empty(t, r.f.Violations)
}
