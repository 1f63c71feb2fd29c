package sim

import (
	"strconv"
	"unsafe"

	"brokerlab/core/msg"
)

// The kept trace. A run keeps most of its memory in its trace, and an
// Event is 168 bytes with nine pointers (its strings and notes): kept as
// Events, the trace would be what the garbage collector scans on every
// cycle, over and over as it grows. So a run keeps each event encoded in
// bytes (about 15: keep says how), without a pointer: its strings are
// numbers in the run's table of strings, its note a number in its table of
// notes or, for the kernel's own notes (knote), a format and its
// arguments; Trace makes the Events once, when the trace is read.
type store struct {
	events    []Event                      // the trace as Trace made it so far
	recs      [][]byte                     // the events after them, encoded, in chunks so that growing it never copies it
	n         int                          // how many
	lastT     int64                        // the time of the last event encoded (their times are encoded as differences)
	strs      table[string]                // the strings of recs; 0 is ""
	notes     table[*msg.Note]             // the notes of recs; 0 is nil
	itemWords []seqNote                    // the ItemWords of recs (few events have one), in order
	seen      *[seenSets][seenWays]seenStr // the strings numbered lately, by where their bytes are
	evict     int                          // the way of a set a new string takes next
	knotes    int                          // recs with a knote
	kbytes    int                          // and the bytes of their English
}

// An encoded event: a byte of flags, a byte saying which of its eight
// strings are not empty, the difference of its time from the last
// event's and its ID (varints), the numbers of its strings that are not
// empty (Actor, Kind, Subj, Item, From, To, Note, Src; a knote's format in
// Note's place), then the number of its Words, or its knote's arguments.
const (
	hasWords  = 1 << iota // Words is in notes
	hasKnote              // the note is a knote
	knoteStr0             // its first argument is a string (in strs), not an int
	knoteStr1             // its second argument is
	knoteArgs             // this times its number of arguments (0 to 2)

	// An encoded event's most bytes: flags, time and ID, strings, a
	// knote's arguments (more than a number of Words).
	recMax   = 2 + 2*10 + 8*5 + 2*10
	recChunk = 64 << 10 // bytes in a chunk, once the trace has grown (they grow from 4 KiB)
)

// seqNote is the ItemWords of event seq.
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

// knoteOf is format with args as a knote, if it is one: up to two
// arguments, an int for each %d and a string for each %s, and no other %.
func knoteOf(format string, args []any) (knote, bool) {
	k := knote{format: format}
	if len(args) > len(k.i) {
		return k, false
	}
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		if i++; i == len(format) || k.n == len(args) {
			return k, false
		}
		switch x := args[k.n].(type) {
		case int:
			k.i[k.n] = x
			if format[i] != 'd' {
				return k, false
			}
		case string:
			k.s[k.n], k.isStr[k.n] = x, true
			if format[i] != 's' {
				return k, false
			}
		default:
			return k, false
		}
		k.n++
	}
	return k, k.n == len(args)
}

// len is the length of k's English (appendKnote), without writing it.
func (k *knote) len() int {
	n := len(k.format) - 2*k.n // each verb is two bytes
	for j := range k.n {
		if k.isStr[j] {
			n += len(k.s[j])
		} else {
			var b [20]byte
			n += len(strconv.AppendInt(b[:0], int64(k.i[j]), 10))
		}
	}
	return n
}

// seenStr is a string numbered lately: where its bytes are, how many, its number.
type seenStr struct {
	p    uintptr
	n, i uint32
}

const (
	seenBits = 8 // sets of seenWays strings
	seenSets = 1 << seenBits
	seenWays = 4 // hot strings that share a set do not push each other out
)

// keep appends e (stamped), noted with k if not nil, to the trace; n is
// the length of k's English.
func (t *store) keep(e *Event, k *knote, n int) {
	if t.seen == nil {
		t.seen = new([seenSets][seenWays]seenStr)
		t.strs.add("")
		t.notes.add(nil)
	}
	c := len(t.recs)
	if c == 0 || cap(t.recs[c-1])-len(t.recs[c-1]) < recMax {
		size := recChunk // a short run stays small
		if c < 4 {
			size = 4 << 10 << c
		}
		t.recs = append(t.recs, make([]byte, 0, size))
		c++
	}
	strs := [8]uint32{t.str(e.Actor), t.str(string(e.Kind)), t.str(e.Subj), t.str(e.Item), t.str(e.From), t.str(e.To), t.str(e.Note), t.str(e.Src)}
	var flags, which byte
	if k != nil {
		strs[6] = t.str(k.format)
		flags = hasKnote | byte(k.n)*knoteArgs
		if k.isStr[0] {
			flags |= knoteStr0
		}
		if k.isStr[1] {
			flags |= knoteStr1
		}
	} else if e.Words != nil {
		flags = hasWords
	}
	for i, x := range strs {
		if x != 0 {
			which |= 1 << i
		}
	}
	b := append(t.recs[c-1], flags, which)
	b = appendVarint(b, e.T-t.lastT)
	b = appendVarint(b, int64(e.ID))
	t.lastT = e.T
	for _, x := range strs {
		if x != 0 {
			b = appendUvarint(b, uint64(x))
		}
	}
	switch {
	case k != nil:
		for j := range k.n {
			if k.isStr[j] {
				b = appendVarint(b, int64(t.str(k.s[j])))
			} else {
				b = appendVarint(b, int64(k.i[j]))
			}
		}
		t.knotes++
		t.kbytes += n
	case e.Words != nil:
		b = appendUvarint(b, uint64(t.notes.add(e.Words)))
	}
	t.recs[c-1] = b
	t.n++
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
	set := &t.seen[(uint64(p)^uint64(len(x))<<48)*0x9e3779b97f4a7c15>>(64-seenBits)] // Fibonacci hashing: strings may lie a byte apart
	for _, s := range set {
		if s.p == p && s.n == uint32(len(x)) {
			return s.i
		}
	}
	i := t.strs.add(x)
	set[t.evict%seenWays] = seenStr{p, uint32(len(x)), i}
	t.evict++
	return i
}

