// Package resource is coverkit's one resource policy: how many workers a
// search may start, and how much memory an instance may ask for. Every
// library entry point that takes a worker count or allocates in proportion
// to its input asks this package, so that the same input is refused the
// same way by every model, algorithm and verb.
//
// Workers: Workers(w, listing) is the one worker rule: it turns a requested
// count into the count to start. 0 means the default: one worker for a
// listing of solutions (they then come in a defined order) and
// runtime.GOMAXPROCS(0) for counts, split counts and batches; a count
// given is used as given. A negative count is refused ("must be 0 (the
// default) or more"), and so is a count above Cap() = max(1024, 8 ×
// GOMAXPROCS), naming the cap. The errors wrap ErrWorkers.
//
// Memory: Available() is the least of three limits, each read when asked
// (they change as the process and the machine run): the kernel's
// MemAvailable (what can be allocated without swapping), the cgroup v2
// limit less its current use (memory.max − memory.current, as in a
// container), and the address space left under RLIMIT_AS (ulimit -v) after
// the process's own VmSize. Check(what, need) refuses an allocation of need
// bytes that does not fit, with an error wrapping resource.ErrTooLarge that
// names the bytes needed and the limit that refused it. A size beyond the
// address space (2^47 bytes) is refused on every system, even where the
// limits cannot be read; otherwise, where none can be read, Check lets the
// allocation go ahead.
//
// Allocations up to SmallBytes (64 MiB) are granted without reading the
// limits, which costs some 50–250 µs.
//
// Callers compute need with Bytes, which saturates instead of wrapping, so
// an absurd size (a board of 1<<40 squares) is refused and never wraps
// to a small number.
//
// The package imports only the standard library, so the engines (dlx,
// local) may use it.
package resource
