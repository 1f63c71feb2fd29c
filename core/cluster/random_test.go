package cluster

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"brokerlab/core/replication"
	"brokerlab/core/sim"
)

// chaos schedules a seed's random operations on a fresh cluster: kills,
// restarts, stalls, resumes, produces with every acks, consumes, and
// sometimes the operator's switch to unclean elections.
func chaos(t testing.TB, seed int64, keep bool) (*sim.Sim, *Cluster, []string) {
	rng := rand.New(rand.NewPCG(uint64(seed), 42))
	s := sim.New(seed, keep)
	cfg := DefaultConfig()
	cfg.Brokers = 3 + rng.IntN(3)
	cfg.Replication.ReplicaLagTimeMax = time.Duration(5+rng.IntN(20)) * time.Second
	cfg.Replication.MinInsyncReplicas = 1 + rng.IntN(2)
	cfg.UncleanLeaderElectionEnable = rng.IntN(3) == 0
	cfg.SessionTimeout = time.Duration(6+rng.IntN(13)) * time.Second
	cfg.Client.DeliveryTimeout = 30 * time.Second
	cfg.Client.RequestTimeout = 10 * time.Second
	c, err := New(s, cfg)
	require.NoError(t, err)
	parts := 1 + rng.IntN(3)
	c.Topic(5*time.Millisecond, "topic t", "t", parts, nil, 3)
	var log []string
	at := time.Second
	for i := 0; at < 3*time.Minute; i++ {
		at += time.Duration(200+rng.IntN(4000)) * time.Millisecond
		id := 1 + rng.IntN(cfg.Brokers)
		tp := replication.TP{Topic: "t", Partition: rng.IntN(parts)}
		var text string
		switch k := rng.IntN(20); {
		case k < 9:
			acks := []int{-1, 1, 0}[rng.IntN(3)]
			text = fmt.Sprintf("produce %s acks=%d records=%d id=p%d", tp, acks, 1+rng.IntN(4), i)
			c.Produce(at, text, fmt.Sprintf("p%d", i), tp, acks, 1+rng.IntN(4))
		case k < 11:
			text = fmt.Sprintf("consume %s id=c%d", tp, i)
			c.Consume(at, text, fmt.Sprintf("c%d", i), tp, 0)
		case k < 14:
			text = fmt.Sprintf("kill broker %d", id)
			c.Kill(at, text, id)
		case k < 17:
			text = fmt.Sprintf("restart broker %d", id)
			c.Restart(at, text, id)
		case k < 18:
			text = fmt.Sprintf("stall broker %d", id)
			c.Stall(at, text, id)
		case k < 19:
			text = fmt.Sprintf("resume broker %d", id)
			c.Resume(at, text, id)
		default:
			text = "config unclean.leader.election.enable=true"
			c.EnableUnclean(at, text, true)
		}
		log = append(log, sim.FormatDuration(at)+" "+text)
	}
	// In the end every broker comes back, so that the cluster can recover.
	for id := 1; id <= cfg.Brokers; id++ {
		c.Resume(at+time.Second, "resume", id)
		c.Restart(at+30*time.Second, "restart", id)
		c.Restart(at+60*time.Second, "restart", id)
	}
	return s, c, log
}

// Many seeds of random failures: the guarantees hold at every step (the
// run stops at the first violation), nothing panics, every kind is
// documented, and the same seed gives the same trace. A failing seed is
// printed with its operations, for replay with -seed N.
func TestRandomFailuresKeepTheGuarantees(t *testing.T) {
	first, last := int64(1), int64(60)
	if testing.Short() {
		last = 12
	}
	if *replaySeed != 0 { // replay one seed
		first, last = *replaySeed, *replaySeed
	}
	for seed := first; seed <= last; seed++ {
		checkSeed(t, seed)
		if t.Failed() {
			return
		}
	}
}

func checkSeed(t *testing.T, seed int64) {
	s, c, log := chaos(t, seed, true)
	defer s.Close()
	err := s.Run(6*time.Minute, false, func() bool { return len(c.Violations()) > 0 })
	if err != nil || len(c.Violations()) > 0 || s.Panic() != "" {
		tr := s.Trace()
		var tail []string
		for _, e := range tr[max(0, len(tr)-40):] {
			tail = append(tail, fmt.Sprintf("%d %s %s %s %s %s→%s %s", e.T, e.Actor, e.Kind, e.Subj, e.Item, e.From, e.To, e.Note))
		}
		t.Fatalf("seed %d (replay: go test ./core/cluster -run TestRandomFailures -seed %d): err %v, panic %q, violations %v\noperations:\n%s\ntrace tail:\n%s",
			seed, seed, err, s.Panic(), c.Violations(), strings.Join(log, "\n"), strings.Join(tail, "\n"))
	}
	for _, e := range s.Trace() {
		if _, ok := sim.Kinds[e.Kind]; !ok {
			t.Fatalf("seed %d: undocumented kind %q", seed, e.Kind)
		}
	}
	s2, c2, _ := chaos(t, seed, false)
	defer s2.Close()
	require.NoError(t, s2.Run(6*time.Minute, false, func() bool { return len(c2.Violations()) > 0 }))
	require.Equal(t, s.Events(), s2.Events(), "seed %d: the same seed gives the same run, traced or not", seed)
}

var replaySeed = flag.Int64("seed", 0, "replay only this seed of TestRandomFailuresKeepTheGuarantees")
