package scenario

import (
	"brokerlab/core/controller"
	"brokerlab/core/group"
)

// ControllerEvents lists the names `put EVENT` takes, the controller's 25
// events in upstream's order (the what-if panel offers them): the UI
// reaches the systems only through the scenario language.
func ControllerEvents() []string { return controller.EventNames() }

// Assignors lists the names `assignor=` and partition.assignment.strategy
// take, group's table of assignors in its order (the playground's form
// offers them): an assignor added there appears in the form.
func Assignors() []string {
	var out []string
	for _, a := range group.Assignors {
		out = append(out, a.Name())
	}
	return out
}
