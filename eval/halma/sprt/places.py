# Per-engine average place and score from a damier-match journal, and the 95% CI of the
# per-game score difference A - B (mean score of A's seats minus B's, games with both),
# taken over opening sets (the rotations of one opening averaged: sets are independent).
import sys, shlex, statistics as st, math
a, b, path = sys.argv[1], sys.argv[2], sys.argv[3]
sets, place, score, games = {}, {}, {}, 0
for line in open(path):
    f = dict(kv.split('=', 1) for kv in shlex.split(line)[1:])
    seats = [f['seat%d' % i] for i in range(1, 100) if 'seat%d' % i in f]
    places = [float(x) for x in f['places'].split()]
    n = len(seats); games += 1
    sc = {}
    for s, p in zip(seats, places):
        place.setdefault(s, []).append(p); score.setdefault(s, []).append((n - p) / (n - 1))
        sc.setdefault(s, []).append((n - p) / (n - 1))
    if a in sc and b in sc: sets.setdefault(f['set'], []).append(st.mean(sc[a]) - st.mean(sc[b]))
d = [st.mean(v) for v in sets.values()]
m = st.mean(d); half = 1.96 * st.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else float('nan')
for e in place:
    print(f"{e}: seats {len(place[e])}, average place {st.mean(place[e]):.3f}, score {100*st.mean(score[e]):.1f}%")
print(f"games {games}, sets {len(d)}: score difference {a} - {b} per game {m:+.4f}, 95% CI [{m-half:+.4f}, {m+half:+.4f}]")
