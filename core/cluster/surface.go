package cluster

import (
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
	"brokerlab/core/surface"
)

// Setup is what a scenario configures: the cluster's Config, and whether
// delivery.timeout.ms was set. Left at its default, it rises to
// request.timeout.ms (+ linger.ms, 0) when that is larger, as
// KafkaProducer.configureDeliveryTimeout does; set lower, the cluster
// refuses it (ConfigException).
type Setup struct {
	Config
	deliverySet bool
	acksSet     bool // acks was set: idempotence does not change it
}

func defaultSetup() Setup { return Setup{Config: DefaultConfig()} }

// Replication is `use replication`: the full wiring, whose controller runs
// but whose scenario neither puts its events nor reads its paths.
var Replication = &surface.Table[Setup, *Cluster]{
	Name:     "replication",
	Doc:      "brokers, ZooKeeper and the clients wired as one cluster: partitions, replicas, ISR, acks, elections (the controller runs unseen)",
	Default:  defaultSetup,
	Settings: settings,
	Actions:  actions,
	Paths:    Paths,
	Check:    CheckPath,
	Get:      (*Cluster).Get,
	Start:    start,
}

// Surface is `use cluster`: replication's surface with the controller's
// settings, actions (on the active controller) and paths mounted, and
// the groups: a GroupCoordinator on every broker, the consumers' actions,
// settings and paths.
var Surface = &surface.Table[Setup, *Cluster]{
	Name:     "cluster",
	Doc:      "replication with the active controller's actions and paths, and consumer groups coordinated by the brokers: the whole causal system",
	Default:  func() Setup { s := defaultSetup(); s.Groups = true; return s },
	Settings: append(append([]surface.Setting[Setup]{}, settings...), groupSettings...),
	Actions: append(append(append(append([]surface.Action[Setup, *Cluster]{}, actions...),
		surface.MountActions(controller.Actions, func(s *Setup) *controller.Config { return &s.Controller },
			func(c *Cluster) controller.Driver { return active{c} })...),
		surface.MountActions(group.ConsumerActions, func(s *Setup) *group.Config { return &s.Group },
			func(c *Cluster) *group.System { return c.Groups })...),
		surface.MountActions(listener.ContainerActions, func(s *Setup) *listener.Config { return &s.Listener },
			func(c *Cluster) *listener.System { return c.Listener })...),
	Paths: append(append(append(append([]string{}, Paths...), controller.Paths...), group.Paths...), listener.Paths...),
	Check: CheckPath,
	Get:   (*Cluster).Get,
	Start: start,
}

// groupSettings are the coordinators' and consumers' settings of `use
// cluster` (retry.backoff.ms and num.io.threads are the cluster's own),
// and the offsets topic's.
var groupSettings = append(append(append(surface.Mount(surface.Pick(group.Settings, "group.initial.rebalance.delay.ms", "group.min.session.timeout.ms",
	"group.max.session.timeout.ms", "group.max.size", "session.timeout.ms", "heartbeat.interval.ms", "max.poll.interval.ms",
	"metadata.max.age.ms", "partition.assignment.strategy"), func(s *Setup) *group.Config { return &s.Group }),
	surface.Mount(group.ClientSettings, func(s *Setup) *group.ClientOptions { return &s.Group.Clients })...),
	surface.Mount(surface.Pick(listener.ContainerSettings, "ackMode", "ackCount", "ackTime", "syncCommits", "concurrency",
		"errorHandler", "pollTimeout", "shutdownTimeout", "commitRetries", "clientIdPrefix", "group.id", "topics",
		"backOff.interval", "backOff.maxAttempts", "listener.time", "listener.ack"), func(s *Setup) *listener.Config { return &s.Listener })...),
	surface.Setting[Setup]{Key: "offsets.topic.num.partitions", Value: surface.Int(1, MaxPartitions, func(s *Setup) *int { return &s.OffsetsPartitions }),
		Doc: "partitions of __consumer_offsets, made on the first FindCoordinator", Upstream: "KafkaConfig.scala OffsetsTopicPartitionsProp"},
	surface.Setting[Setup]{Key: "offsets.topic.replication.factor", Value: surface.Int(1, 32767, func(s *Setup) *int { return &s.OffsetsReplicationFactor }),
		Doc: "replicas of each __consumer_offsets partition; fewer live brokers and it is not made (COORDINATOR_NOT_AVAILABLE)", Upstream: "KafkaConfig.scala OffsetsTopicReplicationFactorProp"},
	surface.Setting[Setup]{Key: "offsets.commit.timeout.ms", Value: ms(time.Millisecond, func(s *Setup) *time.Duration { return &s.OffsetsCommitTimeout }),
		Doc: "how long a commit waits for the ISR to have it (else REQUEST_TIMED_OUT)", Upstream: "KafkaConfig.scala OffsetCommitTimeoutMsProp"},
)

