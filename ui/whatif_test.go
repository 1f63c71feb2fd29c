package ui

import "testing"

// BenchmarkWhatIfLesson06EarlyKill does what the page does for lesson 06's
// suggested early kill: open the lesson at event 600, then kill broker 2
// from the stage (the App's own what-if), which reruns the branch and
// folds its trace.
func BenchmarkWhatIfLesson06EarlyKill(b *testing.B) {
	_, a := newFake()
	for i := 0; i < b.N; i++ {
		a.Route("#/lesson/06-broker-failure?pos=600")
		a.Inject("kill broker 2")
	}
	b.ReportMetric(float64(a.M.Len()), "events")
}

// BenchmarkWhatIfLesson06EarlyKillLink opens the what-if as a link, as the
// page does on a hash change.
func BenchmarkWhatIfLesson06EarlyKillLink(b *testing.B) {
	_, a := newFake()
	for i := 0; i < b.N; i++ {
		a.Route("#/lesson/06-broker-failure?pos=600&a=600:kill%20broker%202")
	}
	b.ReportMetric(float64(a.M.Len()), "events")
}

// A branch stays within 3× its lesson's events: lesson 06's early kill
// leaves the path (broker 2 is already dead when the lesson kills it), and
// the run until lines that can no longer come true end at a short bound,
// not after their 10 minutes (99k events before).
func TestWhatIfLesson06EarlyKillStaysShort(t *testing.T) {
	_, a := newFake()
	a.Route("#/lesson/06-broker-failure?pos=600")
	lessonID := a.M.Len()
	a.Inject("kill broker 2")
	if a.Res.Err != nil || len(a.Res.Failures) == 0 {
		t.Fatalf("the branch runs and leaves the path: err %v, %d failures", a.Res.Err, len(a.Res.Failures))
	}
	if n := a.M.Len(); n > 3*lessonID {
		t.Errorf("the branch has %d events, more than 3× the lesson's %d", n, lessonID)
	}
	a.Route("#/lesson/06-broker-failure?pos=600&a=600:kill%20broker%202")
	if n := a.M.Len(); n > 3*lessonID {
		t.Errorf("the link's branch has %d events, more than 3× the lesson's %d", n, lessonID)
	}
}
