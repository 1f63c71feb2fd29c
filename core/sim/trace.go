package sim

import (
	"math"
	"strconv"
	"unsafe"

	"brokerlab/core/msg"
)

// The kept trace. A run keeps most of its memory in its trace, and an
// Event holds nine pointers (its strings and notes): kept as Events, the
// trace would be what the garbage collector scans on every cycle, over
// and over as it grows. So a run keeps each event as a rec, which holds
// none: its strings are numbers in the run's table of strings, its note
// a number in its table of notes or, for the kernel's own notes (knote),
// a format and two numbers; Trace makes the Events once, when the trace
// is read.
type store struct {
	events    []Event            // the trace as Trace made it so far
	recs      [][]rec            // the events after them, in chunks so that growing it never copies it
	strs      table[string]      // the strings of recs; 0 is ""
	notes     table[*msg.Note]   // the notes of recs; 0 is nil
	itemWords []seqNote          // the ItemWords of recs (few events have one), in order
	seen      *[seenSize]seenStr // the strings numbered lately, by where their bytes are
	knotes    int                // recs with a knote
	kbytes    int                // and the bytes of their English
}

// rec is an Event as the run keeps it until Trace; its Seq is its place.
type rec struct {
	t, id int64
	str   [8]uint32 // Actor, Kind, Subj, Item, From, To, Note (a knote's format), Src in strs
	words uint32    // Words in notes
	knote uint8     // a knote's arguments + 1; 0: no knote
	isStr [2]bool   // the knote's argument is a string, in strs
	arg   [2]int32  // the knote's arguments
}

type seqNote struct {
	seq  int
	note *msg.Note
}

// knote is a note of the kernel as data: a format whose verbs are %d
// and %s, and up to two arguments, ints or strings. Its English is
// written when the trace is read; until then only its length counts.
type knote struct {
	format string
	n      int // arguments
	i      [2]int
	s      [2]string
	isStr  [2]bool
}

// noteInts is the knote format with int args.
func noteInts(format string, args ...int) knote {
	k := knote{format: format}
	k.n = copy(k.i[:], args)
	return k
}

// noteStrs is the knote format with string args.
func noteStrs(format string, args ...string) knote {
	k := knote{format: format, isStr: [2]bool{true, true}}
	k.n = copy(k.s[:], args)
	return k
}

// fits reports whether a rec holds k's ints.
func (k *knote) fits() bool {
	for j := range k.n {
		if !k.isStr[j] && (k.i[j] < math.MinInt32 || k.i[j] > math.MaxInt32) {
			return false
		}
	}
	return true
}

// args is k's arguments, as Event.Notef takes them.
func (k *knote) args() []any {
	out := make([]any, k.n)
	for j := range out {
		if k.isStr[j] {
			out[j] = k.s[j]
		} else {
			out[j] = k.i[j]
		}
	}
	return out
}

// seenStr is a string numbered lately: where its bytes are, how many, its number.
type seenStr struct {
	p    uintptr
	n, i uint32
}

const (
	recsChunk = 8192 // records in a chunk, once the trace has grown (they grow from 256)
	seenSize  = 1024
)

// keep appends e (stamped), noted with k if not nil (fits), to the
// trace; n is the length of k's English.
func (t *store) keep(e *Event, k *knote, n int) {
	if t.seen == nil {
		t.seen = new([seenSize]seenStr)
		t.strs.add("")
		t.notes.add(nil)
	}
	c := len(t.recs)
	if c == 0 || len(t.recs[c-1]) == cap(t.recs[c-1]) {
		size := recsChunk // a short run stays small
		if c < 5 {
			size = 256 << c
		}
		t.recs = append(t.recs, make([]rec, 0, size))
		c++
	}
	r := rec{
		t: e.T, id: int64(e.ID),
		str:   [8]uint32{t.str(e.Actor), t.str(string(e.Kind)), t.str(e.Subj), t.str(e.Item), t.str(e.From), t.str(e.To), t.str(e.Note), t.str(e.Src)},
		words: t.note(e.Words),
	}
	if k != nil {
		r.str[6], r.knote, r.isStr = t.str(k.format), uint8(k.n+1), k.isStr
		for j := range k.n {
			if k.isStr[j] {
				r.arg[j] = int32(t.str(k.s[j]))
			} else {
				r.arg[j] = int32(k.i[j])
			}
		}
		t.knotes++
		t.kbytes += n
	}
	t.recs[c-1] = append(t.recs[c-1], r)
	if e.ItemWords != nil {
		t.itemWords = append(t.itemWords, seqNote{e.Seq, e.ItemWords})
	}
}

