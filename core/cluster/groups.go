package cluster

import (
	"slices"

	"brokerlab/core/msg"
	"strconv"
	"time"

	"brokerlab/core/group"
	"brokerlab/core/replication"
	"brokerlab/core/socketserver"
)

// This file puts a GroupCoordinator on every broker (core/group) and
// lets the consumers of core/group reach the brokers: FindCoordinator
// (Kafka 2.5 KafkaApis.handleFindCoordinatorRequest L1259-1319, which
// creates __consumer_offsets on first use, L1008-1044), the coordinator's
// onElection and onResignation from LeaderAndIsr (KafkaApis.scala
// L194-211), and its records appended to __consumer_offsets through the
// replica manager (GroupMetadataManager.appendForGroup L310-321).

// Defaults of the offsets topic (Kafka 2.5 OffsetConfig.scala L56-60).
const (
	DefaultOffsetsPartitions    = 50
	DefaultOffsetsRF            = 3
	DefaultOffsetsCommitTimeout = 5 * time.Second
)

// brokerApis is the broker's KafkaApis: FindCoordinator here, the group
// APIs to its GroupCoordinator, the rest to the replica manager.
type brokerApis struct{ b *Broker }

func (a brokerApis) Handle(req *socketserver.Request) (time.Duration, *socketserver.Response) {
	b := a.b
	if g, ok := group.FindCoordinatorGroup(req.Body); ok {
		err, node := b.findCoordinator(g)
		return b.c.cfg.Replication.TimeOf(req.API), &socketserver.Response{Request: req, Body: group.FindCoordinatorAnswer(req.Body, err, node)}
	}
	if group.IsRequest(req.Body) {
		return b.GC.Handle(req)
	}
	return replication.KafkaApis{RM: b.RM}.Handle(req)
}

// findCoordinator answers FindCoordinator(GROUP, g) from this broker's
// metadata cache: the leader of g's partition of __consumer_offsets, or
// COORDINATOR_NOT_AVAILABLE while the topic is missing (the first ask
// creates it, if enough brokers are alive), its partition has no live
// leader, or the cache has not heard of it yet.
func (b *Broker) findCoordinator(g string) (group.Error, int) {
	c := b.c
	n := c.ZK.get(pathTopics + "/" + group.OffsetsTopic)
	if n == nil {
		live := len(b.RM.Metadata.LiveBrokers())
		if live < c.cfg.OffsetsReplicationFactor {
			return group.CoordinatorNotAvailable, -1 // "Number of alive brokers … does not meet the required replication factor …"
		}
		var ids []int
		for _, id := range c.ZK.children(pathBrokerIDs) {
			n, _ := strconv.Atoi(id)
			ids = append(ids, n)
		}
		slices.Sort(ids)
		c.createTopic(group.OffsetsTopic, assignReplicas(c.s, ids, c.cfg.OffsetsPartitions, c.cfg.OffsetsReplicationFactor))
		return group.CoordinatorNotAvailable, -1
	}
	p := group.PartitionFor(g, len(n.value.([][]int)))
	st := b.RM.Metadata.Partition(replication.TP{Topic: group.OffsetsTopic, Partition: p})
	if st == nil || st.Leader < 0 || !b.RM.Metadata.IsAlive(st.Leader) {
		return group.CoordinatorNotAvailable, -1
	}
	return group.None, st.Leader
}

const srcSendFetches = "Fetcher.java Fetcher.sendFetches"

// offsetsPartitions is groupMetadataTopicPartitionCount: the topic's
// partitions if it exists, else offsets.topic.num.partitions
// (GroupMetadataManager.scala L923-925).
func (c *Cluster) offsetsPartitions() int {
	if n := c.ZK.get(pathTopics + "/" + group.OffsetsTopic); n != nil {
		return len(n.value.([][]int))
	}
	return c.cfg.OffsetsPartitions
}

// startCoordinator gives the new broker process its GroupCoordinator.
func (b *Broker) startCoordinator(srv *socketserver.Server) {
	c := b.c
	gcfg := c.cfg.Group
	gcfg.BrokerID, gcfg.Host = b.ID, b.Host()
	b.GC = group.NewCoordinator(c.Groups, srv, gcfg)
	b.GC.Attach(offsetsLog{b}, c.offsetsPartitions())
	b.RM.LeadershipChange = func(leaders, followers []replication.TP) {
		for _, tp := range leaders {
			if tp.Topic == group.OffsetsTopic {
				b.GC.OnElection(tp.Partition)
			}
		}
		for _, tp := range followers {
			if tp.Topic == group.OffsetsTopic {
				b.GC.OnResignation(tp.Partition)
			}
		}
	}
}

// offsetsLog is the broker's __consumer_offsets as its coordinator uses it.
type offsetsLog struct{ b *Broker }

func (l offsetsLog) Append(wire *socketserver.Request, p int, values []any, done func(string)) {
	b := l.b
	if wire == nil { // storeGroup of a group left empty: no request of a client's
		wire = &socketserver.Request{ID: b.c.s.NextToken(), Name: "storeGroup", API: "Produce"}
	}
	pr := &replication.ProduceRequest{ID: wire.Name, TP: replication.TP{Topic: group.OffsetsTopic, Partition: p}, Acks: -1,
		Timeout: b.c.cfg.OffsetsCommitTimeout, Records: len(values), Values: values}
	b.RM.AppendRecords(wire, pr, func(r *replication.ProduceResponse) { done(r.Error) })
}

