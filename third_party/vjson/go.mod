module github.com/vugu/vjson
