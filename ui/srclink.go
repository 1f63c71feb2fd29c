package ui

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"io"
	"strings"

	"brokerlab/core/msg"
	"brokerlab/core/scenario"
)

// An edited scenario travels in the link's src= parameter: the text,
// deflated, in unpadded base64url (which needs no escaping in a URL).
// Lesson 01, the longest, is about 13 KB of text and 7 KB in a link.

// MaxSrcLink bounds src= in a link: links are pasted into chats and
// learning platforms, and some of them cut long URLs.
const MaxSrcLink = 16 << 10

var srcMemo struct{ text, enc string } // Hash runs every frame: encode once

// EncodeSrc is text as src= carries it.
func EncodeSrc(text string) string {
	if srcMemo.text == text && srcMemo.enc != "" {
		return srcMemo.enc
	}
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression) // the level is valid: no error
	_, _ = w.Write([]byte(text))                       // a bytes.Buffer does not fail
	_ = w.Close()
	enc := base64.RawURLEncoding.EncodeToString(b.Bytes())
	srcMemo.text, srcMemo.enc = text, enc
	return enc
}

// SrcFits reports whether a link can carry text as src=, and its size
// there in KB.
func SrcFits(text string) (kb int, ok bool) {
	n := len(EncodeSrc(text))
	return (n + 1023) / 1024, n <= MaxSrcLink
}

// DecodeSrc reads src=.
func DecodeSrc(v string) (string, error) {
	if len(v) > MaxSrcLink {
		return "", msg.New("ui.src.size", (len(v)+1023)/1024, MaxSrcLink/1024)
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(v, "="))
	if err != nil {
		return "", msg.New("ui.src.base64")
	}
	// scenario.MaxSource bounds the inflated text, so a crafted link cannot
	// make the page inflate a bomb.
	out, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), scenario.MaxSource+1))
	if err != nil {
		return "", msg.New("ui.src.inflate")
	}
	// What a file and the editor refuse, in the same words (its size, UTF-8).
	if err := scenario.CheckSource(string(out)); err != nil {
		return "", err
	}
	return string(out), nil
}
