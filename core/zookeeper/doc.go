// Package zookeeper is ZooKeeper 3.5's NIOServerCnxnFactory, the server's
// reactor: one AcceptThread, N SelectorThreads that each select() on their
// share of the connections, a pool of M NIOWorkerThreads that do the
// connections' I/O, and the ConnnectionExpirer that closes idle
// connections a whole ExpiryQueue bucket at a time (FACTS.md section 5).
//
// Model. Every thread is a simulated thread with its upstream name,
// started in upstream's order. A client's connect waits in the listen
// backlog (the queue AcceptThread.selector) until the accept thread's
// doAccept checks maxClientCnxns against the connections its IP has
// registered, then offers it round-robin to a selector thread's
// acceptedQueue, for good. A selector thread blocks in select() — a Select
// over its ready set (SelectorThread-<i>.selector), acceptedQueue and
// updateQueue — then handles the ready keys in an order shuffled by the
// run's seed, registers accepted connections for OP_READ and restores the
// interest ops queued on updateQueue. handleIO disables the connection's
// selectability, sets its interest ops to 0, touches it and schedules an
// IOWorkRequest on WorkerService.queue; a worker reads one request,
// processes it, appends the response to the connection's outgoing buffer,
// writes pending output if the select reported OP_WRITE, touches the
// connection, makes it selectable again and queues it on its selector's
// updateQueue. The selector then sets interest OP_READ, plus OP_WRITE
// while output is pending, so a second round of handleIO writes the
// response. A connection enters its selector's ready set only when its
// interest ops meet what its socket can do (bytes or end of stream to
// read, output to write): with interest 0 its bytes wait in the socket.
// With zookeeper.nio.numWorkerThreads 0 the selector thread does the I/O
// itself. The client machines are one thread, clients.
//
// Simplifications against FACTS.md:
//   - The request processor chain (PrepRequestProcessor … FinalRequestProcessor)
//     is left out: the worker that reads a request processes it itself for
//     zookeeper.requestTime (or the send's cost=) and its response goes
//     straight to the outgoing buffer. Upstream the chain answers later
//     through sendBuffer from its own threads; the interest-ops hand-back
//     is the same either way.
//   - No sessions: no connect request is modelled, so every connection stays
//     sessionless and its timeout is sessionlessCnxnTimeout throughout.
//   - No throttling (outstandingLimit), no four-letter words, no partial
//     reads or writes: one handleIO reads one whole request, and a write
//     sends every pending response (the socket's send buffer never fills).
//   - The selector threads are iterated in id order; upstream keeps them in
//     a HashSet, whose iteration order is the JVM's.
//   - The selector threads' wakeups and the accept thread's pauseAccept are
//     not modelled: threads block without timeouts, so an idle server emits
//     no events (the expirer, a background thread, sleeps to each bucket).
//   - The client closing its socket is seen when a worker reads end of
//     stream; the reason is 3.5.9's EndOfStreamException message ("Unable
//     to read additional data from client sessionid 0x0, likely client has
//     closed socket"). 3.5.9 has no DisconnectReason codes (3.6's
//     UNABLE_TO_READ_FROM_CLIENT, CONNECTION_EXPIRED): the expirer closes
//     silently, and the model labels that close "expired".
//   - Names follow the source where FACTS.md differs: workers are
//     NIOWorkerThread-<n> (WorkerService("NIOWorker") names its
//     DaemonThreadFactory name+"Thread"), and the refusal prints the
//     InetAddress as Java does, "Too many connections from /10.0.0.9 - max is 60".
//   - A burst's connections arrive every= apart (1ms unless set). Upstream
//     counts a client IP's connections only once their selector has
//     registered them, so a burst faster than that (every=0ms) gets more
//     than maxClientCnxns connections in; the model shows that race too.
//
// Invariants, checked on every I/O and traced as "invariant" (counted in
// Factory.Violations): no connection is owned by two threads' I/O at once,
// and each connection's responses leave in the order its requests were sent.
package zookeeper
