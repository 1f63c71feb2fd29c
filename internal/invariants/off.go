//go:build !invariants

package invariants

// Enabled is false: built without -tags invariants.
const Enabled = false
