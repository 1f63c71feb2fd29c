// Package group is Kafka 2.5's consumer group protocol: the broker's
// GroupCoordinator (GroupMetadata, MemberMetadata, the Heartbeat and
// Rebalance purgatories) and the consumers' side of it (KafkaConsumer's
// poll loop with ConsumerCoordinator and AbstractCoordinator, the
// heartbeat thread, the range and round-robin assignors), FACTS.md 2.
//
// Model. One broker (broker.id 1) coordinates every group. Requests go
// from a consumer thread to RequestChannel.requestQueue through the
// processor thread data-plane-kafka-network-thread-1-ListenerName(PLAINTEXT)-PLAINTEXT-0,
// which delivers them one network latency later (network.latency, 1 ms);
// there is no socket server: connections, selectors and muting are left
// out. Request handler threads (data-plane-kafka-request-handler-<i>,
// num.io.threads) take them and run GroupCoordinator's handlers under the
// group's lock (group[G].lock). A parked JoinGroup or SyncGroup is answered
// by whichever thread completes it: a handler, or the executor of an
// expired delayed operation. DelayedJoin, InitialDelayedJoin and
// DelayedHeartbeat wait in their purgatory's timer; the ExpirationReaper
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
// Trace. Groups change state with kind state, Subj group[G], From/To the
// GroupState, Note the generation (Item the reason of a rebalance); the
// leader and the protocol with Subj group[G].leader and group[G].protocol
// (From/To consumer names, protocol names). Members: member.pending,
// member.add, member.remove with Subj member[C] and Item the group. Each
// assignment the leader makes is an assign event per member (Subj
// member[C], Item the generation, Note the partitions); what a consumer
// owns after its rebalance listener runs is an assign event with Subj
// consumer[C] and Item the callback. A consumer's MemberState is kind
// state, Subj consumer[C]. Requests: client.send by the consumer's thread,
// recv by the handler, send by the answering thread, client.recv by the
// consumer's thread, all with Subj member[C] and ID the request's token,
// Item the API (and the error in answers). Delayed operations: timer.add,
// timer.cancel, timer.fire with Subj group[G] or member[C], ID the
// operation, Item its type, Note its delay: a DelayedHeartbeat's timer.add
// starts the member's session deadline.
//
// Simplifications against FACTS.md: no static membership (no
// group.instance.id, FENCED_INSTANCE_ID); the broker is always the active,
// loaded coordinator of every group (no NOT_COORDINATOR,
// COORDINATOR_LOAD_IN_PROGRESS, FindCoordinator: a client that would look
// for the coordinator again finds it at once); no offsets, so no
// OffsetCommit, no offset expiry and no auto commit; writing group
// metadata to __consumer_offsets succeeds at once, as on a one-broker
// cluster; the eager protocol only (no cooperative rebalancing); no
// DelayedSync (2.8.1+). Handlers and the leader's assignment take no
// virtual time. The timing wheel is a priority queue (deadlines exact to
// the microsecond) and the reaper sleeps until the next deadline instead
// of polling every 200 ms; handlers block in take instead of polling every
// 300 ms; the heartbeat thread sleeps until its next deadline instead of
// rechecking every retry.backoff.ms. Upstream breaks ties of the protocol
// vote and picks a new leader in HashMap order; here members keep the
// order they joined in. A member id is clientId-xxxx, four hex digits from
// the seeded source instead of a UUID. Records are not fetched: poll
// returns nothing, and "consumer C process D" stands for a batch whose
// processing takes D. Only the leader's metadata refreshes are followed,
// since only the leader acts on a change; they happen on the heartbeat
// thread's network polls.
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
// member. Violations are counted in System.Violations.
package group
