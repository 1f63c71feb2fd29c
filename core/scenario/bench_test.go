package scenario_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"brokerlab/core/scenario"
	"brokerlab/lessons"
)

// BenchmarkLessonRun is what the UI pays to (re)compute lesson 01's run,
// as it does on every branch.
func BenchmarkLessonRun(b *testing.B) {
	sc := lesson(b, "01-controller-event-queue")
	events := 0
	for b.Loop() {
		events += scenario.Run(sc, scenario.Options{}).Events
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkLessons runs every lesson once per iteration (compare with
// -tags invariants: what the expensive checks cost).
func BenchmarkLessons(b *testing.B) {
	all, err := lessons.All()
	if err != nil {
		b.Fatal(err)
	}
	var scs []*scenario.Scenario
	for _, l := range all {
		scs = append(scs, lesson(b, l.ID))
	}
	events := 0
	for b.Loop() {
		for _, sc := range scs {
			events += scenario.Run(sc, scenario.Options{}).Events
		}
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkRun100k is a run of about 100,000 trace events, the size the
// UI's scrubbing is measured on.
func BenchmarkRun100k(b *testing.B) {
	var src strings.Builder
	src.WriteString("use controller\nset controller.eventTime 1ms\n")
	for i := 0; i < 8000; i++ {
		fmt.Fprintf(&src, "at %dus put BrokerChange\n", i*700)
	}
	src.WriteString("run idle\n")
	sc, err := scenario.Parse("100k.lab", src.String())
	if err != nil {
		b.Fatal(err)
	}
	events := 0
	for b.Loop() {
		events = scenario.Run(sc, scenario.Options{}).Events
	}
	b.ReportMetric(float64(events), "events/run")
}

// BenchmarkLessonTrace runs lessons 06 and 07 with the trace kept, as the
// page does, and discarded (only counted): what keeping the trace costs
// an event in a real run, where ping-pong (core/sim) may mislead.
func BenchmarkLessonTrace(b *testing.B) {
	for _, id := range []string{"06-broker-failure", "07-consumer-group-rebalance"} {
		sc := lesson(b, id)
		for _, discard := range []bool{false, true} {
			name := id[:2] + "/traced"
			if discard {
				name = id[:2] + "/discarded"
			}
			b.Run(name, func(b *testing.B) {
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				events := 0
				for b.Loop() {
					events += scenario.Run(sc, scenario.Options{Discard: discard}).Events
				}
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(events), "ns/event")
				b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(events), "allocs/event")
			})
		}
	}
}
