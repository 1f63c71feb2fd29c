package scenario

import (
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
	"brokerlab/core/statepath"
	"brokerlab/core/surface"
)

// The engine: one reading of every system's surface table (core/surface).
// A table's settings, actions and paths are checked here, the same way
// for every system, with "did you mean" for a misspelt name.

// tableSystem is `use NAME` for a system's table.
type tableSystem[C, I any] struct {
	t     *surface.Table[C, I]
	cfg   C
	forms []form
}

// useTable registers a system's table under its name.
func useTable[C, I any](t *surface.Table[C, I]) {
	register(t.Name, func() system { return newSystem0(t) })
	surfaces[t.Name] = describe(t)
}

var formCache sync.Map // *surface.Table → []form

// newSystem0 is a system of table t with its default configuration.
func newSystem0[C, I any](t *surface.Table[C, I]) *tableSystem[C, I] {
	forms, ok := formCache.Load(t)
	if !ok {
		forms, _ = formCache.LoadOrStore(t, compileForms(t))
	}
	return &tableSystem[C, I]{t: t, cfg: t.Default(), forms: forms.([]form)}
}

// keys are a table's setting keys, in its order.
func keys[C, I any](t *surface.Table[C, I]) []string {
	out := make([]string, len(t.Settings))
	for i, r := range t.Settings {
		out[i] = r.Key
	}
	return out
}

func (s *tableSystem[C, I]) set(key, val string) error {
	for _, r := range s.t.Settings {
		if r.Key == key {
			return r.Value.Set(&s.cfg, key, "", val)
		}
		if pre, ok := r.Family(); ok && strings.HasPrefix(key, pre) {
			name, names := key[len(pre):], r.Value.Names()
			if !slices.Contains(names, name) {
				what := r.Key[len(pre):] // EVENT: an event; API stays an API
				if len(what) > 3 {
					what = strings.ToLower(what)
				}
				return keyError{&msg.Error{Code: "setting.member", Args: []any{key, what, name, msg.List(names)}, Hint: surface.Nearest(name, names)}}
			}
			return r.Value.Set(&s.cfg, key, name, val)
		}
	}
	ks := keys(s.t)
	return keyError{&msg.Error{Code: "setting.unknown", Args: []any{key, s.t.Name, msg.List(ks)}, Hint: surface.Nearest(key, ks)}}
}

// validator is a configuration that checks its settings together
// (group.max.session.timeout.ms against group.min.session.timeout.ms,
// heartbeat.interval.ms against session.timeout.ms, …), as the system's
// Start does.
type validator interface{ Validate() error }

func (s *tableSystem[C, I]) validate() error {
	if v, ok := any(s.cfg).(validator); ok {
		return v.Validate()
	}
	return nil
}

// form is an action form compiled: its words up to the first option, and
// its options.
type form struct {
	row   int
	text  string
	words []string // literal words and placeholders (upper-case first)
	opts  []string // option keys, in order
	need  []string // the required ones
	flags []string
	rest  bool // [k=v…]: the remaining words are free fields
}

func placeholder(w string) bool {
	r := []rune(w)
	return len(r) > 0 && unicode.IsUpper(r[0])
}

func compileForms[C, I any](t *surface.Table[C, I]) []form {
	out := make([]form, len(t.Actions))
	for i, a := range t.Actions {
		f := form{row: i, text: a.Form}
		for _, w := range strings.Fields(a.Form) {
			inner, optional := strings.CutPrefix(w, "[")
			inner = strings.TrimSuffix(inner, "]")
			k, _, isOpt := strings.Cut(inner, "=")
			switch {
			case inner == "k=v…":
				f.rest = true
			case isOpt:
				f.opts = append(f.opts, k)
				if !optional {
					f.need = append(f.need, k)
				}
			case optional:
				f.flags = append(f.flags, inner)
			default:
				f.words = append(f.words, w)
			}
		}
		out[i] = f
	}
	return out
}

// verb is the form's literal words: what an action's Verb says.
func (f form) verb() string {
	var lits []string
	for _, w := range f.words {
		if !placeholder(w) {
			lits = append(lits, w)
		}
	}
	return strings.Join(lits, " ")
}

