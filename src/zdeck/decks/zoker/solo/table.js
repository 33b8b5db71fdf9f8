// Zoker Solo's table (served as /games/zoker-solo/table.js): three rows of four above four piles; a card of the
// rows or a pile's cover card is clicked to move it, and a chooser asks onto which pile.

import {centre, chip, div, drawPile, facts, plural, text} from "/static/table-kit.js";
import {slotEl} from "/static/cards.js";

export const hint = "Click a card in the rows or a pile's top card to move it; N deals four more cards.";

function place(r, c) { return `row ${r + 1}, column ${c + 1}`; }

export function board(ctx) {
  const {obs} = ctx;
  const grid = div("solo-grid");
  obs.upper.forEach((row, r) => row.forEach((card, c) => {
    const node = card ? ctx.card(card, {button: true, name: `${card} (${place(r, c)})`}) : slotEl(`${place(r, c)}: empty`);
    if (card) ctx.bind(node, (f) => f.kind === "move" && f.place && f.place[0] === r && f.place[1] === c, `Move ${card} onto which pile?`);
    grid.append(node);
  }));
  const piles = div("solo-piles");
  obs.piles.forEach((pile, p) => {
    const stack = div("solo-pile");
    if (!pile.length) stack.append(slotEl(`pile ${p + 1}: empty`));
    pile.forEach((card, i) => {
      const top = i === pile.length - 1;
      const node = ctx.card(card, {button: top, name: top ? `${card} (top of pile ${p + 1}, ${plural(pile.length, "card")})` : card});
      if (top) ctx.bind(node, (f) => f.kind === "move" && f.from_pile === p, `Move pile ${p + 1} onto which pile?`);
      stack.append(node);
    });
    piles.append(div("solo-pile-wrap", stack, text("span", `pile ${p + 1}`, "count")));
  });
  return centre(div("solo", grid, piles), div("piles", drawPile(ctx, obs.draw_size)),
    facts(chip(`${plural(obs.free_places, "empty place")} (a deal needs 4)`), chip(`your score: ${obs.scores[0]} (the highest pile)`)));
}

function where(f, obs) { // `obs`: the table before the move (null: not known, for a log read back later)
  if (f.place) return `${(obs && obs.upper[f.place[0]][f.place[1]]) || "the card"} (${place(f.place[0], f.place[1])})`;
  return `pile ${f.from_pile + 1}`;
}

export function label(ctx, action) {
  const f = action.face;
  if (f.kind === "move") return `Onto pile ${f.pile + 1}`;
  if (f.kind === "deal") return "Deal four cards";
  return undefined;
}

export function say(ctx, face, who, before) {
  if (face.kind === "move") return `You moved ${where(face, before)} onto pile ${face.pile + 1}.`;
  if (face.kind === "deal") return "You dealt four more cards.";
  return undefined;
}

export function yourTurn(ctx) {
  const deal = ctx.legal.some((a) => a.face.kind === "deal");
  const move = ctx.legal.some((a) => a.face.kind === "move");
  return move && deal ? "Move a card onto a pile, or deal four more (N)." : move ? "Move a card onto a pile." : "Deal four more cards (N).";
}
