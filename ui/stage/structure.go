package stage

import (
	"errors"
	"math"

	"brokerlab/internal/jsonlite"
)

// ErrNotFinite is a node whose size or text position is not a number JSON
// can write.
var ErrNotFinite = errors.New("stage: a size or text position is NaN or infinite")

// AppendStructure appends the scene's structure, every node's key, class,
// selectability, size and texts, as the JSON stage.js draws: what
// encoding/json writes for sc.Nodes (the json tags of Node and Text),
// except that no nodes are [] (which clears the stage), not null. The drawer sends it whenever the
// structure changes, so it writes into b without reflection.
func (sc Scene) AppendStructure(b []byte) ([]byte, error) {
	finite := true
	num := func(b []byte, name string, f float64) []byte {
		finite = finite && !math.IsNaN(f) && !math.IsInf(f, 0)
		return jsonlite.AppendFloat(append(b, name...), f)
	}
	b = append(b, '[')
	for i, n := range sc.Nodes {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonlite.AppendString(append(b, `{"k":`...), n.Key)
		b = jsonlite.AppendString(append(b, `,"c":`...), n.Class)
		if n.Sel {
			b = append(b, `,"sel":true`...)
		}
		if n.Title != "" {
			b = jsonlite.AppendString(append(b, `,"title":`...), n.Title)
		}
		if n.W != 0 {
			b = num(b, `,"w":`, n.W)
		}
		if n.H != 0 {
			b = num(b, `,"h":`, n.H)
		}
		if len(n.Texts) > 0 {
			b = append(b, `,"t":[`...)
			for j, t := range n.Texts {
				if j > 0 {
					b = append(b, ',')
				}
				b = jsonlite.AppendString(append(b, `{"s":`...), t.S)
				b = num(b, `,"x":`, t.X)
				b = num(b, `,"y":`, t.Y)
				b = num(b, `,"z":`, t.Size)
				if t.Class != "" {
					b = jsonlite.AppendString(append(b, `,"c":`...), t.Class)
				}
				if t.Anchor != "" {
					b = jsonlite.AppendString(append(b, `,"a":`...), t.Anchor)
				}
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		b = append(b, '}')
	}
	b = append(b, ']')
	if !finite {
		return b, ErrNotFinite
	}
	return b, nil
}
