package listener

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/group"
	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// System is the listener system of a scenario: the group coordinator and
// the partitions' logs of group.System, one listener container of the
// application, and the ledger of what happened to every record. The
// scenario's actions run on the application's main thread; acks from
// another thread run on pool-1-thread-1.
type System struct {
	s         *sim.Sim
	cfg       Config
	y         *group.System
	container *Container
	pool      *sim.Worker

	executors int // SimpleAsyncTaskExecutor threads started
	clientSeq int // KafkaConsumer's CONSUMER_CLIENT_ID_SEQUENCE, JVM-wide

	recs       map[group.TopicPartition][]recState // by offset; lookups only
	plans      map[group.Record]*failPlan          // lookups only
	duplicates int
	processed  int
	recovered  int
}

// recState is what happened to one record.
type recState struct {
	deliveries   int
	completions  int  // the listener returned normally
	wasRecovered bool // the error handler's recoverer took it
	inFlight     *ListenerConsumer
	last         *delivery
}

// failPlan is "fail P@OFFSET times=N|always error=E": the listener throws
// E on the next N deliveries of the record (-1: on every one).
type failPlan struct {
	times     int
	exception string
}

// New assembles the system: the coordinator's threads start, idle; the
// container starts with "container start".
func New(s *sim.Sim, cfg Config) (*System, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	y, err := group.New(s, cfg.Group)
	if err != nil {
		return nil, err
	}
	return NewOn(s, cfg, y), nil
}

// NewOn is the container of an application whose consumers are y's: in a
// cluster, consumers that find their coordinator on the brokers and fetch
// from the leaders. cfg must have been validated.
func NewOn(s *sim.Sim, cfg Config, y *group.System) *System {
	if (cfg.AckMode == Time || cfg.AckMode == CountTime) && cfg.AckTime == 0 {
		cfg.AckTime = 5 * time.Second // checkAckMode: DEFAULT_ACK_TIME
	}
	sys := &System{s: s, cfg: cfg, y: y, recs: map[group.TopicPartition][]recState{}, plans: map[group.Record]*failPlan{}}
	sys.container = &Container{sys: sys, state: "stopped"}
	return sys
}

// Config is the system's configuration.
func (sys *System) Config() Config { return sys.cfg }

// Group is the group system underneath.
func (sys *System) Group() *group.System { return sys.y }

// Container is the listener container.
func (sys *System) Container() *Container { return sys.container }

func (sys *System) action(text, src string) {
	sys.s.Emit(sim.Event{Kind: sim.Action, Note: text, Src: src})
}

// partitions are the partitions of the container's topics, sorted.
func (sys *System) partitions() []group.TopicPartition {
	topics := append([]string(nil), sys.cfg.Topics...)
	sort.Strings(topics)
	var out []group.TopicPartition
	for _, t := range topics {
		for p := 0; p < sys.y.Partitions(t); p++ {
			out = append(out, group.TopicPartition{Topic: t, Partition: p})
		}
	}
	return out
}

func (sys *System) rec(r group.Record) *recState {
	rs := sys.recs[r.TopicPartition]
	if int64(len(rs)) <= r.Offset {
		rs = append(rs, make([]recState, int(r.Offset)+1-len(rs))...)
		sys.recs[r.TopicPartition] = rs
	}
	return &rs[r.Offset]
}

// deliver records a delivery of r to lc's listener.
func (sys *System) deliver(lc *ListenerConsumer, r group.Record) *delivery {
	st := sys.rec(r)
	st.deliveries++
	dup := st.completions > 0
	if dup {
		sys.duplicates++
	}
	d := &delivery{id: sys.s.NextToken(), rec: r, n: st.deliveries, lc: lc}
	st.inFlight, st.last = lc, d
	if sys.s.Tracing() {
		e := sim.Event{Kind: sim.RecordDeliver, Subj: r.String(), ID: d.id, Item: strconv.Itoa(d.n), Src: srcDoInvokeOnMessage}
		if dup {
			e = e.Notef("delivery %d, already processed: a duplicate", d.n)
		} else {
			e = e.Notef("delivery %d", d.n)
		}
		sys.s.Emit(e)
	} else {
		sys.s.Emit(sim.Event{})
	}
	return d
}

