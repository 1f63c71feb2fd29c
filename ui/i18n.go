package ui

// The classroom features' words. They join the one table T reads (words,
// in view.go) at init, so every string of the chrome, its errors and its
// notices is looked up in one place; they live here only so that the
// lesson stages' words and these can grow side by side.
var webWords = map[string][2]string{
	"updateReady": {"A new version of brokerlab is ready.", "brokerlab 有新版本了。"},
	"reload":      {"Reload", "重新加载"},
}

// A key in both tables keeps words' entry; TestWordsOnce fails on it.
func init() {
	for k, v := range webWords {
		if _, dup := words[k]; !dup {
			words[k] = v
		}
	}
}
