package group

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func parseTPs(t *testing.T, s string) []TopicPartition {
	var out []TopicPartition
	if s == "" {
		return out
	}
	for _, f := range strings.Split(s, ",") {
		tp, ok := ParsePartition(f)
		require.True(t, ok, f)
		out = append(out, tp)
	}
	return out
}

// testdata/cooperative-sticky-java.txt holds 758 assignments made by the
// real Kafka 2.5.0 CooperativeStickyAssignor (AbstractStickyAssignor.java,
// CooperativeStickyAssignor.java and TopicPartition.java from the 2.5.0
// tag, compiled with stub interfaces, on OpenJDK): random topics and
// subscriptions, members leaving and joining over up to 4 rounds, each
// round's owned partitions being the last result. A line is
// "topic=N … | member:topics:owned … | member=result …", members in the
// order they were put into the leader's HashMap. The port must give the
// same partitions in the same list order.
func TestCooperativeStickyMatchesJava(t *testing.T) {
	n := matchesJava(t, "testdata/cooperative-sticky-java.txt", CooperativeStickyAssignor{}, func(f []string) Subscription {
		return Subscription{MemberID: f[0], Topics: strings.Split(f[1], ","), OwnedPartitions: parseTPs(t, f[2])}
	})
	require.Equal(t, 758, n)
}

// testdata/sticky-java.txt: 945 assignments of the real 2.5.0
// AbstractStickyAssignor with StickyAssignor's MemberData (partitions and
// generation, read from user data; "-" is none), the eager sticky
// assignor's rounds: after each, a member remembers its result with the
// generation, except that one in five misses the update and claims its
// older assignment (a stale generation) next round. A line is
// "topic=N … | member:topics:generation:partitions … | member=result …".
func TestStickyMatchesJava(t *testing.T) {
	n := matchesJava(t, "testdata/sticky-java.txt", StickyAssignor{}, func(f []string) Subscription {
		s := Subscription{MemberID: f[0], Topics: strings.Split(f[1], ",")}
		if f[2] != "-" {
			g, _ := strconv.Atoi(f[2])
			s.UserData = &MemberData{Partitions: parseTPs(t, f[3]), Generation: g, HasGeneration: true}
		}
		return s
	})
	require.Equal(t, 945, n)
}

// matchesJava runs assignor a on every line of file (topics | members,
// each read by sub from its ":"-separated fields | the Java results) and
// requires the same partitions in the same order; it returns the lines.
func matchesJava(t *testing.T, file string, a Assignor, sub func(fields []string) Subscription) int {
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		parts := strings.Split(sc.Text(), "|")
		require.Len(t, parts, 3)
		ppt := map[string]int{}
		for _, kv := range strings.Fields(parts[0]) {
			k, v, _ := strings.Cut(kv, "=")
			ppt[k], _ = strconv.Atoi(v)
		}
		var subs []Subscription
		for _, m := range strings.Fields(parts[1]) {
			subs = append(subs, sub(strings.Split(m, ":")))
		}
		got := a.Assign(ppt, subs)
		for i, m := range strings.Fields(parts[2]) {
			id, want, _ := strings.Cut(m, "=")
			require.Equal(t, subs[i].MemberID, id)
			if w := parseTPs(t, want); len(w) > 0 || len(got[i]) > 0 {
				require.Equal(t, w, got[i], "%s line %d: %s", file, n, sc.Text())
			}
		}
	}
	require.NoError(t, sc.Err())
	return n
}
