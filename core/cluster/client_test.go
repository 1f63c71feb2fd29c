package cluster

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// slowProduce is a cluster whose brokers take d to handle a Produce (a
// request handler busy that long: the answer leaves d after the read),
// with request.timeout.ms rt.
func slowProduce(t *testing.T, d, rt time.Duration, change func(*Config)) *rig {
	return started(t, 7, func(c *Config) {
		c.Replication.APITimes = map[string]time.Duration{"Produce": d}
		c.Client.RequestTimeout = rt
		if change != nil {
			change(c)
		}
	})
}

// Kafka 2.5 NetworkClient.java handleTimedOutRequests: a request in flight
// for more than request.timeout.ms closes its connection, and every
// request in flight on it fails with NETWORK_EXCEPTION, the one behind it
// too. The client checks when its poll returns, and polls at most
// request.timeout.ms: a request sent at T with nothing else happening is
// found timed out at T + 2 × request.timeout.ms (at T + rt its age is rt,
// not more). Upstream's NetworkClientTest.testRequestTimeout: after
// requestTimeoutMs + 1 the request's response is a disconnection.
func TestRequestTimeoutClosesTheConnectionAndFailsEveryRequestOnIt(t *testing.T) {
	r := slowProduce(t, 12*time.Second, 5*time.Second, func(c *Config) { c.Client.Retries = 0 })
	sent := r.s.Now()
	r.produce("a", 1, 1)
	r.runFor(t, time.Second)
	r.produce("b", 1, 1) // pipelined behind a: the broker reads it after a's answer
	r.runUntil(t, "produce[a].done", "true", 30*time.Second)
	require.Equal(t, "NETWORK_EXCEPTION", r.get(t, "produce[a].error"))
	// b's send began a poll of at most 5 s; when it returns (sent+6s), a
	// is 6 s old.
	require.Equal(t, 6*time.Second, r.s.Now()-sent)
	r.runFor(t, time.Millisecond)
	require.Equal(t, "true", r.get(t, "produce[b].done"))
	require.Equal(t, "NETWORK_EXCEPTION", r.get(t, "produce[b].error"))
	var timedOut int
	for _, e := range r.s.Trace() {
		if e.Kind == sim.ClientRecv && e.Subj == "producer-1@broker-1" && strings.HasPrefix(e.Note, "NETWORK_EXCEPTION: request.timeout.ms 5s passed") {
			timedOut++
		}
	}
	require.Equal(t, 2, timedOut, "both requests of the connection fail")

	// The next send opens a new connection. The broker had written a (the
	// handler appends, then works 12 s): a timeout does not mean not
	// written. b was still unread in the closed socket: lost.
	r.produce("c", 0, 1)
	r.runUntil(t, "produce[c].done", "true", time.Second)
	r.runFor(t, 20*time.Second)
	require.Equal(t, "2", r.get(t, "replica[t-0,1].leo"), "a and c")
	r.noViolations(t)
}

// Kafka 2.5 Sender.java L535-539, L593-600, with client-side timeouts instead of a
// lost connection: without idempotence, retrying a request the broker
// appended but did not answer in time writes its records again. a (sent
// at T, written at 0) and b (T+1s, never read) time out together at
// T+6s, fail oldest first, and each goes back to the head of t-0's queue
// (RecordAccumulator.reenqueue's addFirst): b is retried before a, at
// T+6.1s on a new connection, and written at 1. a's retry, pipelined
// behind it, is 8 s old when b's answer comes at T+14.1s and times out
// again (NetworkClient.poll handles the responses first, then the
// timeouts), after the broker wrote it at 2; its third attempt is
// written at 3. Four copies for two sends, b's before a's last two.
func TestRequestTimeoutRetriesWriteTheRecordsAgain(t *testing.T) {
	r := slowProduce(t, 8*time.Second, 5*time.Second, nil)
	sent := r.s.Now()
	r.produce("a", 1, 1)
	r.runFor(t, time.Second)
	r.produce("b", 1, 1)
	r.runUntil(t, "produce[b].done", "true", time.Minute)
	require.Equal(t, 14*time.Second+100*time.Millisecond, r.s.Now()-sent)
	require.Equal(t, "NETWORK_EXCEPTION,NONE", r.get(t, "produce[b].errors"))
	require.Equal(t, "1", r.get(t, "produce[b].offset"), "b's retry goes first")
	r.runUntil(t, "produce[a].done", "true", time.Minute)
	require.Equal(t, "NETWORK_EXCEPTION,NETWORK_EXCEPTION,NONE", r.get(t, "produce[a].errors"))
	require.Equal(t, "3", r.get(t, "produce[a].offset"))
	require.Equal(t, "3", r.get(t, "produce[a].appends"))
	require.Equal(t, "4", r.get(t, "replica[t-0,1].leo"))
	r.noViolations(t)
}