// complete records that the listener returned normally.
func (sys *System) complete(d *delivery) {
	st := sys.rec(d.rec)
	st.completions++
	if st.completions == 1 {
		sys.processed++
	}
	if sys.s.Tracing() {
		e := sim.Event{Kind: sim.RecordDone, Subj: d.rec.String(), ID: d.id, Note: "processed", Src: srcDoInvokeOnMessage}
		if st.completions > 1 {
			e = e.Notef("processed again (%d times)", st.completions)
		}
		sys.s.Emit(e)
	} else {
		sys.s.Emit(sim.Event{})
	}
}

func (sys *System) finish(d *delivery) {
	if st := sys.rec(d.rec); st.inFlight == d.lc {
		st.inFlight = nil
	}
}

func (sys *System) recoveredRecord(d *delivery) {
	if st := sys.rec(d.rec); !st.wasRecovered {
		st.wasRecovered = true
		sys.recovered++
	}
}

// failure is the exception the listener throws on this delivery of r, or "".
func (sys *System) failure(r group.Record) string {
	p := sys.plans[r]
	if p == nil || p.times == 0 {
		return ""
	}
	if p.times > 0 {
		p.times--
	}
	return p.exception
}

// lost counts records the group has committed past that were never
// processed, not recovered, and are not being processed by a live
// consumer: nobody will ever deliver them again.
func (sys *System) lost() int {
	n := 0
	for _, tp := range sys.partitions() {
		c, ok := sys.y.Committed(sys.cfg.GroupID, tp)
		if !ok {
			continue
		}
		rs := sys.recs[tp]
		for off := int64(0); off < c; off++ {
			var st recState
			if off < int64(len(rs)) {
				st = rs[off]
			}
			if st.completions == 0 && !st.wasRecovered && (st.inFlight == nil || st.inFlight.dead()) {
				n++
			}
		}
	}
	return n
}

// Topic schedules "topic T partitions=N".
func (sys *System) Topic(at time.Duration, name string, partitions int) {
	sys.y.Topic(at, name, partitions)
}

// Records schedules "records P offsets=A..B": a producer appends them.
func (sys *System) Records(at time.Duration, tp group.TopicPartition, from, to int64) {
	sys.y.Main().Post(at, func() {
		text := "records " + tp.String() + " offsets=" + strconv.FormatInt(from, 10) + ".." + strconv.FormatInt(to, 10)
		if err := sys.y.Append(tp, from, to); err != nil {
			sys.s.Refuse(text, err.(*msg.Error), srcAppend)
			return
		}
		sys.action(text, srcAppend)
	})
}

// Fail schedules "fail P@OFFSET times=N|always error=E" (times -1: always).
// A partition that does not exist then is refused, as records refuses it.
func (sys *System) Fail(at time.Duration, r group.Record, times int, exception string) {
	sys.y.Main().Post(at, func() {
		t := "always"
		if times >= 0 {
			t = "times=" + strconv.Itoa(times)
		}
		text := "fail " + r.String() + " " + t + " error=" + exception
		if r.Partition >= sys.y.Partitions(r.Topic) {
			sys.s.Refuse(text, msg.New("gr.partition", r.TopicPartition), srcDoInvokeOnMessage)
			return
		}
		sys.action(text, srcDoInvokeOnMessage)
		sys.plans[r] = &failPlan{times: times, exception: exception}
	})
}

// Start schedules "container start".
func (sys *System) Start(at time.Duration) {
	sys.y.Main().Post(at, func() {
		if why := sys.container.cannotStart(); why != nil {
			sys.s.Refuse("container start", why, srcDoStart)
			return
		}
		sys.action("container start", srcDoStart)
		sys.container.start()
	})
}

