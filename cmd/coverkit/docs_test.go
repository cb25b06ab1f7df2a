package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docExample is one `$ coverkit ...` command of a document with the output
// the document shows for it.
type docExample struct {
	line int
	cmd  string
	want []string
}

// needBash skips a test whose commands are bash command lines where
// there is no bash (Windows, a machine without it).
func needBash(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the commands are bash command lines")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
}

// repoDocs returns the repository's root and its documents, README.md
// first, then docs/*.md.
func repoDocs(t *testing.T) (root string, docs []string) {
	t.Helper()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	docs, err = filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	return root, append([]string{filepath.Join(root, "README.md")}, docs...)
}

// docExamples reads the fenced blocks of a Markdown file whose lines start
// with "$ coverkit": each such line is a command, the lines after it, up to
// the next command or the end of the block, its output. Blocks are
// returned in order, each a list of examples run in one directory.
func docExamples(t *testing.T, path string) [][]docExample {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var blocks [][]docExample
	var cur []docExample
	in, skip, cont := false, false, false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```"):
			if in && len(cur) > 0 {
				blocks = append(blocks, cur)
			}
			in, cur, skip, cont = !in, nil, false, false
		case !in:
		case cont:
			// A command continued from the line before.
			if !skip {
				cur[len(cur)-1].cmd = strings.TrimSuffix(cur[len(cur)-1].cmd, "\\") + " " + strings.TrimSpace(line)
			}
			cont = strings.HasSuffix(line, "\\")
		case strings.HasPrefix(line, "$ "):
			// A command; only those that run coverkit are checked.
			skip = !strings.Contains(line, "coverkit ")
			cont = strings.HasSuffix(line, "\\")
			if !skip {
				cur = append(cur, docExample{line: n, cmd: strings.TrimPrefix(line, "$ ")})
			}
		case len(cur) > 0 && !skip:
			cur[len(cur)-1].want = append(cur[len(cur)-1].want, line)
		}
	}
	require.NoError(t, sc.Err())
	return blocks
}

var (
	// docFloat matches what varies from run to run: timings and rates.
	docFloat = regexp.MustCompile(`[0-9]+\.[0-9]+(e[-+]?[0-9]+)?`)
	// docSpaces collapses the padding of tables, whose widths follow the
	// timings.
	docSpaces = regexp.MustCompile(`[ \t]+`)
)

// docNormalize makes output comparable across runs and machines: floats
// become F, runs of blanks one space, the machine line "machine: M".
func docNormalize(s string) string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if strings.HasPrefix(l, "machine: ") {
			l = "machine: M"
		}
		out = append(out, strings.TrimSpace(docSpaces.ReplaceAllString(docFloat.ReplaceAllString(l, "F"), " ")))
	}
	return strings.Join(out, "\n")
}

// docPattern turns a document's expected output into a regular expression:
// "..." stands for any text within a line, a line of only "..." for any
// lines.
func docPattern(want []string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`\A`)
	for i, l := range strings.Split(docNormalize(strings.Join(want, "\n")), "\n") {
		if l == "..." {
			b.WriteString(`(?:[^\n]*\n?)*`)
			continue
		}
		if i > 0 {
			b.WriteString(`\n`)
		}
		parts := strings.Split(l, "...")
		for j, p := range parts {
			if j > 0 {
				b.WriteString(`[^\n]*`)
			}
			b.WriteString(regexp.QuoteMeta(p))
		}
	}
	b.WriteString(`\n?\z`)
	return regexp.MustCompile(b.String())
}

// TestDocExamples runs every `$ coverkit ...` example of README.md and
// docs/*.md through bash, in a directory where testdata/ is the
// repository's, and compares its output (stdout and stderr) with the
// document's, ignoring timings. A document cannot go stale without this
// test failing.
func TestDocExamples(t *testing.T) {
	needBash(t)
	root, docs := repoDocs(t)
	for _, path := range docs {
		doc, err := filepath.Rel(root, path)
		require.NoError(t, err)
		for _, block := range docExamples(t, filepath.Join(root, doc)) {
			// Blocks run side by side; the commands of a block in order,
			// in one directory (a block may write a file and read it).
			t.Run(fmt.Sprintf("%s:%d", doc, block[0].line), func(t *testing.T) {
				t.Parallel()
				runDocBlock(t, root, doc, block)
			})
		}
	}
}

// runDocBlock runs the examples of one block in a new directory whose
// testdata/ is the repository's.
func runDocBlock(t *testing.T, root, doc string, block []docExample) {
	dir := t.TempDir()
	require.NoError(t, os.Symlink(filepath.Join(root, "testdata"), filepath.Join(dir, "testdata")))
	for _, ex := range block {
		t.Run(fmt.Sprintf("%s:%d", doc, ex.line), func(t *testing.T) {
			if testing.Short() && strings.Contains(ex.cmd, "compare") {
				t.Skip("compare examples run in the full suite")
			}
			for _, tool := range []string{"jq", "head", "grep"} {
				if strings.Contains(ex.cmd, "| "+tool+" ") {
					if _, err := exec.LookPath(tool); err != nil {
						t.Skipf("%s is not installed", tool)
					}
				}
			}
			cmd := exec.Command("bash", "-o", "pipefail", "-c", "( "+ex.cmd+" ) 2>&1")
			cmd.Dir = dir
			out, err := cmd.Output()
			if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() <= exitPartial {
				err = nil // exit 1 and 3 are documented answers too
			}
			require.NoError(t, err, "%s\n%s", ex.cmd, out)
			require.Regexp(t, docPattern(ex.want), docNormalize(string(out)), "%s:%d: %s", doc, ex.line, ex.cmd)
		})
	}
}

// docBlock is a fenced block of a Markdown file: its info string (the
// language after the fence), its first line's number, its lines, and the
// reason of a `<!-- not run: REASON -->` line just above it.
type docBlock struct {
	tag, notRun string
	line        int
	lines       []string
}

// docBlocks reads every fenced block of a Markdown file.
func docBlocks(t *testing.T, path string) []docBlock {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	notRun := regexp.MustCompile(`^<!-- not run: (.*\S)\s*-->$`)
	var blocks []docBlock
	var cur *docBlock
	last := "" // the last non-blank line outside a block
	for i, line := range strings.Split(string(b), "\n") {
		fence := strings.HasPrefix(strings.TrimLeft(line, " "), "```") // a list item's block is indented
		switch {
		case cur == nil && fence:
			cur = &docBlock{tag: strings.TrimSpace(strings.TrimLeft(line, " ")[3:]), line: i + 1}
			if m := notRun.FindStringSubmatch(last); m != nil {
				cur.notRun = m[1]
			}
		case cur != nil && fence:
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, line)
		case strings.TrimSpace(line) != "":
			last = strings.TrimSpace(line)
		}
	}
	return blocks
}

