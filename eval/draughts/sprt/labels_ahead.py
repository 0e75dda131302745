#!/usr/bin/env python3
"""Rewrites the search score of every self-play position as the mean of the scores of
the positions some lines later in the same game: a label that has seen more of the game
(TD-leaf style), for `damier-tune fit --blend`. Draughts log, entry 69.

    python3 labels_ahead.py IN.pos OUT.pos [--ahead 2,4,6,8] [--clip 1000]

Lines are `damier-tune selfplay`'s: FEN, result, game, score (White's, centi-men), the
quiet positions of each game in order. Each score is clipped to +/-clip before the mean
(decided scores are some 30,000); the last positions of a game use the later lines there
are, the very last its own score.
"""
import argparse
import sys


def relabel(game, ahead, clip, out):
    scores = [max(-clip, min(clip, int(fields[3]))) for fields in game]
    for i, fields in enumerate(game):
        later = [scores[i + j] for j in ahead if i + j < len(game)]
        score = round(sum(later) / len(later)) if later else scores[i]
        out.write("\t".join(fields[:3] + [str(score)]) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data")
    parser.add_argument("out")
    parser.add_argument("--ahead", default="2,4,6,8", help="lines ahead whose scores are averaged")
    parser.add_argument("--clip", type=int, default=1000)
    args = parser.parse_args()
    try:
        ahead = [int(j) for j in args.ahead.split(",")]
    except ValueError:
        sys.exit(f"labels_ahead: --ahead takes numbers like 2,4,6,8, got {args.ahead!r}")
    if not ahead or min(ahead) < 1:
        sys.exit(f"labels_ahead: --ahead takes numbers of at least 1, got {args.ahead!r}")
    seen = set()
    with open(args.data) as data, open(args.out, "w") as out:
        game, game_id = [], None
        for number, line in enumerate(data, 1):
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 4 or not fields[3].lstrip("-").isdigit():
                sys.exit(f"labels_ahead: {args.data} line {number}: expected FEN, result, game, score")
            if fields[2] != game_id:
                if game:
                    relabel(game, ahead, args.clip, out)
                if fields[2] in seen:
                    sys.exit(f"labels_ahead: {args.data} line {number}: game {fields[2]} resumes after another game")
                seen.add(fields[2])
                game, game_id = [], fields[2]
            game.append(fields)
        if game:
            relabel(game, ahead, args.clip, out)


if __name__ == "__main__":
    main()
