//go:build !js && measure

package main

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"brokerlab/ui"
)

// rendererMB sums the resident memory of Chromium's renderer processes.
func rendererMB(t *testing.T) int {
	out, err := exec.Command("ps", "-eo", "rss,args").Output()
	if err != nil {
		t.Fatal(err)
	}
	kb := 0
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Fields(l); len(f) > 1 && strings.Contains(l, "chromium") && strings.Contains(l, "--type=renderer") {
			n, _ := strconv.Atoi(f[0])
			kb += n
		}
	}
	return kb / 1024
}

// The two scenarios that froze a tab before the budgets: how long until
// the page says which limit stopped them, and the tab's memory then.
func TestMeasureBudgets(t *testing.T) {
	var records strings.Builder
	records.WriteString("use listener\nat 0ms topic t0 partitions=1\nat 0ms container start\n")
	for i := range 200 {
		fmt.Fprintf(&records, "at 0ms records t0-0 offsets=%d..%d\n", i*100_000, i*100_000+99_999)
	}
	records.WriteString("run 1000h\n")
	for _, c := range []struct{ name, lesson, src, says string }{
		{"100 brokers, a topic of 10,000 x 100", "06-broker-failure", "use cluster\nset brokers 100\nat 0ms topic t partitions=10000 replication.factor=100\nrun 1000h\n", "a run holds at most 10000 a topic"},
		{"200 x 100,000 records", "09-spring-ack-modes", records.String(), "the run stopped at its memory budget"},
	} {
		t.Run(c.name, func(t *testing.T) { // a browser each, gone before the next
			ctx := newBrowser(t)
			p := &page{t: t, ctx: ctx, base: serveSite(t, built(t))}
			p.open("")
			start := time.Now()
			p.open(ui.Link{Page: "lesson", Lesson: c.lesson, Src: c.src}.String())
			p.wait("the message", fmt.Sprintf(`document.body.innerText.includes(%q)`, c.says))
			fmt.Printf("budget  %-40s message after %5.1f s, renderer %4d MB\n", c.name, time.Since(start).Seconds(), rendererMB(t))
		})
	}
}
