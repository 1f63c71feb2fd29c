package sim

import (
	"strconv"

	"brokerlab/internal/jsonlite"
)

// AppendJSON appends e as one line of a trace file writes it: its json
// tags, byte for byte what encoding/json writes (ui's export test compares
// the two over every lesson's run), without reflection.
func (e Event) AppendJSON(b []byte) []byte {
	b = strconv.AppendInt(append(b, `{"seq":`...), int64(e.Seq), 10)
	b = strconv.AppendInt(append(b, `,"t":`...), e.T, 10)
	b = jsonlite.AppendString(append(b, `,"actor":`...), e.Actor)
	b = jsonlite.AppendString(append(b, `,"kind":`...), string(e.Kind))
	b = omitEmpty(b, `,"subj":`, e.Subj)
	if e.ID != 0 {
		b = strconv.AppendInt(append(b, `,"id":`...), int64(e.ID), 10)
	}
	b = omitEmpty(b, `,"item":`, e.Item)
	b = omitEmpty(b, `,"from":`, e.From)
	b = omitEmpty(b, `,"to":`, e.To)
	b = omitEmpty(b, `,"note":`, e.Note)
	b = omitEmpty(b, `,"src":`, e.Src)
	return append(b, '}')
}

// omitEmpty writes member name with string s, unless s is empty.
func omitEmpty(b []byte, name, s string) []byte {
	if s == "" {
		return b
	}
	return jsonlite.AppendString(append(b, name...), s)
}
