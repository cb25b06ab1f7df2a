// Package report is the one result record of coverkit and every writer of
// results: the Record (the common fields of every model in a fixed order,
// then the model's own), JSON lines, CSV with one header shape
// (model,size,algorithm,… for every model and verb), the text line of a
// count in one shape ("N solutions (F fundamental) for SIZE"), the message
// of a search that found nothing, solution writers and verify reports. A Go
// program writes exactly what the coverkit command writes.
//
// The model's own facts come from its descriptor (models.Model.Fields);
// the package imports models and core only.
package report
