package msg

import (
	"fmt"
	"testing"
	"time"
)

// appendf writes what fmt.Sprintf writes with the words worded first,
// on the fast path and on every way off it.
func TestAppendfIsFmt(t *testing.T) {
	type named string
	n := Notef("size %d/%d", 3, 8)
	cases := []struct {
		format string
		args   []any
	}{
		{"size %d", []any{7}},
		{"size %d/%d", []any{-3, 500}},
		{"%s: refused, %s", []any{"kill 1", New("duration", "x")}},
		{"memberId %q, protocols %s, because %s", []any{"c-1", List{"range", "roundrobin"}, n}},
		{"%s | timeout %s", []any{"a | b", "5s"}},
		{"%v and %v", []any{int64(-9), uint8(200)}},
		{"%d %d %d %d %d %d %d %d %d", []any{int8(1), int16(2), int32(3), uint(4), uint16(5), uint32(6), uint64(7), 8, int64(9)}},
		{"%[2]s 的 %[1]d 条记录过期：距批次创建已过 %[3]d ms", []any{3, "t-0", 120}},
		{"%[1]d %d %[1]d", []any{1, 2}},
		{"100%% of %s", []any{"it"}},
		{"notes %s", []any{NoteList{n, Literal("signal")}}},
		{"quoted %q", []any{n}},
		// fmt's: flags, widths, other verbs and types, bad indexes, missing and extra arguments.
		{"%5d|%-4s|%x|%g", []any{3, "ab", 255, 1.5}},
		{"%s", []any{7}},
		{"%d", []any{"seven"}},
		{"%q", []any{65}},
		{"%s", []any{named("stable")}},
		{"%s", []any{time.Second}},
		{"%v", []any{true}},
		{"%v", []any{nil}},
		{"%s %s", []any{"one"}},
		{"%s", []any{"one", "two"}},
		{"%[3]s", []any{"one"}},
		{"%[0]s %[x]s", []any{"one"}},
		{"%[2]s", []any{"one", "two"}},
		{"trailing %", []any{"one"}},
		{"%!", []any{"one"}},
	}
	for _, lang := range []string{"en", "zh"} {
		for _, c := range cases {
			want := fmt.Sprintf(c.format, worded(lang, c.args)...)
			if got := string(appendf([]byte("x"), lang, c.format, c.args)); got != "x"+want {
				t.Errorf("%s %q %v: got %q, want %q", lang, c.format, c.args, got, "x"+want)
			}
		}
	}
	if got := string(appendf(nil, "en", "100%% %d", nil)); got != "100%% %d" {
		t.Errorf("a format without arguments is its own text: got %q", got)
	}
}

func BenchmarkNoteString(b *testing.B) {
	n := Notef("generation %d, member %s, leader %s, protocol %s", 12, "c-1-0001", "c-1-0001", "range")
	for b.Loop() {
		_ = n.String()
	}
}
