package apitest

import (
	"io"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"sync"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
)

// described derives the harness's entries for the exported methods of
// every registered model's problem type from the registry (the problem of
// the descriptor's first sample, Model.SampleRequest), keyed as table is,
// and registers the sample as a plausible value of its type: a model whose
// exported API is its problem type needs no line of its own in table (an
// entry there wins over a derived one).
var described = sync.OnceValue(func() map[string]entry {
	root, err := filepath.Abs("../..") // before TestHarness moves to a temporary directory
	if err != nil {
		panic(err)
	}
	out := map[string]entry{}
	for _, m := range models.Models() {
		if len(m.Instance.Samples) == 0 {
			continue
		}
		sample := func() (core.Problem, error) {
			req, err := m.SampleRequest(m.Instance.Samples[0])
			if err != nil {
				return nil, err
			}
			req.Open = func(name string) (io.ReadCloser, error) { return os.Open(filepath.Join(root, name)) }
			return m.Instance.New(req)
		}
		p, err := sample()
		if err != nil || p == nil {
			continue
		}
		t := reflect.TypeOf(p)
		if t.Kind() != reflect.Pointer || t.Elem().Name() == "" {
			continue
		}
		if len(valid[t]) == 0 {
			valid[t] = append(valid[t], func() any { return must(sample()) })
		}
		pkg, name := path.Base(t.Elem().PkgPath()), t.Elem().Name()
		for i := range t.NumMethod() {
			meth := t.Method(i)
			if byValue, ok := t.Elem().MethodByName(meth.Name); ok {
				out[pkg+"."+name+"."+meth.Name] = entry{fn: byValue.Func.Interface()}
			} else {
				out[pkg+".(*"+name+")."+meth.Name] = entry{fn: meth.Func.Interface()}
			}
		}
	}
	return out
})

// entries are the harness's entries: table's, then the derived ones
// (described) that table does not list.
func entries() map[string]entry {
	out := map[string]entry{}
	for k, e := range described() {
		out[k] = e
	}
	for k, e := range table {
		out[k] = e
	}
	return out
}
