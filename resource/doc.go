// Package resource is coverkit's one resource policy: how many workers a
// search may start, and how much memory an instance may ask for. Every
// library entry point that takes a worker count or allocates in proportion
// to its input asks this package, so that the same input is refused the
// same way by every model, algorithm and verb.
//
// Workers: Workers(w) turns a requested count into the count to start. 0
// means one per CPU; a negative count is refused ("must be 0 (one per
// CPU) or more"), and so is a count above Cap() = max(1024, 8 × NumCPU),
// naming the cap. The errors wrap resource.ErrWorkers (also ErrWorkers
// here).
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
// The package imports only the standard library and the leaf package
// models, so the engines (dlx, local) may use it.
package resource
