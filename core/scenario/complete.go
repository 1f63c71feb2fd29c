package scenario

import (
	"strings"

	"brokerlab/core/surface"
)

// What the page's editor completes from (ui/complete.go), read from the
// same tables and tokenizer the parser uses.

// Tokens are the words of a scenario line as the parser reads them (a
// double-quoted string is one word, # ends the line); false if the line
// does not tokenize (an unterminated string, a bad escape).
func Tokens(line string) ([]surface.Token, bool) {
	toks, err := tokenize(line)
	if err != nil {
		return nil, false
	}
	out := make([]surface.Token, len(toks))
	for i, t := range toks {
		out[i] = surface.Token{Text: t.text, Col: t.col, End: t.end, Quoted: t.quoted}
	}
	return out, true
}

// Members are the names a family setting of system sys takes
// (controller.eventTime.EVENT: the event types); nil if key is none.
func Members(sys, key string) []string {
	build, ok := builders[sys]
	if !ok {
		return nil
	}
	if s, ok := build().(interface{ members(key string) []string }); ok {
		return s.members(key)
	}
	return nil
}

func (s *tableSystem[C, I]) members(key string) []string {
	for _, r := range s.t.Settings {
		if _, ok := r.Family(); ok && r.Key == key {
			return r.Value.Names()
		}
	}
	return nil
}

// Next is what an action form continues with after the words typed so
// far: its literal words up to its next value or option, and whether the
// form goes on after them; "" when typed does not fit the form or a value
// comes next. Next(nil) is the form's start ("consumer" of
// "consumer C join G topics=T,T").
func (a ActionDoc) Next(typed []string) (string, bool) {
	var words []string
	for _, w := range strings.Fields(a.Form) {
		if strings.ContainsAny(w, "[=") {
			break
		}
		words = append(words, w)
	}
	if len(typed) >= len(words) {
		return "", false
	}
	for i, t := range typed {
		if !placeholder(words[i]) && t != words[i] {
			return "", false
		}
	}
	var lits []string
	for _, w := range words[len(typed):] {
		if placeholder(w) {
			break
		}
		lits = append(lits, w)
	}
	more := len(typed)+len(lits) < len(strings.Fields(a.Form))
	return strings.Join(lits, " "), more
}
