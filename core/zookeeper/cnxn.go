package zookeeper

import (
	"time"

	"brokerlab/core/msg"
)

// Interest ops, with java.nio.channels.SelectionKey's values.
const (
	OpRead  = 1 << 0 // SelectionKey.OP_READ
	OpWrite = 1 << 2 // SelectionKey.OP_WRITE
)

// OpsString writes interest ops as the trace does: 0, OP_READ, OP_WRITE, OP_READ|OP_WRITE.
func OpsString(ops int) string {
	switch ops & (OpRead | OpWrite) {
	case 0:
		return "0"
	case OpRead:
		return "OP_READ"
	case OpWrite:
		return "OP_WRITE"
	}
	return "OP_READ|OP_WRITE"
}

// Connection states, as the state path shows them.
const (
	StateNone       = "none"       // a burst's member whose connect has not run yet
	StateConnecting = "connecting" // in the listen backlog or an acceptedQueue, not yet registered
	StateOpen       = "open"       // registered with its selector thread
	StateClosed     = "closed"     // closed by the server, or refused at accept
)

// Close reasons. ZooKeeper 3.5.9 has no DisconnectReason (3.6 adds it,
// with CONNECTION_EXPIRED and UNABLE_TO_READ_FROM_CLIENT): its close()
// takes no argument, so a reason is what 3.5.9 logs on that path
// (ZooKeeper 3.5.9 ServerCnxn.java L69, NIOServerCnxn.java L347-376).
var (
	// expired: ConnectionExpirerThread calls conn.close() and logs
	// nothing of its own; the label is the model's.
	expired = msg.Notef("expired")
	// readFailed: doIO reads end of stream, the client closed its
	// socket; the EndOfStreamException's message, sessionid 0 because
	// these connections never set up a session.
	readFailed = msg.Notef("Unable to read additional data from client sessionid %s, likely client has closed socket", "0x0")

	// The reasons as a connection's closeReason reads.
	ReasonExpired    = expired.String()
	ReasonReadFailed = readFailed.String()
)

// Request is one client request on the wire; the server answers it with a
// response of the same token and label.
type Request struct {
	ID    int           // trace token
	Label string        // the request id: C#k or the action's id=
	Seq   int           // k: its place among its connection's requests, from 1
	Cost  time.Duration // what processing it costs SyncThread
	eof   bool          // not a request: the client closed its socket here
	cnxn  *Cnxn         // the connection it came on (Request.cnxn)
}

// Cnxn is NIOServerCnxn with its SelectionKey: the connection's state on
// the server, plus the client's socket buffer that the server reads.
type Cnxn struct {
	Name        string
	IP          string
	Selector    int // index of the selector thread it is assigned to, -1 before
	State       string
	CloseReason string
	ClosedAt    time.Duration
	Received    []string // request labels read by the server, in order
	Responses   []string // request labels whose response left the server, in order
	Interests   []string // every interest set the key was given, in order

	seq         int // creation order
	tok         int // the connection's token in the trace
	sel         *selectorThread
	registered  bool   // has a SelectionKey
	interest    int    // key.interestOps()
	selectable  bool   // NIOServerCnxn.selectable
	inReady     bool   // in its selector's ready set
	owner       string // the thread doing its I/O, "" if none
	in          []*Request
	out         []*Request // outgoingBuffers
	sent        int        // client side: requests sent
	answered    int        // Seq of the last response written
	outstanding int        // NIOServerCnxn.outstandingRequests: submitted, not yet answered
	throttled   bool       // disableRecv: OP_READ is off while the server is over globalOutstandingLimit
	clientGone  bool       // the client closed its socket
}

func cnxnLabel(c *Cnxn) (int, string) { return c.tok, c.Name }

// Worker is the thread doing the connection's I/O now, "none" if none.
func (c *Cnxn) Worker() string {
	if c.owner == "" {
		return "none"
	}
	return c.owner
}

// InterestOps is the key's interest set as the trace writes it, "" before registration.
func (c *Cnxn) InterestOps() string {
	if !c.registered {
		return ""
	}
	return OpsString(c.interest)
}

// getInterestOps is NIOServerCnxn.getInterestOps: 0 while a worker owns
// the connection; else OP_READ unless throttled, and OP_WRITE while
// output is pending.
func (c *Cnxn) getInterestOps() int {
	if !c.isSelectable() {
		return 0
	}
	ops := 0
	if !c.throttled {
		ops = OpRead
	}
	if len(c.out) > 0 {
		ops |= OpWrite
	}
	return ops
}

func (c *Cnxn) isSelectable() bool { return c.State == StateOpen && c.selectable }

// readyOps is what the selector reports: the interest set met by what the
// socket can do (bytes or end of stream to read; output pending, with the
// socket's send buffer never full).
func (c *Cnxn) readyOps() int {
	ops := 0
	if c.interest&OpRead != 0 && len(c.in) > 0 {
		ops |= OpRead
	}
	if c.interest&OpWrite != 0 && len(c.out) > 0 {
		ops |= OpWrite
	}
	return ops
}
