package group

import (
	"strconv"
	"testing"
	"time"

	"brokerlab/core/sim"
)

// BenchmarkRebalance200Members: a Stable group of 200 members over 1,000
// partitions loses one member (LeaveGroup) and rebalances: the other 199
// hear REBALANCE_IN_PROGRESS in a heartbeat, rejoin, and the leader deals
// the partitions again. One op is one rebalance, from the leave to Stable.
func BenchmarkRebalance200Members(b *testing.B) {
	for _, traced := range []bool{false, true} {
		b.Run("trace="+strconv.FormatBool(traced), func(b *testing.B) {
			events := 0
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				s := sim.New(int64(i+1), traced)
				y, err := New(s, DefaultConfig())
				if err != nil {
					b.Fatal(err)
				}
				y.Topic(0, "t0", 1000)
				for m := 0; m < 200; m++ {
					y.Join(0, "C"+strconv.Itoa(m), "G", []string{"t0"}, y.cfg.Consumer)
				}
				stableAt := func(gen int) func() bool {
					return func() bool {
						g := y.coord.groups["G"]
						return g != nil && g.is(Stable) && g.generation == gen
					}
				}
				if err := s.Run(time.Minute, false, stableAt(1)); err != nil || len(y.coord.groups["G"].members) != 200 {
					b.Fatal("no stable group of 200", err)
				}
				y.Leave(s.Now(), "C100")
				before := s.Events()
				b.StartTimer()
				if err := s.Run(s.Now()+time.Minute, false, stableAt(2)); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				if g := y.coord.groups["G"]; !g.is(Stable) || len(g.members) != 199 || len(y.AssignmentViolations()) > 0 {
					b.Fatal("the rebalance did not complete")
				}
				events += s.Events() - before
				s.Close()
			}
			b.ReportMetric(float64(events)/float64(b.N), "events/rebalance")
			b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
		})
	}
}
