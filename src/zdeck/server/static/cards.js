// Cards drawn as SVG from their faces: colour, number, animal, symbol, shape, size ...
// The faces come from the server (the first `state` message's `table.cards`, or GET /api/games/{id}/cards:
// `Game.card_faces()`); the pictures of animals and symbols from the game's folder (`art.json`, served as
// /games/{id}/art.json, and its OpenMoji SVGs). A face the server did not send is read from the card's text, so a
// table is always drawn. Every card carries its text as its accessible name, and every colour is also written
// on the card in words or letters: colour is never the only cue.

const SVG = "http://www.w3.org/2000/svg";

// The printed colours, readable on the card's paper in light and dark mode alike.
const PALETTE = {
  red: "#d4372c", yellow: "#a67c00", green: "#2f9446", blue: "#2a66c9", orange: "#d0650f",
  purple: "#7b49b5", black: "#222", white: "#777",
};
const EFFECTS = { // Zoop's special cards: what they do, in two words
  any_single: "any animal", reverse: "reverse", next_draws: "next draws", next_misses: "next misses",
  next_misses_then_draws: "miss + draw", special_round: "Special Round", capture: "capture",
};

let served = null; // card text -> face, from the server, for the game being drawn
let servedKey = null;
const arts = new Map(); // game -> its art.json (pictures by animal, symbol or creature)

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

// The game's pictures (its folder's art.json); a game without any draws its cards with words alone.
export async function loadArt(game) {
  if (arts.has(game)) return;
  let art = {};
  try {
    const response = await fetch(`/games/${encodeURIComponent(game)}/art.json`);
    if (response.ok) art = await response.json();
  } catch { /* words alone */ }
  arts.set(game, art);
}

function files(picture) { return Array.isArray(picture.svg) ? picture.svg : [picture.svg]; }

// The picture named `name` (an animal, a symbol) in the game's art: {src, srcs, flip, emoji, text}, or null.
export function pictureOf(game, name) {
  const art = arts.get(game) || {};
  const picture = name && art.pictures && art.pictures[name];
  if (!picture) return null;
  const srcs = files(picture).map((f) => `/games/${encodeURIComponent(game)}/art/${f}`);
  return {...picture, src: srcs[0], srcs};
}

// A face's picture: by the keys art.json names (`by`), else by its kind.
function facePicture(game, face) {
  const art = arts.get(game) || {};
  for (const key of art.by || []) if (face[key]) { const found = pictureOf(game, face[key]); if (found) return found; }
  const kind = art.kinds && art.kinds[face.kind];
  if (!kind) return null;
  const srcs = files(kind).map((f) => `/games/${encodeURIComponent(game)}/art/${f}`);
  return {...kind, src: srcs[0], srcs};
}

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
  if (family === "zoker") {
    const m = /^(\w+) (S|M|L|XL)(\d)$/.exec(text);
    return m ? {kind: "card", colour: m[1], size: m[2], shape: +m[3], label: `${m[2]}${m[3]}`} : {kind: "down"};
  }
  return {kind: "card", label: text};
}

// -- drawing ---------------------------------------------------------------------------------------
function node(tag, attrs = {}, content) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (content !== undefined) el.textContent = content;
  return el;
}

function lines(content, width) {
  const out = [];
  for (const word of String(content).split(" ")) {
    const last = out[out.length - 1];
    if (last !== undefined && (last + " " + word).length <= width) out[out.length - 1] = last + " " + word;
    else out.push(word);
  }
  return out;
}

// A line of text that always fits `room` units of the card's width: shrunk first, then squeezed (textLength).
function line(svg, content, x, y, size, fill, room = 84, weight = 700, anchor = "middle") {
  const wanted = String(content).length * size * 0.6;
  const attrs = {x, y, "font-size": size, fill, "text-anchor": anchor, "dominant-baseline": "central", "font-weight": weight};
  if (wanted > room) Object.assign(attrs, {textLength: room, lengthAdjust: "spacingAndGlyphs"});
  svg.append(node("text", attrs, content));
}

// Words on up to two lines, as large as fits: "Praying Mantis", "BEST BEAST", "Lightning Bolt".
function words(svg, content, x, y, largest, fill, room = 84, weight = 800) {
  const text = String(content);
  const rows = text.length * largest * 0.6 > room && text.includes(" ") ? lines(text, Math.ceil(text.length / 2)).slice(0, 2) : [text];
  const longest = Math.max(...rows.map((r) => r.length));
  const size = Math.max(9, Math.min(largest, Math.floor(room / (0.6 * longest))));
  const top = y - ((rows.length - 1) * size * 1.05) / 2;
  rows.forEach((row, i) => line(svg, row, x, top + i * size * 1.05, size, fill, room, weight));
}

