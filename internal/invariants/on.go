//go:build invariants

package invariants

// Enabled is true: built with -tags invariants.
const Enabled = true
