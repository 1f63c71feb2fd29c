package cluster

import (
	"fmt"
	"testing"
	"time"

	"brokerlab/core/group"
	"brokerlab/core/replication"
	"brokerlab/core/sim"
)

// bigCluster is 50 brokers, topic t with 1,000 partitions (replication
// factor 3), and a producer sending 20 acks=all requests of 10 records a
// second, round-robin over the partitions, for d of virtual time.
func bigCluster(tb testing.TB, d time.Duration) (*sim.Sim, *Cluster) {
	s := sim.New(1, false)
	cfg := DefaultConfig()
	cfg.Brokers = 50
	c, err := New(s, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	c.Topic(5*time.Millisecond, "topic t", "t", 1000, nil, 3)
	n := 0
	for at := 5 * time.Second; at < d; at += 50 * time.Millisecond {
		tp := replication.TP{Topic: "t", Partition: n % 1000}
		c.Produce(at, "produce", fmt.Sprintf("p%d", n), tp, -1, 10)
		n++
	}
	return s, c
}

// BenchmarkCluster50Brokers1000PartitionsTenMinutes runs ten virtual
// minutes of the big cluster: about 1,500 follower fetch threads polling
// their leaders through the socket servers, and 12,000 acks=all produce
// requests. Reported: trace events per second of wall time.
func BenchmarkCluster50Brokers1000PartitionsTenMinutes(b *testing.B) {
	benchCluster(b, 10*time.Minute)
}

func benchCluster(b *testing.B, d time.Duration) {
	for range b.N {
		s, c := bigCluster(b, d)
		benchRun(b, s, c, d)
		done := 0
		for _, p := range c.Produces {
			if p.Result == replication.None {
				done++
			}
		}
		b.ReportMetric(float64(done), "acked")
		s.Close()
	}
}

// benchRun runs d of virtual time and reports trace events per second of
// wall time and the events; a run that breaks an invariant fails.
func benchRun(b *testing.B, s *sim.Sim, c *Cluster, d time.Duration) {
	start := time.Now()
	if err := s.Run(d, false, nil); err != nil {
		b.Fatal(err)
	}
	wall := time.Since(start)
	b.ReportMetric(float64(s.Events())/wall.Seconds(), "events/s")
	b.ReportMetric(float64(s.Events()), "events")
	if v := c.Violations(); len(v) > 0 {
		b.Fatalf("violations: %v", v)
	}
}

// A one-minute run of the big cluster, as a test: every partition gets
// its leader and every acks=all request its NONE.
func TestBigClusterProduces(t *testing.T) {
	if testing.Short() {
		t.Skip("a 50-broker minute")
	}
	s, c := bigCluster(t, time.Minute)
	defer s.Close()
	if err := s.Run(time.Minute+10*time.Second, false, nil); err != nil {
		t.Fatal(err)
	}
	for _, p := range c.Produces {
		if p.Result != replication.None {
			t.Fatalf("%s: %q", p.ID, p.Result)
		}
	}
	if v := c.Violations(); len(v) > 0 {
		t.Fatal(v)
	}
	t.Logf("%d events, %d produces", s.Events(), len(c.Produces))
}

// oneWorld is the one world of a classroom demo: 3 brokers, topic t (6
// partitions, replication factor 3), two groups of three consumers
// fetching and auto-committing to their coordinators on the brokers, and a
// producer sending an acks=all request of 10 records a second, round-robin
// over the partitions; broker 2 dies at 1 min and comes back at 2 min.
func oneWorld(tb testing.TB, d time.Duration) (*sim.Sim, *Cluster) {
	s := sim.New(1, false)
	cfg := DefaultConfig()
	cfg.Groups = true
	c, err := New(s, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	c.Topic(5*time.Millisecond, "topic t", "t", 6, nil, 3)
	gc := c.Groups.Config().Consumer
	for _, g := range []string{"ga", "gb"} {
		for i := 1; i <= 3; i++ {
			c.Groups.Join(time.Second, fmt.Sprintf("%s-%d", g, i), g, []string{"t"}, gc)
		}
	}
	n := 0
	for at := 5 * time.Second; at < d; at += time.Second {
		c.Produce(at, "produce", fmt.Sprintf("p%d", n), replication.TP{Topic: "t", Partition: n % 6}, -1, 10)
		n++
	}
	c.Kill(time.Minute, "kill broker 2", 2)
	c.Restart(2*time.Minute, "restart broker 2", 2)
	return s, c
}

// BenchmarkOneWorldTenMinutes runs ten virtual minutes of the one world.
// Reported: trace events per second of wall time, and the records the
// groups' commits cover at the end.
func BenchmarkOneWorldTenMinutes(b *testing.B) {
	for range b.N {
		s, c := oneWorld(b, 10*time.Minute)
		benchRun(b, s, c, 10*time.Minute)
		committed := int64(0)
		for _, g := range []string{"ga", "gb"} {
			for p := range 6 {
				o, _ := c.Groups.Committed(g, group.TopicPartition{Topic: "t", Partition: p})
				committed += o
			}
		}
		b.ReportMetric(float64(committed), "committed")
		s.Close()
	}
}
