// Package statepath splits the state paths every system answers, such as
// "zookeeper.conn[c1].state", into the part before the brackets, the key
// inside them and the rest. One piece of code for every system's paths.go.
package statepath

import (
	"strings"

	"brokerlab/core/msg"
)

// Split returns head, key and tail of p ("zookeeper.conn", "c1", ".state");
// a path without brackets is all head. The error (core/msg) says what is
// malformed; callers wrap it in their own unknown-path error.
func Split(p string) (head, key, tail string, err error) {
	i := strings.IndexByte(p, '[')
	if i < 0 {
		return p, "", "", nil
	}
	j := strings.IndexByte(p[i:], ']')
	if j < 0 {
		return "", "", "", msg.New("path.bracket")
	}
	if j == 1 {
		return "", "", "", msg.New("path.brackets")
	}
	return p[:i], p[i+1 : i+j], p[i+j+1:], nil
}

// Shape is p with every bracketed key left out ("zookeeper.conn[].state"):
// the paths of one pattern have one shape.
func Shape(p string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(p, '[')
		j := strings.IndexByte(p[max(i, 0):], ']')
		if i < 0 || j < 0 {
			b.WriteString(p)
			return b.String()
		}
		b.WriteString(p[:i+1] + "]")
		p = p[i+j+1:]
	}
}