func (s *tableSystem[C, I]) action(t []token) (*Action, *msg.Error) {
	words := make([]surface.Token, len(t))
	for i, x := range t {
		words[i] = surface.Token{Text: x.text, Col: x.col, End: x.end, Quoted: x.quoted}
	}
	end := t[len(t)-1].end
	// The forms whose literal words the action has, so far as it goes.
	var cands []form
	var firsts []string
	bad := 0 // the furthest literal word a form expected and did not get
	for _, f := range s.forms {
		if !slices.Contains(firsts, f.words[0]) {
			firsts = append(firsts, f.words[0])
		}
		ok := true
		for i, w := range f.words {
			if i >= len(t) {
				break
			}
			if !placeholder(w) && (t[i].text != w || t[i].quoted) {
				if i > 0 && t[0].text == f.words[0] {
					bad = max(bad, i)
				}
				ok = false
				break
			}
		}
		if ok {
			cands = append(cands, f)
		}
	}
	if len(cands) == 0 {
		if bad == 0 {
			return nil, &msg.Error{Col: t[0].col, Code: "action.unknown", Args: []any{s.t.Name, msg.List(s.formList(nil)), t[0].text}, Hint: surface.Nearest(t[0].text, firsts)}
		}
		var alts, lits []string
		for _, f := range s.forms {
			if f.words[0] == t[0].text && len(f.words) > bad && !placeholder(f.words[bad]) {
				alts = append(alts, f.text)
				lits = append(lits, f.words[bad])
			}
		}
		return nil, &msg.Error{Col: t[bad].col, Code: "action.form", Args: []any{msg.List(alts), t[bad].text}, Hint: surface.Nearest(t[bad].text, lits)}
	}
	if len(cands) > 1 || len(t) < len(cands[0].words) {
		return nil, msg.At(end, "action.expected", msg.List(s.formList(cands)))
	}
	f := cands[0]
	a := &surface.Args{Form: f.text, Words: words, Opt: map[string]surface.Token{}, Flags: map[string]surface.Token{}}
	for i, w := range f.words {
		if placeholder(w) {
			if t[i].quoted {
				return nil, msg.At(t[i].col, "action.string", f.text)
			}
			a.Pos = append(a.Pos, words[i])
		}
	}
	for _, x := range words[len(f.words):] {
		k, v, isKV := strings.Cut(x.Text, "=")
		switch {
		case f.rest:
			if !isKV || k == "" || v == "" || x.Quoted {
				return nil, msg.At(x.Col, "action.field", x.Text)
			}
			a.Rest = append(a.Rest, x)
		case slices.Contains(f.flags, x.Text) && !x.Quoted:
			a.Flags[x.Text] = x
		case len(f.opts) == 0 && len(f.flags) == 0:
			return nil, msg.At(x.Col, "action.extra", f.text, x.Text)
		case !isKV || k == "" || v == "" || x.Quoted:
			return nil, msg.At(x.Col, "action.option", msg.List(append(slices.Clone(f.opts), f.flags...)), x.Text)
		case !slices.Contains(f.opts, k):
			return nil, &msg.Error{Col: x.Col, Code: "action.option.unknown", Args: []any{k, f.verb(), msg.List(f.opts)}, Hint: surface.Nearest(k, f.opts)}
		default:
			if _, dup := a.Opt[k]; dup {
				return nil, msg.At(x.Col, "action.option.twice", k)
			}
			x.Text = v
			a.Opt[k] = x
		}
	}
	for _, k := range f.need {
		if _, ok := a.Opt[k]; !ok {
			return nil, msg.At(end, "action.option.missing", f.text, k)
		}
	}
	var payload any
	if parse := s.t.Actions[f.row].Parse; parse != nil {
		p, err := parse(&s.cfg, a)
		if err != nil {
			e := asData(err)
			if e.Col == 0 {
				e.Col = t[0].col
			}
			return nil, e
		}
		payload = p
	}
	return &Action{Text: joinTokens(t), Verb: f.verb(), Payload: payload, row: f.row}, nil
}

// formList is the forms of fs (nil: every form), as written.
func (s *tableSystem[C, I]) formList(fs []form) []string {
	if fs == nil {
		fs = s.forms
	}
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.text
	}
	return out
}

// checkPath checks path against the table's patterns, then asks the
// system about its bracketed keys.
func (s *tableSystem[C, I]) checkPath(path string) error {
	shape := statepath.Shape(path)
	head, key, _, err := statepath.Split(path)
	known := err != nil // a malformed path: the system says what is wrong
	shapes := make([]string, len(s.t.Paths))
	for i, p := range s.t.Paths {
		shapes[i] = statepath.Shape(p)
		h, k, _, _ := statepath.Split(p)
		// a known name with a known key: the system says which fields it has
		known = known || shapes[i] == shape || key != "" && k != "" && h == head
	}
	if !known {
		e := &msg.Error{Code: "path.unknown", Args: []any{path, msg.List(s.t.Paths)}}
		if i := slices.Index(shapes, surface.Nearest(shape, shapes)); i >= 0 {
			e.Hint = s.t.Paths[i]
		}
		return e
	}
	return s.t.Check(path)
}

func (s *tableSystem[C, I]) start(sm *sim.Sim) (instance, error) {
	i, err := s.t.Start(sm, s.cfg)
	if err != nil {
		return nil, err
	}
	return tableInstance[C, I]{i: i, t: s.t}, nil
}

type tableInstance[C, I any] struct {
	i I
	t *surface.Table[C, I]
}

func (x tableInstance[C, I]) do(at time.Duration, a *Action) {
	x.t.Actions[a.row].Do(x.i, at, a.Text, a.Payload)
}

func (x tableInstance[C, I]) get(path string) (string, error) { return x.t.Get(x.i, path) }

// finisher is a running system with something to refuse when a run is
// over (an action that only the whole run shows to be for nothing, such
// as the cluster's lose response R for an R never sent).
type finisher interface{ Finish() }

func (x tableInstance[C, I]) finish() {
	if f, ok := any(x.i).(finisher); ok {
		f.Finish()
	}
}
