// Package controller is the event handling of Kafka 2.5's controller:
// ControllerEventManager with its controller-event-thread, the unbounded
// queue of QueuedEvents, put and clearAndPut under the putLock, and
// KafkaController as the ControllerEventProcessor; the 25 ControllerEvent
// types and 17 ControllerStates as data (Kafka 2.5 ControllerState.scala, KafkaController.scala,
// ControllerEventManager.scala).
//
// Model. Each thread that puts events upstream is a simulated thread of
// its own with its upstream name (main-EventThread for ZooKeeper watches,
// data-plane-kafka-request-handler-0, kafka-scheduler-0,
// zk-session-expiry-handler0, the controller's send threads, …). The event
// thread is ShutdownableThread.run around ControllerEventThread.doWork:
// take, set the state, record EventQueueTimeMs, process inside the state's
// RateAndTimeMs timer (if it has one), back to Idle.
//
// Simplifications against upstream: processing an event is only virtual
// time (controller.eventTime, 10ms unless set per event), plus the
// activeControllerId changes of Expire and the re-election events; the real
// KafkaController reads and writes ZooKeeper and sends requests to brokers.
// That work is the seam Config.Logic: core/cluster plugs its KafkaController
// logic there (elections, ZooKeeper, LeaderAndIsr), and Config.Host
// prefixes every name with the broker it runs on, since each broker of a
// cluster runs a controller whose threads have the same upstream names.
// Metrics keep counts, max, mean and p99, not Yammer's decaying reservoirs
// or rates.
//
// The what-if Config.PutLock=false removes the putLock from put and
// clearAndPut. clearAndPut yields where its thread could be descheduled
// (after each preempt, before clear), and its preempt loop walks the queue
// as LinkedBlockingQueue.Itr does, stepping to an event's successor before
// preempting it: a put from another thread that lands while the last
// queued event is preempted, or between the loop and the clear, is never
// visited and is lost. Config.PreemptTime gives each preempt a duration
// (0 by default), so a scenario can land a put inside it on every seed.
//
// Invariant: each QueuedEvent is processed or preempted at most once (the
// spent flag), and never cleared from the queue without either; a violation
// is recorded in EventManager.Violations and traced as "invariant".
package controller