// Stop schedules "container stop": stop() on the main thread, which waits
// up to shutdownTimeout for the consumers to finish.
func (sys *System) Stop(at time.Duration) {
	sys.y.Main().Post(at, func() {
		if !sys.container.running {
			sys.s.Refuse("container stop", msg.New("li.not.running"), srcStop)
			return
		}
		sys.action("container stop", srcStop)
		sys.container.stop(true)
	})
}

// SetErrorHandler schedules "container errorHandler E": the application
// gives the stopped container another error handler
// (setGenericErrorHandler), which its next start hands to the children.
func (sys *System) SetErrorHandler(at time.Duration, handler string) {
	sys.y.Main().Post(at, func() {
		text := "container errorHandler " + handler
		if why := sys.container.cannotStart(); why != nil {
			sys.s.Refuse(text, why, srcSetErrorHandler)
			return
		}
		sys.action(text, srcSetErrorHandler)
		sys.cfg.ErrorHandler = handler
	})
}

// Crash schedules "container crash": the application's process dies.
func (sys *System) Crash(at time.Duration) {
	sys.y.Main().Post(at, func() {
		if !sys.container.running {
			sys.s.Refuse("container crash", msg.New("li.not.running"), srcRun)
			return
		}
		sys.action("container crash", srcRun)
		sys.container.crash()
	})
}

// CrashConsumer schedules "consumer C crash": consumer C and its
// ListenerConsumer die as if their process had died; the container's
// other consumers run on.
func (sys *System) CrashConsumer(at time.Duration, name string) {
	sys.y.Main().Post(at, func() {
		lc := sys.container.child(name)
		if lc == nil || !lc.running {
			sys.s.Refuse("consumer "+name+" crash", msg.New("gr.not.running", name), srcRun)
			return
		}
		sys.action("consumer "+name+" crash", srcRun)
		lc.crash()
	})
}

// Ack schedules "ack P@OFFSET": another thread of the application calls
// acknowledge() for the record's latest delivery (MANUAL modes).
func (sys *System) Ack(at time.Duration, r group.Record) {
	if sys.pool == nil {
		sys.pool = sys.s.NewWorker("pool-1-thread-1", "pool-1.workQueue")
	}
	sys.pool.Post(at, func() {
		text := "ack " + r.String()
		var d *delivery
		if int64(len(sys.recs[r.TopicPartition])) > r.Offset {
			d = sys.rec(r).last
		}
		switch {
		case sys.cfg.AckMode != Manual && sys.cfg.AckMode != ManualImmediate:
			sys.s.Refuse(text, msg.New("li.no.ack", sys.cfg.AckMode), srcAcknowledge)
		case d == nil:
			sys.s.Refuse(text, msg.New("li.never.delivered"), srcAcknowledge)
		case d.lc.dead():
			sys.s.Refuse(text, msg.New("li.died"), srcAcknowledge)
		default:
			sys.action(text, srcAcknowledge)
			_ = d.lc.acknowledge(d, true)
		}
	})
}

// Container is ConcurrentMessageListenerContainer: concurrency child
// containers, each a ListenerConsumer with its own KafkaConsumer, all in
// one group.
type Container struct {
	sys      *System
	running  bool
	state    string
	children []*ListenerConsumer
}

// Running is isRunning().
func (c *Container) Running() bool { return c.running }

// Consumers are the current children's ListenerConsumers.
func (c *Container) Consumers() []*ListenerConsumer { return c.children }

func (c *Container) child(name string) *ListenerConsumer {
	for _, lc := range c.children {
		if lc.Name == name {
			return lc
		}
	}
	return nil
}

func (c *Container) setState(to, src string) {
	from := c.state
	c.state = to
	c.sys.s.Emit(sim.Event{Kind: sim.State, Subj: Bean, From: from, To: to, Src: src})
}