func start(s *sim.Sim, st Setup) (*Cluster, error) {
	cfg, err := st.config()
	if err != nil {
		return nil, err
	}
	return New(s, cfg)
}

// config is the Config the settings make, as the producer's and the
// brokers' constructors make it, or their ConfigException.
func (st Setup) config() (Config, error) {
	cfg := st.Config
	if cc := &cfg.Client; !st.deliverySet && cc.DeliveryTimeout < cc.RequestTimeout {
		cc.DeliveryTimeout = cc.RequestTimeout
	}
	if err := idempotence(&cfg.Client, st); err != nil {
		return cfg, err
	}
	return cfg, cfg.validate()
}

// Validate checks the settings together, as a run's start does: what
// each set cannot check alone (delivery.timeout.ms against
// request.timeout.ms, idempotence against acks, retries and
// max.in.flight.requests.per.connection, replica.fetch.wait.max.ms
// against replica.socket.timeout.ms). A scenario checks it once its
// settings are read, so that the error names a set line.
func (st Setup) Validate() error {
	_, err := st.config()
	return err
}

// idempotence is the producer's construction with enable.idempotence
// (ProducerConfig.postProcessParsedConfig, KafkaProducer.configureAcks,
// configureInflightRequests of 2.5): retries 0, acks set to anything but
// all and max.in.flight above 5 are ConfigExceptions; acks left unset
// becomes all (-1); retries left unset is Integer.MAX_VALUE already.
func idempotence(cc *ClientConfig, st Setup) error {
	if !cc.EnableIdempotence {
		return nil
	}
	switch { // in 2.5's order: ProducerConfig first, then KafkaProducer
	case cc.Retries == 0:
		return msg.Of(ErrConfig, "cl.idempotence.retries")
	case st.acksSet && cc.Acks != -1:
		return msg.Of(ErrConfig, "cl.idempotence.acks")
	case cc.MaxInFlight > MaxInFlightIdempotent:
		return msg.Of(ErrConfig, "cl.idempotence.inflight")
	}
	if !st.acksSet {
		cc.Acks = -1
	}
	return nil
}

// active is the cluster's active controller, as the controller's actions
// drive it.
type active struct{ c *Cluster }

func (a active) Put(at time.Duration, e controller.Event, clear bool) {
	a.c.ControllerPut(at, e, clear)
}
func (a active) ExpireSession(at time.Duration) { a.c.ExpireControllerSession(at, "session expire") }
func (a active) Shutdown(at time.Duration)      { a.c.ShutdownController(at) }

func ms(least time.Duration, f func(*Setup) *time.Duration) surface.Value[Setup] {
	return surface.MsOrDuration(least, replication.MaxDuration, f)
}

// sync runs after each of rows' settings: a value that lives in two places.
func sync(rows []surface.Setting[Setup], after func(*Setup)) []surface.Setting[Setup] {
	for i := range rows {
		set := rows[i].Value.Set
		rows[i].Value.Set = func(s *Setup, key, name, val string) error {
			err := set(s, key, name, val)
			after(s)
			return err
		}
	}
	return rows
}

func socket(s *Setup) *socketserver.Config { return &s.Socket }

