package whatif

import "brokerlab/core/scenario"

// Controller is the controller's section: put a ControllerEvent, expire
// the ZooKeeper session, shut the controller down, remove the putLock.
type Controller struct {
	P       Page
	PutName string // the event to put, "" until picked (the first)
}

// Events are the 25 ControllerEvent names, for the select.
func (c *Controller) Events() []string { return scenario.ControllerEvents() }

// Event is the event Put puts.
func (c *Controller) Event() string {
	if names := scenario.ControllerEvents(); c.PutName == "" && len(names) > 0 {
		return names[0]
	}
	return c.PutName
}

// Put puts the picked event into the controller's queue.
func (c *Controller) Put() { c.P.Inject("put " + c.Event()) }

// NoLock reports whether the putLock is removed.
func (c *Controller) NoLock() bool { return c.P.Setting("controller.putLock") == "false" }

// SetNoLock removes (or restores) the putLock and reruns.
func (c *Controller) SetNoLock(off bool) { toggle(c.P, "controller.putLock", off, "false") }
