package scenario

import (
	"hash/fnv"
	"strconv"
	"strings"

	"brokerlab/core/msg"
	"brokerlab/core/sim"
)

// Questions graded by the simulation, and variables drawn from the seed.
//
// A step may pose one question, answered by the step's own run:
//
//	say "None of them. …"                      the step whose run reveals the answer
//	say.zh "一个都不会。……"
//	ask "The session expires now. Which of the three will be processed?"
//	ask.zh "此刻会话过期。三个事件中哪些会被处理？"
//	choice "All three" controller.preempted == ""
//	choice.zh "三个都会"
//	choice "None of them" controller.preempted == TopicChange,ControlledShutdown(id=4),ReplicaLeaderElection(partitions=t0-0)
//	choice.zh "一个都不会"
//
// The page stops on the question when the step begins (its text would give
// the answer away), the student picks, plays on, and when the step's run
// completes (at the next say, or the end) every choice's condition is
// evaluated: the choices that hold are right. No answer is stored: a
// what-if or another seed that changes what happens changes which choice
// is right. The grading is a "reveal" trace event and Result.Asks.
//
// let NAME rand A..B draws an integer from the seed (a link's seed=
// included) and $NAME (or ${NAME}) in any later token, strings included,
// is replaced by it, so each seed is a variant of a question: "the queue
// holds $N events". $$ is a dollar sign.

// statements lists the keywords, for errors.
const statements = "seed, use, set, let, at, after, run, say, say.zh, ask, ask.zh, choice, choice.zh, expect"

// MaxChoices bounds a question's choices: a student weighs each one, and
// the page draws each as a button (the lessons ask with three or four).
const MaxChoices = 8

// Ask is a step's question.
type Ask struct {
	Line, Col int
	EN, ZH    string
	Choices   []Choice
}

// Choice is one answer to an Ask, right when Cond holds as the step ends.
type Choice struct {
	Line, Col int
	EN, ZH    string
	Cond      Cond
}

// AskResult is how the simulation answered a step's question.
type AskResult struct {
	Step    int            // the step that asks
	Seq     int            // the "reveal" event's index in the trace
	Choices []ChoiceResult // one for each Choice, in order
}

// ChoiceResult is a choice's condition as the step ended, and as the
// step opened (its say), when the question was put: a choice that already
// held then was answered by the stage before the student was asked.
type ChoiceResult struct {
	Holds bool
	Got   string // the path's value then

	HeldAtOpen bool
	GotAtOpen  string // the path's value as the question opened
}

// Right lists the indices of the choices that held.
func (a AskResult) Right() []int {
	var out []int
	for i, c := range a.Choices {
		if c.Holds {
			out = append(out, i)
		}
	}
	return out
}

// Var is a variable a let line drew.
type Var struct {
	Name, Value string
	Line        int
}

