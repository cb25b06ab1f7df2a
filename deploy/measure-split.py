#!/usr/bin/env python3
"""measure-split.py BIN N K [REPS] [UNITS...]: interleaves the unsplit count of N
queens with its K units, each unit a separate process, one after another;
CPU = user+sys of each whole child process (os.wait4). Prints one line a
repetition and the medians."""
import os, subprocess, sys, time, json, statistics

def run(argv):
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    rc = os.waitstatus_to_exitcode(status)
    if rc != 0:
        sys.exit(f"{argv}: exit {rc}")
    return ru.ru_utime + ru.ru_stime, wall, out, ru.ru_maxrss

def main():
    b, n, k = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    reps = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    which = [int(x) for x in sys.argv[5:]] or list(range(k))
    extra = os.environ.get("EXTRA", "").split()
    rows = []
    for rep in range(reps):
        cu, wu, out, rss = run([b, "queens", "count", str(n)] + extra)
        want = int(out.split()[0])
        cs = ws = 0.0
        total = 0
        per = []
        maxrss = 0
        for u in which:
            c, w, out, r = run([b, "queens", "count", str(n), "--units", str(k), "--unit", str(u)] + extra)
            line = json.loads(out)
            total += line["solutions"]
            cs += c; ws += w
            per.append(c)
            maxrss = max(maxrss, r)
        ok = "ok" if (total == want or len(which) != k) else f"WRONG {total} != {want}"
        rows.append((c := cs, cu))
        print(f"n={n} K={k} rep={rep} units_cpu={cs:.2f} units_wall={ws:.2f} unsplit_cpu={cu:.2f} unsplit_wall={wu:.2f} ratio={cs/cu:.3f} "
              f"unit_cpu_min={min(per):.2f} max={max(per):.2f} unit_maxrss={maxrss//1024}MiB unsplit_rss={rss//1024}MiB {ok}", flush=True)
    if reps > 1:
        print(f"median ratio {statistics.median(a/b for a, b in rows):.3f}")

main()