// docTags are the info strings of blocks that are no commands: a
// synopsis or some output (text), code (go), data (json, dlx, yaml).
var docTags = []string{"text", "go", "json", "dlx", "yaml"}

// TestDocCommands checks every fenced block of README.md and docs/*.md
// (issue 31: docs that cannot drift): a block of `$ coverkit` examples is
// TestDocExamples's; a block of shell commands is tagged `sh` and runs
// here, line after line in one bash (set -e, pipefail), in a new directory
// where testdata/ is the repository's, and must succeed — unless a line
// `<!-- not run: REASON -->` just above it gives the reason it cannot (a
// cluster, hours of counting); every other block says what it is (text,
// go, json, dlx, yaml). An untagged block that holds no example fails.
func TestDocCommands(t *testing.T) {
	needBash(t)
	root, docs := repoDocs(t)
	for _, path := range docs {
		doc, err := filepath.Rel(root, path)
		require.NoError(t, err)
		for _, b := range docBlocks(t, path) {
			where := fmt.Sprintf("%s:%d", doc, b.line)
			examples := slices.ContainsFunc(b.lines, func(l string) bool { return strings.HasPrefix(l, "$ ") })
			switch {
			case examples:
				require.Empty(t, b.tag, "%s: a block of $ examples has no tag", where)
				continue
			case b.tag == "sh" && b.notRun != "":
				continue // the reason is beside it
			case b.tag == "sh":
			case b.notRun != "":
				assert.Failf(t, "not run", "%s: only a sh block is marked not run", where)
				continue
			default:
				assert.Contains(t, docTags, b.tag, "%s: a block is `$ coverkit` examples, sh commands (run, or "+
					"<!-- not run: REASON --> above it) or tagged %v", where, docTags)
				continue
			}
			t.Run(where, func(t *testing.T) {
				t.Parallel()
				script := strings.Join(b.lines, "\n")
				if testing.Short() && strings.Contains(script, " compare ") {
					t.Skip("compare commands run in the full suite")
				}
				dir := t.TempDir()
				require.NoError(t, os.Symlink(filepath.Join(root, "testdata"), filepath.Join(dir, "testdata")))
				ctx, cancel := context.WithTimeout(context.Background(), helpExampleTimeout)
				defer cancel()
				cmd := exec.CommandContext(ctx, "bash", "-e", "-o", "pipefail", "-c", script)
				cmd.Dir = dir
				out, err := cmd.CombinedOutput()
				require.NoError(t, ctx.Err(), "%s: more than %s", where, helpExampleTimeout)
				require.NoError(t, err, "%s:\n%s\n%s", where, script, out)
			})
		}
	}
}

// TestWorkedExample checks that docs/design.md's worked example is the
// code of a model that compiles and runs (issue 31): every Go block of the
// section "A worked example" is, line for line, in the model's file.
func TestWorkedExample(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(root, "docs", "design.md"))
	require.NoError(t, err)
	_, sec, ok := strings.Cut(string(b), "## A worked example: Langford pairings")
	require.True(t, ok, "docs/design.md has no worked example")
	sec, _, _ = strings.Cut(sec, "\n## ")
	src, err := os.ReadFile(filepath.Join(root, "models", "langford", "langford.go"))
	require.NoError(t, err)
	blocks := 0
	for _, blk := range docBlocks(t, filepath.Join(root, "docs", "design.md")) {
		if blk.tag != "go" || !strings.Contains(sec, strings.Join(blk.lines, "\n")) {
			continue
		}
		blocks++
		var code []string
		for _, l := range blk.lines {
			code = append(code, strings.TrimPrefix(l, "   "))
		}
		require.Contains(t, string(src), strings.Join(code, "\n"), "docs/design.md:%d: the worked example is not models/langford/langford.go's code", blk.line)
	}
	require.NotZero(t, blocks, "the worked example shows no code")
}
