package scenario

import "brokerlab/core/controller"

// ControllerEvents lists the names `put EVENT` takes, the controller's 25
// events in upstream's order (the what-if panel offers them): the UI
// reaches the systems only through the scenario language.
func ControllerEvents() []string { return controller.EventNames() }
