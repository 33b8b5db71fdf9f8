// Zoker Tiko's table (served as /games/zoker-tiko/table.js): the trick as it lies with who laid each card, the
// previous trick, which card a new card is compared with; a seat's plate shows the cards it has won.

import {capital, centre, chip, div, drawPile, facts, plural, text, verb} from "/static/table-kit.js";

export const hint = "Click a card to lay it, or ← → to pick one and Enter.";

export function board(ctx) {
  const {obs} = ctx;
  const trick = div("trick");
  obs.pile.forEach((entry, i) => {
    const node = ctx.card(entry.card, {name: `${capital(ctx.who(entry.seat))} laid ${entry.card}`});
    if (ctx.flash.landed && ctx.flash.landed.seat === entry.seat && i === obs.pile.length - 1) node.classList.add("landing");
    if (i === obs.compared) node.classList.add("compared");
    trick.append(div("trick-card", node, text("span", capital(ctx.who(entry.seat)), "by")));
  });
  if (!obs.pile.length && !obs.over) {
    const leader = ctx.who(obs.leader);
    trick.append(text("p", `${capital(leader)} ${verb(leader, "lead", "leads")} the next trick.`, "note"));
  }
  const lastTrick = div("last-trick");
  if (obs.last_trick && obs.last_trick.length) {
    const taker = obs.last_trick[obs.last_trick.length - 1].seat;
    lastTrick.append(text("span", `last trick, taken by ${ctx.who(taker)}:`, "note small"));
    for (const entry of obs.last_trick) lastTrick.append(ctx.card(entry.card, {small: true, name: `${capital(ctx.who(entry.seat))}: ${entry.card}`}));
  }
  const rule = obs.options.compare === "top" ? "a card must beat the card on top of the trick" : "a card must beat the card laid just before it";
  return centre(div("piles", drawPile(ctx, obs.draw_size, "deck"), trick), lastTrick, facts(chip(rule)));
}

export function badges(ctx, p) {
  const {obs} = ctx;
  return obs.won ? [{text: `won ${plural(obs.won[p].length, "card")}`}] : [];
}

export function say(ctx, face, who) {
  return face.kind === "play" ? `${capital(who)} laid ${face.card}.` : undefined;
}

export function status(ctx) {
  const {obs} = ctx;
  return obs.turn === null || obs.turn === undefined ? null : `${capital(ctx.who(obs.turn))} to lay a card.`;
}

export function yourTurn(ctx) {
  return ctx.obs.pile.length ? "Your turn: lay a card." : "Your lead: lay any card.";
}
