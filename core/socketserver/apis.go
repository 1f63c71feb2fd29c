package socketserver

import (
	"time"

	"brokerlab/core/msg"
)

// Apis is KafkaApis seen from a request handler: the seam where a system
// plugs the work requests do. KafkaRequestHandler.run calls Handle on its
// own thread for every request it takes; Handle may use the kernel's
// primitives (take a lock, read a log); then the handler is busy for cost
// of virtual time and, if resp is not nil, hands resp to
// RequestChannel.sendResponse, which routes it to the processor that read
// the request.
//
// A nil resp is a request parked for later, as KafkaApis parks an acks=all
// Produce in the produce purgatory (DelayedProduce) or a Fetch waiting for
// fetch.min.bytes: the handler moves on, the request's state is "delayed",
// its connection stays muted, and whichever thread completes it later
// (a follower's fetch, a purgatory expiry) calls Server.SendResponse.
type Apis interface {
	Handle(req *Request) (cost time.Duration, resp *Response)
}

// Response is RequestChannel.Response: a SendResponse, or a NoOpResponse
// (acks=0 Produce: nothing goes back, the processor unmutes the channel).
type Response struct {
	Request *Request
	NoOp    bool
	// Close makes the processor close the connection instead of sending
	// anything (CloseConnectionResponse: an acks=0 Produce that failed).
	Close bool
	// Body is the response's content for a client that reads it (a
	// cluster's fetcher or producer); nil for the scenario's clients.
	Body any
}

// ItemWords words the token a client's inbox holds for a connection that
// broke (a nil response), as a queue's trace asks (sim.Queue).
func (r *Response) ItemWords() *msg.Note {
	if r == nil {
		return msg.Notef("disconnected")
	}
	return nil
}

// TimedApis is the default Apis: each request only takes time, the
// request's own cost if the action gave one, else its API's time.
type TimedApis struct {
	Default time.Duration
	Times   map[string]time.Duration // by ApiKeys name; looked up, never iterated
}

// Handle answers every request after its time.
func (a TimedApis) Handle(req *Request) (time.Duration, *Response) {
	if req.Cost >= 0 {
		return req.Cost, &Response{Request: req}
	}
	if d, ok := a.Times[req.API]; ok {
		return d, &Response{Request: req}
	}
	return a.Default, &Response{Request: req}
}
