// Zoker Memo's table (served as /games/zoker-memo/table.js): the face-down grid. The two cards of every turn,
// yours or anyone's, stay face up in their places for a while after the turn (HOLD_MS), as a player shows them
// before turning them back: a memory game is played by remembering them. The log names both cards and places.

import {capital, centre, chip, div, facts, plural, text, verb} from "/static/table-kit.js";
import {slotEl} from "/static/cards.js";

export const hint = "Click a face-down card (or Tab to it and press Enter) to turn it.";
export const HOLD_MS = 4000;

// The turns shown face up now: place -> {card, seat, until}, kept in ctx.memory across drawings.
function reveals(ctx) {
  const {obs, memory} = ctx;
  const shown = memory.get("reveals") || new Map();
  const seen = memory.get("flips");
  if (obs.last_turn && seen !== obs.flips && obs.phase !== "second") {
    const until = ctx.now() + HOLD_MS;
    obs.last_turn.places.forEach((place, i) => shown.set(place - 1, {card: obs.last_turn.cards[i], seat: obs.last_turn.seat, until}));
    ctx.later(HOLD_MS + 50);
  }
  memory.set("flips", obs.flips);
  for (const [place, r] of shown) if (r.until <= ctx.now()) shown.delete(place);
  memory.set("reveals", shown);
  return shown;
}

export function board(ctx) {
  const {obs} = ctx;
  const shown = reveals(ctx);
  const grid = div("memo-grid");
  grid.style.setProperty("--cols", String(Math.ceil(Math.sqrt(obs.table.length))));
  obs.table.forEach((card, i) => {
    const place = `place ${i + 1}`;
    const held = shown.get(i);
    let node;
    if (card === null && !held) node = slotEl(`${place}: taken`, {small: true});
    else if (card === "down" && held) {
      node = ctx.card(held.card, {small: true, button: true, name: `${place}: ${held.card}, turned by ${ctx.who(held.seat)}, going back face down`});
      node.classList.add("reveal");
    } else if (card === null) {
      node = ctx.card(held.card, {small: true, name: `${place}: ${held.card}, taken by ${ctx.who(held.seat)}`});
      node.classList.add("reveal", "taken");
    } else if (card === "down") node = ctx.card(null, {down: true, button: true, small: true, name: `${place}: face down`});
    else node = ctx.card(card, {small: true, button: true, name: `${place}: ${card}, face up`});
    node.dataset.place = String(i + 1);
    if (card !== null) ctx.bind(node, (f) => f.kind === "turn" && f.place === i, `Turn the card at ${place}`);
    grid.append(div("memo-cell", node, text("span", String(i + 1), "place-number")));
  });
  const rule = obs.options.pair_rule === "two" ? "a pair shares exactly two of colour, size and shape" : "a pair shares at least one of colour, size and shape";
  return centre(grid, facts(lastTurn(ctx), chip(rule), chip(`${plural(obs.draw_size, "card")} left to deal`)));
}

function lastTurn(ctx) {
  const t = ctx.obs.last_turn;
  if (!t) return null;
  const who = ctx.who(t.seat);
  const cards = t.cards.map((c, i) => `${c} (place ${t.places[i]})`).join(" and ");
  return chip(`${capital(who)} ${verb(who, "turn", "turns")} ${cards}: ${t.taken ? "a pair, taken" : "no pair, turned back"}`, t.taken ? "hot" : "");
}

export function badges(ctx, p) {
  const {obs} = ctx;
  return obs.collected ? [{text: `${plural(obs.collected[p].length, "card")} taken`}] : [];
}

export function label(ctx, action) { return action.face.kind === "turn" ? `Turn place ${action.face.place + 1}` : undefined; }

// The log names the card turned and its place (from the table after the turn).
export function say(ctx, face, who, before) {
  if (face.kind !== "turn") return undefined;
  if (before === null) return `${capital(who)} turned the card at place ${face.place + 1}.`; // a log read back later
  const {obs} = ctx;
  const place = face.place + 1;
  const t = obs.last_turn;
  if (obs.phase === "second" && obs.face_up === place) return `${capital(who)} turned ${obs.table[face.place]} at place ${place}.`;
  if (t && t.places[1] === place) {
    return `${capital(who)} turned ${t.cards[1]} at place ${place}: ${t.taken ? `a pair with ${t.cards[0]}, taken` : `no pair with ${t.cards[0]} (place ${t.places[0]}); both go back face down`}.`;
  }
  return `${capital(who)} turned the card at place ${place}.`;
}

export function status(ctx) {
  const {obs} = ctx;
  if (obs.turn === null || obs.turn === undefined) return null;
  return `${capital(ctx.who(obs.turn))} ${obs.phase === "second" ? "turns a second card" : "turns a first card"}.`;
}

export function yourTurn(ctx) {
  return ctx.obs.phase === "second" ? "Turn a second card: does it make a pair?" : "Your turn: turn a card.";
}
