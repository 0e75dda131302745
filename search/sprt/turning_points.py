#!/usr/bin/env python3
"""Where an engine's lost draughts games turned, from a damier-match PDN file.

For each game ENGINE lost, the turn is the first of the winner's moves from which
the winner's own score (its `{+0.62/17 ...}` comment; depth 0-1 replies, forced
moves and database hits, are skipped) stays at or above --threshold to the end.
Printed: the turn's ply, the winner's score there and ENGINE's score on its move
before. With --deep N, `damier search` searches N nodes (one thread, so the same
result on every run and under any load) on the position before each of ENGINE's
last --back moves before the turn, and the line shows the move and score played
against those of the longer search: does more depth see what went wrong, or does
the evaluation not know it?

    python3 search/sprt/turning_points.py games.pdn --engine damier \\
        --deep 20000000 --damier build/release/damier --set egdb-path=egdb/international
"""
import argparse
import re
import statistics
import subprocess

RESULT_POINTS = {"2-0": 2, "1-1": 1, "0-2": 0}  # White's half points


def games_of(text):
    for game in re.split(r"\n(?=\[Event )", text.strip()):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
        moves, comments = [], []
        for token in re.findall(r"\{[^}]*\}|[^\s{]+", re.sub(r"\[[^\]]*\]", "", game)):
            if token.startswith("{"):
                if comments:
                    comments[-1] = token[1:-1]
            elif not re.fullmatch(r"\d+\.(\.\.)?", token) and token not in RESULT_POINTS and token != "*":
                moves.append(token)
                comments.append("")
        yield tags, moves, comments


def searched_score(comment):
    m = re.match(r"([+-]\d+\.\d+)/(\d+)", comment)
    return (float(m.group(1)), int(m.group(2))) if m and int(m.group(2)) >= 2 else None


def deep_search(args, fen, moves):
    command = [args.damier, "search", "--variant", args.variant, "--nodes", str(args.deep), "--threads", "1"]
    for setting in args.set:
        command += ["--set", setting]
    if fen:
        command += ["--fen", fen]
    command += ["--moves", " ".join(moves)]
    out = subprocess.run(command, capture_output=True, text=True).stdout.splitlines()
    info = [line for line in out if line.startswith("info")]
    done = [line for line in out if line.startswith("done")]
    score = re.search(r"score=(\S+)", info[-1]) if info else None
    depth = re.search(r" depth=(\d+)", info[-1]) if info else None
    move = re.search(r"move=(\S+)", done[0]) if done else None
    return (move.group(1) if move else "?", float(score.group(1)) if score else None,
            int(depth.group(1)) if depth else None)


def same_move(a, b):
    # a capture may be written with its landing square only or with every square
    return a == b or (a.split("x")[0] == b.split("x")[0] and a.split("x")[-1] == b.split("x")[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdn")
    ap.add_argument("--engine", required=True, help="the engine whose lost games are read")
    ap.add_argument("--threshold", type=float, default=0.5, help="the winner's score that holds from the turn on")
    ap.add_argument("--deep", type=int, default=0, help="nodes of `damier search` per position (0: none)")
    ap.add_argument("--back", type=int, default=3, help="how many of ENGINE's moves before the turn to search")
    ap.add_argument("--variant", default="international", help="the games' rule set, for --deep")
    ap.add_argument("--damier", default="damier")
    ap.add_argument("--set", action="append", default=[], help="name=value for `damier search --set`")
    args = ap.parse_args()

    turns, before_scores, deep_rows = [], [], []
    with open(args.pdn) as f:
        text = f.read()
    for tags, moves, comments in games_of(text):
        white = tags.get("White") == args.engine
        if not white and tags.get("Black") != args.engine:
            continue
        points = RESULT_POINTS.get(tags.get("Result"))
        if points is None or (points if white else 2 - points) != 0:
            continue
        ours = 0 if white else 1
        theirs = [(i, s[0]) for i in range(len(moves))
                  if i % 2 != ours and (s := searched_score(comments[i]))]
        turn = next((i for k, (i, _) in enumerate(theirs) if all(x >= args.threshold for _, x in theirs[k:])),
                    len(moves) - 1)
        before = [(i, s) for i in range(turn) if i % 2 == ours and (s := searched_score(comments[i]))]
        turns.append(turn + 1)
        if before:
            before_scores.append(before[-1][1][0])
        print(f"round {tags.get('Round')} opening {tags.get('Opening')} {args.engine} "
              f"{'white' if white else 'black'}, {len(moves)} plies: turn at ply {turn + 1} "
              f"({comments[turn]!r}), {args.engine} before it {before[-1][1] if before else None}")
        if args.deep:
            for i, (score, depth) in before[-args.back:]:
                move, deep_score, deep_depth = deep_search(args, tags.get("FEN"), moves[:i])
                deep_rows.append((same_move(move, moves[i]), score, deep_score))
                print(f"    ply {i + 1}: played {moves[i]} {score:+.2f}/{depth}, "
                      f"{args.deep:,} nodes: {move} {deep_score}/{deep_depth}", flush=True)
    print(f"lost games {len(turns)}; turn ply median {statistics.median(turns) if turns else '-'}; "
          f"{args.engine}'s score before the turn >= 0 in {sum(s >= 0 for s in before_scores)} of "
          f"{len(before_scores)}, median {statistics.median(before_scores) if before_scores else '-'}")
    if deep_rows:
        agree = sum(row[0] for row in deep_rows)
        scored = [row for row in deep_rows if row[2] is not None]
        print(f"longer searches: the move played in {agree} of {len(deep_rows)}; "
              f"score at most -0.50 in {sum(row[2] <= -0.5 for row in scored)} of {len(scored)} "
              f"(played: {sum(row[1] <= -0.5 for row in scored)}); median score "
              f"{statistics.median(row[2] for row in scored):+.2f} (played "
              f"{statistics.median(row[1] for row in scored):+.2f})")


if __name__ == "__main__":
    main()
