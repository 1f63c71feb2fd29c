package scenario

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"brokerlab/core/sim"
)

// Action is one parsed scenario action ("put ControlledShutdown id=2").
type Action struct {
	Text    string
	Verb    string // what the system dispatches on: "put", "session expire", "connect"…
	Payload any    // what the system parsed besides (a controller.Event, a client name…)
}

type actionErr struct {
	col int
	msg string
}

// system is what `use` assembles: it checks settings, actions and paths
// when a scenario is parsed, and builds a running instance for each run.
type system interface {
	set(key, val string) error
	action(t []token) (*Action, *actionErr)
	checkPath(path string) error
	start(s *sim.Sim) (instance, error)
}

// instance is one running system.
type instance interface {
	do(at time.Duration, a *Action)
	get(path string) (string, error)
}

// builders holds one constructor per built system; each system's file
// registers itself in init.
var builders = map[string]func() system{}

func register(name string, build func() system) { builders[name] = build }

func newSystem(name string) (system, error) {
	if build, ok := builders[name]; ok {
		return build(), nil
	}
	return nil, fmt.Errorf("unknown system %q: expected one of %s", name, strings.Join(Systems, ", "))
}

// keyError marks a setting error that is about the key, not the value.
type keyError struct{ error }

// setCores handles the setting every system shares: the simulated machine's processor count.
func setCores(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 1024 {
		return 0, fmt.Errorf("cores: expected a processor count from 1 to 1024, got %q", v)
	}
	return n, nil
}

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