func (p *parser) ask(kw token, t []token, st *Stmt) error {
	st.Step = p.step
	var step *Step
	if p.step >= 0 {
		step = &p.sc.Steps[p.step]
	}
	text := func(form string) (string, error) {
		if len(t) < 2 || !t[1].quoted {
			return "", p.errAt(kw.col, msg.New("action.expected", form))
		}
		return t[1].text, nil
	}
	switch kw.text {
	case "ask":
		if err := p.arity(t, 2, `ask "QUESTION"`); err != nil {
			return err
		}
		q, err := text(`ask "QUESTION"`)
		if err != nil {
			return err
		}
		if step == nil {
			return p.errAt(kw.col, msg.New("sc.ask.step"))
		}
		if step.Ask != nil {
			return p.errAt(kw.col, msg.New("sc.ask.twice", step.Ask.Line))
		}
		step.Ask = &Ask{Line: p.line, Col: kw.col, EN: q}
	case "ask.zh":
		if err := p.arity(t, 2, `ask.zh "问题"`); err != nil {
			return err
		}
		q, err := text(`ask.zh "问题"`)
		if err != nil {
			return err
		}
		if p.prev != "ask" {
			return p.errAt(kw.col, msg.New("sc.ask.zh.order"))
		}
		step.Ask.ZH = q
	case "choice":
		if p.prev != "ask" && p.prev != "ask.zh" && p.prev != "choice" && p.prev != "choice.zh" {
			return p.errAt(kw.col, msg.New("sc.choice.order"))
		}
		if len(step.Ask.Choices) == MaxChoices {
			return p.errAt(kw.col, msg.New("sc.choice.max", MaxChoices, step.Ask.Line))
		}
		label, err := text(`choice "LABEL" PATH OP VALUE`)
		if err != nil {
			return err
		}
		if err := p.need(kw); err != nil { // a choice's path belongs to a system
			return err
		}
		c, err := p.cond(t[1], t[2:])
		if err != nil {
			return err
		}
		step.Ask.Choices = append(step.Ask.Choices, Choice{Line: p.line, Col: kw.col, EN: label, Cond: c})
		st.Cond = c
	case "choice.zh":
		if err := p.arity(t, 2, `choice.zh "选项"`); err != nil {
			return err
		}
		label, err := text(`choice.zh "选项"`)
		if err != nil {
			return err
		}
		if p.prev != "choice" {
			return p.errAt(kw.col, msg.New("sc.choice.zh.order"))
		}
		cs := step.Ask.Choices
		cs[len(cs)-1].ZH = label
	}
	return nil
}

// checkAsks runs once the whole file is read: every question has choices
// to pick from.
func (p *parser) checkAsks() error {
	for _, st := range p.sc.Steps {
		if a := st.Ask; a != nil && len(a.Choices) < 2 {
			return errorAt(p.sc.File, a.Line, a.Col, msg.New("sc.ask.choices"))
		}
	}
	return nil
}

// maxRange bounds let's range, which a lesson shows as a number.
const maxRange = 1_000_000

func (p *parser) let(kw token, t []token) error {
	const form = "let NAME rand A..B"
	if len(t) != 4 || t[2].text != "rand" {
		col := kw.end + 1
		if len(t) > 2 {
			col = t[2].col
		}
		return p.errAt(col, msg.New("action.expected", form))
	}
	name := t[1].text
	if !isIdent(name) || t[1].quoted {
		return p.errAt(t[1].col, msg.New("sc.let.name", name))
	}
	if _, dup := p.vars[name]; dup {
		return p.errAt(t[1].col, msg.New("sc.let.twice", name))
	}
	lo, hi, ok := strings.Cut(t[3].text, "..")
	a, e1 := strconv.Atoi(lo)
	b, e2 := strconv.Atoi(hi)
	if !ok || e1 != nil || e2 != nil || a > b || b-a >= maxRange || a < -maxRange || b > maxRange {
		return p.errAt(t[3].col, msg.New("sc.let.range", maxRange, t[3].text))
	}
	v := strconv.Itoa(a + int(draw(p.sc.Seed, name)%uint64(b-a+1)))
	if p.vars == nil {
		p.vars = map[string]string{}
	}
	p.vars[name] = v
	p.sawLet = true
	p.sc.Vars = append(p.sc.Vars, Var{Name: name, Value: v, Line: p.line})
	return nil
}

