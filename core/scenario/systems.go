package scenario

import (
	"strconv"
	"strings"
	"time"

	"brokerlab/core/cluster"
	"brokerlab/core/controller"
	"brokerlab/core/group"
	"brokerlab/core/listener"
	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/socketserver"
	"brokerlab/core/surface"
	"brokerlab/core/zookeeper"
)

// Action is one parsed scenario action ("put ControlledShutdown id=2").
type Action struct {
	Text    string
	Verb    string // what the system dispatches on: "put", "session expire", "connect"…
	Payload any    // what the system parsed besides (a controller.Event, a client name…)
	row     int    // the table's action row that parsed it
}

// system is what `use` assembles: it checks settings, actions and paths
// when a scenario is parsed, and builds a running instance for each run.
type system interface {
	set(key, val string) error
	validate() error                        // the settings together (each set checks its own value)
	action(t []token) (*Action, *msg.Error) // the error names its column
	checkPath(path string) error
	start(s *sim.Sim) (instance, error)
}

// instance is one running system.
type instance interface {
	do(at time.Duration, a *Action)
	get(path string) (string, error)
	finish() // the run is over: the system refuses what it could only judge now
}

func init() {
	useTable(controller.Surface)
	useTable(zookeeper.Surface)
	useTable(socketserver.Surface)
	useTable(group.Surface)
	useTable(listener.Surface)
	useTable(cluster.Replication)
	useTable(cluster.Surface)
}

// builders holds one constructor per built system; each system's table
// (or, until it has one, file) registers itself in init.
var builders = map[string]func() system{}

func register(name string, build func() system) { builders[name] = build }

func newSystem(name string) (system, error) {
	if build, ok := builders[name]; ok {
		return build(), nil
	}
	return nil, &msg.Error{Code: "use.unknown", Args: []any{name, msg.List(Systems)}, Hint: surface.Nearest(name, Systems)}
}

// keyError marks a setting error that is about the key, not the value.
type keyError struct{ error }

func (k keyError) Unwrap() error { return k.error }

func joinTokens(t []token) string {
	parts := make([]string, len(t))
	for i, x := range t {
		parts[i] = x.text
		if x.quoted {
			parts[i] = strconv.Quote(x.text)
		}
	}
	return strings.Join(parts, " ")
}
