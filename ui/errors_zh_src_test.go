package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Reading core/scenario's source: where it builds the messages a user
// sees, and which strings its tests feed it.

// sourceMessage is a message template found in the source, and where.
type sourceMessage struct {
	template string
	pos      string
}

// scenarioMessages finds every message core/scenario builds, as the
// template a catalog entry must have: a format string, or a string
// concatenation with %s (%q for strconv.Quote) for what is not literal.
// Messages are built at these places:
//   - fmt.Errorf, fmt.Sprintf and errors.New; p.errf(col, FORMAT, …) and r.fail(st, MSG);
//   - actionErr{col, MSG}, Error{Msg: MSG} and Failure{Msg: MSG};
//   - the last result of functions returning (…, string): tokenize and
//     expand return their message that way;
//   - a variable used as (a part of) a message: each value assigned to it.
//
// A message that only passes another one on (an error's text, "%s") has
// no template of its own.
func scenarioMessages(t *testing.T) []sourceMessage {
	t.Helper()
	files, err := filepath.Glob("../core/scenario/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no core/scenario sources: %v", err)
	}
	files = append(files, "link.go", "srclink.go") // a malformed link's messages
	var out []sourceMessage
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			c := &msgCollector{fset: fset, fn: fn}
			c.walk()
			out = append(out, c.found...)
		}
	}
	return out
}

type msgCollector struct {
	fset  *token.FileSet
	fn    *ast.FuncDecl
	found []sourceMessage
	seen  map[string]bool // variables already resolved
}

func (c *msgCollector) walk() {
	stringResult := false
	if r := c.fn.Type.Results; r != nil && len(r.List) > 0 {
		last := r.List[len(r.List)-1].Type
		n := 0
		for _, f := range r.List {
			n += max(len(f.Names), 1)
		}
		id, ok := last.(*ast.Ident)
		stringResult = ok && id.Name == "string" && n >= 2
	}
	ast.Inspect(c.fn.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return true
		case *ast.CallExpr:
			switch callName(x.Fun) {
			case "fmt.Errorf", "fmt.Sprintf", "errors.New":
				if len(x.Args) > 0 {
					c.message(x.Args[0])
				}
			case ".errf", ".fail":
				if len(x.Args) > 1 {
					c.message(x.Args[1])
				}
			}
		case *ast.CompositeLit:
			switch typeName(x.Type) {
			case "actionErr":
				for i, e := range x.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok && keyName(kv) == "msg" {
						c.message(kv.Value)
					} else if !ok && i == 1 {
						c.message(e)
					}
				}
			case "Error", "Failure":
				for _, e := range x.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok && keyName(kv) == "Msg" {
						c.message(kv.Value)
					}
				}
			}
		case *ast.ReturnStmt:
			if stringResult && len(x.Results) >= 2 {
				c.message(x.Results[len(x.Results)-1])
			}
		}
		return true
	})
}

// message records the template of e, following variables to their values.
func (c *msgCollector) message(e ast.Expr) {
	if id, ok := e.(*ast.Ident); ok {
		c.variable(id.Name)
		return
	}
	if call, ok := e.(*ast.CallExpr); ok {
		switch callName(call.Fun) {
		case "fmt.Errorf", "fmt.Sprintf", "errors.New":
			return // recorded as a call
		}
	}
	tmpl, ok := c.template(e)
	if !ok || tmpl == "" || tmpl == "%s" {
		return
	}
	c.found = append(c.found, sourceMessage{tmpl, c.fset.Position(e.Pos()).String()})
}

// variable records what is assigned to name in the function.
func (c *msgCollector) variable(name string) {
	if c.seen[name] {
		return
	}
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	c.seen[name] = true
	ast.Inspect(c.fn.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name == name {
				c.message(as.Rhs[i])
			}
		}
		return true
	})
}

// template is the format e stands for: a literal's text, or a
// concatenation's with %s for each part that is not literal. ok is false
// when e is no literal at all (an error passed on).
func (c *msgCollector) template(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			s, err := strconv.Unquote(x.Value)
			return s, err == nil
		}
	case *ast.ParenExpr:
		return c.template(x.X)
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		a, ok1 := c.template(x.X)
		b, ok2 := c.template(x.Y)
		if !ok1 && !ok2 {
			return "", false
		}
		return c.part(x.X, a, ok1) + c.part(x.Y, b, ok2), true
	case *ast.CallExpr:
		if name := callName(x.Fun); (name == "fmt.Sprintf" || name == "fmt.Errorf") && len(x.Args) > 0 {
			return c.template(x.Args[0])
		}
	}
	return "", false
}

func (c *msgCollector) part(e ast.Expr, s string, literal bool) string {
	if literal {
		return s
	}
	if id, ok := e.(*ast.Ident); ok {
		c.variable(id.Name) // a message built in parts: note, msg
	}
	if call, ok := e.(*ast.CallExpr); ok && callName(call.Fun) == "strconv.Quote" {
		return "%q"
	}
	return "%s"
}

func callName(f ast.Expr) string {
	sel, ok := f.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if id, ok := sel.X.(*ast.Ident); ok && (id.Name == "fmt" || id.Name == "errors" || id.Name == "strconv") {
		return id.Name + "." + sel.Sel.Name
	}
	return "." + sel.Sel.Name
}

func typeName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	}
	return ""
}

func keyName(kv *ast.KeyValueExpr) string {
	id, _ := kv.Key.(*ast.Ident)
	if id == nil {
		return ""
	}
	return id.Name
}
