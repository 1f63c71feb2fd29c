package sim

import (
	"unsafe"

	"brokerlab/core/msg"
)

// Event is one record of the trace (contract 2 of docs/ARCHITECTURE.md). The UI reads
// nothing else: every kernel primitive and every state change emits one.
type Event struct {
	Seq   int    `json:"seq"`            // 0, 1, 2, … in emission order
	T     int64  `json:"t"`              // virtual time in µs
	Actor string `json:"actor"`          // the thread's upstream name
	Kind  Kind   `json:"kind"`           // one of Kinds
	Subj  string `json:"subj,omitempty"` // the subject: a queue, lock, latch, state machine, metric
	ID    int    `json:"id,omitempty"`   // the token's number (a QueuedEvent, a request), 0 if none
	Item  string `json:"item,omitempty"` // the token's label (an event name)
	From  string `json:"from,omitempty"` // state changes: old state
	To    string `json:"to,omitempty"`   // state changes: new state
	Note  string `json:"note,omitempty"` // a short human note
	Src   string `json:"src,omitempty"`  // upstream "File.scala Class.method" this step mirrors

	// Words is Note as data, which the page words in its language; nil
	// for a literal note (its own format) and for a note that is data.
	Words *msg.Note `json:"-"`
	// ItemWords is Item as data, the same way (a rebalance's reason, a
	// wakeup token's label); nil for an Item that is a name or data.
	ItemWords *msg.Note `json:"-"`
}

// Notef is e with the note format worded with args: Note in English, and
// Words for the page (core/msg).
func (e Event) Notef(format string, args ...any) Event {
	// The note and up to two arguments in one allocation: args is
	// copied, so the caller's stays on its stack.
	w := &noteArgs{}
	w.Format, w.Args = format, w.a[:copy(w.a[:], args)]
	if len(args) > len(w.a) {
		w.Args = append([]any(nil), args...)
	}
	return Noted(e, &w.Note)
}

// Noted is e with the note n (nil: e as it is).
func Noted(e Event, n *msg.Note) Event {
	if n != nil {
		e.Words, e.Note = n, n.String()
	}
	return e
}

// noteArgs is a note and up to two arguments in one piece of memory (most
// notes have one or two).
type noteArgs struct {
	msg.Note
	a [2]any
}

const (
	textSlab = 8 << 10 // bytes in one slab of text
	textRoom = 256     // the room left that a text needs
)

// textBuf is the run's text, with room at its end for a new text.
func (s *Sim) textBuf() []byte {
	if cap(s.text)-len(s.text) < textRoom {
		s.text = make([]byte, 0, textSlab)
	}
	return s.text
}

// kept keeps the text appended to textBuf's result, b, as a string of the
// trace. Text once kept is never written again: the trace's strings point
// into it.
func (s *Sim) kept(b []byte) string {
	start := len(s.text)
	s.text = b
	if len(b) == start {
		return ""
	}
	return unsafe.String(&b[start], len(b)-start)
}

