// Package frontier counts the knight's tours of boards up to MaxRows
// squares wide by a frontier (transfer-matrix) dynamic program.
package frontier
