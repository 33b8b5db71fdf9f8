// Zop Zoo's table (served as /games/zopzoo/table.js): the black draw pile, the discard pile, the drawn card
// waiting for a decision, and every seat's row of six with covers and Side Bonus cards. A Specialty card's
// give, steal and switch are offered on the cards themselves and in a chooser that names the other seat.

import {capital, centre, chip, div, drawPile, facts, plural, text} from "/static/table-kit.js";
import {slotEl} from "/static/cards.js";

export const hint = "D: draw, T: take the discard (when it matches), G: dig with a MOLE; click a card in a row to cover, give, steal or switch it.";

function cardName(card) { return card.replace(/ (points|upper|\d+)$/, ""); } // "owl points", "beast 2": the animal, the card

export function board(ctx) {
  const {obs} = ctx;
  const rows = div("zoo-rows");
  const order = [...obs.rows.keys()].sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  for (const p of order) {
    const row = div("zoo-row" + (p === ctx.seat ? " mine" : ""));
    row.append(text("h4", p === ctx.seat ? "Your row" : `${capital(ctx.who(p))}'s row`));
    const cards = div("zoo-cards");
    for (const [card, cover] of obs.rows[p]) {
      const base = ctx.card(card, {button: true, small: true, name: cover ? `${card}, covered by ${cover}` : card});
      ctx.bind(base, (f) => (f.card === card) && (f.kind === "cover" || (f.kind === "steal" && p !== ctx.seat) ||
        ((f.kind === "give" || f.kind === "switch") && p === ctx.seat)), `${capital(cardName(card))}: what do you do?`);
      const unit = div("unit", base);
      if (cover) unit.append(ctx.card(cover, {small: true, name: `${cover} (on ${card})`}));
      cards.append(unit);
    }
    for (const bonus of obs.bonus[p]) {
      const node = ctx.card(bonus, {button: true, small: true});
      ctx.bind(node, (f) => f.card === bonus && ((f.kind === "steal" && p !== ctx.seat) ||
        ((f.kind === "give" || f.kind === "switch") && p === ctx.seat)), `${capital(bonus)}: what do you do?`);
      cards.append(div("unit bonus", node));
    }
    row.append(cards);
    rows.append(row);
  }
  const discard = obs.top ? ctx.card(obs.top, {button: true, name: `top of the discard pile: ${obs.top} (${plural(obs.pile_size, "card")})`})
    : slotEl("the discard pile is empty");
  if (obs.top) ctx.bind(discard, (f) => f.kind === "take", "Take the discard");
  const piles = div("piles", drawPile(ctx, obs.draw_size),
    div("pile-spot", discard, text("span", `discards: ${obs.pile_size}`, "count")),
    obs.drawn ? div("pile-spot pending", ctx.card(obs.drawn, {name: `drawn card: ${obs.drawn}`}), text("span", "drawn card", "count")) : null);
  const spent = obs.void.length ? chip(`used up: ${obs.void.map(cardName).join(", ")}`, "", "Specialty cards in the discard pile that can no longer be used") : null;
  return centre(piles, facts(chip(`first to ${obs.options.target} points wins`), spent), rows);
}

export function label(ctx, action) {
  const f = action.face;
  const name = f.card ? capital(cardName(f.card)) : "";
  if (f.kind === "give") return `Give ${name} to ${ctx.who(f.to) === "you" ? "yourself" : ctx.who(f.to)}`;
  if (f.kind === "steal") return `Steal ${name}`;
  if (f.kind === "switch") return `Switch ${name} for ${capital(cardName(f.for))}`;
  if (f.kind === "cover") return `Cover ${name}`;
  if (f.kind === "discard") return "Discard the drawn card";
  if (f.kind === "place") return "Place the drawn card";
  return undefined;
}

export function say(ctx, face, who) {
  const name = face.card ? cardName(face.card) : "";
  if (face.kind === "give") return `${capital(who)} gave ${name} to ${ctx.who(face.to)}.`;
  if (face.kind === "steal") return `${capital(who)} stole ${name}.`;
  if (face.kind === "switch") return `${capital(who)} switched ${name} for ${cardName(face.for)}.`;
  if (face.kind === "cover") return `${capital(who)} covered ${name}.`;
  if (face.kind === "draw") return `${capital(who)} drew ${ctx.obs.drawn ? cardName(ctx.obs.drawn) : "a card"}.`;
  return undefined;
}

const PHASES = {
  wild: "must cover a card with the BEAST",
  mole: "drew a MOLE: dig or discard it",
  special: "must use the Specialty card",
  match: "may place the drawn card",
  chain: "may take another discard",
  again: "draws again",
};

export function status(ctx) {
  const {obs} = ctx;
  if (obs.turn === null || obs.turn === undefined) return null;
  return `${capital(ctx.who(obs.turn))} ${PHASES[obs.phase] || "is choosing a pile"}.`;
}

// A Specialty card (drawn, or live on top of the discards) must be used: what it asks, in its words.
const SPECIALTY = {
  give: "Use the HYENA: give one of your cards to another player. Click it in your row.",
  steal: "Use the RACCOON: take a card from another player's row. Click it.",
  switch: "Use the EARTHWORM: switch one of your cards for another player's. Click yours in your row.",
};

export function yourTurn(ctx) {
  const {obs} = ctx;
  if (obs.phase === "wild") return "Cover one of your uncovered cards with the BEAST: click it.";
  const special = ctx.legal.map((a) => SPECIALTY[a.face.kind]).find(Boolean);
  if (special) return special;
  if (obs.phase === "again") return "Your card fitted: draw again (D).";
  return undefined;
}
