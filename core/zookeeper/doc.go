// Package zookeeper is ZooKeeper 3.5's NIOServerCnxnFactory, the server's
// reactor: one AcceptThread, N SelectorThreads that each select() on their
// share of the connections, a pool of M NIOWorkerThreads that do the
// connections' I/O, and the ConnnectionExpirer that closes idle
// connections a whole ExpiryQueue bucket at a time (ZooKeeper 3.5.9
// NIOServerCnxnFactory.java, ExpiryQueue.java);
// behind it, the standalone server's request processor chain, one
// sequential pipeline shared by every connection (ZooKeeperServer.java L482-489).
//
// Model. Every thread is a simulated thread with its upstream name; all
// start with the server (see the simplifications for their order). A client's connect waits in the listen
// backlog (the queue AcceptThread.selector) until the accept thread's
// doAccept checks maxClientCnxns against the connections its IP has
// registered, then offers it round-robin to a selector thread's
// acceptedQueue, for good. A selector thread blocks in select() — a Select
// over its ready set (SelectorThread-<i>.selector), acceptedQueue and
// updateQueue — then handles the ready keys in an order shuffled by the
// run's seed, registers accepted connections for OP_READ and restores the
// interest ops queued on updateQueue. handleIO disables the connection's
// selectability, sets its interest ops to 0, touches it and schedules an
// IOWorkRequest on WorkerService.queue; a worker reads one request and
// submits it (processPacket → submitRequest) to PrepRequestProcessor's
// submittedRequests, writes pending output if the select reported
// OP_WRITE, touches the connection, makes it selectable again and queues
// it on its selector's updateQueue. The selector then sets interest
// OP_READ, plus OP_WRITE while output is pending. There is no
// per-connection mute: a connection with requests in flight is read again
// on the next select/worker cycle (read-ahead), until more than
// zookeeper.globalOutstandingLimit (1000) requests are in process server-
// wide; then incrOutstandingRequests throttles it (disableRecv, OP_READ
// off) and sendResponse lifts that when the connection has nothing
// outstanding or the server is under the limit (NIOServerCnxn.java L384-398, L688-700).
//
// The chain (PrepRequestProcessor.java L115-121, SyncRequestProcessor.java
// L99-166, FinalRequestProcessor.java L97-208): ProcessThread(sid:0 cport:2181): is
// PrepRequestProcessor, which takes submittedRequests in FIFO order and
// passes each to SyncRequestProcessor's queuedRequests at no cost;
// SyncThread:0 is SyncRequestProcessor, which takes each request and
// spends its cost (send C cost=D, else zookeeper.requestTime): the
// stage that logs and fsyncs, and FinalRequestProcessor, which runs on
// SyncThread, applies the change. Final then queues the reply on the
// connection's outgoing buffer (sendBuffer) and asks its selector for an
// interest update if the connection is selectable, so a later round of
// handleIO writes it on a worker. Every stage is one FIFO thread, so
// each connection's replies leave in request order, and a slow request
// delays every session's requests behind it. A connection closed while
// its requests are in the chain loses their replies. A connection enters its selector's ready set only when its
// interest ops meet what its socket can do (bytes or end of stream to
// read, output to write): with interest 0 its bytes wait in the socket.
// With zookeeper.nio.numWorkerThreads 0 the selector thread does the I/O
// itself. The client machines are one thread, clients.
//
// Simplifications against upstream:
//   - Requests have no type: every request is processed the same way, its
//     whole cost on SyncThread (pRequest on ProcessThread is free). No group
//     commit: SyncThread handles one request at a time, where upstream
//     logs every request it finds queued and flushes them with one fsync
//     (reads skip the flush when nothing is waiting in toFlush). No
//     snapshots, no watches, no session checks or touches in submitRequest.
//   - No sessions: no connect request is modelled, so every connection stays
//     sessionless and its timeout is sessionlessCnxnTimeout throughout.
//   - No four-letter words, no partial
//     reads or writes: one handleIO reads one whole request, and a write
//     sends every pending response (the socket's send buffer never fills).
//   - The selector threads are iterated in id order; upstream keeps them in
//     a HashSet, whose iteration order is the JVM's.
//   - Threads start in the order accept, selectors, workers, expirer, then
//     SyncThread before ProcessThread (setupRequestProcessors). Upstream's
//     NIOServerCnxnFactory.start() starts the selector threads before the
//     accept thread, and the worker pool (a fixed ThreadPoolExecutor)
//     creates each NIOWorkerThread only when work is first scheduled, one
//     new thread per task until all numWorkerThreads exist; here they all
//     exist from the start and idle ones take the work.
//   - The selector threads' wakeups and the accept thread's pauseAccept are
//     not modelled: threads block without timeouts, so an idle server emits
//     no events (the expirer, a background thread, sleeps to each bucket).
//   - The client closing its socket is seen when a worker reads end of
//     stream; the reason is 3.5.9's EndOfStreamException message ("Unable
//     to read additional data from client sessionid 0x0, likely client has
//     closed socket"). 3.5.9 has no DisconnectReason codes (3.6's
//     UNABLE_TO_READ_FROM_CLIENT, CONNECTION_EXPIRED): the expirer closes
//     silently, and the model labels that close "expired".
//   - Names follow the 3.5.9 source: workers are
//     NIOWorkerThread-<n> (WorkerService("NIOWorker") names its
//     DaemonThreadFactory name+"Thread"), and the refusal prints the
//     InetAddress as Java does, "Too many connections from /10.0.0.9 - max is 60".
//   - A burst's connections arrive every= apart (1ms unless set). Upstream
//     counts a client IP's connections only once their selector has
//     registered them, so a burst faster than that (every=0ms) gets more
//     than maxClientCnxns connections in; the model shows that race too.
//
// Throttling is traced as state <C>.throttled false → true (disableRecv)
// and back (enableRecv); ZooKeeper has no ChannelMuteState, so no
// conn.mute.
//
// Invariants, checked on every I/O and traced as "invariant" (counted in
// Factory.Violations): no connection is owned by two threads' I/O at once,
// and each connection's responses leave in the order its requests were sent.
package zookeeper
