package cluster

import (
	"slices"
	"strconv"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/replication"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

const (
	srcSender         = "Sender.java Sender.runOnce"
	srcCompleteBatch  = "Sender.java Sender.completeBatch"
	srcSend           = "KafkaProducer.java KafkaProducer.send"
	srcPoll           = "KafkaConsumer.java KafkaConsumer.poll"
	srcTimedOut       = "NetworkClient.java NetworkClient.handleTimedOutRequests"
	srcExpire         = "Sender.java Sender.sendProducerData"
	srcInitProducerID = "TransactionManager.java InitProducerIdHandler.handleResponse"
)

// Batch is one produce or consume action and what became of it.
type Batch struct {
	ID      string // the action's id= (R)
	API     string // Produce or Fetch
	TP      replication.TP
	Acks    int
	Records int // produce: how many; consume: how many came back
	From    int // consume: the fetch offset
	Created time.Duration

	Retries    int
	Errors     []string // each attempt's error, in order
	Result     string   // the final error; "" while pending
	BaseOffset int      // produce: the first offset; -1 if none
	Offsets    []int    // consume: the offsets read
	HW         int      // consume: the HW the leader answered

	// The idempotent producer's header, set when the batch is first
	// drained and kept on every retry; ProducerID -1 without idempotence.
	ProducerID, ProducerEpoch, Sequence int

	nextAttempt time.Duration
	inFlight    bool
}

// Client is a producer (its Sender thread, kafka-producer-network-thread
// | producer-1) or a consumer (its poll loop, consumer-1): a metadata
// cache, one connection per broker, and the batches it works on.
type Client struct {
	ID     string
	thread string
	c      *Cluster
	cfg    ClientConfig
	calls  *sim.Queue[*Batch]
	inbox  *sim.Queue[clientMsg]

	conns        []*clientConn          // by broker id - 1
	leaders      map[replication.TP]int // looked up, never iterated
	stale        bool
	metaInFlight bool
	metaRetryAt  time.Duration
	refused      []time.Duration // until when each broker is not tried again
	next         int             // the last node asked for metadata
	seq          int
	pending      []*Batch

	// The idempotent producer's TransactionManager: its producer id and
	// epoch (-1 until InitProducerId answers) and each partition's next
	// sequence.
	producerID, producerEpoch int
	initInFlight              bool
	nextSeq                   map[replication.TP]int // looked up, never iterated
}

type clientConn struct {
	conn     *socketserver.Conn
	inFlight []clientReq
}

type clientReq struct {
	req   *socketserver.Request
	batch *Batch // nil for Metadata
}

type clientMsg struct {
	conn *socketserver.Conn
	resp *socketserver.Response // nil: the connection broke
}

func (c *Cluster) newClient(id, thread, queue string) *Client {
	cl := &Client{ID: id, thread: "clients/" + thread, c: c, cfg: c.cfg.Client, leaders: map[replication.TP]int{},
		conns: make([]*clientConn, c.cfg.Brokers), refused: make([]time.Duration, c.cfg.Brokers), stale: true,
		producerID: replication.NoProducerID, producerEpoch: -1, nextSeq: map[replication.TP]int{}}
	cl.calls = sim.NewQueue(c.s, "clients/"+id+"."+queue, 0, func(b *Batch) (int, string) { return 0, b.API + ":" + b.ID })
	cl.inbox = sim.NewQueue(c.s, "clients/"+id+".responses", 0, func(m clientMsg) (int, string) {
		if m.resp == nil {
			return 0, "disconnected"
		}
		return m.resp.Request.ID, m.resp.Request.Label()
	})
	c.s.Go(cl.thread, cl.run)
	return cl
}

// Produce is "produce P [acks=all|1|0] [records=N] [id=R]": the
// application's send() of N records to partition P; the producer's Sender
// sends them to the leader and retries as Kafka 2.5's does.
func (c *Cluster) Produce(at time.Duration, text, id string, tp replication.TP, acks, records int) {
	// KafkaProducer.waitOnMetadata: a partition the topic does not have is
	// an exception of send itself (a topic nobody created is waited for,
	// and the batch times out).
	invalid := func() *msg.Error {
		if n := c.partitionCount(tp.Topic); n > 0 && tp.Partition >= n {
			return msg.New("cl.partition.range", tp.Partition, n)
		}
		return nil
	}
	c.act(c.app, at, text, srcSend, invalid, func() {
		if c.producer == nil {
			c.producer = c.newClient("producer-1", "kafka-producer-network-thread | producer-1", "RecordAccumulator")
		}
		if id == "" {
			id = "r" + strconv.Itoa(len(c.Produces)+1)
		}
		b := &Batch{ID: id, API: "Produce", TP: tp, Acks: acks, Records: records, Created: c.s.Now(), BaseOffset: -1, HW: -1,
			ProducerID: replication.NoProducerID, ProducerEpoch: -1, Sequence: -1}
		c.Produces = append(c.Produces, b)
		c.producer.calls.Put(b, srcSend)
	})
}

// partitionCount is topic's partition count as /brokers/topics has it, 0
// if the topic does not exist.
func (c *Cluster) partitionCount(topic string) int {
	if n := c.ZK.get(pathTopics + "/" + topic); n != nil {
		if a, ok := n.value.([][]int); ok {
			return len(a)
		}
	}
	return 0
}

// Consume is "consume P [from=O] [id=R]": one fetch of partition P from
// offset O by the consumer, which reads only below the high watermark.
func (c *Cluster) Consume(at time.Duration, text, id string, tp replication.TP, from int) {
	c.act(c.app, at, text, srcPoll, nil, func() {
		if c.consumer == nil {
			c.consumer = c.newClient("consumer-1", "consumer-1", "fetches")
		}
		if id == "" {
			id = "c" + strconv.Itoa(len(c.Consumes)+1)
		}
		b := &Batch{ID: id, API: "Fetch", TP: tp, From: from, Created: c.s.Now(), BaseOffset: -1, HW: -1,
			ProducerID: replication.NoProducerID, ProducerEpoch: -1, Sequence: -1}
		c.Consumes = append(c.Consumes, b)
		c.consumer.calls.Put(b, srcPoll)
	})
}

// run is the client's network loop (Sender.runOnce / NetworkClient.poll):
// send what is ready, then wait for a new call, a response, the next retry
// or batch expiry, or, with requests in flight, at most request.timeout.ms
// (NetworkClient.poll's selector timeout); then check the requests in
// flight against request.timeout.ms, after the responses that came in
// (NetworkClient.poll handles completed receives first).
func (cl *Client) run() {
	s := cl.c.s
	for {
		wait := cl.sendReady()
		if cl.hasInFlight() {
			// Upstream polls with Utils.min(timeout, metadataTimeout,
			// defaultRequestTimeoutMs) always; idle, the wake-ups do
			// nothing, so the model waits forever then.
			poll := max(cl.cfg.RequestTimeout, time.Millisecond)
			if wait == 0 || wait > poll {
				wait = poll
			}
		}
		var b *Batch
		var m clientMsg
		cases := []sim.Case{cl.calls.Recv(&b, srcSender), cl.inbox.Recv(&m, srcSender)}
		if wait > 0 {
			cases = append(cases, sim.After(wait))
		}
		switch s.Select(srcSender, cases...) {
		case 0:
			cl.pending = append(cl.pending, b)
		case 1:
			cl.receive(m)
		}
		if cl.inbox.Len() == 0 {
			cl.handleTimedOutRequests()
		}
	}
}

// hasInFlight reports whether any request waits for its response.
func (cl *Client) hasInFlight() bool {
	for _, cc := range cl.conns {
		if cc != nil && len(cc.inFlight) > 0 {
			return true
		}
	}
	return false
}

// handleTimedOutRequests is NetworkClient.handleTimedOutRequests: a
// connection with a request in flight for longer than request.timeout.ms
// (InFlightRequests.hasExpiredRequest: now - sendTimeMs >
// requestTimeoutMs) is closed, and every request in flight on it fails
// with NETWORK_EXCEPTION, as on any disconnect; the next send opens a new
// connection, after reconnect.backoff.ms.
func (cl *Client) handleTimedOutRequests() {
	now := cl.c.s.Now()
	for i, cc := range cl.conns {
		if cc == nil || !slices.ContainsFunc(cc.inFlight, func(r clientReq) bool { return now-r.req.SentAt > cl.cfg.RequestTimeout }) {
			continue
		}
		cl.dropConn(cc, msg.Notef("NETWORK_EXCEPTION: request.timeout.ms %s passed, disconnecting from node %d", sim.FormatDuration(cl.cfg.RequestTimeout), i+1), srcTimedOut)
	}
}

// dropConn closes cc from the client's side and fails its requests
// (NetworkClient.disconnect); the node is not tried again before
// reconnect.backoff.ms.
func (cl *Client) dropConn(cc *clientConn, why *msg.Note, src string) {
	i := slices.Index(cl.conns, cc)
	cc.conn.Close()
	cl.conns[i] = nil
	cl.refused[i] = cl.c.s.Now() + reconnectBackoff
	cl.disconnected(cc, why, src)
}

// disconnected fails every request in flight on cc with NETWORK_EXCEPTION
// (NetworkClient.cancelInFlightRequests), noted why (nil: the code alone),
// and asks for fresh metadata.
func (cl *Client) disconnected(cc *clientConn, why *msg.Note, src string) {
	s := cl.c.s
	reqs := cc.inFlight
	cc.inFlight = nil
	cl.stale = true
	for _, r := range reqs {
		s.Emit(sim.Noted(sim.Event{Kind: sim.ClientRecv, Subj: cc.conn.Name, ID: r.req.ID, Item: r.req.Label(), Note: replication.NetworkException, Src: src}, why))
		if r.batch == nil {
			if r.req.API == "Metadata" {
				cl.metaInFlight = false
			} else {
				cl.initInFlight = false
			}
			continue
		}
		cl.complete(r.batch, replication.NetworkException, -1, nil, -1)
	}
}

// sendReady drains what is ready (RecordAccumulator.ready and drain),
// asks for metadata if some leader is not known, and returns how long to
// wait for the next retry (0: nothing to wait for). Each partition's
// queued produce batches, in pending's order, are its deque: only the
// first can go, and a first batch that cannot (backing off, muted, not
// the next in line, no leader or connection) holds back the rest of its
// partition. The model sends each batch alone; a partition can drain
// again at once after a send, as Sender.runOnce polls with no wait while
// nodes are ready.
func (cl *Client) sendReady() time.Duration {
	s := cl.c.s
	now := s.Now()
	var wake time.Duration = -1
	later := func(t time.Duration) {
		if t > now && (wake < 0 || t < wake) {
			wake = t
		}
	}
	needMeta := false
	// Sender.runOnce: an idempotent producer without a producer id asks
	// for one (TransactionManager's InitProducerId, to the least loaded
	// node) and sends no produce before the answer.
	waitPID := cl.cfg.EnableIdempotence && cl.producerID == replication.NoProducerID && slices.ContainsFunc(cl.pending, func(b *Batch) bool { return b.API == "Produce" })
	if waitPID && !cl.initInFlight && !cl.request("InitProducerId", &replication.InitProducerIdRequest{}) {
		later(now + reconnectBackoff)
	}
	held := map[replication.TP]bool{} // partitions whose first batch stays; looked up, never iterated
	for _, b := range slices.Clone(cl.pending) {
		if b.API == "Produce" {
			// RecordAccumulator.expiredBatches and
			// Sender.getExpiredInflightBatches: delivery.timeout.ms
			// after its creation a batch fails, queued or in flight
			// (ProducerBatch.hasReachedDeliveryTimeout); a response
			// that comes later finds it done.
			if now-b.Created >= cl.cfg.DeliveryTimeout {
				cl.finishFrom(b, replication.DeliveryTimeout, msg.Notef("Expiring %d record(s) for %s:%d ms has passed since batch creation",
					b.Records, b.TP.String(), (now-b.Created).Milliseconds()), srcExpire)
				continue
			}
			later(b.Created + cl.cfg.DeliveryTimeout)
		}
		if b.inFlight {
			continue
		}
		if b.API == "Produce" && (held[b.TP] || waitPID || !cl.drainable(b)) {
			held[b.TP] = true
			if b.nextAttempt > now {
				later(b.nextAttempt)
			}
			continue
		}
		if b.nextAttempt > now {
			later(b.nextAttempt)
			continue
		}
		held[b.TP] = true // until it is sent
		leader, ok := cl.leaders[b.TP]
		if !ok || cl.stale {
			needMeta = true
			continue
		}
		cc := cl.connect(leader)
		if cc == nil {
			cl.stale = true
			needMeta = true
			b.nextAttempt = now + reconnectBackoff
			later(b.nextAttempt)
			continue
		}
		if len(cc.inFlight) >= cl.cfg.MaxInFlight {
			continue // InFlightRequests.canSendMore: a response wakes the loop
		}
		cl.send(cc, b)
		delete(held, b.TP)
	}
	// A broken connection or a retriable error asks for fresh metadata at
	// once (Metadata.requestUpdate), even with nothing to send.
	if (needMeta || cl.stale) && !cl.metaInFlight {
		if cl.metaRetryAt > now {
			later(cl.metaRetryAt)
		} else if !cl.requestMetadata() {
			later(now + reconnectBackoff)
		}
	}
	if wake < 0 {
		return 0
	}
	return wake - now
}

// drainable reports whether b, the first queued batch of its partition,
// may be drained now, as RecordAccumulator.ready and drain decide:
//   - not while it backs off: a batch sent before waits retry.backoff.ms
//     from its last attempt, and the partition's later batches with it
//     (ready and drainBatchesForOneNode look only at peekFirst);
//   - not while the partition is muted: with
//     max.in.flight.requests.per.connection 1 (guaranteeMessageOrder)
//     a partition with a batch in flight sends nothing else (Sender
//     mutes it at drain and unmutes it in completeBatch);
//   - with idempotence, a retried batch only when it is the lowest
//     sequence not yet acknowledged (shouldStopDrainBatchesForPartition:
//     first.baseSequence() == firstInFlightSequence(tp)), so retries go
//     one at a time, in sequence order.
func (cl *Client) drainable(b *Batch) bool {
	if b.Retries > 0 && b.nextAttempt > cl.c.s.Now() {
		return false
	}
	if cl.cfg.MaxInFlight == 1 && slices.ContainsFunc(cl.pending, func(x *Batch) bool { return x.inFlight && x.TP == b.TP }) {
		return false
	}
	return b.Sequence < 0 || b.Sequence == cl.firstInFlightSequence(b.TP)
}

// firstInFlightSequence is TransactionManager.firstInFlightSequence: the
// lowest base sequence of tp's batches that have one and are not done,
// in flight or queued for a retry (inflightBatchesBySequence keeps a
// batch from its first drain to its completion); -1 if none.
func (cl *Client) firstInFlightSequence(tp replication.TP) int {
	first := -1
	for _, x := range cl.pending {
		if x.TP == tp && x.Sequence >= 0 && (first < 0 || x.Sequence < first) {
			first = x.Sequence
		}
	}
	return first
}

// reenqueue puts a batch that will be retried back into its partition's
// deque (RecordAccumulator.reenqueue): at the head (addFirst), or with
// idempotence in sequence order (insertInSequenceOrder: after the queued
// batches with a lower sequence, before those with a higher one or none
// yet). Batches in flight are in no deque; alone in it, b keeps its place
// among the other partitions' batches.
func (cl *Client) reenqueue(b *Batch) {
	at := slices.Index(cl.pending, b)
	cl.pending = slices.Delete(cl.pending, at, at+1)
	var queued []int // indexes in pending of b's partition's deque
	for i, x := range cl.pending {
		if x.TP == b.TP && x.API == b.API && !x.inFlight {
			queued = append(queued, i)
		}
	}
	if len(queued) > 0 {
		at = queued[len(queued)-1] + 1
		for _, i := range queued {
			if x := cl.pending[i]; !cl.cfg.EnableIdempotence || x.Sequence < 0 || x.Sequence > b.Sequence {
				at = i
				break
			}
		}
	}
	cl.pending = slices.Insert(cl.pending, at, b)
}

func (cl *Client) send(cc *clientConn, b *Batch) {
	var body any
	if b.API == "Produce" {
		pr := &replication.ProduceRequest{ID: b.ID, TP: b.TP, Acks: b.Acks, Timeout: cl.cfg.RequestTimeout, Records: b.Records}
		if cl.cfg.EnableIdempotence {
			if b.Sequence < 0 {
				// RecordAccumulator.drain: the first drain stamps the batch;
				// a retry keeps its sequence ("may introduce duplicates"
				// otherwise).
				b.ProducerID, b.ProducerEpoch, b.Sequence = cl.producerID, cl.producerEpoch, cl.nextSeq[b.TP]
				cl.nextSeq[b.TP] += b.Records
			}
			pr.Batch = &replication.ProducerBatch{ProducerID: b.ProducerID, ProducerEpoch: b.ProducerEpoch, BaseSequence: b.Sequence, Count: b.Records}
		}
		body = pr
	} else {
		body = consumerFetch(cl.cfg, b.TP, b.From)
	}
	req, err := cc.conn.Send(b.API, b.ID, body)
	if err != nil {
		cl.stale = true
		return
	}
	if b.API == "Produce" && b.Acks == 0 {
		// No response will come: the send is the acknowledgement.
		cl.finish(b, replication.None, msg.Notef("acks=0: done when sent, offset unknown"))
		return
	}
	b.inFlight = true
	cc.inFlight = append(cc.inFlight, clientReq{req: req, batch: b})
}

// connect returns the connection to broker id, opening it if needed; nil
// if the broker refuses (reconnect.backoff.ms before it is tried again).
func (cl *Client) connect(id int) *clientConn {
	if id < 1 || id > len(cl.conns) {
		return nil
	}
	if cc := cl.conns[id-1]; cc != nil && !cc.conn.Closed() {
		return cc
	}
	now := cl.c.s.Now()
	if cl.refused[id-1] > now {
		return nil
	}
	name := cl.ID + "@" + brokerHost(id)
	var conn *socketserver.Conn
	conn, err := cl.c.dial(0, name, id, func(r *socketserver.Response) { cl.inbox.Put(clientMsg{conn, r}, srcSender) })
	if err != nil {
		cl.refused[id-1] = now + reconnectBackoff
		cl.c.s.Emit(sim.Event{Kind: sim.ClientRecv, Subj: name, Note: replication.ConnectionRefused, Src: srcSender})
		return nil
	}
	cc := &clientConn{conn: conn}
	cl.conns[id-1] = cc
	return cc
}

// requestMetadata sends a Metadata request to the least loaded node.
func (cl *Client) requestMetadata() bool {
	return cl.request("Metadata", &replication.MetadataRequest{})
}

// request sends a request that no batch carries (Metadata,
// InitProducerId) to the next broker that accepts a connection (the
// least loaded node, here the next in turn).
func (cl *Client) request(api string, body any) bool {
	n := len(cl.conns)
	for i := 1; i <= n; i++ {
		id := (cl.next+i-1)%n + 1
		cc := cl.connect(id)
		if cc == nil || len(cc.inFlight) >= cl.cfg.MaxInFlight {
			continue
		}
		cl.seq++
		req, err := cc.conn.Send(api, cl.ID+"#"+strconv.Itoa(cl.seq), body)
		if err != nil {
			continue
		}
		cl.next = id
		if api == "Metadata" {
			cl.metaInFlight = true
		} else {
			cl.initInFlight = true
		}
		cc.inFlight = append(cc.inFlight, clientReq{req: req})
		return true
	}
	return false
}

// receive handles a response, or a broken connection (its requests fail
// with NETWORK_EXCEPTION).
func (cl *Client) receive(m clientMsg) {
	s := cl.c.s
	var cc *clientConn
	for _, x := range cl.conns {
		if x != nil && x.conn == m.conn {
			cc = x
		}
	}
	if cc == nil {
		return // a connection this client already gave up
	}
	if m.resp == nil {
		cl.disconnected(cc, nil, srcSender)
		return
	}
	i := slices.IndexFunc(cc.inFlight, func(x clientReq) bool { return x.req == m.resp.Request })
	if i < 0 {
		return
	}
	r := cc.inFlight[i]
	if r.batch != nil && cl.c.lose[r.batch.ID] > 0 {
		// lose response R: the connection breaks as the answer comes.
		cl.c.lose[r.batch.ID]--
		cl.dropConn(cc, msg.Notef("the connection broke before the response to %s arrived", r.batch.ID), srcSender)
		return
	}
	cc.inFlight = slices.Delete(cc.inFlight, i, i+1)
	code := replication.ResponseError(m.resp.Body)
	s.Emit(sim.Event{Kind: sim.ClientRecv, Subj: m.conn.Name, ID: r.req.ID, Item: r.req.Label(), Note: code, Src: srcCompleteBatch})
	switch body := m.resp.Body.(type) {
	case *replication.MetadataResponse:
		cl.metaInFlight = false
		cl.stale = false
		// Metadata is not asked again before retry.backoff.ms (the
		// metadata refresh backoff).
		cl.metaRetryAt = s.Now() + cl.cfg.RetryBackoff
		for _, pm := range body.Partitions {
			if pm.Error == replication.None && pm.Leader >= 0 {
				cl.leaders[pm.TP] = pm.Leader
			} else {
				delete(cl.leaders, pm.TP)
			}
		}
	case *replication.InitProducerIdResponse:
		cl.initInFlight = false
		if body.Error == replication.None {
			cl.producerID, cl.producerEpoch = body.ProducerID, body.ProducerEpoch
			s.Emit(sim.Event{Kind: sim.ClientDone, Subj: r.req.Name, Item: "InitProducerId", To: body.Error, Src: srcInitProducerID}.
				Notef("producerId %d, epoch %d", body.ProducerID, body.ProducerEpoch))
		}
	case *replication.ProduceResponse:
		cl.complete(r.batch, body.Error, body.BaseOffset, nil, -1)
	case *replication.FetchResponse:
		pd := body.Partitions[0]
		var offs []int
		for _, rec := range pd.Records {
			offs = append(offs, rec.Offset)
		}
		cl.complete(r.batch, pd.Error, -1, offs, pd.HW)
	}
}

// retriable lists the errors Kafka's clients retry (RetriableException),
// and whether each calls for fresh metadata.
var retriable = map[string]bool{
	replication.NotLeaderForPartition: true, replication.UnknownTopicOrPartition: true, replication.LeaderNotAvailable: true,
	replication.NetworkException: true, replication.FencedLeaderEpoch: true, replication.UnknownLeaderEpoch: true,
	replication.NotEnoughReplicas: false, replication.NotEnoughReplicasAfterAppend: false, replication.RequestTimedOut: false,
}

// complete is Sender.completeBatch: done on NONE; a retriable error is
// retried after retry.backoff.ms while retries and delivery.timeout.ms
// allow (with fresh metadata if the leader may have moved); any other
// error is final.
func (cl *Client) complete(b *Batch, code string, base int, offsets []int, hw int) {
	s := cl.c.s
	b.inFlight = false
	if b.Result != "" {
		return // expired in flight (delivery.timeout.ms): ProducerBatch.done ignores the late answer
	}
	b.Errors = append(b.Errors, code)
	if code == replication.None {
		b.BaseOffset, b.Offsets, b.HW = base, offsets, hw
		note := msg.Notef("offset %d", base)
		if b.API == "Produce" && b.Records > 1 {
			note = msg.Notef("offsets %d–%d", base, base+b.Records-1)
		}
		if b.API == "Fetch" {
			b.Records = len(offsets)
			note = msg.Notef("%d records below HW %d", len(offsets), hw)
		}
		cl.finish(b, code, note)
		return
	}
	refresh, ok := retriable[code]
	if code == replication.OutOfOrderSequenceNumber && cl.cfg.EnableIdempotence {
		// TransactionManager.canRetry: an earlier batch not yet written
		// leaves a gap; the batch goes again after it (the epoch bump
		// for the next expected batch is not modelled).
		ok = true
	}
	horizon := cl.cfg.DeliveryTimeout
	if b.API == "Fetch" {
		horizon = cl.cfg.RequestTimeout
	}
	if ok && b.Retries < cl.cfg.Retries && s.Now()-b.Created < horizon {
		b.Retries++
		b.nextAttempt = s.Now() + cl.cfg.RetryBackoff
		if b.API == "Produce" {
			cl.reenqueue(b)
		}
		if refresh {
			cl.stale = true
		}
		return
	}
	why := msg.Notef("not retriable")
	switch {
	case ok && b.Retries >= cl.cfg.Retries:
		why = msg.Notef("retries %d used up", cl.cfg.Retries)
	case ok && b.API == "Fetch":
		why = msg.Notef("request.timeout.ms %s passed", sim.FormatDuration(horizon))
	case ok:
		// Sender.canRetry: hasReachedDeliveryTimeout.
		why = msg.Notef("delivery.timeout.ms %s passed", sim.FormatDuration(horizon))
	}
	if n, known := replication.ErrorCodes[code]; known {
		why = msg.Notef("error %d, %s", n, why)
	}
	cl.finish(b, code, why)
}

func (cl *Client) finish(b *Batch, code string, note *msg.Note) {
	cl.finishFrom(b, code, note, srcCompleteBatch)
}

// finishFrom ends b with its final error: the application's callback.
func (cl *Client) finishFrom(b *Batch, code string, note *msg.Note, src string) {
	b.Result = code
	cl.pending = slices.DeleteFunc(cl.pending, func(x *Batch) bool { return x == b })
	if code != replication.None && b.Sequence >= 0 {
		cl.c.Mon.OnFailed(b.TP, b.ID, &replication.ProducerBatch{ProducerID: b.ProducerID, ProducerEpoch: b.ProducerEpoch, BaseSequence: b.Sequence, Count: b.Records}, b.Errors, cl.c.leaderLog(b.TP))
	}
	cl.c.s.Emit(sim.Noted(sim.Event{Kind: sim.ClientDone, Subj: b.ID, Item: b.API, To: code, Src: src}, note))
}
