package msg

// listener words core/listener's errors.
var listener = Catalog{
	"li.handler":   {`expected SeekToCurrent or ContainerStopping, got %q`, `应为 SeekToCurrent 或 ContainerStopping，实际为 %q`},
	"li.record":    {`expected a record P@OFFSET such as t0-0@5, got %q`, `应为消息 P@OFFSET（如 t0-0@5），实际为 %q`},
	"li.partition": {`expected a partition such as t0-0, got %q`, `应为分区（如 t0-0），实际为 %q`},
	"li.offsets":   {`expected offsets=A..B with 0 ≤ A ≤ B and at most 100000 records, got %q`, `应为 offsets=A..B，0 ≤ A ≤ B，且最多 100000 条消息，实际为 %q`},
	"li.error":     {`expected error=E with an exception's class name such as IllegalStateException, got %q`, `应为 error=E，E 为异常的类名（如 IllegalStateException），实际为 %q`},
}
