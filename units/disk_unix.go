//go:build unix

package units

import (
	"path/filepath"
	"syscall"
)

// freeDisk returns the bytes an unprivileged process may still write on
// the file system that holds path's directory, and whether it could tell.
func freeDisk(path string) (uint64, bool) {
	var fs syscall.Statfs_t
	if syscall.Statfs(filepath.Dir(path), &fs) != nil {
		return 0, false
	}
	return uint64(fs.Bavail) * uint64(fs.Bsize), true
}
