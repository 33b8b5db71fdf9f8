// The table of a game whose folder has no table.js (served as /games/<id>/table.js): drawn from the shared
// observation vocabulary alone (docs/observations.md): the draw pile (`draw_size`), the play pile (`pile`, else
// `top`), the direction of play. Your hand, the seats, every legal action as a card or a button, the log and the
// scores are the app's, as for every game: a ninth game is playable before it draws anything of its own.

import {centre, directionChip, div, drawPile, facts, playPile} from "/static/table-kit.js";

export const hint = "Click a card to play it (← → and Enter); the buttons say what else you may do, with their keys.";

export function board(ctx) {
  const {obs} = ctx;
  const pile = Array.isArray(obs.pile) ? obs.pile : obs.top ? [obs.top] : null;
  return centre(div("piles", typeof obs.draw_size === "number" ? drawPile(ctx, obs.draw_size) : null,
    pile ? playPile(ctx, pile) : null),
    facts(obs.direction === 1 || obs.direction === -1 ? directionChip(obs.direction) : null));
}
