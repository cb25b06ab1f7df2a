package models_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	_ "github.com/coverkit/coverkit/models/all"
	"github.com/coverkit/coverkit/report"
)

// A model is found by name; it builds an instance from command-line
// arguments, picks the algorithm for the request and describes the result
// in the one record every front end writes.
func ExampleLookup() {
	m, err := models.Lookup("knight")
	if err != nil {
		panic(err)
	}
	p, err := m.Instance.New(models.Request{Args: []string{"5"}})
	if err != nil {
		panic(err)
	}
	opts := &core.Options{Mode: core.ModeCount, Workers: 1}
	alg, err := m.Pick("", p, opts) // the model's default counter
	if err != nil {
		panic(err)
	}
	res, err := alg.Run(context.Background(), p, opts)
	if err != nil {
		panic(err)
	}
	rec := report.NewRecord(p, alg.Name, &res, false, 0)
	rec.Elapsed = 0 // timings differ from run to run
	b, _ := json.Marshal(rec)
	fmt.Println(string(b))
	// Output: {"model":"knight","size":"5x5","algorithm":"search","status":"exhausted","partial":false,"solutions":1728,"nodes":10953,"elapsed_seconds":0}
}

// An unknown model's error reminds the caller that models register
// themselves when their package is imported.
func ExampleLookup_unknown() {
	_, err := models.Lookup("sokoban")
	fmt.Println(err != nil)
	// Output: true
}

// Every algorithm says what it can do; Supports checks a request against
// it before anything runs.
func ExampleAlgorithm_Supports() {
	alg, _ := models.LookupAlgorithm("queens", "construct")
	m, _ := models.Lookup("queens")
	p, _ := m.Instance.New(models.Request{Args: []string{"8"}})
	fmt.Println(alg.Caps)
	fmt.Println(alg.Supports(p, &core.Options{Mode: core.ModeCount}))
	// Output:
	// first,unique
	// models: queens algorithm construct cannot count solutions (it can: first,unique)
}
