// Zoop's table (served as /games/zoop/table.js): the draw pile, the play pile, and what a table shows beside
// them: the animal a Wild Card declared (a badge with its picture), the card to match when a Wild Card or a Cage
// hides it, the Special Animal a Cage may capture, the cards owed, the direction of play.

import {capital, centre, chip, directionChip, div, drawPile, facts, pictureChip, playPile, plural} from "/static/table-kit.js";

export const hint = "Click a card to play it (← → and Enter). Z: ZOOP!, C: Captured!, D: draw, P: pass.";

const REASONS = {"everyone passes": "everyone passed", capture: "a capture", "special round": "the Special Round ended"};

export function board(ctx) {
  const {obs} = ctx;
  const capture = obs.capturable
    ? chip(`${capital(ctx.who(obs.capturable.player))}'s ${obs.capturable.card} may be captured with a Cage`, "hot") : null;
  return centre(div("piles", drawPile(ctx, obs.draw_size), playPile(ctx, obs.pile)),
    facts(obs.declared ? pictureChip(ctx, obs.declared, `Special Round: ${obs.declared}s only`) : null,
      obs.match && obs.match !== obs.top ? chip(`match: ${obs.match}`) : null,
      capture,
      obs.owed ? chip(`${capital(ctx.who(obs.turn))} must draw ${plural(obs.owed, "card")} first`, "hot") : null,
      obs.drawn ? chip(`you drew ${obs.drawn}`) : null,
      obs.discard_reason ? chip(`free discard: ${REASONS[obs.discard_reason] || obs.discard_reason}`) : null,
      directionChip(obs.direction)));
}

export function label(ctx, action) {
  const f = action.face;
  if (f.kind === "play" && f.declare) return `Wild Card: call ${f.declare}s`;
  if (f.call === "Captured!") return "Captured! (play your Cage)";
  if (f.kind === "pass" && ctx.obs.phase === "drawn") return "Keep it (pass)";
  if (f.kind === "pass" && ctx.obs.phase === "discard") return "No discard (pass)";
  return undefined;
}

export function say(ctx, face, who) {
  if (face.kind === "play" && face.declare) return `${capital(who)} played a Wild Card: Special Round of ${face.declare}s.`;
  if (face.call === "ZOOP!") return `${capital(who)} called ZOOP! with ${face.card}.`;
  if (face.call === "Captured!") return `${capital(who)} captured with a Cage.`;
  return undefined;
}

export function status(ctx) {
  const {obs} = ctx;
  if (obs.turn === null || obs.turn === undefined) return null;
  const name = capital(ctx.who(obs.turn));
  if (obs.phase === "owed") return `${name} must draw ${obs.owed ? plural(obs.owed, "card") : "cards"} first.`;
  if (obs.phase === "special") return `Special Round: ${name} must play a ${obs.declared} or draw.`;
  if (obs.phase === "discard") return `${name} may discard a card.`;
  return `${name}'s turn.`;
}

export function yourTurn(ctx) {
  const {obs} = ctx;
  if (obs.turn !== ctx.seat) return "You may call now!";
  if (obs.phase === "owed") return `Your turn: draw the ${plural(obs.owed, "card")} you owe (D).`;
  if (obs.phase === "drawn") return "You drew a card: play it, or keep it (P).";
  if (obs.phase === "special") return `Special Round: play a ${obs.declared}, or draw (D).`;
  if (obs.phase === "discard") return "You may discard a card, or pass (P).";
  return undefined;
}

// Rule 2.1 and its clarifications: a wrong, silent or colliding ZOOP! (or a late Cage) goes back, and one card is drawn.
export function penalty(ctx, face, late) {
  if (late) return "too late: another ZOOP! or Cage landed first. The card goes back to the hand and one card is drawn.";
  if (face.call === "ZOOP!") return `ZOOP! with ${face.card}, not the top card's twin: it goes back to the hand and one card is drawn.`;
  if (face.kind === "play") return "a card played without calling ZOOP!: it goes back to the hand and one card is drawn.";
  return "a wrong or missing call: the card goes back to the hand and one card is drawn.";
}