func (l offsetsLog) Read(p int) ([]any, bool) {
	log := l.b.RM.LeaderLog(replication.TP{Topic: group.OffsetsTopic, Partition: p})
	if log == nil {
		return nil, false
	}
	out := make([]any, 0, len(log.Records))
	for _, r := range log.Records {
		if r.Value != nil {
			out = append(out, r.Value)
		}
	}
	return out, true
}

// groupNet is how the cluster's consumers reach its brokers (group.Network).
type groupNet struct{ c *Cluster }

func (n groupNet) Dial(name string, broker int, notify func(*socketserver.Response)) (*socketserver.Conn, error) {
	return n.c.dial(0, name, broker, notify)
}

// nodeConn is a consumer's connection to one broker (NetworkClient's
// channel to a node, named C@broker-N) with the replies its requests wait for.
type nodeConn struct {
	conn    *socketserver.Conn
	waiting []nodeReply // in send order
}

type nodeReply struct {
	id    int
	reply func(any)
}

// fail answers every request waiting on a broken connection with nil.
func (nc *nodeConn) fail() {
	ws := nc.waiting
	nc.waiting = nil
	for _, w := range ws {
		w.reply(nil)
	}
}

func (n groupNet) Request(client string, broker int, api string, note *msg.Note, src string, body any, reply func(any)) {
	c := n.c
	key := client + "@" + brokerHost(broker)
	nc := c.nodeConns[key]
	if nc == nil || nc.conn.Closed() {
		nc = &nodeConn{}
		conn, err := c.dial(0, key, broker, func(resp *socketserver.Response) {
			if resp == nil {
				nc.fail()
				return
			}
			for i, w := range nc.waiting {
				if w.id == resp.Request.ID {
					nc.waiting = append(nc.waiting[:i:i], nc.waiting[i+1:]...)
					w.reply(resp.Body)
					return
				}
			}
		})
		if err != nil {
			reply(nil)
			return
		}
		nc.conn = conn
		c.nodeConns[key] = nc
	}
	req, err := nc.conn.SendNote(api, client+"#"+strconv.Itoa(nc.conn.Requests+1), note, src, body)
	if err != nil {
		reply(nil)
		return
	}
	nc.waiting = append(nc.waiting, nodeReply{req.ID, reply})
}

// leaderOf is tp's leader as the metadata cache of the first running
// broker has it (the consumer's metadata), -1 if none.
func (n groupNet) leaderOf(tp replication.TP) int {
	b := n.c.Broker(n.LeastLoadedNode())
	if b == nil || b.RM == nil {
		return -1
	}
	if st := b.RM.Metadata.Partition(tp); st != nil {
		return st.Leader
	}
	return -1
}

func (n groupNet) Fetch(client string, tp group.TopicPartition, offset int64, reply func(group.Fetched)) {
	rtp := replication.TP{Topic: tp.Topic, Partition: tp.Partition}
	fail := func(code string) { reply(group.Fetched{TP: tp, Error: code, From: offset, To: offset, HW: -1}) }
	leader := n.leaderOf(rtp)
	if leader < 0 {
		fail(replication.LeaderNotAvailable)
		return
	}
	body := consumerFetch(n.c.cfg.Client, rtp, int(offset))
	n.Request(client, leader, "Fetch", msg.Notef("%s from offset %d", rtp.String(), offset), srcSendFetches, body, func(b any) {
		if b == nil {
			fail(string(group.Disconnect))
			return
		}
		pd := b.(*replication.FetchResponse).Partitions[0]
		reply(group.Fetched{TP: tp, Error: pd.Error, From: offset, To: offset + int64(len(pd.Records)), HW: int64(pd.HW)})
	})
}

// consumerFetch is a consumer's Fetch of tp from offset (replica id -1,
// its leader epoch unchecked), with the client's fetch.max.wait.ms and
// fetch.min.bytes.
func consumerFetch(cc ClientConfig, tp replication.TP, offset int) *replication.FetchRequest {
	return &replication.FetchRequest{ReplicaID: -1, MaxWait: cc.FetchMaxWait, MinBytes: cc.FetchMinBytes,
		Partitions: []replication.FetchPartition{{TP: tp, FetchOffset: offset, CurrentLeaderEpoch: -1}}}
}

// HighWatermark is tp's high watermark at its leader (what ListOffsets
// LATEST answers a read_uncommitted consumer).
func (n groupNet) HighWatermark(tp group.TopicPartition) int64 {
	rtp := replication.TP{Topic: tp.Topic, Partition: tp.Partition}
	if b := n.c.Broker(n.leaderOf(rtp)); b != nil && b.RM != nil {
		if p := b.RM.Partition(rtp); p != nil && p.IsLeader() {
			return int64(p.Log.HW)
		}
	}
	return -1
}

// LeastLoadedNode is the running broker with the lowest id: every
// client's connections are idle between requests here, so the least
// loaded node is the first one NetworkClient tries.
func (n groupNet) LeastLoadedNode() int {
	for _, b := range n.c.Brokers {
		if b.State == BrokerRunning || b.State == BrokerStalled {
			return b.ID
		}
	}
	return -1
}

// Metadata is each existing topic's partition count, as the brokers'
// metadata answers give it once the controller has made the partitions.
func (n groupNet) Metadata(topics []string) map[string]int {
	out := map[string]int{}
	for _, t := range topics {
		if z := n.c.ZK.get(pathTopics + "/" + t); z != nil {
			out[t] = len(z.value.([][]int))
		}
	}
	return out
}
