// Shared drawing helpers for the games' table modules (src/zdeck/decks/<game>/table.js, served as
// /games/<id>/table.js; static/default-table.js when a game has none). A table module exports:
//
//   board(ctx)            -> the middle of the table (a DOM node), bound to legal actions with ctx.bind
//   badges(ctx, seat)     -> [{text, title, className}]: what a seat's plate shows beside its name (optional)
//   say(ctx, face, who)   -> the log line for an applied action, in players' words (optional; sayAction is the default)
//   label(ctx, action)    -> the words of a button (optional; actionLabel is the default)
//   status(ctx)           -> what the table is doing when it is not your turn (optional)
//   hint                  -> one line: how to play with the pointer and the keys
//
// `ctx` (app.js, makeContext) holds the state message, the observation `obs`, your `seat`, the seats' `names`,
// `who(seat)` ("you" or a name), the `legal` actions ({id, text, face}), `card(text, opts)`, `bind(node, match,
// title)`, `flash` (what just landed), `memory` (a Map a module keeps between drawings of one game),
// `later(ms)` (draw again then), `reduced` (the person asked for less motion) and `scoreOrder`.

import {slotEl, pictureOf} from "./cards.js";

export function div(className, ...children) {
  const node = document.createElement("div");
  if (className) node.className = className;
  node.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

export function text(tag, content, className = "") {
  const node = document.createElement(tag);
  node.textContent = content;
  if (className) node.className = className;
  return node;
}

// A fact of the table as a small badge; `hot` for what asks for attention now.
export function chip(label, className = "", title = "") {
  const node = text("span", label, `chip ${className}`.trim());
  if (title) node.title = title;
  return node;
}

export function centre(...children) { return div("centre", ...children); }
export function facts(...chips) { return div("facts-row", ...chips.filter(Boolean)); }

export function plural(n, one, many = `${one}s`) { return `${n} ${n === 1 ? one : many}`; }

export function capital(words) { return words ? words[0].toUpperCase() + words.slice(1) : words; }

// "you" acts in the second person, anyone else in the third: ("you", "draw", "draws") -> "you draw".
export function verb(who, base, third) { return who === "you" ? base : third; }

// A sentence ends with one mark: "Bram called snap!", "Bram drew a card."
export function sentence(words) { return /[.!?]$/.test(words) ? words : `${words}.`; }

// The draw pile: a stack of backs with its count; clicking it draws when drawing is legal.
export function drawPile(ctx, count, label = "draw pile") {
  const pile = ctx.card(null, {down: true, button: true, name: `${label}: ${plural(count, "card")}`});
  pile.classList.add("stack");
  ctx.bind(pile, (f) => f.kind === "draw", "Draw a card");
  return div("pile-spot", pile, text("span", `${count} left`, "count"));
}

// The play pile: the top card large, the few under it fanned; `entry.seat` names who put a card down.
export function playPile(ctx, cards, label = "play pile") {
  const spot = div("pile-spot");
  const fan = div("fan");
  const shown = cards.slice(-4);
  let by = null;
  shown.forEach((entry, i) => {
    const card = typeof entry === "string" ? entry : entry.card;
    const seat = typeof entry === "string" ? null : entry.seat;
    const top = i === shown.length - 1;
    const node = ctx.card(card, {name: top ? `top of the ${label}: ${card}` : card});
    if (top) {
      node.classList.add("top");
      if (ctx.flash.landed && ctx.flash.landed.card === card) node.classList.add("landing");
    }
    if (seat !== null && seat !== undefined && top) by = text("span", `by ${ctx.who(seat)}`, "by");
    fan.append(div("fan-card" + (top ? " top" : ""), node));
  });
  if (!shown.length) fan.append(slotEl(`the ${label} is empty`));
  spot.append(fan); // who played the top card goes under the whole fan, where no card covers it
  if (by) spot.append(by);
  return spot;
}

// The order of play as a table shows it: an arrow round the table.
export function directionChip(direction) {
  return direction === 1
    ? chip("↻ play goes clockwise", "", "the order of play: seat 1, 2, 3 ...")
    : chip("↺ play goes anticlockwise", "hot", "the order of play is reversed");
}

// A small picture of a card's animal or symbol for a badge (the declared animal, the symbol to match).
export function pictureChip(ctx, name, words, className = "hot") {
  const node = chip("", className);
  const picture = pictureOf(ctx.game, name);
  if (picture) {
    const img = document.createElement("img");
    img.src = picture.src; img.alt = ""; img.className = "chip-picture";
    node.append(img);
  }
  node.append(document.createTextNode(words));
  return node;
}

// -- players' words for actions ---------------------------------------------------------------------
const MOVES = {
  draw: ["draw a card", "drew a card", "Draw"],
  pass: ["pass", "passed", "Pass"],
  end: ["end the turn", "ended the turn", "End turn"],
  deal: ["deal", "dealt new cards", "Deal"],
  take: ["take the discard", "took the discard", "Take the discard"],
  dig: ["dig in the discards", "dug in the discards", "Dig"],
  stop: ["stop", "stopped", "Stop"],
  place: ["place the drawn card", "placed the drawn card", "Place it"],
};

// The button words of an action: its call, or its move, or its card.
export function actionLabel(ctx, action) {
  const face = action.face;
  if (MOVES[face.kind] && !face.card) return MOVES[face.kind][2];
  if (face.kind === "discard" && !face.card) return "Discard it";
  if (face.call && face.card && !["zap", "cage"].includes(face.card)) return `${face.call} ${face.card}`;
  if (face.call && face.line) return `${face.call} ${face.line.split("/").join(", ")}`;
  if (face.call) return face.call;
  if (face.kind === "discard") return `Discard ${face.card}`;
  if (face.kind === "play" && face.card) return `Play ${face.card}`;
  return capital(face.label || action.text);
}

// The log line of an applied action: "Bob drew a card", "you played red 4".
export function sayAction(ctx, face, who) {
  if (MOVES[face.kind] && !face.card) return `${capital(who)} ${MOVES[face.kind][1]}.`;
  if (face.kind === "discard") return `${capital(who)} discarded ${face.card || "the drawn card"}.`;
  if (face.call && face.line) return `${capital(who)} called ${face.call}: ${face.line.split("/").join(", ")}.`;
  if (face.call === "ZAP!") return `${capital(who)} called ZAP! and put the Zap down.`;
  if (face.call) return sentence(`${capital(who)} called ${face.call}${face.card && face.card !== "cage" ? ` with ${face.card}` : ""}`);
  if (face.kind === "play" && face.card) return `${capital(who)} played ${face.card}.`;
  return `${capital(who)}: ${face.label}.`;
}

// What each kind of legal action asks of you, as a short list ("play a card or draw").
export function todo(ctx) {
  const asks = [];
  const add = (words) => { if (!asks.includes(words)) asks.push(words); };
  for (const a of ctx.legal) {
    const f = a.face;
    if (f.call) add(`call ${f.call}`);
    else if (MOVES[f.kind] && !f.card) add(MOVES[f.kind][0]);
    else if (f.kind === "play") add("play a card");
    else if (f.kind === "discard") add("discard");
    else add(f.label.split(" ")[0]);
  }
  if (asks.length <= 1) return asks.join("");
  return `${asks.slice(0, -1).join(", ")} or ${asks[asks.length - 1]}`;
}
