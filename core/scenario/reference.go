package scenario

import (
	"strings"
)

// Reference is docs/REFERENCE.md: every system's settings, actions and
// state paths, written from their tables (`make docs`; a test fails when
// the file is stale).
func Reference() string {
	var b strings.Builder
	b.WriteString("# Scenario reference\n\n")
	b.WriteString("Generated from each system's surface table (`core/<system>/surface.go`) by `make docs`;\n")
	b.WriteString("do not edit: `go test ./core/scenario` fails when this file is stale. The statements\n")
	b.WriteString("(`seed`, `use`, `set`, `at`, `run`, `expect`, …) are in docs/LESSONS.md.\n\n")
	b.WriteString("In a form, a lower-case word is written as is, an upper-case one is a value (C a client or\n")
	b.WriteString("connection name, P a partition, D a duration, N a number), `k=V` is a required option and\n")
	b.WriteString("`[k=V]` an optional one. A setting key ending in an upper-case word is one setting per name.\n")
	b.WriteString("A setting marked *what-if* may be changed from the page (a link's `set=`).\n")
	for _, s := range Surfaces() {
		b.WriteString("\n## " + s.Name + "\n\n" + s.Doc + ".\n\n### Settings\n\n")
		b.WriteString("| key | value | default | what | upstream |\n|---|---|---|---|---|\n")
		for _, r := range s.Settings {
			doc := r.Doc
			if r.WhatIf {
				doc += " (*what-if*)"
			}
			b.WriteString("| `" + r.Key + "` | " + cell(r.Kind) + " | " + code(r.Default) + " | " + cell(doc) + " | " + cell(r.Upstream) + " |\n")
		}
		b.WriteString("\n### Actions\n\n| form | what |\n|---|---|\n")
		for _, a := range s.Actions {
			b.WriteString("| `" + cell(a.Form) + "` | " + cell(a.Doc) + " |\n")
		}
		b.WriteString("\n### State paths\n\n")
		for i, p := range s.Paths {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("`" + p + "`")
		}
		b.WriteString("\n")
	}
	return b.String()
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func code(s string) string {
	if s == "" {
		return ""
	}
	return "`" + cell(s) + "`"
}
