package conformance

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"brokerlab/core/scenario"
)

// header is the first line of every case: repository@tag, the test file's
// path in it and TestClass.testMethod.
var header = regexp.MustCompile(`^# upstream: (apache/kafka@2\.5\.0|apache/zookeeper@release-3\.5\.9|spring-projects/spring-kafka@v2\.5\.17\.RELEASE) (\S+\.(?:java|scala)) ([A-Za-z0-9_]+\.[A-Za-z0-9_]+)$`)

// The floor the suite must keep: cases, and distinct upstream tests.
const minCases, minTests = 40, 30

type labCase struct {
	file, src, test string
}

func load(t *testing.T, glob string) []labCase {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	var cs []labCase
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		first, _, _ := strings.Cut(src, "\n")
		m := header.FindStringSubmatch(first)
		if m == nil {
			t.Errorf("%s:1: want \"# upstream: <repo>@<tag> <path> <TestClass.testMethod>\", got %q", f, first)
			continue
		}
		if base := strings.TrimSuffix(filepath.Base(m[2]), filepath.Ext(m[2])); !strings.HasPrefix(m[3], base+".") {
			t.Errorf("%s:1: test %s is not in %s", f, m[3], m[2])
		}
		cs = append(cs, labCase{f, src, m[1] + " " + m[3]})
	}
	return cs
}

// Every case runs and every expect line in it holds.
func TestConformance(t *testing.T) {
	cs := load(t, "*.lab")
	tests := map[string]bool{}
	for _, c := range cs {
		tests[c.test] = true
		t.Run(strings.TrimSuffix(c.file, ".lab"), func(t *testing.T) {
			sc, err := scenario.Parse(c.file, c.src)
			if err != nil {
				t.Fatal(err)
			}
			res := scenario.Run(sc, scenario.Options{})
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			if res.Panic != "" {
				t.Fatal(res.Panic)
			}
			for _, f := range res.Failures {
				t.Errorf("%s:%d: %s", c.file, f.Line, f.Msg)
			}
		})
	}
	if len(cs) < minCases || len(tests) < minTests {
		t.Errorf("got %d cases citing %d distinct upstream tests, want at least %d and %d", len(cs), len(tests), minCases, minTests)
	}
}

// A case the simulation fails sits in diverges/, with its header, and is
// listed by file name in README.md with what upstream and the simulation
// do; it still parses, so it stays a runnable report.
func TestDivergencesListed(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range load(t, filepath.Join("diverges", "*.lab")) {
		if !strings.Contains(string(readme), c.file) {
			t.Errorf("%s is not listed in README.md", c.file)
		}
		if _, err := scenario.Parse(c.file, c.src); err != nil {
			t.Error(err)
		}
	}
}
