package upstream_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"brokerlab/core/scenario"
	"brokerlab/core/upstream"
	"brokerlab/lessons"
)

func TestURL(t *testing.T) {
	require.Equal(t, upstream.Kafka+"core/src/main/scala/kafka/controller/ControllerEventManager.scala",
		upstream.URL("ControllerEventManager.scala ControllerEventThread.doWork"))
	require.Equal(t, "ControllerEventThread.doWork", upstream.Method("ControllerEventManager.scala ControllerEventThread.doWork"))
	require.Empty(t, upstream.URL("Nope.scala X.y"))
}

// Every src in the lessons' traces links somewhere.
func TestEverySrcOfTheLessonsTracesHasALink(t *testing.T) {
	all, err := lessons.All()
	require.NoError(t, err)
	require.NotEmpty(t, all)
	for _, l := range all {
		sc, err := scenario.Parse(l.File, l.Scenario)
		require.NoError(t, err)
		n := 0
		for _, e := range scenario.Run(sc, scenario.Options{}).Trace {
			if e.Src != "" {
				require.NotEmpty(t, upstream.URL(e.Src), "%s: %s", l.ID, e.Src)
				n++
			}
		}
		require.Greater(t, n, 100, l.ID)
	}
}

// Every src the listener package writes links to spring-kafka at v2.5.17.RELEASE.
func TestSpringKafkaLinks(t *testing.T) {
	require.Equal(t, upstream.SpringKafka+"spring-kafka/src/main/java/org/springframework/kafka/listener/KafkaMessageListenerContainer.java",
		upstream.URL("KafkaMessageListenerContainer.java ListenerConsumer.pollAndInvoke"))
	src, err := os.ReadFile("../listener/src.go")
	require.NoError(t, err)
	n := 0
	for _, line := range strings.Split(string(src), "\n") {
		if i := strings.Index(line, `= "`); i >= 0 {
			s := strings.TrimSuffix(line[i+3:], `"`)
			require.NotEmpty(t, upstream.URL(s), s)
			n++
		}
	}
	require.Greater(t, n, 20)
}
