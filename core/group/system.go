package group

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

// System is the group system of a scenario: one broker's GroupCoordinator
// with its threads, the cluster's topic metadata, and the consumers. The
// scenario's actions run on the application's main thread.
type System struct {
	s            *sim.Sim
	cfg          Config
	server       *socketserver.Server // `use group`: the one broker; nil in a cluster
	coord        *Coordinator         // `use group`: its coordinator; nil in a cluster
	main         *sim.Worker
	net          Network        // a cluster's brokers; nil in `use group`
	coordinators []*Coordinator // a cluster's, one a broker process, in creation order
	admin        *socketserver.Conn

	topics     map[string][]topicVersion // lookups only; history for metadata refreshes
	consumers  map[string]*Consumer      // the latest consumer of each name; lookups only
	clients    []*Consumer               // consumers that fetch (NewClient), in creation order
	logs       map[TopicPartition]int64  // each partition's log end offset; lookups only
	deletes    map[string]Error          // DeleteGroups answers, by group
	Violations []string
}

type topicVersion struct {
	at         time.Duration
	partitions int
}

// New assembles the system: the broker's socket server, whose request
// handlers run the coordinator, and the coordinator's purgatories start,
// idle; topics and consumers come from actions.
func New(s *sim.Sim, cfg Config) (*System, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	y := &System{s: s, cfg: cfg, topics: map[string][]topicVersion{}, consumers: map[string]*Consumer{}, deletes: map[string]Error{},
		logs: map[TopicPartition]int64{}}
	srv := socketserver.DefaultConfig()
	srv.BrokerID, srv.NumNetworkThreads, srv.NumIoThreads, srv.NetworkLatency, srv.Clients = cfg.BrokerID, 1, cfg.NumIOThreads, cfg.NetworkLatency, false
	y.coord = newCoordinator(y, s, cfg)
	srv.Apis = y.coord
	server, err := socketserver.New(s, srv)
	if err != nil {
		return nil, err
	}
	y.server, y.coord.server = server, server
	y.main = s.NewWorker("main", "signals")
	return y, nil
}

// Network is how the consumers of a cluster reach its brokers.
type Network interface {
	// Dial opens a client connection named name to broker.
	Dial(name string, broker int, notify func(*socketserver.Response)) (*socketserver.Conn, error)
	// LeastLoadedNode is the broker a FindCoordinator goes to, -1 if none runs.
	LeastLoadedNode() int
	// Metadata is the partition count of each of topics that exists now.
	Metadata(topics []string) map[string]int
	// Request sends body, a request of api, from client to broker over the
	// client's connection to it; reply runs with the response's body, or
	// nil when the connection broke or was refused.
	Request(client string, broker int, api string, note *msg.Note, src string, body any, reply func(any))
	// Fetch sends client's Fetch of tp from offset to tp's leader; reply
	// runs with the answer.
	Fetch(client string, tp TopicPartition, offset int64, reply func(Fetched))
	// HighWatermark is tp's high watermark at its leader, -1 without one.
	HighWatermark(tp TopicPartition) int64
}

// NewInCluster is the group layer of a cluster: its consumers reach the
// brokers over net and find their groups' coordinators with
// FindCoordinator; each broker process makes its own Coordinator
// (NewCoordinator). main is the thread the scenario's actions run on.
func NewInCluster(s *sim.Sim, cfg Config, net Network, main *sim.Worker) (*System, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &System{s: s, cfg: cfg, net: net, main: main, topics: map[string][]topicVersion{}, consumers: map[string]*Consumer{},
		deletes: map[string]Error{}, logs: map[TopicPartition]int64{}}, nil
}

// group is the group with that id as its coordinator has it now: in a
// cluster, the newest coordinator that owns its partition, loaded.
func (y *System) group(id string) *groupMetadata {
	if y.coord != nil {
		return y.coord.groups[id]
	}
	for i := len(y.coordinators) - 1; i >= 0; i-- {
		if c := y.coordinators[i]; c.Owns(id) && c.groups[id] != nil {
			return c.groups[id]
		}
	}
	return nil
}

// CoordinatorOf is the broker that coordinates group now (owns its
// partition, loaded), -1 if none; `use group` has broker 1.
func (y *System) CoordinatorOf(group string) int {
	if y.coord != nil {
		return y.cfg.BrokerID
	}
	for i := len(y.coordinators) - 1; i >= 0; i-- {
		if c := y.coordinators[i]; c.Owns(group) {
			return c.cfg.BrokerID
		}
	}
	return -1
}

// completedRebalances is the group-completed-rebalance-count metric of every coordinator.
func (y *System) completedRebalances() int {
	if y.coord != nil {
		return y.coord.CompletedRebalances
	}
	n := 0
	for _, c := range y.coordinators {
		n += c.CompletedRebalances
	}
	return n
}

