package main

import (
	"context"
	"io"
	"os"
	"testing"
)

func BenchmarkZZCLI(b *testing.B) {
	file := os.Getenv("ZZFILE")
	args := []string{"sudoku", "solve", file, "--format", "json", "--workers", "1"}
	if os.Getenv("ZZDEF") != "" {
		args = args[:5]
	}
	for b.Loop() {
		run(context.Background(), args, newEnv(os.Stdin, io.Discard, io.Discard))
	}
}
