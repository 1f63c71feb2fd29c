package cluster

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/controller"
	"brokerlab/core/group"
	"brokerlab/core/listener"
	"brokerlab/core/msg"
	"brokerlab/core/replication"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

// ErrConfig is the error of a configuration a scenario gets wrong.
var ErrConfig = errors.New("cluster: bad setting")

// Defaults of the cluster model. The thread counts per broker are smaller
// than Kafka's (num.network.threads 3, num.io.threads 8) so that fifty
// brokers stay cheap; the upstream settings override them.
const (
	DefaultBrokers         = 3
	DefaultNetworkThreads  = 1
	DefaultIoThreads       = 2
	DefaultSessionTimeout  = 18 * time.Second // zookeeper.session.timeout.ms (2.5)
	StartStagger           = time.Millisecond // broker N starts (N-1) ms after broker 1
	MaxBrokers             = 100
	MaxPartitions          = 10_000
	MaxTopicReplicas       = 10_000 // partitions × replication factor: a topic's cost in a run grows with it
	MaxRecordsPerProduce   = 100_000
	defaultRetries         = math.MaxInt32
	defaultDeliveryTimeout = 120 * time.Second
	defaultRequestTimeout  = 30 * time.Second
	defaultRetryBackoff    = 100 * time.Millisecond
	defaultFetchMaxWait    = 500 * time.Millisecond
	defaultProducerAcks    = 1 // acks="1" in 2.x
	defaultMaxInFlight     = 5
	// MaxInFlightIdempotent is the most max.in.flight.requests.per.connection
	// idempotence allows: the broker keeps that many batches per producer
	// (replication.NumBatchesToRetain).
	MaxInFlightIdempotent = replication.NumBatchesToRetain
	reconnectBackoff      = 50 * time.Millisecond
)

// ClientConfig is the producer's and consumer's settings (ProducerConfig,
// ConsumerConfig of Kafka 2.5).
type ClientConfig struct {
	Acks            int           // acks (1; -1 is all)
	Retries         int           // retries (2147483647)
	RetryBackoff    time.Duration // retry.backoff.ms (100)
	DeliveryTimeout time.Duration // delivery.timeout.ms (120000)
	RequestTimeout  time.Duration // request.timeout.ms (30000)
	FetchMaxWait    time.Duration // fetch.max.wait.ms (500)
	FetchMinBytes   int           // fetch.min.bytes (1)

	EnableIdempotence bool // enable.idempotence (false)
	MaxInFlight       int  // max.in.flight.requests.per.connection (5)
}

// Config sets up a cluster.
type Config struct {
	Brokers                     int
	Replication                 replication.Config
	Socket                      socketserver.Config
	Controller                  controller.Config
	SessionTimeout              time.Duration // zookeeper.session.timeout.ms
	UncleanLeaderElectionEnable bool          // unclean.leader.election.enable (false)
	Client                      ClientConfig

	// Groups runs a GroupCoordinator on every broker and the consumers of
	// core/group as clients (`use cluster`; `use replication` leaves them out).
	Groups                   bool
	Group                    group.Config
	Listener                 listener.Config // the application's Spring container, over the groups' consumers
	OffsetsPartitions        int             // offsets.topic.num.partitions (50)
	OffsetsReplicationFactor int             // offsets.topic.replication.factor (3)
	OffsetsCommitTimeout     time.Duration   // offsets.commit.timeout.ms (5000)
}

// DefaultConfig is a three-broker Kafka 2.5 cluster.
func DefaultConfig() Config {
	sc := socketserver.DefaultConfig()
	sc.NumNetworkThreads, sc.NumIoThreads, sc.Clients = DefaultNetworkThreads, DefaultIoThreads, false
	sc.APITimes = map[string]time.Duration{}
	return Config{
		Brokers:           DefaultBrokers,
		Replication:       replication.DefaultConfig(),
		Socket:            sc,
		Controller:        controller.DefaultConfig(),
		SessionTimeout:    DefaultSessionTimeout,
		Group:             group.DefaultConfig(),
		Listener:          listener.DefaultConfig(),
		OffsetsPartitions: DefaultOffsetsPartitions, OffsetsReplicationFactor: DefaultOffsetsRF, OffsetsCommitTimeout: DefaultOffsetsCommitTimeout,
		Client: ClientConfig{Acks: defaultProducerAcks, Retries: defaultRetries, RetryBackoff: defaultRetryBackoff,
			DeliveryTimeout: defaultDeliveryTimeout, RequestTimeout: defaultRequestTimeout, FetchMaxWait: defaultFetchMaxWait, FetchMinBytes: 1,
			MaxInFlight: defaultMaxInFlight},
	}
}

