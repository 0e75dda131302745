#!/usr/bin/env python3
"""Random kings-only endings for testing how an engine converts a won ending.

White, the strong side, gets STRONG kings and Black WEAK kings on random squares,
either side to move. A position is kept only when neither side could capture at once
(checked with `damier perft --divide`), so the game starts quiet. Optionally the lone
king stays off a set of squares and White holds one of another set (the long
diagonal of the 8x8 board, the "main road").

usage: make_endings.py DAMIER VARIANT STRONG WEAK COUNT SEED SQUARES [ROAD]
"""
import random
import subprocess
import sys


def can_capture(damier, variant, fen):
    out = subprocess.run([damier, "perft", "--variant", variant, "--fen", fen, "--depth", "1", "--divide"],
                         capture_output=True, text=True, check=True).stdout
    return any("x" in line for line in out.splitlines() if line.startswith("move="))


def main():
    damier, variant = sys.argv[1], sys.argv[2]
    strong, weak, count, seed, squares = (int(a) for a in sys.argv[3:8])
    road = {int(s) for s in sys.argv[8].split(",")} if len(sys.argv) > 8 else set()
    rng = random.Random(seed)
    found = set()
    while len(found) < count:
        chosen = rng.sample(range(1, squares + 1), strong + weak)
        white, black = sorted(chosen[:strong]), sorted(chosen[strong:])
        if road and (set(black) & road or not set(white) & road):
            continue
        to_move = rng.choice("WB")
        body = "W" + ",".join(f"K{s}" for s in white) + ":B" + ",".join(f"K{s}" for s in black)
        if any(can_capture(damier, variant, f"{side}:{body}") for side in "WB"):
            continue
        found.add(f"{to_move}:{body}")
    for fen in sorted(found):
        print(fen)


if __name__ == "__main__":
    main()
