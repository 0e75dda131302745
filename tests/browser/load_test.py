#!/usr/bin/env python3
"""A load test of damier-serve's API on loopback: two games between engines run
while four clients send a bounded loop of requests (states, moves refused,
bad bodies, the rules); one engine process is killed on the way. Passes when
every request is answered with the status expected, both games go on to their
end (the killed engine restarted), and no engine process is left once the
games are deleted and the server stopped. Usage: load_test.py SERVE_BINARY"""

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

REQUESTS_PER_CLIENT = 1000
CLIENTS = 4
GAME_SECONDS = 120


def children_of(pid):
    """The pids whose parent is `pid` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
        except OSError:
            pass
    return found


def main():
    binary = sys.argv[1]
    server = subprocess.Popen([binary, "--port", "0", "--max-engines", "2"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    base = line[line.index("http://"):].strip().rstrip("/")

    def call(method, path, body=None):
        data = body.encode() if isinstance(body, str) else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    failures = []
    started = time.time()
    try:
        games = []
        for variant in ("international", "russian"):
            status, body = call("POST", "/api/games", {"variant": variant, "seats": ["engine", "engine"],
                                                        "engine": {"move_time": 0.05}})
            assert status == 201, body
            games.append(json.loads(body)["id"])
        # A third game with an engine is over the limit of two engine processes.
        status, _ = call("POST", "/api/games", {"seats": ["person", "engine"]})
        if status != 429:
            failures.append(f"a third engine game got {status}, not 429")

        answered = [0] * CLIENTS

        def client(index):
            for i in range(REQUESTS_PER_CLIENT):
                game = games[i % 2]
                kind = i % 5
                if kind == 0:
                    status, _ = call("GET", f"/api/games/{game}")
                    expected = 200
                elif kind == 1:
                    status, _ = call("POST", f"/api/games/{game}/move", {"move": "1-50"})
                    expected = 400  # an engine's turn, or no such move
                elif kind == 2:
                    status, _ = call("POST", "/api/games", "{bad json")
                    expected = 400
                elif kind == 3:
                    status, _ = call("GET", "/api/rules")
                    expected = 200
                else:
                    status, _ = call("GET", "/../../etc/passwd")
                    expected = 404
                if status != expected:
                    failures.append(f"client {index} request {i}: {status}, expected {expected}")
                    return
                answered[index] += 1

        threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
        for t in threads:
            t.start()
        # An engine killed during the games: it is restarted and its game goes on.
        time.sleep(1)
        engines = children_of(server.pid)
        if len(engines) != 2:
            failures.append(f"{len(engines)} engine processes, expected 2")
        plies_at_kill = {game: len(json.loads(call("GET", f"/api/games/{game}")[1])["moves"]) for game in games}
        if engines:
            os.kill(engines[0], signal.SIGKILL)
        for t in threads:
            t.join()
        load_seconds = time.time() - started

        ends = {}
        deadline = time.time() + GAME_SECONDS
        while time.time() < deadline and len(ends) < 2:
            for game in games:
                state = json.loads(call("GET", f"/api/games/{game}")[1])
                if state.get("adjourned"):
                    failures.append(f"game {game} adjourned: {state['message']}")
                    ends[game] = state
                elif "result" in state:
                    ends[game] = state
            time.sleep(0.2)
        if len(ends) < 2:
            failures.append(f"only {len(ends)} of 2 games ended within {GAME_SECONDS} s")
        for game, state in ends.items():
            if len(state["moves"]) <= plies_at_kill[game]:
                failures.append(f"game {game} did not go on after the kill")
        restarts = json.loads(call("GET", "/api/games")[1])["engine_restarts"]
        if engines and restarts < 1:
            failures.append("the killed engine was not restarted")
        for game in games:
            call("DELETE", f"/api/games/{game}")
        if json.loads(call("GET", "/api/games")[1])["engines_running"] != 0:
            failures.append("the server still counts engine processes after the games were deleted")
        time.sleep(0.5)
        left = children_of(server.pid)
        if left:
            failures.append(f"engine processes left after the games were deleted: {left}")
        total = sum(answered)
        print(f"{total} requests answered in {load_seconds:.1f} s ({total / load_seconds:.0f}/s) by {CLIENTS} clients "
              f"during 2 engine games; games ended: " +
              ", ".join(f"{s['variant']} {len(s['moves'])} plies ({s.get('result', {}).get('reason', '-')})"
                        for s in ends.values()))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            failures.append("the server did not stop on SIGTERM")
    for engine in engines:
        if os.path.exists(f"/proc/{engine}") and engine != engines[0]:
            failures.append(f"engine {engine} still runs after the server stopped")
    if failures:
        print("FAIL load:", "; ".join(failures[:5]))
        return 1
    print(f"ok load in {time.time() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