// all is the whole trace as Events, made once.
func (t *store) all() []Event {
	if t.n == 0 {
		return t.events
	}
	out := make([]Event, len(t.events), len(t.events)+t.n)
	copy(out, t.events)
	knotes := make([]noteArgs, t.knotes) // the knotes' Words, in one piece
	text := make([]byte, 0, t.kbytes)    // and their English
	items := t.itemWords
	s := t.strs.at
	var tm int64
	for _, b := range t.recs {
		for i := 0; i < len(b); {
			flags, which := b[i], b[i+1]
			var dt, ID int64
			dt, i = varintAt(b, i+2)
			ID, i = varintAt(b, i)
			tm += dt
			var strs [8]uint32
			for j := range strs {
				if which&(1<<j) != 0 {
					var x uint64
					x, i = uvarintAt(b, i)
					strs[j] = uint32(x)
				}
			}
			out = append(out, Event{
				Seq: len(out), T: tm, ID: int(ID),
				Actor: s(strs[0]), Kind: Kind(s(strs[1])), Subj: s(strs[2]), Item: s(strs[3]),
				From: s(strs[4]), To: s(strs[5]), Note: s(strs[6]), Src: s(strs[7]),
			})
			e := &out[len(out)-1]
			if len(items) > 0 && items[0].seq == e.Seq {
				e.ItemWords, items = items[0].note, items[1:]
			}
			switch {
			case flags&hasWords != 0:
				var x uint64
				x, i = uvarintAt(b, i)
				e.Words = t.notes.at(uint32(x))
			case flags&hasKnote != 0:
				w := &knotes[0]
				knotes = knotes[1:]
				k := knote{format: e.Note, n: int(flags / knoteArgs), isStr: [2]bool{flags&knoteStr0 != 0, flags&knoteStr1 != 0}}
				w.Format, w.Args = k.format, w.a[:k.n]
				for j := range w.Args {
					var x int64
					if x, i = varintAt(b, i); k.isStr[j] {
						k.s[j] = s(uint32(x))
						w.Args[j] = k.s[j]
					} else {
						k.i[j] = int(x)
						w.Args[j] = k.i[j]
					}
				}
				start := len(text)
				text = appendKnote(text, &k) // text has room: it is never copied
				e.Words, e.Note = &w.Note, unsafe.String(unsafe.SliceData(text[start:]), len(text)-start)
			}
		}
	}
	t.events, t.recs, t.n, t.lastT, t.itemWords, t.knotes, t.kbytes = out, nil, 0, 0, nil, 0, 0
	return out
}

// appendUvarint appends x in 7-bit groups, low first, each but the last
// with its high bit set.
func appendUvarint(b []byte, x uint64) []byte {
	for x >= 0x80 {
		b = append(b, byte(x)|0x80)
		x >>= 7
	}
	return append(b, byte(x))
}

// appendVarint appends x zigzagged (0, -1, 1, -2, … as 0, 1, 2, 3, …) as
// an uvarint: a small x of either sign takes one byte.
func appendVarint(b []byte, x int64) []byte { return appendUvarint(b, uint64(x<<1^x>>63)) }

// uvarintAt reads the uvarint at b[i:], and where the next thing starts.
func uvarintAt(b []byte, i int) (uint64, int) {
	if c := b[i]; c < 0x80 { // most are one byte
		return uint64(c), i + 1
	}
	var x uint64
	for s := uint(0); ; s += 7 {
		c := b[i]
		i++
		x |= uint64(c&0x7f) << s
		if c < 0x80 {
			return x, i
		}
	}
}

// varintAt reads the varint at b[i:], and where the next thing starts.
func varintAt(b []byte, i int) (int64, int) {
	u, i := uvarintAt(b, i)
	return int64(u>>1) ^ -int64(u&1), i
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
