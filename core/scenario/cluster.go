package scenario

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/cluster"
	"brokerlab/core/controller"
	"brokerlab/core/msg"
	"brokerlab/core/replication"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

func init() {
	register("cluster", func() system { return newClusterSystem(true) })
	register("replication", func() system { return newClusterSystem(false) })
}

// clusterSystem is `use cluster` and `use replication`: both start the
// same wiring (core/cluster: brokers, ZooKeeper, the active controller,
// the clients). `replication` is the replication table of DESIGN.md: its
// controller runs but the scenario neither puts its events nor reads its
// controller.* paths; `cluster` adds the controller system's actions
// (put, clearAndPut, session expire, controller shutdown, on the active
// controller) and paths.
//
// Settings (upstream names; .ms settings take milliseconds or a duration):
// cores, brokers, replica.lag.time.max.ms, replica.fetch.wait.max.ms,
// replica.fetch.min.bytes, replica.fetch.backoff.ms,
// replica.socket.timeout.ms, min.insync.replicas,
// unclean.leader.election.enable, zookeeper.session.timeout.ms,
// num.network.threads (1 here), num.io.threads (2 here),
// queued.max.requests, socketserver.apiTime[.API], controller.eventTime[.EVENT],
// and the clients' acks, retries, retry.backoff.ms, delivery.timeout.ms,
// request.timeout.ms, fetch.max.wait.ms, fetch.min.bytes. delivery.timeout.ms
// must be at least request.timeout.ms (linger.ms is 0); left unset, it
// rises to it (KafkaProducer.configureDeliveryTimeout).
//
// Actions:
//
//	topic T partitions=N (replicas=B,B,… | replication.factor=R)
//	produce P [acks=all|-1|1|0] [records=N] [id=R]
//	consume P [from=O] [id=R]
//	kill broker N | restart broker N | stall broker N | resume broker N
//	config unclean.leader.election.enable=true|false
type clusterSystem struct {
	full  bool
	cfg   cluster.Config
	ctl   *tableSystem[controller.Config, controller.Driver] // parses the controller's settings and actions
	cores int
	// deliverySet: delivery.timeout.ms was set. Left at its default, it
	// rises to request.timeout.ms (+ linger.ms, 0) when that is larger,
	// as KafkaProducer.configureDeliveryTimeout does; set lower, the
	// cluster refuses it (ConfigException).
	deliverySet bool
}

func newClusterSystem(full bool) *clusterSystem {
	cfg := cluster.DefaultConfig()
	return &clusterSystem{full: full, cfg: cfg, ctl: newSystem0(controller.Surface), cores: 8}
}

func (c *clusterSystem) name() string {
	if c.full {
		return "cluster"
	}
	return "replication"
}

const clusterSettings = "cores, brokers, replica.lag.time.max.ms, replica.fetch.wait.max.ms, replica.fetch.min.bytes, replica.fetch.backoff.ms, " +
	"replica.socket.timeout.ms, min.insync.replicas, unclean.leader.election.enable, zookeeper.session.timeout.ms, num.network.threads, " +
	"num.io.threads, queued.max.requests, socketserver.apiTime, socketserver.apiTime.API, controller.eventTime, controller.eventTime.EVENT, " +
	"acks, retries, retry.backoff.ms, delivery.timeout.ms, request.timeout.ms, fetch.max.wait.ms, fetch.min.bytes"

// ms reads a .ms setting: milliseconds, or a duration such as 30s.
func ms(key, val string) (time.Duration, error) {
	if n, err := strconv.Atoi(val); err == nil {
		if n < 0 || time.Duration(n)*time.Millisecond > replication.MaxDuration {
			return 0, fmt.Errorf("%s: expected milliseconds from 0 to %d, got %q", key, replication.MaxDuration.Milliseconds(), val)
		}
		return time.Duration(n) * time.Millisecond, nil
	}
	d, err := ParseDuration(val)
	if err != nil || d > replication.MaxDuration {
		return 0, fmt.Errorf("%s: expected milliseconds (30000) or a duration (30s) up to 1h, got %q", key, val)
	}
	return d, nil
}

// positiveMs is ms for a setting that must be at least 1 ms.
func positiveMs(key, val string) (time.Duration, error) {
	d, err := ms(key, val)
	if err == nil && d < time.Millisecond {
		return 0, fmt.Errorf("%s: must be at least 1", key)
	}
	return d, err
}

