package scenario_test

import (
	"testing"

	"brokerlab/core/cluster"
	"brokerlab/core/scenario"
	"github.com/stretchr/testify/require"
)

// Kafka 2.5 ProducerConfig.java L425-447 (maybeOverrideAcksAndRetries) and
// KafkaProducer.java L541-561 (configureInflightRequests): with
// enable.idempotence, retries 0, an explicit acks other than all (as a
// setting or on a produce line) and max.in.flight above 5 are
// configuration errors; idempotence alone makes acks all and keeps
// retries at Integer.MAX_VALUE.
func TestIdempotenceConfigChecks(t *testing.T) {
	refused := []struct {
		name, sets, action, want string
	}{
		{"acks 1", "set acks 1\n", "", "Must set acks to all in order to use the idempotent producer. Otherwise we cannot guarantee idempotence."},
		{"acks 0", "set acks 0\n", "", "Must set acks to all in order to use the idempotent producer."},
		{"retries 0", "set retries 0\n", "", "Must set retries to non-zero when using the idempotent producer."},
		{"max.in.flight 6", "set max.in.flight.requests.per.connection 6\n", "", "Must set max.in.flight.requests.per.connection to at most 5 to use the idempotent producer."},
		{"produce acks=1", "", "after 0ms produce t-0 acks=1 id=a\n", "Must set acks to all in order to use the idempotent producer."},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			src := labCl + "set enable.idempotence true\n" + c.sets + "at 0ms topic t partitions=1 replicas=1\n" + c.action
			sc, err := scenario.Parse("r.lab", src)
			if err == nil {
				res := scenario.Run(sc, scenario.Options{})
				require.ErrorIs(t, res.Err, cluster.ErrConfig)
				err = res.Err
			}
			require.ErrorContains(t, err, c.want)
		})
	}
	for _, c := range []struct{ sets, acks string }{
		{"set enable.idempotence true\n", "-1"},
		{"set enable.idempotence true\nset acks all\nset max.in.flight.requests.per.connection 5\n", "-1"},
		{"set enable.idempotence false\nset acks 1\nset retries 0\nset max.in.flight.requests.per.connection 6\n", "1"},
	} {
		res := labRun(t, labCl+c.sets+`at 0ms topic t partitions=1 replicas=1
run until partition[t-0].leader == 1
after 0ms produce t-0 id=a
run until produce[a].error == NONE
`, scenario.Options{})
		require.Empty(t, res.Failures, c.sets)
	}
	// Idempotence alone: the request goes with acks -1, and retries stay
	// Integer.MAX_VALUE.
	res := labRun(t, labCl+`set enable.idempotence true
set min.insync.replicas 2
set brokers 1
at 0ms topic t partitions=1 replicas=1
run until partition[t-0].leader == 1
after 0ms produce t-0 id=a
run 2s
expect produce[a].done == false
expect produce[a].retries > 10
expect produce[a].errors != NONE
`, scenario.Options{})
	require.Empty(t, res.Failures)
}