var settings = append(append(append([]surface.Setting[Setup]{
	surface.Cores[Setup](nil),
	{Key: "brokers", Value: surface.Int(1, MaxBrokers, func(s *Setup) *int { return &s.Brokers }), Doc: "brokers, ids 1 … N"},
	{Key: "replica.lag.time.max.ms", Value: ms(time.Millisecond, func(s *Setup) *time.Duration { return &s.Replication.ReplicaLagTimeMax }), WhatIf: true,
		Doc: "a follower not caught up for this long leaves the ISR", Upstream: "KafkaConfig.scala ReplicaLagTimeMaxMsProp"},
	{Key: "replica.fetch.wait.max.ms", Value: ms(0, func(s *Setup) *time.Duration { return &s.Replication.ReplicaFetchWaitMax }),
		Doc: "how long a follower's fetch waits in the leader's purgatory", Upstream: "KafkaConfig.scala ReplicaFetchWaitMaxMsProp"},
	{Key: "replica.fetch.min.bytes", Value: surface.Int(1, replication.MaxMinBytes, func(s *Setup) *int { return &s.Replication.ReplicaFetchMinBytes }),
		Doc: "bytes a follower's fetch waits for", Upstream: "KafkaConfig.scala ReplicaFetchMinBytesProp"},
	{Key: "replica.fetch.backoff.ms", Value: ms(0, func(s *Setup) *time.Duration { return &s.Replication.ReplicaFetchBackoff }),
		Doc: "a fetcher's pause after an error", Upstream: "KafkaConfig.scala ReplicaFetchBackoffMsProp"},
	{Key: "replica.socket.timeout.ms", Value: ms(time.Millisecond, func(s *Setup) *time.Duration { return &s.Replication.ReplicaSocketTimeout }),
		Doc: "a follower's fetch request timeout", Upstream: "KafkaConfig.scala ReplicaSocketTimeoutMsProp"},
	{Key: "min.insync.replicas", Value: surface.Int(1, replication.MaxReplicas, func(s *Setup) *int { return &s.Replication.MinInsyncReplicas }), WhatIf: true,
		Doc: "ISR size below which acks=all produce fails (NOT_ENOUGH_REPLICAS)", Upstream: "LogConfig.scala MinInSyncReplicasProp"},
	{Key: "unclean.leader.election.enable", Value: surface.Bool(func(s *Setup) *bool { return &s.UncleanLeaderElectionEnable }), WhatIf: true,
		Doc: "a replica outside the ISR may become leader (and lose records)", Upstream: "KafkaConfig.scala UncleanLeaderElectionEnableProp"},
	{Key: "zookeeper.session.timeout.ms", Value: ms(time.Millisecond, func(s *Setup) *time.Duration { return &s.SessionTimeout }), WhatIf: true,
		Doc: "a killed broker's ZooKeeper session expires after this", Upstream: "KafkaConfig.scala ZkSessionTimeoutMsProp"},
	{Key: "acks", Value: acks, Doc: "the producers' acks", Upstream: "ProducerConfig.java ACKS_CONFIG"},
	{Key: "retries", Value: surface.Int(0, 1<<31-1, func(s *Setup) *int { return &s.Client.Retries }), Doc: "the producers' retries", Upstream: "ProducerConfig.java RETRIES_CONFIG"},
	{Key: "retry.backoff.ms", Value: ms(0, func(s *Setup) *time.Duration { return &s.Client.RetryBackoff }), Doc: "a client's pause before a retry", Upstream: "CommonClientConfigs.java RETRY_BACKOFF_MS_CONFIG"},
	{Key: "delivery.timeout.ms", Value: delivery, Doc: "a produce's whole time, retries included (at least request.timeout.ms)", Upstream: "ProducerConfig.java DELIVERY_TIMEOUT_MS_CONFIG"},
	{Key: "request.timeout.ms", Value: ms(0, func(s *Setup) *time.Duration { return &s.Client.RequestTimeout }), WhatIf: true,
		Doc: "a client's wait for one response", Upstream: "CommonClientConfigs.java REQUEST_TIMEOUT_MS_CONFIG"},
	{Key: "fetch.max.wait.ms", Value: ms(0, func(s *Setup) *time.Duration { return &s.Client.FetchMaxWait }), Doc: "a consumer's fetch wait in purgatory", Upstream: "ConsumerConfig.java FETCH_MAX_WAIT_MS_CONFIG"},
	{Key: "fetch.min.bytes", Value: surface.Int(1, replication.MaxMinBytes, func(s *Setup) *int { return &s.Client.FetchMinBytes }), Doc: "bytes a consumer's fetch waits for", Upstream: "ConsumerConfig.java FETCH_MIN_BYTES_CONFIG"},
	{Key: "enable.idempotence", Value: surface.Bool(func(s *Setup) *bool { return &s.Client.EnableIdempotence }), WhatIf: true,
		Doc: "the producer gets a producer id and numbers its batches; the leader writes a retried batch once", Upstream: "ProducerConfig.java ENABLE_IDEMPOTENCE_CONFIG"},
	{Key: "max.in.flight.requests.per.connection", Value: surface.Int(1, 1<<31-1, func(s *Setup) *int { return &s.Client.MaxInFlight }), WhatIf: true,
		Doc: "requests a client sends on one connection before it waits for an answer (at most 5 with idempotence)", Upstream: "ProducerConfig.java MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION"},
},
	surface.Mount(surface.Pick(socketserver.Settings, "num.network.threads", "num.io.threads", "queued.max.requests"), socket)...),
	sync(surface.Mount(surface.Pick(socketserver.Settings, "socketserver.apiTime", "socketserver.apiTime.API"), socket), func(s *Setup) {
		s.Replication.APITime, s.Replication.APITimes = s.Socket.APITime, s.Socket.APITimes
	})...),
	surface.Mount(controller.Settings, func(s *Setup) *controller.Config { return &s.Controller })...)

