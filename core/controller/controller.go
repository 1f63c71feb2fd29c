package controller

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/surface"
)

// Errors for configurations and actions a scenario gets wrong.
var (
	ErrUnknownEvent = errors.New("unknown event")       // user-facing, as ErrUnknownPath
	ErrUnknownArg   = errors.New("unknown event field") // the same
	ErrConfig       = errors.New("controller: bad setting")
)

// Config sets up the controller of a scenario.
type Config struct {
	ID         int                      // this broker's id, the active controller (1)
	EventTime  time.Duration            // how long processing an event takes (10ms)
	EventTimes map[string]time.Duration // per event name; looked up, never iterated
	PutLock    bool                     // false removes the putLock from put and clearAndPut (the what-if)
	// PreemptTime is how long preempting one event takes clearAndPut's
	// caller (0): answering a waiting caller is work on that thread.
	PreemptTime time.Duration
	Reconnect   time.Duration // how long a new ZooKeeper session takes to set up (5ms)

	// Host, if set, prefixes every thread, queue, lock and latch name with
	// "Host/": a cluster runs one controller per broker ("broker-2"), and
	// their threads share upstream names. `use controller` leaves it "".
	Host string
	// Logic, if set, is what KafkaController.process does beyond the event
	// manager: read and write ZooKeeper, elect leaders, send requests to
	// brokers. The cluster sets it; without it (`use controller`)
	// processing an event is only time.
	Logic Logic
}

// Logic is KafkaController's work for each event it processes. Process
// runs on controller-event-thread inside QueuedEvent.process; work is the
// event's processing time (controller.eventTime), which the logic spends
// where the work happens (before or after the ZooKeeper writes it makes).
type Logic interface {
	Process(e Event, work time.Duration)
}

// name is an upstream thread, queue or lock name as this controller's
// trace shows it: prefixed with its host in a cluster.
func (c Config) name(n string) string {
	if c.Host == "" {
		return n
	}
	return c.Host + "/" + n
}

// DefaultConfig is the controller as Kafka 2.5 ships it, with processing
// times chosen for watching: real ones range from under a millisecond to
// seconds for a large cluster's BrokerChange.
func DefaultConfig() Config {
	return Config{ID: 1, EventTime: 10 * time.Millisecond, EventTimes: map[string]time.Duration{}, PutLock: true, Reconnect: 5 * time.Millisecond}
}

func (c Config) validate() error {
	if c.ID < 0 {
		return msg.Of(ErrConfig, "ct.id")
	}
	if c.EventTime < 0 || c.Reconnect < 0 {
		return msg.Of(ErrConfig, "ct.durations")
	}
	for _, e := range Events {
		if c.EventTimes[e.Name] < 0 {
			return msg.Of(ErrConfig, "ct.eventTime", e.Name)
		}
	}
	return nil
}

// Controller is KafkaController reduced to its event handling: it is the
// ControllerEventProcessor of an EventManager, and it owns the threads
// that put events into it.
type Controller struct {
	s   *sim.Sim
	cfg Config
	Mgr *EventManager

	ActiveControllerID int
	Callbacks          []string // "ControlledShutdown#3: ControllerMovedException", in order

	producers map[string]*sim.Worker // by thread name; looked up, never iterated
	watcher   string                 // the ZooKeeper client's current event thread
}

// New assembles the controller and starts its event thread, with an empty
// queue and nothing scheduled.
func New(s *sim.Sim, cfg Config) (*Controller, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	c := &Controller{s: s, cfg: cfg, ActiveControllerID: cfg.ID, producers: map[string]*sim.Worker{}, watcher: ZkWatcherThread}
	c.Mgr = newEventManager(s, c, cfg)
	c.Mgr.Start()
	return c, nil
}

