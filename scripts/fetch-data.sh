#!/bin/sh
# fetch-data.sh: put the sudoku puzzle sets that docs/benchmarks.md uses
# ("Data sets") in one directory, each checked against its pinned SHA-256.
#
#   scripts/fetch-data.sh [DIR]
#
# DIR defaults to $COVERKIT_SUDOKU_DATA, else ~/.cache/coverkit/sudoku.
# Then run the benchmarks with COVERKIT_SUDOKU_DATA=DIR. A set already in
# DIR with the right checksum is kept; one in ../shared/data/sudoku beside
# the repository is copied from there; any other is downloaded (curl or
# wget). Nothing is built or run: these are text files of puzzles.
#
# The checksums are of the files with carriage returns removed (the copy
# of 17clue.txt in ../shared has CRLF line ends, the published one LF; the
# puzzles are the same), and the files are written with LF line ends. A
# file whose checksum differs is refused and left as DIR/NAME.bad.
set -eu

dir=${1:-${COVERKIT_SUDOKU_DATA:-$HOME/.cache/coverkit/sudoku}}
root=$(cd "$(dirname "$0")/.." && pwd)
shared=$root/../shared/data/sudoku
mkdir -p "$dir"

# Published copies: tdoku's data sets (github.com/t-dillon/tdoku, data.zip)
# as committed to github.com/xiej2520/SudukoSolver at the commit below, and
# tdoku's data.zip itself for top1465.
xiej=https://raw.githubusercontent.com/xiej2520/SudukoSolver/1214633a958254bfd67f6f23c1d2f3ca2fbfec38/data
tdoku=https://github.com/t-dillon/tdoku/raw/af42618/data.zip

sha() {
	tr -d '\r' <"$1" | sha256sum | cut -d' ' -f1
}

download() { # url file
	if command -v curl >/dev/null 2>&1; then
		curl -fsSL -o "$2" "$1"
	else
		wget -q -O "$2" "$1"
	fi
}

# fetch NAME SHA256 URL [MEMBER]: MEMBER is the file inside a zip at URL.
fetch() {
	name=$1 want=$2 url=$3 member=${4:-}
	out=$dir/$name
	if [ -f "$out" ] && [ "$(sha "$out")" = "$want" ]; then
		echo "$name: present"
		return 0
	fi
	tmp=$out.part
	if [ -f "$shared/$name" ]; then
		cp "$shared/$name" "$tmp"
		from="$shared/$name"
	elif [ -n "$member" ]; then
		from="$url ($member)"
		if ! download "$url" "$tmp.zip" || ! unzip -p "$tmp.zip" "$member" >"$tmp"; then
			rm -f "$tmp" "$tmp.zip"
			echo "$name: could not fetch $from" >&2
			return 1
		fi
		rm -f "$tmp.zip"
	else
		from=$url
		if ! download "$url" "$tmp"; then
			rm -f "$tmp"
			echo "$name: could not fetch $from" >&2
			return 1
		fi
	fi
	got=$(sha "$tmp")
	if [ "$got" != "$want" ]; then
		mv "$tmp" "$out.bad"
		echo "$name: checksum $got, want $want (from $from): refused, kept as $out.bad" >&2
		return 1
	fi
	tr -d '\r' <"$tmp" >"$out"
	rm -f "$tmp"
	echo "$name: from $from"
}

status=0
fetch 17clue.txt 6b98791a53f51997dea2d1a85dcc7fdd99798c3c6ccfae9c3d57df69b8d8dc16 "$xiej/puzzles2_17_clue" || status=1
fetch top1465.txt ca0369f516dac7dfdd987d2c310ac33dcfc7478db5171bea5bca1f3878758bce "$tdoku" data/puzzles3_magictour_top1465 || status=1
fetch 'puzzles5_forum_hardest_1905_11+' be7502abcdaadc422a2a66311e828d7d0d2aa60b32a1a41957b0da5962bc276e "$xiej/puzzles5_forum_hardest_1905_11%2B" || status=1
fetch puzzles6_forum_hardest_1106 45d0afc5892d6797621d7c00f518df8f1483eceb921416984b8687e16128eb06 "$xiej/puzzles6_forum_hardest_1106" || status=1
[ $status = 0 ] && echo "export COVERKIT_SUDOKU_DATA=$dir"
exit $status