// str is x's number in strs. A string numbered lately whose bytes are
// where x's are has its number still; another string gets a new one.
// strs keeps each string it numbers, so that no other string's bytes
// ever take the place of a string seen: the same place and length are
// the same string.
func (t *store) str(x string) uint32 {
	if x == "" {
		return 0
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(x)))
	s := &t.seen[(p>>4^p>>14^uintptr(len(x)))%seenSize]
	if s.p == p && s.n == uint32(len(x)) {
		return s.i
	}
	*s = seenStr{p, uint32(len(x)), t.strs.add(x)}
	return s.i
}

// note is n's number in notes.
func (t *store) note(n *msg.Note) uint32 {
	if n == nil {
		return 0
	}
	return t.notes.add(n)
}

// all is the whole trace as Events, made once.
func (t *store) all() []Event {
	if len(t.recs) == 0 {
		return t.events
	}
	n := len(t.events)
	for _, c := range t.recs {
		n += len(c)
	}
	out := make([]Event, len(t.events), n)
	copy(out, t.events)
	knotes := make([]noteArgs, t.knotes) // the knotes' Words, in one piece
	text := make([]byte, 0, t.kbytes)    // and their English
	items := t.itemWords
	for _, c := range t.recs {
		for i := range c {
			r, s := &c[i], t.strs.at
			out = append(out, Event{
				Seq: len(out), T: r.t, ID: int(r.id),
				Actor: s(r.str[0]), Kind: Kind(s(r.str[1])), Subj: s(r.str[2]), Item: s(r.str[3]),
				From: s(r.str[4]), To: s(r.str[5]), Note: s(r.str[6]), Src: s(r.str[7]),
				Words: t.notes.at(r.words),
			})
			e := &out[len(out)-1]
			if len(items) > 0 && items[0].seq == e.Seq {
				e.ItemWords, items = items[0].note, items[1:]
			}
			if r.knote == 0 {
				continue
			}
			w := &knotes[0]
			knotes = knotes[1:]
			k := knote{format: e.Note, n: int(r.knote - 1), isStr: r.isStr}
			w.Format, w.Args = k.format, w.a[:k.n]
			for j := range w.Args {
				if k.isStr[j] {
					k.s[j] = s(uint32(r.arg[j]))
					w.Args[j] = k.s[j]
				} else {
					k.i[j] = int(r.arg[j])
					w.Args[j] = k.i[j]
				}
			}
			start := len(text)
			text = appendKnote(text, &k) // text has room: it is never copied
			e.Words, e.Note = &w.Note, unsafe.String(unsafe.SliceData(text[start:]), len(text)-start)
		}
	}
	t.events, t.recs, t.itemWords, t.knotes, t.kbytes = out, nil, nil, 0, 0
	return out
}

// appendKnote appends k's English: its format with each %d and %s
// replaced by the next argument.
func appendKnote(b []byte, k *knote) []byte {
	f, j := k.format, 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 == len(f) {
			b = append(b, f[i])
			continue
		}
		i++
		switch f[i] {
		case 'd':
			b = strconv.AppendInt(b, int64(k.i[j]), 10)
		case 's':
			b = append(b, k.s[j]...)
		default:
			panic("sim: a kernel note takes %d and %s only: " + f)
		}
		j++
	}
	return b
}

// table is a list that only grows, in chunks so that growing it never
// copies it; an item's number is its place.
type table[T any] struct {
	chunks [][]T
	n      uint32
}

const tableChunk = 1024

func (t *table[T]) add(x T) uint32 {
	if t.n%tableChunk == 0 {
		t.chunks = append(t.chunks, make([]T, tableChunk))
	}
	t.chunks[t.n/tableChunk][t.n%tableChunk] = x
	t.n++
	return t.n - 1
}

func (t *table[T]) at(i uint32) T { return t.chunks[i/tableChunk][i%tableChunk] }
