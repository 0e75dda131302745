#!/usr/bin/env python3
"""Runs a Hub engine with every search limit it is given replaced by a fixed depth.

damier-match gives every entrant the same time control; this wrapper lets entrants
of one match search to different depths, to measure what one more iteration is
worth (eval/halma/SPRT.md). With one thread each game is then deterministic.

usage: damier-match --engine name=d3 cmd=python3 arg=fixed_depth.py arg=3 arg=DAMIER ...
"""
import sys

from hub_relay import relay


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.exit("usage: fixed_depth.py DEPTH ENGINE [ARG...]")
    level = "level depth=%s\n" % sys.argv[1]
    sys.exit(relay(sys.argv[2:], lambda line: level if line.split()[:1] == ["level"] else line))


if __name__ == "__main__":
    main()
