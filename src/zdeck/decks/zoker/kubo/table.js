// Zoker Kubo's table (served as /games/zoker-kubo/table.js): the cube as its four layers, each card in its one
// place; the places where a card of your hand may go glow with that card's code. Structures scored this round,
// unclaimed ones (claim scoring), the extra draws and the cards laid this turn sit beside it.

import {capital, centre, chip, div, drawPile, facts, plural, text} from "/static/table-kit.js";
import {faceOf, slotEl} from "/static/cards.js";

export const hint = "Click a glowing place of the cube to lay that card there; D: draw, E: end the turn, S: Score!.";

function lineWords(line) { return line.split("/").join(", "); }

export function board(ctx) {
  const {obs} = ctx;
  const at = new Map(); // "layer:cell" -> the card whose place it is, from the faces of `place`
  ctx.faces.forEach((f) => { if (f.kind === "play" && f.layer !== undefined) at.set(`${f.layer}:${f.cell}`, f.card); });
  const laid = new Set(obs.table);
  const targets = new Set();
  for (const a of ctx.legal) if (a.face.kind === "play" && a.face.layer !== undefined) targets.add(`${a.face.layer}:${a.face.cell}`);
  const layers = div("cube");
  for (let layer = 3; layer >= 0; layer--) {
    const grid = div("layer");
    for (let cell = 0; cell < 16; cell++) {
      const card = at.get(`${layer}:${cell}`);
      const place = `layer ${layer + 1}, place ${cell + 1}`;
      let node;
      if (laid.has(card)) {
        node = ctx.card(card, {tiny: true, name: `${card} (${place})`});
        if (ctx.flash.landed && ctx.flash.landed.card === card) node.classList.add("landing");
      } else if (targets.has(`${layer}:${cell}`)) {
        node = slotEl(`${place}: lay ${card} here`, {tiny: true, button: true});
        node.classList.add("target");
        const code = text("span", card.split(" ")[1]); // the code of the card that goes here, in its colour
        code.setAttribute("aria-hidden", "true");
        node.prepend(code);
        node.style.color = faceOf(ctx.game, card).hex;
        ctx.bind(node, (f) => f.kind === "play" && f.layer === layer && f.cell === cell, `Lay ${card}`);
      } else {
        node = slotEl(`${place}: empty (the place of ${card})`, {tiny: true});
      }
      grid.append(node);
    }
    const name = `layer ${layer + 1}${layer === 0 ? " (bottom)" : layer === 3 ? " (top)" : ""}`;
    layers.append(div("layer-wrap", text("span", name, "count"), grid));
  }
  const scored = div("scored");
  for (const s of obs.scored.slice(-4)) scored.append(chip(`${capital(ctx.who(s.seat))} scored ${plural(s.points, "point")}: ${lineWords(s.line)}`));
  const turn = obs.turn === ctx.seat ? [obs.may_draw ? chip("you may draw another card") : null, chip(`you laid ${plural(obs.laid, "card")} this turn`)] : [];
  return centre(div("piles", drawPile(ctx, obs.draw_size)), layers,
    facts(obs.pending.length ? chip(`${plural(obs.pending.length, "structure")} not yet announced`, "hot") : null, ...turn), scored);
}

export function badges(ctx, p) {
  const {obs} = ctx;
  return obs.points ? [{text: `${plural(obs.points[p], "point")} this round`}] : [];
}

export function label(ctx, action) {
  const f = action.face;
  if (f.kind === "play") return `Lay ${f.card}`;
  if (f.call === "Score!") return `Score! ${lineWords(f.line)}`;
  return undefined;
}

export function say(ctx, face, who) {
  if (face.kind === "play") return `${capital(who)} laid ${face.card} on layer ${face.layer + 1}.`;
  if (face.call === "Score!") return `${capital(who)} announced ${lineWords(face.line)}: Score!`;
  return undefined;
}

export function status(ctx) {
  const {obs} = ctx;
  if (obs.phase === "shout") return `${capital(ctx.who(obs.missed_by))} did not announce a structure: anyone may shout Score!`;
  return obs.turn === null || obs.turn === undefined ? null : `${capital(ctx.who(obs.turn))}'s turn.`;
}

export function yourTurn(ctx) {
  const {obs} = ctx;
  if (obs.phase === "shout") return "Shout Score! for a structure left unannounced (S).";
  const can = (kind) => ctx.legal.some((a) => a.face.kind === kind);
  const asks = [can("play") ? "lay a card on a glowing place" : null, can("draw") ? "draw (D)" : null,
    can("call") ? "announce Score! (S)" : null, can("end") ? "end the turn (E)" : null].filter(Boolean);
  return `Your turn: ${asks.slice(0, -1).join(", ")}${asks.length > 1 ? " or " : ""}${asks[asks.length - 1]}.`;
}