func (c *clusterSystem) set(key, val string) error {
	r := &c.cfg.Replication
	cc := &c.cfg.Client
	var err error
	switch key {
	case "cores":
		c.cores, err = setCores(val)
	case "brokers":
		c.cfg.Brokers, err = intSetting(key, val, 1, cluster.MaxBrokers)
	case "replica.lag.time.max.ms":
		r.ReplicaLagTimeMax, err = positiveMs(key, val)
	case "replica.fetch.wait.max.ms":
		r.ReplicaFetchWaitMax, err = ms(key, val)
	case "replica.fetch.backoff.ms":
		r.ReplicaFetchBackoff, err = ms(key, val)
	case "replica.socket.timeout.ms":
		r.ReplicaSocketTimeout, err = positiveMs(key, val)
	case "replica.fetch.min.bytes":
		r.ReplicaFetchMinBytes, err = intSetting(key, val, 1, replication.MaxMinBytes)
	case "min.insync.replicas":
		r.MinInsyncReplicas, err = intSetting(key, val, 1, replication.MaxReplicas)
	case "unclean.leader.election.enable":
		c.cfg.UncleanLeaderElectionEnable, err = strconv.ParseBool(val)
		if err != nil {
			err = fmt.Errorf("%s: expected true or false, got %q", key, val)
		}
	case "zookeeper.session.timeout.ms":
		c.cfg.SessionTimeout, err = positiveMs(key, val)
	case "num.network.threads", "num.io.threads", "queued.max.requests":
		s := newSystem0(socketserver.Surface)
		s.cfg = c.cfg.Socket
		if err = s.set(key, val); err == nil {
			c.cfg.Socket = s.cfg
		}
	case "acks":
		switch val {
		case "all", "-1":
			cc.Acks = -1
		case "0", "1":
			cc.Acks, _ = strconv.Atoi(val)
		default:
			err = fmt.Errorf("acks: expected all, -1, 0 or 1, got %q", val)
		}
	case "retries":
		cc.Retries, err = intSetting(key, val, 0, 1<<31-1)
	case "retry.backoff.ms":
		cc.RetryBackoff, err = ms(key, val)
	case "delivery.timeout.ms":
		cc.DeliveryTimeout, err = ms(key, val)
		c.deliverySet = err == nil
	case "request.timeout.ms":
		cc.RequestTimeout, err = ms(key, val)
	case "fetch.max.wait.ms":
		cc.FetchMaxWait, err = ms(key, val)
	case "fetch.min.bytes":
		cc.FetchMinBytes, err = intSetting(key, val, 1, replication.MaxMinBytes)
	default:
		switch {
		case strings.HasPrefix(key, "socketserver.apiTime"):
			s := newSystem0(socketserver.Surface)
			s.cfg = c.cfg.Socket
			if err = s.set(key, val); err == nil {
				c.cfg.Socket = s.cfg
				c.cfg.Replication.APITime, c.cfg.Replication.APITimes = s.cfg.APITime, s.cfg.APITimes
			}
			return err
		case strings.HasPrefix(key, "controller."):
			c.ctl.cfg = c.cfg.Controller
			if err = c.ctl.set(key, val); err == nil {
				c.cfg.Controller = c.ctl.cfg
			}
			return err
		}
		return keyError{fmt.Errorf("unknown setting %q for %s (%s)", key, c.name(), clusterSettings)}
	}
	return err
}

// topicAction, produceAction, consumeAction and brokerAction are the
// parsed actions' payloads.
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

