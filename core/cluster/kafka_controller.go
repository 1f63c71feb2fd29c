package cluster

import (
	"slices"
	"strconv"
	"time"

	"brokerlab/core/controller"
	"brokerlab/core/msg"
	"brokerlab/core/replication"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

const (
	srcFailover           = "KafkaController.scala KafkaController.onControllerFailover"
	srcResign             = "KafkaController.scala KafkaController.onControllerResignation"
	srcOfflineReplica     = "ReplicaStateMachine.scala ZkReplicaStateMachine.doRemoveReplicasFromIsr"
	srcElectLeader        = "PartitionStateMachine.scala ZkPartitionStateMachine.doElectLeaderForPartitions"
	srcInitLeader         = "PartitionStateMachine.scala ZkPartitionStateMachine.initializeLeaderAndIsrForPartitions"
	srcPartitionState     = "PartitionStateMachine.scala ZkPartitionStateMachine.doHandleStateChanges"
	srcInitPartitionState = "PartitionStateMachine.scala PartitionStateMachine.initializePartitionState"
	srcSendThread         = "ControllerChannelManager.scala RequestSendThread.doWork"
	srcSendBatch          = "ControllerChannelManager.scala AbstractControllerBrokerRequestBatch.sendRequestsToBrokers"
)

// Partition states of the controller (PartitionStateMachine.scala), with
// their byte values.
var partitionStates = map[string]string{
	"NewPartition": "0", "OnlinePartition": "1", "OfflinePartition": "2", "NonExistentPartition": "3",
}

// kafkaController is KafkaController's work for one broker's controller
// (controller.Logic): the election of the controller through /controller,
// and, while active, the controller context, the partition state machine
// with its elections, the replica state machine's ISR removals, and the
// requests to brokers through one RequestSendThread each.
type kafkaController struct {
	c      *Cluster
	b      *Broker
	active bool
	epoch  int

	live       []int                                       // sorted
	brokerZxid map[int]int64                               // broker epochs; looked up, never iterated
	assignment map[replication.TP][]int                    // looked up, never iterated
	parts      []replication.TP                            // sorted
	leadership map[replication.TP]replication.LeaderAndIsr // looked up, never iterated
	pstate     map[replication.TP]string                   // looked up, never iterated
	channels   []*sendThread                               // sorted by broker
	reqSeq     int
}

func (k *kafkaController) s() *sim.Sim { return k.c.s }

// Process is KafkaController.process for one event.
func (k *kafkaController) Process(e controller.Event, work time.Duration) {
	s := k.s()
	s.Sleepf(work, "process%s %s", e.Type.Name, sim.FormatDuration(work))
	switch e.Type.Name {
	case "Startup":
		k.b.zkc.register(pathController, k.controllerChange)
		k.elect()
	case "ControllerChange":
		k.maybeResign()
	case "Reelect":
		k.maybeResign()
		k.elect()
	case "Expire":
		k.resign()
		k.b.Ctl.ActiveControllerID = -1
	case "RegisterBrokerAndReelect":
		k.b.reinitializeSession()
		k.b.zkc.register(pathController, k.controllerChange)
		k.elect()
	case "BrokerChange":
		k.processBrokerChange()
	case "TopicChange":
		k.processTopicChange()
	case "IsrChangeNotification":
		k.processIsrChangeNotification()
	case "UncleanLeaderElectionEnable":
		if k.active {
			k.triggerOnlinePartitionStateChange()
		}
	}
}

// controllerChange is ControllerChangeHandler, on the ZooKeeper event thread.
func (k *kafkaController) controllerChange(what string) {
	name := "ControllerChange"
	if what == "deleted" {
		name = "Reelect"
	}
	e, _ := controller.NewEvent(name, nil)
	k.b.Ctl.Mgr.Put(e)
}

func (k *kafkaController) put(name string) func(string) {
	return func(string) {
		e, _ := controller.NewEvent(name, nil)
		k.b.Ctl.Mgr.Put(e)
	}
}

// elect is KafkaController.elect: read /controller, or create it and
// take over.
func (k *kafkaController) elect() {
	zk, id := k.c.ZK, k.b.ID
	k.b.zkc.touch()
	if n := zk.get(pathController); n != nil {
		k.b.Ctl.ActiveControllerID = n.value.(int)
		return
	}
	if !zk.create(pathController, "brokerid="+strconv.Itoa(id), id, k.b.zkc.session.ID) {
		k.b.Ctl.ActiveControllerID = zk.get(pathController).value.(int)
		return
	}
	k.b.Ctl.ActiveControllerID = id
	k.onControllerFailover()
}

func (k *kafkaController) maybeResign() {
	was := k.active
	n := k.c.ZK.get(pathController)
	k.b.Ctl.ActiveControllerID = -1
	if n != nil {
		k.b.Ctl.ActiveControllerID = n.value.(int)
	}
	if was && k.b.Ctl.ActiveControllerID != k.b.ID {
		k.resign()
	}
}

// onControllerFailover registers the watches, reads the cluster from
// ZooKeeper (initializeControllerContext, with updateLeaderAndIsrCache),
// tells every broker who is live (sendUpdateMetadataRequest), then starts
// the replica state machine before the partition state machine, as
// upstream (Kafka 2.5 KafkaController.scala L217-268): the dead brokers' replicas go
// offline, out of the ISRs, before any election.
func (k *kafkaController) onControllerFailover() {
	zk := k.c.ZK
	k.active = true
	k.epoch = 1
	if n := zk.get(pathControllerEpoch); n != nil {
		k.epoch = n.value.(int) + 1
		zk.set(pathControllerEpoch, strconv.Itoa(k.epoch), k.epoch, -1)
	} else {
		zk.create(pathControllerEpoch, strconv.Itoa(k.epoch), k.epoch, 0)
	}
	zkc := k.b.zkc
	zkc.register(pathBrokerIDs, k.put("BrokerChange"))
	zkc.register(pathTopics, k.put("TopicChange"))
	zkc.register(pathIsrChange, k.put("IsrChangeNotification"))
	for _, n := range zk.children(pathIsrChange) {
		zk.delete(pathIsrChange + "/" + n)
	}
	k.brokerZxid = map[int]int64{}
	k.assignment = map[replication.TP][]int{}
	k.leadership = map[replication.TP]replication.LeaderAndIsr{}
	k.pstate = map[replication.TP]string{}
	k.live, k.parts = nil, nil
	for _, name := range zk.children(pathBrokerIDs) {
		id, _ := strconv.Atoi(name)
		k.live = append(k.live, id)
		k.brokerZxid[id] = zk.get(pathBrokerIDs + "/" + name).czxid
	}
	slices.Sort(k.live)
	for _, b := range k.live {
		k.addChannel(b)
	}
	for _, topic := range zk.children(pathTopics) {
		k.addTopic(topic)
	}
	for _, tp := range k.parts {
		if st, ok := zk.readState(tp); ok {
			k.leadership[tp] = st
		}
	}
	k.s().Emit(sim.Event{Kind: sim.State, Subj: "controller[" + strconv.Itoa(k.b.ID) + "]", From: "inactive", To: "active", Src: srcFailover}.
		Notef("controller epoch %d; live brokers %s", k.epoch, replication.IDs(k.live)))
	bt := k.newBatch()
	bt.updateMetadata(k.live, nil)
	bt.send()
	k.replicaStateMachineStartup()
	k.partitionStateMachineStartup()
}

// replicaStateMachineStartup is ReplicaStateMachine.startup: the replicas
// on live brokers go to OnlineReplica (each gets a LeaderAndIsr with its
// partition's current state, at an unchanged epoch), in one batch; then
// the others go to OfflineReplica, in a second batch (handleStateChanges
// once per target state, Kafka 2.5 ReplicaStateMachine.scala L35-44). OfflineReplica takes a dead
// leader's leadership (-1) and the dead replica out of the ISR, a new
// leader epoch each, before PartitionStateMachine.startup elects.
func (k *kafkaController) replicaStateMachineStartup() {
	bt := k.newBatch()
	var offline []int
	for _, tp := range k.parts {
		st, ok := k.leadership[tp]
		for _, r := range k.assignment[tp] {
			if !k.isLive(r) {
				if !slices.Contains(offline, r) {
					offline = append(offline, r)
				}
				continue
			}
			if ok {
				bt.leaderAndIsr([]int{r}, tp, st, false)
			}
		}
	}
	bt.send()
	slices.Sort(offline)
	bt = k.newBatch()
	for _, id := range offline {
		for _, tp := range k.parts {
			if !slices.Contains(k.assignment[tp], id) {
				continue
			}
			if _, ok := k.leadership[tp]; !ok {
				bt.updateMetadata(k.live, []replication.TP{tp})
				continue
			}
			k.removeReplicaFromIsr(bt, tp, id, true)
		}
	}
	bt.send()
}

// partitionStateMachineStartup is PartitionStateMachine.startup:
// initializePartitionState from the leadership the replica state machine
// has just written (a partition whose leader it took is offline), then
// triggerOnlinePartitionStateChange elects (Kafka 2.5 PartitionStateMachine.scala L37-43).
func (k *kafkaController) partitionStateMachineStartup() {
	for _, tp := range k.parts {
		st, ok := k.leadership[tp]
		switch {
		case !ok:
			k.setStateFrom(tp, "NewPartition", srcInitPartitionState)
		case k.isLive(st.Leader):
			k.setStateFrom(tp, "OnlinePartition", srcInitPartitionState)
		default:
			k.setStateFrom(tp, "OfflinePartition", srcInitPartitionState)
		}
	}
	k.triggerOnlinePartitionStateChange()
}

// resign is onControllerResignation: drop the watches and the channels.
func (k *kafkaController) resign() {
	if !k.active {
		return
	}
	k.active = false
	for _, p := range []string{pathBrokerIDs, pathTopics, pathIsrChange} {
		k.b.zkc.unregister(p)
	}
	for _, ch := range k.channels {
		ch.shutdown()
	}
	k.channels = nil
	k.s().Emit(sim.Event{Kind: sim.State, Subj: "controller[" + strconv.Itoa(k.b.ID) + "]", From: "active", To: "inactive", Src: srcResign})
}

func (k *kafkaController) isLive(id int) bool { return slices.Contains(k.live, id) }

func (k *kafkaController) liveReplicas(tp replication.TP) []int {
	var out []int
	for _, r := range k.assignment[tp] {
		if k.isLive(r) {
			out = append(out, r)
		}
	}
	return out
}

// addTopic reads a topic's assignment into the context and returns its
// partitions not seen before.
func (k *kafkaController) addTopic(topic string) []replication.TP {
	n := k.c.ZK.get(pathTopics + "/" + topic)
	if n == nil {
		return nil
	}
	var out []replication.TP
	for p, replicas := range n.value.([][]int) {
		tp := replication.TP{Topic: topic, Partition: p}
		if _, ok := k.assignment[tp]; ok {
			continue
		}
		k.assignment[tp] = replicas
		k.parts = append(k.parts, tp)
		out = append(out, tp)
	}
	sortTPs(k.parts)
	return out
}

func (k *kafkaController) setState(tp replication.TP, to string) {
	k.setStateFrom(tp, to, srcPartitionState)
}

func (k *kafkaController) setStateFrom(tp replication.TP, to, src string) {
	from := k.pstate[tp]
	if from == to {
		return
	}
	if from == "" {
		from = "NonExistentPartition"
	}
	k.pstate[tp] = to
	k.s().Emit(sim.Event{Kind: sim.State, Subj: "PartitionState[" + tp.String() + "]", From: from, To: to, Note: partitionStates[to], Src: src})
}

// processBrokerChange compares /brokers/ids with the live brokers it knows.
func (k *kafkaController) processBrokerChange() {
	if !k.active {
		return
	}
	zk := k.c.ZK
	cur := map[int]int64{}
	var curIDs []int
	for _, name := range zk.children(pathBrokerIDs) {
		id, _ := strconv.Atoi(name)
		cur[id] = zk.get(pathBrokerIDs + "/" + name).czxid
		curIDs = append(curIDs, id)
	}
	slices.Sort(curIDs)
	var added, dead, bounced []int
	for _, id := range curIDs {
		if !k.isLive(id) {
			added = append(added, id)
		} else if cur[id] > k.brokerZxid[id] {
			bounced = append(bounced, id)
		}
	}
	for _, id := range k.live {
		if _, ok := cur[id]; !ok {
			dead = append(dead, id)
		}
	}
	for _, id := range added {
		k.addChannel(id)
	}
	for _, id := range bounced {
		k.removeChannel(id)
		k.addChannel(id)
	}
	for _, id := range dead {
		k.removeChannel(id)
	}
	if len(added) > 0 {
		k.addLive(added, cur)
		k.onBrokerStartup(added)
	}
	if len(bounced) > 0 {
		k.removeLive(bounced)
		k.onBrokerFailure(bounced)
		k.addLive(bounced, cur)
		k.onBrokerStartup(bounced)
	}
	if len(dead) > 0 {
		k.removeLive(dead)
		k.onBrokerFailure(dead)
	}
}

func (k *kafkaController) addLive(ids []int, zxid map[int]int64) {
	for _, id := range ids {
		k.live = append(k.live, id)
		k.brokerZxid[id] = zxid[id]
	}
	slices.Sort(k.live)
}

func (k *kafkaController) removeLive(ids []int) {
	k.live = slices.DeleteFunc(k.live, func(id int) bool { return slices.Contains(ids, id) })
}

// onBrokerStartup tells the brokers about the new ones, sends the new
// ones their partitions and elects leaders where there are none.
func (k *kafkaController) onBrokerStartup(added []int) {
	var existing []int
	for _, id := range k.live {
		if !slices.Contains(added, id) {
			existing = append(existing, id)
		}
	}
	bt := k.newBatch()
	bt.updateMetadata(existing, nil)
	bt.send()
	bt = k.newBatch()
	var withLeadership []replication.TP
	for _, tp := range k.parts {
		if _, ok := k.leadership[tp]; ok {
			withLeadership = append(withLeadership, tp)
		}
	}
	bt.updateMetadata(added, withLeadership)
	bt.send()
	bt = k.newBatch()
	for _, tp := range k.parts {
		st, ok := k.leadership[tp]
		if !ok {
			continue
		}
		for _, r := range k.assignment[tp] {
			if slices.Contains(added, r) {
				bt.leaderAndIsr([]int{r}, tp, st, false) // OnlineReplica
			}
		}
	}
	bt.send()
	k.triggerOnlinePartitionStateChange()
}

// onBrokerFailure is onReplicasBecomeOffline for every replica of the
// dead brokers: their led partitions go offline and get a leader if one
// can be elected, then the dead replicas leave the ISRs.
func (k *kafkaController) onBrokerFailure(dead []int) {
	var leaderless []replication.TP
	for _, tp := range k.parts {
		if st, ok := k.leadership[tp]; ok && !k.isLive(st.Leader) {
			leaderless = append(leaderless, tp)
			k.setState(tp, "OfflinePartition")
		}
	}
	k.triggerOnlinePartitionStateChange()
	bt := k.newBatch()
	for _, id := range dead {
		for _, tp := range k.parts {
			if !slices.Contains(k.assignment[tp], id) {
				continue
			}
			k.removeReplicaFromIsr(bt, tp, id, false)
		}
	}
	bt.send()
	if len(leaderless) == 0 {
		bt = k.newBatch()
		bt.updateMetadata(k.live, nil)
		bt.send()
	}
}

// removeReplicaFromIsr is the OfflineReplica transition of one replica:
// read the partition's state, drop the replica from the ISR (never below
// one member; a dead leader becomes -1), write it, tell the others. At
// failover it runs before the election (the leader it takes is elected
// next); after a broker failure, after it (no ISR replica was left).
func (k *kafkaController) removeReplicaFromIsr(bt *batch, tp replication.TP, replica int, failover bool) {
	zk := k.c.ZK
	st, ok := zk.readState(tp)
	if !ok {
		return
	}
	next, changed := replication.RemoveReplicaFromIsr(st, replica)
	if !changed {
		return
	}
	next.ControllerEpoch = k.epoch
	v, ok := zk.set(statePath(tp), stateData(next), next, st.ZkVersion)
	if !ok {
		return
	}
	next.ZkVersion = v
	k.leadership[tp] = next
	why := msg.Notef("broker %d offline", replica)
	leaderWhy := msg.Notef("broker %d offline: no live ISR replica to elect", replica)
	if failover {
		why = msg.Notef("broker %d offline: OfflineReplica at controller failover", replica)
		leaderWhy = msg.Notef("%s, before the election", why)
	}
	if next.Leader != st.Leader {
		k.emitLeader(tp, st.Leader, next, leaderWhy, srcOfflineReplica)
	}
	if !slices.Equal(next.ISR, st.ISR) {
		k.emitISR(tp, st.ISR, next.ISR, why, srcOfflineReplica)
	} else if next.Leader == st.Leader {
		k.emitISR(tp, st.ISR, next.ISR, msg.Notef("%s: the last ISR member stays", why), srcOfflineReplica)
	}
	var recipients []int
	for _, r := range k.assignment[tp] {
		if r != replica && k.isLive(r) {
			recipients = append(recipients, r)
		}
	}
	bt.leaderAndIsr(recipients, tp, next, false)
}

// triggerOnlinePartitionStateChange moves every New or Offline partition
// to Online: a new one gets its first live replica as leader, an offline
// one an offline election (unclean if the config allows it).
func (k *kafkaController) triggerOnlinePartitionStateChange() {
	zk := k.c.ZK
	bt := k.newBatch()
	unclean := k.b.uncleanEnabled()
	for _, tp := range k.parts {
		switch k.pstate[tp] {
		case "NewPartition":
			live := k.liveReplicas(tp)
			if len(live) == 0 {
				continue
			}
			st := replication.LeaderAndIsr{Leader: live[0], LeaderEpoch: 0, ISR: sortedInts(live), ControllerEpoch: k.epoch}
			if !zk.create(statePath(tp), stateData(st), st, 0) {
				continue
			}
			k.leadership[tp] = st
			k.setState(tp, "OnlinePartition")
			k.emitLeader(tp, replication.NoLeader, st, msg.Notef("new partition: first live replica %d of %s", st.Leader, replication.IDs(k.assignment[tp])), srcInitLeader)
			k.emitISR(tp, nil, st.ISR, msg.Notef("new partition: its live replicas"), srcInitLeader)
			bt.leaderAndIsr(live, tp, st, true)
		case "OfflinePartition":
			st, ok := zk.readState(tp)
			if !ok {
				continue
			}
			next, wasUnclean, ok := replication.ElectOffline(st, k.assignment[tp], k.isLive, unclean)
			if !ok {
				continue // stays offline: no live ISR replica and unclean election off
			}
			next.ControllerEpoch = k.epoch
			if wasUnclean && k.c.Mon != nil {
				k.c.Mon.OnUncleanElection(tp, next.LeaderEpoch)
			}
			v, ok := zk.set(statePath(tp), stateData(next), next, st.ZkVersion)
			if !ok {
				continue
			}
			next.ZkVersion = v
			k.leadership[tp] = next
			k.setState(tp, "OnlinePartition")
			why := msg.Notef("offline election: first live ISR replica in %s", replication.IDs(k.assignment[tp]))
			if wasUnclean {
				why = msg.Notef("unclean election: no live ISR replica; first live replica in %s", replication.IDs(k.assignment[tp]))
			}
			k.emitLeader(tp, st.Leader, next, why, srcElectLeader)
			if !slices.Equal(next.ISR, st.ISR) {
				k.emitISR(tp, st.ISR, next.ISR, why, srcElectLeader)
			}
			bt.leaderAndIsr(k.liveReplicas(tp), tp, next, false)
		}
	}
	bt.send()
}

func sortedInts(ids []int) []int {
	out := append([]int(nil), ids...)
	slices.Sort(out)
	return out
}

func (k *kafkaController) emitLeader(tp replication.TP, from int, st replication.LeaderAndIsr, why *msg.Note, src string) {
	k.s().Emit(sim.Noted(sim.Event{Kind: sim.Leader, Subj: tp.String(), ID: st.LeaderEpoch, From: strconv.Itoa(from), To: strconv.Itoa(st.Leader), Src: src}, why))
}

func (k *kafkaController) emitISR(tp replication.TP, from, to []int, why *msg.Note, src string) {
	k.s().Emit(sim.Event{Kind: sim.ISR, Subj: tp.String(), ID: k.b.ID, From: replication.IDs(from), To: replication.IDs(to), Src: src}.Notef("controller: %s", why))
}

// processTopicChange creates the partitions of new topics.
func (k *kafkaController) processTopicChange() {
	if !k.active {
		return
	}
	var news []replication.TP
	for _, topic := range k.c.ZK.children(pathTopics) {
		news = append(news, k.addTopic(topic)...)
	}
	for _, tp := range news {
		k.setState(tp, "NewPartition")
	}
	if len(news) > 0 {
		k.triggerOnlinePartitionStateChange()
	}
}

// processIsrChangeNotification refreshes the changed partitions from
// ZooKeeper and tells every broker, then deletes the notifications.
func (k *kafkaController) processIsrChangeNotification() {
	if !k.active {
		return
	}
	zk := k.c.ZK
	var tps []replication.TP
	names := zk.children(pathIsrChange)
	for _, n := range names {
		for _, tp := range zk.get(pathIsrChange + "/" + n).value.([]replication.TP) {
			if !slices.Contains(tps, tp) {
				tps = append(tps, tp)
			}
		}
	}
	sortTPs(tps)
	for _, tp := range tps {
		if st, ok := zk.readState(tp); ok {
			k.leadership[tp] = st
		}
	}
	if len(tps) > 0 {
		bt := k.newBatch()
		bt.updateMetadata(k.live, tps)
		bt.send()
	}
	for _, n := range names {
		zk.delete(pathIsrChange + "/" + n)
	}
}

// batch is ControllerBrokerRequestBatch: LeaderAndIsr per broker, then
// UpdateMetadata for the partitions they carry to every live broker.
type batch struct {
	k         *kafkaController
	lai       map[int][]replication.PartitionState // looked up, never iterated
	laiOrder  []int
	umBrokers []int
	umParts   []replication.TP
	um        bool
}

func (k *kafkaController) newBatch() *batch {
	return &batch{k: k, lai: map[int][]replication.PartitionState{}}
}

func (k *kafkaController) partitionState(tp replication.TP, st replication.LeaderAndIsr, isNew bool) replication.PartitionState {
	return replication.PartitionState{TP: tp, Leader: st.Leader, LeaderEpoch: st.LeaderEpoch, ISR: st.ISR,
		Replicas: k.assignment[tp], ZkVersion: st.ZkVersion, IsNew: isNew}
}

// leaderAndIsr is addLeaderAndIsrRequestForBrokers: also UpdateMetadata of
// tp for every live broker.
func (bt *batch) leaderAndIsr(brokers []int, tp replication.TP, st replication.LeaderAndIsr, isNew bool) {
	for _, b := range brokers {
		if _, ok := bt.lai[b]; !ok {
			bt.laiOrder = append(bt.laiOrder, b)
		}
		bt.lai[b] = append(bt.lai[b], bt.k.partitionState(tp, st, isNew))
	}
	bt.updateMetadata(bt.k.live, []replication.TP{tp})
}

func (bt *batch) updateMetadata(brokers []int, tps []replication.TP) {
	bt.um = true
	for _, b := range brokers {
		if !slices.Contains(bt.umBrokers, b) {
			bt.umBrokers = append(bt.umBrokers, b)
		}
	}
	for _, tp := range tps {
		if !slices.Contains(bt.umParts, tp) {
			bt.umParts = append(bt.umParts, tp)
		}
	}
}

// send is sendRequestsToBrokers: queue each request on its broker's
// channel (dropped for a broker without one: it is not live).
func (bt *batch) send() {
	k := bt.k
	slices.Sort(bt.laiOrder)
	for _, b := range bt.laiOrder {
		k.enqueue(b, "LeaderAndIsr", &replication.LeaderAndIsrRequest{ControllerID: k.b.ID, ControllerEpoch: k.epoch, Partitions: bt.lai[b]}, "LeaderAndIsrResponseReceived")
	}
	if !bt.um {
		return
	}
	sortTPs(bt.umParts)
	slices.Sort(bt.umBrokers)
	var states []replication.PartitionState
	for _, tp := range bt.umParts {
		if st, ok := k.leadership[tp]; ok {
			states = append(states, k.partitionState(tp, st, false))
		}
	}
	for _, b := range bt.umBrokers {
		k.enqueue(b, "UpdateMetadata", &replication.UpdateMetadataRequest{ControllerID: k.b.ID, ControllerEpoch: k.epoch, Partitions: states, LiveBrokers: append([]int(nil), k.live...)}, "UpdateMetadataResponseReceived")
	}
}

func (k *kafkaController) enqueue(broker int, api string, body any, responseEvent string) {
	for _, ch := range k.channels {
		if ch.broker == broker {
			ch.queue.Put(&ctlRequest{api: api, body: body, event: responseEvent}, srcSendBatch)
			return
		}
	}
}

// ctlRequest is a QueueItem of a broker's messageQueue.
type ctlRequest struct {
	api   string
	body  any
	event string
}

// sendThread is RequestSendThread with its broker's messageQueue.
type sendThread struct {
	k      *kafkaController
	broker int
	name   string
	queue  *sim.Queue[*ctlRequest]
	conn   *socketserver.Conn
	inbox  *sim.Queue[*socketserver.Response]
}

func (k *kafkaController) addChannel(broker int) {
	name := k.b.host(controller.SendThread(k.b.ID, broker))
	t := &sendThread{k: k, broker: broker, name: name}
	t.queue = sim.NewQueue(k.s(), name+".messageQueue", 0, func(r *ctlRequest) (int, string) { return 0, r.api })
	k.channels = append(k.channels, t)
	slices.SortFunc(k.channels, func(a, b *sendThread) int { return a.broker - b.broker })
	k.s().Go(name, t.run)
}

func (k *kafkaController) removeChannel(broker int) {
	for i, ch := range k.channels {
		if ch.broker == broker {
			ch.shutdown()
			k.channels = slices.Delete(k.channels, i, i+1)
			return
		}
	}
}

// shutdown stops the thread where it is (it is interruptible) and closes
// its connection.
func (t *sendThread) shutdown() {
	t.k.s().Killf(func(n string) bool { return n == t.name }, "channel to broker %d removed", t.broker)
	if t.conn != nil {
		t.conn.Close()
	}
}

func (t *sendThread) run() {
	k := t.k
	s := k.s()
	for {
		r := t.queue.Take(srcSendThread)
		for !t.sendAndReceive(r) {
			s.Sleep(100*time.Millisecond, "backoff")
		}
		e, _ := controller.NewEvent(r.event, []controller.Arg{{Key: "brokerId", Value: strconv.Itoa(t.broker)}})
		k.b.Ctl.Mgr.Put(e)
	}
}

func (t *sendThread) sendAndReceive(r *ctlRequest) bool {
	k := t.k
	s := k.s()
	if t.conn == nil || t.conn.Closed() {
		inbox := sim.NewQueue(s, t.name+".responses", 0, responseLabel)
		conn, err := k.c.dial(k.b.ID, "controller-"+strconv.Itoa(k.b.ID)+"@"+brokerHost(t.broker), t.broker, func(resp *socketserver.Response) { inbox.Put(resp, srcSendThread) })
		if err != nil {
			s.Emit(sim.Event{Kind: sim.ClientRecv, Subj: "controller-" + strconv.Itoa(k.b.ID) + "@" + brokerHost(t.broker), Item: r.api, Note: replication.ConnectionRefused, Src: srcSendThread})
			return false
		}
		t.conn, t.inbox = conn, inbox
	}
	k.reqSeq++
	req, err := t.conn.Send(r.api, "controller-"+strconv.Itoa(k.b.ID)+"#"+strconv.Itoa(k.reqSeq), r.body)
	if err != nil {
		t.conn = nil
		return false
	}
	resp := t.inbox.Take(srcSendThread)
	if resp == nil {
		t.conn = nil
		s.Emit(sim.Event{Kind: sim.ClientRecv, Subj: req.Conn.Name, ID: req.ID, Item: req.Label(), Note: replication.NetworkException, Src: srcSendThread})
		return false
	}
	s.Emit(sim.Event{Kind: sim.ClientRecv, Subj: req.Conn.Name, ID: req.ID, Item: req.Label(), Note: replication.ResponseError(resp.Body), Src: srcSendThread})
	return true
}

func responseLabel(r *socketserver.Response) (int, string) {
	if r == nil {
		return 0, "disconnected"
	}
	return r.Request.ID, r.Request.Label()
}

func sortTPs(tps []replication.TP) {
	slices.SortFunc(tps, func(a, b replication.TP) int {
		if a.Topic != b.Topic {
			if a.Topic < b.Topic {
				return -1
			}
			return 1
		}
		return a.Partition - b.Partition
	})
}
