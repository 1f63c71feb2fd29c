package ui

// WhatIf injects user actions and settings at the current moment.
type WhatIf struct {
	A *App
}