func (c *Container) cannotStart() *msg.Error {
	if c.running {
		return msg.New("li.running")
	}
	for _, lc := range c.children {
		if !lc.exited && !lc.dead() {
			return msg.New("li.not.stopped", lc.Name)
		}
	}
	return nil
}

// start is ConcurrentMessageListenerContainer.doStart: one
// KafkaMessageListenerContainer per concurrency, named bean-i, each
// submitting its ListenerConsumer to its own SimpleAsyncTaskExecutor
// (thread bean-i-C-1).
func (c *Container) start() {
	sys := c.sys
	cfg := sys.cfg
	c.running = true
	c.setState("running", srcDoStart)
	c.children = nil
	for i := 0; i < cfg.Concurrency; i++ {
		lc := &ListenerConsumer{sys: sys, index: i, cfg: cfg, running: true,
			Thread:   Bean + "-" + strconv.Itoa(i) + "-C-1",
			offsets:  map[group.TopicPartition]int64{},
			failures: map[group.TopicPartition]*failedRecord{}}
		if cfg.ClientIDPrefix != "" {
			lc.Name = cfg.ClientIDPrefix + "-" + strconv.Itoa(i)
		} else {
			sys.clientSeq++
			lc.Name = "consumer-" + cfg.GroupID + "-" + strconv.Itoa(sys.clientSeq)
		}
		opts := cfg.Client
		opts.Listener = lc
		consumer, err := sys.y.NewClient(lc.Name, cfg.GroupID, cfg.Topics, cfg.Group.Consumer, opts)
		if err != nil {
			sys.s.Refuse("container start", msg.New("li.start", lc.Name, err), srcDoStart)
			continue
		}
		lc.consumer = consumer
		lc.acks = sim.NewQueue(sys.s, lc.subj()+".acks", 0, deliveryLabel)
		c.children = append(c.children, lc)
		sys.s.Go(lc.Thread, lc.run)
	}
}

// stop is AbstractMessageListenerContainer.stop with the concurrent
// container's doStop: every child stops running (a polling consumer is
// woken); with wait, the caller waits up to shutdownTimeout for the
// ListenerConsumers to finish.
func (c *Container) stop(wait bool) {
	if !c.running {
		return
	}
	sys := c.sys
	c.running = false
	c.setState("stopped", srcDoStop)
	var live []*ListenerConsumer
	for _, lc := range c.children {
		if lc.running {
			live = append(live, lc)
		}
	}
	latch := sim.NewLatch(sys.s, Bean+".stop", 0, len(live))
	for _, lc := range live {
		lc.running = false
		lc.stopped = latch
		if lc.polling { // wakeIfNecessary
			lc.polling = false
			lc.consumer.Wakeup()
		}
	}
	if wait && len(live) > 0 {
		sys.s.Select(srcStop, latch.Done(), sim.After(sys.cfg.ShutdownTimeout))
	}
}

// crash is the application's process dying: every consumer with it, and
// the threads of its task executors. A restarted application is a new
// JVM: client ids count from 1 again.
func (c *Container) crash() {
	for _, lc := range c.children {
		if !lc.exited && !lc.dead() {
			lc.crash()
		}
	}
	c.sys.s.Kill("the process died", func(name string) bool { return strings.HasPrefix(name, "SimpleAsyncTaskExecutor-") })
	c.running = false
	c.setState("crashed", srcRun)
	c.sys.clientSeq = 0
	c.sys.executors = 0
}

// crash ends the consumer's threads where they stand: its ListenerConsumer
// thread and the KafkaConsumer's own (sim.Kill).
func (lc *ListenerConsumer) crash() {
	lc.running = false
	lc.setPhase("crashed", srcRun)
	lc.sys.s.Kill("the process died", func(name string) bool { return name == lc.Thread })
	lc.consumer.Crash("the process died")
}