func (c *clusterSystem) action(t []token) (*Action, *actionErr) {
	text := joinTokens(t)
	switch t[0].text {
	case "topic":
		if len(t) < 3 {
			return nil, oldErr(t[len(t)-1].end, "expected topic T partitions=N replicas=B,B,B (or replication.factor=R)")
		}
		if e := nameErr(t[1], "topic"); e != nil {
			return nil, e
		}
		f, e := options("topic", []string{"partitions", "replicas", "replication.factor"}, t[2:])
		if e != nil {
			return nil, e
		}
		a := topicAction{topic: t[1].text}
		if a.partitions, e = f.count("partitions", cluster.MaxPartitions); e != nil {
			return nil, e
		}
		rep, hasRep := f["replicas"]
		rf, hasRF := f["replication.factor"]
		switch {
		case hasRep && hasRF:
			return nil, oldErr(max(rep.col, rf.col), "give replicas= or replication.factor=, not both")
		case hasRep:
			for _, p := range strings.Split(rep.text, ",") {
				id, err := strconv.Atoi(p)
				if err != nil || id < 1 || id > c.cfg.Brokers {
					return nil, oldErr(rep.col, fmt.Sprintf("replicas: expected broker ids from 1 to %d (set brokers N first), got %q", c.cfg.Brokers, rep.text))
				}
				for _, x := range a.replicas {
					if x == id {
						return nil, oldErr(rep.col, fmt.Sprintf("replicas: broker %d is listed twice", id))
					}
				}
				a.replicas = append(a.replicas, id)
			}
		case hasRF:
			if a.rf, e = f.count("replication.factor", cluster.MaxBrokers); e != nil {
				return nil, e
			}
			if a.rf > c.cfg.Brokers {
				return nil, oldErr(rf.col, fmt.Sprintf("Replication factor: %d larger than available brokers: %d", a.rf, c.cfg.Brokers))
			}
		default:
			return nil, oldErr(t[len(t)-1].end, "expected replicas=B,B,B or replication.factor=R")
		}
		if n := a.partitions * max(a.rf, len(a.replicas)); n > cluster.MaxTopicReplicas {
			return nil, oldErr(t[2].col, fmt.Sprintf("a topic of %d replicas (partitions × replication factor): a run holds at most %d a topic", n, cluster.MaxTopicReplicas))
		}
		return &Action{Text: text, Verb: "topic", Payload: a}, nil
	case "produce", "consume":
		if len(t) < 2 {
			return nil, oldErr(t[0].end, "expected "+t[0].text+" P (a partition such as t-0)")
		}
		tp, err := replication.ParseTP(t[1].text)
		if err != nil || t[1].quoted {
			return nil, oldErr(t[1].col, fmt.Sprintf("expected a partition such as t-0, got %q", t[1].text))
		}
		if t[0].text == "consume" {
			f, e := options("consume", []string{"from", "id"}, t[2:])
			if e != nil {
				return nil, e
			}
			a := consumeAction{tp: tp}
			if from, ok := f["from"]; ok {
				n, err := strconv.Atoi(from.text)
				if err != nil || n < 0 {
					return nil, oldErr(from.col, fmt.Sprintf("from: expected an offset ≥ 0, got %q", from.text))
				}
				a.from = n
			}
			if id, ok := f["id"]; ok {
				if e := nameErr(id, "request"); e != nil {
					return nil, e
				}
				a.id = id.text
			}
			return &Action{Text: text, Verb: "consume", Payload: a}, nil
		}
		f, e := options("produce", []string{"acks", "records", "id"}, t[2:])
		if e != nil {
			return nil, e
		}
		a := produceAction{tp: tp}
		if acks, ok := f["acks"]; ok {
			a.setAcks = true
			if acks.text == "all" {
				a.acks = -1
			} else {
				// Another integer than -1, 0, 1 is sent as is, as a client
				// without the Java producer's config check would, to meet
				// the broker's INVALID_REQUIRED_ACKS.
				n, err := strconv.Atoi(acks.text)
				if err != nil || n < -1000 || n > 1000 {
					return nil, oldErr(acks.col, fmt.Sprintf("acks: expected all, -1, 0 or 1 (or another small integer, which the broker refuses), got %q", acks.text))
				}
				a.acks = n
			}
		}
		if a.records, e = f.count("records", cluster.MaxRecordsPerProduce); e != nil {
			return nil, e
		}
		if id, ok := f["id"]; ok {
			if e := nameErr(id, "request"); e != nil {
				return nil, e
			}
			a.id = id.text
		}
		return &Action{Text: text, Verb: "produce", Payload: a}, nil
	case "kill", "restart", "stall", "resume":
		if len(t) != 3 || t[1].text != "broker" {
			col := t[0].end + 1
			if len(t) > 1 {
				col = t[1].col
			}
			return nil, oldErr(col, "expected "+t[0].text+" broker N")
		}
		id, err := strconv.Atoi(t[2].text)
		if err != nil || id < 1 || id > c.cfg.Brokers {
			return nil, oldErr(t[2].col, fmt.Sprintf("expected a broker id from 1 to %d, got %q", c.cfg.Brokers, t[2].text))
		}
		return &Action{Text: text, Verb: t[0].text, Payload: id}, nil
	case "config":
		if len(t) != 2 {
			return nil, oldErr(t[0].end+1, "expected config unclean.leader.election.enable=true|false")
		}
		k, v, _ := strings.Cut(t[1].text, "=")
		on, err := strconv.ParseBool(v)
		if k != "unclean.leader.election.enable" || err != nil {
			return nil, oldErr(t[1].col, fmt.Sprintf("expected unclean.leader.election.enable=true|false (the dynamic config the model alters), got %q", t[1].text))
		}
		return &Action{Text: text, Verb: "config", Payload: on}, nil
	}
	if c.full {
		if a, e := c.ctl.action(t); e == nil {
			return a, nil
		} else if t[0].text == "put" || t[0].text == "clearAndPut" || t[0].text == "session" || t[0].text == "controller" {
			return nil, e
		}
		return nil, oldErr(t[0].col, fmt.Sprintf("expected a cluster action (topic, produce, consume, kill/restart/stall/resume broker N, config, put EVENT, clearAndPut EVENT, session expire, controller shutdown), got %q", t[0].text))
	}
	return nil, oldErr(t[0].col, fmt.Sprintf("expected a replication action (topic, produce, consume, kill/restart/stall/resume broker N, config), got %q", t[0].text))
}

