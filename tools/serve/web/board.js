// Draws a position in SVG from the server's geometry (/api/geometry/NAME): a
// grid of numbered squares for draughts, the star of 121 cells for Chinese
// checkers. Each square or cell is an element with id sq-N and data-square=N,
// so clicks (and tests) find it by its number in the rule set's notation.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const CAMP_COLOURS = ["#d62828", "#f77f00", "#fcbf49", "#2a9d8f", "#1d3557", "#8e44ad"];

function svgElement(name, attributes) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

// The piece on square n of a Hub position string: "w", "b", "W", "B" (draughts),
// "1".."6", "A".."F" (Chinese checkers) or "" when empty.
function pieceAt(position, n) {
  const c = position.charAt(n);
  return c === "e" || c === "" ? "" : c;
}

// Draws `position` on `svg`. options: flipped, prefix (id prefix of squares),
// marks: {selected: n, targets: [n], last: [n]}.
function drawBoard(svg, geometry, position, options) {
  const opts = Object.assign({ flipped: false, prefix: "sq-", marks: {} }, options);
  const marks = Object.assign({ targets: [], last: [] }, opts.marks);
  svg.textContent = "";
  if (geometry.kind === "grid") drawGrid(svg, geometry, position, opts, marks);
  else drawStar(svg, geometry, position, opts, marks);
}

function drawGrid(svg, geometry, position, opts, marks) {
  const size = 50;
  svg.setAttribute("viewBox", `0 0 ${geometry.cols * size} ${geometry.rows * size}`);
  for (let row = 0; row < geometry.rows; row++)
    for (let col = 0; col < geometry.cols; col++)
      svg.appendChild(svgElement("rect", { x: col * size, y: row * size, width: size, height: size, class: "light" }));
  for (const [n, row, col] of geometry.squares) {
    const r = opts.flipped ? geometry.rows - 1 - row : row;
    const c = opts.flipped ? geometry.cols - 1 - col : col;
    const classes = ["dark"];
    if (marks.last.includes(n)) classes.push("last");
    if (marks.selected === n) classes.push("selected");
    if (marks.targets.includes(n)) classes.push("target");
    const square = svgElement("rect", { x: c * size + 2, y: r * size + 2, width: size - 4, height: size - 4,
      class: classes.join(" "), id: opts.prefix + n, "data-square": n });
    svg.appendChild(square);
    const label = svgElement("text", { x: c * size + 4, y: r * size + 12, class: "label" });
    label.textContent = n;
    svg.appendChild(label);
    const piece = pieceAt(position, n);
    if (!piece) continue;
    const white = piece.toLowerCase() === "w";
    const cx = c * size + size / 2, cy = r * size + size / 2;
    svg.appendChild(svgElement("circle", { cx, cy, r: size * 0.38, class: "piece " + (white ? "white" : "black"),
      fill: white ? "#fdfdf5" : "#1b1b1b", "data-piece": piece }));
    if (piece === "W" || piece === "B")
      svg.appendChild(svgElement("circle", { cx, cy, r: size * 0.2, class: "crown" }));
  }
}

function drawStar(svg, geometry, position, opts, marks) {
  const dx = 14, dy = 24, radius = 11;
  let minX = Infinity, maxX = -Infinity;
  for (const [, x] of geometry.cells) { minX = Math.min(minX, x); maxX = Math.max(maxX, x); }
  const width = (maxX - minX) * dx + 2 * dx, height = 16 * dy + 2 * dy;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  for (const [n, x, row] of geometry.cells) {
    let px = (x - minX) * dx + dx, py = row * dy + dy;
    if (opts.flipped) { px = width - px; py = height - py; }
    const classes = ["cell"];
    if (marks.last.includes(n)) classes.push("last");
    if (marks.selected === n) classes.push("selected");
    if (marks.targets.includes(n)) classes.push("target");
    svg.appendChild(svgElement("circle", { cx: px, cy: py, r: radius, class: classes.join(" "),
      id: opts.prefix + n, "data-square": n }));
    const piece = pieceAt(position, n);
    if (!piece) continue;
    const king = piece >= "A" && piece <= "F";
    const camp = king ? piece.charCodeAt(0) - 65 : Number(piece) - 1;
    svg.appendChild(svgElement("circle", { cx: px, cy: py, r: radius - 3, class: "piece", fill: CAMP_COLOURS[camp],
      "data-piece": piece }));
    if (king) svg.appendChild(svgElement("circle", { cx: px, cy: py, r: 4, class: "crown" }));
  }
}
