package controller

import (
	"strings"
	"time"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/surface"
)

// Driver is what the controller's actions drive: a controller, or a
// cluster's active one (core/cluster mounts these rows).
type Driver interface {
	Put(at time.Duration, e Event, clear bool)
	ExpireSession(at time.Duration)
	Shutdown(at time.Duration)
}

// Surface is `use controller`: the event manager alone, every event put by
// the scenario.
var Surface = &surface.Table[Config, Driver]{
	Name:     "controller",
	Doc:      "Kafka's ControllerEventManager alone: an empty queue, every event put by the scenario",
	Default:  DefaultConfig,
	Settings: append([]surface.Setting[Config]{surface.Cores[Config](nil)}, Settings...),
	Actions:  Actions,
	Paths:    Paths,
	Check:    CheckPath,
	Get:      func(d Driver, path string) (string, error) { return d.(*Controller).Get(path) },
	Start:    func(s *sim.Sim, c Config) (Driver, error) { return New(s, c) },
}

// Settings are the controller's settings, which `use cluster` mounts too.
var Settings = []surface.Setting[Config]{
	{Key: "controller.eventTime", Value: surface.Duration(surface.MaxDuration, func(c *Config) *time.Duration { return &c.EventTime }),
		Doc: "how long processing an event takes (the model's cost, every event)"},
	{Key: "controller.eventTime.EVENT", Value: surface.DurationMap(EventNames, surface.MaxDuration, func(c *Config) *map[string]time.Duration { return &c.EventTimes }),
		Doc: "the same for one event type"},
	{Key: "controller.preemptTime", Value: surface.Duration(surface.MaxDuration, func(c *Config) *time.Duration { return &c.PreemptTime }),
		Doc: "how long clearAndPut's thread takes to preempt one queued event (the model's cost, 0)", Upstream: "ControllerEventManager.scala QueuedEvent.preempt"},
	{Key: "controller.putLock", Value: surface.Bool(func(c *Config) *bool { return &c.PutLock }), WhatIf: true,
		Doc: "false removes the putLock from put and clearAndPut (the what-if that loses an event)", Upstream: "ControllerEventManager.scala putLock"},
	{Key: "controller.id", Value: surface.Int(0, 1<<30, func(c *Config) *int { return &c.ID }),
		Doc: "this broker's id, the active controller", Upstream: "KafkaConfig.scala broker.id"},
}

// Actions are the controller's actions, which `use cluster` mounts too.
var Actions = []surface.Action[Config, Driver]{
	{Form: "put EVENT [k=v…]", Doc: "put an event on the queue, as the thread that puts it upstream (fields named after upstream's)",
		Parse: parseEvent, Do: func(d Driver, at time.Duration, _ string, p any) { d.Put(at, p.(Event), false) }},
	{Form: "clearAndPut EVENT [k=v…]", Doc: "preempt and clear the queue, then put the event (under the putLock)",
		Parse: parseEvent, Do: func(d Driver, at time.Duration, _ string, p any) { d.Put(at, p.(Event), true) }},
	{Form: "session expire", Doc: "the controller's ZooKeeper session expires (Expire is put with clearAndPut)",
		Do: func(d Driver, at time.Duration, _ string, _ any) { d.ExpireSession(at) }},
	{Form: "controller shutdown", Doc: "the broker shuts down: ShutdownEventThread is put with clearAndPut",
		Do: func(d Driver, at time.Duration, _ string, _ any) { d.Shutdown(at) }},
}

// parseEvent reads put EVENT k=v…: the event and its fields.
func parseEvent(_ *Config, a *surface.Args) (any, error) {
	args := make([]Arg, len(a.Rest))
	for i, kv := range a.Rest {
		args[i].Key, args[i].Value, _ = strings.Cut(kv.Text, "=")
	}
	e, err := NewEvent(a.Pos[0].Text, args)
	if err != nil {
		m := err.(*msg.Error)
		m.Col = a.Pos[0].Col
		for i, kv := range a.Rest {
			if m.Kind == ErrUnknownArg && m.Args[0] == args[i].Key {
				m.Col = kv.Col
				break
			}
		}
		return nil, m
	}
	return e, nil
}
