#!/usr/bin/env python3
"""The mean, value by value, of several fits of one draughts evaluation (SPRT.md, entry 65).

usage: mean_fits.py VARIANT OUT TABLE1,WEIGHTS1 TABLE2,WEIGHTS2 ...

Each fit is a pattern table (damier-tune fit --patterns-out) and a weights file
(--out) of the same shape: windows, phases and king squares. Writes OUT.patterns and
OUT.weights. A weight a file leaves out takes its [draughts] value from
eval/default.weights; a table value a fit lacks counts as 0. Means are rounded to
the nearest centi-man.
"""
import os
import re
import sys

DEFAULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "default.weights")
NUMBERS = re.compile(r"-?\d+")


def read_weights(path):
    sections, current = {}, None
    with open(path) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if not line:
                continue
            if line.startswith("["):
                current = line.strip("[]")
                sections.setdefault(current, {})
            else:
                name, value = (part.strip() for part in line.split("=", 1))
                sections.setdefault(current, {})[name] = int(value)
    return sections


def read_table(path):
    """(header lines, {(window, arrangement): (opening, ending)}, {square: (opening, ending)})"""
    header, entries, kings = [], {}, {}
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) == 4 and fields[0] == "k":
                kings[int(fields[1])] = (int(fields[2]), int(fields[3]))
            elif len(fields) == 4 and all(NUMBERS.fullmatch(x) for x in fields):
                entries[(int(fields[0]), int(fields[1]))] = (int(fields[2]), int(fields[3]))
            elif fields and not fields[0].startswith("#"):
                header.append(line.strip())
    return header, entries, kings


def mean(values):
    return round(sum(values) / len(values))


def main():
    if len(sys.argv) < 5 or any("," not in a for a in sys.argv[3:]):
        sys.exit("usage: mean_fits.py VARIANT OUT TABLE1,WEIGHTS1 TABLE2,WEIGHTS2 ...")
    variant, out, fits = sys.argv[1], sys.argv[2], [a.split(",", 1) for a in sys.argv[3:]]
    base = read_weights(DEFAULTS).get("draughts", {})
    weights = []
    for _, path in fits:
        w = dict(base)
        w.update(read_weights(path).get(variant, {}))
        weights.append(w)
    if any(w.keys() != weights[0].keys() for w in weights):
        sys.exit("mean_fits.py: the weights files name different weights")
    tables = [read_table(path) for path, _ in fits]
    if any(t[0] != tables[0][0] for t in tables):
        sys.exit("mean_fits.py: the tables differ in shape (windows, phases or king squares)")

    names = " ".join(os.path.basename(w) for _, w in fits)
    with open(out + ".weights", "w") as f:
        f.write("# mean of %s\n[%s]\n" % (names, variant))
        for name in weights[0]:
            f.write("%s = %d\n" % (name, mean([w[name] for w in weights])))
    kept = 0
    with open(out + ".patterns", "w") as f:
        f.write("# mean of %s\n" % " ".join(os.path.basename(t) for t, _ in fits))
        f.write("\n".join(tables[0][0]) + "\n")
        for key in sorted(set().union(*(t[1] for t in tables))):
            opening = mean([t[1].get(key, (0, 0))[0] for t in tables])
            ending = mean([t[1].get(key, (0, 0))[1] for t in tables])
            if opening or ending:
                f.write("%d %d %d %d\n" % (key[0], key[1], opening, ending))
                kept += 1
        for square in sorted(tables[0][2]):
            values = [t[2].get(square, (0, 0)) for t in tables]
            f.write("k %d %d %d\n" % (square, mean([v[0] for v in values]), mean([v[1] for v in values])))
    print("%s.patterns, %s.weights: the mean of %d fits, %d table values not 0" % (out, out, len(fits), kept))


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError) as e:
        sys.exit("mean_fits.py: %s" % e)
