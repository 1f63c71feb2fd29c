package zookeeper

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

type zkRun struct {
	t *testing.T
	s *sim.Sim
	f *Factory
}

func startZK(t *testing.T, cfg Config, seed int64) *zkRun {
	t.Helper()
	s := sim.New(seed, true)
	t.Cleanup(s.Close)
	f, err := New(s, cfg)
	require.NoError(t, err)
	return &zkRun{t, s, f}
}

func (r *zkRun) runFor(d time.Duration) {
	r.t.Helper()
	end := r.s.Now() + d
	require.NoError(r.t, r.s.Run(end, false, nil))
	r.s.AdvanceTo(end)
}

func (r *zkRun) runIdle() {
	r.t.Helper()
	require.NoError(r.t, r.s.Run(r.s.Now()+time.Hour, true, nil))
}

func (r *zkRun) runUntil(cond func() bool) {
	r.t.Helper()
	require.NoError(r.t, r.s.Run(r.s.Now()+time.Hour, false, cond))
	require.True(r.t, cond(), "condition not reached")
}

func (r *zkRun) get(path string) string {
	r.t.Helper()
	v, err := r.f.Get(path)
	require.NoError(r.t, err)
	return v
}

func (r *zkRun) connect(at time.Duration, name, ip string, count int, every time.Duration) {
	r.t.Helper()
	require.NoError(r.t, r.f.Connect(at, Connect{Name: name, IP: ip, Count: count, Every: every}))
}

func (r *zkRun) send(at time.Duration, name string, n int, cost time.Duration, id string) {
	r.t.Helper()
	require.NoError(r.t, r.f.Send(at, Send{Name: name, N: n, Cost: cost, ID: id}))
}