// Main is the application's main thread, where the scenario's actions run.
func (y *System) Main() *sim.Worker { return y.main }

// Config is the system's configuration.
func (y *System) Config() Config { return y.cfg }

func (y *System) violation(n *msg.Note, src string) {
	e := sim.Event{Kind: sim.Invariant, Src: src}
	e.Words, e.Note = n, n.String()
	y.Violations = append(y.Violations, e.Note)
	y.s.Emit(e)
}

// partitionsAt is the topic's partition count at time t (0: no such topic).
func (y *System) partitionsAt(topic string, t time.Duration) int {
	if y.net != nil {
		return y.net.Metadata([]string{topic})[topic] // a cluster's topics now
	}
	n := 0
	for _, v := range y.topics[topic] {
		if v.at <= t {
			n = v.partitions
		}
	}
	return n
}

// metadataAt is the partition count of each of topics that exists at t,
// as a metadata response then would give it.
func (y *System) metadataAt(topics []string, t time.Duration) map[string]int {
	out := map[string]int{}
	for _, tp := range topics {
		if n := y.partitionsAt(tp, t); n > 0 {
			out[tp] = n
		}
	}
	return out
}

// sameMetadata compares two metadata snapshots of topics.
func sameMetadata(topics []string, a, b map[string]int) bool {
	for _, t := range topics {
		if a[t] != b[t] {
			return false
		}
	}
	return true
}

func (y *System) action(text, src string) {
	y.s.Emit(sim.Event{Kind: sim.Action, Note: text, Src: src})
}

// Topic schedules "topic T partitions=N": create the topic, or add
// partitions to it (CreatePartitions); a topic never shrinks.
func (y *System) Topic(at time.Duration, name string, partitions int) {
	y.main.Post(at, func() {
		text := "topic " + name + " partitions=" + strconv.Itoa(partitions)
		cur := y.partitionsAt(name, y.s.Now())
		switch {
		case cur == 0:
			y.action(text, srcCreateTopics)
		case partitions > cur:
			y.action(text, srcCreatePartitions)
		default:
			y.s.Refuse(text, msg.New("gr.partitions.shrink", cur), srcCreatePartitions)
			return
		}
		y.topics[name] = append(y.topics[name], topicVersion{y.s.Now(), partitions})
	})
}

// running is the consumer of that name if it has not closed.
func (y *System) running(name string) *Consumer {
	if c := y.consumers[name]; c != nil && !c.closing {
		return c
	}
	return nil
}

// closing is whether consumer name is closing and has not closed yet:
// its connection is still open, so a new process of that name waits.
func (y *System) closing(name string) bool {
	c := y.consumers[name]
	return c != nil && c.closing && !c.closed
}

// Join schedules "consumer C join G topics=…": a new KafkaConsumer
// subscribes and starts polling.
func (y *System) Join(at time.Duration, name, group string, topics []string, cfg ConsumerConfig) {
	y.main.Post(at, func() {
		text := "consumer " + name + " join " + group + " topics=" + strings.Join(topics, ",")
		if cfg.GroupInstanceID != "" {
			text += " instance=" + cfg.GroupInstanceID
		}
		if y.running(name) != nil {
			y.s.Refuse(text, msg.New("gr.running", name), srcPoll)
			return
		}
		if y.closing(name) {
			y.s.Refuse(text, msg.New("gr.closing", name), srcPoll)
			return
		}
		if err := cfg.Validate(); err != nil {
			y.s.Refuse(text, err.(*msg.Error), srcPoll)
			return
		}
		y.action(text, srcPoll)
		c := newConsumer(y, name, group, topics, cfg)
		y.consumers[name] = c
		y.start(c)
	})
}

// start runs a consumer of Join or Restart: in a cluster it fetches and
// commits (fetch.go); in `use group` it only keeps its group membership.
func (y *System) start(c *Consumer) {
	if y.net != nil {
		y.startFetching(c)
		return
	}
	y.s.Go(c.Name, c.run)
}

// Leave schedules "consumer C leave": the application closes the consumer.
func (y *System) Leave(at time.Duration, name string) {
	y.wake(at, name, "consumer "+name+" leave", &message{wake: "close"}, srcClose)
}

// Stall schedules "consumer C stall D": the whole consumer freezes for d,
// like a long GC pause: no polls, no heartbeats.
func (y *System) Stall(at time.Duration, name string, d time.Duration) {
	y.wake(at, name, "consumer "+name+" stall "+sim.FormatDuration(d), &message{wake: "stall", dur: d}, srcPoll)
}

// Process schedules "consumer C process D": poll returns a batch whose
// processing takes d; the heartbeat thread keeps running meanwhile.
func (y *System) Process(at time.Duration, name string, d time.Duration) {
	y.wake(at, name, "consumer "+name+" process "+sim.FormatDuration(d), &message{wake: "process", dur: d}, srcPoll)
}

