package cluster_test

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"brokerlab/core/msg"
	"brokerlab/core/scenario"
	"brokerlab/core/sim"
)

// data is a note that is data, the same in every language: an error code,
// a number, a setting=value, an offset list.
var data = regexp.MustCompile(`^([A-Z_]+|-?\d+|[\w.]+=\S+)$`)

// notesLab reaches what the lessons do not: refused actions, a produce
// that expires, an unclean election that loses records.
const notesLab = `seed 1
use cluster
set replica.lag.time.max.ms 10000
set request.timeout.ms 1000
set delivery.timeout.ms 1500
at 0ms kill broker 3
at 0ms topic t partitions=1 replicas=1,2,3
run until replica[t-0,3].fetcher == Fetching
after 0ms topic t partitions=1 replicas=1,2,3
after 0ms produce t-5 id=bad
after 0ms restart broker 1
after 0ms resume broker 1
after 0ms stall broker 2
after 0ms stall broker 3
run until partition[t-0].isr == 1
after 0ms produce t-0 acks=all records=3 id=a
run until produce[a].error == NONE
after 0ms consume t-0 from=1 id=c
run until consume[c].done == true
after 0ms kill broker 1
after 0ms kill broker 1
after 0ms produce t-0 acks=1 id=x
run until produce[x].done == true
after 1s config unclean.leader.election.enable=true
run until partition[t-0].leader == 2
after 0ms kill broker 2
after 0ms kill broker 3
run until broker[2].session == expired
run until broker[3].session == expired
after 0ms session expire
after 0ms controller shutdown
run 1s
`

// kinds are the kinds the cluster and replication emit (the state of
// controller[N] and PartitionState[P], invariant of the Monitor, refused
// actions too; the other systems' kinds are theirs).
var kinds = []sim.Kind{sim.Broker, sim.Session, sim.ZK, sim.ZKWatch, sim.State, sim.Leader, sim.ISR, sim.Role, sim.EpochCache,
	sim.LogAppend, sim.LogTruncate, sim.HW, sim.ReplicaLEO, sim.Fetcher, sim.DelayAdd, sim.DelayComplete, sim.DelayExpire,
	sim.Metadata, sim.ClientRecv, sim.ClientDone, sim.RecordLost, sim.Invariant}

// Every note the cluster writes is worded: built from values, it carries
// its words (Event.Words, whose English is the note); literal, it is a
// key of msg.Notes; or it is data. (The kernel's thread.exit and sleep
// notes take English only.)
func TestNotesAreData(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.lab")
	lessons, _ := filepath.Glob("../../lessons/0[456]-*/scenario.lab")
	srcs := map[string]string{"refusals and losses": notesLab}
	for _, file := range append(files, lessons...) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		srcs[file] = string(src)
	}
	for _, file := range slices.Sorted(maps.Keys(srcs)) {
		sc, err := scenario.Parse(file, srcs[file])
		if err != nil {
			t.Fatal(err)
		}
		res := scenario.Run(sc, scenario.Options{})
		if res.Err != nil {
			t.Errorf("%s: %v", file, res.Err)
		}
		seen := map[string]bool{}
		for _, e := range res.Trace {
			switch {
			case e.Words != nil:
				if e.Words.String() != e.Note {
					t.Errorf("%s: %s: words %q, note %q", file, e.Kind, e.Words.String(), e.Note)
				}
			case e.Note == "" || data.MatchString(e.Note) || !slices.Contains(kinds, e.Kind) || strings.HasPrefix(e.Subj, "ControllerState"):
			default:
				if _, ok := msg.Notes[e.Note]; !ok && !seen[e.Note] {
					seen[e.Note] = true
					t.Errorf("%s: %s %s: note %q is neither data nor worded", file, e.Kind, e.Subj, e.Note)
				}
			}
		}
	}
}