func (r *zkRun) of(kind sim.Kind) []sim.Event {
	var out []sim.Event
	for _, e := range r.s.Trace() {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

func cfgWith(mod func(*Config)) Config {
	c := DefaultConfig()
	mod(&c)
	return c
}

// ZooKeeper 3.5.9 NIOServerCnxnFactory.configure: numSelectorThreads = max((int) sqrt(numCores/2.0), 1),
// numWorkerThreads = 2 × numCores; 32 cores → 4 selectors, 64 workers.
func TestThreadCountsFromCores(t *testing.T) {
	tests := []struct {
		cores, selectors, workers int
	}{
		{1, 1, 2},
		{2, 1, 4},
		{8, 2, 16},
		{32, 4, 64},
		{64, 5, 128},
	}
	for _, tt := range tests {
		cfg := cfgWith(func(c *Config) { c.Cores = tt.cores })
		require.Equal(t, tt.selectors, cfg.SelectorThreads(), "cores %d", tt.cores)
		require.Equal(t, tt.workers, cfg.WorkerThreads(), "cores %d", tt.cores)
		r := startZK(t, cfg, 1)
		r.runFor(time.Millisecond) // not idle: the expirer is a background thread
		require.Equal(t, strconv.Itoa(tt.selectors), r.get("zookeeper.selectorThreads"))
		require.Equal(t, strconv.Itoa(tt.workers), r.get("zookeeper.workerThreads"))
		require.Equal(t, strconv.Itoa(1+tt.selectors+tt.workers+1+2), r.get("zookeeper.threadCount"), "1 accept, the selectors, the workers, 1 expirer, SyncThread and ProcessThread")
		started := 0
		for _, e := range r.of(sim.ThreadStart) {
			if e.Actor != ClientsThread {
				started++
			}
		}
		require.Equal(t, 1+tt.selectors+tt.workers+1+2, started)
	}
}

// ZooKeeper 3.5.9 NIOServerCnxnFactory.configure: numSelectorThreads < 1 is an error; 0 workers is allowed.
func TestConfigValidate(t *testing.T) {
	tests := []struct {
		name string
		mod  func(*Config)
		want string // the error's code, "" if valid
	}{
		{"defaults", func(*Config) {}, ""},
		{"zero selectors", func(c *Config) { c.NumSelectorThreads = 0 }, "zk.selectors"},
		{"negative selectors", func(c *Config) { c.NumSelectorThreads = -5 }, "zk.selectors"},
		{"zero workers", func(c *Config) { c.NumWorkerThreads = 0 }, ""},
		{"negative workers", func(c *Config) { c.NumWorkerThreads = -2 }, "zk.workers"},
		{"zero cores", func(c *Config) { c.Cores = 0 }, "zk.cores"},
		{"limit off", func(c *Config) { c.MaxClientCnxns = 0 }, ""},
		{"negative limit", func(c *Config) { c.MaxClientCnxns = -1 }, "zk.maxClientCnxns"},
		{"sub-millisecond timeout", func(c *Config) { c.SessionlessCnxnTimeout = 1500 * time.Microsecond }, "zk.sessionless"},
		{"negative request time", func(c *Config) { c.RequestTime = -time.Millisecond }, "zk.requestTime"},
		{"too many workers", func(c *Config) { c.NumWorkerThreads = MaxWorkerThreads + 1 }, "zk.workers.max"},
	}
	for _, tt := range tests {
		err := cfgWith(tt.mod).validate()
		if tt.want == "" {
			require.NoError(t, err, tt.name)
			continue
		}
		var e *msg.Error
		require.ErrorIs(t, err, ErrConfig, tt.name)
		require.ErrorAs(t, err, &e, tt.name)
		require.Equal(t, tt.want, e.Code, tt.name)
	}
}

// ZooKeeper 3.5.9 NIOServerCnxnFactory.java, WorkerService.java L71, L183-188: thread names; every thread starts at system start, in order
// (the client machines, then accept, selectors, workers, expirer, then
// the chain: SyncThread is started before ProcessThread), whatever the seed.
func TestThreadNamesAndStartOrder(t *testing.T) {
	want := []string{"clients", "NIOServerCxnFactory.AcceptThread:0.0.0.0/0.0.0.0:2181",
		"NIOServerCxnFactory.SelectorThread-0", "NIOServerCxnFactory.SelectorThread-1",
		"NIOWorkerThread-1", "NIOWorkerThread-2", "NIOWorkerThread-3", "ConnnectionExpirer",
		"SyncThread:0", "ProcessThread(sid:0 cport:2181):"}
	for seed := int64(1); seed <= 5; seed++ {
		r := startZK(t, cfgWith(func(c *Config) { c.NumWorkerThreads = 3 }), seed)
		r.connect(0, "c", DefaultIP, 4, 0) // work at time 0 must not reorder the starts
		r.send(0, "c", 2, -1, "")
		r.runFor(time.Second)
		var got []string
		for _, e := range r.of(sim.ThreadStart) {
			got = append(got, e.Actor)
		}
		require.Equal(t, want, got, "seed %d", seed)
		require.Equal(t, strings.Join(want[1:], ","), r.get("zookeeper.threads"))
	}
}

// ZooKeeper 3.5.9 NIOServerCnxnFactory.java L282-312: accepted sockets go round-robin over the selector threads
// (the iterator restarts when exhausted); a refused one takes no turn;
// the assignment is permanent.
func TestRoundRobinAssignment(t *testing.T) {
	r := startZK(t, cfgWith(func(c *Config) { c.NumSelectorThreads = 3; c.MaxClientCnxns = 2; c.NumWorkerThreads = 2 }), 3)
	ms := time.Millisecond
	r.connect(1*ms, "a", "10.0.0.1", 3, ms) // a-3 is refused: 2 already from 10.0.0.1
	r.connect(10*ms, "b", "10.0.0.2", 2, ms)
	r.connect(20*ms, "c", "10.0.0.3", 2, ms)
	r.runIdle()
	tests := []struct {
		conn, selector, state string
	}{
		{"a-1", "0", "open"}, {"a-2", "1", "open"}, {"a-3", "-1", "closed"},
		{"b-1", "2", "open"}, {"b-2", "0", "open"}, {"c-1", "1", "open"}, {"c-2", "2", "open"},
	}
	for _, tt := range tests {
		require.Equal(t, tt.selector, r.get("zookeeper.conn["+tt.conn+"].selector"), tt.conn)
		require.Equal(t, tt.state, r.get("zookeeper.conn["+tt.conn+"].state"), tt.conn)
	}
	for i, want := range []string{"2", "2", "2"} {
		require.Equal(t, want, r.get(fmt.Sprintf("zookeeper.selector[%d].connections", i)))
	}
	// Traffic does not move a connection: only its selector thread touches its key.
	for _, c := range []string{"a", "b", "c"} {
		r.send(r.s.Now()+ms, c, 3, -1, "")
	}
	r.runIdle()
	for _, tt := range tests {
		require.Equal(t, tt.selector, r.get("zookeeper.conn["+tt.conn+"].selector"), tt.conn)
	}
	for _, e := range r.s.Trace() {
		if e.Kind == sim.ConnRegister || e.Kind == sim.ConnInterest {
			c := r.f.Conn(e.Subj)
			require.Equal(t, SelectorThread(c.Selector), e.Actor, "event %d", e.Seq)
		}
	}
}

// ZooKeeper 3.5.9 NIOServerCnxnFactory.java L291-293: if maxClientCnxns > 0 and the IP's count ≥ maxClientCnxns, the
// socket is refused with "Too many connections from <ip> - max is <n>"; 0 disables.
func TestMaxClientCnxns(t *testing.T) {
	tests := []struct {
		name            string
		max, count      int
		open, refused   int
		lastState, last string
	}{
		{"61st refused", 60, 61, 60, 1, "closed", "Too many connections from /10.0.0.9 - max is 60"},
		{"60 fit", 60, 60, 60, 0, "open", ""},
		{"0 disables", 0, 61, 61, 0, "open", ""},
		{"max 1", 1, 3, 1, 2, "closed", "Too many connections from /10.0.0.9 - max is 1"},
	}
	for _, tt := range tests {
		r := startZK(t, cfgWith(func(c *Config) { c.MaxClientCnxns = tt.max; c.NumWorkerThreads = 2 }), 1)
		r.connect(time.Millisecond, "flood", "10.0.0.9", tt.count, time.Millisecond)
		r.connect(time.Second, "other", "10.0.0.10", 1, 0)
		r.runIdle()
		require.Equal(t, strconv.Itoa(tt.open), r.get("zookeeper.ip[10.0.0.9].connections"), tt.name)
		require.Equal(t, strconv.Itoa(tt.refused), r.get("zookeeper.refused"), tt.name)
		last := fmt.Sprintf("zookeeper.conn[flood-%d]", tt.count)
		require.Equal(t, tt.lastState, r.get(last+".state"), tt.name)
		require.Equal(t, tt.last, r.get(last+".closeReason"), tt.name)
		require.Equal(t, "open", r.get("zookeeper.conn[other].state"), "%s: another IP is not limited", tt.name)
		require.Equal(t, strconv.Itoa(tt.open+1), r.get("zookeeper.connections"), tt.name)
		refuse := r.of(sim.ConnRefuse)
		require.Len(t, refuse, tt.refused, tt.name)
		for _, e := range refuse {
			require.Equal(t, AcceptThread, e.Actor)
			require.Equal(t, e.Note, e.Words.String())
			require.Contains(t, e.Words.Words("zh"), "来自 /10.0.0.9 的连接过多")
		}
	}
}

// A closed connection no longer counts: the IP may connect again.
func TestMaxClientCnxnsCountsOpenConnections(t *testing.T) {
	r := startZK(t, cfgWith(func(c *Config) { c.MaxClientCnxns = 2; c.NumWorkerThreads = 1 }), 1)
	ms := time.Millisecond
	r.connect(ms, "a", "10.0.0.1", 1, 0)
	r.connect(2*ms, "b", "10.0.0.1", 1, 0)
	require.NoError(t, r.f.Close(5*ms, "a"))
	r.connect(50*ms, "c", "10.0.0.1", 1, 0)
	r.runIdle()
	require.Equal(t, "closed", r.get("zookeeper.conn[a].state"))
	require.Equal(t, ReasonReadFailed, r.get("zookeeper.conn[a].closeReason"))
	require.Equal(t, "open", r.get("zookeeper.conn[c].state"))
	require.Equal(t, "0", r.get("zookeeper.refused"))
}

// ZooKeeper 3.5.9 NIOServerCnxnFactory.addCnxn: the per-IP count is of the connections the selector threads
// have registered (addCnxn), so connections arriving all at once race past it.
func TestBurstRacesThePerIPCount(t *testing.T) {
	r := startZK(t, cfgWith(func(c *Config) { c.NumWorkerThreads = 2 }), 1)
	r.connect(time.Millisecond, "flood", "10.0.0.9", 61, 0)
	r.runIdle()
	require.Equal(t, "61", r.get("zookeeper.ip[10.0.0.9].connections"))
	require.Equal(t, "0", r.get("zookeeper.refused"))
}

// ZooKeeper 3.5.9 NIOServerCnxnFactory.java L512-558, L564-585: every I/O touches, so only idle connections expire; the
// expirer closes a whole bucket when it comes up, silently (3.5.9 logs no reason; the model says "expired").
func TestIdleConnectionExpiresBusyDoesNot(t *testing.T) {
	r := startZK(t, cfgWith(func(c *Config) { c.NumWorkerThreads = 2 }), 1)
	ms := time.Millisecond
	r.connect(5*ms, "idle", DefaultIP, 1, 0)
	r.connect(6*ms, "early", DefaultIP, 1, 0)
	r.connect(7*ms, "busy", DefaultIP, 1, 0)
	r.send(9500*ms, "early", 1, -1, "") // last touched before 10 s: still bucket 20000
	r.send(10500*ms, "busy", 1, -1, "") // touched after 10 s: bucket 30000
	r.runFor(11 * time.Second)
	tests := []struct{ conn, expiresAt string }{{"idle", "20000"}, {"early", "20000"}, {"busy", "30000"}}
	for _, tt := range tests {
		require.Equal(t, tt.expiresAt, r.get("zookeeper.conn["+tt.conn+"].expiresAt"), tt.conn)
	}
	r.runUntil(func() bool { return r.f.Conn("idle").State == StateClosed }) // connected by now
	require.Equal(t, "20000", r.get("zookeeper.conn[idle].closedAt"))
	require.Equal(t, ReasonExpired, r.get("zookeeper.conn[idle].closeReason"))
	require.Equal(t, "closed", r.get("zookeeper.conn[early].state"))
	require.Equal(t, "open", r.get("zookeeper.conn[busy].state"))
	require.Equal(t, "1", r.get("zookeeper.connections"))
	r.runUntil(func() bool { return r.f.Conn("busy").State == StateClosed })
	require.Equal(t, "30000", r.get("zookeeper.conn[busy].closedAt"))
	for _, e := range r.of(sim.ConnClose) {
		require.Equal(t, ExpirerThread, e.Actor)
	}
	// Every touch is traced with the bucket the connection is now in.
	var buckets []string
	for _, e := range r.of(sim.ConnTouch) {
		if e.Subj == "busy" {
			buckets = append(buckets, e.Note)
		}
	}
	require.Equal(t, []string{"bucket 20000ms", "bucket 30000ms", "bucket 30000ms", "bucket 30000ms", "bucket 30000ms"}, buckets,
		"register, then handleIO and the worker for the read and again for the write")
}

// ZooKeeper 3.5.9 NIOServerCnxnFactory.java L424-449, NIOServerCnxn.java
// L747-759: handleIO sets interest ops to 0 while a worker owns
// the connection; the worker queues it on updateQueue and the selector
// restores OP_READ at once (no mute: slow is still in the pipeline), so
// next is read when it arrives. When FinalRequestProcessor, on SyncThread,
// queues a reply on the selectable connection, it asks for an interest
// update (requestInterestOpsUpdate) and the selector adds OP_WRITE.
func TestInterestOpsWhileAWorkerOwnsTheConnection(t *testing.T) {
	r := startZK(t, cfgWith(func(c *Config) { c.NumWorkerThreads = 2 }), 1)
	r.connect(time.Millisecond, "c", DefaultIP, 1, 0)
	r.send(10*time.Millisecond, "c", 1, 50*time.Millisecond, "slow")
	r.send(20*time.Millisecond, "c", 1, -1, "next")
	r.runFor(25 * time.Millisecond)
	require.Equal(t, "slow,next", r.get("zookeeper.conn[c].received"), "read while slow is in flight")
	require.Equal(t, "OP_READ", r.get("zookeeper.conn[c].interestOps"))
	require.Equal(t, "none", r.get("zookeeper.conn[c].worker"))
	r.runIdle()
	require.Equal(t, "OP_READ", r.get("zookeeper.conn[c].interestOps"))
	require.Equal(t, "slow,next", r.get("zookeeper.conn[c].responses"))
	var got []string
	for _, e := range r.of(sim.ConnInterest) {
		got = append(got, e.From+">"+e.To+"@"+e.Actor)
	}
	sel := SelectorThread(0)
	require.Equal(t, []string{
		">OP_READ@" + sel,                 // registered
		"OP_READ>0@" + sel,                // handleIO: read slow
		"0>OP_READ@" + sel,                // updateQueue: slow is in the pipeline, nothing to write
		"OP_READ>0@" + sel,                // handleIO: read next
		"0>OP_READ@" + sel,                // updateQueue
		"OP_READ>OP_READ|OP_WRITE@" + sel, // SyncThread queued slow's reply
		"OP_READ|OP_WRITE>0@" + sel,       // handleIO: write slow
		"0>OP_READ@" + sel,
		"OP_READ>OP_READ|OP_WRITE@" + sel, // next's reply
		"OP_READ|OP_WRITE>0@" + sel,
		"0>OP_READ@" + sel,
	}, got)
	var updaters []string
	for _, e := range r.of(sim.QueuePut) {
		if e.Subj == "SelectorThread-0"+updateQueue {
			updaters = append(updaters, e.Actor)
		}
	}
	require.Equal(t, []string{"NIOWorkerThread-1", "NIOWorkerThread-2", SyncThread, "NIOWorkerThread-1", SyncThread, "NIOWorkerThread-2"}, updaters)
}

// Client close: the server reads the unread requests first, then end of
// stream, on three select/worker cycles at once: it closes the connection
// while both requests are still in the pipeline, so their replies have
// nowhere to go (FinalRequestProcessor's sendResponse on a closed cnxn).
func TestClientClose(t *testing.T) {
	r := startZK(t, cfgWith(func(c *Config) { c.NumWorkerThreads = 2 }), 1)
	r.connect(time.Millisecond, "c", DefaultIP, 1, 0)
	r.send(10*time.Millisecond, "c", 2, -1, "")
	require.NoError(t, r.f.Close(10*time.Millisecond, "c"))
	r.send(20*time.Millisecond, "c", 1, -1, "") // the socket is closed: ignored
	r.runIdle()
	require.Equal(t, "c#1,c#2", r.get("zookeeper.conn[c].received"))
	require.Equal(t, "", r.get("zookeeper.conn[c].responses"))
	require.Equal(t, "0", r.get("zookeeper.inProcess"), "Final still ran for both")
	require.Equal(t, "closed", r.get("zookeeper.conn[c].state"))
	require.Equal(t, ReasonReadFailed, r.get("zookeeper.conn[c].closeReason"))
	require.Equal(t, "0", r.get("zookeeper.connections"))
	require.Equal(t, "0", r.get("zookeeper.ip[10.0.0.1].connections"))
	acts := r.of(sim.Action)
	require.Equal(t, "send c: refused, no open connection c", acts[len(acts)-1].Note)
	require.Equal(t, "send c：被拒绝，没有名为 c 的打开的连接", acts[len(acts)-1].Words.Words("zh"), "the refusal is data")
	closes := r.of(sim.ConnClose)
	require.Equal(t, "无法从客户端（sessionid 0x0）读取更多数据，客户端可能已关闭套接字", closes[len(closes)-1].Words.Words("zh"))
}

// ZooKeeper 3.5.9 WorkerService.java L111-137: with 0 worker threads the selector threads do the I/O directly.
func TestZeroWorkers(t *testing.T) {
	r := startZK(t, cfgWith(func(c *Config) { c.NumWorkerThreads = 0 }), 1)
	r.connect(time.Millisecond, "c", DefaultIP, 4, 0)
	r.send(10*time.Millisecond, "c", 3, -1, "")
	r.runIdle()
	for _, e := range r.s.Trace() {
		require.NotContains(t, e.Actor, "NIOWorker")
		require.NotEqual(t, workerQueue, e.Subj)
		if e.Kind == sim.Recv || e.Kind == sim.Send {
			require.Equal(t, SelectorThread(r.f.Conn(e.Subj).Selector), e.Actor)
		}
	}
	require.Equal(t, "c-1#1,c-1#2,c-1#3", r.get("zookeeper.conn[c-1].responses"))
	require.Len(t, r.of(sim.Send), 12)
	require.Equal(t, "0", r.get("zookeeper.workerThreads"))
}

// The invariants hold under load: many clients, many requests, several
// workers, several seeds. Besides the factory's own checks, the trace
// shows at most one IOWorkRequest of a connection in flight at a time,
// and each connection's responses leave in the order its requests were sent.
func TestOrderingUnderLoad(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 16} {
		for seed := int64(1); seed <= 4; seed++ {
			cfg := cfgWith(func(c *Config) { c.NumSelectorThreads = 3; c.NumWorkerThreads = workers; c.MaxClientCnxns = 0 })
			r := startZK(t, cfg, seed)
			gen := rand.New(rand.NewPCG(uint64(seed), uint64(workers)))
			r.connect(0, "c", DefaultIP, 30, 100*time.Microsecond)
			at := 5 * time.Millisecond
			for range 200 {
				at += time.Duration(gen.IntN(400)) * time.Microsecond
				name := "c-" + strconv.Itoa(1+gen.IntN(30))
				r.send(at, name, 1+gen.IntN(4), time.Duration(gen.IntN(3000))*time.Microsecond, "")
			}
			r.runIdle()
			require.Empty(t, r.f.Violations, "workers %d seed %d", workers, seed)

			inFlight := map[string]bool{}
			sent := map[string][]string{}
			answered := map[string][]string{}
			for _, e := range r.s.Trace() {
				switch {
				case e.Kind == sim.QueuePut && e.Subj == workerQueue:
					require.False(t, inFlight[e.Item], "workers %d seed %d: second IOWorkRequest of %s at event %d", workers, seed, e.Item, e.Seq)
					inFlight[e.Item] = true
				case e.Kind == sim.QueuePut && strings.HasSuffix(e.Subj, updateQueue):
					inFlight[e.Item] = false
				case e.Kind == sim.ClientSend:
					sent[e.Subj] = append(sent[e.Subj], e.Item)
				case e.Kind == sim.Send:
					answered[e.Subj] = append(answered[e.Subj], e.Item)
				}
			}
			total := 0
			for i := 1; i <= 30; i++ {
				c := "c-" + strconv.Itoa(i)
				require.Equal(t, sent[c], answered[c], "workers %d seed %d conn %s", workers, seed, c)
				require.Equal(t, strings.Join(sent[c], ","), r.get("zookeeper.conn["+c+"].responses"))
				total += len(answered[c])
			}
			require.Greater(t, total, 400)
		}
	}
}

// The invariant checks themselves fire: a second owner, a response out of order.
func TestInvariantChecksFire(t *testing.T) {
	r := startZK(t, cfgWith(func(c *Config) { c.NumWorkerThreads = 1 }), 1)
	r.connect(time.Millisecond, "c", DefaultIP, 1, 0)
	r.runIdle()
	c := r.f.Conn("c")
	r.s.Go("probe", func() {
		c.owner = "NIOWorkerThread-7" // as if another worker were doing its I/O
		c.out = append(c.out, &Request{ID: 90, Label: "c#1", Seq: 1})
		c.sent = 1
		r.f.doWork(&ioWork{tok: 91, c: c, ops: OpWrite, sel: c.sel})
		c.out = append(c.out, &Request{ID: 92, Label: "c#3", Seq: 3})
		r.f.handleWrite(c)
	})
	r.runIdle()
	require.Equal(t, []string{
		"probe would own c while NIOWorkerThread-7 does",
		"the response to c#3 leaves c out of order", // c#1 went first, then c#3 without c#2
	}, r.f.Violations)
	require.Len(t, r.of(sim.Invariant), 2)
	require.Equal(t, "2", r.get("invariant.violations"))
}

// Same seed, same trace; the selector's shuffle draws from the run's seed.
func TestDeterministic(t *testing.T) {
	trace := func(seed int64) []sim.Event {
		r := startZK(t, cfgWith(func(c *Config) { c.NumSelectorThreads = 1; c.NumWorkerThreads = 4 }), seed)
		r.connect(0, "c", DefaultIP, 8, 0)
		r.send(10*time.Millisecond, "c", 2, -1, "")
		r.runIdle()
		return r.s.Trace()
	}
	require.Equal(t, trace(7), trace(7))
	differs := false
	for seed := int64(1); seed <= 10 && !differs; seed++ {
		differs = !slices.Equal(trace(seed), trace(seed+1))
	}
	require.True(t, differs, "the seed decides the order of ready keys")
}

// Actions refuse bad input with the reason.
func TestActionErrors(t *testing.T) {
	r := startZK(t, DefaultConfig(), 1)
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"bad name", r.f.Connect(0, Connect{Name: "a b", IP: DefaultIP, Count: 1}), "a name is letters"},
		{"bad ip", r.f.Connect(0, Connect{Name: "a", IP: "10.0.0", Count: 1}), "not an IP address"},
		{"zero count", r.f.Connect(0, Connect{Name: "a", IP: DefaultIP, Count: 0}), "count must be from 1"},
		{"burst too long", r.f.Connect(0, Connect{Name: "a", IP: DefaultIP, Count: 3, Every: MaxBurstSpan}), "a burst may span at most"},
		{"zero n", r.f.Send(0, Send{Name: "a", N: 0}), "n must be from 1"},
		{"bad id", r.f.Send(0, Send{Name: "a", N: 1, ID: "#x"}), "a name is letters"},
		{"bad close", r.f.Close(0, ""), "empty name"},
	}
	for _, tt := range tests {
		require.ErrorIs(t, tt.err, ErrAction, tt.name)
		require.ErrorContains(t, tt.err, tt.want, tt.name)
	}
}