// Kafka 2.5 Sender.java getExpiredInflightBatches: delivery.timeout.ms
// also ends a batch in flight, with TimeoutException (TIMEOUT), at its
// deadline (the Sender polls until the accumulator's next expiry); the
// answer that comes later finds it done (upstream's
// SenderTest.testInflightBatchesExpireOnDeliveryTimeout: a NONE answer
// after the deadline still leaves TimeoutException; testExpiredBatchDoesNotRetry).
func TestDeliveryTimeoutExpiresABatchInFlight(t *testing.T) {
	r := slowProduce(t, 12*time.Second, 5*time.Second, func(c *Config) { c.Client.DeliveryTimeout = 14 * time.Second })
	sent := r.s.Now()
	r.produce("a", 1, 3)
	r.runUntil(t, "produce[a].done", "true", time.Minute)
	require.Equal(t, "TIMEOUT", r.get(t, "produce[a].error"))
	require.Equal(t, 14*time.Second, r.s.Now()-sent, "at its deadline, not at a later poll")
	require.Equal(t, "NETWORK_EXCEPTION", r.get(t, "produce[a].errors"), "timed out at 10 s, retried at 10.1 s, in flight at 14 s")
	var note string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.ClientDone && e.Subj == "a" {
			note = e.Note
		}
	}
	require.Equal(t, "Expiring 3 record(s) for t-0:14000 ms has passed since batch creation", note)
	r.runFor(t, 10*time.Second) // the retry's answer (T+22.1s) is ignored
	require.Equal(t, "TIMEOUT", r.get(t, "produce[a].error"))
	r.noViolations(t)
}

// KafkaProducer.configureDeliveryTimeout: delivery.timeout.ms below
// linger.ms (0) + request.timeout.ms is a ConfigException.
func TestDeliveryTimeoutBelowRequestTimeoutIsRefused(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Client.DeliveryTimeout = 10 * time.Second
	s := sim.New(1, false)
	t.Cleanup(s.Close)
	_, err := New(s, cfg)
	require.ErrorIs(t, err, ErrConfig)
	require.ErrorContains(t, err, "delivery.timeout.ms should be equal to or larger than linger.ms + request.timeout.ms")
}

// Sender.completeBatch and canRetry: a retriable error once
// delivery.timeout.ms has passed is final, and says why. Here the retry's
// request timeout is found at the poll that ends at the batch's
// deadline, before the expiry check of the next sendProducerData.
func TestARetriableErrorAfterTheDeliveryTimeoutIsFinal(t *testing.T) {
	r := slowProduce(t, 12*time.Second, 5*time.Second, func(c *Config) { c.Client.DeliveryTimeout = 20 * time.Second })
	sent := r.s.Now()
	r.produce("a", 1, 1)
	r.runUntil(t, "produce[a].done", "true", time.Minute)
	require.Equal(t, 20*time.Second, r.s.Now()-sent)
	require.Equal(t, "NETWORK_EXCEPTION", r.get(t, "produce[a].error"))
	require.Equal(t, "NETWORK_EXCEPTION,NETWORK_EXCEPTION", r.get(t, "produce[a].errors"))
	var note string
	for _, e := range r.s.Trace() {
		if e.Kind == sim.ClientDone && e.Subj == "a" {
			note = e.Note
		}
	}
	require.Equal(t, "error 13, delivery.timeout.ms 20s passed", note)
}