// Process is KafkaController.process: the event's work, which is time
// unless a Logic does the real work.
func (c *Controller) Process(e Event) {
	d, ok := c.cfg.EventTimes[e.Type.Name]
	if !ok {
		d = c.cfg.EventTime
	}
	if c.cfg.Logic != nil {
		c.cfg.Logic.Process(e, d)
	} else {
		c.s.Sleepf(d, "process%s %s", e.Type.Name, sim.FormatDuration(d))
		switch e.Type.Name {
		case "Expire":
			c.ActiveControllerID = -1 // processExpire → onControllerResignation
		case "Startup", "RegisterBrokerAndReelect", "Reelect":
			c.ActiveControllerID = c.cfg.ID // elect(): this broker wins /controller
		}
	}
	if e.Callback != nil {
		e.Callback("NONE")
	}
}

// Preempt is KafkaController.preempt of Kafka 2.5: only the two events whose
// callers wait for an answer get one; every other event is dropped silently.
func (c *Controller) Preempt(e Event) {
	if e.Callback == nil {
		return
	}
	switch e.Type.Name {
	case "ControlledShutdown":
		e.Callback("ControllerMovedException")
	case "ReplicaLeaderElection":
		e.Callback("NOT_CONTROLLER")
	}
}

// producer returns the worker thread named name, starting it on first use.
func (c *Controller) producer(name string) *sim.Worker {
	w, ok := c.producers[name]
	if !ok {
		w = c.s.NewWorker(c.cfg.name(name), c.cfg.name(inboxOf(name)))
		c.producers[name] = w
	}
	return w
}

// Thread returns the thread with upstream name name that puts events into
// this controller (main-EventThread, a send thread, …), starting it on
// first use: a cluster delivers its ZooKeeper watches and broker responses
// on the same threads the scenario's put actions use.
func (c *Controller) Thread(name string) *sim.Worker { return c.producer(name) }

// WatcherThread is the thread that delivers this broker's ZooKeeper
// watches now: main-EventThread, or the event thread of the client a
// session expiry created.
func (c *Controller) WatcherThread() *sim.Worker { return c.producer(c.watcher) }

// Config is the configuration the controller runs with.
func (c *Controller) Config() Config { return c.cfg }

// inboxOf names the queue each producer thread waits on upstream between
// the things it does.
func inboxOf(thread string) string {
	switch {
	case thread == ZkWatcherThread || strings.HasSuffix(thread, "-EventThread"):
		return "ClientCnxn.waitingEvents" // the ZooKeeper client's event queue
	case thread == RequestHandler:
		return "RequestChannel.requestQueue"
	case thread == SchedulerThread || thread == SessionExpiryThread:
		return "KafkaScheduler.queue"
	case strings.HasSuffix(thread, "-send-thread"):
		return "RequestSendThread.queue"
	case thread == ConfigChangeThread:
		return "ZkNodeChangeNotificationListener.queue"
	}
	return "signals" // main, kafka-shutdown-hook: started by the JVM
}

// NewEvent builds an event from a name and k=v fields, checking both.
func NewEvent(name string, args []Arg) (Event, error) {
	t, ok := LookupEvent(name)
	if !ok {
		return Event{}, &msg.Error{Code: "event.unknown", Args: []any{name, msg.List(EventNames())}, Hint: surface.Nearest(name, EventNames()), Kind: ErrUnknownEvent}
	}
	for _, a := range args {
		if !slices.Contains(t.Args, a.Key) {
			if len(t.Args) == 0 {
				return Event{}, &msg.Error{Code: "event.nofields", Args: []any{a.Key, name}, Kind: ErrUnknownArg}
			}
			return Event{}, &msg.Error{Code: "event.field", Args: []any{a.Key, name, msg.List(t.Args)}, Hint: surface.Nearest(a.Key, t.Args), Kind: ErrUnknownArg}
		}
	}
	return Event{Type: t, Args: args}, nil
}

func (e Event) arg(key, def string) string {
	for _, a := range e.Args {
		if a.Key == key {
			return a.Value
		}
	}
	return def
}

