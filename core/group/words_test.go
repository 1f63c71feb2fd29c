package group

import (
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/sim"
)

// A refused action and a note built from values carry their words: the
// trace keeps the English, the page words them in Chinese.
func TestRefusalsAndNotesAreWorded(t *testing.T) {
	w := newWorld(t, 1, nil)
	w.y.Topic(0, "t0", 2)
	w.join(0, "C0", "G", "t0")
	w.y.Topic(sec(1), "t0", 1)
	w.join(sec(1), "C0", "G", "t0")
	w.y.Leave(sec(1), "C9")
	w.y.Leave(sec(5), "C0")
	w.runTo(sec(10))
	zh := map[string]string{}
	for _, e := range w.s.Trace() {
		if e.Words != nil {
			require.Equal(t, e.Note, e.Words.String(), "the trace keeps the English")
			zh[e.Note] = e.Words.Words("zh")
		}
	}
	for en, want := range map[string]string{
		"topic t0 partitions=1: refused, partitions can only be increased (it has 2)": "topic t0 partitions=1：被拒绝，分区数只能增加（现在有 2 个）",
		"consumer C0 join G topics=t0: refused, C0 is already running":                "consumer C0 join G topics=t0：被拒绝，C0 已经在运行",
		"consumer C9 leave: refused, C9 is not running":                               "consumer C9 leave：被拒绝，C9 没有在运行",
	} {
		require.Equal(t, want, zh[en], en)
	}
	var removed []string
	for _, e := range w.s.Trace() {
		if e.Kind == sim.MemberRemove && e.Words != nil {
			removed = append(removed, e.Words.Words("zh"))
		}
	}
	require.Len(t, removed, 1)
	require.Regexp(t, `^因 LeaveGroup 移除成员 C0-[0-9a-f]{4}$`, removed[0])
}
