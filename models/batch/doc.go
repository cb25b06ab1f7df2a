// Package batch is the one batch loop: a model whose instance input is
// many instances, one a record (sudoku: a puzzle a line, or a block of
// lines), declares the batch capability in its descriptor
// (models.Model.Batch, a models.Batch), and Run answers every record of
// such an input in input order, on several goroutines if asked, marking
// the records that are no instance and going on; Load holds a whole batch
// in memory as one Instance, for comparing algorithms (package bench);
// report.BatchWriter writes the answers. The coverkit command's
// `sudoku solve` and a Go program run the same loop, give the same
// answers and write the same records.
//
// A stop (ctx) ends the reading at once, also a read that waits for
// input: the records read and not yet answered are answered Timeout, and
// the Summary says that the rest of the input was not read.
package batch
