#!/usr/bin/env python3
"""A Hub relay for time odds: runs ENGINE [ARGS...] and passes every line on,
with each `move-time=S` multiplied by FACTOR, so that in a damier-match run at
`--tc movetime=S` this entrant thinks FACTOR x S a move (give the runner a
`--margin` that covers it):

    damier-match --engine name=damier3x cmd=python3 arg=search/sprt/time_odds.py arg=3 arg=damier ...
"""
import re
import subprocess
import sys

factor = float(sys.argv[1])
engine = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, text=True, bufsize=1)
for line in iter(sys.stdin.readline, ""):
    line = re.sub(r"move-time=([0-9.]+)", lambda m: f"move-time={float(m.group(1)) * factor:.3f}", line)
    engine.stdin.write(line)
    engine.stdin.flush()
engine.stdin.close()
sys.exit(engine.wait())
