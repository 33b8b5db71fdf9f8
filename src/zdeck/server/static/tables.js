// One table per game family, drawn from the observation (docs/observations/<game>.md) and bound to the
// legal actions by their faces (`ctx.bind`): the pile and its top card, Zop Zoo's rows with covers,
// Solo's rows and piles, Memo's face-down grid, Tiko's trick, Kubo's cube as its four layers.

import {faceOf, slotEl} from "./cards.js";

export const TABLE_HINTS = {
  zipzap: "Click a card to play it. Keys: ← → pick a card, Enter plays it, Z plays the ZAP, T light/dark.",
  zoop: "Click a card to play it. Keys: ← → Enter, Z = ZOOP!, C = Captured!, D draw, P pass, T light/dark.",
  zar: "Click a card to play it (pairs and calls are offered). Keys: ← → Enter, D draw, P pass, T light/dark.",
  zopzoo: "D draw, T take the discard (when it matches), G dig; click your row's card to cover it. T light/dark.",
  zoker: "Click a card or a place to act. Keys: ← → Enter, D draw, E end, N deal, S Score!, T light/dark.",
};

function div(className, ...children) {
  const node = document.createElement("div");
  node.className = className;
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function text(tag, content, className = "") {
  const node = document.createElement(tag);
  node.textContent = content;
  if (className) node.className = className;
  return node;
}

function chip(label, className = "") {
  return text("span", label, `chip ${className}`.trim());
}

// The draw pile: a stack of backs with its count.
function drawPile(ctx, count, label = "draw pile") {
  const pile = ctx.card(null, {down: true, name: `${label}: ${count} cards`});
  pile.classList.add("stack");
  const drawActions = ctx.bind(pile, (f) => f.kind === "draw", "draw");
  return div("pile-spot", drawActions, text("span", `${count} left`, "count"));
}

// The play pile: the top card large, the few under it fanned; `played` names who put each down.
function playPile(ctx, cards, label = "play pile") {
  const spot = div("pile-spot");
  const fan = div("fan");
  const shown = cards.slice(-4);
  shown.forEach((entry, i) => {
    const card = typeof entry === "string" ? entry : entry.card;
    const seat = typeof entry === "string" ? null : entry.seat;
    const top = i === shown.length - 1;
    const node = ctx.card(card, {name: top ? `top of the ${label}: ${card}` : card});
    node.style.setProperty("--i", String(i - shown.length + 1));
    if (top) {
      node.classList.add("top");
      if (ctx.flash.landed && ctx.flash.landed.action && ctx.flash.landed.action.includes(card)) node.classList.add("landing");
    }
    const wrap = div("fan-card", node, seat !== null && seat !== undefined && top ? text("span", ctx.who(seat), "by") : null);
    fan.append(wrap);
  });
  if (!shown.length) fan.append(slotEl(`the ${label} is empty`));
  spot.append(fan);
  return spot;
}

function centre(...children) { return div("centre", ...children); }
function facts(...chips) { return div("facts-row", ...chips.filter(Boolean)); }

// -- the shedding games: Zip Zap, Zoop, ZAR -------------------------------------------------------------
function zipzap(ctx) {
  const {obs} = ctx;
  return centre(div("piles", drawPile(ctx, obs.draw_size), playPile(ctx, obs.pile)),
    facts(chip(`suits in play: ${obs.suits_in_play.join(", ")}`)));
}

function zoop(ctx) {
  const {obs} = ctx;
  return centre(div("piles", drawPile(ctx, obs.draw_size), playPile(ctx, obs.pile)),
    facts(obs.declared ? chip(`Special Round: ${obs.declared}`, "hot") : null,
      obs.match && obs.match !== obs.top ? chip(`to match: ${obs.match}`) : null,
      obs.capturable ? chip(`capturable: ${typeof obs.capturable === "string" ? obs.capturable : JSON.stringify(obs.capturable)}`, "hot") : null,
      obs.owed ? chip(`draws owed: ${obs.owed}`, "hot") : null,
      obs.drawn ? chip(`you drew: ${obs.drawn}`) : null,
      obs.discard_reason ? chip(`free discard (${obs.discard_reason})`) : null,
      chip(obs.direction === 1 ? "play goes ↻" : "play goes ↺")));
}

function zar(ctx) {
  const {obs} = ctx;
  return centre(div("piles", drawPile(ctx, obs.draw_size), playPile(ctx, obs.pile)),
    facts(obs.top_as && obs.top_as !== obs.top ? chip(`counts as ${obs.top_as}`, "hot") : null,
      obs.declared ? chip(`declared: ${obs.declared}`, "hot") : null,
      obs.stack ? chip(`Wasp draw pending: ${obs.stack}`, "hot") : null,
      obs.matchable ? chip("MATCH open") : null,
      obs.drawn ? chip(`you drew: ${obs.drawn}`) : null,
      obs.call ? chip(`called: ${obs.call}`) : null,
      chip(obs.direction === 1 ? "play goes ↻" : "play goes ↺")));
}

// -- Zoker Tiko: the trick ----------------------------------------------------------------------------
function tiko(ctx) {
  const {obs} = ctx;
  const trick = div("trick");
  for (const entry of obs.pile) {
    const node = ctx.card(entry.card, {name: `${ctx.who(entry.seat)} played ${entry.card}`});
    if (ctx.flash.landed && ctx.flash.landed.seat === entry.seat) node.classList.add("landing");
    trick.append(div("trick-card", node, text("span", ctx.who(entry.seat), "by")));
  }
  if (!obs.pile.length) trick.append(text("p", `${ctx.who(obs.leader)} leads the next trick.`, "muted"));
  const lastTrick = div("last-trick");
  if (obs.last_trick && obs.last_trick.length) {
    lastTrick.append(text("span", "last trick:", "muted small"));
    for (const entry of obs.last_trick) lastTrick.append(ctx.card(entry.card, {small: true, name: `${ctx.who(entry.seat)}: ${entry.card}`}));
  }
  return centre(div("piles", drawPile(ctx, obs.draw_size), trick), lastTrick,
    facts(chip(`compare: ${obs.options.compare}`), obs.leader !== null ? chip(`leader: ${ctx.who(obs.leader)}`) : null));
}

// -- Zop Zoo: each seat's row of six with covers and Side Bonus cards ----------------------------------
function zopzoo(ctx) {
  const {obs} = ctx;
  const rows = div("zoo-rows");
  const order = [...obs.rows.keys()].sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  for (const p of order) {
    const row = div("zoo-row" + (p === ctx.seat ? " mine" : ""));
    row.append(text("h4", `${ctx.who(p)}`));
    const cards = div("zoo-cards");
    for (const [card, cover] of obs.rows[p]) {
      const base = ctx.card(card, {button: true, small: true, name: cover ? `${card}, covered by ${cover}` : card});
      ctx.bind(base, (f) => (f.card === card) && (f.kind === "cover" || (f.kind === "steal" && p !== ctx.seat) ||
        ((f.kind === "give" || f.kind === "switch") && p === ctx.seat)), `${card}`);
      const unit = div("unit", base);
      if (cover) unit.append(ctx.card(cover, {small: true, name: `${cover} (on ${card})`}));
      cards.append(unit);
    }
    for (const bonus of obs.bonus[p]) {
      const node = ctx.card(bonus, {button: true, small: true});
      ctx.bind(node, (f) => f.card === bonus && ((f.kind === "steal" && p !== ctx.seat) ||
        ((f.kind === "give" || f.kind === "switch") && p === ctx.seat)), bonus);
      cards.append(div("unit bonus", node));
    }
    row.append(cards);
    rows.append(row);
  }
  const discard = obs.top ? ctx.card(obs.top, {button: true, name: `discard pile top: ${obs.top} (${obs.pile_size} cards)`}) : slotEl("the discard pile is empty");
  if (obs.top) ctx.bind(discard, (f) => f.kind === "take", "discard pile");
  const piles = div("piles", drawPile(ctx, obs.draw_size),
    div("pile-spot", discard, text("span", `discards: ${obs.pile_size}`, "count")),
    obs.drawn ? div("pile-spot pending", ctx.card(obs.drawn, {name: `drawn: ${obs.drawn}`}), text("span", "drawn", "count")) : null);
  return centre(piles, facts(chip(`target ${obs.options.target}`), obs.void.length ? chip(`spent: ${obs.void.join(", ")}`) : null), rows);
}

// -- Zoker Solo: three rows of four above four piles -------------------------------------------------
function solo(ctx) {
  const {obs} = ctx;
  const grid = div("solo-grid");
  obs.upper.forEach((row, r) => row.forEach((card, c) => {
    const name = `row ${r + 1}, column ${c + 1}`;
    const node = card ? ctx.card(card, {button: true, name: `${card} (${name})`}) : slotEl(`${name}: empty`);
    if (card) ctx.bind(node, (f) => f.kind === "move" && f.place && f.place[0] === r && f.place[1] === c, `Move ${card} to which pile?`);
    grid.append(node);
  }));
  const piles = div("solo-piles");
  obs.piles.forEach((pile, p) => {
    const stack = div("solo-pile");
    if (!pile.length) stack.append(slotEl(`pile ${p + 1}: empty`));
    pile.forEach((card, i) => {
      const top = i === pile.length - 1;
      const node = ctx.card(card, {button: top, name: top ? `${card} (top of pile ${p + 1}, ${pile.length} cards)` : card});
      node.style.setProperty("--i", String(i));
      if (top) ctx.bind(node, (f) => f.kind === "move" && f.from_pile === p, `Move pile ${p + 1} onto which pile?`);
      stack.append(node);
    });
    piles.append(div("solo-pile-wrap", stack, text("span", `pile ${p + 1}`, "count")));
  });
  return centre(div("solo", grid, piles), div("piles", drawPile(ctx, obs.draw_size)),
    facts(chip(`free places: ${obs.free_places}`), chip(`score ${obs.scores[0]}`)));
}

// -- Zoker Memo: the face-down grid ---------------------------------------------------------------------
function memo(ctx) {
  const {obs} = ctx;
  const grid = div("memo-grid");
  grid.style.setProperty("--cols", String(Math.ceil(Math.sqrt(obs.table.length))));
  obs.table.forEach((card, i) => {
    let node;
    if (card === null) node = slotEl(`place ${i + 1}: taken`, {small: true});
    else if (card === "down") node = ctx.card(null, {down: true, button: true, small: true, name: `place ${i + 1}: face down`});
    else node = ctx.card(card, {small: true, button: true, name: `place ${i + 1}: ${card}`});
    if (card !== null) ctx.bind(node, (f) => f.kind === "turn" && f.place === i, `place ${i + 1}`);
    grid.append(node);
  });
  const turned = obs.last_turn ? `${ctx.who(obs.last_turn.seat)} turned ${obs.last_turn.cards.join(" and ")}${obs.last_turn.taken ? ": a pair, taken" : ""}` : null;
  return centre(grid, facts(turned ? chip(turned) : null, chip(`rule: ${obs.options.pair_rule}`), chip(`${obs.draw_size} cards in the box`)));
}

// -- Zoker Kubo: the cube as its four layers -------------------------------------------------------------
function kubo(ctx) {
  const {obs} = ctx;
  const cellOf = new Map(); // card -> [layer, cell], from the faces of `place`
  const at = new Map(); // "layer:cell" -> card
  ctx.faces.forEach((f) => { if (f.kind === "play" && f.layer !== undefined) { cellOf.set(f.card, [f.layer, f.cell]); at.set(`${f.layer}:${f.cell}`, f.card); } });
  const laid = new Set(obs.table);
  const targets = new Map(); // "layer:cell" -> legal places there
  for (const a of ctx.legal) if (a.face.kind === "play" && a.face.layer !== undefined) targets.set(`${a.face.layer}:${a.face.cell}`, a);
  const layers = div("cube");
  for (let layer = 3; layer >= 0; layer--) {
    const grid = div("layer");
    for (let cell = 0; cell < 16; cell++) {
      const card = at.get(`${layer}:${cell}`);
      const place = `layer ${layer + 1}, place ${cell + 1}`;
      let node;
      if (laid.has(card)) {
        node = ctx.card(card, {small: true, name: `${card} (${place})`});
        if (ctx.flash.landed && ctx.flash.landed.action === `place ${card}`) node.classList.add("landing");
      } else if (targets.has(`${layer}:${cell}`)) {
        node = slotEl(`${place}: ${card} may go here`, {small: true, button: true});
        node.classList.add("target");
        node.textContent = card.split(" ")[1];
        node.style.color = faceOf(ctx.game, card).hex; // the card that goes here, in its colour
        ctx.bind(node, (f) => f.kind === "play" && f.layer === layer && f.cell === cell, card);
      } else {
        node = slotEl(`${place}: empty (${card})`, {small: true});
      }
      grid.append(node);
    }
    layers.append(div("layer-wrap", text("span", `layer ${layer + 1}${layer === 0 ? " (bottom)" : layer === 3 ? " (top)" : ""}`, "count"), grid));
  }
  const scored = div("scored");
  for (const s of obs.scored.slice(-4)) scored.append(chip(`${ctx.who(s.seat)}: ${s.line} +${s.points}`));
  return centre(div("piles", drawPile(ctx, obs.draw_size)), layers,
    facts(obs.pending.length ? chip(`unclaimed: ${obs.pending.length}`, "hot") : null, obs.may_draw ? chip("you may draw") : null,
      chip(`laid this turn: ${obs.laid}`)), scored);
}

const BOARDS = {zipzap, zoop, zar, zopzoo, "zoker-tiko": tiko, "zoker-solo": solo, "zoker-memo": memo, "zoker-kubo": kubo};

export function drawBoard(ctx) {
  const board = BOARDS[ctx.game];
  if (board) return board(ctx);
  const pre = document.createElement("pre");
  pre.textContent = JSON.stringify(ctx.obs, null, 1);
  return pre;
}

// Per seat, what the game shows beside its name.
export function seatExtra(ctx, p) {
  const {obs} = ctx;
  const bits = [];
  if (ctx.game === "zipzap" && obs.has_zap && obs.has_zap[p]) bits.push("holds a ZAP");
  if (ctx.game === "zar" && obs.penalties && obs.penalties[p]) bits.push(`penalties ${obs.penalties[p]}`);
  if (ctx.game === "zoker-tiko" && obs.won) bits.push(`won ${obs.won[p].length} cards`);
  if (ctx.game === "zoker-memo" && obs.collected) bits.push(`${obs.collected[p].length} cards collected`);
  if (ctx.game === "zoker-kubo" && obs.points) bits.push(`${obs.points[p]} points this round`);
  if (obs.dealer === p) bits.push("dealer");
  return bits.length ? text("span", bits.join(" · "), "extra") : null;
}
