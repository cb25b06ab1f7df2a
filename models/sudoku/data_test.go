package sudoku

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// The puzzle sets of the tests and benchmarks (docs/benchmarks.md, "Data
// sets", says where each comes from):
//
//   - 17clue.txt and top1465.txt in ../shared/data/sudoku, beside the
//     repository;
//   - the hard sets puzzles5_forum_hardest_1905_11+ (48,765 puzzles rated
//     11 and above) and puzzles6_forum_hardest_1106 (375), from tdoku's
//     data.zip, in the directory named by $COVERKIT_SUDOKU_DATA (looked up
//     there first for every set) or in ../shared/data/sudoku;
//   - "multi", 10,000 puzzles with two solutions or more, made from 17clue
//     by Loosen with seed 1 (multiSeed, multiCount): shipped as the
//     generator, not as a file.
//
// A test without its data skips; a benchmark without its data also says so
// on standard output, so that `go test -bench` shows it without -v.

const (
	hardSet    = "puzzles5_forum_hardest_1905_11+"
	hard375Set = "puzzles6_forum_hardest_1106"
	multiSet   = "multi"
	multiSeed  = 1
	multiCount = 10000
)

// dataFile returns the path of a puzzle set, or "" when it is absent.
func dataFile(name string) string {
	var dirs []string
	if d := os.Getenv("COVERKIT_SUDOKU_DATA"); d != "" {
		dirs = append(dirs, d)
	}
	if _, file, _, ok := runtime.Caller(0); ok {
		dirs = append(dirs, filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "data", "sudoku"))
	}
	for _, d := range dirs {
		p := filepath.Join(d, name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// skipNoData skips t because the set name is absent; a benchmark also
// prints why, where `go test -bench` shows it without -v.
func skipNoData(t testing.TB, name string) {
	t.Helper()
	msg := fmt.Sprintf("puzzle set %s is absent: put it in $COVERKIT_SUDOKU_DATA or ../shared/data/sudoku (docs/benchmarks.md, \"Data sets\")", name)
	if _, ok := t.(*testing.B); ok {
		fmt.Printf("%s: skipped: %s\n", t.Name(), msg)
	}
	t.Skip(msg)
}

// fastSharedFile returns the path of a puzzle set, skipping the test when
// it is absent.
func fastSharedFile(t testing.TB, name string) string {
	t.Helper()
	p := dataFile(name)
	if p == "" {
		skipNoData(t, name)
	}
	return p
}

// fastLoad reads a puzzle set: one 81-character puzzle per line, '#'
// comments and blank lines skipped, CRLF and a UTF-8 BOM tolerated; "multi"
// is made from 17clue.txt (multiPuzzles).
func fastLoad(t testing.TB, name string) [][81]uint8 {
	t.Helper()
	if name == multiSet {
		return multiPuzzles(t)
	}
	file, err := os.Open(fastSharedFile(t, name))
	require.NoError(t, err)
	defer file.Close()
	var out [][81]uint8
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		line := bytes.TrimPrefix(sc.Bytes(), []byte("\uFEFF"))
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		out = append(out, *fastGrid(t, string(line)))
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out)
	return out
}

var multiOnce struct {
	sync.Once
	puzzles [][81]uint8
	err     error
}

// multiPuzzles returns the many-solution set: Loosen over 17clue.txt with
// seed multiSeed, the first multiCount puzzles (made once per process).
func multiPuzzles(t testing.TB) [][81]uint8 {
	t.Helper()
	path := fastSharedFile(t, "17clue.txt")
	multiOnce.Do(func() {
		f, err := os.Open(path)
		if err != nil {
			multiOnce.err = err
			return
		}
		defer f.Close()
		_, _, multiOnce.err = Loosen(context.Background(), f, LoosenOptions{Seed: multiSeed, Count: multiCount}, func(p *Puzzle) error {
			multiOnce.puzzles = append(multiOnce.puzzles, [81]uint8(p.Givens))
			return nil
		})
	})
	require.NoError(t, multiOnce.err)
	require.Len(t, multiOnce.puzzles, multiCount)
	return multiOnce.puzzles
}