func (c Config) validate() error {
	if c.Brokers < 1 || c.Brokers > MaxBrokers {
		return msg.Of(ErrConfig, "cl.brokers", MaxBrokers, c.Brokers)
	}
	if c.SessionTimeout < time.Millisecond || c.SessionTimeout > replication.MaxDuration {
		return msg.Of(ErrConfig, "cl.session.timeout", replication.MaxDuration.Milliseconds(), c.SessionTimeout.Milliseconds())
	}
	cc := c.Client
	if cc.Acks != -1 && cc.Acks != 0 && cc.Acks != 1 {
		return msg.Of(ErrConfig, "cl.acks.config", cc.Acks)
	}
	if cc.Retries < 0 {
		return msg.Of(ErrConfig, "cl.retries")
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"retry.backoff.ms", cc.RetryBackoff}, {"delivery.timeout.ms", cc.DeliveryTimeout}, {"request.timeout.ms", cc.RequestTimeout}, {"fetch.max.wait.ms", cc.FetchMaxWait}} {
		if d.v < 0 || d.v > replication.MaxDuration {
			return msg.Of(ErrConfig, "cl.duration", d.name, replication.MaxDuration.Milliseconds(), d.v.Milliseconds())
		}
	}
	if cc.DeliveryTimeout < cc.RequestTimeout {
		// KafkaProducer.configureDeliveryTimeout (linger.ms is 0 here).
		return msg.Of(ErrConfig, "cl.delivery")
	}
	if cc.FetchMinBytes < 1 {
		return msg.Of(ErrConfig, "cl.fetch.min.bytes")
	}
	if cc.MaxInFlight < 1 {
		return msg.Of(ErrConfig, "cl.max.in.flight")
	}
	if c.OffsetsPartitions < 1 || c.OffsetsPartitions > MaxPartitions {
		return msg.Of(ErrConfig, "cl.offsets.partitions", MaxPartitions, c.OffsetsPartitions)
	}
	if c.OffsetsReplicationFactor < 1 || c.OffsetsReplicationFactor > 32767 {
		return msg.Of(ErrConfig, "cl.offsets.rf", c.OffsetsReplicationFactor)
	}
	if c.OffsetsCommitTimeout < time.Millisecond || c.OffsetsCommitTimeout > replication.MaxDuration {
		return msg.Of(ErrConfig, "cl.duration", "offsets.commit.timeout.ms", replication.MaxDuration.Milliseconds(), c.OffsetsCommitTimeout.Milliseconds())
	}
	if c.Groups {
		if err := c.Group.Validate(); err != nil {
			return err
		}
		if err := c.containerConfig().Validate(); err != nil {
			return err
		}
	}
	return c.Replication.Validate()
}

// containerConfig is the Spring container's configuration: its consumers
// are the cluster's, with the cluster's consumer settings, and the
// container forces enable.auto.commit false.
func (c Config) containerConfig() listener.Config {
	lc := c.Listener
	lc.Group = c.Group
	lc.Group.Consumer.RetryBackoff = c.Client.RetryBackoff
	lc.Client = c.Group.Clients
	lc.Client.EnableAutoCommit = false
	return lc
}

// Cluster is brokers, one ZooKeeper server, and clients, wired together:
// every request between them goes through the brokers' socket servers;
// every broker runs a controller, one of which is active.
type Cluster struct {
	ZK       *ZooKeeper
	Mon      *replication.Monitor
	Groups   *group.System    // the consumers and every broker's coordinator; nil without Config.Groups
	Listener *listener.System // the Spring container; nil without Config.Groups
	Brokers  []*Broker        // broker id N at index N-1

	s          *sim.Sim
	cfg        Config
	operator   *sim.Worker // the human: kafka-topics.sh, kill -9, kafka-configs.sh
	app        *sim.Worker // the client application's main thread
	producer   *Client
	consumer   *Client
	conns      map[int][]*socketserver.Conn // opened by each broker's threads; looked up, never iterated
	nodeConns  map[string]*nodeConn         // the consumers' connections to brokers, by name; looked up, never iterated
	dynUnclean bool
	lose       map[string]int // lose response R: responses still to lose; looked up, never iterated
	losses     []loss         // every lose response action performed, in order
	Produces   []*Batch       // every produce action, in order
	Consumes   []*Batch       // every consume action, in order
}

