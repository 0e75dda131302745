# damier-tune selfplay output (POSITION, seat 0's result, game): seat 0's score,
# split by who moved first after the random plies (the side digit of the game's
# first line), with 1.96 standard errors.
import sys, math, statistics as st
games = {}
for line in open(sys.argv[1]):
    pos, res, g = line.rstrip('\n').split('\t')[:3]
    if g not in games: games[g] = [pos[0], float(res), 0]
    games[g][2] += 1
def show(name, xs):
    if len(xs) < 2: print(name, xs); return
    m = st.mean(xs); h = 1.96 * st.stdev(xs) / math.sqrt(len(xs))
    print(f"{name}: games {len(xs)} W {sum(x == 1 for x in xs)} D {sum(x == 0.5 for x in xs)} L {sum(x == 0 for x in xs)} score {m:.3f} [{m-h:.3f}, {m+h:.3f}]")
show("seat 0 (camp 1), all", [r for s, r, n in games.values()])
show("seat 0, camp 1 to move after the opening (even random plies)", [r for s, r, n in games.values() if s == '1'])
show("seat 0, camp 4 to move after the opening (odd random plies)", [r for s, r, n in games.values() if s == '4'])
show("the player to move after the opening", [r if s == '1' else 1 - r for s, r, n in games.values()])
print("mean plies after the opening", st.mean(n for s, r, n in games.values()))
