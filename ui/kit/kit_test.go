package kit

import (
	"strings"
	"testing"
)

func TestWrapBreaksIdentifiersAtTheirSeams(t *testing.T) {
	for in, want := range map[string]string{
		"ControlledShutdown gets":      "Controlled|Shutdown gets",
		"ControllerEventManager.queue": "Controller|Event|Manager.|queue",
		"a put of BrokerChange":        "a put of Broker|Change",
		"zk_session":                   "zk_session",
		"IllegalStateException":        "Illegal|State|Exception",
	} {
		if got := strings.Join(Wrap(in), "|"); got != want {
			t.Errorf("Wrap(%q) = %q, want %q", in, got, want)
		}
	}
}
