// The web board: a new-game form built from /api/rules, the game drawn from
// /api/games/ID (polled while engines think), clicks turned into moves that the
// server referees. The game's id is kept in the address (#game=ID), so a reload
// or another tab shows the same game.
"use strict";

const $ = (id) => document.getElementById(id);
const geometries = {};
let rules = null;
let game = null;        // the server's state of the current game
let selection = [];     // squares clicked so far for the move being made
let flipped = false;
let pollTimer = null;

async function api(method, path, body) {
  const response = await fetch(path, {
    method, headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined });
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) throw new Error(data.error || String(data));
  return data;
}

async function geometryOf(variant) {
  if (!geometries[variant]) geometries[variant] = await api("GET", "/api/geometry/" + variant);
  return geometries[variant];
}

function say(text) { $("message").textContent = text || ""; }

// ---- the new-game form ----

function ruleSet() { return rules.rule_sets.find((r) => r.name === $("variant").value); }

function seatCount() {
  const set = ruleSet();
  if (set.family === "draughts") return 2;
  const players = $("option-players");
  return players ? Number(players.value) : 2;
}

function buildOptions() {
  const box = $("options");
  box.textContent = "";
  for (const option of ruleSet().options) {
    const label = document.createElement("label");
    let input;
    if (option.type === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = option.default === "true";
      label.className = "check";
      label.append(input, " " + option.name);
    } else {
      input = document.createElement("input");
      input.type = "number";
      input.min = option.min; input.max = option.max; input.value = option.default;
      label.append(option.name + " ", input);
    }
    input.id = "option-" + option.name;
    input.dataset.option = option.name;
    input.addEventListener("change", buildSeats);
    box.appendChild(label);
  }
  buildSeats();
}

function buildSeats() {
  const box = $("seats");
  const kept = [...box.querySelectorAll("select")].map((s) => s.value);
  box.textContent = "";
  const draughts = ruleSet().family === "draughts";
  for (let i = 0; i < seatCount(); i++) {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.id = "seat-" + i;
    for (const kind of ["person", "engine"]) select.add(new Option(kind, kind));
    select.value = kept[i] || (i === 0 ? "person" : "engine");
    label.append((draughts ? ["White", "Black"][i] : "Seat " + (i + 1)) + " ", select);
    box.appendChild(label);
  }
}

function newGameRequest() {
  const options = {};
  for (const input of $("options").querySelectorAll("input")) {
    options[input.dataset.option] = input.type === "checkbox" ? input.checked : Number(input.value);
  }
  const request = {
    variant: $("variant").value, options,
    seats: [...$("seats").querySelectorAll("select")].map((s) => s.value),
    time_per_move: Number($("time-per-move").value),
    engine: JSON.parse($("engine-limit").value),
    show_moves: $("show-moves").checked,
    rotate_starter: $("rotate-starter").checked,
  };
  const position = $("start-position").value.trim();
  if (position) request.position = position;
  return request;
}

// ---- the game ----

function personToMove() {
  return game && !game.result && game.seats[game.to_move].kind === "person";
}

function candidates() {
  // Legal moves that go on from the squares clicked so far.
  return game.legal.filter((m) => selection.every((square, i) => i === 0 ? m.path[0] === square
    : m.path.slice(1).includes(square)));
}

function marks() {
  const last = game.moves.length ? game.moves[game.moves.length - 1].path : [];
  const out = { last, targets: [] };
  if (!selection.length) return out;
  out.selected = selection[0];
  if ($("show-moves").checked) {
    const targets = new Set();
    for (const m of candidates()) targets.add(m.path[m.path.length - 1]);
    out.targets = [...targets];
  }
  return out;
}

async function render() {
  if (!game) return;
  const geometry = await geometryOf(game.variant);
  drawBoard($("board"), geometry, game.position, { flipped, marks: marks() });
  const seat = game.seats[game.to_move];
  let status;
  if (game.result) {
    const names = game.seats.map((s, i) => `${s.name}: ${game.result.places[i]}`).join(", ");
    status = `Game over (${game.result.reason}). Places: ${names}`;
  } else if (game.adjourned) {
    status = "Adjourned: " + game.message;
  } else {
    const side = game.family === "draughts" ? ["White", "Black"][game.to_move] : "Seat " + (game.to_move + 1);
    status = `${side} (${seat.name}) to move` + (game.thinking ? ", thinking…" : "");
  }
  $("status").textContent = status;
  $("status").dataset.over = game.result ? "true" : "false";
  $("status").dataset.toMove = game.to_move;
  $("status").dataset.plies = game.moves.length;
  $("resume").hidden = !game.adjourned;
  $("clock").textContent = game.time_left_ms !== undefined ? `Time left: ${Math.ceil(game.time_left_ms / 1000)} s` : "";
  const info = game.info || {};
  $("info").textContent = info.depth ? `depth ${info.depth}  score ${info.score}  nodes ${info.nodes}  pv ${info.pv}` : "";
  if (game.message && !game.adjourned) say(game.message);
  const list = $("move-list");
  list.textContent = "";
  for (const m of game.moves) {
    const item = document.createElement("li");
    item.textContent = m.pdn;
    list.appendChild(item);
  }
}

function schedulePoll() {
  clearTimeout(pollTimer);
  if (!game) return;
  const waiting = !game.result && !game.adjourned && (!personToMove() || game.time_left_ms !== undefined);
  pollTimer = setTimeout(refresh, waiting ? 250 : 2000);
}

