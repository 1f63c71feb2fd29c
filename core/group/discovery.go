package group

import (
	"strconv"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
)

// This file is how a consumer of a cluster finds its group's coordinator
// and talks to it (Kafka 2.5 AbstractCoordinator.java: lookupCoordinator
// L260-284, FindCoordinatorResponseHandler L787-807,
// markCoordinatorUnknown L843-862, disconnects L1081-1088). In `use group`
// the coordinator is broker 1 from the start and never moves.

const apiFindCoordinator = "FindCoordinator"

// Disconnect is DisconnectException: not an error a broker answers, the
// client's own when its connection breaks or it drops it (retriable).
const Disconnect Error = "DisconnectException"

const (
	srcLookupCoordinator    = "AbstractCoordinator.java AbstractCoordinator.lookupCoordinator"
	srcFindCoordinator      = "AbstractCoordinator.java FindCoordinatorResponseHandler.onSuccess"
	srcMarkCoordinatorUnkwn = "AbstractCoordinator.java AbstractCoordinator.markCoordinatorUnknown"
)

// held is a request waiting for the coordinator to be known.
type held struct {
	r    *request
	note *msg.Note
	src  string
}

// IsRequest reports whether a request's body is one of the group APIs,
// which the broker's GroupCoordinator handles (Handle).
func IsRequest(body any) bool {
	_, ok := body.(*request)
	return ok
}

// FindCoordinatorGroup is the group a FindCoordinator request asks for (ok
// false for another body): the broker answers it with FindCoordinatorAnswer.
func FindCoordinatorGroup(body any) (group string, ok bool) {
	r, ok := body.(*request)
	if !ok || r.api != apiFindCoordinator {
		return "", false
	}
	return r.groupID, true
}

// FindCoordinatorAnswer is the response body to a FindCoordinator request:
// the coordinator's node, or an error and node -1 (Node.noNode()).
func FindCoordinatorAnswer(body any, err Error, node int) any {
	return &response{req: body.(*request), err: err, node: node}
}

// defaultAPITimeout is default.api.timeout.ms (60000), commitSync's budget.
const defaultAPITimeout = time.Minute

// isCoordinatorError is what makes the client mark its coordinator
// unknown: it is gone, moved, or its connection broke.
func isCoordinatorError(e Error) bool {
	return e == CoordinatorNotAvailable || e == NotCoordinator || e == Disconnect
}

// retriableCommit is an OffsetCommit error commitSync retries
// (RetriableException; Kafka 2.5 ConsumerCoordinator.java L1173-1183).
func retriableCommit(e Error) bool {
	return isCoordinatorError(e) || e == CoordinatorLoadInProgress || e == RequestTimedOut
}

// sendRequest sends r to the group's coordinator; in a cluster, a request
// made while the coordinator is unknown waits until it is found.
func (c *Consumer) sendRequest(r *request, note *msg.Note, src string) {
	if c.sys.net == nil {
		c.sys.send(&c.conn, r, note, src)
		return
	}
	if c.coord < 0 {
		c.held = append(c.held, held{r, note, src})
		c.lookupCoordinator()
		return
	}
	c.sendToCoordinator(r, note, src)
}

// sendToCoordinator writes r on the connection to the coordinator,
// dialling it if needed; a request that cannot be written, or whose
// connection breaks before its answer, fails with DisconnectException.
func (c *Consumer) sendToCoordinator(r *request, note *msg.Note, src string) {
	if c.conn == nil || c.conn.Closed() {
		c.inflight = nil
		conn, err := c.sys.net.Dial(r.subj(), c.coord, func(resp *socketserver.Response) {
			if resp == nil {
				c.failInflight()
				return
			}
			rr := resp.Body.(*response)
			c.inflight = deleteRequest(c.inflight, rr.req)
			rr.req.replyTo(rr)
		})
		if err != nil {
			// The coordinator's node is unavailable: the next lookup waits
			// (ensureCoordinatorReady's timer.sleep, AbstractCoordinator.java L247-253).
			c.conn = nil
			c.lookupAfter = c.s.Now() + c.retryWait()
			r.replyTo(&response{req: r, err: Disconnect})
			return
		}
		c.conn = conn
	}
	name := r.client + "#" + strconv.Itoa(c.conn.Requests+1)
	if _, err := c.conn.SendNote(r.api, name, note, src, r); err != nil {
		r.replyTo(&response{req: r, err: Disconnect})
		return
	}
	c.inflight = append(c.inflight, r)
}

