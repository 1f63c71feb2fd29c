// Package group is Kafka 2.5's consumer group protocol: the broker's
// GroupCoordinator (GroupMetadata, MemberMetadata, the Heartbeat and
// Rebalance purgatories) and the consumers' side of it (KafkaConsumer's
// poll loop with ConsumerCoordinator and AbstractCoordinator, the
// heartbeat thread, the range, round-robin, sticky and cooperative-sticky
// assignors, the EAGER and COOPERATIVE rebalance protocols), read in
// Kafka 2.5.0's GroupCoordinator.scala and ConsumerCoordinator.java.
//
// Model. In `use group` one broker (broker.id 1) coordinates every
// group; in a cluster (core/cluster) every broker has a Coordinator that
// owns the groups of the __consumer_offsets partitions it leads
// (manager.go), and consumers find it with FindCoordinator, fetch from the
// partitions' leaders and commit (discovery.go, fetch.go). The
// coordinator is the Apis of the broker's socket server (core/socketserver):
// each client (a consumer, member[C], or the admin client) has one
// connection to it, which the acceptor hands to the processor
// data-plane-kafka-network-thread-1-ListenerName(PLAINTEXT)-PLAINTEXT-0; the
// processor reads one request at a time per connection (muted until its
// answer is written) into RequestChannel.requestQueue, and the request
// handler threads (data-plane-kafka-request-handler-<i>, num.io.threads)
// run GroupCoordinator's handlers (Coordinator.Handle) under the group's
// lock (group[G].lock). The socket server's network thread carries each
// request and each response network.latency (1 ms) one way. The
// coordinator's send (Subj member[C]) is RequestChannel.sendResponse of
// an answer, the processor's send (Subj the connection) its write. A
// parked JoinGroup or SyncGroup is answered by whichever thread completes it: a handler, or the executor of an
// expired delayed operation. DelayedJoin, InitialDelayedJoin and
// DelayedHeartbeat wait in their purgatory's timer (core/purgatory); the ExpirationReaper
// thread (ExpirationReaper-1-Rebalance, -Heartbeat) hands expired ones to
// the SystemTimer's executor thread (executor-Rebalance, -Heartbeat), which
// runs them (forceComplete, then onExpiration), as in 2.5.
//
// A consumer C is two threads: C, the application's poll loop, which runs
// ConsumerCoordinator.poll (join, sync, assign) and handles JoinGroup and
// SyncGroup responses as they arrive; and its heartbeat thread, which
// sends heartbeats every heartbeat.interval.ms while the member is STABLE,
// reacts to their errors as AbstractCoordinator does, and sends LeaveGroup
// when poll() was not called for max.poll.interval.ms. Upstream each
// consumer's heartbeat thread of group G is called
// "kafka-coordinator-heartbeat-thread | G"; here " (C)" follows, so that
// a trace's threads have distinct names. The leader runs the assignor
// chosen by the coordinator, client side, on the metadata it has.
//
// Trace. Offsets: offset.commit (Subj the partition, Item the group,
// From/To the committed offset before and after, "none" before the
// first) when the coordinator stores one; commit (Subj what the caller
// commits, ID the OffsetCommit request, Item sync or async, Note the
// offsets) when the application commits, and commit.done (same Subj and
// ID, Item NONE or the exception, Note the offsets) when the answer is
// handled: at once for sync, in a later poll for async; seek (Subj the
// partition, To the new position, Note why) when a position is set by the
// committed offset, by auto.offset.reset or by KafkaConsumer.seek; poll
// (Subj consumer[C], Item "N records" or WakeupException, Note the
// records per partition) when Poll returns; log.append (Subj the
// partition, From/To the first and last offset) when records are written.
//
// Groups change state with kind state, Subj group[G], From/To the
// GroupState, Note the generation (Item the reason of a rebalance); the
// leader and the protocol with Subj group[G].leader and group[G].protocol
// (From/To consumer names, protocol names). Members: member.pending,
// member.add, member.remove with Subj member[C] and Item the group. Each
// assignment the leader makes is an assign event per member (Subj
// member[C], Item the generation, Note the partitions); what a consumer
// owns after its rebalance listener runs is an assign event with Subj
// consumer[C] and Item the callback. A consumer's MemberState is kind
// state, Subj consumer[C]. Requests, all with Subj member[C]: the socket
// server's client.send (by the consumer's thread, Item API:C#k, Note what
// it asks), recv and send (by the processor), with ID the wire request's
// token; and the coordinator's send (by the answering thread) and the
// consumer's client.recv, with ID the group request's token, Item the API
// and the error. Delayed operations: timer.add,
// timer.cancel, timer.fire with Subj group[G] or member[C], ID the
// operation, Item its type, Note its delay: a DelayedHeartbeat's timer.add
// starts the member's session deadline.
//
// Simplifications against upstream: in `use group` the broker is always
// the active, loaded coordinator of every group (no NOT_COORDINATOR,
// COORDINATOR_LOAD_IN_PROGRESS, FindCoordinator: a client that would look
// for the coordinator again finds it at once), and writing group metadata
// and offsets to __consumer_offsets succeeds at once, as on a one-broker
// cluster; in a cluster these are real, but a load takes no virtual time
// (COORDINATOR_LOAD_IN_PROGRESS is never seen); no offset expiry; no
// DelayedSync (2.8.1+). Handlers and the leader's assignment take no
// virtual time. The timing wheel is a priority queue (deadlines exact to
// the microsecond) and the reaper sleeps until the next deadline instead
// of polling every 200 ms; handlers block in take instead of polling every
// 300 ms; the heartbeat thread sleeps until its next deadline instead of
// rechecking every retry.backoff.ms. Upstream breaks ties of the protocol
// vote and picks a new leader in HashMap order; here members keep the
// order they joined in. A member id is clientId-xxxx, four hex digits from
// the seeded source instead of a UUID. The group system's consumers
// (Join) do not fetch: their poll returns nothing, and "consumer C process
// D" stands for a batch whose processing takes D. Only the leader's
// metadata refreshes are followed, since only the leader acts on a
// change; they happen on the heartbeat thread's network polls.
//
// Static membership (static.go, KIP-345): a consumer with a
// group.instance.id (join's instance=ID) joins with an empty member id and
// no MEMBER_ID_REQUIRED round trip (KafkaApis' requireKnownMemberId is
// false for it); the coordinator maps the instance id to the member id
// (staticMembers). Its close revokes locally and sends no LeaveGroup (only
// a dynamic member does), so the member stays until its session expires,
// which unmaps the instance id; a join phase that completes without it
// keeps it. A new process of a known instance id (consumer C restart after
// consumer C crash, or another consumer with the same instance id) takes
// the member over: replaceGroupInstance re-keys the same member, its
// assignment with it, to a new member id (traced as a member.add with Src
// replaceGroupInstance), answers the old id's parked JoinGroup or
// SyncGroup FENCED_INSTANCE_ID, and a Stable group does not rebalance (the
// JoinGroup answer names the leader id from before, so a rejoining leader
// does not assign); CompletingRebalance rebalances. A request with a known
// instance id and another member id is FENCED_INSTANCE_ID, fatal in the
// 2.5 client: the heartbeat thread records it, the next poll throws and
// the application closes the consumer (2.8 rejoins instead). The client
// keeps its client id: upstream 2.5 too, so a second process with the
// same instance id shows under the first one's name in the group. The
// assignors order static members first, by instance id (MemberInfo).
//
// Rebalance protocols and sticky assignors (protocol.go, sticky.go,
// KIP-429). Each consumer's rebalance protocol (consumer[C].rebalanceProtocol)
// is the highest one every assignor of its partition.assignment.strategy
// supports (range, roundrobin, sticky: EAGER; cooperative-sticky:
// COOPERATIVE and EAGER), so [cooperative-sticky,range] is EAGER whichever
// assignor the broker selects; a list sharing none is a config error
// (gr.assignors.protocol). Its JoinGroup metadata carries the topics, the
// owned partitions (empty under EAGER, which revoked them all in
// onJoinPrepare) and the sticky assignor's user data (the partitions and
// generation of its last onAssignment); the coordinator's metadata
// comparison, which decides whether a follower's rejoin in Stable
// rebalances, covers all three. Under COOPERATIVE onJoinPrepare revokes
// only partitions of topics no longer subscribed, the leader checks the
// result with validateCooperativeAssignment (a partition revoked from one
// member and added to another in one go is an invariant violation), and
// onJoinComplete revokes owned − assigned (an assign event with Item
// onPartitionsRevoked, Note what stays owned) and, if that is not empty,
// requests the follow-up rejoin; onPartitionsAssigned gets assigned −
// owned. consumer[C].revocations counts onPartitionsRevoked calls with a
// non-empty set (rebalances and close). sticky.go ports
// AbstractStickyAssignor step by step; where it iterates a HashMap or
// HashSet, jmap (javamap.go) gives java.util.HashMap's order from
// String.hashCode and TopicPartition.hashCode (treeified buckets aside),
// and testdata/*-java.txt holds assignments printed by the real 2.5.0
// classes that the port reproduces list for list. A JoinGroup's client.send
// note names the owned partitions when there are any. Simplified: the
// owned partitions travel sorted by topic and partition and the sticky
// user data in the leader's list order (upstream both are grouped by
// topic in HashMap order), which changes only the order of colliding
// HashMap entries.
//
// Offsets and records (offsets.go, client.go). The coordinator stores
// committed offsets per group and partition: OffsetCommit answers per
// state as Kafka 2.5 GroupCoordinator.doCommitOffsets does (a member's commit in Stable or
// PreparingRebalance is stored and counts as a heartbeat, in
// CompletingRebalance it is REBALANCE_IN_PROGRESS, a commit without a
// generation to an unknown or Empty group is stored), OffsetFetch answers
// them (-1 for none). A consumer an application embeds (NewClient: a
// Spring ListenerConsumer) runs on the application's thread: Poll is
// KafkaConsumer.poll (the coordinator's poll, then fetch), CommitSync and
// CommitAsync send OffsetCommit (only in a Stable generation, else
// CommitFailedException or RebalanceInProgressException at once, as
// generationIfStable makes them), Seek moves a position, Wakeup makes the
// poll in progress or the next one throw WakeupException, Crash ends the
// consumer's threads where they stand (sim.Kill: nothing more is sent; the
// session expires), a fatal JoinGroup
// error closes the consumer (Poll then returns ErrClosed), and a
// RebalanceListener is called back on the polling thread. A partition's
// log is its end offset: "records P offsets=A..B" appends (Append). A
// newly assigned partition gets its position from an OffsetFetch
// (ConsumerCoordinator.refreshCommittedOffsetsIfNeeded), or from
// auto.offset.reset when nothing is committed (latest: the log end;
// earliest: 0; the ListOffsets request is not modeled). Fetching is
// instant: poll returns up to max.poll.records records past the
// positions, starting where the last poll stopped so no partition
// starves, and a consumer waiting in poll hears of new records one
// network latency after they are appended (a Fetch wakeup the network
// thread carries). enable.auto.commit commits the positions, async,
// in poll every auto.commit.interval.ms and sync before a rebalance
// revokes; an auto-commit that would send the offsets the last one sent
// is left out (it changes nothing). Commit retries on retriable errors
// are not modeled: such a commit fails with
// RetriableCommitFailedException. Wakeup interrupts poll only, never a
// commit in progress.
//
// Idle. The poll thread sleeps until something arrives while its consumer
// is in step with the group, and wakes at its heartbeat deadlines while it
// is not (as upstream's poll loop does all the time). The heartbeat
// threads and the Heartbeat purgatory only run periodic tasks: "run idle"
// ends once no request is in flight, no join is pending and every consumer
// is in step or paused (a stall or a batch keeps it going); it does not
// wait for a leader's next metadata refresh.
//
// Invariants: a group only moves along GroupMetadata's valid previous
// states (an invalid transition is recorded, traced as kind invariant, and
// not made); in a Stable generation every partition of the subscribed
// topics (as the leader's metadata had them) is assigned to exactly one
// member, or, under COOPERATIVE, to none while a member that owned it at
// JoinGroup revokes it; a leader's assignment passes
// validateCooperativeAssignment under COOPERATIVE. Violations are counted in System.Violations.
//
// Words. Errors (settings, paths, a client's call, a refused action) are
// codes of core/msg's words_group.go; a note built from values is a
// msg.Note whose format notes.go words in Chinese, the trace keeping the
// English. The notes of sleeps and of requests sent (sim.Sleep,
// socketserver's SendNote) are English only: those calls take a string.
package group