// Kinds is the closed set of event kinds, with what each means. A test
// checks that nothing else is ever emitted.
var Kinds = map[Kind]string{
	ThreadStart:    "a simulated thread runs for the first time",
	ThreadExit:     "a simulated thread returned, or was killed (Note: why)",
	Sleep:          "the actor sleeps (or works) for Note; it is busy until its next event",
	QueuePut:       "token ID/Item appended to queue Subj",
	QueueTake:      "token ID/Item removed from the head of queue Subj",
	QueueWait:      "the actor blocks on queue Subj: empty on take, full on put",
	QueueClear:     "every token left in queue Subj is removed",
	LockAcquire:    "the actor holds lock Subj",
	LockWait:       "the actor blocks on lock Subj, held by another thread",
	LockRelease:    "the actor releases lock Subj",
	LatchAwait:     "the actor awaits latch Subj of token ID; Note says open or blocked",
	LatchCountDown: "latch Subj of token ID counts down; Note says the count left",
	SelectWait:     "the actor blocks on several primitives at once (Note lists them)",
	State:          "state machine Subj moves From → To (Note: the state's value)",
	Metric:         "metric Subj records Note",
	EventProcess:   "QueuedEvent ID (Item) starts processing",
	EventPreempt:   "QueuedEvent ID (Item) is preempted instead of processed",
	EventIgnore:    "QueuedEvent ID (Item) is dequeued and deliberately not processed",
	Callback:       "the caller's callback for QueuedEvent ID receives Note",
	ConnAccept:     "acceptor Actor accepts connection Subj (Note: the client's address)",
	ConnRefuse:     "acceptor Actor refuses connection Subj and closes its socket at once (Note: why)",
	ConnRegister:   "Actor, a selector or processor thread, registers connection Subj and serves it from now on",
	ConnInterest:   "connection Subj's interest ops change From → To (OP_READ, OP_READ|OP_WRITE, 0 while a worker owns it)",
	ConnMute:       "connection Subj's ChannelMuteState changes From → To",
	ConnTouch:      "connection Subj is touched in the ExpiryQueue (Note: its new expiry bucket)",
	ConnClose:      "connection Subj is closed (Note: why)",
	ClientSend:     "the client on connection Subj sends request ID (Item)",
	Recv:           "Actor reads request ID (Item) from connection Subj",
	Send:           "Actor writes the response to request ID (Item) to connection Subj",
	ClientRecv:     "the client on connection Subj gets the answer to request ID (Item: its API, and its error where the answer carries one); Note: the error or what came back",
	TimerAdd:       "delayed operation ID (Item) watching Subj is armed: it expires after Note unless completed first",
	TimerCancel:    "delayed operation ID (Item) watching Subj completed before its deadline: its timer is cancelled",
	TimerFire:      "delayed operation ID (Item) watching Subj reached its deadline: the reaper hands it to the executor",
	MemberPending:  "the coordinator reserves member id Note for Subj in group Item and asks it to join again with it",
	MemberAdd:      "member Subj (member id Note; a static member's group.instance.id To, and the member id it replaces From) is added to group Item",
	MemberRemove:   "member Subj leaves group Item (Note: why)",
	Assign:         "partitions Note are assigned to Subj: member[C] as the coordinator records it for generation Item, consumer[C] as the consumer owns them after listener callback Item",
	OffsetCommit:   "the coordinator stores committed offset To for partition Subj of group Item (From: the one before, none at first)",
	Commit:         "Actor commits offsets Note (Item sync or async) of Subj: a listener's offsets map, a record, the assignment, auto-commit; ID is the OffsetCommit request",
	CommitDone:     "the commit ID of Subj is answered: Item NONE or the exception the consumer throws (Note: the offsets)",
	Seek:           "a consumer's fetch position for partition Subj moves To (Note: why: the committed offset, auto.offset.reset, an error handler's seek)",
	Poll:           "KafkaConsumer.poll on Actor returns Item (N records or WakeupException); Note: the records per partition, P@first..last",
	LogAppend:      "offsets From … To-1 are appended to partition Subj's log (To: its new end offset); in a cluster on broker ID, stamped with leader epoch Note, Item: who sent them",
	RecordDeliver:  "Actor hands record Subj (P@offset) to the listener: delivery ID, the record's Item-th (Note says when it was already processed)",
	RecordDone:     "the listener returned normally for delivery ID of record Subj",
	RecordFail:     "the listener threw Item for delivery ID of record Subj (Note: the exception as the container logs it)",
	RecordHandle:   "error handler Item handled delivery ID of record Subj and the rest of the poll (Note: recovered, or the KafkaException it threw)",
	RecordRecover:  "the error handler's recoverer takes record Subj (Item: the exception; Note: its log line); the record is skipped",
	RecordAck:      "Actor calls Acknowledgment.acknowledge() for delivery ID of record Subj",
	OffsetPending:  "a listener container's offsets map keeps record offset To (From: the one before) for partition Subj: the next commit sends To+1",
	ClientDone:     "the application's callback for request Subj (Item: its API) gets its final result To (an error name); Note: offsets or why",
	LogTruncate:    "broker ID truncates partition Subj's log from LEO From to To (Note: why)",
	HW:             "broker ID's high watermark of partition Subj moves From → To (Note: why)",
	ReplicaLEO:     "leader Item's view of follower ID's LEO of partition Subj moves From → To (-1: unknown)",
	Role:           "broker ID becomes From → To (none, leader, follower) of partition Subj; Note: the leader epoch",
	ISR:            "partition Subj's ISR, as written to ZooKeeper by broker ID, moves From → To (Note: why)",
	Leader:         "the controller elects To (-1: none) as leader of partition Subj in epoch ID, after From (Note: why)",
	EpochCache:     "broker ID's leader-epoch cache of partition Subj moves From → To (epoch:startOffset lists)",
	Fetcher:        "broker ID's fetcher thread Item moves partition Subj From → To (none, Truncating, Fetching, removed, failed)",
	DelayAdd:       "request ID (Item) parks in purgatory Subj (Note: its timeout and what it waits for)",
	DelayComplete:  "request ID (Item) leaves purgatory Subj completed (Note: its result)",
	DelayExpire:    "request ID (Item) leaves purgatory Subj when its timeout passed (Note: its result)",
	Metadata:       "broker ID's metadata cache takes an UpdateMetadata (Note: live brokers, partitions' leaders)",
	RecordLost:     "acknowledged record at offset ID of partition Subj, written in epoch From by request Item, is gone: the new leader lacks it (Note: acks, leader, how elected)",
	Broker:         "broker Subj's process moves From → To (starting, running, stalled, dead; Note: why)",
	Session:        "broker Subj's ZooKeeper session ID moves From → To (none, connected, disconnected, expired); Item: the expiry deadline in µs once disconnected",
	ZK:             "znode Subj is written (Note: create, create ephemeral, set, delete; To: its data)",
	ZKWatch:        "a ZooKeeper watch on znode Subj fires on the actor, the client's event thread (Note: what changed)",
	Action:         "a scenario or user action starts on the actor (Note is its text)",
	Step:           "narration step ID begins (Note: its English text)",
	Reveal:         "the question of narration step ID is graded as its run completes: Item lists the choices (1-based) whose conditions hold, Note their labels",
	Expect:         "an expect line is checked (Note: the line, ok or what was got)",
	Invariant:      "an invariant is violated (Note says which and how)",
	Panic:          "the simulation panicked (Note: the value)",
}
