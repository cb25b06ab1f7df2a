package dlx_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/coverkit/coverkit/lines"
	"github.com/stretchr/testify/require"
)

func TestParseAccepts(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		items      int
		primary    int
		options    int
	}{
		{"plain", "a b\na\nb\n", 2, 2, 2},
		{"crlf and bom", "\xef\xbb\xbfa b | x\r\na x:1\r\n\r\nb\r\n", 3, 2, 2},
		{"trailing spaces and tabs", "a\tb  \t\n a  b \n", 2, 2, 1},
		{"comments anywhere", "| head\na b\n| mid\na b\n   | indented\n", 2, 2, 1},
		{"no final newline", "a b\na b", 2, 2, 1},
		{"bar glued to names", "a b|x y\na x\n", 4, 2, 1},
		{"empty secondary list", "a b |\na b\n", 2, 2, 1},
		{"unicode names", "é ☃ | ω\né ☃ ω:красный\n", 3, 2, 1},
		{"multiplicities", "2:3|a 2|b c 0:1|d | x\na b\n", 5, 4, 1},
		{"multiplicity then glued bar", "2|a b|x\na b\n", 3, 2, 1},
		{"digit names without bar", "1 2 | 3\n1 2\n", 3, 2, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := dlx.Parse(strings.NewReader(tc.text))
			require.NoError(t, err)
			require.Equal(t, tc.items, p.NumItems())
			require.Equal(t, tc.primary, p.NumPrimary())
			require.Equal(t, tc.options, p.NumOptions())
		})
	}
}

