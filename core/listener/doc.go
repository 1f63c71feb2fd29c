// Package listener is Spring for Apache Kafka 2.5's listener container
// (v2.5.17 ContainerProperties.java, KafkaMessageListenerContainer.java):
// ConcurrentMessageListenerContainer with its
// KafkaMessageListenerContainer children, each running a ListenerConsumer
// loop on its own thread over a KafkaConsumer of core/group.
//
// Model. The container (bean org.springframework.kafka.KafkaListenerEndpointContainer#0)
// starts concurrency children; child i's ListenerConsumer runs on thread
// ...#0-i-C-1 (its SimpleAsyncTaskExecutor's first thread) and owns a
// group.Consumer whose client.id is clientIdPrefix-i, or, without a
// prefix, Kafka's consumer-G-N (N counts consumers in the JVM from 1). So
// a container with concurrency N is N members of one group, and its
// rebalances are core/group's. The loop is pollAndInvoke: processCommits
// (not for RECORD, nor with auto-commit), poll(pollTimeout), then the
// record listener on each record in turn (it works listener.time per
// record and throws where a "fail" plan says). After a record the
// container acks it (ackCurrent): RECORD commits offset+1 at once;
// BATCH, TIME, COUNT and COUNT_TIME put it on the acks queue
// (LinkedBlockingQueue); processCommits moves the queued acks into the
// offsets map (the highest offset per partition) and commits the map
// (offset+1 per partition): BATCH always, COUNT when the records since the
// last commit reach ackCount, TIME when more than ackTime has passed since
// the last time commit, COUNT_TIME on either. MANUAL listeners call
// acknowledge(): on the consumer's thread MANUAL adds to the offsets map
// (committed at the next processCommits) and MANUAL_IMMEDIATE commits at
// once; from another thread (pool-1-thread-1, the "ack" action) the ack
// goes through the acks queue, and MANUAL_IMMEDIATE calls
// consumer.wakeup() so the poll in progress ends. Commits are commitSync
// (syncCommits, the default) or commitAsync; a sync commit refused for a
// rebalance in progress is retried after the next poll for the partitions
// still owned. The container forces enable.auto.commit false; the
// what-if enable.auto.commit true leaves every commit to the consumer's
// auto-commit in poll. A rebalance's revocation commits what is pending
// (onPartitionsRevoked); with auto.offset.reset latest, an assignment
// commits the initial position of partitions nothing was committed for
// (AssignmentCommitOption LATEST_ONLY_NO_TX). Stopping (stop(), or the
// ContainerStoppingErrorHandler) lets each ListenerConsumer finish its
// poll's records (stopImmediate is false), commit what is pending, and
// close its consumer (LeaveGroup); stop() waits up to shutdownTimeout. A
// consumer closed by a fatal JoinGroup error (INVALID_SESSION_TIMEOUT…)
// ends its ListenerConsumer without wrapUp ("Fatal consumer exception").
//
// Errors. A listener exception goes to the error handler with the rest of
// the poll, after the records processed before it are committed.
// SeekToCurrentErrorHandler (the 2.5 default) counts deliveries per thread,
// partition and offset (FailedRecordTracker; another offset starts over)
// and, while FixedBackOff(0, 9) is not exhausted, seeks every partition of
// the records back to its first record left and throws: the failed record
// comes again in the next poll. On the 10th delivery, or at once for a
// non-retryable exception (DeserializationException, ClassCastException…),
// the recoverer logs "Backoff … exhausted for P@offset", the record is
// skipped and acked as processed (ackAfterHandle), and the others are
// still sought. ContainerStoppingErrorHandler stops the whole container
// from a SimpleAsyncTaskExecutor thread and throws "Stopped container":
// the rest of the poll is not processed, the failed record is not
// committed, and a restarted container reads it again.
//
// Crashes. "container crash" kills the application's process,
// "consumer C crash" one consumer with its ListenerConsumer: their threads
// end where they stand (sim.Kill, thread.exit "the process died") and
// send nothing more (group.Consumer.Crash); the
// coordinator removes the member when its session expires and the
// partitions move to the other members, which start from the committed
// offsets. The ledger counts, live: deliveries per record; processed
// (records the listener completed at least once); duplicates (deliveries
// of a record already processed); recovered; lost (records below the
// group's committed offset that were never processed nor recovered and
// that no live consumer is processing: nobody will deliver them again).
//
// Simplifications against upstream: record listeners only (no batch
// listener, so no RecoveringBatchErrorHandler), no transactions, no
// ConsumerSeekAware, no pause/resume, no idle events, no monitor task
// (NonResponsiveConsumerEvent), no idleBetweenPolls; ackOnError is
// false (its 2.3+ default) and not settable; the recoverer is the
// default logging one (no dead-letter topic). ListenerUtils.recordToString
// is written P@offset. A poll with nothing pending (no queued acks, an
// empty offsets map, no MANUAL delivery waiting for its ack) waits until
// something arrives instead of returning empty every pollTimeout: such a
// turn of the loop would change nothing; with something pending it
// returns after pollTimeout as upstream does. When a
// ContainerStoppingErrorHandler has stopped the container, a new
// "container start" is refused until every old ListenerConsumer has
// ended. The listener never calls nack().
//
// Trace. Threads: the ListenerConsumer threads ...#0-i-C-1 (also each
// consumer's poll thread), kafka-coordinator-heartbeat-thread | G (C),
// SimpleAsyncTaskExecutor-N (ContainerStoppingErrorHandler's stop),
// pool-1-thread-1 (acks from another thread), main (the actions), and
// core/group's broker threads. Kinds: state Subj listener[C] (C the
// client id) From/To the loop's phase: processCommits, poll,
// invokeListener, wrapUp, stopped, crashed; state Subj the container's
// bean From/To running, stopped, crashed; record.deliver, record.done,
// record.fail, record.handle, record.recover, record.ack with Subj the
// record (P@offset) and ID the delivery's token (record.deliver's Item is
// the delivery's number); queue.put/queue.take on listener[C].acks with
// the delivery's token and record; offset.pending Subj the partition,
// From/To the offsets map's value (a record offset; the commit sends
// To+1); commit and commit.done (core/group) with Subj
// listener[C].offsets for the offsets map (which the commit empties), the
// record P@offset for RECORD and MANUAL_IMMEDIATE, assignment for the
// initial positions, auto-commit, or listener[C].commitsDuringRebalance;
// seek (core/group) for the error handler's seeks; latch
// ...#0.stop for stop()'s wait.
//
// Invariants: only a consumer's own thread takes from its acks queue,
// touches its offsets map and commits (other threads only put on the
// queue); a ListenerConsumer hands a poll's records to the listener in
// the order poll returned them; the same scenario and seed give the same
// trace, natively and under GOOS=js.
//
// Words. Errors and refusals are codes of core/msg's words_listener.go (a
// group error inside one is its argument, or keeps its code with this
// package's kind); a note built from values is a msg.Note (notes.go); the
// notes of sleeps are English only, as sim.Sleep takes a string.
package listener
