// Zip Zap's table (served as /games/zipzap/table.js; helpers in /static/table-kit.js): the deck, the pile with
// who put each card down, the suits in play; a seat's plate shows whether it still holds its Zap.

import {capital, centre, chip, div, drawPile, facts, playPile} from "/static/table-kit.js";

export const hint = "Click a card to play it, or ← → to pick one and Enter. Z plays your Zap.";

export function board(ctx) {
  const {obs} = ctx;
  return centre(div("piles", drawPile(ctx, obs.draw_size, "deck"), playPile(ctx, obs.pile)),
    facts(chip(`suits in play: ${obs.suits_in_play.join(", ")}`)));
}

export function badges(ctx, p) {
  const {obs} = ctx;
  return obs.has_zap && obs.has_zap[p] ? [{text: "⚡ holds a Zap", title: "still holds the Zap card this round"}] : [];
}

export function status(ctx) {
  const {obs} = ctx;
  if (obs.phase === "race") return "Race! Anyone with a card that follows may play it.";
  if (obs.phase === "lead" && obs.turn !== null) return `${capital(ctx.who(obs.turn))} starts again with any card.`;
  return null;
}

export function yourTurn(ctx) {
  return ctx.obs.phase === "lead" ? "Your lead: play any card." : "Race! Play a card that follows, quick.";
}

// Points left in hand, lower is better; the `scoring=wins` variant counts rounds won, higher is better.
export function scoreOrder(state) { return state.options.scoring === "wins" ? "higher" : "lower"; }
