package inspect

// EventLog frames the events around the current one. Its rows are drawn
// outside the Vugu tree from Log.HTML (wasm/ puts them into #logbody,
// which the template leaves empty); a click on a row jumps there.
type EventLog struct {
	L *Log
}
