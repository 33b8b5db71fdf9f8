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
let servedKey = null;

// The faces of a game with these players and options (some options change the deck or a card's points).
export async function loadFaces(game, players, options) {
  const query = new URLSearchParams({players: String(players)});
  for (const [name, value] of Object.entries(options || {})) query.set(name, typeof value === "string" ? value : JSON.stringify(value));
  const key = `${game}?${query}`;
  if (servedKey === key) return;
  servedKey = key; served = null;
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(game)}/cards?${query}`);
    if (response.ok) served = await response.json();
  } catch { /* no card faces from this server: read them from the texts */ }
}

// The card faces the first `state` message of a connection carries (its `table.cards`): no request needed.
export function setFaces(cards) { served = cards; servedKey = null; }

export function faceOf(game, text) {
  const face = (served && served[text]) || guess(game, text);
  return {...face, text, hex: face.colour_hex || PALETTE[(face.colour || "").toLowerCase()] || "#555"};
}

// Faces in the server's form (Game.card_faces), read from the texts: for a server that does not serve them.
function guess(game, text) {
  const words = text.split(" ");
  const family = game.startsWith("zoker") ? "zoker" : game;
  if (family === "zipzap") {
    return text === "zap" ? {kind: "zap", label: "Zap"} : {kind: "number", colour: words[0], number: +words[1], label: words[1]};
  }
  if (family === "zoop") {
    if (text === "wild card") return {kind: "wild", label: "Wild"};
    if (text === "cage") return {kind: "cage", label: "Cage"};
    const animal = words.slice(2).join(" ").replace(/s$/, "");
    return {kind: "basic", colour: words[1], animal, count: +words[0], label: `${words[0]} ${animal}`};
  }
  if (family === "zoker") {
    const m = /^(\w+) (S|M|L|XL)(\d)$/.exec(text);
    return m ? {kind: "card", colour: m[1], size: m[2], shape: +m[3], label: `${m[2]}${m[3]}`} : {kind: "down"};
  }
  if (family === "zar") {
    if (["Blue", "Yellow", "Red"].includes(words[0])) return {kind: "symbol", colour: words[0], label: words.slice(1).join(" ")};
    return {kind: "power", label: text};
  }
  return {kind: "card", label: text};
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

function paint(svg, face, game) {
  const family = game.startsWith("zoker") ? "zoker" : game;
  const ink = face.hex;
  if (face.kind === "zap") {
    svg.querySelector(".paper").setAttribute("fill", "#1f1f2b");
    svg.append(node("path", {d: "M58 18 L30 76 H50 L40 122 L72 58 H52 Z", fill: "#ffd230"}));
    corners(svg, "ZAP", "#ffd230");
  } else if (family === "zipzap") {
    const wild = face.colour === "wild";
    if (wild) stripes(svg);
    svg.append(node("ellipse", {cx: 50, cy: 70, rx: 36, ry: 48, fill: wild ? "#fffdf6" : ink, opacity: 0.95}));
    big(svg, String(face.number), wild ? "#222" : "#fff", 46);
    corners(svg, String(face.number), wild ? "#222" : ink);
  } else if (face.kind === "wild") {
    stripes(svg);
    words(svg, face.label || "Wild", 50, 70, 20, "#fff", 9, 800);
  } else if (face.kind === "cage") {
    for (let x = 22; x <= 78; x += 14) svg.append(node("line", {x1: x, y1: 28, x2: x, y2: 112, stroke: "#555", "stroke-width": 4}));
    svg.append(node("rect", {x: 16, y: 58, width: 68, height: 26, rx: 5, fill: "#fffdf6", stroke: "#555"}));
    words(svg, "Cage", 50, 71, 18, "#222");
  } else if (family === "zoker") {
    svg.append(figure(+face.shape, SIZE_SCALE[face.size] || 0.7, ink));
    corners(svg, `${face.size}${face.shape}`, ink);
  } else if (family === "zoop") {
    for (let i = 0; i < (face.count || 0); i++) svg.append(node("circle", {cx: 50 + (i - (face.count - 1) / 2) * 18, cy: 28, r: 7, fill: ink}));
    words(svg, face.animal || face.label, 50, 64, fit(face.animal || face.label, 17), "#222", 10);
    band(svg, ink, face.kind === "special" ? `special · ${face.colour}` : `${face.count} ${face.colour}`);
  } else if (family === "zar") {
    svg.append(node("rect", {x: 8, y: 8, width: 84, height: 124, rx: 8, fill: face.kind === "power" ? "#3b2f5c" : ink, opacity: 0.95}));
    words(svg, face.label, 50, 66, fit(face.label, 20), "#fff", 9, 800);
    if (face.kind === "command") svg.append(node("text", {x: 50, y: 112, "font-size": 12, fill: "#fff", "text-anchor": "middle", "font-weight": 700}, "command"));
    if (face.kind === "power") svg.append(node("text", {x: 50, y: 112, "font-size": 12, fill: "#ffd230", "text-anchor": "middle", "font-weight": 700}, "power"));
    if (face.colour) corners(svg, face.colour[0].toUpperCase(), "#fff");
  } else if (family === "zopzoo") {
    if (face.deck === "black") svg.querySelector(".paper").setAttribute("fill", "#2a2a30");
    const fg = face.deck === "black" ? "#f3f3f3" : "#222";
    words(svg, face.label, 50, 58, fit(face.label, 16), fg, 10);
    band(svg, ink, face.kind);
    if (face.value !== null && face.value !== undefined) corners(svg, String(face.value), face.deck === "black" ? "#ffd230" : ink);
  } else {
    words(svg, face.label || face.text, 50, 70, 14, "#222", 10);
  }
}

function fit(text, largest) { // a long line shrinks to fit the card's width (lines wrap at 9 characters)
  const longest = Math.max(...lines(String(text), 9).map((line) => line.length));
  return Math.min(largest, Math.floor(150 / Math.max(longest, 1)));
}

function big(svg, label, fill, size) {
  svg.append(node("text", {x: 50, y: 72, "font-size": size, fill, "text-anchor": "middle", "dominant-baseline": "central", "font-weight": 800}, label));
}

function stripes(svg) {
  for (const [i, c] of ["red", "yellow", "green", "blue"].entries()) {
    svg.append(node("rect", {x: 14 + i * 18, y: 22, width: 18, height: 96, fill: PALETTE[c]}));
  }
}

function band(svg, fill, label) {
  svg.append(node("rect", {x: 8, y: 96, width: 84, height: 30, rx: 6, fill}));
  svg.append(node("text", {x: 50, y: 112, "font-size": fit(label, 12), fill: "#fff", "text-anchor": "middle",
    "dominant-baseline": "central", "font-weight": 700}, label));
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
  paint(svg, faceOf(game, text), game);
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