// New builds the cluster and starts its brokers, broker N at (N-1) ms.
func New(s *sim.Sim, cfg Config) (*Cluster, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	c := &Cluster{s: s, cfg: cfg, conns: map[int][]*socketserver.Conn{}, nodeConns: map[string]*nodeConn{}, lose: map[string]int{}}
	c.ZK = newZooKeeper(s)
	c.ZK.tracker = s.NewWorker("zookeeper/SessionTracker", "zookeeper/SessionTracker.sessionsWithTimeout")
	c.Mon = replication.NewMonitor(s)
	c.operator = s.NewWorker("operator", "operator.commands")
	c.app = s.NewWorker("clients/main", "clients/main.calls")
	if cfg.Groups {
		gcfg := cfg.Group
		gcfg.Consumer.RetryBackoff = cfg.Client.RetryBackoff
		y, err := group.NewInCluster(s, gcfg, groupNet{c}, c.app)
		if err != nil {
			return nil, err
		}
		c.Groups = y
		c.Listener = listener.NewOn(s, cfg.containerConfig(), y)
	}
	for id := 1; id <= cfg.Brokers; id++ {
		b := &Broker{ID: id, State: BrokerNone, Logs: replication.NewLogManager(), c: c}
		c.Brokers = append(c.Brokers, b)
		c.operator.Post(time.Duration(id-1)*StartStagger, func() { c.start(b) })
	}
	return c, nil
}

// Config is the configuration the cluster runs with.
func (c *Cluster) Config() Config { return c.cfg }

// Broker returns broker id, or nil.
func (c *Cluster) Broker(id int) *Broker {
	if id < 1 || id > len(c.Brokers) {
		return nil
	}
	return c.Brokers[id-1]
}

func (c *Cluster) start(b *Broker) {
	// The new process has no controller until its startup makes one; the
	// dead process's (b.Ctl, kept for its history) is no one's to act on.
	b.kc = nil
	b.setState(BrokerStarting, nil, srcStartup)
	c.s.Go(b.host("main"), b.startup)
}

// ActiveController is the broker that is the active controller, or nil.
func (c *Cluster) ActiveController() *Broker {
	for _, b := range c.Brokers {
		if b.Active() {
			return b
		}
	}
	return nil
}

// brokerNet is how a broker's threads reach the others (replication.Network).
type brokerNet struct {
	c    *Cluster
	from int
}

func (n brokerNet) Dial(name string, to int, notify func(*socketserver.Response)) (*socketserver.Conn, error) {
	return n.c.dial(n.from, name, to, notify)
}

// dial opens a connection from a thread of broker from (0: a client
// machine) to broker to, refused if that broker's process is not running.
func (c *Cluster) dial(from int, name string, to int, notify func(*socketserver.Response)) (*socketserver.Conn, error) {
	b := c.Broker(to)
	if b == nil || b.Server == nil || b.State == BrokerDead || b.State == BrokerStarting {
		return nil, socketserver.ErrRefused
	}
	ip := "10.0.0." + strconv.Itoa(from)
	if from == 0 {
		ip = "10.0.1.1"
	}
	conn, err := b.Server.Dial(name, ip, notify)
	if err != nil {
		return nil, err
	}
	c.conns[from] = append(slices.DeleteFunc(c.conns[from], func(x *socketserver.Conn) bool { return x.Closed() }), conn)
	return conn, nil
}

// closeConnsFrom closes the connections a killed broker's threads had
// open: the operating system closes a dead process's sockets.
func (c *Cluster) closeConnsFrom(id int) {
	for _, conn := range c.conns[id] {
		conn.Close()
	}
	c.conns[id] = nil
}

// act runs action note on thread w at virtual time at: fn, unless refused
// (if not nil) gives a reason to refuse it (sim.Refuse) when its turn comes.
func (c *Cluster) act(w *sim.Worker, at time.Duration, note, src string, refused func() *msg.Error, fn func()) {
	w.Post(at, func() {
		if refused != nil {
			if why := refused(); why != nil {
				c.s.Refuse(note, why, src)
				return
			}
		}
		c.s.Emit(sim.Event{Kind: sim.Action, Note: note, Src: src})
		fn()
	})
}

// brokerIs is why an action that needs broker id in one of states is
// refused (nil if it is in one), in the words of the broker's state.
func (c *Cluster) brokerIs(id int, states ...string) *msg.Error {
	b := c.Broker(id)
	switch {
	case b != nil && slices.Contains(states, b.State):
		return nil
	case b == nil || b.State == BrokerNone: // brokers start one by one
		return msg.New("cl.not.started", id)
	}
	return msg.New("cl.state", id, b.State, strings.Join(states, " or "))
}

