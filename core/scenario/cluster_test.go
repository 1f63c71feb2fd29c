package scenario_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/cluster"
	"brokerlab/core/scenario"
)

const labRep = "use replication\n"
const labCl = "use cluster\n"

// Settings, actions and paths of the replication and cluster systems are
// checked when the scenario is parsed, with the column of the offending token.
func TestClusterParseErrors(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, col int
		want      string
	}{
		{"unknown setting", labRep + "set replica.lag 3", 2, 5, `unknown setting "replica.lag" for replication (cores, brokers, replica.lag.time.max.ms`},
		{"brokers 0", labRep + "set brokers 0", 2, 13, "brokers: expected an integer from 1 to 100"},
		{"lag word", labRep + "set replica.lag.time.max.ms soon", 2, 29, "expected whole milliseconds (30000) or a duration (30s) from 1ms to 1h"},
		{"lag 0", labRep + "set replica.lag.time.max.ms 0", 2, 29, `from 1ms to 1h, got "0"`},
		{"min isr 0", labRep + "set min.insync.replicas 0", 2, 25, "min.insync.replicas: expected an integer from 1 to 100"},
		{"unclean maybe", labRep + "set unclean.leader.election.enable maybe", 2, 36, "expected true or false"},
		{"acks 2", labRep + "set acks 2", 2, 10, "acks: expected all, -1, 0 or 1"},
		{"controller setting", labRep + "set controller.eventTime.Nope 1ms", 2, 5, `unknown event "Nope"`},
		{"topic without partitions", labRep + "at 0ms topic t", 2, 15, "expected replicas=B,B,B or replication.factor=R"},
		{"topic no replicas", labRep + "at 0ms topic t partitions=1", 2, 28, "expected replicas=B,B,B or replication.factor=R"},
		{"topic broker 4", labRep + "at 0ms topic t partitions=1 replicas=1,2,4", 2, 29, "expected broker ids from 1 to 3"},
		{"topic broker twice", labRep + "at 0ms topic t partitions=1 replicas=1,1", 2, 29, "broker 1 is listed twice"},
		{"topic rf too big", labRep + "at 0ms topic t partitions=1 replication.factor=4", 2, 29, "Replication factor: 4 larger than available brokers: 3"},
		{"topic both", labRep + "at 0ms topic t partitions=1 replicas=1 replication.factor=1", 2, 40, "not both"},
		{"produce no partition", labRep + "at 0ms produce t", 2, 16, "expected a partition such as t-0"},
		{"produce acks any", labRep + "at 0ms produce t-0 acks=any", 2, 20, "acks: expected all, -1, 0 or 1"},
		{"produce records 0", labRep + "at 0ms produce t-0 records=0", 2, 20, "records: expected an integer from 1 to 100000"},
		{"consume from -1", labRep + "at 0ms consume t-0 from=-1", 2, 20, "from: expected an offset ≥ 0"},
		{"kill broker 9", labRep + "at 0ms kill broker 9", 2, 20, "expected a broker id from 1 to 3"},
		{"kill 1", labRep + "at 0ms kill 1", 2, 13, "expected kill broker N"},
		{"config other", labRep + "at 0ms config min.insync.replicas=2", 2, 15, `unknown option "min.insync.replicas" for config (unclean.leader.election.enable)`},
		{"put in replication", labRep + "at 0ms put BrokerChange", 2, 8, `expected a replication action (topic T [partitions=N] [replicas=B,B,B] [replication.factor=R], produce`},
		{"put unknown event", labCl + "at 0ms put Nope", 2, 12, `unknown event "Nope"`},
		{"cluster unknown action", labCl + "at 0ms jump", 2, 8, `expected a cluster action`},
		{"replica path", labRep + "expect replica[t-0].leo == 1", 2, 8, "expected replica[P,N]"},
		{"partition field", labRep + "expect partition[t-0].leaders == 1", 2, 8, "a partition has .leader"},
		{"controller path in replication", labRep + "expect controller.state == Idle", 2, 8, `unknown state path "controller.state" (paths: partition[P].leader`},
		{"controller path in cluster", labCl + "expect controller.stat == Idle", 2, 8, `unknown state path "controller.stat"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parseErrorAt(t, "s.lab", tc.src, tc.line, tc.col, tc.want)
		})
	}
}

// Every documented path parses, with its brackets filled in.
func TestParseChecksEveryPathOfTheCluster(t *testing.T) {
	r := strings.NewReplacer("[P]", "[t-0]", "[P,N]", "[t-0,2]", "[R]", "[r1]", "[N]", "[2]")
	for _, p := range cluster.Paths {
		p = r.Replace(p)
		_, err := scenario.Parse("p.lab", labRep+"expect "+p+" == 1\nrun until "+p+" != x max 1ms")
		require.NoError(t, err, p)
	}
	_, err := scenario.Parse("p.lab", labCl+"expect controller.activeControllerId == 1")
	require.NoError(t, err)
}

// A run of each system: a topic, produces with each acks, a consumer that
// reads below the HW, a stalled and resumed follower; in cluster, the
// controller's paths read the active controller.
func TestClusterRun(t *testing.T) {
	res := labRun(t, labRep+`set brokers 3
set min.insync.replicas 2
at 0ms topic t partitions=2 replicas=1,2,3
run until partition[t-1].leader == 2
run until replica[t-0,3].fetcher == Fetching max 5s
after 2s produce t-0 acks=all records=3 id=a
after 0ms produce t-0 acks=0 id=z
after 0ms produce t-0 acks=2 id=bad
run until produce[a].error == NONE
run until produce[bad].error == INVALID_REQUIRED_ACKS
expect produce[z].error == NONE
run until partition[t-0].hw == 4 max 1s
expect replica[t-0,2].log == 0:0,1:0,2:0,3:0
expect replica[t-0,1].epochs == 0:0
after 0ms consume t-0 id=c
run until consume[c].error == NONE
expect consume[c].offsets == 0,1,2,3
expect broker[1].controller == active
expect cluster.controller == 1
expect zk.brokers == 1,2,3
expect invariant.violations == 0
`, scenario.Options{})
	require.Empty(t, res.Failures)

	res = labRun(t, labCl+`at 0ms topic t partitions=1 replication.factor=3
run until controller.activeControllerId == 1
run until controller.processed != ""
expect broker[1].state == running
`, scenario.Options{})
	require.Empty(t, res.Failures)
}

// Kafka 2.5 onControllerFailover (KafkaController.scala L217-268) in a scenario: broker 1, the active
// controller, leads t-0 and follows in t-1's ISR, and dies. The new
// controller takes broker 1's replicas offline before it elects: t-0 ends
// two epochs later, t-1 one epoch later without broker 1 in its ISR, and
// an acks=all write to t-1 right after the failover completes at once.
func TestClusterControllerFailoverTakesReplicasOfflineFirst(t *testing.T) {
	res := labRun(t, labCl+`at 0ms topic t partitions=2 replicas=1,2,3
run until replica[t-0,3].fetcher == Fetching
run until partition[t-1].leader == 2
after 2s kill broker 1
run until broker[1].session == expired
run until cluster.controller != -1
expect cluster.controller != 1
expect partition[t-0].leader == 2
expect partition[t-0].isr == 2,3
expect partition[t-0].epoch == 2
expect partition[t-1].leader == 2
expect partition[t-1].isr == 2,3
expect partition[t-1].epoch == 1
expect partition[t-1].state == OnlinePartition
after 0ms produce t-1 acks=all id=a
run until produce[a].error == NONE max 1s
run until replica[t-0,2].role == leader max 1s
expect replica[t-0,2].epoch == 2
run until replica[t-0,3].epoch == 2 max 1s
expect replica[t-1,2].epoch == 1
expect replica[t-1,3].epoch == 1
expect invariant.violations == 0
`, scenario.Options{})
	require.Empty(t, res.Failures)
}

// Same scenario and seed, same bytes, natively and under GOOS=js: 20
// seeds of each replication lesson (lessons 06 and 13 also with a what-if)
// against one file of hashes.
func TestClusterSeedsGiveTheSameTraceEverywhere(t *testing.T) {
	var b bytes.Buffer
	for _, c := range []struct {
		lesson string
		sets   []string
	}{
		{"04-replication-isr-hw", nil},
		{"05-acks-and-min-isr", nil},
		{"06-broker-failure", nil},
		{"06-broker-failure", []string{"zookeeper.session.timeout.ms 6000"}},
		{"13-idempotent-producer", nil},
		{"13-idempotent-producer", []string{"enable.idempotence true"}},
	} {
		sc := lesson(t, c.lesson)
		for seed := int64(1); seed <= 20; seed++ {
			res := scenario.Run(sc, scenario.Options{Seed: seed, Sets: c.sets})
			require.NoError(t, res.Err)
			require.Empty(t, res.Panic)
			again := scenario.Run(sc, scenario.Options{Seed: seed, Sets: c.sets})
			require.Equal(t, encode(t, res), encode(t, again), "%s seed %d", c.lesson, seed)
			fmt.Fprintf(&b, "%s %-36s seed %2d events %5d failures %d sha256 %x\n", c.lesson, strings.Join(c.sets, ","), seed, res.Events, len(res.Failures), sha256.Sum256(encode(t, res)))
		}
	}
	golden(t, "seeds-cluster.golden", b.Bytes())
}

// KafkaProducer.configureDeliveryTimeout: delivery.timeout.ms left at its
// default rises to request.timeout.ms when that is larger (linger.ms is
// 0); set explicitly below it, the producer's constructor refuses it
// (ConfigException), which the scenario says at the set line.
func TestClusterDeliveryTimeoutFollowsTheRequestTimeout(t *testing.T) {
	res := labRun(t, labRep+`set request.timeout.ms 200000
at 0ms topic t partitions=1 replicas=1
run until partition[t-0].leader == 1
after 0ms produce t-0 id=a
run until produce[a].error == NONE
`, scenario.Options{})
	require.Empty(t, res.Failures)

	_, err := scenario.Parse("r.lab", labRep+`set request.timeout.ms 30000
set delivery.timeout.ms 10000
at 0ms topic t partitions=1 replicas=1
`)
	require.ErrorIs(t, err, cluster.ErrConfig)
	require.EqualError(t, err, "r.lab:3:25: delivery.timeout.ms should be equal to or larger than linger.ms + request.timeout.ms")
}
