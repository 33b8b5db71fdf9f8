// The lobby and the card tables: plain DOM and ES modules, the protocol of docs/protocol.md.
//
// A seat's token is kept in localStorage under the room's id, so closing the tab and coming back
// (or a reload) sits the same person down again. A control is bound to the action id of the card or
// call it stands for (the `legal_ids` of the state; the faces come with a connection's first state),
// never to a place in a list that could shift while the player aims; an action is sent by its id.

import {cardEl, loadFaces, setFaces} from "./cards.js";
import {drawBoard, seatExtra, TABLE_HINTS} from "./tables.js";

const $ = (id) => document.getElementById(id);
const KEY = (room) => `zdeck:room:${room}`;

let games = [];
let conn = null; // {room, token, ws, closed, tries}
let last = null; // the last state message
let facesKey = null;
let faces = []; // action id -> face
let nextId = 1;
const mine = new Map(); // message id -> the action sent
let flash = {landed: null, bounced: null, bouncedSeat: null}; // what to animate at the next drawing
let endDismissed = -1;
let focusCard = null; // the text of the hand card that had the keyboard focus

// -- small helpers ---------------------------------------------------------------------------------
export function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "className" || k === "onclick" || k === "hidden" || k === "disabled" || k === "type" || k === "href") node[k] = v;
    else node.setAttribute(k, v);
  }
  return node;
}

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join("; ") : data.detail;
    const error = new Error(detail || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

function show(section) {
  $("loading").hidden = true; // the line the server sent while this script loaded
  for (const id of ["lobby", "door", "table"]) $(id).hidden = id !== section;
}

function go(path) {
  history.pushState(null, "", path);
  route();
}

// -- theme -----------------------------------------------------------------------------------------
function applyTheme() {
  const chosen = localStorage.getItem("zdeck:theme");
  if (chosen) document.documentElement.dataset.theme = chosen;
  else delete document.documentElement.dataset.theme;
}

function toggleTheme() {
  const dark = document.documentElement.dataset.theme
    ? document.documentElement.dataset.theme === "dark"
    : matchMedia("(prefers-color-scheme: dark)").matches;
  localStorage.setItem("zdeck:theme", dark ? "light" : "dark");
  applyTheme();
}

// -- lobby -----------------------------------------------------------------------------------------
function gameById(id) { return games.find((g) => g.id === id); }

function showLobby() {
  closeConn();
  show("lobby");
  $("where").textContent = "lobby";
  document.title = "zdeck";
  refreshRooms();
}

function listGames() {
  const list = $("game-list");
  list.replaceChildren();
  for (const game of games) {
    const item = el("li", undefined, {className: "game"});
    const range = game.min_players === game.max_players ? `${game.min_players} player` : `${game.min_players}-${game.max_players} players`;
    item.append(el("h3", game.title), el("p", game.summary),
      el("p", `${range} · bots: ${game.bots.join(", ")}`, {className: "muted small"}));
    const row = el("p", undefined, {className: "row"});
    row.append(el("a", "Rules", {href: `/rules/${game.id}`, target: "_blank", rel: "noopener"}),
      el("button", "New table", {type: "button", onclick: () => { $("game").value = game.id; showGame(); $("players").focus(); }}));
    item.append(row);
    list.append(item);
  }
}

function showGame() {
  const game = gameById($("game").value);
  $("game-summary").textContent = game.summary;
  const players = $("players");
  players.min = game.min_players; players.max = game.max_players;
  if (!players.value || +players.value < game.min_players || +players.value > game.max_players) players.value = game.default_players;
  showSeats(game);
  const box = $("options");
  box.replaceChildren();
  for (const option of game.options) {
    const label = el("label", undefined, {className: "option"});
    label.append(el("span", option.name, {className: "name"}));
    let input;
    if (option.choices) {
      input = el("select");
      for (const choice of option.choices) input.append(el("option", String(choice), {value: JSON.stringify(choice)}));
      input.value = JSON.stringify(option.default);
    } else {
      input = el("input", undefined, {placeholder: option.default === null ? "default" : String(option.default), size: 8});
    }
    input.dataset.option = option.name;
    input.dataset.scope = option.scope;
    label.append(input, el("small", option.doc, {className: "muted"}));
    box.append(label);
  }
}

function showSeats(game) {
  const seats = $("seats");
  seats.replaceChildren(el("legend", "Who sits where"));
  for (let i = 0; i < +$("players").value; i++) {
    const label = el("label", `Seat ${i + 1}`, {className: "seat-choice"});
    const select = el("select", undefined, {"aria-label": `who sits at seat ${i + 1}`});
    select.dataset.seat = i;
    if (i === 0) select.append(el("option", "you", {value: "@you"}));
    select.append(el("option", "a person (open seat)", {value: "@open"}));
    for (const bot of game.bots) select.append(el("option", `bot: ${bot}`, {value: bot}));
    select.value = i === 0 ? "@you" : game.default_bot;
    label.append(select);
    seats.append(label);
  }
}

async function refreshRooms() {
  const body = $("rooms").querySelector("tbody");
  let rooms = [];
  try { rooms = await api("/api/rooms"); } catch (error) { $("status").textContent = error.message; }
  body.replaceChildren();
  $("no-rooms").hidden = rooms.length > 0;
  for (const room of rooms) {
    const row = el("tr");
    row.append(el("td", room.room), el("td", room.title), el("td", `${room.seats_taken}/${room.players}`), el("td", room.status));
    const cell = el("td");
    if (room.seats_open > 0) cell.append(el("button", "Join", {type: "button", onclick: () => go(`/rooms/${room.room}`)}));
    cell.append(el("button", "Watch", {type: "button", onclick: () => go(`/rooms/${room.room}#watch`)}));
    row.append(cell);
    body.append(row);
  }
}

function optionValue(input) {
  const text = input.value.trim();
  if (input.tagName === "SELECT") return JSON.parse(text);
  if (text === "") return undefined;
  try { return JSON.parse(text); } catch { return text; }
}

async function createRoom(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const bots = {};
  let me = null;
  for (const select of $("seats").querySelectorAll("select")) {
    if (select.value === "@you") me = +select.dataset.seat;
    else if (select.value !== "@open") bots[select.dataset.seat] = select.value;
  }
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const value = optionValue(input);
    if (value !== undefined) options[input.dataset.option] = value;
  }
  try {
    const made = await api("/api/rooms", {game: $("game").value, players: +$("players").value, options, bots});
    if (me !== null) await sitDown(made.room, ($("name").value || "").trim() || "Player", me);
    go(`/rooms/${made.room}${me === null && !made.seats.some((s) => s.open) ? "#watch" : ""}`);
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

async function sitDown(room, name, seat) {
  const joined = await api(`/api/rooms/${room}/join`, seat === undefined ? {name} : {name, seat});
  localStorage.setItem(KEY(room), JSON.stringify({seat: joined.seat, token: joined.token, name}));
  localStorage.setItem("zdeck:name", name);
  return joined;
}

// -- a room's door: sit down or watch ---------------------------------------------------------------
async function openRoom(room) {
  const hash = new URLSearchParams(location.hash.slice(1));
  const saved = JSON.parse(localStorage.getItem(KEY(room)) || "null");
  const token = hash.get("token") || (saved && saved.token);
  if (hash.get("token")) {
    localStorage.setItem(KEY(room), JSON.stringify({seat: null, token: hash.get("token")}));
    history.replaceState(null, "", `/rooms/${room}`); // the secret leaves the address bar
  }
  if (token) return connect(room, token);
  if (hash.has("watch")) return connect(room, null);
  let info;
  try {
    info = await api(`/api/rooms/${room}`);
  } catch (error) {
    show("door");
    $("door-title").textContent = `Table ${room}`;
    $("door-text").textContent = error.status === 404 ? "There is no such table (it may have been removed)." : error.message;
    $("door-join").hidden = true; $("door-watch").hidden = true;
    return;
  }
  const open = info.seats.filter((s) => s.open);
  if (!open.length) return connect(room, null);
  show("door");
  $("where").textContent = `table ${room}`;
  $("door-title").textContent = `${info.title}: table ${room}`;
  const sitting = info.seats.filter((s) => !s.open).map((s) => s.kind === "bot" ? `${s.name} (bot)` : s.name);
  $("door-text").textContent = `${open.length} seat(s) open of ${info.players}.` + (sitting.length ? ` Already seated: ${sitting.join(", ")}.` : "");
  $("door-join").hidden = false; $("door-watch").hidden = false;
  $("door-name").value = localStorage.getItem("zdeck:name") || "";
  $("door-join").onsubmit = async (event) => {
    event.preventDefault();
    try {
      await sitDown(room, $("door-name").value.trim() || "Player");
      connect(room, JSON.parse(localStorage.getItem(KEY(room))).token);
    } catch (error) { $("door-error").textContent = error.message; }
  };
  $("door-watch").onclick = () => connect(room, null);
}

// -- the connection ---------------------------------------------------------------------------------
function closeConn() {
  if (conn) { conn.closed = true; if (conn.ws) conn.ws.close(1000, "bye"); }
  conn = null; last = null;
}

function connect(room, token) {
  closeConn();
  show("table");
  $("log").replaceChildren();
  $("board").replaceChildren(); $("hand").replaceChildren(); $("opponents").replaceChildren(); $("calls").replaceChildren();
  keyed = new Map();
  conn = {room, token, ws: null, closed: false, tries: 0};
  open(conn);
}

function open(c) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = c.token ? `?token=${encodeURIComponent(c.token)}` : "";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/rooms/${c.room}${query}`);
  c.ws = ws;
  $("status").textContent = "connecting…";
  ws.onopen = () => { c.tries = 0; $("status").textContent = c.token ? "" : "watching"; };
  ws.onmessage = (message) => { if (conn === c) receive(JSON.parse(message.data)); };
  ws.onclose = (event) => {
    if (conn !== c || c.closed) return;
    if (event.code === 4401) { // this token holds no seat here (any more): forget it and knock again
      localStorage.removeItem(KEY(c.room));
      conn = null;
      openRoom(c.room);
      return;
    }
    if (event.code === 4404 || event.code === 4410) { conn = null; openRoom(c.room); return; } // gone or closed: say why
    c.tries += 1;
    const wait = Math.min(8000, 500 * 2 ** Math.min(c.tries, 4));
    $("status").textContent = `disconnected (${event.reason || event.code}); reconnecting…`;
    setTimeout(() => { if (conn === c) open(c); }, wait);
  };
}

function send(message) {
  if (!conn || !conn.ws || conn.ws.readyState !== WebSocket.OPEN) {
    toast("Not connected: your move was not sent. Reconnecting…", "bad");
    return null;
  }
  const id = nextId++;
  conn.ws.send(JSON.stringify({...message, id}));
  return id;
}

async function receive(message) {
  if (message.type === "state") {
    const key = JSON.stringify([message.game, message.seats.length, message.options]);
    if (message.table) { // a connection's first state: the game's action and card faces, sent once
      faces = message.table.faces; setFaces(message.table.cards); facesKey = key;
    } else if (key !== facesKey) {
      const query = new URLSearchParams({players: String(message.seats.length)});
      for (const [name, value] of Object.entries(message.options)) query.set(name, typeof value === "string" ? value : JSON.stringify(value));
      const [answer] = await Promise.all([api(`/api/games/${message.game}/actions?${query}`),
        loadFaces(message.game, message.seats.length, message.options)]);
      faces = answer.faces; facesKey = key;
    }
    if (last && message.number !== last.number) { $("log").replaceChildren(); endDismissed = -1; }
    last = message;
    draw();
  } else if (message.type === "event") {
    onEvent(message);
  } else if (message.type === "error") {
    toast(message.message, "bad");
    mine.delete(message.id);
  } else if (message.type === "result") {
    mine.delete(message.id);
  }
}

// -- the table --------------------------------------------------------------------------------------
function names(state) {
  const plain = state.seats.map((s) => s.open ? `seat ${s.seat + 1} (open)` : s.name);
  // two bots of one kind (or two people of one name) are told apart by their seat
  return plain.map((name, i) => plain.filter((n) => n === name).length > 1 ? `${name} (seat ${i + 1})` : name);
}

function who(seat) {
  if (!last || seat === null || seat === undefined) return "the table";
  if (seat === last.seat) return "you";
  return names(last)[seat] || `seat ${seat + 1}`;
}

function legalActions(state) {
  return state.legal.map((text, i) => ({id: state.legal_ids[i], text, face: faces[state.legal_ids[i]] || {kind: "other", label: text}}));
}

function act(action) {
  const id = send({type: "act", action: action.id, seen: last.version}); // by id; the server also reads texts
  if (id !== null) mine.set(id, action);
}

function choose(actions, title) {
  if (actions.length === 1) { act(actions[0]); return; }
  $("chooser-title").textContent = title;
  const box = $("chooser-options");
  box.replaceChildren();
  const labels = actions.map((a) => a.face.label);
  const unique = new Set(labels).size === labels.length;
  for (const action of actions) {
    box.append(el("button", unique ? action.face.label : action.text, {type: "button", className: "primary",
      onclick: () => { $("chooser").hidden = true; act(action); }}));
  }
  $("chooser").hidden = false;
  box.querySelector("button").focus();
}

function bind(node, actions, title) {
  if (!actions.length) return node;
  node.classList.add("playable");
  node.onclick = () => choose(actions, title);
  for (const a of actions) node.dataset.actions = ((node.dataset.actions || "") + " " + a.id).trim();
  return node;
}

function makeContext(state) {
  const legal = legalActions(state);
  const bound = new Set();
  const ctx = {
    game: state.game, state, obs: state.observation, seat: state.seat, names: names(state), legal, faces,
    flash,
    card: (text, opts = {}) => cardEl(state.game, text, opts),
    who,
    // Bind to `node` the legal actions whose face `match` accepts; they are then not offered as buttons.
    bind: (node, match, title) => {
      const actions = legal.filter((a) => match(a.face, a));
      actions.forEach((a) => bound.add(a.id));
      return bind(node, actions, title || node.getAttribute("aria-label") || "");
    },
    bound,
  };
  return ctx;
}

function draw() {
  const state = last;
  const obs = state.observation;
  const ctx = makeContext(state);
  document.title = `${state.title} · zdeck`;
  $("where").textContent = `${state.title} · table ${state.room}`;
  $("table-title").textContent = state.title;
  const round = obs.rounds ? `round ${obs.round} of ${obs.rounds}` : `round ${obs.round}`;
  $("table-info").textContent = `game ${state.number} · ${round} · ${state.status}`;
  $("rules-link").href = `/rules/${state.game}`;
  $("keys").textContent = TABLE_HINTS[state.game.startsWith("zoker") ? "zoker" : state.game] || "";
  drawSeats(ctx);
  const board = drawBoard(ctx);
  $("board").replaceChildren(board);
  $("board").dataset.game = state.game;
  drawHand(ctx);
  drawCalls(ctx);
  drawTurn(ctx);
  drawScores(ctx);
  drawEnd(ctx);
  flash = {landed: null, bounced: null, bouncedSeat: null};
}

function drawSeats(ctx) {
  const {state, obs} = ctx;
  const list = $("opponents");
  list.replaceChildren();
  const me = $("me");
  me.replaceChildren();
  for (const seat of state.seats) {
    const p = seat.seat;
    const item = el("li", undefined, {className: "seat"});
    if (p === state.seat && state.legal.length) item.classList.add("acting"); // who else could act is theirs to know
    if (flash.bouncedSeat === p) item.classList.add("bounced-seat");
    if (obs.turn === p) item.classList.add("turn");
    if (obs.winners && obs.winners.includes(p)) item.classList.add("winner");
    const name = el("span", p === state.seat ? `${ctx.names[p]} (you)` : ctx.names[p], {className: "name"});
    item.append(name);
    const tags = [];
    if (seat.kind === "bot") tags.push("bot");
    if (seat.standin) tags.push(`bot ${seat.standin} stands in`);
    if (seat.kind === "person" && !seat.open && !seat.connected) tags.push("away");
    if (tags.length) item.append(el("span", tags.join(" · "), {className: "tag"}));
    const facts = [];
    if (obs.hand_sizes) facts.push(`${obs.hand_sizes[p]} card${obs.hand_sizes[p] === 1 ? "" : "s"}`);
    facts.push(`score ${fmt(obs.scores[p])}`);
    item.append(el("span", facts.join(" · "), {className: "facts"}));
    const extra = seatExtra(ctx, p);
    if (extra) item.append(extra);
    if (obs.hand_sizes && p !== state.seat) {
      const backs = el("span", undefined, {className: "backs", "aria-hidden": "true"});
      for (let i = 0; i < Math.min(obs.hand_sizes[p], 12); i++) backs.append(el("i"));
      item.append(backs);
    }
    item.setAttribute("aria-label", `${item.querySelector(".name").textContent}: ${facts.join(", ")}` +
      (p === state.seat && state.legal.length ? ", may act now" : ""));
    if (p === state.seat) me.append(item); else list.append(item);
  }
}

function fmt(value) { return Number.isInteger(value) ? String(value) : String(Math.round(value * 10) / 10); }

function drawHand(ctx) {
  const hand = $("hand");
  hand.replaceChildren();
  const {obs, state} = ctx;
  if (!obs.hand) {
    hand.hidden = true;
    return;
  }
  hand.hidden = false;
  obs.hand.forEach((text) => {
    const actions = ctx.legal.filter((a) => (a.face.card === text && !a.face.cards) || (a.face.cards && a.face.cards.includes(text)));
    const playable = actions.filter((a) => ["play", "discard", "call"].includes(a.face.kind));
    const node = ctx.card(text, {button: true});
    if (playable.length) {
      playable.forEach((a) => ctx.bound.add(a.id));
      bind(node, playable, text);
    } else {
      node.setAttribute("aria-disabled", "true");
    }
    if (flash.bounced && flash.bounced === text) node.classList.add("bounced");
    hand.append(node);
  });
  if (focusCard) {
    const again = [...hand.querySelectorAll(".card")].find((n) => n.dataset.card === focusCard);
    if (again) again.focus({preventScroll: true});
  }
  hand.classList.toggle("yours", state.legal.length > 0);
}

const CALL_KEYS = {"ZAP!": "z", "ZOOP!": "z", "Captured!": "c", "Score!": "s"};
const MOVE_KEYS = {draw: "d", pass: "p", end: "e", deal: "n", take: "t", dig: "g", stop: "x", place: "l", discard: "k"};
let keyed = new Map(); // a call's or move's key -> the legal actions it stands for now

function drawCalls(ctx) {
  const box = $("calls");
  box.replaceChildren();
  keyed = new Map();
  for (const action of ctx.legal) {
    const face = action.face;
    const isCall = face.kind === "call" || (face.call && face.kind === "play" && ctx.game !== "zar");
    if (ctx.bound.has(action.id) && !isCall) continue;
    let label = face.label;
    const named = face.card && face.card !== "zap" && face.card !== "cage"; // a call about one card of several
    if (isCall && face.card && face.call) label = `${face.call} ${named ? face.card : ""}`.trim();
    else if (isCall && face.kind === "call" && named) label = `${face.label} ${face.card}`; // Zoop's silent zoop
    if (isCall && face.kind === "call" && face.cards && face.line) label = `Score! ${face.line}`;
    if (face.kind !== "call" && !isCall && !["draw", "pass", "end", "deal", "take", "dig", "stop", "place", "discard"].includes(face.kind)) label = action.text;
    const key = face.call ? CALL_KEYS[face.call] : MOVE_KEYS[face.kind];
    const button = el("button", label, {type: "button", className: isCall ? "call primary" : "move"});
    if (key) {
      // several actions on one key (a strict Zoop's ZOOP! of each card): the key asks which, as the terminal does
      button.dataset.key = key; button.title = `key ${key.toUpperCase()}`;
      keyed.set(key, [...(keyed.get(key) || []), action]);
    }
    button.dataset.actions = String(action.id);
    button.onclick = () => act(action);
    box.append(button);
  }
}

function drawTurn(ctx) {
  const {state, obs} = ctx;
  let text;
  if (state.status === "waiting") text = `Waiting for people: ${state.seats.filter((s) => s.open).length} seat(s) open. Share the link.`;
  else if (state.over) text = `Game over: ${obs.winners.map((p) => who(p)).join(" and ")} won.`;
  // Only what a real table shows: whether you may act, whose turn it is, that a window is open to everyone.
  // Never which other seats could act in a race: that is what they hold.
  else if (state.legal.length && obs.turn === state.seat) text = `Your turn (${obs.phase}).`;
  else if (state.legal.length) text = `Race! You may play now (${obs.phase}).`;
  else if (obs.turn !== null && obs.turn !== undefined) text = `${who(obs.turn)} to play (${obs.phase}).`;
  else text = `Open to everyone (${obs.phase}).`;
  $("turn").textContent = text;
  $("turn").classList.toggle("yours", state.legal.length > 0);
}

function drawScores(ctx) {
  const {obs, state} = ctx;
  const table = $("scores");
  table.replaceChildren(scoreRows(state, obs, false));
}

function scoreRows(state, obs, full) {
  const body = el("tbody");
  const head = el("tr");
  head.append(el("th", ""));
  const rounds = obs.round_scores || [];
  const shown = full ? rounds : rounds.slice(-3);
  const first = rounds.length - shown.length;
  shown.forEach((_, i) => head.append(el("th", `R${first + i + 1}`, {scope: "col"})));
  head.append(el("th", "total", {scope: "col"}));
  body.append(head);
  for (const seat of state.seats) {
    const row = el("tr");
    if (obs.winners && obs.winners.includes(seat.seat)) row.className = "winner";
    row.append(el("th", names(state)[seat.seat] + (seat.seat === state.seat ? " (you)" : ""), {scope: "row"}));
    shown.forEach((r) => row.append(el("td", fmt(r[seat.seat]))));
    row.append(el("td", fmt(obs.scores[seat.seat]), {className: "total"}));
    body.append(row);
  }
  return body;
}

function drawEnd(ctx) {
  const {state, obs} = ctx;
  const box = $("end");
  if (!state.over || endDismissed === state.number) { box.hidden = true; return; }
  const winners = obs.winners.map((p) => p === state.seat ? "You" : names(state)[p]);
  $("end-title").textContent = `${winners.join(" and ")} won!`;
  $("end-scores").replaceChildren(scoreRows(state, obs, true));
  $("rematch").hidden = state.seat === null;
  $("record").href = `/api/rooms/${state.room}/record?number=${state.number}`;
  $("record").setAttribute("download", `${state.room}-${state.number}.jsonl`);
  box.hidden = false;
}

// -- events: the log and the animations --------------------------------------------------------------
function onEvent(event) {
  let text = null;
  let kind = "";
  if (event.kind === "action") {
    const by = who(event.seat);
    const what = event.action ?? "a card";
    if (event.outcome === "applied") {
      text = `${by}: ${what}${event.late ? " (late, and it stands)" : ""}`;
      flash.landed = {seat: event.seat, action: event.action, id: event.id};
    } else if (event.outcome === "bounced") {
      kind = "bounce";
      text = `${by}: ${event.action ? event.action + " " : "a card "}came back (too late)`;
      if (event.seat === (last && last.seat) && event.id !== null) {
        const face = faces[event.id] || {};
        flash.bounced = face.card || null;
        toast(`Too late: your ${face.card || event.action} came back. Another card landed first.`, "bounce");
      } else {
        flash.bouncedSeat = event.seat;
      }
    } else {
      kind = "penalty";
      text = `${by}: ${what}, penalised (${event.reason})`;
      toast(`${by === "you" ? "You were" : by + " was"} penalised: ${event.reason}`, "bad");
    }
  } else if (event.kind === "timeout") text = "Nobody played: the table moves on.";
  else if (event.kind === "join") text = `${event.name} sits down at seat ${event.seat + 1}.`;
  else if (event.kind === "start") text = event.rematch ? `Rematch: game ${event.number} starts.` : "The game starts.";
  else if (event.kind === "over") text = `Game over: ${event.winners.map(who).join(" and ")} won.`;
  else if (event.kind === "standin") text = `Bot ${event.bot} stands in for ${who(event.seat)}.`;
  else if (event.kind === "handback") text = `${who(event.seat)} is back.`;
  if (text) {
    const item = el("li", text, {className: kind});
    if (event.reason) item.title = event.reason;
    $("log").prepend(item);
    while ($("log").children.length > 80) $("log").lastChild.remove();
  }
}

function toast(text, kind = "") {
  const box = $("toasts");
  if ([...box.children].some((t) => t.textContent === text)) return; // the same news once
  while (box.children.length >= 2) box.firstChild.remove();
  const item = el("div", text, {className: `toast ${kind}`, role: "status"});
  box.append(item);
  setTimeout(() => item.remove(), 3500);
}

// -- keyboard ----------------------------------------------------------------------------------------
function onKey(event) {
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Escape") { $("chooser").hidden = true; return; }
  if ($("table").hidden) { if (event.key === "t") toggleTheme(); return; }
  const key = event.key.toLowerCase();
  if (key === "arrowleft" || key === "arrowright") {
    const cards = [...$("hand").querySelectorAll(".card")];
    if (!cards.length) return;
    const at = cards.indexOf(document.activeElement);
    const next = at < 0 ? 0 : (at + (key === "arrowright" ? 1 : cards.length - 1)) % cards.length;
    cards[next].focus();
    event.preventDefault();
    return;
  }
  if (key === "t") { toggleTheme(); return; }
  if (key === "r" && last && last.over && last.seat !== null) { rematch(); return; }
  const actions = keyed.get(key);
  if (actions) { choose(actions, `${key.toUpperCase()}: which one?`); event.preventDefault(); }
}

function rematch() {
  send({type: "rematch"});
}

// -- start ---------------------------------------------------------------------------------------------
function route() {
  const match = /^\/rooms\/([A-Za-z0-9_-]{1,32})$/.exec(location.pathname);
  if (match) openRoom(match[1]);
  else showLobby();
}

async function start() {
  applyTheme();
  $("theme").onclick = toggleTheme;
  games = await api("/api/games");
  for (const game of games) $("game").append(el("option", game.title, {value: game.id}));
  $("game").value = "zipzap";
  $("game").onchange = showGame;
  $("players").onchange = () => showSeats(gameById($("game").value));
  $("create").onsubmit = createRoom;
  $("refresh").onclick = refreshRooms;
  $("name").value = localStorage.getItem("zdeck:name") || "";
  listGames();
  showGame();
  $("leave").onclick = () => go("/");
  $("share").onclick = async () => {
    const link = `${location.origin}/rooms/${conn.room}`;
    $("share-text").hidden = false;
    $("share-text").textContent = `Link to this table (others join or watch): ${link}`;
    try { await navigator.clipboard.writeText(link); toast("Link copied."); } catch { /* shown above */ }
  };
  $("rematch").onclick = rematch;
  $("end-close").onclick = () => { endDismissed = last.number; $("end").hidden = true; };
  $("chooser-cancel").onclick = () => { $("chooser").hidden = true; };
  $("hand").addEventListener("focusin", (event) => { focusCard = event.target.dataset.card || null; });
  $("hand").addEventListener("focusout", () => { setTimeout(() => { if (!$("hand").contains(document.activeElement)) focusCard = null; }, 0); });
  document.addEventListener("keydown", onKey);
  window.addEventListener("popstate", route);
  route();
}

start();
