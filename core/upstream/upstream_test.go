package upstream

import (
	"bufio"
	"os"
	"path/filepath"
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

// Every src in the lessons' golden traces links somewhere.
func TestEverySrcOfTheGoldenTracesHasALink(t *testing.T) {
	files, err := filepath.Glob("../scenario/testdata/*.trace.jsonl")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		f, err := os.Open(file)
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		n := 0
		for sc.Scan() {
			line := sc.Text()
			i := strings.Index(line, `"src":"`)
			if i < 0 {
				continue
			}
			src := line[i+7:]
			src = src[:strings.IndexByte(src, '"')]
			require.NotEmpty(t, URL(src), "%s: %s", file, src)
			n++
		}
		require.NoError(t, sc.Err())
		f.Close()
		require.Greater(t, n, 100, file)
	}
}

// Every src the listener package writes links to spring-kafka at v2.5.17.RELEASE.
func TestSpringKafkaLinks(t *testing.T) {
	require.Equal(t, SpringKafka+"spring-kafka/src/main/java/org/springframework/kafka/listener/KafkaMessageListenerContainer.java",
		URL("KafkaMessageListenerContainer.java ListenerConsumer.pollAndInvoke"))
	src, err := os.ReadFile("../listener/src.go")
	require.NoError(t, err)
	n := 0
	for _, line := range strings.Split(string(src), "\n") {
		if i := strings.Index(line, `= "`); i >= 0 {
			s := strings.TrimSuffix(line[i+3:], `"`)
			require.NotEmpty(t, URL(s), s)
			n++
		}
	}
	require.Greater(t, n, 20)
}
