package msg

// EN words each code in English, with fmt verbs for its arguments.
var EN = map[string]string{
	"hint": `; did you mean %s?`,
	"text": `%s`,

	// Values.
	"duration":       `expected a duration such as 250ms, 10s or 2m, got %q`,
	"duration.long":  `duration %s is longer than the %s a scenario may span`,
	"duration.most":  `%s: at most %s, got %s`,
	"int":            `%s: expected an integer from %d to %d, got %q`,
	"cores":          `cores: expected a processor count from 1 to 1024, got %q`,
	"ms":             `%s: expected milliseconds ≥ %d, got %q`,
	"ms.or.duration": `%s: expected whole milliseconds (30000) or a duration (30s) from %s to %s, got %q`,
	"bool":           `%s: expected true or false, got %q`,
	"one.of":         `%s: expected one of %s, got %q`,
	"name":           `%s: expected a name of letters, digits, '.', '_' or '-', got %q`,
	"names":          `%s: expected N,N (names of letters, digits, '.', '_' or '-'), got %q`,
	"setting":        `%s: %s`,

	// The engine: settings, actions, paths, systems.
	"use.unknown":           `unknown system %q: expected one of %s`,
	"setting.unknown":       `unknown setting %q for %s (%s)`,
	"setting.member":        `%s: unknown %s %q (one of %s)`,
	"action.unknown":        `expected a %s action (%s), got %q`,
	"action.form":           `expected %s, got %q`,
	"action.expected":       `expected %s`,
	"action.string":         `expected %s, got a string`,
	"action.field":          `expected a field k=v, got %q`,
	"action.extra":          `expected %s, got extra %q`,
	"action.option":         `expected an option k=v (%s), got %q`,
	"action.option.unknown": `unknown option %q for %s (%s)`,
	"action.option.twice":   `option %q given twice`,
	"action.option.missing": `expected %s: %s= is missing`,
	"event.unknown":         `unknown event %q (one of %s)`,
	"event.nofields":        `unknown event field %q: %s has no fields`,
	"event.field":           `unknown event field %q: %s has %s`,
	"path.unknown":          `unknown state path %q (paths: %s)`,

	// zookeeper.
	"zk.client":  `expected a client name (letters, digits, '.', '_', '-'), got %q`,
	"zk.ip":      `ip: expected an IP address such as 10.0.0.1, got %q`,
	"zk.burst":   `a burst may span at most %gh (count × every)`,
	"zk.request": `id: expected a request id (letters, digits, '.', '_', '-'), got %q`,

	// socketserver.
	"ss.plane.same":    `control.plane.listener.name, when defined, should have a different value from the inter broker listener name (%s)`,
	"ss.plane.name":    `control.plane.listener.name: expected upper-case letters, digits and _ (such as CONTROLLER), got %q`,
	"ss.name":          `a %s name has 1 to 64 letters, digits and - _ . only, got %q`,
	"ss.listener":      `listener: expected a listener name such as PLAINTEXT or CONTROLLER, got %q`,
	"ss.from":          `from: expected controller, got %q`,
	"ss.listener.from": `give listener= or from=controller, not both: the controller picks its listener itself`,
	"ss.api":           `unknown API %q (one of %s)`,
	"ss.id.n":          `id= names one request: leave it out with n= (the requests are then C#k)`,

	// replication and cluster.
	"cl.acks.setting":   `acks: expected all, -1, 0 or 1, got %q`,
	"cl.acks":           `acks: expected all, -1, 0 or 1 (or another small integer, which the broker refuses), got %q`,
	"cl.broker":         `expected a broker id from 1 to %d, got %q`,
	"cl.config":         `expected unclean.leader.election.enable=true|false (the dynamic config the model alters), got %q`,
	"cl.replicas":       `replicas: expected broker ids from 1 to %d (set brokers N first), got %q`,
	"cl.replicas.twice": `replicas: broker %d is listed twice`,
	"cl.rf":             `Replication factor: %d larger than available brokers: %d`,
	"cl.replicas.or.rf": `give replicas= or replication.factor=, not both`,
	"cl.replicas.none":  `expected replicas=B,B,B or replication.factor=R`,
	"cl.topic.size":     `a topic of %d replicas (partitions × replication factor): a run holds at most %d a topic`,
	"cl.partition":      `expected a partition such as t-0, got %q`,
	"cl.from":           `from: expected an offset ≥ 0, got %q`,

	// group.
	"gr.assignor":       `unknown assignor %q (%s)`,
	"gr.assignor.twice": `assignor %q given twice`,
	"gr.duration":       `expected a duration > 0 such as 15s, got %q`,
	"gr.topics":         `expected topics=T,T, got %q`,
	"gr.heartbeat":      `heartbeat.interval.ms must be lower than session.timeout.ms`,

	// listener.
	"li.handler":   `expected SeekToCurrent or ContainerStopping, got %q`,
	"li.record":    `expected a record P@OFFSET such as t0-0@5, got %q`,
	"li.partition": `expected a partition such as t0-0, got %q`,
	"li.offsets":   `expected offsets=A..B with 0 ≤ A ≤ B and at most 100000 records, got %q`,
	"li.error":     `expected error=E with an exception's class name such as IllegalStateException, got %q`,

	// core/scenario: the statements.
	"stmt.string":    `expected a statement (%s), got a string`,
	"stmt.unknown":   `expected a statement (%s), got %q`,
	"seed.after.use": `seed must come before use`,
	"seed.twice":     `seed given twice`,
	"seed.after.let": `seed must come before let: the variables are drawn from it`,
	"seed.bad":       `expected a positive integer seed, got %q`,
	"use.twice":      `use given twice: one system a scenario (cluster wires them all together)`,
	"set.late":       `set must come before the first at, after, run or expect`,
	"stmt.timed":     `expected %s T ACTION`,
	"stmt.run":       `expected run T, run idle or run until PATH OP VALUE [max T]`,
	"stmt.say":       `expected %s "TEXT" (one double-quoted string)`,
	"say.zh.order":   `say.zh must follow the say of its step`,
	"stmt.system":    `%s needs a system: write use SYSTEM first (%s)`,
	"cond.expected":  `expected PATH OP VALUE (OP one of == != < <= > >=)`,
	"cond.extra":     `expected PATH OP VALUE, got extra %q (lists are comma-separated, without spaces)`,
	"cond.op":        `expected an operator (== != < <= > >=), got %q`,
	"cond.number":    `%s compares numbers, got %q`,
}
