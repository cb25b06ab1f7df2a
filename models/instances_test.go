package models_test

import (
	"context"
	"errors"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

// smallSize reports whether every number in a problem's Size is at most
// 1000 and their product at most 2000, so that running it allocates
// little.
func smallSize(p core.Problem) bool {
	prod := 1
	for _, f := range regexp.MustCompile(`[0-9]+`).FindAllString(p.Size(), -1) {
		v, err := strconv.Atoi(f)
		if err != nil || v > 1000 {
			return false
		}
		if prod *= max(v, 1); prod > 2000 {
			return false
		}
	}
	return true
}

// instanceFrom builds model m's instance the way a front end does: arg as
// every positional argument, param as every parameter's value (a switch
// takes "true" or "false" from it), and content as every input opened.
func instanceFrom(m *models.Model, arg, param, content string) (core.Problem, error) {
	req := models.Request{Params: map[string]string{}}
	for range m.Instance.Args + m.Instance.Optional {
		req.Args = append(req.Args, arg)
	}
	for _, p := range m.Params {
		v := param
		if p.Switch {
			v = strconv.FormatBool(len(param)%2 == 1)
		} else if param == "" {
			v = p.Default
		}
		req.Params[p.Name] = v
	}
	req.Open = func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(content)), nil }
	return m.Instance.New(req)
}

// checkInstance builds an instance from fuzzed arguments for every model
// and, when it is small, runs the model's default algorithm on it under a
// deadline and a node budget: no panic, and a reported solution verifies.
func checkInstance(t *testing.T, arg, param, content string, ran map[string]bool) {
	for _, m := range models.Models() {
		if m.Instance.New == nil {
			continue
		}
		p, err := instanceFrom(m, arg, param, content)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%s: an empty error", m.Name)
			}
			continue
		}
		if p == nil || p.Model() != m.Name {
			t.Fatalf("%s: New(%q, %q) gave %s", m.Name, arg, param, core.Describe(p))
		}
		if !smallSize(p) || ran[m.Name+" "+p.Size()] {
			continue
		}
		ran[m.Name+" "+p.Size()] = true
		o := &core.Options{MaxNodes: 20000}
		alg, err := m.Pick("", p, o)
		if err != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		res, err := alg.Run(ctx, p, o)
		cancel()
		if err != nil {
			if errors.Is(err, resource.ErrWorkers) {
				t.Fatalf("%s: default workers refused: %v", m.Name, err)
			}
			continue
		}
		if res.First != nil {
			if err := p.Verify(res.First); err != nil {
				t.Fatalf("%s %s: the solution does not verify: %v", m.Name, p.Size(), err)
			}
		}
	}
}

// TestRobustnessInstances gives every model's instance builder (the CLI's
// size, square, board and file parsers) a table of bad arguments.
func TestRobustnessInstances(t *testing.T) {
	args := []string{"", "0", "-1", "-5", "1e1_0", "1e99", "99999999999", strconv.Itoa(math.MaxInt), "9223372036854775808",
		"0x0", "-3x4", "1_000_000x1_000_000", "8", "5x6", "6x10", "3", "1,1", "9,9", "x", "\xff", "８", "５x６", " 8 ", "8\n"}
	params := []string{"", "0", "1,1", "0,0", "-1,2", "99,99", "bogus", "2x2", "..#/...", "\xff", "1e9x1e9"}
	contents := []string{"", "\ufeff", "a b\na\nb\n", strings.Repeat("x", 70000), "\x00\x01\x02", "{}", "1 2\n3 4\n"}
	calls, ran := 0, map[string]bool{}
	for _, a := range args {
		for _, c := range contents[:2] {
			checkInstance(t, a, "", c, ran)
			calls++
		}
	}
	for _, p := range params {
		for _, a := range []string{"5", "5x6"} {
			checkInstance(t, a, p, "", ran)
			calls++
		}
	}
	for _, c := range contents {
		checkInstance(t, "-", "", c, ran)
		calls++
	}
	t.Logf("%d argument sets × %d models", calls, len(models.Models()))
}

// FuzzInstances fuzzes every model's instance builder and, for small
// instances, its default algorithm.
func FuzzInstances(f *testing.F) {
	f.Add("8", "", "")
	f.Add("5x6", "1,1", "")
	f.Add("-", "3x4", "a b | x\na x:1\nb\n")
	f.Add("4", "true", "")
	f.Fuzz(func(t *testing.T, arg, param, content string) {
		checkInstance(t, arg, param, content, map[string]bool{})
	})
}

// checkVerify gives every model's solution verifier (its `verify` verb)
// the fuzzed input, with arg as each argument before it: an error or a
// report whose counts add up, never a panic.
func checkVerify(t *testing.T, arg, content string) {
	for _, m := range models.Models() {
		if m.Verify == nil {
			continue
		}
		req := models.Request{Params: map[string]string{}}
		for range m.VerifyArgs {
			req.Args = append(req.Args, arg)
		}
		for _, p := range m.Params {
			req.Params[p.Name] = p.Default
		}
		req.Open = func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(content)), nil }
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		rep, err := m.Verify(ctx, req, strings.NewReader(content))
		cancel()
		if err != nil {
			continue
		}
		if rep == nil {
			t.Fatalf("%s: a nil report without an error", m.Name)
		}
		if rep.Valid+rep.Invalid != rep.Solutions {
			t.Fatalf("%s: %d valid + %d invalid != %d solutions", m.Name, rep.Valid, rep.Invalid, rep.Solutions)
		}
	}
}

// TestRobustnessVerify gives every model's verifier a table of bad inputs.
func TestRobustnessVerify(t *testing.T) {
	for _, c := range []string{"", "\ufeff", "\n\n", "1 2 3\n", "2 4 1 3\n2 4 1 3\r\n", `{"solution":[1]}`, `{"options":[1,2]}`, "{", strings.Repeat("9", 70000), "\x00\xff", "1 6 15 10 21\n"} {
		for _, a := range []string{"-", "4", "a b\na\nb\n"} {
			checkVerify(t, a, c)
		}
	}
}

// FuzzVerify fuzzes every model's solution verifier.
func FuzzVerify(f *testing.F) {
	f.Add("4", "2 4 1 3\n3 1 4 2\n")
	f.Add("-", `{"rows":1,"cols":1,"path":[[1,1]]}`)
	f.Add("-", `{"options":[1]}`)
	f.Fuzz(func(t *testing.T, arg, content string) {
		checkVerify(t, arg, content)
	})
}