func deleteRequest(rs []*request, r *request) []*request {
	for i, x := range rs {
		if x == r {
			return append(rs[:i:i], rs[i+1:]...)
		}
	}
	return rs
}

// failInflight fails every request in flight to the coordinator with
// DisconnectException (ConsumerNetworkClient.disconnectAsync).
func (c *Consumer) failInflight() {
	rs := c.inflight
	c.inflight = nil
	for _, r := range rs {
		r.replyTo(&response{req: r, err: Disconnect})
	}
}

// replyQueue is the queue of the consumer's thread that is running: the
// heartbeat thread's, or the poll thread's.
func (c *Consumer) replyQueue() *sim.Queue[*message] {
	if cur := c.s.Current(); cur != nil && cur.Name == c.hbName {
		return c.hbQueue
	}
	return c.responses
}

// lookupCoordinator sends FindCoordinator to the least loaded broker,
// unless one is in flight.
func (c *Consumer) lookupCoordinator() {
	if c.lookup != nil || c.closed {
		return
	}
	if wait := c.lookupAfter - c.s.Now(); wait > 0 {
		c.s.Sleep(wait, "retry.backoff.ms")
	}
	r := c.newRequest(apiFindCoordinator, c.replyQueue())
	c.lookup = r
	node := c.sys.net.LeastLoadedNode()
	if node < 0 {
		r.replyTo(&response{req: r, err: CoordinatorNotAvailable, node: -1}) // NoAvailableBrokersException
		return
	}
	c.sys.net.Request(c.Name, node, apiFindCoordinator, msg.Literal(c.Group), srcLookupCoordinator, r, func(body any) {
		if body == nil {
			r.replyTo(&response{req: r, err: Disconnect, node: -1})
			return
		}
		r.replyTo(body.(*response))
	})
}

// onFindCoordinator is FindCoordinatorResponseHandler: the coordinator is
// known and the requests that waited for it go; on an error the lookup
// is tried again after retry.backoff.ms (client.awaitMetadataUpdate).
func (c *Consumer) onFindCoordinator(r *response) {
	if c.lookup != r.req {
		return
	}
	c.lookup = nil
	if r.err == None {
		c.setCoordinator(r.node, msg.Notef("Discovered group coordinator broker-%d", r.node), srcFindCoordinator)
		hs := c.held
		c.held = nil
		for _, h := range hs {
			c.sendToCoordinator(h.r, h.note, h.src)
		}
		return
	}
	c.s.Sleep(c.retryWait(), "retry.backoff.ms")
	if len(c.held) > 0 {
		c.lookupCoordinator()
	}
}

func (c *Consumer) setCoordinator(node int, why *msg.Note, src string) {
	from := c.coord
	c.coord = node
	c.s.Emit(sim.Noted(sim.Event{Kind: sim.State, Subj: "consumer[" + c.Name + "].coordinator", From: strconv.Itoa(from), To: strconv.Itoa(node), Src: src}, why))
}

// markCoordinatorUnknown forgets the coordinator and drops its
// connection: the requests in flight on it fail with DisconnectException.
func (c *Consumer) markCoordinatorUnknown() {
	if c.sys.net == nil || c.coord < 0 {
		return
	}
	c.setCoordinator(-1, msg.Notef("Group coordinator broker-%d is unavailable or invalid, will attempt rediscovery", c.coord), srcMarkCoordinatorUnkwn)
	if c.conn != nil {
		c.conn.Close()
		c.conn = nil
	}
	c.failInflight()
}

// Coordinator is the broker the consumer takes for its coordinator, -1
// while it has none.
func (c *Consumer) Coordinator() int { return c.coord }