async function refresh() {
  if (!game) return;
  try {
    const next = await api("GET", "/api/games/" + game.id);
    if (next.version !== game.version) selection = [];
    game = next;
    await render();
  } catch (error) {
    say(error.message);
  }
  schedulePoll();
}

async function show(state) {
  // A game's own setting on arrival; the checkbox is the person's after that.
  if (!game || game.id !== state.id) $("show-moves").checked = state.settings.show_moves;
  game = state;
  selection = [];
  location.hash = "game=" + game.id;
  localStorage.setItem("damier-game", game.id);
  await render();
  schedulePoll();
}

async function send(method, path, body) {
  say("");
  try {
    await show(await api(method, path, body));
  } catch (error) {
    say(error.message);
    selection = [];
    await render();
  }
}

async function play(move) {
  selection = [];
  await send("POST", `/api/games/${game.id}/move`, { move });
}

async function clickSquare(square) {
  if (!personToMove()) { say("Not your turn."); return; }
  const mover = game.family === "draughts" ? "wb"[game.to_move] : null;
  const piece = pieceAt(game.position, square);
  const ownPiece = piece && (mover ? piece.toLowerCase() === mover : game.legal.some((m) => m.path[0] === square));
  if (!selection.length || (ownPiece && selection.length === 1)) {
    if (!ownPiece) { say("Choose one of your pieces."); return; }
    selection = [square];
    say("");
    await render();
    return;
  }
  const options = candidates().filter((m) => m.path.slice(1).includes(square));
  const ending = options.filter((m) => m.path[m.path.length - 1] === square);
  if (ending.length >= 1 && (ending.length === options.length || ending.length === 1)) {
    // Several captures may join the same squares: the one through the squares clicked wins.
    const chosen = ending.find((m) => selection.slice(1).every((s) => m.path.includes(s))) || ending[0];
    await play(chosen.hub);
  } else if (options.length) {
    selection.push(square);  // a landing square on the way of a multiple capture
    await render();
  } else {
    // Not a legal move: the server is asked all the same and refuses it with its reason.
    await play(`${selection[0]}-${square}`);
  }
}

// ---- the watch page ----

async function refreshWatch() {
  if ($("watch-view").hidden) return;
  try {
    const games = await api("GET", "/api/watch");
    $("watch-status").textContent = games.length ? `${games.length} games` : "No game yet.";
    const box = $("watch-games");
    box.textContent = "";
    for (const g of games.slice(0, 12)) {
      const card = document.createElement("div");
      card.className = "watch-game panel";
      const title = document.createElement("div");
      const outcome = g.over ? ` — places ${g.places.join("-")} (${g.reason})` : ` — ${g.plies} plies`;
      title.textContent = `Game ${g.game}: ${g.seats.join(" vs ")}${outcome}`;
      const svg = svgElement("svg", {});
      card.append(title, svg);
      box.appendChild(card);
      if (g.error) { title.textContent += " (" + g.error + ")"; continue; }
      drawBoard(svg, await geometryOf(g.variant), g.position, { prefix: `w${g.game}-` });
    }
  } catch (error) {
    $("watch-status").textContent = error.message;
  }
  setTimeout(refreshWatch, 1000);
}

function showTab(watch) {
  $("play-view").hidden = watch;
  $("watch-view").hidden = !watch;
  $("tab-play").classList.toggle("active", !watch);
  $("tab-watch").classList.toggle("active", watch);
  if (watch) refreshWatch();
}

// ---- start ----

async function start() {
  rules = await api("GET", "/api/rules");
  for (const set of rules.rule_sets) $("variant").add(new Option(set.name, set.name));
  $("variant").addEventListener("change", buildOptions);
  buildOptions();
  $("new-game").addEventListener("click", () => send("POST", "/api/games", newGameRequest()));
  $("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-square]");
    if (target) clickSquare(Number(target.dataset.square));
  });
  $("undo").addEventListener("click", () => game && send("POST", `/api/games/${game.id}/undo`));
  $("rematch").addEventListener("click", () => game && send("POST", `/api/games/${game.id}/rematch`));
  $("resume").addEventListener("click", () => game && send("POST", `/api/games/${game.id}/resume`));
  $("flip").addEventListener("click", () => { flipped = !flipped; render(); });
  $("show-moves").addEventListener("change", render);
  $("set-position").addEventListener("click", () => game && send("POST", `/api/games/${game.id}/position`,
    { position: $("position-text").value.trim() }));
  $("export").addEventListener("click", async () => {
    if (!game) return;
    const text = await api("GET", `/api/games/${game.id}/record`);
    $("record").textContent = text;
    $("record").hidden = false;
    const link = $("record-link");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = game.family === "draughts" ? "game.pdn" : "game.txt";
    link.hidden = false;
  });
  $("tab-play").addEventListener("click", () => showTab(false));
  $("tab-watch").addEventListener("click", () => showTab(true));
  const id = (location.hash.match(/game=(\w+)/) || [])[1] || localStorage.getItem("damier-game");
  if (id) {
    try { await show(await api("GET", "/api/games/" + id)); } catch (error) { localStorage.removeItem("damier-game"); }
  }
  if (location.hash.includes("watch")) showTab(true);
  document.body.dataset.ready = "true";
}

start().catch((error) => say(error.message));