func (y *System) wake(at time.Duration, name, text string, m *message, src string) {
	y.main.Post(at, func() {
		c := y.running(name)
		if c == nil {
			y.s.Refuse(text, msg.New("gr.not.running", name), src)
			return
		}
		y.action(text, src)
		if m.wake == "stall" {
			c.stallUntil = max(c.stallUntil, y.s.Now()+m.dur)
		}
		m.id = y.s.NextToken()
		c.responses.Put(m, src)
	})
}

// DeleteGroup schedules "group G delete": an admin client's DeleteGroups.
func (y *System) DeleteGroup(at time.Duration, group string) {
	y.main.Post(at, func() {
		y.action("group "+group+" delete", srcAdmin)
		r := &request{id: y.s.NextToken(), api: apiDeleteGroups, client: adminClient, groupID: group}
		r.replyTo = func(resp *response) {
			y.deletes[group] = resp.err
			y.s.Emit(sim.Event{Kind: sim.ClientRecv, Subj: adminClient, ID: r.id, Item: resp.label(), Src: srcAdmin})
		}
		y.send(&y.admin, r, msg.Literal(group), srcAdmin)
	})
}

// send writes r on *conn, its client's connection to the broker (named
// as the trace names the client: member[C], admin), dialling it first if
// it has none or it broke; the response comes back to r.replyTo where the
// client reads it.
func (y *System) send(conn **socketserver.Conn, r *request, note *msg.Note, src string) {
	if *conn == nil || (*conn).Closed() {
		c, err := y.server.Dial(r.subj(), "", func(resp *socketserver.Response) {
			if resp != nil {
				rr := resp.Body.(*response)
				rr.req.replyTo(rr)
			}
		})
		if err != nil {
			panic(err) // a client's name is open twice: a bug, not a scenario's mistake
		}
		*conn = c
	}
	name := r.client + "#" + strconv.Itoa((*conn).Requests+1)
	if _, err := (*conn).SendNote(r.api, name, note, src, r); err != nil {
		panic(err)
	}
}

// AssignmentViolations checks every Stable group: each partition is
// assigned to exactly one member (every partition of the subscribed
// topics, as the leader's metadata had them, and none twice).
func (y *System) AssignmentViolations() []string {
	var out []string
	for _, id := range y.groupIDs() {
		if g := y.group(id); g != nil && g.is(Stable) {
			for _, p := range assignmentProblems(g, y) {
				out = append(out, p.String())
			}
		}
	}
	return out
}

func (y *System) checkAssignment(g *groupMetadata) {
	for _, p := range assignmentProblems(g, y) {
		y.violation(p, srcHandleSyncGroup)
	}
}

// ownedAtJoin: some member owned tp when it joined this generation.
// Under COOPERATIVE such a partition may be left to nobody for one
// generation while its owner revokes it (KIP-429; Kafka 2.5
// ConsumerPartitionAssignor.java L191-231); under EAGER no
// member owns anything at JoinGroup.
func (g *groupMetadata) ownedAtJoin(tp TopicPartition) bool {
	for _, m := range g.members {
		if slices.Contains(m.metadata(g.protocol).owned, tp) {
			return true
		}
	}
	return false
}

func assignmentProblems(g *groupMetadata, y *System) []*msg.Note {
	var out []*msg.Note
	owner := map[TopicPartition]string{}
	for _, m := range g.members {
		for _, tp := range m.assignment {
			if o, ok := owner[tp]; ok {
				out = append(out, msg.Notef("%s generation %d: %s is assigned to both %s and %s", g.id, g.generation, tp, o, m.client))
			}
			owner[tp] = m.client
			if tp.Partition < 0 || tp.Partition >= y.partitionsAt(tp.Topic, y.s.Now()) {
				out = append(out, msg.Notef("%s generation %d: %s does not exist", g.id, g.generation, tp))
			}
		}
	}
	var topics []string
	seen := map[string]bool{}
	for _, m := range g.members {
		for _, t := range m.metadata(g.protocol).topics {
			if !seen[t] {
				seen[t] = true
				topics = append(topics, t)
			}
		}
	}
	sort.Strings(topics)
	for _, t := range topics {
		for p := 0; p < g.plan[t]; p++ {
			if _, ok := owner[TopicPartition{t, p}]; !ok && !g.ownedAtJoin(TopicPartition{t, p}) {
				out = append(out, msg.Notef("%s generation %d: %s-%d is assigned to nobody", g.id, g.generation, t, p))
			}
		}
	}
	return out
}

func (y *System) groupIDs() []string {
	var ids []string
	if y.coord != nil {
		ids = append(ids, y.coord.groupOrder...)
	}
	for _, c := range y.coordinators {
		for _, id := range c.groupOrder {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	sort.Strings(ids)
	return ids
}