// Topic is "topic T partitions=N replicas=B,B,B | replication.factor=R":
// the operator writes the assignment to /brokers/topics/T (as
// kafka-topics.sh --create does), and the controller creates the
// partitions. With replicas=, partition p's replicas are the list
// rotated by p; with a replication factor, AdminUtils' rack-unaware
// assignment from a seeded random start.
func (c *Cluster) Topic(at time.Duration, text, topic string, partitions int, replicas []int, rf int) {
	exists := func() *msg.Error {
		if c.ZK.get(pathTopics+"/"+topic) != nil {
			return msg.New("cl.topic.exists", topic)
		}
		return nil
	}
	c.act(c.operator, at, text, "TopicCommand.scala TopicService.createTopic", exists, func() {
		var assignment [][]int
		if len(replicas) > 0 {
			for p := range partitions {
				r := make([]int, len(replicas))
				for i := range replicas {
					r[i] = replicas[(i+p)%len(replicas)]
				}
				assignment = append(assignment, r)
			}
		} else {
			ids := make([]int, c.cfg.Brokers)
			for i := range ids {
				ids[i] = i + 1
			}
			assignment = assignReplicas(c.s, ids, partitions, rf)
		}
		c.createTopic(topic, assignment)
	})
}

// createTopic writes a topic's assignment to /brokers/topics/T
// (AdminZkClient.createTopic); the controller's TopicChange makes it partitions.
func (c *Cluster) createTopic(topic string, assignment [][]int) {
	data := ""
	for p, r := range assignment {
		if p > 0 {
			data += " "
		}
		if p == 8 {
			data += "…"
			break
		}
		data += strconv.Itoa(p) + "=" + replication.IDs(r)
	}
	c.ZK.create(pathTopics+"/"+topic, data, assignment, 0)
}

// assignReplicas is AdminUtils.assignReplicasToBrokersRackUnaware over
// the broker ids (sorted), its random start and shift drawn from the run's seed.
func assignReplicas(s *sim.Sim, ids []int, partitions, rf int) [][]int {
	brokers := len(ids)
	rf = min(rf, brokers)
	start := s.Rand().IntN(brokers)
	shift := s.Rand().IntN(brokers)
	var out [][]int
	for p := range partitions {
		if p > 0 && p%brokers == 0 {
			shift++
		}
		first := (p + start) % brokers
		r := []int{ids[first]}
		for j := range rf - 1 {
			r = append(r, ids[(first+1+(shift+j)%(brokers-1))%brokers])
		}
		out = append(out, r)
	}
	return out
}

// Kill is "kill broker N": the broker's process dies at once.
func (c *Cluster) Kill(at time.Duration, text string, id int) {
	alive := func() *msg.Error {
		if b := c.Broker(id); b != nil && b.State == BrokerDead {
			return msg.New("cl.already.dead", id)
		}
		return c.brokerIs(id, BrokerStarting, BrokerRunning, BrokerStalled)
	}
	c.act(c.operator, at, text, "Kafka.scala Kafka.main", alive, func() { c.Broker(id).kill() })
}

// Restart is "restart broker N": a new process of a dead broker starts.
func (c *Cluster) Restart(at time.Duration, text string, id int) {
	dead := func() *msg.Error { return c.brokerIs(id, BrokerDead) }
	c.act(c.operator, at, text, srcStartup, dead, func() { c.start(c.Broker(id)) })
}

// Stall is "stall broker N": its replica fetchers stop; it keeps serving.
func (c *Cluster) Stall(at time.Duration, text string, id int) {
	running := func() *msg.Error { return c.brokerIs(id, BrokerRunning) }
	c.act(c.operator, at, text, "AbstractFetcherThread.scala AbstractFetcherThread.doWork", running, func() {
		b := c.Broker(id)
		b.RM.Stall()
		b.setState(BrokerStalled, msg.Notef("its replica fetchers stop"), "AbstractFetcherThread.scala AbstractFetcherThread.doWork")
	})
}

// Resume is "resume broker N": its fetchers go on.
func (c *Cluster) Resume(at time.Duration, text string, id int) {
	stalled := func() *msg.Error { return c.brokerIs(id, BrokerStalled) }
	c.act(c.operator, at, text, "AbstractFetcherThread.scala AbstractFetcherThread.doWork", stalled, func() {
		b := c.Broker(id)
		b.RM.Resume()
		b.setState(BrokerRunning, msg.Notef("its replica fetchers go on"), "AbstractFetcherThread.scala AbstractFetcherThread.doWork")
	})
}

