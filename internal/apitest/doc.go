// Package apitest holds the library harness of issue 22 and nothing else:
// a test (apitest_test.go) lists every exported function and method of
// every package of the module with go/doc, fails when one has no entry in
// its table, and calls each with nil, zero, negative, huge and mismatched
// arguments, each call under a deadline, failing on any panic or hang.
// Index accessors on a valid value may panic like slice indexing; they say
// so in their doc comment and are marked in the table.
package apitest
