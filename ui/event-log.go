package ui

// EventLog shows the events around the current one; a click jumps there.
type EventLog struct {
	A *App
}

// RowClass marks the current row and the rows still to come.
func (c *EventLog) RowClass(r Row) string {
	switch {
	case r.Cur:
		return "cur"
	case r.Future:
		return "future"
	}
	return ""
}
