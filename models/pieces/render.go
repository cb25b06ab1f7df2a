package pieces

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/coverkit/coverkit/core"
)

// MaxSVGCells bounds the boards Render draws as SVG.
const MaxSVGCells = 1 << 16

// Formats are the formats Render accepts, the default first.
// "text" is the board, under the name every model's text format has.
var Formats = []string{"text", "board", "coords", "svg", "json"}

// Render writes sol in format "board" (or ""): the board row by row, '.'
// empty, 'P' a pawn, the piece's letter (Q R B N K A C H S, X for a custom
// piece) a piece; boards of more dimensions as 2-D layers, each after a
// comment line "# layer i,j" with the 1-based leading coordinates. "coords":
// one line of the pieces' 1-based coordinates ("1,2 3,4"), and a second
// line "pawns 4,5 ..." when there are pawns. "json": one JSON value,
// {"pieces":[[r,c],...],"pawns":[...]}, without a newline. "svg": a drawing of the board (layers side by side).
func (p *Problem) Render(w io.Writer, sol core.Solution, format string) error {
	if w == nil {
		return errors.New("pieces: nil writer")
	}
	if err := p.check(); err != nil {
		return err
	}
	if len(sol) != p.Board.Cells() {
		return fmt.Errorf("pieces: render: %d cells for the %s board", len(sol), &p.Board)
	}
	switch format {
	case "", "text", "board":
		return p.writeBoard(w, sol)
	case "coords":
		return p.writeCoords(w, sol)
	case "json":
		pieces, pawns := p.Placement(sol)
		out := struct {
			Pieces [][]int `json:"pieces"`
			Pawns  [][]int `json:"pawns,omitempty"`
		}{nonNil(pieces), pawns}
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	case "svg":
		if len(sol) > MaxSVGCells {
			return fmt.Errorf("pieces: an svg of %d squares is too large (at most %d)", len(sol), MaxSVGCells)
		}
		return p.writeSVG(w, sol)
	}
	return fmt.Errorf("pieces: unknown format %q (%s)", format, strings.Join(Formats, ", "))
}

// layers returns the number of 2-D layers, their rows and columns.
func (p *Problem) layers() (count, rows, cols int) {
	d := p.Board.Dims
	rows, cols = d[len(d)-2], d[len(d)-1]
	return p.Board.Cells() / (rows * cols), rows, cols
}

func (p *Problem) writeBoard(w io.Writer, sol core.Solution) error {
	bw := bufio.NewWriter(w)
	nl, rows, cols := p.layers()
	sym := p.symbol()
	line := make([]byte, cols+1)
	line[cols] = '\n'
	for l := range nl {
		if nl > 1 {
			if l > 0 {
				bw.WriteByte('\n')
			}
			c := p.coords1(l * rows * cols)
			fmt.Fprintf(bw, "# layer %s\n", joinInts(c[:len(c)-2], ","))
		}
		for r := range rows {
			for c := range cols {
				switch sol[(l*rows+r)*cols+c] {
				case 1:
					line[c] = sym
				case 2:
					line[c] = 'P'
				default:
					line[c] = '.'
				}
			}
			bw.Write(line)
		}
	}
	return bw.Flush()
}

func joinInts(v []int, sep string) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, sep)
}

func (p *Problem) writeCoords(w io.Writer, sol core.Solution) error {
	pieces, pawns := p.Placement(sol)
	var b strings.Builder
	for i, c := range pieces {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(joinInts(c, ","))
	}
	b.WriteByte('\n')
	if len(pawns) > 0 {
		b.WriteString("pawns")
		for _, c := range pawns {
			b.WriteByte(' ')
			b.WriteString(joinInts(c, ","))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSVG draws the board: light and dark squares, each piece a dark disc
// with its letter, each pawn a pawn silhouette; layers side by side.
func (p *Problem) writeSVG(w io.Writer, sol core.Solution) error {
	const sq, gap = 40, 20
	nl, rows, cols := p.layers()
	width := nl*cols*sq + (nl-1)*gap
	height := rows * sq
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", width, height, width, height)
	sym := string(p.symbol())
	for l := range nl {
		x0 := l * (cols*sq + gap)
		for r := range rows {
			for c := range cols {
				fill := "#f0d9b5"
				if (r+c)%2 == 1 {
					fill = "#b58863"
				}
				x, y := x0+c*sq, r*sq
				fmt.Fprintf(bw, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x, y, sq, sq, fill)
				switch sol[(l*rows+r)*cols+c] {
				case 1:
					fmt.Fprintf(bw, `<circle cx="%d" cy="%d" r="%d" fill="#222" stroke="#fff" stroke-width="2"/>`+"\n", x+sq/2, y+sq/2, sq*2/5)
					fmt.Fprintf(bw, `<text x="%d" y="%d" font-family="sans-serif" font-size="%d" font-weight="bold" fill="#fff" text-anchor="middle">%s</text>`+"\n", x+sq/2, y+sq/2+sq/5-2, sq/2, sym)
				case 2:
					fmt.Fprintf(bw, `<g class="pawn" fill="#fff" stroke="#000" stroke-width="1.5"><circle cx="%d" cy="%d" r="%d"/><path d="M%d %d L%d %d L%d %d Z"/></g>`+"\n",
						x+sq/2, y+sq*3/10, sq/8, x+sq/4, y+sq*17/20, x+sq*3/4, y+sq*17/20, x+sq/2, y+sq*2/5)
				}
			}
		}
		fmt.Fprintf(bw, `<rect x="%d" y="0" width="%d" height="%d" fill="none" stroke="#000"/>`+"\n", x0, cols*sq, rows*sq)
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}
