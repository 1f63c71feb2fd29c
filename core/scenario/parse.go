package scenario

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"brokerlab/core/msg"
	"brokerlab/core/surface"
)

// Error is a parse or configuration error at a place in a .lab file.
// Data is the error as data (a catalog code and its arguments, core/msg),
// which the page words in its language; Msg is its English.
type Error struct {
	File      string
	Line, Col int
	Msg       string     // Data's English
	Data      *msg.Error // never nil
	err       error      // what a run met at this place (errors.Is sees through)
}

// errorAt is err at file:line:col, as data (asData).
func errorAt(file string, line, col int, err error) *Error {
	d := asData(err)
	e := &Error{File: file, Line: line, Col: col, Msg: d.Error(), Data: d}
	if err != error(d) {
		e.err = err
	}
	return e
}

// asData is err as data: the *msg.Error it is or wraps when that says all
// of it, else its English wrapped as "text" (not data: a bug
// ui.TestZHCoverage finds).
func asData(err error) *msg.Error {
	var d *msg.Error
	if !errors.As(err, &d) || d.Error() != err.Error() {
		d = msg.New("text", err.Error())
	}
	return d
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// Unwrap is what a run met here and the error as data.
func (e *Error) Unwrap() []error { return []error{e.err, e.Data} }

// Systems are the names `use` accepts, each built by one file of this
// package that registers it.
var Systems = []string{"controller", "zookeeper", "socketserver", "replication", "group", "listener", "cluster"}

// Scenario is a parsed .lab file.
type Scenario struct {
	File   string
	Seed   int64
	System string // the system `use` assembled
	Stmts  []Stmt
	Steps  []Step
	Vars   []Var // the let lines' values, drawn from Seed
}

// Stmt is one statement. Which fields are set depends on Kind.
type Stmt struct {
	Line, Col int
	Kind      string        // seed use set at after run say say.zh expect ask ask.zh choice choice.zh let
	Dur       time.Duration // at, after, run T; max of run until
	Mode      string        // run: "for", "idle" or "until"
	Action    *Action       // at, after
	Key, Val  string        // set
	Cond      Cond          // expect, run until
	Step      int           // say, say.zh, ask, ask.zh, choice, choice.zh: the step it belongs to
}

// Cond is "PATH OP VALUE".
type Cond struct {
	Path, Op, Value string
}

func (c Cond) String() string { return c.Path + " " + c.Op + " " + quoteIfNeeded(c.Value) }

type token struct {
	text   string
	col    int // first character, counted in characters from 1
	end    int // the column just past it (past the closing quote)
	quoted bool
}

// tokenize splits a line into words and double-quoted strings; # starts a
// comment. Its error names its column.
func tokenize(line string) ([]token, *msg.Error) {
	var out []token
	col := 1
	i := 0
	for i < len(line) {
		r, n := utf8.DecodeRuneInString(line[i:])
		switch {
		case r == ' ' || r == '\t' || r == '\r':
			i += n
			col++
		case r == '#':
			return out, nil
		case r == '"':
			start := col
			i += n
			col++
			var sb strings.Builder
			closed := false
			for i < len(line) {
				r, n = utf8.DecodeRuneInString(line[i:])
				i += n
				col++
				if r == '"' {
					closed = true
					break
				}
				if r == '\\' && i < len(line) {
					r, n = utf8.DecodeRuneInString(line[i:])
					i += n
					col++
					switch r {
					case 'n':
						r = '\n'
					case '"', '\\':
					default:
						return nil, msg.At(col-1, "sc.escape", string(r))
					}
				}
				sb.WriteRune(r)
			}
			if !closed {
				return nil, msg.At(start, "sc.unterminated")
			}
			out = append(out, token{sb.String(), start, col, true})
		default:
			start := col
			j := i
			for j < len(line) {
				r, n = utf8.DecodeRuneInString(line[j:])
				if r == ' ' || r == '\t' || r == '\r' || r == '"' || r == '#' {
					break
				}
				j += n
				col++
			}
			out = append(out, token{line[i:j], start, col, false})
			i = j
		}
	}
	return out, nil
}

type parser struct {
	sc       *Scenario
	line     int
	sys      system
	started  bool // a statement that runs the system has been seen
	sawSeed  bool
	lastStep int

	// Questions and variables (ask.go).
	step    int               // the step of the last say, -1 before any
	prev    string            // the previous statement's keyword
	vars    map[string]string // let NAME …: its value
	seedFix bool              // the seed was given by ParseSeed
	sawLet  bool

	sets    []setLine // the set lines, in order
	checked bool      // the settings have been checked together (checkConfig)
}

// setLine is a set line: its key and value, and the value's place.
type setLine struct {
	key, val  string
	line, col int
}

// errAt is err at column col of the line.
func (p *parser) errAt(col int, err error) *Error { return errorAt(p.sc.File, p.line, col, err) }

// Parse reads a scenario. The error, if any, is an *Error naming file:line:col.
func Parse(file, src string) (*Scenario, error) { return ParseSeed(file, src, 0) }

// ParseSeed reads a scenario run with seed instead of its own (0: its
// own): its variables (let) are drawn from the seed, so each seed is a
// variant of the text and the actions.
func ParseSeed(file, src string, seed int64) (*Scenario, error) {
	p := &parser{sc: &Scenario{File: file, Seed: 1}, lastStep: -1, step: -1}
	if seed != 0 {
		p.sc.Seed, p.seedFix = seed, true
	}
	if line, col, err := checkSource(src); err != nil {
		return nil, errorAt(file, line, col, err)
	}
	src = strings.TrimPrefix(src, bom)
	for i, line := range strings.Split(src, "\n") {
		p.line = i + 1
		toks, terr := tokenize(line)
		if terr != nil {
			return nil, p.errAt(terr.Col, terr)
		}
		if len(toks) == 0 {
			continue
		}
		if err := p.subst(toks); err != nil {
			return nil, err
		}
		if kw := toks[0]; !kw.quoted && runs(kw.text) && !p.checked && p.sys != nil {
			// The last set is behind: the settings are checked together
			// before the first line that runs the system.
			if err := p.checkConfig(); err != nil {
				return nil, err
			}
		}
		st, err := p.stmt(toks)
		if err != nil {
			return nil, err
		}
		st.Line, st.Col = p.line, toks[0].col
		p.sc.Stmts = append(p.sc.Stmts, st)
		p.prev = st.Kind
	}
	if !p.checked && p.sys != nil {
		if err := p.checkConfig(); err != nil {
			return nil, err
		}
	}
	if err := p.checkAsks(); err != nil {
		return nil, err
	}
	return p.sc, nil
}

// runs reports whether statement kw runs the system: no set may follow it.
func runs(kw string) bool { return kw == "at" || kw == "after" || kw == "run" || kw == "expect" }

// checkConfig checks the settings together, as the system's start does
// (each system's Validate, which names the upstream check it mirrors:
// delivery.timeout.ms below request.timeout.ms, heartbeat.interval.ms not
// below session.timeout.ms, …): each set line has checked its own value
// only. The error is at the
// value of the set line after which the settings have been wrong in that
// way ever since: the later of two settings that clash, or the one that
// made a default clash (set enable.idempotence true against retries 0).
// The lines in effect (a key's last) are replayed in order; a clash that
// a later line resolves (session.timeout.ms raised before
// heartbeat.interval.ms lowered) is no error.
func (p *parser) checkConfig() error {
	p.checked = true
	err := p.sys.validate()
	if err == nil {
		return nil
	}
	want := err.Error()
	line, col := p.useLine()
	sys, nerr := newSystem(p.sc.System)
	if nerr != nil {
		return errorAt(p.sc.File, line, col, err)
	}
	wrong := func() bool { e := sys.validate(); return e != nil && e.Error() == want }
	last := map[string]int{} // a key's last set line: the one in effect
	for i, s := range p.sets {
		last[s.key] = i
	}
	was := wrong() // the defaults: never wrong, but say so at use if they were
	for i, s := range p.sets {
		if last[s.key] != i {
			continue // a later line sets it again
		}
		_ = sys.set(s.key, s.val) // accepted when it was read
		if now := wrong(); now != was {
			was = now
			if now {
				line, col = s.line, s.col
			}
		}
	}
	return errorAt(p.sc.File, line, col, err)
}

// useLine is the place of the use statement.
func (p *parser) useLine() (line, col int) {
	for _, st := range p.sc.Stmts {
		if st.Kind == "use" {
			return st.Line, st.Col
		}
	}
	return max(p.line, 1), 1
}

func (p *parser) stmt(t []token) (Stmt, error) {
	kw := t[0]
	if kw.quoted {
		return Stmt{}, p.errAt(kw.col, msg.New("sc.stmt.string", statements))
	}
	st := Stmt{Kind: kw.text}
	switch kw.text {
	case "seed":
		if p.sys != nil {
			return st, p.errAt(kw.col, msg.New("sc.seed.after.use"))
		}
		if p.sawSeed {
			return st, p.errAt(kw.col, msg.New("sc.seed.twice"))
		}
		if p.sawLet {
			return st, p.errAt(kw.col, msg.New("sc.seed.after.let"))
		}
		if err := p.arity(t, 2, "seed N"); err != nil {
			return st, err
		}
		n, err := ReadSeed(t[1].text)
		if err != nil {
			return st, p.errAt(t[1].col, err)
		}
		p.sawSeed = true
		if !p.seedFix {
			p.sc.Seed = n
		}
	case "use":
		if err := p.arity(t, 2, "use SYSTEM"); err != nil {
			return st, err
		}
		if p.sys != nil {
			return st, p.errAt(kw.col, msg.New("sc.use.twice"))
		}
		sys, err := newSystem(t[1].text)
		if err != nil {
			return st, p.errAt(t[1].col, err)
		}
		p.sys = sys
		p.sc.System = t[1].text
	case "set":
		if err := p.arity(t, 3, "set KEY VALUE"); err != nil {
			return st, err
		}
		if p.started {
			return st, p.errAt(kw.col, msg.New("sc.set.late"))
		}
		if err := p.need(kw); err != nil {
			return st, err
		}
		if err := p.sys.set(t[1].text, t[2].text); err != nil {
			col := t[2].col
			if errors.As(err, new(keyError)) {
				col = t[1].col
			}
			return st, p.errAt(col, err)
		}
		st.Key, st.Val = t[1].text, t[2].text
		p.sets = append(p.sets, setLine{key: st.Key, val: st.Val, line: p.line, col: t[2].col})
	case "at", "after":
		if err := p.need(kw); err != nil {
			return st, err
		}
		if len(t) < 3 {
			return st, p.errAt(kw.col, msg.New("sc.stmt.timed", kw.text))
		}
		d, err := p.duration(t[1])
		if err != nil {
			return st, err
		}
		a, aerr := p.sys.action(t[2:])
		if aerr != nil {
			return st, p.errAt(aerr.Col, aerr)
		}
		st.Dur, st.Action = d, a
		p.started = true
	case "run":
		if err := p.need(kw); err != nil {
			return st, err
		}
		if len(t) < 2 {
			return st, p.errAt(kw.col, msg.New("sc.stmt.run"))
		}
		switch t[1].text {
		case "idle":
			if err := p.arity(t, 2, "run idle"); err != nil {
				return st, err
			}
			st.Mode = "idle"
		case "until":
			st.Mode, st.Dur = "until", 10*time.Minute
			rest := t[2:]
			if n := len(rest); n >= 2 && rest[n-2].text == "max" && !rest[n-2].quoted {
				d, err := p.duration(rest[n-1])
				if err != nil {
					return st, err
				}
				st.Dur, rest = d, rest[:n-2]
			}
			c, err := p.cond(t[1], rest)
			if err != nil {
				return st, err
			}
			st.Cond = c
		default:
			if err := p.arity(t, 2, "run T"); err != nil {
				return st, err
			}
			d, err := p.duration(t[1])
			if err != nil {
				return st, err
			}
			st.Mode, st.Dur = "for", d
		}
		p.started = true
	case "expect":
		if err := p.need(kw); err != nil {
			return st, err
		}
		c, err := p.cond(kw, t[1:])
		if err != nil {
			return st, err
		}
		st.Cond = c
		p.started = true
	case "say", "say.zh":
		if len(t) != 2 || !t[1].quoted {
			return st, p.errAt(kw.col, msg.New("sc.stmt.say", kw.text))
		}
		st.Val = t[1].text
		if kw.text == "say" {
			p.sc.Steps = append(p.sc.Steps, Step{Line: p.line, Col: kw.col, EN: st.Val})
			p.lastStep = len(p.sc.Steps) - 1
			p.step = p.lastStep
		} else {
			if p.lastStep < 0 || p.sc.Steps[p.lastStep].ZH != "" {
				return st, p.errAt(kw.col, msg.New("sc.say.zh.order"))
			}
			p.sc.Steps[p.lastStep].ZH = st.Val
		}
		st.Step = p.lastStep
	case "ask", "ask.zh", "choice", "choice.zh":
		if err := p.ask(kw, t, &st); err != nil {
			return st, err
		}
	case "let":
		if err := p.let(kw, t); err != nil {
			return st, err
		}
	default:
		return st, p.errAt(kw.col, msg.New("sc.stmt.unknown", statements, kw.text))
	}
	if kw.text != "say.zh" && kw.text != "say" {
		// a say.zh belongs to the say just before it, with nothing between
		p.lastStep = -1
	}
	return st, nil
}

func (p *parser) need(kw token) error {
	if p.sys == nil {
		return p.errAt(kw.col, msg.New("sc.stmt.system", kw.text, msg.List(Systems)))
	}
	return nil
}

func (p *parser) arity(t []token, n int, form string) error {
	if len(t) < n {
		return p.errAt(t[len(t)-1].end, msg.New("action.expected", form))
	}
	if len(t) > n {
		return p.errAt(t[n].col, msg.New("action.extra", form, t[n].text))
	}
	return nil
}

func (p *parser) duration(t token) (time.Duration, error) {
	d, err := ParseDuration(t.text)
	if err != nil {
		return 0, p.errAt(t.col, err)
	}
	return d, nil
}

// MaxDuration bounds every duration in a scenario, so that adding them up
// can never wrap the virtual clock.
const MaxDuration = surface.MaxDuration

// ParseDuration reads 250ms, 10s, 1.5s, 2m or 40us; a unit is required.
func ParseDuration(s string) (time.Duration, error) { return surface.ParseDuration(s) }

var ops = []string{"==", "!=", "<=", ">=", "<", ">"}

func (p *parser) cond(kw token, t []token) (Cond, error) {
	if len(t) < 3 {
		col := kw.end + 1
		if len(t) > 0 {
			col = t[len(t)-1].end
		}
		return Cond{}, p.errAt(col, msg.New("sc.cond.expected"))
	}
	if len(t) > 3 {
		return Cond{}, p.errAt(t[3].col, msg.New("sc.cond.extra", t[3].text))
	}
	if err := p.sys.checkPath(t[0].text); err != nil {
		return Cond{}, p.errAt(t[0].col, err)
	}
	ok := false
	for _, o := range ops {
		ok = ok || t[1].text == o
	}
	if !ok || t[1].quoted {
		return Cond{}, p.errAt(t[1].col, msg.New("sc.cond.op", t[1].text))
	}
	if t[1].text != "==" && t[1].text != "!=" {
		if _, err := strconv.ParseFloat(t[2].text, 64); err != nil {
			return Cond{}, p.errAt(t[2].col, msg.New("sc.cond.number", t[1].text, t[2].text))
		}
	}
	return Cond{Path: t[0].text, Op: t[1].text, Value: t[2].text}, nil
}

// holds evaluates got OP want: numerically when both are numbers.
func holds(got, op, want string) bool {
	g, e1 := strconv.ParseFloat(got, 64)
	w, e2 := strconv.ParseFloat(want, 64)
	if e1 == nil && e2 == nil {
		switch op {
		case "==":
			return g == w
		case "!=":
			return g != w
		case "<":
			return g < w
		case "<=":
			return g <= w
		case ">":
			return g > w
		case ">=":
			return g >= w
		}
	}
	switch op {
	case "==":
		return got == want
	case "!=":
		return got != want
	}
	return false
}

func quoteIfNeeded(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\"#") {
		return strconv.Quote(s)
	}
	return s
}