// zkTriggered reports a ReplicaLeaderElection that the creation of
// /admin/preferred_replica_election put, rather than an admin's request.
func (e Event) zkTriggered() bool {
	return e.Type.Name == "ReplicaLeaderElection" && e.arg("partitions", "") == ""
}

// thread is the upstream thread that puts e.
func (c *Controller) thread(e Event) string {
	switch e.Type.Name {
	case "ReplicaLeaderElection":
		if e.zkTriggered() {
			return c.watcher
		}
		return RequestHandler
	case "LeaderAndIsrResponseReceived", "UpdateMetadataResponseReceived":
		b, _ := strconv.Atoi(e.arg("brokerId", "2"))
		return SendThread(c.cfg.ID, b)
	case "TopicDeletionStopReplicaResponseReceived":
		b, _ := strconv.Atoi(e.arg("replicaId", "2"))
		return SendThread(c.cfg.ID, b)
	}
	if e.Type.Producer == ZkWatcherThread {
		return c.watcher
	}
	return e.Type.Producer
}

// Put schedules "put EVENT" at virtual time at, on the thread that puts it upstream.
func (c *Controller) Put(at time.Duration, e Event, clear bool) {
	w := c.producer(c.thread(e))
	verb := "put "
	if clear {
		verb = "clearAndPut "
	}
	w.Post(at, func() {
		c.s.Emit(sim.Event{Kind: sim.Action, Note: verb + e.Label(), Src: e.Type.Src})
		// The caller's callback records what it got, on the thread that
		// answers. Nobody waits on a ZooKeeper-triggered election.
		var q *QueuedEvent
		if e.Type.Callback && !e.zkTriggered() {
			e.Callback = func(result string) {
				c.Callbacks = append(c.Callbacks, e.Type.Name+": "+result)
				c.s.Emit(sim.Event{Kind: sim.Callback, ID: q.ID, Item: e.Label(), Note: result})
			}
		}
		if clear {
			q = c.Mgr.ClearAndPut(e)
		} else {
			q = c.Mgr.Put(e)
		}
	})
}

// ExpireSession schedules a ZooKeeper session expiry at virtual time at: the
// client's session-expiry thread runs the controller's state-change handler,
// beforeInitializingSession (clearAndPut(Expire), then awaitProcessing),
// opens a new session, whose event thread takes over the watches, then
// afterInitializingSession (put(RegisterBrokerAndReelect)).
func (c *Controller) ExpireSession(at time.Duration) {
	w := c.producer(SessionExpiryThread)
	w.Post(at, func() {
		c.s.Emit(sim.Event{Kind: sim.Action, Note: "session expire", Src: "ZooKeeperClient.scala ZooKeeperClient.reinitialize"})
		expire, _ := NewEvent("Expire", nil)
		q := c.Mgr.ClearAndPut(expire)
		q.AwaitProcessing()
		c.s.Sleep(c.cfg.Reconnect, "new ZooKeeper session")
		// The old client's event thread ends; the new client's is named
		// after the thread that created it and delivers the watches from now on.
		// (A later expiry creates a client on the same thread again: the
		// new event thread has the old one's name and simply carries on.)
		if name := SessionExpiryThread + "-EventThread"; c.watcher != name {
			old, hadOld := c.producers[c.watcher]
			delete(c.producers, c.watcher)
			c.watcher = name
			if hadOld {
				old.HandOver(c.producer(name))
			}
		}
		reg, _ := NewEvent("RegisterBrokerAndReelect", nil)
		c.Mgr.Put(reg)
	})
}

// Shutdown schedules the broker's shutdown of the controller's event manager.
func (c *Controller) Shutdown(at time.Duration) {
	w := c.producer(ShutdownHookThread)
	w.Post(at, func() {
		c.s.Emit(sim.Event{Kind: sim.Action, Note: "controller shutdown", Src: srcClose})
		e, _ := NewEvent("ShutdownEventThread", nil)
		c.Mgr.Close(e)
	})
}
