// Package conformance holds upstream's own tests ported to .lab scenarios:
// each *.lab file names, on its first line, the upstream repository, file
// and TestClass.testMethod at the reference tag (Kafka 2.5.0, ZooKeeper
// 3.5.9, Spring for Apache Kafka 2.5.17) and asserts with expect lines what
// that test asserts. `go test ./conformance/` runs every case; diverges/
// holds cases the simulation fails, each listed in README.md, not run.
package conformance
