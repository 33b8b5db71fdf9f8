// Cards drawn as SVG from their faces: colour, number, animal, symbol, shape, size ...
// The faces come from the server (GET /api/games/{id}/cards: `Game.card_faces()`); a server without
// that route gets faces read here from the card texts of the observation vocabulary, so a table is
// always drawn. Every card carries its text as its accessible name.

const SVG = "http://www.w3.org/2000/svg";

// The printed colours, readable on the card's paper in light and dark mode alike.
const PALETTE = {
  red: "#d4372c", yellow: "#d9a400", green: "#2f9446", blue: "#2a66c9", orange: "#e9771c",
  purple: "#7b49b5", black: "#222", white: "#999",
};

let served = null; // card text -> face, from the server, for the game being drawn
let servedGame = null;

export async function loadFaces(game) {
  if (servedGame === game) return;
  servedGame = game; served = null;
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(game)}/cards`);
    if (response.ok) {
      const data = await response.json();
      served = data.cards || data.faces || data;
    }
  } catch { /* no card faces on this server: read them from the texts */ }
}

// -- faces -----------------------------------------------------------------------------------------
const ZOOP_WORDS = /^(\d+) (\w+) (.+?)s?$/;

export function faceOf(game, text) {
  if (served && served[text]) return normalise(served[text], text);
  return normalise(guess(game, text), text);
}

function normalise(face, text) {
  const colour = (face.colour || face.color || "").toString().toLowerCase();
  return {...face, text, colour, hex: face.colour_hex || PALETTE[colour] || null};
}

function guess(game, text) {
  const family = game.startsWith("zoker") ? "zoker" : game;
  const words = text.split(" ");
  if (family === "zipzap") {
    if (text === "zap") return {kind: "zap", label: "ZAP"};
    return {kind: words[0] === "wild" ? "wild" : "number", colour: words[0] === "wild" ? "" : words[0],
            number: +words[1]};
  }
  if (family === "zoop") {
    if (text === "wild card") return {kind: "wild", label: "Wild"};
    if (text === "cage") return {kind: "cage", label: "Cage"};
    const m = ZOOP_WORDS.exec(text);
    if (m) return {kind: "animal", number: +m[1], colour: m[2], animal: m[3].replace(/ie$/, "y")};
  }
  if (family === "zoker") {
    const m = /^(\w+) (S|M|L|XL)(\d)$/.exec(text);
    if (m) return {kind: "zoker", colour: m[1], size: m[2], shape: +m[3]};
  }
  if (family === "zar") {
    const colours = ["Blue", "Yellow", "Red"];
    if (colours.includes(words[0])) return {kind: "symbol", colour: words[0], symbol: words.slice(1).join(" ")};
    return {kind: "power", colour: "purple", symbol: text};
  }
  if (family === "zopzoo") {
    const tags = ["points", "bonus", "upper", "lower", "minus"];
    const last = words[words.length - 1];
    if (tags.includes(last)) return {kind: last, animal: words.slice(0, -1).join(" ")};
    return {kind: "animal", animal: text};
  }
  return {kind: "text", label: text};
}

// -- drawing ---------------------------------------------------------------------------------------
function node(tag, attrs = {}, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

function lines(text, width) {
  const out = [];
  for (const word of String(text).split(" ")) {
    const last = out[out.length - 1];
    if (last !== undefined && (last + " " + word).length <= width) out[out.length - 1] = last + " " + word;
    else out.push(word);
  }
  return out;
}

function words(svg, text, x, y, size, fill, width = 9, weight = 700) {
  const rows = lines(text, width);
  const top = y - ((rows.length - 1) * size * 1.05) / 2;
  rows.forEach((row, i) => svg.append(node("text", {x, y: top + i * size * 1.05, "font-size": size, fill,
    "text-anchor": "middle", "dominant-baseline": "central", "font-weight": weight}, row)));
}

function corners(svg, label, fill) {
  svg.append(node("text", {x: 9, y: 17, "font-size": 15, fill, "font-weight": 800}, label));
  svg.append(node("text", {x: 91, y: 131, "font-size": 15, fill, "font-weight": 800, "text-anchor": "end"}, label));
}

// Zoker figures: as many corners as the shape's value (1 a drop, 2 a leaf, 3 a triangle, 4 a square).
function figure(shape, scale, fill) {
  const s = 34 * scale;
  const c = [50, 70];
  let d;
  if (shape === 1) d = `M${c[0]} ${c[1] - s} Q${c[0] + s * 1.1} ${c[1] + s * 0.4} ${c[0]} ${c[1] + s * 0.75} Q${c[0] - s * 1.1} ${c[1] + s * 0.4} ${c[0]} ${c[1] - s}Z`;
  else if (shape === 2) d = `M${c[0]} ${c[1] - s} Q${c[0] + s} ${c[1]} ${c[0]} ${c[1] + s} Q${c[0] - s} ${c[1]} ${c[0]} ${c[1] - s}Z`;
  else if (shape === 3) d = `M${c[0]} ${c[1] - s} L${c[0] + s * 0.95} ${c[1] + s * 0.7} L${c[0] - s * 0.95} ${c[1] + s * 0.7}Z`;
  else d = `M${c[0] - s * 0.75} ${c[1] - s * 0.75} h${s * 1.5} v${s * 1.5} h${-s * 1.5}Z`;
  return node("path", {d, fill, stroke: "#0003", "stroke-width": 1.5});
}

const SIZE_SCALE = {S: 0.42, M: 0.6, L: 0.8, XL: 1.0};

function paint(svg, face) {
  const ink = face.hex || "#333";
  const kind = face.kind;
  if (kind === "zap") {
    svg.querySelector(".paper").setAttribute("fill", "#1f1f2b");
    svg.append(node("path", {d: "M58 18 L30 76 H50 L40 122 L72 58 H52 Z", fill: "#ffd230"}));
    corners(svg, "ZAP", "#ffd230");
    return;
  }
  if (kind === "wild" && face.number === undefined) {
    for (const [i, c] of ["red", "yellow", "green", "blue"].entries()) {
      svg.append(node("rect", {x: 14 + i * 18, y: 30, width: 18, height: 80, fill: PALETTE[c], opacity: 0.85}));
    }
    words(svg, face.label || "Wild", 50, 70, 20, "#fff", 9, 800);
    return;
  }
  if (kind === "cage") {
    for (let x = 22; x <= 78; x += 14) svg.append(node("line", {x1: x, y1: 28, x2: x, y2: 112, stroke: "#555", "stroke-width": 4}));
    words(svg, "Cage", 50, 70, 20, "#222");
    return;
  }
  if (face.number !== undefined && face.animal === undefined) { // Zip Zap's numbered cards
    if (kind === "wild") { // the wild suit: every colour at once
      for (const [i, c] of ["red", "yellow", "green", "blue"].entries()) {
        svg.append(node("rect", {x: 14 + i * 18, y: 22, width: 18, height: 96, fill: PALETTE[c]}));
      }
    }
    svg.append(node("ellipse", {cx: 50, cy: 70, rx: 36, ry: 48, fill: kind === "wild" ? "#fffdf6" : ink,
      opacity: 0.95}));
    svg.append(node("text", {x: 50, y: 72, "font-size": 46, fill: kind === "wild" ? "#222" : "#fff", "text-anchor": "middle",
      "dominant-baseline": "central", "font-weight": 800}, String(face.number)));
    corners(svg, String(face.number), kind === "wild" ? "#222" : ink);
    return;
  }
  if (face.shape !== undefined) { // the Zoker deck
    svg.append(figure(+face.shape, SIZE_SCALE[face.size] || 0.7, ink));
    corners(svg, `${face.size}${face.shape}`, ink);
    return;
  }
  if (face.animal !== undefined) { // Zoop's animals, Zop Zoo's cards
    if (face.number) {
      for (let i = 0; i < face.number; i++) svg.append(node("circle", {cx: 50 + (i - (face.number - 1) / 2) * 18, cy: 28, r: 7, fill: ink}));
    }
    const band = face.hex || ({points: "#c7901a", bonus: "#2f8f83", upper: "#6d5bb5", lower: "#6d5bb5", minus: "#b5443b"}[kind] || "#6b7a5a");
    svg.append(node("rect", {x: 8, y: 96, width: 84, height: 30, rx: 6, fill: band}));
    words(svg, face.animal, 50, 64, face.animal.length > 14 ? 13 : 16, "#222", 10);
    svg.append(node("text", {x: 50, y: 112, "font-size": 12, fill: "#fff", "text-anchor": "middle",
      "dominant-baseline": "central", "font-weight": 700}, face.number ? `${face.number} ${face.colour}` : kind));
    return;
  }
  if (face.symbol !== undefined) { // ZAR
    svg.append(node("rect", {x: 8, y: 8, width: 84, height: 124, rx: 8, fill: ink, opacity: 0.92}));
    words(svg, face.symbol, 50, 70, face.symbol.length > 10 ? 15 : 19, "#fff", 9, 800);
    if (face.colour && face.kind !== "power") corners(svg, face.colour[0].toUpperCase(), "#fff");
    return;
  }
  words(svg, face.label || face.text, 50, 70, 14, "#222", 10);
}

// A card as an SVG picture; `opts.down` draws its back; `opts.small` a smaller one.
export function cardSvg(game, text, opts = {}) {
  const svg = node("svg", {viewBox: "0 0 100 140", class: "card-svg", "aria-hidden": "true", focusable: "false"});
  if (opts.down || text === "down" || text === null) {
    svg.append(node("rect", {x: 1, y: 1, width: 98, height: 138, rx: 9, fill: "#2b3f66", stroke: "#0005"}));
    svg.append(node("rect", {x: 9, y: 9, width: 82, height: 122, rx: 6, fill: "none", stroke: "#c9a94a", "stroke-width": 3}));
    svg.append(node("text", {x: 50, y: 72, "font-size": 20, fill: "#c9a94a", "text-anchor": "middle",
      "dominant-baseline": "central", "font-weight": 800}, "z"));
    return svg;
  }
  svg.append(node("rect", {x: 1, y: 1, width: 98, height: 138, rx: 9, fill: "#fffdf6", stroke: "#0006", class: "paper"}));
  paint(svg, faceOf(game, text));
  return svg;
}

// A card element: a button when it can be acted on, else a picture; its accessible name is its text.
export function cardEl(game, text, opts = {}) {
  const down = opts.down || text === "down" || text === null;
  const name = down ? (opts.name || "face-down card") : (opts.name || text);
  const el = document.createElement(opts.button ? "button" : "div");
  el.className = "card" + (opts.small ? " small" : "") + (down ? " down" : "");
  if (opts.button) el.type = "button";
  else el.setAttribute("role", "img");
  el.setAttribute("aria-label", name);
  el.dataset.card = down ? "down" : text;
  el.title = name;
  el.append(cardSvg(game, down ? null : text, opts));
  return el;
}

// An empty place on the table (a free slot, an empty cell of the cube).
export function slotEl(label, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "div");
  el.className = "card slot" + (opts.small ? " small" : "");
  if (opts.button) el.type = "button";
  else el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  el.title = label;
  return el;
}
