package units

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// CheckLabels checks the labels of s against a registry of models, where
// Merge has checked them against each other only. algorithms returns the
// algorithms of a model whose count splits (ok false when there is no
// such model: models.SplitAlgorithms); nil checks nothing. The model must
// be one whose count splits, the decomposition one of its own (every
// registered model names its decompositions after itself,
// "queens-coronal/1"), and the algorithm one of the model's. So lines
// relabelled alike (another model) do not merge under a label their
// instance hash does not vouch for. The size is a label of the instance
// hash, which cannot be inverted: lines with different sizes do not
// merge, and an edit of every line alike is not seen here.
func (s *Summary) CheckLabels(algorithms func(model string) (names []string, ok bool)) error {
	if s == nil {
		return fmt.Errorf("%w: no summary to check", ErrMerge)
	}
	if algorithms == nil {
		return nil
	}
	names, ok := algorithms(s.Model)
	if !ok {
		return fmt.Errorf("units: merge: the lines are of model %s, which has no split count in this coverkit (coverkit models lists them)", quoteLabel(s.Model))
	}
	if !strings.HasPrefix(s.Decomposition, s.Model+"-") {
		return fmt.Errorf("units: merge: the lines' decomposition %s is not one of model %s's (they are named %s-…)", quoteLabel(s.Decomposition), s.Model, s.Model)
	}
	for _, n := range names {
		if n == s.Algorithm {
			return nil
		}
	}
	return fmt.Errorf("units: merge: the lines' algorithm %s is not one of model %s's", quoteLabel(s.Algorithm), s.Model)
}

// quoteLabel quotes a label read from a file when it holds anything but
// printable text, as merge's own output writes it.
func quoteLabel(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return s
	}
	return strconv.Quote(s)
}
