// ZAR's table (served as /games/zar/table.js): the draw pile, the play pile, what the top card counts as (a
// Chameleon's copy, a declared colour or symbol as a badge), the Wasps' draw waiting, the direction of play.

import {capital, centre, chip, directionChip, div, drawPile, facts, pictureChip, playPile, plural} from "/static/table-kit.js";

export const hint = "Click a card to play it (← → and Enter); a chooser offers pairs and calls. D: draw, P: pass.";

const SYMBOLS = {Clouds: "Cloud", Galaxies: "Galaxy", "Lightning Bolts": "Lightning Bolt", Moons: "Moon", Stars: "Star", Suns: "Sun"};

export function board(ctx) {
  const {obs} = ctx;
  const declared = obs.declared
    ? (SYMBOLS[obs.declared] ? pictureChip(ctx, SYMBOLS[obs.declared], `declared: ${obs.declared}`) : chip(`declared colour: ${obs.declared}`, "hot"))
    : null;
  return centre(div("piles", drawPile(ctx, obs.draw_size), playPile(ctx, obs.pile)),
    facts(obs.top_as && obs.top_as !== obs.top ? chip(`the Chameleon counts as ${obs.top_as}`, "hot") : null,
      declared,
      obs.stack ? chip(`Wasps: the next player draws ${obs.stack} unless they play a Wasp`, "hot") : null,
      obs.matchable ? chip("open to a MATCH: an identical card may be played now") : null,
      obs.drawn ? chip(`you drew ${obs.drawn}`) : null,
      directionChip(obs.direction)));
}

export function badges(ctx, p) {
  const {obs} = ctx;
  return obs.penalties && obs.penalties[p] ? [{text: `${plural(obs.penalties[p], "penalty card")}`, title: "cards drawn for missed or wrong calls"}] : [];
}

export function label(ctx, action) {
  const f = action.face;
  if (f.kind !== "play") return undefined;
  const what = f.cards && f.cards.length > 1 ? f.cards.join(" + ") : f.cards && f.cards[0] === "Chameleon" ? `Chameleon as ${f.card}` : f.card;
  const declare = f.declare ? `, declare ${f.declare}` : "";
  return `${f.call ? `${f.call}: ` : ""}${what}${declare}`;
}

export function say(ctx, face, who) {
  if (face.kind !== "play") return undefined;
  const what = face.cards && face.cards.length > 1 ? face.cards.join(" and ") : face.cards && face.cards[0] === "Chameleon" ? `a Chameleon as ${face.card}` : face.card;
  return `${capital(who)}${face.call ? ` called ${face.call} and` : ""} played ${what}${face.declare ? `, declaring ${face.declare}` : ""}.`;
}

export function status(ctx) {
  const {obs} = ctx;
  if (obs.phase === "out") return "A player is out: the last card may still be matched.";
  return obs.turn === null || obs.turn === undefined ? null : `${capital(ctx.who(obs.turn))}'s turn.`;
}

export function yourTurn(ctx) {
  const {obs} = ctx;
  if (obs.turn !== ctx.seat) return "You hold an identical card: MATCH it now!";
  if (obs.phase === "drawn") return "You drew a card: play it, or pass (P).";
  return undefined;
}

// Under spoken calls a forgotten ZAR (and, with `calls=strict`, a missing MATCH or a wrong size word) draws a card.
export function penalty(ctx, face, late) {
  if (late) return "too late: the card had been answered already. One penalty card is drawn.";
  return face.call !== undefined ? `the call "${face.call || "(none)"}" was not the one due: one penalty card is drawn.`
    : "a call was missing or wrong: one penalty card is drawn.";
}
