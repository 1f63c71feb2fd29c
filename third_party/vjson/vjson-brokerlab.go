package vjson

// Marshal and Unmarshal are vjson's own encoder and decoder, which upstream
// uses only under TinyGo (vjson-tinygo.go): brokerlab uses them always, so
// that main.wasm does not link encoding/json (README.brokerlab.md).

func Marshal(v interface{}) ([]byte, error) {
	return marshal(v)
}

func Unmarshal(data []byte, v interface{}) error {
	return unmarshal(data, v)
}
