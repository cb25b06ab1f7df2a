#!/bin/sh
# counters.sh: the table of issue 21's "counters are a function of the
# instance": runs each case below with --workers 1, 2, 3 and 8, pinned to
# one CPU (taskset -c 0, no --workers) and with GOMAXPROCS=8 (no
# --workers), and prints a Markdown row per case: the algorithm the
# record names, its status, solutions, and nodes / updates / checks on
# each (one figure when all six agree, which is the rule; "DIFFERS" and
# every figure when not).
#
#   scripts/counters.sh [COVERKIT]      (default: coverkit on the PATH)
#
# Run it from the repository's root (the dlx cases read testdata/).
# Needs jq; taskset where there is one.
set -eu
ck=${1:-coverkit}
cases='queens count 8
queens count 10
queens count 12
queens count 12 --algo backtrack
queens count 12 --algo dlx
queens count 12 --algo memo
queens count 12 --algo iterative
queens count 12 --algo permutation
queens count 13 --algo join
queens count 12 --algo coronal
queens count 15 --algo coronal
queens count 12 --unique
queens solve 8 --algo dlx
queens solve 11 --algo dlx
queens solve 30
queens solve 20 --algo bitwise
knight count 5
knight count 3x4
knight count 4x5
knight count 6 --closed
knight count 5 --algo backtrack
dlx count testdata/dlx/langford-8.dlx
dlx count testdata/dlx/knuth7.dlx
dlx count testdata/dlx/pentomino-3x20.dlx
dlx count testdata/dlx/pentomino-3x20.dlx --algo memo
dlx solve testdata/dlx/pentomino-3x20.dlx --limit 5
langford count 7
langford count 8
langford count 11
langford solve 11
latin count 4
latin count 5
latin count 6
latin count 5 --method direct
latin solve 6
polyomino count --board 3x20
polyomino count --board 4x15
polyomino count --board 6x10
polyomino count --board 8x8 --pieces domino
polyomino solve --board 6x10
pieces count queen 6 4
pieces count king 6 9
pieces count rook 5 5
pieces count queen 6 --task max
pieces count king 6 9 --algo dlx
pieces solve queen 8 8 --algo dlx
sudoku count ...............4
sudoku count .................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...
sudoku count 123456.............................. --box 2x3
sudoku count ...............4 --algo dlx'
rec() { # how args...
	how=$1
	shift
	case $how in
	tset) if command -v taskset >/dev/null 2>&1; then taskset -c 0 "$ck" "$@" --stats; else "$ck" "$@" --stats; fi ;;
	max8) GOMAXPROCS=8 "$ck" "$@" --stats ;;
	*) "$ck" "$@" --workers "$how" --stats ;;
	esac 2>&1 >/dev/null | grep '^{' | tail -1 |
		jq -r '[.algorithm, .status, (.solutions|tostring), ((.nodes//0|tostring) + " / " + (.updates//0|tostring) + " / " + (.checks//0|tostring))] | @tsv'
}
echo "| command | algorithm | status | solutions | nodes / updates / checks on 1, 2, 3, 8 workers, taskset -c 0, GOMAXPROCS=8 |"
echo "|---|---|---|---:|---|"
echo "$cases" | while read -r line; do
	# shellcheck disable=SC2086
	set -- $line
	all=""
	for how in 1 2 3 8 tset max8; do
		all="$all$(rec "$how" "$@")
"
	done
	first=$(echo "$all" | head -1)
	alg=$(echo "$first" | cut -f1)
	st=$(echo "$first" | cut -f2)
	sol=$(echo "$first" | cut -f3)
	if [ "$(echo "$all" | grep -v '^$' | sort -u | wc -l)" = 1 ]; then
		work=$(echo "$first" | cut -f4)
	else
		work="DIFFERS: $(echo "$all" | grep -v '^$' | cut -f2,3,4 | tr '\t\n' ' ;')"
	fi
	echo "| \`$line\` | $alg | $st | $sol | $work |"
done
