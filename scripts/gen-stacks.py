#!/usr/bin/env python3
"""Writes a folded profile of N distinct stacks (default 1,000,000) to standard output, sorted as
FlameGraph's stackcollapse scripts write them (byte order of the stack), for the "a million distinct
stacks" benchmark of issue 17.

The stacks come from a walk over a synthetic call graph: 20,000 frame names, each frame calling one of a
few callees of its own, ~20 frames deep; each stack keeps all but a few frames of the one before it (as
a real profile's neighbouring stacks do). Deterministic for a given --seed.

  scripts/gen-stacks.py [--stacks N] [--names K] [--seed S] > /tmp/m.folded      (1M: about 330 MB, ~1 min)
"""
import argparse
import random
import subprocess
import sys

WORDS = ["row", "buf", "page", "lock", "trx", "log", "index", "read", "write", "search", "fetch", "mtr",
         "commit", "dict", "btr", "cur", "que", "thr", "net", "sql", "parse", "exec", "open", "close",
         "table", "handler", "item", "func", "eval", "join", "sort", "hash", "pool", "flush", "latch",
         "mutex", "spin", "wait", "event", "sched", "copy", "memcpy", "alloc", "free", "heap", "rec"]


def names(k, rnd):
    out = []
    for i in range(k):
        parts = [rnd.choice(WORDS) for _ in range(rnd.randint(1, 3))]
        sep = "::" if i % 3 == 0 else "_"
        out.append(sep.join(parts) + "_" + str(i))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--stacks", type=int, default=1_000_000)
    ap.add_argument("--names", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=17)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    frames = names(a.names, rnd)
    # each frame calls one of 6 callees of its own: neighbouring stacks share prefixes as in a real call tree
    callees = [[rnd.randrange(a.names) for _ in range(6)] for _ in range(a.names)]
    roots = [rnd.randrange(a.names) for _ in range(8)]
    seen = set()
    path = []
    lines = []
    while len(lines) < a.stacks:
        # drop a few frames (all when the walk is shallow), then grow to a depth around 20
        drop = min(len(path), 1 + int(rnd.expovariate(0.5)))
        del path[len(path) - drop:]
        depth = rnd.randint(12, 26)
        if not path:
            path.append(rnd.choice(roots))
        while len(path) < depth:
            path.append(rnd.choice(callees[path[-1]]))
        key = ";".join(frames[f] for f in path)
        h = hash(key)
        if h in seen:
            continue
        seen.add(h)
        lines.append(key + " " + str(rnd.randint(1, 500)) + "\n")
    # byte order, as Perl's sort keys: LC_ALL=C sort of the whole line ("stack count"; stacks are distinct,
    # so ordering by line is ordering by stack except where one stack is a prefix of another: sort in Python)
    lines.sort(key=lambda l: l[:l.rindex(" ")].encode())
    out = sys.stdout.buffer
    for l in lines:
        out.write(l.encode())


if __name__ == "__main__":
    main()