func (c *clusterSystem) checkPath(path string) error {
	if strings.HasPrefix(path, "controller.") && !c.full {
		return fmt.Errorf("unknown state path %q: controller.* paths belong to use cluster", path)
	}
	if err := cluster.CheckPath(path); err != nil {
		msg := strings.TrimPrefix(err.Error(), "cluster: ")
		return fmt.Errorf("%s", strings.TrimPrefix(msg, "controller: "))
	}
	return nil
}

func (c *clusterSystem) start(s *sim.Sim) (instance, error) {
	cfg := c.cfg
	if cc := &cfg.Client; !c.deliverySet && cc.DeliveryTimeout < cc.RequestTimeout {
		cc.DeliveryTimeout = cc.RequestTimeout
	}
	cl, err := cluster.New(s, cfg)
	if err != nil {
		return nil, err
	}
	return clusterInstance{cl}, nil
}

type clusterInstance struct{ c *cluster.Cluster }

func (i clusterInstance) do(at time.Duration, a *Action) {
	c := i.c
	switch a.Verb {
	case "topic":
		p := a.Payload.(topicAction)
		c.Topic(at, a.Text, p.topic, p.partitions, p.replicas, p.rf)
	case "produce":
		p := a.Payload.(produceAction)
		acks := p.acks
		if !p.setAcks {
			acks = c.Config().Client.Acks
		}
		c.Produce(at, a.Text, p.id, p.tp, acks, p.records)
	case "consume":
		p := a.Payload.(consumeAction)
		c.Consume(at, a.Text, p.id, p.tp, p.from)
	case "kill":
		c.Kill(at, a.Text, a.Payload.(int))
	case "restart":
		c.Restart(at, a.Text, a.Payload.(int))
	case "stall":
		c.Stall(at, a.Text, a.Payload.(int))
	case "resume":
		c.Resume(at, a.Text, a.Payload.(int))
	case "config":
		c.EnableUnclean(at, a.Text, a.Payload.(bool))
	case "put":
		c.ControllerPut(at, a.Payload.(controller.Event), false)
	case "clearAndPut":
		c.ControllerPut(at, a.Payload.(controller.Event), true)
	case "session expire":
		c.ExpireControllerSession(at, a.Text)
	case "controller shutdown":
		c.ShutdownController(at)
	}
}

func (i clusterInstance) get(path string) (string, error) { return i.c.Get(path) }

func nameErr(tk token, what string) *actionErr {
	if socketserver.CheckName(what, tk.text) != nil || tk.quoted {
		return aerr(msg.At(tk.col, "ss.name", what, tk.text))
	}
	return nil
}
