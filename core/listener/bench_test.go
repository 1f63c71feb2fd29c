package listener

import (
	"strconv"
	"testing"
	"time"

	"brokerlab/core/group"
	"brokerlab/core/sim"
)

// BenchmarkConcurrency10Over100Partitions: a container with concurrency 10
// (ten consumers of one group) over 100 partitions consumes 100,000
// records (1,000 a partition, written before it starts) with the default
// BATCH ack mode and a listener of 10 ms a record. One op is the whole
// run: join, 100,000 deliveries, every commit, until all is quiet.
func BenchmarkConcurrency10Over100Partitions(b *testing.B) {
	for _, traced := range []bool{false, true} {
		b.Run("trace="+strconv.FormatBool(traced), func(b *testing.B) {
			events := 0
			for i := 0; i < b.N; i++ {
				s := sim.New(int64(i+1), traced)
				cfg := DefaultConfig()
				cfg.Concurrency = 10
				cfg.Client.AutoOffsetReset = "earliest"
				sys, err := New(s, cfg)
				if err != nil {
					b.Fatal(err)
				}
				sys.Topic(0, "t0", 100)
				for p := 0; p < 100; p++ {
					sys.Records(0, group.TopicPartition{Topic: "t0", Partition: p}, 0, 999)
				}
				sys.Start(0)
				if err := s.Run(time.Hour, true, nil); err != nil {
					b.Fatal(err, s.Panic())
				}
				if sys.processed != 100_000 || sys.duplicates != 0 {
					b.Fatalf("processed %d, duplicates %d", sys.processed, sys.duplicates)
				}
				for p := 0; p < 100; p++ {
					if o, _ := sys.y.Committed("G", group.TopicPartition{Topic: "t0", Partition: p}); o != 1000 {
						b.Fatalf("t0-%d committed %d", p, o)
					}
				}
				events += s.Events()
				s.Close()
			}
			b.ReportMetric(float64(events)/float64(b.N), "events/op")
			b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
		})
	}
}