// A name in use is not connected twice; once closed it can be reused, and a
// burst's prefix addresses every member.
func TestNamesAndBursts(t *testing.T) {
	r := startZK(t, cfgWith(func(c *Config) { c.NumWorkerThreads = 2 }), 1)
	ms := time.Millisecond
	r.connect(ms, "a", DefaultIP, 1, 0)
	r.connect(2*ms, "a", DefaultIP, 1, 0)
	r.connect(3*ms, "g", "10.0.0.2", 3, ms)
	r.send(20*ms, "g", 2, -1, "q")
	require.NoError(t, r.f.Close(30*ms, "a"))
	r.connect(40*ms, "a", DefaultIP, 1, 0)
	r.runIdle()
	acts := r.of(sim.Action)
	require.Equal(t, "connect a ip=10.0.0.1: refused, the name a is in use", acts[1].Note)
	for i := 1; i <= 3; i++ {
		require.Equal(t, "q#1,q#2", r.get(fmt.Sprintf("zookeeper.conn[g-%d].responses", i)))
	}
	require.Equal(t, "open", r.get("zookeeper.conn[a].state"), "reconnected")
	require.Equal(t, "4", r.get("zookeeper.connections"))
	require.Equal(t, "none", r.get("zookeeper.conn[nobody].state"))
	require.Equal(t, "-1", r.get("zookeeper.conn[nobody].selector"))
}

// Every documented path answers, and malformed ones are refused.
func TestPaths(t *testing.T) {
	r := startZK(t, DefaultConfig(), 1)
	r.connect(time.Millisecond, "c", DefaultIP, 1, 0)
	r.runIdle()
	for _, p := range Paths {
		p = strings.NewReplacer("[C]", "[c]", "[A]", "[10.0.0.1]", "[I]", "[1]").Replace(p)
		require.NoError(t, CheckPath(p), p)
		_, err := r.f.Get(p)
		require.NoError(t, err, p)
	}
	for _, p := range []string{"zookeeper.nope", "zookeeper.conn[c].nope", "zookeeper.conn[a b].state", "zookeeper.ip[10.0.0].connections",
		"zookeeper.selector[x].connections", "zookeeper.conn[c.state", "zookeeper.conn[].state", "zookeeper.ip[10.0.0.1].refused"} {
		require.ErrorIs(t, CheckPath(p), ErrUnknownPath, p)
	}
	_, err := r.f.Get("zookeeper.selector[2].connections")
	require.ErrorContains(t, err, "there are 2 selector threads, 0 to 1")
}
