package sim

// Event is one record of the trace (contract 2 of DESIGN.md). The UI reads
// nothing else: every kernel primitive and every state change emits one.
type Event struct {
	Seq   int    `json:"seq"`            // 0, 1, 2, … in emission order
	T     int64  `json:"t"`              // virtual time in µs
	Actor string `json:"actor"`          // the thread's upstream name
	Kind  string `json:"kind"`           // one of Kinds
	Subj  string `json:"subj,omitempty"` // the subject: a queue, lock, latch, state machine, metric
	ID    int    `json:"id,omitempty"`   // the token's number (a QueuedEvent, a request), 0 if none
	Item  string `json:"item,omitempty"` // the token's label (an event name)
	From  string `json:"from,omitempty"` // state changes: old state
	To    string `json:"to,omitempty"`   // state changes: new state
	Note  string `json:"note,omitempty"` // a short human note
	Src   string `json:"src,omitempty"`  // upstream "File.scala Class.method" this step mirrors
}

// Kinds is the closed set of event kinds, with what each means. A test
// checks that nothing else is ever emitted.
var Kinds = map[string]string{
	"thread.start":    "a simulated thread runs for the first time",
	"thread.exit":     "a simulated thread returned, or was killed (Note: why)",
	"sleep":           "the actor sleeps (or works) for Note; it is busy until its next event",
	"queue.put":       "token ID/Item appended to queue Subj",
	"queue.take":      "token ID/Item removed from the head of queue Subj",
	"queue.wait":      "the actor blocks on queue Subj: empty on take, full on put",
	"queue.clear":     "every token left in queue Subj is removed",
	"lock.acquire":    "the actor holds lock Subj",
	"lock.wait":       "the actor blocks on lock Subj, held by another thread",
	"lock.release":    "the actor releases lock Subj",
	"latch.await":     "the actor awaits latch Subj of token ID; Note says open or blocked",
	"latch.countDown": "latch Subj of token ID counts down; Note says the count left",
	"select.wait":     "the actor blocks on several primitives at once (Note lists them)",
	"state":           "state machine Subj moves From → To (Note: the state's value)",
	"metric":          "metric Subj records Note",
	"event.process":   "QueuedEvent ID (Item) starts processing",
	"event.preempt":   "QueuedEvent ID (Item) is preempted instead of processed",
	"event.ignore":    "QueuedEvent ID (Item) is dequeued and deliberately not processed",
	"callback":        "the caller's callback for QueuedEvent ID receives Note",
	"conn.accept":     "acceptor Actor accepts connection Subj (Note: the client's address)",
	"conn.refuse":     "acceptor Actor refuses connection Subj and closes its socket at once (Note: why)",
	"conn.register":   "Actor, a selector or processor thread, registers connection Subj and serves it from now on",
	"conn.interest":   "connection Subj's interest ops change From → To (OP_READ, OP_READ|OP_WRITE, 0 while a worker owns it)",
	"conn.mute":       "connection Subj's ChannelMuteState changes From → To",
	"conn.touch":      "connection Subj is touched in the ExpiryQueue (Note: its new expiry bucket)",
	"conn.close":      "connection Subj is closed (Note: why)",
	"client.send":     "the client on connection Subj sends request ID (Item)",
	"recv":            "Actor reads request ID (Item) from connection Subj",
	"send":            "Actor writes the response to request ID (Item) to connection Subj",
	"client.recv":     "the client on connection Subj gets the answer to request ID (Item: its API, and its error where the answer carries one); Note: the error or what came back",
	"timer.add":       "delayed operation ID (Item) watching Subj is armed: it expires after Note unless completed first",
	"timer.cancel":    "delayed operation ID (Item) watching Subj completed before its deadline: its timer is cancelled",
	"timer.fire":      "delayed operation ID (Item) watching Subj reached its deadline: the reaper hands it to the executor",
	"member.pending":  "the coordinator reserves member id Note for Subj in group Item and asks it to join again with it",
	"member.add":      "member Subj (member id Note) is added to group Item",
	"member.remove":   "member Subj leaves group Item (Note: why)",
	"assign":          "partitions Note are assigned to Subj: member[C] as the coordinator records it for generation Item, consumer[C] as the consumer owns them after listener callback Item",
	"offset.commit":   "the coordinator stores committed offset To for partition Subj of group Item (From: the one before, none at first)",
	"commit":          "Actor commits offsets Note (Item sync or async) of Subj: a listener's offsets map, a record, the assignment, auto-commit; ID is the OffsetCommit request",
	"commit.done":     "the commit ID of Subj is answered: Item NONE or the exception the consumer throws (Note: the offsets)",
	"seek":            "a consumer's fetch position for partition Subj moves To (Note: why: the committed offset, auto.offset.reset, an error handler's seek)",
	"poll":            "KafkaConsumer.poll on Actor returns Item (N records or WakeupException); Note: the records per partition, P@first..last",
	"log.append":      "offsets From … To-1 are appended to partition Subj's log (To: its new end offset); in a cluster on broker ID, stamped with leader epoch Note, Item: who sent them",
	"record.deliver":  "Actor hands record Subj (P@offset) to the listener: delivery ID, the record's Item-th (Note says when it was already processed)",
	"record.done":     "the listener returned normally for delivery ID of record Subj",
	"record.fail":     "the listener threw Item for delivery ID of record Subj (Note: the exception as the container logs it)",
	"record.handle":   "error handler Item handled delivery ID of record Subj and the rest of the poll (Note: recovered, or the KafkaException it threw)",
	"record.recover":  "the error handler's recoverer takes record Subj (Item: the exception; Note: its log line); the record is skipped",
	"record.ack":      "Actor calls Acknowledgment.acknowledge() for delivery ID of record Subj",
	"offset.pending":  "a listener container's offsets map keeps record offset To (From: the one before) for partition Subj: the next commit sends To+1",
	"client.done":     "the application's callback for request Subj (Item: its API) gets its final result To (an error name); Note: offsets or why",
	"log.truncate":    "broker ID truncates partition Subj's log from LEO From to To (Note: why)",
	"hw":              "broker ID's high watermark of partition Subj moves From → To (Note: why)",
	"replica.leo":     "leader Item's view of follower ID's LEO of partition Subj moves From → To (-1: unknown)",
	"role":            "broker ID becomes From → To (none, leader, follower) of partition Subj; Note: the leader epoch",
	"isr":             "partition Subj's ISR, as written to ZooKeeper by broker ID, moves From → To (Note: why)",
	"leader":          "the controller elects To (-1: none) as leader of partition Subj in epoch ID, after From (Note: why)",
	"epoch.cache":     "broker ID's leader-epoch cache of partition Subj moves From → To (epoch:startOffset lists)",
	"fetcher":         "broker ID's fetcher thread Item moves partition Subj From → To (none, Truncating, Fetching, removed, failed)",
	"delay.add":       "request ID (Item) parks in purgatory Subj (Note: its timeout and what it waits for)",
	"delay.complete":  "request ID (Item) leaves purgatory Subj completed (Note: its result)",
	"delay.expire":    "request ID (Item) leaves purgatory Subj when its timeout passed (Note: its result)",
	"metadata":        "broker ID's metadata cache takes an UpdateMetadata (Note: live brokers, partitions' leaders)",
	"record.lost":     "acknowledged record at offset ID of partition Subj, written in epoch From by request Item, is gone: the new leader lacks it (Note: acks, leader, how elected)",
	"broker":          "broker Subj's process moves From → To (starting, running, stalled, dead; Note: why)",
	"session":         "broker Subj's ZooKeeper session ID moves From → To (none, connected, disconnected, expired); Item: the expiry deadline in µs once disconnected",
	"zk":              "znode Subj is written (Note: create, create ephemeral, set, delete; To: its data)",
	"zk.watch":        "a ZooKeeper watch on znode Subj fires on the actor, the client's event thread (Note: what changed)",
	"action":          "a scenario or user action starts on the actor (Note is its text)",
	"step":            "narration step ID begins (Note: its English text)",
	"reveal":          "the question of narration step ID is graded as its run completes: Item lists the choices (1-based) whose conditions hold, Note their labels",
	"expect":          "an expect line is checked (Note: the line, ok or what was got)",
	"invariant":       "an invariant is violated (Note says which and how)",
	"panic":           "the simulation panicked (Note: the value)",
}
