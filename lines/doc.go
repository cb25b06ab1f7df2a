// Package lines reads text input line by line the way every coverkit
// parser and verifier wants it, and names what is wrong with a line in one
// error type.
//
// The rules, once for every reader:
//
//   - A UTF-8 byte order mark (EF BB BF) at the start of the input is
//     dropped.
//   - A line ends at '\n'; a '\r' just before it is dropped, so Windows line
//     endings read like Unix ones. The last line need not end in '\n'.
//   - Lines are numbered from 1.
//   - A line longer than the reader's maximum is an error naming its line
//     number (an *Error wrapping ErrTooLong), never a silent cut. The reader
//     never holds more than the maximum plus its 64 KiB buffer, so a
//     600 MB line without a newline is refused after reading just past the
//     maximum, not after reading the whole input.
//
// Error is the located error of every parser: {Line, Msg}, printed
// "line N: msg". Packages add their prefix by wrapping it
// (fmt.Errorf("dlx: %w", err), or Wrap), so a caller can both print
// "dlx: line 12: unknown item \"x9\"" and find the line with errors.As.
//
// The package imports only the standard library, so that the engines (dlx,
// local) may use it.
package lines