// LoseResponse is "lose response R": the next response to request R
// that reaches the producer is lost, the connection breaking as it
// arrives (a network fault after the broker has done the work).
func (c *Cluster) LoseResponse(at time.Duration, text, id string) {
	// On the application's thread, where the produce actions run, so
	// that "lose response R" then "produce … id=R" at one instant keep
	// their order.
	c.act(c.app, at, text, srcLose, nil, func() {
		c.lose[id]++
		c.losses = append(c.losses, loss{id: id, text: text, origin: c.s.Origin()})
	})
}

// srcLose is where a lost response is lost: the client's poll of its socket.
const srcLose = "Selector.java Selector.poll"

// loss is one lose response action, with the origin (the scenario's line)
// it was scheduled under.
type loss struct {
	id, text string
	origin   any
}

// Finish is the end of a run. A lose response R can only be judged then:
// it may come before the produce that names R (at the same instant, or
// earlier, waiting for it). One whose R no produce or consume of the whole
// run named had nothing to lose: the client refuses it now, under the
// origin of its action, so that the refusal names its line.
func (c *Cluster) Finish() {
	for _, l := range c.losses {
		if c.sent(l.id) {
			continue
		}
		prev := c.s.SetOrigin(l.origin)
		c.s.Refuse(l.text, msg.New("cl.lose.none", l.id), srcLose)
		c.s.SetOrigin(prev)
	}
}

// sent reports whether a produce or a consume of the run named its request id.
func (c *Cluster) sent(id string) bool {
	for _, bs := range [][]*Batch{c.Produces, c.Consumes} {
		for _, b := range bs {
			if b.ID == id {
				return true
			}
		}
	}
	return false
}

// EnableUnclean is "config unclean.leader.election.enable=true|false": the
// operator alters the dynamic broker default (kafka-configs.sh --alter
// --entity-type brokers --entity-default), which every broker's config
// listener applies.
func (c *Cluster) EnableUnclean(at time.Duration, text string, on bool) {
	c.act(c.operator, at, text, "ConfigCommand.scala ConfigCommand.alterConfig", nil, func() {
		c.dynUnclean = on
		data := "unclean.leader.election.enable=" + strconv.FormatBool(on)
		if _, ok := c.ZK.set(pathBrokerConfigs, data, on, -1); !ok {
			c.ZK.create(pathBrokerConfigs, data, on, 0)
		}
		c.ZK.createSequential(pathConfigChanges, configChangePrefix, "brokers/<default>", nil)
	})
}

// ControllerPut is the controller system's "put EVENT" / "clearAndPut
// EVENT" in a cluster: on the active controller (broker 1 if none), from
// the thread that puts it upstream.
func (c *Cluster) ControllerPut(at time.Duration, e controller.Event, clear bool) {
	c.operator.Post(at, func() {
		b := c.controllerBroker()
		if b == nil {
			verb := "put "
			if clear {
				verb = "clearAndPut "
			}
			c.s.Refuse(verb+e.Label(), noController, e.Type.Src)
			return
		}
		b.Ctl.Put(c.s.Now(), e, clear)
	})
}

// srcControllerClose is where the broker shuts its controller down.
const srcControllerClose = "ControllerEventManager.scala ControllerEventManager.close"

// noController is why a controller action is refused when every broker is dead.
var noController = msg.New("cl.no.controller")

// ExpireControllerSession is "session expire" in a cluster: ZooKeeper
// expires the active controller's session (its ephemeral znodes go), and
// its client starts a new one (clearAndPut(Expire), then
// RegisterBrokerAndReelect).
func (c *Cluster) ExpireControllerSession(at time.Duration, text string) {
	session := func() *msg.Error {
		if c.controllerBroker() == nil {
			return noController
		}
		return nil
	}
	c.act(c.operator, at, text, "ZooKeeperClient.scala ZooKeeperClient.reinitialize", session, func() {
		b := c.controllerBroker()
		c.ZK.expire(b.zkc.session)
		b.Ctl.ExpireSession(c.s.Now())
	})
}

// ShutdownController is "controller shutdown" in a cluster: the active
// controller's event manager closes.
func (c *Cluster) ShutdownController(at time.Duration) {
	c.operator.Post(at, func() {
		b := c.controllerBroker()
		if b == nil {
			c.s.Refuse("controller shutdown", noController, srcControllerClose)
			return
		}
		b.Ctl.Shutdown(c.s.Now())
	})
}

// controllerBroker is the active controller, else the first running
// broker whose process has its controller.
func (c *Cluster) controllerBroker() *Broker {
	if b := c.ActiveController(); b != nil {
		return b
	}
	for _, b := range c.Brokers {
		if b.kc != nil && b.Ctl != nil && b.State != BrokerDead {
			return b
		}
	}
	return nil
}
