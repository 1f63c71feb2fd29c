package upstream

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestURL(t *testing.T) {
	require.Equal(t, Kafka+"core/src/main/scala/kafka/controller/ControllerEventManager.scala",
		URL("ControllerEventManager.scala ControllerEventThread.doWork"))
	require.Equal(t, "ControllerEventThread.doWork", Method("ControllerEventManager.scala ControllerEventThread.doWork"))
	require.Empty(t, URL("Nope.scala X.y"))
}

// Every src in the lesson's golden trace links somewhere.
func TestEverySrcOfTheGoldenTraceHasALink(t *testing.T) {
	f, err := os.Open("../scenario/testdata/01-controller-event-queue.trace.jsonl")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		i := strings.Index(line, `"src":"`)
		if i < 0 {
			continue
		}
		src := line[i+7:]
		src = src[:strings.IndexByte(src, '"')]
		require.NotEmpty(t, URL(src), src)
		n++
	}
	require.NoError(t, sc.Err())
	require.Greater(t, n, 100)
}
