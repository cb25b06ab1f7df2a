// Package exactcover is coverkit's model of plain generalized exact cover:
// an instance in the text format of Knuth's dlx1/dlx2 (primary, secondary
// and colored items; docs/formats.md), solved by the dlx engine. It
// registers the model "dlx" and its algorithm "dlx", so that `coverkit dlx
// FILE` solves, counts, verifies and compares instances like every other
// model.
//
// A solution is the chosen options' 0-based indices in increasing order;
// it is written as the options' input lines (text) or as their 1-based
// numbers (json, under the key "options").
package exactcover