// draw is a number from the seed and the variable's name alone, not from
// the run's random source: adding a let to a lesson changes no other draw.
func draw(seed int64, name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	x := h.Sum64() ^ uint64(seed)*0x9e3779b97f4a7c15
	// splitmix64's finalizer spreads neighbouring seeds apart.
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// subst replaces $NAME and ${NAME} in the tokens by the variables' values,
// and ${NAME+K} and ${NAME-K} by a value plus or minus K.
func (p *parser) subst(t []token) error {
	for i := range t {
		if !strings.Contains(t[i].text, "$") {
			continue
		}
		s, err := p.expand(t[i].text)
		if err != nil {
			return p.errAt(t[i].col, err)
		}
		t[i].text = s
	}
	return nil
}

func (p *parser) expand(s string) (string, *msg.Error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			b.WriteByte(s[i])
			continue
		}
		rest := s[i+1:]
		if strings.HasPrefix(rest, "$") {
			b.WriteByte('$')
			i++
			continue
		}
		var name string
		off := 0 // ${NAME+K}, ${NAME-K}
		if strings.HasPrefix(rest, "{") {
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				return "", msg.New("sc.var.unterminated")
			}
			name = rest[1:end]
			if j := strings.IndexAny(name, "+-"); j >= 0 {
				k, err := strconv.Atoi(name[j+1:])
				if err != nil || k < 0 || k > maxRange || !isIdent(name[:j]) {
					return "", msg.New("sc.var.form", maxRange, "${"+name+"}")
				}
				name, off = name[:j], k
				if rest[1+j] == '-' {
					off = -k
				}
			}
			i += end + 1
		} else {
			n := 0
			for n < len(rest) && isIdent(rest[:n+1]) {
				n++
			}
			if n == 0 {
				return "", msg.New("sc.var.dollar")
			}
			name = rest[:n]
			i += n
		}
		v, ok := p.vars[name]
		if !ok {
			return "", msg.New("sc.var.unknown", name, name)
		}
		if off != 0 {
			n, _ := strconv.Atoi(v) // let draws integers
			v = strconv.Itoa(n + off)
		}
		b.WriteString(v)
	}
	return b.String(), nil
}

// open evaluates the question's choices as its step opens, recorded in
// the ChoiceResults reveal makes. It emits nothing: the trace is the same.
func (r *runner) open(k int) error {
	r.atOpen = r.atOpen[:0]
	for _, c := range r.sc.Steps[k].Ask.Choices {
		v, err := r.inst.get(c.Cond.Path)
		if err != nil {
			return errorAt(r.sc.File, c.Line, c.Col, err)
		}
		r.atOpen = append(r.atOpen, ChoiceResult{HeldAtOpen: holds(v, c.Cond.Op, c.Cond.Value), GotAtOpen: v})
	}
	return nil
}

// reveal grades the question of the step whose run just completed: every
// choice's condition now. A question none of whose choices holds is a
// failure of the scenario, like an expect that does not hold.
func (r *runner) reveal() error {
	k := r.asking
	if k < 0 {
		return nil
	}
	r.asking = -1
	ask := r.sc.Steps[k].Ask
	res := AskResult{Step: k, Seq: r.s.Events()}
	var right, labels []string
	var got msg.NoteList // each path's value, once
	seen := map[string]bool{}
	for i, c := range ask.Choices {
		v, err := r.inst.get(c.Cond.Path)
		if err != nil {
			return errorAt(r.sc.File, c.Line, c.Col, err)
		}
		h := holds(v, c.Cond.Op, c.Cond.Value)
		cr := ChoiceResult{Holds: h, Got: v}
		if i < len(r.atOpen) {
			cr.HeldAtOpen, cr.GotAtOpen = r.atOpen[i].HeldAtOpen, r.atOpen[i].GotAtOpen
		}
		res.Choices = append(res.Choices, cr)
		if h {
			right = append(right, strconv.Itoa(i+1))
			labels = append(labels, c.EN)
		}
		if g := msg.Notef("%s is %s", c.Cond.Path, quoteIfNeeded(v)); !seen[g.String()] {
			seen[g.String()] = true
			got = append(got, g)
		}
	}
	e := sim.Event{Kind: sim.Reveal, ID: k, Item: strings.Join(right, ","), Note: strings.Join(labels, "; ")}
	if len(right) == 0 {
		n := msg.Notef("no choice holds: %s", got)
		e.Words, e.Note = n, n.String()
		f := msg.Notef("ask %q: %s", ask.EN, n)
		r.res.Failures = append(r.res.Failures, Failure{Line: ask.Line, Col: ask.Col, Msg: f.String(), Words: f})
	}
	r.s.Emit(e)
	r.res.Asks = append(r.res.Asks, res)
	return nil
}
