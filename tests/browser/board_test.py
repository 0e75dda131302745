#!/usr/bin/env python3
"""The web board in headless Chromium, driven by Selenium as a person would: it
starts damier-serve on a free loopback port, opens the page, and plays by clicking
squares. Usage: board_test.py SCENARIO SERVE_BINARY SCREENSHOT_DIR [MATCH_BINARY]
(the `watch` scenario runs a damier-match whose live feed the server follows).
Exits 0 when the scenario passes, 1 with a one-line reason otherwise."""

import json
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

# Every wait is bounded, so a stuck game fails the test instead of hanging CTest.
WAIT_SECONDS = 30


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Server:
    """damier-serve on a free port; the URL is read from its first line."""

    def __init__(self, binary, extra=()):
        self.process = subprocess.Popen([binary, "--port", "0", "--max-engines", "2", *extra], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
        line = self.process.stdout.readline()
        check("http://" in line, "damier-serve did not print its address: " + line)
        self.url = line[line.index("http://"):].strip()

    def api(self, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url.rstrip("/") + path, data=data,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Board:
    """The page in Chromium, and what a person does on it."""

    def __init__(self, server, shots, width=1000, height=1100):
        options = Options()
        for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                     "--no-first-run", "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", f"--window-size={width},{height}"):
            options.add_argument(flag)
        self.profile = tempfile.TemporaryDirectory()
        options.add_argument("--user-data-dir=" + self.profile.name)
        options.binary_location = "/usr/bin/chromium"
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.server = server
        self.shots = shots
        self.open()

    def open(self):
        self.driver.get(self.server.url)
        self.wait(lambda: self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true",
                  "the page did not start")

    def wait(self, condition, message, seconds=WAIT_SECONDS):
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                if condition():
                    return
            except Exception:  # an element redrawn while read: try again
                pass
            time.sleep(0.05)
        raise Failure(message)

    def by_id(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def select(self, element_id, value):
        self.driver.execute_script(
            "const s = document.getElementById(arguments[0]); s.value = arguments[1];"
            "s.dispatchEvent(new Event('change'));", element_id, value)

    def new_game(self, variant, seats, engine='{"depth":1}', options=None):
        self.select("variant", variant)
        for name, value in (options or {}).items():
            self.driver.execute_script(
                "const i = document.getElementById('option-' + arguments[0]);"
                "if (i.type === 'checkbox') i.checked = arguments[1]; else i.value = arguments[1];"
                "i.dispatchEvent(new Event('change'));", name, value if isinstance(value, bool) else str(value))
        for seat, kind in enumerate(seats):
            self.select(f"seat-{seat}", kind)
        self.select("engine-limit", engine)
        self.by_id("new-game").click()
        self.wait(lambda: "game=" in self.driver.current_url, "no game was created")

    def game_id(self):
        return self.driver.current_url.split("game=")[1]

    def state(self):
        return self.server.api("/api/games/" + self.game_id())

    def click(self, square):
        # The board is drawn once the new game's state arrives, and redrawn on every poll:
        # a square not drawn yet, or replaced under the click, is looked up again.
        def clicked():
            self.by_id(f"sq-{square}").click()
            return True

        self.wait(clicked, f"square {square} could not be clicked")

    def plies_shown(self):
        return int(self.by_id("status").get_attribute("data-plies"))

    def person_to_move(self, state):
        return "result" not in state and state["seats"][state["to_move"]]["kind"] == "person"

    def wait_for_person_or_end(self):
        """Waits until a person is to move, or the game is over; returns the state."""
        found = {}

        def ready():
            state = self.state()
            found["state"] = state
            if state.get("adjourned"):
                raise Failure("the game was adjourned: " + state["message"])
            # The page must show the same ply count before the next click.
            return ("result" in state or self.person_to_move(state)) and self.plies_shown() == len(state["moves"])

        self.wait(ready, "the engine did not move")
        return found["state"]

    def play_by_clicks(self, move):
        """Clicks a legal move: its origin, its landing squares when another capture
        joins the same two squares, then its destination."""
        before = self.plies_shown()
        path = move["path"]
        state = self.state()
        same_ends = [m for m in state["legal"] if m["path"][0] == path[0] and m["path"][-1] == path[-1]]
        self.click(path[0])
        if len(same_ends) > 1:
            for square in path[1:-1]:
                self.click(square)
        self.click(path[-1])
        self.wait(lambda: self.plies_shown() > before, f"the move {move['hub']} was not played by clicks: " +
                  self.by_id("message").text)

    def screenshot(self, name):
        os.makedirs(self.shots, exist_ok=True)
        self.driver.save_screenshot(os.path.join(self.shots, name + ".png"))

    def close(self):
        self.driver.quit()
        self.profile.cleanup()


def play_whole_game(board, variant, choose, engine, options=None, seats=None, max_moves=400):
    """A person plays every person move by clicks until the game ends; returns the final state."""
    board.new_game(variant, seats or ["person", "engine"], engine, options)
    for _ in range(max_moves):
        state = board.wait_for_person_or_end()
        if "result" in state:
            return state
        board.play_by_clicks(choose(state))
    raise Failure(f"{variant}: no end after {max_moves} person moves")


def random_move(rng):
    return lambda state: rng.choice(state["legal"])


def forward_move(geometry, rng):
    """Chinese checkers: the move that goes furthest towards the opposite camp."""
    row_of = {cell[0]: cell[2] for cell in geometry["cells"]}

    def choose(state):
        mine = state["position"][0]
        rows = [row_of[n] for n in range(1, 122) if state["position"][n] == mine]
        direction = 1 if sum(rows) / len(rows) < 8 else -1
        best = max((row_of[m["path"][-1]] - row_of[m["path"][0]]) * direction for m in state["legal"])
        return rng.choice([m for m in state["legal"]
                           if (row_of[m["path"][-1]] - row_of[m["path"][0]]) * direction == best])

    return choose


def scenario_international(board):
    state = play_whole_game(board, "international", random_move(random.Random(1)), '{"depth":1}')
    board.screenshot("international-end")
    check("Game over" in board.by_id("status").text, "the page does not show the end: " + board.by_id("status").text)
    print(f"international: {len(state['moves'])} plies, {state['result']['reason']}")


def scenario_russian(board):
    state = play_whole_game(board, "russian", random_move(random.Random(2)), '{"depth":1}')
    board.screenshot("russian-end")
    check("Game over" in board.by_id("status").text, "the page does not show the end")
    print(f"russian: {len(state['moves'])} plies, {state['result']['reason']}")


def scenario_chinese(board):
    geometry = board.server.api("/api/geometry/chinese")
    state = play_whole_game(board, "chinese", forward_move(geometry, random.Random(3)), '{"depth":1}',
                            options={"players": 3, "play-to-end": False}, seats=["person", "engine", "engine"])
    board.screenshot("chinese-3-players-end")
    check(len(state["result"]["places"]) == 3, "three places expected")
    # Without play-to-end the game ends when the first player fills their goal.
    check("reached its goal" in state["result"]["reason"], "the game ended otherwise: " + state["result"]["reason"])
    print(f"chinese, 3 players: {len(state['moves'])} plies, places {state['result']['places']}")


def targets(board):
    return sorted(int(e.get_attribute("data-square")) for e in board.driver.find_elements(By.CSS_SELECTOR, ".target"))


def scenario_highlighting(board):
    board.new_game("international", ["person", "person"])
    state = board.state()
    move = state["legal"][0]
    expected = sorted({m["path"][-1] for m in state["legal"] if m["path"][0] == move["path"][0]})
    board.click(move["path"][0])
    board.wait(lambda: targets(board) == expected, f"highlighted {targets(board)}, legal {expected}")
    board.screenshot("highlighting-on")
    board.by_id("show-moves").click()  # off
    board.wait(lambda: targets(board) == [], "targets still shown with highlighting off")
    check(board.driver.find_elements(By.CSS_SELECTOR, ".selected"), "the chosen piece is no longer marked")
    board.screenshot("highlighting-off")
    # The move still plays without the highlight.
    board.play_by_clicks(move)
    # Flipping redraws square 1 at the other end of the board.
    y_before = board.by_id("sq-1").rect["y"]
    board.by_id("flip").click()
    board.wait(lambda: board.by_id("sq-1").rect["y"] > y_before, "the board did not flip")
    # A phone-sized screen: the board fits its width.
    board.driver.set_window_size(390, 844)
    width = board.driver.execute_script("return document.getElementById('board').getBoundingClientRect().width")
    inner = board.driver.execute_script("return window.innerWidth")
    check(0 < width <= inner, f"the board is {width} px wide on a {inner} px screen")
    board.screenshot("phone")


def scenario_illegal_click(board):
    board.new_game("international", ["person", "engine"])
    board.click(19)  # a black man: not the person's
    board.wait(lambda: "your pieces" in board.by_id("message").text, "a click on the other side was taken")
    board.by_id("show-moves").click()  # off: the server referees the click
    board.click(32)
    board.click(23)  # 32-23 is no move
    board.wait(lambda: board.by_id("message").text != "", "the illegal move was not refused")
    message = board.by_id("message").text
    check(board.state()["moves"] == [], "an illegal move was played")
    check(board.plies_shown() == 0, "the page shows a move")
    board.screenshot("illegal-click")
    print("refused with:", message)


def scenario_reload(board):
    board.new_game("international", ["person", "engine"])
    board.play_by_clicks(board.wait_for_person_or_end()["legal"][0])
    state = board.wait_for_person_or_end()
    pieces = board.driver.find_elements(By.CSS_SELECTOR, "[data-piece]")
    board.driver.refresh()
    board.wait(lambda: board.driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true",
               "the page did not start again")
    board.wait(lambda: board.plies_shown() == len(state["moves"]), "the reload lost the game")
    check(len(board.driver.find_elements(By.CSS_SELECTOR, "[data-piece]")) == len(pieces), "other pieces after reload")
    # Take back, then export the record.
    board.by_id("undo").click()
    board.wait(lambda: board.plies_shown() == 0, "take back did not return to the person's move")
    board.play_by_clicks(board.state()["legal"][0])
    board.wait_for_person_or_end()
    board.by_id("export").click()
    board.wait(lambda: "1. " in board.by_id("record").text, "no record exported")
    board.screenshot("reload-restored")


def scenario_watch(board, match_binary, feed):
    """A two-game match of damier against itself, shown live on the watch page."""
    engine = os.path.join(os.path.dirname(match_binary), "..", "damier")
    match = subprocess.Popen([match_binary, "--engine", "name=a", "cmd=" + engine, "--engine", "name=b",
                              "cmd=" + engine, "--games", "2", "--tc", "nodes=500", "--openings", "none",
                              "--live", feed], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        board.by_id("tab-watch").click()
        board.wait(lambda: not board.by_id("play-view").is_displayed(), "the play view is still shown")
        board.wait(lambda: board.driver.find_elements(By.CSS_SELECTOR, "#watch-games [data-piece]"),
                   "no live game shown")
        board.screenshot("watch-live")
        match.wait(WAIT_SECONDS * 4)
        board.wait(lambda: board.by_id("watch-games").text.count("places") == 2, "the ends of both games not shown")
        board.screenshot("watch-finished")
    finally:
        if match.poll() is None:
            match.kill()
            match.wait()


SCENARIOS = {
    "international": scenario_international,
    "russian": scenario_russian,
    "chinese": scenario_chinese,
    "highlighting": scenario_highlighting,
    "illegal-click": scenario_illegal_click,
    "reload": scenario_reload,
}


def main():
    scenario, binary, shots = sys.argv[1], sys.argv[2], sys.argv[3]
    started = time.time()
    feed = tempfile.NamedTemporaryFile(suffix=".jsonl")
    server = Server(binary, ["--watch", feed.name] if scenario == "watch" else [])
    board = None
    try:
        board = Board(server, shots)
        if scenario == "watch":
            scenario_watch(board, sys.argv[4], feed.name)
        else:
            SCENARIOS[scenario](board)
    except (Failure, WebDriverException, OSError) as failure:
        if board:
            board.screenshot(scenario + "-failure")
        print(f"FAIL {scenario}: {type(failure).__name__}: {failure}")
        return 1
    finally:
        if board:
            board.close()
        server.stop()
    print(f"ok {scenario} in {time.time() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
