package cluster

import (
	"strconv"
	"strings"

	"brokerlab/core/controller"
	"brokerlab/core/group"
	"brokerlab/core/msg"
	"brokerlab/core/replication"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

const (
	srcStartup     = "KafkaServer.scala KafkaServer.startup"
	srcConfigCheck = "ZkNodeChangeNotificationListener.scala ZkNodeChangeNotificationListener.processNotifications"
)

// Broker states (broker[N].state).
const (
	BrokerNone     = "none"
	BrokerStarting = "starting"
	BrokerRunning  = "running"
	BrokerStalled  = "stalled"
	BrokerDead     = "dead"
)

// Broker is one broker id: its log directory, which outlives its process,
// and the process's parts (socket server, replica manager, controller,
// ZooKeeper client), rebuilt at every restart.
type Broker struct {
	ID          int
	State       string
	Logs        *replication.LogManager
	Server      *socketserver.Server
	RM          *replication.ReplicaManager
	Ctl         *controller.Controller
	GC          *group.Coordinator // nil unless the cluster runs groups
	Incarnation int

	c          *Cluster
	kc         *kafkaController
	zkc        *zkClient
	dynUnclean bool // the dynamic broker default unclean.leader.election.enable
}

// Host is the prefix of the broker's threads and queues: "broker-N".
func (b *Broker) Host() string { return brokerHost(b.ID) }

func (b *Broker) host(n string) string { return b.Host() + "/" + n }

func (b *Broker) uncleanEnabled() bool { return b.c.cfg.UncleanLeaderElectionEnable || b.dynUnclean }

// Session is the broker's current ZooKeeper session (nil before the first start).
func (b *Broker) Session() *Session {
	if b.zkc == nil {
		return nil
	}
	return b.zkc.session
}

// Active reports whether this broker is the active controller.
func (b *Broker) Active() bool { return b.kc != nil && b.kc.active && b.State != BrokerDead }

func (b *Broker) setState(to string, why *msg.Note, src string) {
	b.c.s.Emit(sim.Noted(b.stateEvent(to, src), why))
}

func (b *Broker) stateEvent(to, src string) sim.Event {
	from := b.State
	b.State = to
	return sim.Event{Kind: sim.Broker, Subj: b.Host(), ID: b.ID, From: from, To: to, Src: src}
}

// exit is the new process ending at startup on a setting one of its parts
// refuses: the note is the error.
func (b *Broker) exit(err error) {
	e := b.stateEvent(BrokerDead, srcStartup)
	e.Note = err.Error()
	b.c.s.Emit(e)
}

// startup is KafkaServer.startup on the broker's main thread: a ZooKeeper
// session, the broker's registration in /brokers/ids (refused while the
// previous process's session lives), the replica manager, the socket
// server, the config-change listener, and the controller's Startup event.
func (b *Broker) startup() {
	c := b.c
	s := c.s
	b.Incarnation++
	b.dynUnclean = c.dynUnclean
	b.kc = &kafkaController{c: c, b: b}
	ccfg := c.cfg.Controller
	ccfg.ID, ccfg.Host, ccfg.Logic = b.ID, b.Host(), b.kc
	ctl, err := controller.New(s, ccfg)
	if err != nil {
		b.exit(err)
		return
	}
	b.Ctl = ctl
	b.zkc = &zkClient{zk: c.ZK, broker: b.ID, ctl: ctl}
	b.zkc.session = c.ZK.openSession(b.zkc, c.cfg.SessionTimeout)
	if !b.registerBroker() {
		// KafkaZkClient.checkedEphemeralCreate: the znode belongs to the
		// previous process's session, which has not expired yet.
		c.ZK.closeSession(b.zkc.session)
		s.Kill("startup failed", func(n string) bool { return strings.HasPrefix(n, b.Host()+"/") && n != s.Current().Name })
		b.setState(BrokerDead, msg.Notef("NodeExists: /brokers/ids/%d still belongs to the previous session; the broker exits", b.ID), srcRegister)
		return
	}
	rcfg := c.cfg.Replication
	rm, err := replication.NewReplicaManager(s, b.ID, rcfg, b.Logs, b.zkc, brokerNet{c, b.ID}, c.Mon)
	if err != nil {
		b.exit(err)
		return
	}
	b.RM = rm
	scfg := c.cfg.Socket
	scfg.BrokerID, scfg.Host, scfg.Apis, scfg.Clients = b.ID, b.Host(), replication.KafkaApis{RM: rm}, false
	if c.Groups != nil {
		scfg.Apis = brokerApis{b}
	}
	srv, err := socketserver.New(s, scfg)
	if err != nil {
		b.exit(err)
		return
	}
	b.Server = srv
	if c.Groups != nil {
		b.startCoordinator(srv)
	}
	rm.Startup(srv)
	b.zkc.register(pathConfigChanges, b.configChanged)
	e, _ := controller.NewEvent("Startup", nil)
	ctl.Mgr.Put(e)
	b.setState(BrokerRunning, msg.Notef("registered in /brokers/ids with session %d", b.zkc.session.ID), srcStartup)
}

// registerBroker creates the broker's ephemeral /brokers/ids/N.
func (b *Broker) registerBroker() bool {
	b.zkc.touch()
	return b.c.ZK.create(pathBrokerIDs+"/"+strconv.Itoa(b.ID), "PLAINTEXT://broker-"+strconv.Itoa(b.ID)+":9092", b.ID, b.zkc.session.ID)
}

// reinitializeSession is ZooKeeperClient.reinitialize after an expiry: a
// new session (the client keeps its watches) and the broker registers
// again (processRegisterBrokerAndReelect).
func (b *Broker) reinitializeSession() {
	b.zkc.session = b.c.ZK.openSession(b.zkc, b.c.cfg.SessionTimeout)
	b.registerBroker()
}

// configChanged is the config-change listener: on the ZooKeeper event
// thread it hands the notification to /config/changes-event-process-thread,
// which applies the dynamic broker default and, if unclean leader
// election was just enabled, tells the controller.
func (b *Broker) configChanged(string) {
	thread := b.Ctl.Thread(controller.ConfigChangeThread)
	thread.Post(b.c.s.Now(), func() {
		n := b.c.ZK.get(pathBrokerConfigs)
		if n == nil {
			return
		}
		on := n.value.(bool)
		b.c.s.Emit(sim.Event{Kind: sim.ZKWatch, Subj: pathConfigChanges, Note: "unclean.leader.election.enable=" + strconv.FormatBool(on), Src: srcConfigCheck})
		was := b.dynUnclean
		b.dynUnclean = on
		if on && !was {
			e, _ := controller.NewEvent("UncleanLeaderElectionEnable", nil)
			b.Ctl.Mgr.Put(e)
		}
	})
}

// kill ends the broker's process: its threads stop where they are, its
// connections break, its ZooKeeper session is left to expire.
func (b *Broker) kill() {
	c := b.c
	if b.State == BrokerDead || b.State == BrokerNone {
		return
	}
	b.setState(BrokerDead, msg.Notef("kill -9: every thread stops"), "Kafka.scala Kafka.main")
	c.s.Killf(func(n string) bool { return strings.HasPrefix(n, b.Host()+"/") }, "broker %d killed", b.ID)
	if b.Server != nil {
		b.Server.Kill()
	}
	c.closeConnsFrom(b.ID)
	if b.zkc != nil {
		c.ZK.disconnect(b.zkc.session)
	}
}
