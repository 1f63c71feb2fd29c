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
// the server last heard a ping (every third of the timeout) and expires
// the session on the next tick boundary after it plus
// zookeeper.session.timeout.ms (18 s), so 12 to 20 s after the kill. Its
// /brokers/ids/N goes, main-EventThread of the active controller puts
// BrokerChange, and the controller elects (FACTS.md 1.5): offline
// partitions get the first live ISR replica in assignment order (unclean:
// the first live replica, ISR of one, when unclean.leader.election.enable
// is on), then the dead replicas leave the ISRs (never below one; a dead
// leader becomes -1), each change an epoch, written to the partition's
// state znode, then LeaderAndIsr to the replicas and UpdateMetadata to
// every live broker through the send threads, whose responses come back as
// LeaderAndIsrResponseReceived / UpdateMetadataResponseReceived events.
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
// delivery.timeout.ms allow.
//
// Simplifications against FACTS.md: per broker 1 network thread and 2
// request handlers by default (num.network.threads and num.io.threads
// override them); ZooKeeper is one server whose operations take no time,
// with persistent watches (Kafka re-registers its one-shot watches on
// every read) and without pings in the trace; the broker registers in
// ZooKeeper before starting its other parts; no controlled shutdown,
// preferred-replica (auto-leader-rebalance) election, reassignment or
// topic deletion; StopReplica to dead brokers is not sent (they have no
// channel); the producer waits for fresh metadata before retrying to a
// leader it doubts, checks no client-side request timeout (the broker's
// REQUEST_TIMED_OUT ends a wait, as it usually does first upstream), and
// takes acks per produce action; the consumer is one fetch per action,
// without a group.
//
// Invariants: the replication Monitor's (a leader's HW never moves back
// and a clean leader holds every committed offset; one leader per epoch;
// no acknowledged acks=all record lost without an unclean election), the
// controllers' event queues' and the socket servers', all collected by
// Violations and counted in invariant.violations.
package cluster
