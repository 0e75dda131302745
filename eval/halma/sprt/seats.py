# Seat 0's score in a two-player damier-match journal (same engine in both seats):
# per opening set the mean of its games, then the mean and 1.96 standard errors over sets.
import sys, shlex, statistics as st, math
for path in sys.argv[1:]:
    sets, reasons = {}, {}
    for line in open(path):
        if not line.startswith('game'): continue
        f = dict(kv.split('=', 1) for kv in shlex.split(line)[1:])
        p = [float(x) for x in f['places'].split()]
        sets.setdefault(f['set'], []).append(2 - p[0])
        r = f.get('reason', '')[-8:]; reasons[r] = reasons.get(r, 0) + 1
    d = [st.mean(v) for v in sets.values()]
    games = sum(len(v) for v in sets.values())
    m = st.mean(d); half = 1.96 * st.stdev(d) / math.sqrt(len(d))
    w = sum(x == 1 for v in sets.values() for x in v); l = sum(x == 0 for v in sets.values() for x in v)
    print(f"{path}: games {games} sets {len(d)} seat0 W-D-L {w}-{games-w-l}-{l} score {m:.3f} [{m-half:.3f}, {m+half:.3f}] {reasons}")
