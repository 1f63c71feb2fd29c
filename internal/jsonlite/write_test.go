package jsonlite

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
)

var samples = []string{
	"", "plain", `"quoted" \back\slash/`, "<b>&amp;</b>", "\x00\x01\x1f\x7f",
	"\b\f\n\r\t", "中文 é 😀", "\u2028\u2029", "\xff", "a\xffb\xfe", "\xed\xa0\x80",
	"\xe4\xb8", "\xef\xbf\xbd", "\u2027\u202a", "ProduceRequest(acks=-1) → t-0@3..5",
}

func checkString(t *testing.T, s string) {
	t.Helper()
	want, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if got := AppendString([]byte("x"), s); string(got) != "x"+string(want) {
		t.Errorf("AppendString(%q) = %s, encoding/json writes %s", s, got[1:], want)
	}
}

func TestAppendString(t *testing.T) {
	for _, s := range samples {
		checkString(t, s)
	}
	// Every byte, alone and after a rune, and every rune of the BMP.
	for c := range 256 {
		checkString(t, string([]byte{byte(c)}))
		checkString(t, "é"+string([]byte{byte(c), 'x'}))
	}
	for r := rune(0); r <= 0xFFFF; r++ {
		checkString(t, "x"+string(r))
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range samples {
		f.Add(s)
	}
	f.Fuzz(checkString)
}

func checkFloat(t *testing.T, x float64) {
	t.Helper()
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return // encoding/json refuses them, and so must the callers
	}
	want, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	if got := AppendFloat([]byte("x"), x); string(got) != "x"+string(want) {
		t.Errorf("AppendFloat(%v) = %s, encoding/json writes %s", x, got[1:], want)
	}
}

func TestAppendFloat(t *testing.T) {
	for _, x := range []float64{
		0, math.Copysign(0, -1), 1, -1, 0.5, 123.456, -123.456, 1e20, 1e21, 1e-6, 1e-7, 9.999999e-7,
		999999999999999999999, 1e100, -1e-100, 12345678, 0.1 + 0.2, 318, 54.5, 1320,
		math.MaxFloat64, math.SmallestNonzeroFloat64, math.MaxInt64, 1 << 53, 1e-5, 1.5e-10,
		math.Nextafter(1e21, 0), math.Nextafter(1e-6, 0), math.Nextafter(1e-6, 1),
		1e15, 1e15 - 1, 1e15 + 1, 1<<53 - 1, 1 << 54, 1<<60 + 1<<8,
	} {
		checkFloat(t, x)
		checkFloat(t, -x)
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		checkFloat(t, math.Float64frombits(rnd.Uint64()))                       // any bits
		checkFloat(t, float64(rnd.IntN(200000)-100000)/float64(rnd.IntN(99)+1)) // layout sizes
		checkFloat(t, math.Pow(10, rnd.Float64()*60-30))                        // near the cutoffs
	}
}

func FuzzAppendFloat(f *testing.F) {
	for _, x := range []float64{0, 1e21, 1e-7, 123.456} {
		f.Add(x)
	}
	f.Fuzz(checkFloat)
}
