//go:build js && wasm

package main

import (
	"encoding/binary"
	"errors"
	"math"

	"github.com/hack-pad/safejs"

	"brokerlab/ui/stage"
)

// drawer sends a Scene to static/stage.js: the structure as JSON only when
// its key changes, the motion every frame as float32s in one typed array,
// so a moving frame costs two calls into JavaScript (copy, draw) whatever
// the stage holds, and a still one none.
type drawer struct {
	js     safejs.Value
	logKey string       // the event log rows last sent
	buf    safejs.Value // stage.js's typed array, asked for again only to grow
	room   int          // how many numbers buf holds
	key    string
	nums   []byte
	moved  string // the last frame's numbers, to skip identical frames
	spec   []byte // the structure's JSON, its buffer reused
}

func newDrawer() *drawer {
	v, _ := safejs.Global().Get("brokerlabStage")
	return &drawer{js: v}
}

const perNode = 5

func (d *drawer) draw(sc stage.Scene, key string) error {
	if d.js.IsUndefined() {
		return errors.New("stage.js is not loaded")
	}
	n := len(sc.Nodes)
	if cap(d.nums) < n*perNode*4 {
		d.nums = make([]byte, n*perNode*4)
	}
	d.nums = d.nums[:n*perNode*4]
	for i, nd := range sc.Nodes {
		for j, f := range [perNode]float64{nd.X, nd.Y, nd.Alpha, nd.X2, nd.Y2} {
			binary.LittleEndian.PutUint32(d.nums[(i*perNode+j)*4:], math.Float32bits(float32(f)))
		}
	}
	if key == d.key && string(d.nums) == d.moved {
		return nil // nothing moved: a paused stage costs no JavaScript at all
	}
	if n*perNode > d.room {
		buf, err := d.js.Call("buffer", n*perNode)
		if err != nil {
			return err
		}
		d.buf, d.room = buf, n*perNode
	}
	// An empty scene (the lesson list) has no numbers to copy, and on a page
	// opened at the list stage.js's array was never asked for: d.buf is
	// still the zero Value, which CopyBytesToJS refuses even for no bytes.
	if len(d.nums) > 0 {
		if _, err := safejs.CopyBytesToJS(d.buf, d.nums); err != nil {
			return err
		}
	}
	var err error
	var spec any // null: the structure is unchanged
	if key != d.key {
		if spec, err = d.structure(sc); err != nil {
			return err
		}
	}
	ok, err := d.js.Call("draw", spec, n)
	if err != nil {
		return err
	}
	if done, _ := ok.Bool(); !done {
		// The <svg> was replaced (or never built): send the structure.
		if spec == nil {
			if spec, err = d.structure(sc); err != nil {
				return err
			}
		}
		if _, err := d.js.Call("draw", spec, n); err != nil {
			return err
		}
	}
	d.key, d.moved = key, string(d.nums)
	return nil
}

// structure is the scene's nodes as JSON ("[]" for none, which clears
// the stage).
func (d *drawer) structure(sc stage.Scene) (string, error) {
	var err error
	d.spec, err = sc.AppendStructure(d.spec[:0])
	return string(d.spec), err
}

// drawLog sends the event log's rows when they changed: one call into
// JavaScript per change, none while the position stands still. key "" means
// nothing to send this frame.
func (d *drawer) drawLog(rows, key string) error {
	if key == "" || key == d.logKey || d.js.IsUndefined() {
		return nil
	}
	ok, err := d.js.Call("log", rows)
	if err != nil {
		return err
	}
	if placed, _ := ok.Bool(); placed {
		d.logKey = key
	}
	return nil
}

// relog puts the log rows back if a Vugu render replaced their <tbody>.
func relog() {
	if js, err := safejs.Global().Get("brokerlabStage"); err == nil && !js.IsUndefined() {
		_, _ = js.Call("relog")
	}
}
