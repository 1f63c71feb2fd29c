// Package cluster wires Kafka 2.5 brokers, one ZooKeeper server, the
// controller and clients into one causal system on the kernel: each
// broker is a socket server (core/socketserver), a replica manager
// (core/replication) and a controller (core/controller, with this
// package's KafkaController logic behind its Logic seam); every request
// between clients and brokers, follower and leader, controller and broker
// travels through the receiving broker's socket server.
//
// Model. Threads and queues are named as upstream, prefixed with their
// host: broker-N/… (the broker's socket server threads, request handlers,
// ReplicaFetcherThread-0-<leader>, ExpirationReaper-N-Produce/Fetch,
// kafka-scheduler-1, controller-event-thread, main-EventThread (its
// ZooKeeper client's event thread), Controller-N-to-broker-M-send-thread,
// /config/changes-event-process-thread, main), zookeeper/SessionTracker,
// clients/kafka-producer-network-thread | producer-1 (the producer's
// Sender), clients/consumer-1, clients/main (the application calling
// send and poll) and operator (who runs kafka-topics.sh, kafka-configs.sh
// and kill -9). Connections are named client@broker-N (replica-2@broker-1,
// controller-1@broker-3, producer-1@broker-2).
//
// Broker N starts at (N-1) ms: a ZooKeeper session, its ephemeral
// /brokers/ids/N, the replica manager, the socket server, the controller's
// Startup; the first to create /controller is the active controller
// (broker 1). Topics are znodes the controller's TopicChange turns into
// partitions: the first live replica leads, the live replicas are the ISR,
// epoch 0. kill broker N ends every thread of the process where it stands
// (sim.Kill), breaks its connections, and leaves its session to expire:
// the server last heard a ping (an idle client pings every readTimeout/2,
// a third of the timeout) and expires the session on the first tickTime
// boundary (3 s, zookeeper.properties leaves it unset) strictly after it
// plus zookeeper.session.timeout.ms (18 s), so 12 to 21 s after the kill
// (ZooKeeper 3.5.9 ExpiryQueue.java L56-58). Its
// /brokers/ids/N goes, main-EventThread of the active controller puts
// BrokerChange, and the controller elects (Kafka 2.5 PartitionStateMachine.scala L519-530): offline
// partitions get the first live ISR replica in assignment order (unclean:
// the first live replica, ISR of one, when unclean.leader.election.enable
// is on), then the dead replicas leave the ISRs (never below one; a dead
// leader becomes -1), each change an epoch, written to the partition's
// state znode, then LeaderAndIsr to the replicas and UpdateMetadata to
// every live broker through the send threads, whose responses come back as
// LeaderAndIsrResponseReceived / UpdateMetadataResponseReceived events.
// When the dead broker was the controller, its /controller goes with the
// same session and another broker's onControllerFailover runs the two
// steps the other way round (Kafka 2.5 KafkaController.scala L217-268):
// ReplicaStateMachine.startup first (LeaderAndIsr at the current epochs
// to the live replicas, then OfflineReplica for the dead ones: out of the
// ISRs, never below one, a dead leader -1, an epoch each), then
// PartitionStateMachine.startup (offline partitions elected, an epoch
// more), so a dead controller that led ends two epochs later.
// restart broker N starts a new process over the same logs (refused with
// NodeExists while the old session lives). stall broker N stops only its
// replica fetchers. The leader writes ISR changes to ZooKeeper and
// isr-change-propagation tells the controller through
// /isr_change_notification (IsrChangeNotification → UpdateMetadata).
// "config unclean.leader.election.enable=true" alters the dynamic broker
// default: each broker's config listener applies it and puts
// UncleanLeaderElectionEnable, which the active controller answers with
// an election of the offline partitions. The producer asks a broker for
// metadata, sends each produce to the leader, and on a retriable error
// (NOT_LEADER_FOR_PARTITION, NETWORK_EXCEPTION, NOT_ENOUGH_REPLICAS, …)
// retries after retry.backoff.ms with fresh metadata while retries and
// delivery.timeout.ms allow. The client keeps its own clock, as
// NetworkClient does: a request in flight for more than
// request.timeout.ms closes its connection, and every request in flight
// on that connection fails with NETWORK_EXCEPTION (retriable; the broker
// may have written it, and a retry writes it again); the next send opens
// a new connection after reconnect.backoff.ms (50 ms). The check runs when
// the client's poll returns, after the responses it brought, and a poll
// lasts at most request.timeout.ms, so a request nothing else wakes the
// client for is found timed out up to twice request.timeout.ms after its
// send (Kafka 2.5 NetworkClient.java poll, handleTimedOutRequests). The
// broker's DelayedProduce runs the same timeout from the append, a little
// later than the send, and answers REQUEST_TIMED_OUT first when nothing
// else delays it. delivery.timeout.ms (at least request.timeout.ms: set
// lower it is refused, left at its default it rises to it) fails a
// batch delivery.timeout.ms after its send(), queued or in flight, with
// TIMEOUT (TimeoutException "Expiring N record(s) for P:X ms has passed
// since batch creation"); an answer that comes later is ignored, and a
// retriable error after it is final (Kafka 2.5 Sender.java L593-600).
//
// Consumer groups (`use cluster`; `use replication` leaves them out):
// every broker process has a GroupCoordinator (core/group) behind its
// socket server, whose threads (ExpirationReaper-N-Heartbeat and
// -Rebalance, their executors, group-metadata-manager-0) start at its
// first request or election. A consumer's FindCoordinator goes to the
// running broker with the lowest id; the first one creates
// __consumer_offsets (offsets.topic.num.partitions, 50, at
// offsets.topic.replication.factor, 3, placed as AdminUtils does from
// the registered brokers) when enough brokers are alive, and every ask
// is answered COORDINATOR_NOT_AVAILABLE until the broker's metadata cache
// has the group's partition with a live leader, abs(hashCode) %
// partitions (Kafka 2.5 KafkaApis.scala L1259-1319, L1008-1044). A
// broker that becomes leader of one of its partitions loads it
// (onElection: COORDINATOR_LOAD_IN_PROGRESS meanwhile), one that becomes
// follower unloads it (onResignation: its groups go Dead, parked
// requests get NOT_COORDINATOR) (KafkaApis.scala L194-211). The group's
// record (at the leader's SyncGroup) and each commit are records of that
// partition, appended with acks -1 and offsets.commit.timeout.ms through
// the replica manager and replicated like any record; the group becomes
// Stable, and a commit enters the cache, when the append is acknowledged
// (GroupMetadataManager.scala L262-433). Consumers mark the coordinator
// unknown on NOT_COORDINATOR, COORDINATOR_NOT_AVAILABLE or a broken
// connection and look it up again; they fetch each owned partition from
// its leader up to the high watermark and auto-commit their positions
// (enable.auto.commit, auto.commit.interval.ms).
//
// The idempotent producer (Kafka 2.5 ProducerConfig.java L425-447): with enable.idempotence the
// construction refuses retries 0, an acks setting (or a produce's acks=)
// other than all and max.in.flight.requests.per.connection above 5
// (configuration errors, codes cl.idempotence.*), and makes an unset acks
// all. Before its first produce the Sender sends InitProducerId to the
// least loaded node, whose ProducerIdManager claims a block of 1000 ids
// in /latest_producer_id_block (the first time it is asked; upstream
// claims one at broker startup) and answers the next id, epoch 0. A
// batch gets (producerId, epoch, baseSequence = the partition's next
// sequence) when first sent and keeps it on every retry; the leader's log
// dedups and checks it (core/replication). No connection carries more
// than max.in.flight.requests.per.connection requests (5). "lose response
// R" loses the next response to R: the connection breaks as it arrives,
// after the broker did the work, and R's requests fail with
// NETWORK_EXCEPTION. produce[R].appends and partition[P].duplicates count
// the leader's log by the request each record came from, which the
// simulator knows and no broker does.
//
// Retries keep their order as the producer's per-partition queues keep it
// (Kafka 2.5 RecordAccumulator.java ready and drain L461-628, reenqueue
// L347-356, insertInSequenceOrder L398-438; Sender.java L357-365,
// L637-639): only a partition's first queued batch can be sent, and while
// it backs off (retry.backoff.ms from its failed attempt) the batches
// behind it wait. A retried batch goes back to the head; with idempotence
// it goes in sequence order and is sent only when it is the lowest
// sequence not yet acknowledged, so retries go one at a time. With
// max.in.flight.requests.per.connection 1 a partition with a batch in
// flight sends nothing else (guaranteeMessageOrder mutes it). Batches in
// flight together still complete each by its own answer: a later one
// that succeeds is written before an earlier one's retry, and several
// failed by one disconnect (oldest first, each to the head) go again
// newest first.
//
// Trace vocabulary (the stage is built from it; the kernel's, the socket
// server's and the controller's kinds keep their meanings):
//
// Actors are "host/thread": broker-N/<upstream thread>, zookeeper/SessionTracker,
// clients/kafka-producer-network-thread | producer-1, clients/consumer-1,
// clients/main (produce and consume actions), and operator (topic, kill,
// restart, stall, resume, config, broker starts). Queue subjects carry the
// same prefix: broker-N/RequestChannel.requestQueue,
// broker-N/Processor-0.{newConnections,selector,responseQueue},
// broker-N/Acceptor-PLAINTEXT.selector, broker-N/ControllerEventManager.queue,
// broker-C/Controller-C-to-broker-N-send-thread.messageQueue (items
// LeaderAndIsr, UpdateMetadata) and .responses,
// broker-N/ReplicaFetcherThread-0-L.responses and .partitionMapCond,
// broker-N/ExpirationReaper-N-{Produce,Fetch}.delayQueue (wake-ups),
// clients/producer-1.RecordAccumulator, clients/consumer-1.fetches and
// clients/<id>.responses. Connections (Subj of conn.*, recv, send,
// client.send, client.recv) are client@broker-N: replica-F@broker-L (the
// fetcher of broker F at leader L), controller-C@broker-N,
// producer-1@broker-N, consumer-1@broker-N; request labels (Item) are
// API:name: Fetch:replica-2#7, OffsetForLeaderEpoch:replica-3#9,
// LeaderAndIsr:controller-1#3, UpdateMetadata:controller-1#4,
// Metadata:producer-1#2, Produce:R and Fetch:R (R the action's id).
//
//   - broker: Subj broker-N, ID N, From → To among none, starting,
//     running, stalled, dead; Note why.
//   - session: Subj broker-N, ID the session id (1, 2, … in creation
//     order), From → To: none → connected (Note its timeout), connected →
//     disconnected (the process died; Item the expiry deadline in µs, Note
//     "last heard at X; expires at Y"), disconnected or connected →
//     expired (the SessionTracker, or session expire), → closed.
//   - zk: Subj the znode path, Note the operation (create, create
//     ephemeral, set, set failed (BadVersion …), delete), To its data:
//     "leader=2 epoch=1 isr=1,3" for /brokers/topics/T/partitions/P/state,
//     "brokerid=1" for /controller, "0=1,2,3 1=2,3,1" for a topic.
//   - zk.watch: Subj the path, Note what changed; Actor the client's event
//     thread (broker-N/main-EventThread), which then puts the controller
//     event (queue.put on broker-N/ControllerEventManager.queue), or the
//     config thread.
//   - state: Subj controller[N] (inactive → active, Note the controller
//     epoch and live brokers; active → inactive), PartitionState[P]
//     (NewPartition, OnlinePartition, OfflinePartition; Note the byte
//     value), and ControllerState as in the controller system.
//   - leader: Subj P, ID the new leader epoch, From the old leader → To
//     the new one (-1: none), Note why (new partition, offline election,
//     unclean election, broker N offline). Actor controller-event-thread.
//   - isr: Subj P, ID the broker that wrote it (the leader for shrink and
//     expand, the controller's broker otherwise), From → To as sorted ids
//     "1,2,3", Note why ("shrink: …", "expand: …", "controller: …").
//   - role: Subj P, ID the broker, From → To among none, leader, follower
//     (leader → leader: a new epoch), Note "epoch E".
//   - epoch.cache: Subj P, ID the broker, From → To its leader-epoch cache
//     as "epoch:startOffset" lists.
//   - log.append: Subj P, ID the broker, offsets From … To-1 appended
//     (To is the new LEO), Note the leader epoch they carry, Item the
//     produce request (on the leader) or "from leader L" (on a follower).
//   - log.truncate: Subj P, ID the broker, LEO From → To, Note why.
//   - hw: Subj P, ID the broker, From → To, Note why.
//   - replica.leo: Subj P, ID the follower, Item the leader's host: the
//     leader's view of the follower's LEO, From → To (-1: unknown).
//   - fetcher: Subj P, ID the follower broker, Item the fetcher thread,
//     From → To among none, Truncating, Fetching, removed, failed.
//   - delay.add, delay.complete, delay.expire: Subj the purgatory
//     (broker-N/Produce, broker-N/Fetch), ID the request's token, Item its
//     label; Note "timeout: what it waits for" on add, the result on
//     complete and expire (NONE, NOT_ENOUGH_REPLICAS_AFTER_APPEND,
//     REQUEST_TIMED_OUT, "3 records", "max wait over: 0 records").
//   - metadata: Subj broker-N, ID N: an UpdateMetadata reached its cache
//     (Note live brokers and the partitions' leaders).
//   - client.recv: Subj the connection, ID the request's token (0 when
//     nothing was sent), Item its label (the API on a refused connect),
//     Note the error (NONE, NOT_LEADER_FOR_PARTITION, NETWORK_EXCEPTION,
//     CONNECTION_REFUSED, LEADER_NOT_AVAILABLE, …; "NETWORK_EXCEPTION:
//     request.timeout.ms 30s passed, disconnecting from node N" for each
//     request of a connection the client closed on its own timeout).
//     Actor the client thread.
//   - client.done: Subj the action's id R (the request name for
//     InitProducerId, Note "producerId 0, epoch 0"), Item Produce, Fetch or InitProducerId, To its
//     final error, Note offsets or why ("error 19, retries 0 used up",
//     "error 13, delivery.timeout.ms 2m passed", for TIMEOUT "Expiring 1
//     record(s) for t-0:120000 ms has passed since batch creation").
//   - record.lost: Subj P, ID the offset, Item the produce request that
//     was acknowledged, From the record's epoch, Note acks, the new leader,
//     its epoch, clean or unclean election, and where its log ends.
//   - invariant: Subj P (the Monitor) or a connection (a socket server),
//     Note the violation.
//   - thread.exit with a Note: a thread killed (broker N killed, channel to
//     broker N removed).
//
// Words: a Note built from values is data too (sim.Event.Words, its
// format a key of core/msg/notes.go), and so is every error and the reason
// of a refused action (codes cl.* and rp.* of core/msg/words_cluster.go):
// the page words them in its language. thread.exit and sleep notes keep
// their English only (the kernel's Kill and Sleep take a string).
//
// Simplifications against upstream: ISRs are kept, written and shown as
// sorted broker ids, where upstream's ZooKeeper list keeps the order it
// was built in (a new partition's live replicas in assignment order, the
// leader's additions at the end); no rule modelled depends on that order
// (elections walk the assignment). Per broker 1 network thread and 2
// request handlers by default (num.network.threads and num.io.threads
// override them); ZooKeeper is one server whose operations take no time,
// with persistent watches (Kafka re-registers its one-shot watches on
// every read) and without pings in the trace; the broker registers in
// ZooKeeper before starting its other parts; no controlled shutdown,
// preferred-replica (auto-leader-rebalance) election, reassignment or
// topic deletion; StopReplica to dead brokers is not sent (they have no
// channel); the producer waits for fresh metadata before retrying to a
// leader it doubts, has no linger.ms (0) or batching of actions, polls
// only while requests are in flight (upstream's idle wake-ups do nothing
// observable), and takes acks per produce action; the consumer is one
// fetch per action, without a group, on the same client code (its
// request.timeout.ms shared with the producer's). Groups: no Spring
// container on the cluster yet, no offsets expiry; a consumer fetches
// each partition on its own request (upstream batches a node's
// partitions), reads its leader from the metadata cache of the running
// broker with the lowest id, and retries a failed fetch or coordinator
// lookup after retry.backoff.ms but at least reconnect.backoff.ms
// (50 ms), without the Metadata request it would wait for;
// auto.offset.reset latest reads the leader's high watermark without a
// ListOffsets request. The idempotent
// producer: no epoch bump (an OUT_OF_ORDER_SEQUENCE_NUMBER is retried as
// is, as for a batch that is not the next expected), no
// UNKNOWN_PRODUCER_ID, no transactions; each produce action is its own
// batch and its own request.
//
// Invariants: the replication Monitor's (a leader's HW never moves back
// and a clean leader holds every committed offset; one leader per epoch;
// no acknowledged acks=all record lost without an unclean election, no
// idempotent batch written twice, none the leader's log holds reported
// failed for a retry refused as out of order), the
// controllers' event queues' and the socket servers', all collected by
// Violations and counted in invariant.violations.
package cluster
