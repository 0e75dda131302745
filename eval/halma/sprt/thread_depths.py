# Deepest completed iteration and move of one and of two threads on the same positions.
# One engine plays PLIES plies of a Chinese checkers game of PLAYERS at 0.1 s a move;
# every third position from ply 10 on is then searched for SECONDS by a fresh engine
# (new-game before each search) with 1 thread and with 2. Positions differ from run
# to run (the game is played on the clock). Run it on an otherwise idle machine.
#   python3 thread_depths.py DAMIER PLAYERS PLIES SECONDS
import re, statistics, subprocess, sys
damier, players, plies, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])


def engine(threads):
    p = subprocess.Popen([damier], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    for line in ['hub', 'set-param name=variant value=chinese', f'set-param name=players value={players}',
                 f'set-param name=threads value={threads}', 'init']:
        p.stdin.write(line + '\n')
    while p.stdout.readline().strip() != 'ready':
        pass
    return p


# (move or None when the game is over, deepest completed depth) after `moves` from the start.
def search(p, moves, t):
    p.stdin.write(f'pos start moves="{" ".join(moves)}"\nlevel move-time={t}\ngo think\n')
    depth = 0
    while True:
        line = p.stdout.readline().strip()
        if line.startswith('info'):
            depth = int(re.search(r'depth=(\d+)', line).group(1))
        elif line.startswith('done'):
            return line.split('move=')[1].split()[0], depth
        elif line.startswith('error'):
            return None, depth


player, moves = engine(1), []
while len(moves) < plies:
    move, _ = search(player, moves, 0.1)
    if not move:
        break
    moves.append(move)
found = {}
for threads in (1, 2):
    e = engine(threads)
    found[threads] = []
    for k in range(10, len(moves), 3):
        e.stdin.write('new-game\n')
        found[threads].append(search(e, moves[:k], seconds))
for one, two in zip(found[1], found[2]):
    print('depth', one[1], two[1], 'same move' if one[0] == two[0] else 'other move')
print('positions', len(found[1]), 'mean depth', round(statistics.mean(d for _, d in found[1]), 2),
      round(statistics.mean(d for _, d in found[2]), 2),
      'same move', sum(a[0] == b[0] for a, b in zip(found[1], found[2])))