func TestParseErrors(t *testing.T) {
	long := "a " + strings.Repeat("b", dlx.MaxLineLength) + "\n"
	for _, tc := range []struct {
		name, text string
		line       int
		msg        string
	}{
		{"empty", "", 1, "no item line"},
		{"comments only", "| x\n\n| y\n", 3, "no item line"},
		{"duplicate item", "a b | a\n", 1, `duplicate item "a"`},
		{"unknown item", "a b\na\n\nc\n", 4, `unknown item "c"`},
		{"item twice", "a b | x\nx a x\n", 2, `item "x" twice`},
		{"colored primary", "a | x\na:1\n", 2, `color on primary item "a"`},
		{"empty color", "a | x\na x:\n", 2, "empty name"},
		{"two colons", "a | x\na x:1:2\n", 2, "contains"},
		{"two bars", "a | b | c\n", 1, "more than one '|'"},
		{"bar in option", "a b\na |b\n", 2, `"|" in an option`},
		{"control character", "a \x01b\n", 1, "non-printable"},
		{"invalid utf-8", "a \xffb\n", 1, "non-printable"},
		{"no primary", " | x y\n", 1, "no item line"},
		{"over-long line", "a b\n" + long, 2, "line too long"},
		{"zero upper bound", "0|a b\n", 1, "upper bound 0 is not positive"},
		{"lower above upper", "a 3:2|b\n", 1, "lower bound 3 exceeds upper bound 2"},
		{"bound too large", "99999999999999999999|a\n", 1, "exceeds"},
		{"bound without name", "a 2|\n", 1, "empty name"},
		{"bounds on a secondary item", "a | 2|x\n", 1, "more than one '|'"},
		{"bad bound", "2:|a\n", 1, `name "2:" contains ':'`},
		{"colon in bound name", "1:2|a:b\n", 1, "contains ':'"},
		{"duplicate bounded item", "a 2|a\n", 1, `duplicate item "a"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := dlx.Parse(strings.NewReader(tc.text))
			require.Error(t, err)
			var pe *lines.Error
			require.True(t, errors.As(err, &pe), "%T", err)
			require.Equal(t, tc.line, pe.Line, err.Error())
			require.Contains(t, err.Error(), tc.msg)
			require.True(t, strings.HasPrefix(err.Error(), "dlx: line "), err.Error())
		})
	}
}

func TestNoPrimaryOptionWarns(t *testing.T) {
	p, err := dlx.Parse(strings.NewReader("a | x y\nx y:1\na x\n"))
	require.NoError(t, err)
	require.Len(t, p.Warnings(), 1)
	w := p.Warnings()[0]
	require.Equal(t, 2, w.Line)
	require.Equal(t, 0, w.Option)
	require.Equal(t, "dlx: line 2: option has no primary item and can never be chosen", w.String())
	sols, _ := all(t, p, dlx.Options{})
	require.Equal(t, [][]int{{1}}, sols, "the option keeps its number and is never chosen")
}

func TestParseBounds(t *testing.T) {
	p, err := dlx.Parse(strings.NewReader("2:3|a 2|b c 0:1|d | x\na b\n"))
	require.NoError(t, err)
	for i, want := range [][2]int{{2, 3}, {2, 2}, {1, 1}, {0, 1}, {0, 1}} {
		lo, hi := p.Bounds(i)
		require.Equal(t, want, [2]int{lo, hi}, p.ItemName(i))
	}
	require.True(t, p.HasBounds())
	require.False(t, parse(t, gen.Knuth7).HasBounds())
	require.False(t, parse(t, "1|a\na\n").HasBounds(), "1|a is a plain item")
}

func TestWriteRoundTrip(t *testing.T) {
	for _, text := range []string{gen.Knuth7, gen.KnuthXCC, gen.Langford(4), gen.Queens(5, true), gen.Knuth3, gen.Domination('K', 3, 2)} {
		p := parse(t, text)
		var b bytes.Buffer
		require.NoError(t, dlx.Write(&b, p))
		q := parse(t, b.String())
		var c bytes.Buffer
		require.NoError(t, dlx.Write(&c, q))
		require.Equal(t, b.String(), c.String())
		require.Equal(t, p.NumOptions(), q.NumOptions())
		for k := range p.NumOptions() {
			require.Equal(t, p.OptionString(k), q.OptionString(k))
		}
	}
}

func TestBuildErrors(t *testing.T) {
	p := dlx.New()
	_, err := p.AddPrimary("a")
	require.NoError(t, err)
	_, err = p.AddPrimary("a")
	require.ErrorContains(t, err, "duplicate")
	_, err = p.AddSecondary("x:y")
	require.Error(t, err)
	_, err = p.AddSecondary("x")
	require.NoError(t, err)
	_, err = p.AddOption("a", "zz")
	require.ErrorContains(t, err, "unknown item")
	_, err = p.AddOption("a:red")
	require.ErrorContains(t, err, "color on primary")
	_, err = p.AddOptionIndex([]int{0, 5}, nil)
	require.ErrorContains(t, err, "out of range")
	_, err = p.AddOptionIndex([]int{0, 0}, nil)
	require.ErrorContains(t, err, "twice")
	_, err = p.AddOptionIndex([]int{0, 1}, []int{0, 9})
	require.ErrorContains(t, err, "color id")
	require.Zero(t, p.NumOptions(), "failed adds leave no option behind")
	k, err := p.AddOption("a", "x:red")
	require.NoError(t, err)
	require.Equal(t, "a x:red", p.OptionString(k))
	require.Error(t, p.Verify([]int{0, 0}))
	require.Error(t, p.Verify([]int{3}))
	require.NoError(t, p.Verify([]int{0}))
	require.ErrorContains(t, p.Verify(nil), "not covered")

	_, err = p.AddPrimaryBounds("b", 2, 1)
	require.ErrorContains(t, err, "exceeds upper bound")
	_, err = p.AddPrimaryBounds("b", 0, 0)
	require.ErrorContains(t, err, "not positive")
	_, err = p.AddPrimaryBounds("b", -1, 1)
	require.ErrorContains(t, err, "negative")
	_, err = p.AddPrimaryBounds("b", 1, dlx.MaxBound+1)
	require.ErrorContains(t, err, "exceeds")
	require.ErrorContains(t, p.SetBounds(1, 0, 1), "secondary")
	require.ErrorContains(t, p.SetBounds(7, 0, 1), "out of range")
	require.ErrorContains(t, p.SetBounds(-1, 0, 1), "out of range")
}

func TestVerifyBounds(t *testing.T) {
	p := parse(t, "2:3|a b | x\na\na b\na x\na x\nb\n")
	for _, tc := range []struct {
		name string
		sol  []int
		msg  string
	}{
		{"twice", []int{0, 1}, ""},
		{"three times", []int{0, 1, 2}, ""},
		{"once", []int{1}, `primary item "a" covered 1 times, fewer than 2`},
		{"four times", []int{0, 1, 2, 3}, `primary item "a" covered more than 3 times`},
		{"b twice", []int{0, 1, 4}, `primary item "b" covered more than once`},
		{"x twice", []int{0, 2, 3, 4}, `secondary item "x" covered by incompatible options`},
		{"b missing", []int{0, 2}, `primary item "b" not covered`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := p.Verify(tc.sol)
			if tc.msg == "" {
				require.NoError(t, err)
			} else {
				require.ErrorContains(t, err, tc.msg)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{gen.Knuth7, gen.KnuthXCC, "a b | x\r\na x:1\n", "\xef\xbb\xbf| c\na\na\n", "a|b|c", "a:b\n", gen.Knuth3, "2:3|a 0:1|b | x\na b x\na\n", "1:9|a 2|b\na b\nb\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := dlx.Parse(strings.NewReader(text))
		if err != nil {
			var pe *lines.Error
			if !errors.As(err, &pe) || pe.Line < 1 || !strings.HasPrefix(err.Error(), "dlx: line ") {
				t.Fatalf("error without a line number: %v", err)
			}
			return
		}
		// Whatever parses, writes back, re-parses the same and solves
		// without panicking; every solution verifies.
		var b bytes.Buffer
		if err := dlx.Write(&b, p); err != nil {
			t.Fatal(err)
		}
		q, err := dlx.Parse(&b)
		if err != nil || q.NumOptions() != p.NumOptions() || q.NumItems() != p.NumItems() {
			t.Fatalf("round trip: %v", err)
		}
		// ParseWithText reads the same problem and keeps each option's
		// line as written.
		pt, err := dlx.ParseWithText(strings.NewReader(text))
		if err != nil || pt.NumOptions() != p.NumOptions() {
			t.Fatalf("ParseWithText: %v", err)
		}
		for k := range pt.NumOptions() {
			if pt.OptionText(k) == "" {
				t.Fatalf("option %d has no text", k+1)
			}
		}
		s, err := dlx.NewSolver(p)
		if err != nil {
			t.Fatal(err)
		}
		s.Solve(t.Context(), &dlx.Options{MaxNodes: 10000, Visit: func(sol []int) bool {
			if err := p.Verify(sol); err != nil {
				t.Fatalf("invalid solution %v: %v", sol, err)
			}
			return true
		}})
	})
}

// TestParseStreams checks issue 12 item 6: a huge input line is refused
// after reading about MaxLineLength bytes, not the whole input (a 600 MB
// one-line file took 17 s and 1.3 GB before).
func TestParseStreams(t *testing.T) {
	for _, parse := range []func(io.Reader) (*dlx.Problem, error){dlx.Parse, dlx.ParseWithText} {
		src := &endless{limit: 600 << 20}
		_, err := parse(src)
		require.ErrorContains(t, err, "dlx: line 1: line too long")
		require.ErrorIs(t, err, lines.ErrTooLong)
		require.Less(t, src.read, int64(2*dlx.MaxLineLength))
	}
}

func TestOptionText(t *testing.T) {
	p, err := dlx.ParseWithText(strings.NewReader("\ufeffa b | x\r\n| comment\na\tx:1  \r\nb\n"))
	require.NoError(t, err)
	require.Equal(t, "a\tx:1", p.OptionText(0))
	require.Equal(t, "b", p.OptionText(1))
	q, err := dlx.Parse(strings.NewReader("a b | x\na\tx:1\nb\n"))
	require.NoError(t, err)
	require.Equal(t, q.OptionString(0), q.OptionText(0), "without text, OptionText is OptionString")
}

// endless is a reader of limit bytes of 'a' with no newline.
type endless struct{ read, limit int64 }

func (e *endless) Read(p []byte) (int, error) {
	if e.read >= e.limit {
		return 0, io.EOF
	}
	for i := range p {
		p[i] = 'a'
	}
	e.read += int64(len(p))
	return len(p), nil
}
