// Package socketserver is Kafka 2.5's SocketServer and request pipeline
// (SocketServer.scala, RequestChannel.scala, KafkaRequestHandler.scala):
// per listener one Acceptor thread and its Processor
// threads, each with its own selector and bounded newConnections queue;
// one RequestChannel per plane with a bounded, shared requestQueue and one
// unbounded responseQueue per processor; a pool of KafkaRequestHandler
// threads that run the APIs; and the optional control plane.
//
// Model. Every upstream thread is a simulated thread with its upstream
// name: data-plane-kafka-socket-acceptor-ListenerName(PLAINTEXT)-PLAINTEXT-9092,
// data-plane-kafka-network-thread-0-ListenerName(PLAINTEXT)-PLAINTEXT-<id>,
// data-plane-kafka-request-handler-<i>; with control.plane.listener.name
// set (CONTROLLER, listening on 9094) also control-plane-kafka-socket-acceptor-…,
// one control-plane-kafka-network-thread-… and control-plane-kafka-request-handler-0,
// with a request queue of 20. The threads start one after the other in
// that order, the client machines' one thread, clients, last. With a
// NetworkLatency (the group coordinator's 1 ms) the thread network carries
// each request to the broker's socket and each response back, that long
// after it was sent or written; without one (the default) they arrive at
// once.
// Acceptor.run takes a socket from its listen backlog (the queue
// Acceptor-PLAINTEXT.selector, which the clients' connects fill), and
// assigns it round-robin with a non-blocking offer to
// Processor-<id>.newConnections (capacity 20), skipping a full queue and
// blocking on the last one tried if all are full; after each hand-off it
// yields, as the processors run in parallel with it. Processor.run turns
// its loop in upstream order: configureNewConnections, processNewResponses,
// poll, processCompletedReceives, processCompletedSends,
// processDisconnected. poll blocks in a select over
// its selector's ready set (Processor-<id>.selector), newConnections and
// responseQueue; it reads at most one request per readable channel, and
// writes the responses processNewResponses handed to the selector.
// processCompletedReceives puts each request into the plane's requestQueue
// (blocking while it is full: backpressure) and then mutes the channel; a
// muted channel is never in the ready set, so its next request waits in
// the socket until the response has been written and the channel unmuted.
// Handlers take requests, call Apis.Handle (the seam where replication
// plugs real Produce and Fetch and the purgatory), are busy for the cost
// it returns and send the response to the processor that read the request.
//
// Details of the 2.5.0 source followed here: the listener part of a thread name is
// ListenerName.toString, "ListenerName(PLAINTEXT)"; processor ids are
// shared by both planes and the control plane's processor is created
// first, so with a control plane it is processor 0 and the data plane's
// are 1…N; muting is two steps upstream and so in the trace: selector.mute
// (NOT_MUTED → MUTED) then handleChannelMuteEvent(REQUEST_RECEIVED) (→
// MUTED_AND_RESPONSE_PENDING), and after the send
// handleChannelMuteEvent(RESPONSE_SENT) (→ MUTED) then unmute (→ NOT_MUTED).
//
// Simplifications against upstream: the 300 ms poll timeouts of Processor
// and KafkaRequestHandler and the Acceptor's 500 ms select only do
// housekeeping the model leaves out (idle-connection expiry, metrics), so
// the threads block without timeouts and an idle server is silent.
// Reading and writing a socket take no virtual time; a handler's work is
// only time (Apis). closeExcessConnections is left out (max.connections is
// unlimited by default). No quotas or throttling (the MUTED_AND_THROTTLED
// states), no max.connections / per-IP limits (unlimited by default), no
// queued.max.request.bytes memory pool (-1 by default), no idle expiry
// (connections.max.idle.ms 10 min), no authentication; one data-plane
// listener. Setting control.plane.listener.name is enough here: upstream
// also needs that listener in listeners and listener.security.protocol.map
// (here CONTROLLER://:9094, PLAINTEXT). A client's close loses the requests still in its socket; the
// processor sees the end of stream at its next read of the channel.
//
// A cluster runs one server per broker (Config.Host prefixes its thread
// and queue names with "broker-N/") and its clients are threads of other
// systems: Dial opens a connection from the running thread, Conn.Send
// writes a request with a body for the Apis, and the processor that writes
// a response hands it to the client's notify path; Kill breaks every
// connection (the broker process died) and refuses later dials, and a
// Response with Close makes the processor close the connection
// (CloseConnectionResponse, after a failed acks=0 Produce).
//
// The what-if Config.Mute=false removes the mute: a connection's requests
// are read back to back, several reach the handlers at once and their
// responses can leave out of order.
//
// Invariants, checked on every read and write (kind "invariant", counted
// in invariant.violations): at most one request per connection is read
// and not yet answered, and a connection's responses leave in the order
// its requests were sent.
package socketserver
