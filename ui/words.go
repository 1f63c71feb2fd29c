package ui

import (
	"strconv"

	"brokerlab/core/msg"
	"brokerlab/core/scenario"
)

// What core says to people reaches the page as data (core/msg): an error
// as its catalog code and arguments, a failure as its trace note's words
// (Failure.Words). The page words them in its language.

// ErrText is an error of core in the page's language; a scenario error
// keeps its file:line:col.
func (a *App) ErrText(err error) string {
	if e, ok := err.(*scenario.Error); ok {
		return e.File + ":" + strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Col) + ": " + a.ErrWords(e.Data)
	}
	return a.ErrWords(err)
}

// ErrWords is err, without a place, in the page's language.
func (a *App) ErrWords(err error) string { return msg.Text(a.Lang, err) }

// failMsg is a failure's message in the page's language.
func (a *App) failMsg(f scenario.Failure) string {
	if f.Words == nil {
		return f.Msg
	}
	return f.Words.Words(a.Lang)
}
