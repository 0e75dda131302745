#!/usr/bin/env python3
"""Runs a Hub engine with every fixed move time it is given multiplied by FACTOR.

An engine on one thread given twice the time is what two threads could at best be:
a match of it against the same engine at the plain time bounds what a second thread
can gain at that time control (eval/halma/SPRT.md).

usage: damier-match --engine name=slow2 cmd=python3 arg=time_scaled.py arg=2 arg=DAMIER ...
"""
import re
import sys

from hub_relay import relay

MOVE_TIME = re.compile(r"move-time=([0-9.]+)")


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: time_scaled.py FACTOR ENGINE [ARG...]")
    factor = float(sys.argv[1])
    scale = lambda m: "move-time=%.3f" % (float(m.group(1)) * factor)
    sys.exit(relay(sys.argv[2:], lambda line: MOVE_TIME.sub(scale, line)))


if __name__ == "__main__":
    main()