function corners(svg, label, fill, size = 15) {
  svg.append(node("text", {x: 9, y: 8 + size, "font-size": size, fill, "font-weight": 800}, label));
  svg.append(node("text", {x: 91, y: 132, "font-size": size, fill, "font-weight": 800, "text-anchor": "end"}, label));
}

// An OpenMoji picture (or two overlaid: the Winged Dragon's wing) in a box of the card.
function picture(svg, found, x, y, size) {
  found.srcs.forEach((src, i) => {
    const box = i === 0 ? {x, y, size} : {x: x + size * 0.45, y: y - size * 0.12, size: size * 0.62};
    const attrs = {href: src, x: box.x, y: box.y, width: box.size, height: box.size};
    if (found.flip) attrs.transform = `translate(${2 * box.x + box.size} 0) scale(-1 1)`;
    svg.append(node("image", attrs));
  });
}

function band(svg, fill, label, y = 104, height = 26) {
  svg.append(node("rect", {x: 7, y, width: 86, height, rx: 6, fill}));
  line(svg, label, 50, y + height / 2, 13, "#fff", 80, 800);
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

function stripes(svg) {
  for (const [i, c] of ["red", "yellow", "green", "blue"].entries()) {
    svg.append(node("rect", {x: 14 + i * 18, y: 22, width: 18, height: 96, fill: PALETTE[c]}));
  }
}

function paper(svg, colour) { svg.querySelector(".paper").setAttribute("fill", colour); }

const PAINT = {
  zipzap(svg, face) {
    if (face.kind === "zap") {
      paper(svg, "#1f1f2b");
      svg.append(node("path", {d: "M58 18 L30 76 H50 L40 122 L72 58 H52 Z", fill: "#ffd230"}));
      corners(svg, "ZAP", "#ffd230");
      return;
    }
    const wild = face.colour === "wild";
    if (wild) stripes(svg);
    svg.append(node("ellipse", {cx: 50, cy: 66, rx: 34, ry: 44, fill: wild ? "#fffdf6" : face.hex, opacity: 0.95}));
    line(svg, String(face.number), 50, 68, 46, wild ? "#222" : "#fff", 60, 800);
    band(svg, wild ? "#444" : face.hex, face.colour, 112, 20);
    corners(svg, String(face.number), wild ? "#222" : face.hex);
  },
  zoop(svg, face, game) {
    if (face.kind === "wild") {
      stripes(svg);
      svg.append(node("rect", {x: 10, y: 56, width: 80, height: 30, rx: 6, fill: "#fffdf6"}));
      words(svg, "Wild Card", 50, 71, 16, "#222", 76);
      return;
    }
    if (face.kind === "cage") {
      for (let x = 22; x <= 78; x += 14) svg.append(node("line", {x1: x, y1: 24, x2: x, y2: 100, stroke: "#555", "stroke-width": 4}));
      svg.append(node("rect", {x: 14, y: 50, width: 72, height: 26, rx: 5, fill: "#fffdf6", stroke: "#555"}));
      words(svg, "Cage", 50, 63, 18, "#222");
      band(svg, "#546e7a", "captures", 106, 24);
      return;
    }
    svg.append(node("rect", {x: 4, y: 4, width: 92, height: 132, rx: 8, fill: "none", stroke: face.hex, "stroke-width": 5}));
    words(svg, capitalWords(face.animal || face.label), 50, 18, 15, "#222", 80);
    const found = facePicture(game, face);
    const count = face.count || 1;
    if (found && count === 1) picture(svg, found, 22, 30, 56);
    else if (found) { picture(svg, found, 8, 28, 44); picture(svg, found, 48, 52, 44); }
    else words(svg, String(count), 50, 62, 36, face.hex);
    if (face.kind === "special") line(svg, `★ ${EFFECTS[face.effect] || "special"}`, 50, 99, 11, "#222", 84, 700);
    band(svg, face.hex, face.colour, 108, 24);
    corners(svg, String(count), face.hex, 13);
  },
  zar(svg, face, game) {
    const power = face.kind === "power" || face.kind === "chameleon";
    svg.append(node("rect", {x: 6, y: 6, width: 88, height: 128, rx: 8, fill: power ? "#3b2f5c" : face.hex}));
    svg.append(node("circle", {cx: 50, cy: 60, r: 31, fill: "#fffdf6"}));
    const found = facePicture(game, face);
    if (found) picture(svg, found, 27, 37, 46);
    const name = face.symbol || face.creature || face.label;
    words(svg, name, 50, 106, 14, "#fff", 82);
    const under = face.colour ? face.colour.toUpperCase() : face.kind === "power" ? "POWER" : "";
    if (under) line(svg, under, 50, 124, 11, power ? "#ffd230" : "#fff", 80, 800);
    if (face.kind === "command") line(svg, `command`, 50, 18, 10, "#fff", 60, 700);
    if (face.colour) corners(svg, face.colour[0], "#fff", 13);
  },
  zopzoo(svg, face, game) {
    const black = face.deck === "black";
    if (black) paper(svg, "#2a2a30");
    const fg = black ? "#f3f3f3" : "#222";
    svg.append(node("rect", {x: 4, y: 4, width: 92, height: 132, rx: 8, fill: "none", stroke: face.hex, "stroke-width": 5}));
    words(svg, face.label, 50, 19, 15, fg, 80);
    const found = facePicture(game, face);
    if (found) picture(svg, found, 25, 32, 50);
    else if (face.category) words(svg, face.category, 50, 58, 14, face.hex, 80);
    const kind = face.kind === "category" || face.kind === "points" ? (face.category || "").toLowerCase() : face.kind;
    const value = face.value !== null && face.value !== undefined ? ` ${face.value > 0 && face.kind === "anti-minus" ? "+" : ""}${face.value}` : "";
    band(svg, face.hex, `${kind}${value}`, 104, 26);
  },
  zoker(svg, face, game, opts) {
    if (opts.tiny) { // a cell of Kubo's cube: the code large enough to read, over a small figure
      const small = figure(+face.shape, (SIZE_SCALE[face.size] || 0.7) * 0.8, face.hex);
      small.setAttribute("transform", "translate(0 -22)");
      svg.append(small);
      line(svg, `${face.size}${face.shape}`, 50, 108, 44, face.hex, 88, 900);
      return;
    }
    svg.append(figure(+face.shape, SIZE_SCALE[face.size] || 0.7, face.hex));
    // the colour's dots (1 blue .. 4 red) say the colour without its hue
    for (let i = 0; i < (face.dots || 0); i++) svg.append(node("circle", {cx: 88 - i * 8, cy: 14, r: 3, fill: face.hex}));
    corners(svg, `${face.size}${face.shape}`, face.hex, opts.small ? 20 : 15);
  },
};

function capitalWords(textWords) { return String(textWords).replace(/\b\w/g, (c) => c.toUpperCase()); }

function paint(svg, face, game, opts) {
  const family = game.startsWith("zoker") ? "zoker" : game;
  const painter = PAINT[family];
  if (painter) painter(svg, face, game, opts);
  else { // a game zdeck does not know: its picture (art.json), its label, its colour in words
    const found = facePicture(game, face);
    if (found) picture(svg, found, 25, 30, 50);
    if (face.colour) svg.append(node("rect", {x: 4, y: 4, width: 92, height: 132, rx: 8, fill: "none", stroke: face.hex, "stroke-width": 5}));
    words(svg, face.label || face.text, 50, found ? 100 : 70, 22, face.colour ? face.hex : "#222", 80);
    if (face.colour) band(svg, face.hex, face.colour, 110, 20);
  }
}

// A card as an SVG picture; `opts.down` draws its back; `opts.small` a smaller one, `opts.tiny` a cell of Kubo's cube.
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
  paint(svg, faceOf(game, text), game, opts);
  return svg;
}

// A card element: a button when it can be acted on, else a picture; its accessible name is its text.
export function cardEl(game, text, opts = {}) {
  const down = opts.down || text === "down" || text === null;
  const name = down ? (opts.name || "face-down card") : (opts.name || text);
  const el = document.createElement(opts.button ? "button" : "div");
  el.className = "card" + (opts.small ? " small" : "") + (opts.tiny ? " tiny" : "") + (down ? " down" : "");
  el.dataset.card = down ? "down" : text;
  el.title = name;
  el.append(cardSvg(game, down ? null : text, opts));
  named(el, name, opts.button);
  return el;
}

// A button is named by its (hidden) text, so that its name is all it says; a picture by its label.
function named(el, name, button) {
  if (button) {
    el.type = "button";
    const words = document.createElement("span");
    words.className = "visually-hidden";
    words.textContent = name;
    el.append(words);
  } else {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", name);
  }
}

// An empty place on the table (a free slot, an empty cell of the cube).
export function slotEl(label, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "div");
  el.className = "card slot" + (opts.small ? " small" : "") + (opts.tiny ? " tiny" : "");
  el.title = label;
  named(el, label, opts.button);
  return el;
}