var acks = surface.Value[Setup]{Kind: "all, -1, 0 or 1",
	Set: func(s *Setup, _, _, val string) error {
		n, ok := map[string]int{"all": -1, "-1": -1, "0": 0, "1": 1}[val]
		if !ok {
			return msg.New("cl.acks.setting", val)
		}
		s.Client.Acks, s.acksSet = n, true
		return nil
	},
	Show: func(s *Setup) string { return strconv.Itoa(s.Client.Acks) }}

var delivery = func() surface.Value[Setup] {
	v := ms(0, func(s *Setup) *time.Duration { return &s.Client.DeliveryTimeout })
	set := v.Set
	v.Set = func(s *Setup, key, name, val string) error {
		err := set(s, key, name, val)
		s.deliverySet = err == nil
		return err
	}
	return v
}()

type topicAction struct {
	topic      string
	partitions int
	replicas   []int
	rf         int
}

type produceAction struct {
	tp      replication.TP
	acks    int
	setAcks bool // false: the producer's acks setting
	records int
	id      string
}

type consumeAction struct {
	tp   replication.TP
	from int
	id   string
}

// brokerRef is a state path whose value, read when the action runs, is
// the broker to act on (kill broker group[g].coordinator).
type brokerRef string

func broker(verb string, do func(c *Cluster, at time.Duration, text string, id int)) surface.Action[Setup, *Cluster] {
	return surface.Action[Setup, *Cluster]{Form: verb + " broker N", Doc: "N is a broker id, or a state path read when the action runs (" + verb + " broker partition[t-0].leader)",
		Parse: func(s *Setup, a *surface.Args) (any, error) {
			n := a.Pos[0]
			id, err := strconv.Atoi(n.Text)
			if err == nil && id >= 1 && id <= s.Brokers {
				return id, nil
			}
			if strings.ContainsAny(n.Text, "[.") && CheckPath(n.Text) == nil {
				return brokerRef(n.Text), nil
			}
			return nil, msg.At(n.Col, "cl.broker", s.Brokers, n.Text)
		}, Do: func(c *Cluster, at time.Duration, text string, p any) {
			ref, ok := p.(brokerRef)
			if !ok {
				do(c, at, text, p.(int))
				return
			}
			c.operator.Post(at, func() {
				v, _ := c.Get(string(ref))
				id, err := strconv.Atoi(v)
				if err != nil || c.Broker(id) == nil {
					c.s.Refuse(text, msg.New("cl.broker.ref", string(ref), v), "")
					return
				}
				do(c, c.s.Now(), text, id)
			})
		}}
}

var actions = []surface.Action[Setup, *Cluster]{
	{Form: "topic T [partitions=N] [replicas=B,B,B] [replication.factor=R]", Parse: parseTopic,
		Doc: "create topic T (CreateTopics): its replicas listed, or R of them placed as AdminUtils does",
		Do: func(c *Cluster, at time.Duration, text string, p any) {
			t := p.(topicAction)
			c.Topic(at, text, t.topic, t.partitions, t.replicas, t.rf)
		}},
	{Form: "produce P [acks=A] [records=N] [id=R]", Parse: parseProduce,
		Doc: "a producer sends N records to partition P (acks=all|-1|1|0, else the acks setting)",
		Do: func(c *Cluster, at time.Duration, text string, p any) {
			r := p.(produceAction)
			if !r.setAcks {
				r.acks = c.Config().Client.Acks
			}
			c.Produce(at, text, r.id, r.tp, r.acks, r.records)
		}},
	{Form: "consume P [from=O] [id=R]", Parse: parseConsume, Doc: "a consumer fetches P from offset O",
		Do: func(c *Cluster, at time.Duration, text string, p any) {
			r := p.(consumeAction)
			c.Consume(at, text, r.id, r.tp, r.from)
		}},
	{Form: "lose response R", Doc: "the producer's next response to request R is lost: the connection breaks as it arrives, after the broker did the work",
		Parse: func(_ *Setup, a *surface.Args) (any, error) { return a.Pos[0].Text, name(a.Pos[0], "request") },
		Do:    func(c *Cluster, at time.Duration, text string, p any) { c.LoseResponse(at, text, p.(string)) }},
	broker("kill", (*Cluster).Kill),
	broker("restart", (*Cluster).Restart),
	broker("stall", (*Cluster).Stall),
	broker("resume", (*Cluster).Resume),
	{Form: "config unclean.leader.election.enable=B", Doc: "alter the dynamic config (the one the model alters)",
		Parse: func(_ *Setup, a *surface.Args) (any, error) {
			v := a.Opt["unclean.leader.election.enable"]
			if v.Text != "true" && v.Text != "false" {
				return nil, msg.At(v.Col, "cl.config", v.Text)
			}
			return v.Text == "true", nil
		},
		Do: func(c *Cluster, at time.Duration, text string, p any) { c.EnableUnclean(at, text, p.(bool)) }},
}

