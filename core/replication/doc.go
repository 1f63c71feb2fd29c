// Package replication is Kafka 2.5's replication on one broker, over the
// kernel (Partition.scala, ReplicaManager.scala, DelayedProduce.scala): each partition's log of records stamped
// with leader epochs and its leader-epoch cache; the leader's ISR and
// high-watermark rules; Produce with acks 0, 1 and all, min.insync.replicas
// and the DelayedProduce purgatory; Fetch and the DelayedFetch purgatory;
// the followers' ReplicaFetcherThreads with their OffsetsForLeaderEpoch
// truncation; LeaderAndIsr (becoming leader or follower); the periodic
// isr-expiration and isr-change-propagation tasks; and a Monitor of the
// guarantees. core/cluster wires brokers, ZooKeeper, the controller and
// clients around it; every request travels through the brokers' socket
// servers (KafkaApis is the socketserver.Apis of a broker).
//
// Model. Per broker (ReplicaManager, threads prefixed "broker-N/"):
// ReplicaFetcherThread-0-<leader> (one per leader: num.replica.fetchers
// 1), ExpirationReaper-<N>-Produce and ExpirationReaper-<N>-Fetch, and
// kafka-scheduler-1 running isr-expiration (every replica.lag.time.max.ms
// / 2) and isr-change-propagation (every 2500 ms). Request handlers run
// KafkaApis: appendRecords, fetchMessages, lastOffsetForLeaderEpoch,
// becomeLeaderOrFollower (under replicaStateChangeLock), UpdateMetadata
// into the MetadataCache, Metadata from it.
//
// Rules, as Kafka 2.5 (Partition.scala, Replica.scala, ReplicaManager.scala):
//   - HW (leader) = min LEO over the leader and every follower in the ISR
//     or caught up within replica.lag.time.max.ms; it only moves forward;
//     re-evaluated on append, follower LEO change, ISR change, becoming
//     leader. A follower's HW is the leader's from each fetch response,
//     clamped to its own LEO (it can go down after a leader change).
//   - lastCaughtUpTime: the fetch time if the fetch offset reached the
//     leader's LEO, else the previous fetch time if it reached the LEO of
//     the previous fetch.
//   - ISR expand: LEO ≥ HW and ≥ leaderEpochStartOffset. Shrink (the
//     isr-expiration task): LEO ≠ leader's LEO and not caught up for more
//     than replica.lag.time.max.ms. The leader writes the new ISR to the
//     partition's state znode (conditionally on its version) and records
//     it for isr-change-propagation (5 s quiet, or 60 s since the last).
//   - Produce: acks other than -1, 0, 1 → INVALID_REQUIRED_ACKS; acks=-1
//     with ISR < min.insync.replicas → NOT_ENOUGH_REPLICAS before the
//     append; acks=-1 parks a DelayedProduce until HW ≥ last offset + 1
//     (NONE, or NOT_ENOUGH_REPLICAS_AFTER_APPEND if the ISR shrank below
//     min.insync.replicas meanwhile), answers NOT_LEADER_FOR_PARTITION if
//     the broker stops leading, REQUEST_TIMED_OUT when the request's
//     timeout passes. acks=0 gets no response; an error closes the
//     connection.
//   - The idempotent producer (ProducerStateManager.scala L135-148, L192-237):
//     each log keeps, per producer id, its epoch and its last 5 batches
//     (first and last sequence and offset), updated by every append on
//     the leader and the followers alike and rebuilt from the records
//     after a truncation, so a new leader dedups as the old one did. After
//     the min.insync.replicas check, a batch with the same epoch and
//     sequences as a kept one is a duplicate: nothing is written, the
//     answer is NONE with its original offset (a log.append of no records
//     traces it); a gap in the sequence is OUT_OF_ORDER_SEQUENCE_NUMBER
//     (45), a new epoch must start at 0, an older one is
//     INVALID_PRODUCER_EPOCH; a producer with no batches kept takes any
//     sequence. InitProducerId answers the next id of the broker's block.
//   - Fetch reads up to the LEO (a follower) or the HW (a consumer); it
//     answers at once with replica.fetch.min.bytes / fetch.min.bytes of
//     data (every record counts RecordBytes), an error, or a follower
//     that has not seen the current HW; else it parks a DelayedFetch for
//     the fetch's max wait.
//   - Becoming leader: epoch and leaderEpochStartOffset = LEO, (epoch,
//     LEO) into the epoch cache, followers' LEO unknown, ISR members
//     caught up now. Becoming follower: a fetcher to the leader from the
//     local HW, first Truncating: OffsetsForLeaderEpoch(latest epoch) and
//     truncate to min(leader's end offset, own end offset for the answered
//     epoch, LEO), or to the HW when the log has no epoch or the answer is
//     undefined (LeaderEpochFileCache.endOffsetFor,
//     AbstractFetcherThread.getOffsetTruncationState).
//
// Every note built from values is written with its words (sim.Event.Words,
// formats in core/msg/notes.go), every error is a code (rp.* of
// core/msg/words_cluster.go).
//
// Simplifications against upstream: records carry no payload (each counts
// RecordBytes for fetch.min.bytes; fetch size limits are not modelled);
// the log start offset stays 0 (no retention); one request carries one
// partition for Produce; the error name is 2.5's NOT_LEADER_FOR_PARTITION
// (renamed NOT_LEADER_OR_FOLLOWER in 2.6.0); an OFFSET_OUT_OF_RANGE fetch
// puts the partition back to Truncating instead of asking ListOffsets;
// the purgatories (core/purgatory) run an expired operation on their
// reaper thread, not on the SystemTimer's executor-Produce / executor-Fetch; the high watermark checkpoint file is not
// modelled (a restarted broker's log keeps the HW it had when killed); no
// quotas, fetch sessions or preferred read replicas.
//
// Invariants (Monitor, checked at every state change): a leader's HW never
// moves backwards, and a cleanly elected leader holds every committed
// offset; at most one leader per partition and epoch; no acknowledged
// acks=all record is lost unless the election that lost it was unclean;
// no idempotent producer's batch (its producer id, epoch and base
// sequence) is written twice to a leader's log.
// A lost acknowledged record (any acks) is traced record by record as
// record.lost.
package replication
