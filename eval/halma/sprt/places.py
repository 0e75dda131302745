# Per-engine average place and score from damier-match journals, and the 95% CI of the
# per-game score difference A - B (mean score of A's seats minus B's, games with both),
# taken over opening sets (the rotations of one opening averaged: sets are independent).
# A and B are regular expressions matched against whole engine names, so that several
# entrants of one kind count as one (t2a, t2b: 't2.'); sets are kept apart per journal.
#   python3 places.py A B JOURNAL [JOURNAL...]
import sys, re, shlex, statistics as st, math
a, b, paths = re.compile(sys.argv[1]), re.compile(sys.argv[2]), sys.argv[3:]
sets, place, score, games = {}, {}, {}, 0
for k, path in enumerate(paths):
    for line in open(path):
        if not line.startswith('game '): continue  # the run line
        f = dict(kv.split('=', 1) for kv in shlex.split(line)[1:])
        seats = [f['seat%d' % i] for i in range(1, 100) if 'seat%d' % i in f]
        places = [float(x) for x in f['places'].split()]
        n = len(seats); games += 1
        sc = {}
        for s, p in zip(seats, places):
            e = sys.argv[1] if a.fullmatch(s) else sys.argv[2] if b.fullmatch(s) else s
            place.setdefault(e, []).append(p); score.setdefault(e, []).append((n - p) / (n - 1))
            sc.setdefault(e, []).append((n - p) / (n - 1))
        if sys.argv[1] in sc and sys.argv[2] in sc:
            sets.setdefault((k, f['set']), []).append(st.mean(sc[sys.argv[1]]) - st.mean(sc[sys.argv[2]]))
d = [st.mean(v) for v in sets.values()]
m = st.mean(d); half = 1.96 * st.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else float('nan')
for e in place:
    print(f"{e}: seats {len(place[e])}, average place {st.mean(place[e]):.3f}, score {100*st.mean(score[e]):.1f}%")
print(f"games {games}, sets {len(d)}: score difference {sys.argv[1]} - {sys.argv[2]} per game {m:+.4f}, 95% CI [{m-half:+.4f}, {m+half:+.4f}]")