func name(tk surface.Token, what string) error {
	if socketserver.CheckName(what, tk.Text) != nil {
		return msg.At(tk.Col, "ss.name", what, tk.Text)
	}
	return nil
}

func parseTopic(s *Setup, a *surface.Args) (any, error) {
	t := topicAction{topic: a.Pos[0].Text}
	if err := name(a.Pos[0], "topic"); err != nil {
		return nil, err
	}
	var err error
	if t.partitions, err = a.Count("partitions", MaxPartitions); err != nil {
		return nil, err
	}
	rep, hasRep := a.Opt["replicas"]
	rf, hasRF := a.Opt["replication.factor"]
	switch {
	case hasRep && hasRF:
		return nil, msg.At(max(rep.Col, rf.Col), "cl.replicas.or.rf")
	case hasRep:
		for _, p := range strings.Split(rep.Text, ",") {
			id, err := strconv.Atoi(p)
			if err != nil || id < 1 || id > s.Brokers {
				return nil, msg.At(rep.Col, "cl.replicas", s.Brokers, rep.Text)
			}
			for _, x := range t.replicas {
				if x == id {
					return nil, msg.At(rep.Col, "cl.replicas.twice", id)
				}
			}
			t.replicas = append(t.replicas, id)
		}
	case hasRF:
		if t.rf, err = a.Count("replication.factor", MaxBrokers); err != nil {
			return nil, err
		}
		if t.rf > s.Brokers {
			return nil, msg.At(rf.Col, "cl.rf", t.rf, s.Brokers)
		}
	default:
		return nil, msg.At(a.End(), "cl.replicas.none")
	}
	if n := t.partitions * max(t.rf, len(t.replicas)); n > MaxTopicReplicas {
		return nil, msg.At(a.Words[2].Col, "cl.topic.size", n, MaxTopicReplicas)
	}
	return t, nil
}

func partition(tk surface.Token) (replication.TP, error) {
	tp, err := replication.ParseTP(tk.Text)
	if err != nil {
		return tp, msg.At(tk.Col, "cl.partition", tk.Text)
	}
	return tp, nil
}

func requestID(a *surface.Args) (string, error) {
	id, ok := a.Opt["id"]
	if !ok {
		return "", nil
	}
	return id.Text, name(id, "request")
}

func parseProduce(s *Setup, a *surface.Args) (any, error) {
	tp, err := partition(a.Pos[0])
	if err != nil {
		return nil, err
	}
	p := produceAction{tp: tp}
	if acks, ok := a.Opt["acks"]; ok {
		p.setAcks = true
		if acks.Text == "all" {
			p.acks = -1
		} else {
			// Another integer than -1, 0, 1 is sent as is, as a client
			// without the Java producer's config check would, to meet
			// the broker's INVALID_REQUIRED_ACKS.
			n, err := strconv.Atoi(acks.Text)
			if err != nil || n < -1000 || n > 1000 {
				return nil, msg.At(acks.Col, "cl.acks", acks.Text)
			}
			p.acks = n
		}
		if s.Client.EnableIdempotence && p.acks != -1 {
			// The request's acks is the producer's acks setting here: set
			// explicitly to anything but all with idempotence, a
			// ConfigException at construction.
			return nil, msg.At(acks.Col, "cl.idempotence.acks")
		}
	}
	if p.records, err = a.Count("records", MaxRecordsPerProduce); err != nil {
		return nil, err
	}
	p.id, err = requestID(a)
	return p, err
}

func parseConsume(_ *Setup, a *surface.Args) (any, error) {
	tp, err := partition(a.Pos[0])
	if err != nil {
		return nil, err
	}
	c := consumeAction{tp: tp}
	if from, ok := a.Opt["from"]; ok {
		n, err := strconv.Atoi(from.Text)
		if err != nil || n < 0 {
			return nil, msg.At(from.Col, "cl.from", from.Text)
		}
		c.from = n
	}
	c.id, err = requestID(a)
	return c, err
}
