package resource_test

import (
	"testing"

	"github.com/coverkit/coverkit/resource"
)

// BenchmarkAvailable measures reading the three limits.
func BenchmarkAvailable(b *testing.B) {
	for b.Loop() {
		resource.Available()
	}
}

// BenchmarkCheckSmall measures Check of an allocation below SmallBytes,
// which reads no limit.
func BenchmarkCheckSmall(b *testing.B) {
	for b.Loop() {
		_ = resource.Check("x", 1<<20)
	}
}
