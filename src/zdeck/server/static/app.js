// The lobby and the card tables: plain DOM and ES modules, the protocol of docs/protocol.md.
//
// A seat's token is kept in localStorage under the room's id, so closing the tab and coming back
// (or a reload) sits the same person down again. A control is bound to the action id of the card or
// call it stands for (the `legal_ids` of the state; the faces come with a connection's first state),
// never to a place in a list that could shift while the player aims; an action is sent by its id.

import {cardEl, loadArt, loadFaces, setFaces} from "./cards.js";
import {actionLabel, sayAction, todo} from "./table-kit.js";

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
let table = null; // the table module of the game being drawn
let memory = new Map(); // what the table module keeps between drawings of one game (Memo's cards shown)
let inbox = Promise.resolve(); // messages are handled one after the other, in order
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

// A bot level's words: "medium (rating 21)", the OpenSkill rating (its mean) from the server's measured games; a
// one-seat game's level has no opponent to rate it against: "medium (scores 44)", its mean score on the same deals.
// Whole numbers, unless two of the game's levels would then read alike (one decimal for all of them).
function levelWords(level, game) {
  const figure = levelFigure(level), digits = game ? figureDigits(game) : 0;
  if (figure === null) return level.level;
  return `${level.level} (${figure.kind} ${figure.value.toFixed(digits)})`;
}

function levelFigure(level) {
  const measured = level.measured || {};
  if (level.rating && typeof level.rating.mu === "number") return {kind: "rating", value: level.rating.mu};
  if (typeof measured.mean_score === "number") return {kind: "scores", value: measured.mean_score};
  return null;
}

function figureDigits(game) {
  const shown = (game.levels || []).map(levelFigure).filter(f => f !== null).map(f => Math.round(f.value));
  return new Set(shown).size < shown.length ? 1 : 0;
}

// How the levels were measured, in a player's words, with the newcomer proxy's figure as the yardstick.
function ratedWords(game) {
  const rated = game.rated || {}, newcomer = game.newcomer || {};
  const when = rated.date ? ` on ${rated.date}` : "", games = rated.games ? ` ${rated.games.toLocaleString("en")} games,` : "";
  if (newcomer.rating && typeof newcomer.rating.mu === "number") {
    return `Ratings: OpenSkill, from${games} measured with zdeck tournament${when}. A newcomer rates about ${Math.round(newcomer.rating.mu)}.`;
  }
  const mean = newcomer.measured && newcomer.measured.mean_score;
  if (typeof mean === "number") {
    const deals = rated.games ? `${rated.games} deals${rated.search_games ? `, ${rated.search_games} for the levels that search` : ""}; ` : "";
    return `Scores: each level's mean on the same deals (${deals}zdeck simulate${when}). A newcomer scores about ${Math.round(mean)}.`;
  }
  return "";
}

function listGames() {
  const list = $("game-list");
  list.replaceChildren();
  for (const game of games) {
    const item = el("li", undefined, {className: "game"});
    const range = game.min_players === game.max_players ? `${game.min_players} player` : `${game.min_players}-${game.max_players} players`;
    item.append(el("h3", game.title), el("p", game.summary), el("p", range, {className: "muted small"}));
    if (game.levels && game.levels.length) { // the bots people play against, weakest first, with their ratings
      const levels = el("details", undefined, {className: "levels small"});
      levels.append(el("summary", `Bots: ${game.levels.map(level => levelWords(level, game)).join(", ")}`));
      const rows = el("dl");
      for (const level of game.levels) {
        rows.append(el("dt", levelWords(level, game)), el("dd", level.about));
        if (level.strength) rows.append(el("dd", `Measured: ${level.strength}.`, {className: "muted"}));
      }
      levels.append(rows);
      const rated = ratedWords(game);
      if (rated) levels.append(el("p", rated, {className: "muted"}));
      item.append(levels);
    } else {
      item.append(el("p", `bots: ${game.bots.join(", ")}`, {className: "muted small"}));
    }
    const row = el("p", undefined, {className: "row"});
    row.append(el("a", "Rules", {href: `/rules/${game.id}`, target: "_blank", rel: "noopener"}),
      el("button", "New table", {type: "button", onclick: () => { $("game").value = game.id; showGame(); $("players").focus(); }}));
    item.append(row);
    list.append(item);
  }
}

// The table's own settings (scope "table": who covers an absent person, the turn clock, the bots' pace), in words.
const TABLE_WORDS = {
  cover: "A bot plays for a person who is away or out of time, until they are back",
  clock: "Turn clock (seconds)",
  race: "Race window (seconds)",
  speed: "Bots' pace (1 = a person's, 2 = twice as slow)",
};

function optionControl(option) {
  let input;
  if (option.choices && option.choices.length === 2 && option.choices.includes(true) && option.choices.includes(false)) {
    input = el("input", undefined, {type: "checkbox"});
    input.checked = option.default === true;
    input.dataset.kind = "check";
  } else if (option.choices) {
    input = el("select");
    for (const choice of option.choices) input.append(el("option", String(choice), {value: JSON.stringify(choice)}));
    input.value = JSON.stringify(option.default);
  } else {
    const numeric = typeof option.min === "number" || typeof option.default === "number";
    input = el("input", undefined, {placeholder: option.default === null ? "default" : String(option.default), size: 8});
    if (numeric) {
      input.type = "number"; input.step = "any"; input.inputMode = "decimal";
      if (typeof option.min === "number") input.min = option.min;
      if (typeof option.max === "number") input.max = option.max;
    }
  }
  input.dataset.option = option.name;
  input.dataset.scope = option.scope;
  return input;
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
  const tableBox = $("table-options");
  tableBox.replaceChildren(el("legend", "When someone is away"));
  for (const option of game.options) {
    const input = optionControl(option);
    if (option.scope === "table" && TABLE_WORDS[option.name]) {
      const label = el("label", undefined, {className: input.dataset.kind === "check" ? "check" : "option wide"});
      if (input.dataset.kind === "check") label.append(input, el("span", TABLE_WORDS[option.name]));
      else label.append(el("span", TABLE_WORDS[option.name], {className: "name"}), input);
      label.title = option.doc;
      // the pace and the race window are for people who know the game: under the rules options
      (["cover", "clock"].includes(option.name) ? tableBox : box).append(label);
      continue;
    }
    const label = el("label", undefined, {className: "option"});
    label.append(el("span", option.name.replaceAll("_", " "), {className: "name"}), input, el("small", option.doc, {className: "muted"}));
    box.append(label);
  }
  const cover = tableBox.querySelector("[data-option=cover]");
  const clock = tableBox.querySelector("[data-option=clock]");
  if (cover && clock) {
    const sync = () => { clock.disabled = !cover.checked; };
    cover.onchange = sync;
    sync();
  }
  tableBox.hidden = !tableBox.querySelector("[data-option]");
}

function showSeats(game) {
  const seats = $("seats");
  seats.replaceChildren(el("legend", "Who sits where"));
  const levels = game.levels || [];
  for (let i = 0; i < +$("players").value; i++) {
    const label = el("label", `Seat ${i + 1}`, {className: "seat-choice"});
    const select = el("select", undefined, {"aria-label": `who sits at seat ${i + 1}`});
    select.dataset.seat = i;
    if (i === 0) select.append(el("option", "you", {value: "@you"}));
    select.append(el("option", "a person (open seat)", {value: "@open"}));
    if (levels.length) {
      const group = el("optgroup", undefined, {label: "a bot, by level"});
      for (const level of levels) group.append(el("option", `bot: ${levelWords(level, game)}`, {value: level.level, title: level.about}));
      const named = el("optgroup", undefined, {label: "a bot, by name"});
      for (const bot of game.bots) named.append(el("option", `bot: ${bot}`, {value: bot}));
      select.append(group, named);
    } else {
      for (const bot of game.bots) select.append(el("option", `bot: ${bot}`, {value: bot}));
    }
    select.value = i === 0 ? "@you" : (levels.length && game.default_level) || game.default_bot;
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
    row.append(el("td", room.room), el("td", room.title), el("td", `${room.seats_taken}/${room.players}`),
      el("td", room.label || room.status)); // the server's line: "playing with 1 person; 1 seat covered by bots"
    const cell = el("td");
    if (room.seats_open > 0) cell.append(el("button", "Join", {type: "button", onclick: () => go(`/rooms/${room.room}`)}));
    cell.append(el("button", "Watch", {type: "button", onclick: () => go(`/rooms/${room.room}#watch`)}));
    row.append(cell);
    body.append(row);
  }
}

function optionValue(input) {
  if (input.disabled) return undefined;
  if (input.dataset.kind === "check") return input.checked;
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
  for (const input of document.querySelectorAll("#options [data-option], #table-options [data-option]")) {
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
  const sitting = info.seats.filter((s) => !s.open).map((s) => s.kind === "bot" && !s.name.includes(BOT_MARK) ? `${s.name} (bot)` : s.name);
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
  conn = null; last = null; pending = [];
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
  ws.onmessage = (message) => {
    if (conn !== c) return;
    const data = JSON.parse(message.data);
    inbox = inbox.then(() => (conn === c ? receive(data) : null)).catch((error) => console.error(error));
  };
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
    receivedAt = Date.now();
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
    table = await tableModule(message.game);
    await loadArt(message.game);
    const same = last && last.number === message.number && last.room === message.room;
    const before = same ? last.observation : null;
    if (!same) { endDismissed = -1; memory = new Map(); pending = []; closeSummary(); restoreLog(message); }
    last = message;
    flushPending(before);
    const rounds = (o) => (o && o.round_scores ? o.round_scores.length : 0);
    if (before && rounds(message.observation) > rounds(before) && !message.over) {
      showRound(message, before, roundSummary);
      roundSummary = null;
    } else if (!before && message.pause && message.summaries && message.summaries.length && !message.over) {
      showRound(message, null, message.summaries[message.summaries.length - 1]); // came back between two rounds
    } else if (before && !message.pause && last && summaryRound && !$("summary").hidden && !summaryTimer) {
      closeSummary(); // the table went on
    }
    draw();
  } else if (message.type === "event") {
    onEvent(message);
  } else if (message.type === "error") {
    toast(errorWords(message), "bad");
    console.info("zdeck server:", message.message); // the server's own words, for whoever debugs
    mine.delete(message.id);
  } else if (message.type === "result") {
    mine.delete(message.id);
  }
}

// The server's refusals are written for developers ("... answers version 13"): a player reads what it means.
function errorWords(message) {
  const text = String(message.message || "");
  if (mine.has(message.id)) {
    if (/moved on|version/.test(text)) return "The table changed before your move arrived: it was not made. Look again.";
    return "That move is not possible now: it was not made.";
  }
  if (/too many messages/.test(text)) return "Too many moves at once: wait a moment.";
  return "The table could not do that.";
}

// -- the table --------------------------------------------------------------------------------------
// The game's own drawing comes from its folder (/games/<id>/table.js, a generic default when it has none): the
// middle of the table, the badges of a seat, the words of its actions. Everything around it is drawn here the same
// for every game: seats, hand, every legal action as a control with a key, the turn line, log, scores, summaries.
const modules = new Map(); // game -> its table module
async function tableModule(game) {
  if (!modules.has(game)) modules.set(game, import(`/games/${encodeURIComponent(game)}/table.js`));
  return modules.get(game);
}

// The server names a bot as a person with a bot mark and its level ("Ada · bot, easy"): the plate shows the name,
// its tag the mark and level. A bot the server has not named (its name is its bot's) gets a person's name here.
const BOT_NAMES = ["Ada", "Bram", "Cleo", "Dev", "Edda", "Finn", "Gus", "Hana", "Ivo", "Juno", "Kai", "Lena", "Milo", "Nora"];
const BOT_MARK = " · bot";
function botName(seat) {
  const at = seat.kind === "bot" ? seat.name.indexOf(BOT_MARK) : -1;
  return at > 0 ? seat.name.slice(0, at) : seat.name;
}
function names(state) {
  const unnamed = (s) => s.kind === "bot" && s.name === s.bot;
  const taken = new Set(state.seats.filter((s) => !s.open && !unnamed(s)).map(botName));
  const plain = state.seats.map((s) => {
    if (s.open) return `seat ${s.seat + 1} (open)`;
    if (!unnamed(s)) return botName(s);
    const name = [...BOT_NAMES.slice(s.seat), ...BOT_NAMES].find((n) => !taken.has(n)) || `Bot ${s.seat + 1}`;
    taken.add(name);
    return name;
  });
  // two bots of one kind (or two people of one name) are told apart by their seat
  return plain.map((name, i) => plain.filter((n) => n === name).length > 1 ? `${name} (seat ${i + 1})` : name);
}

function who(seat) {
  if (!last || seat === null || seat === undefined) return "the table";
  if (seat === last.seat) return "you";
  return names(last)[seat] || `seat ${seat + 1}`;
}

function capital(words) { return words ? words[0].toUpperCase() + words.slice(1) : words; }
function plural(n, one, many = `${one}s`) { return `${fmt(n)} ${n === 1 ? one : many}`; }

function legalActions(state) {
  return state.legal.map((text, i) => ({id: state.legal_ids[i], text, face: faces[state.legal_ids[i]] || {kind: "other", label: text}}));
}

function labelOf(ctx, action) {
  return (table.label && table.label(ctx, action)) || actionLabel(ctx, action);
}

function act(action) {
  const id = send({type: "act", action: action.id, seen: last.version}); // by id; the server also reads texts
  if (id !== null) mine.set(id, action);
}

function choose(actions, title) {
  if (actions.length === 1) { act(actions[0]); return; }
  const ctx = makeContext(last);
  $("chooser-title").textContent = title;
  const box = $("chooser-options");
  box.replaceChildren();
  for (const action of actions) {
    box.append(el("button", labelOf(ctx, action), {type: "button", className: "primary",
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

function reducedMotion() { return matchMedia("(prefers-reduced-motion: reduce)").matches; }

let redrawTimer = null;
function later(ms) { // a table module asks to be drawn again (Memo turns its shown cards back)
  clearTimeout(redrawTimer);
  redrawTimer = setTimeout(() => { if (last) draw(); }, ms);
}

function scoreOrder(state) {
  if (state.over && state.winners && state.winners.length && state.scores) {
    const best = state.scores[state.winners[0]];
    if (best !== Math.max(...state.scores) || best !== Math.min(...state.scores)) return best === Math.max(...state.scores) ? "higher" : "lower";
  }
  if (table && table.scoreOrder) return table.scoreOrder(state); // an option may turn it round (Zip Zap's scoring)
  return (gameById(state.game) || {}).score_order || "higher";
}

function makeContext(state, obs = state.observation) {
  const legal = legalActions(state);
  const bound = new Set();
  return {
    game: state.game, state, obs, seat: state.seat, names: names(state), legal, faces, flash, memory, later,
    now: () => Date.now(), reduced: reducedMotion(), scoreOrder: scoreOrder(state),
    card: (text, opts = {}) => cardEl(state.game, text, opts),
    who,
    // Bind to `node` the legal actions whose face `match` accepts.
    bind: (node, match, title) => {
      const actions = legal.filter((a) => match(a.face, a));
      actions.forEach((a) => bound.add(a.id));
      return bind(node, actions, title || node.title || "");
    },
    bound,
  };
}

function setText(node, content) { if (node.textContent !== content) node.textContent = content; }

function draw() {
  const state = last;
  const obs = state.observation;
  const ctx = makeContext(state);
  document.title = `${state.title} · zdeck`;
  setText($("where"), `${state.title} · table ${state.room}`);
  setText($("table-title"), state.title);
  const round = obs.rounds ? `round ${obs.round} of ${obs.rounds}` : obs.rounds === null && obs.round ? `round ${obs.round}` : "";
  const status = {waiting: "waiting for people", playing: "playing", over: "game over"}[state.status] || state.status;
  setText($("table-info"), [state.number > 1 ? `game ${state.number}` : "", round, status].filter(Boolean).join(" · "));
  $("rules-link").href = `/rules/${state.game}`;
  setText($("keys"), table.hint || "");
  drawSeats(ctx);
  $("board").replaceChildren(table.board(ctx));
  $("board").dataset.game = state.game;
  drawHand(ctx);
  drawCalls(ctx);
  drawTurn(ctx);
  drawScores(ctx);
  drawEnd(ctx);
  if (!$("summary").hidden) drawPause(state);
  tick();
  flash = {landed: null, bounced: null, bouncedSeat: null};
  $("table").dataset.version = String(state.version); // which state the page shows (tests wait on it)
}

function botWords(seat) {
  if (seat.level) return `bot, ${seat.level}`;
  return `bot (${String(seat.bot).split(":")[0]})`;
}

// A person's seat a bot covers while they are away or after their turn clock ran out (the seat's `covered_by`).
function coverOf(seat) {
  if (seat.covered_by) return seat.covered_by;
  return seat.standin ? {bot: seat.standin, level: null, why: "away"} : null;
}

function drawSeats(ctx) {
  const {state, obs} = ctx;
  const list = $("opponents");
  list.replaceChildren();
  const me = $("me");
  me.replaceChildren();
  for (const seat of state.seats) {
    const p = seat.seat;
    const item = el(p === state.seat ? "div" : "li", undefined, {className: "seat"});
    if (p === state.seat && state.legal.length) item.classList.add("acting"); // who else could act is theirs to know
    if (flash.bouncedSeat === p && !ctx.reduced) item.classList.add("bounced-seat");
    if (obs.turn === p) item.classList.add("to-play");
    if (obs.winners && obs.winners.includes(p)) item.classList.add("winner");
    const head = el("span", undefined, {className: "plate-head"});
    head.append(el("span", p === state.seat ? `${ctx.names[p]} (you)` : ctx.names[p], {className: "name"}));
    if (obs.dealer === p) {
      const button = el("span", undefined, {className: "dealer", title: "the dealer"});
      button.append(el("span", "D", {"aria-hidden": "true"}), el("span", "the dealer", {className: "visually-hidden"}));
      head.append(button);
    }
    if (obs.turn === p) head.append(el("span", "● to play", {className: "to-play-mark"}));
    if (state.turn_clock && state.turn_clock.seat === p) {
      const clock = el("span", "", {className: "clock", title: "a bot plays for this seat when the clock runs out"});
      clock.dataset.ends = String(localEnd(state.turn_clock.ends, state.turn_clock.seconds));
      head.append(clock);
    }
    item.append(head);
    const tags = [];
    if (seat.kind === "bot") tags.push(botWords(seat));
    const cover = coverOf(seat);
    if (cover) {
      item.classList.add("covered");
      tags.push(`${cover.why === "clock" ? "out of time" : "away"}: a bot plays for ${p === state.seat ? "you" : "them"}`);
    }
    if (seat.kind === "person" && !seat.open && !seat.connected && !cover) tags.push("away");
    if (tags.length) item.append(el("span", tags.join(" · "), {className: "tag"}));
    const facts = [];
    if (obs.hand_sizes) facts.push(plural(obs.hand_sizes[p], "card"));
    if (state.seats.length > 1 || obs.scores[p]) facts.push(`total ${fmt(obs.scores[p])}`);
    if (facts.length) item.append(el("span", facts.join(" · "), {className: "facts"}));
    const badges = table.badges ? table.badges(ctx, p) : [];
    for (const badge of badges) item.append(el("span", badge.text, {className: `badge ${badge.className || ""}`.trim(), title: badge.title || badge.text}));
    if (obs.hand_sizes && p !== state.seat) {
      const backs = el("span", undefined, {className: "backs", "aria-hidden": "true"});
      for (let i = 0; i < Math.min(obs.hand_sizes[p], 12); i++) backs.append(el("i"));
      item.append(backs);
    }
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
  hand.classList.toggle("big", obs.hand.length > 7); // on a phone a big hand overlaps as a fan
  hand.style.setProperty("--n", String(obs.hand.length));
  obs.hand.forEach((text) => {
    const actions = ctx.legal.filter((a) => (a.face.card === text && !a.face.cards) || (a.face.cards && a.face.cards.includes(text)));
    const playable = actions.filter((a) => ["play", "discard", "call"].includes(a.face.kind) && !a.face.line);
    const node = ctx.card(text, {button: true});
    if (playable.length) {
      playable.forEach((a) => ctx.bound.add(a.id));
      bind(node, playable, `${text}: what do you do?`);
    } else {
      node.setAttribute("aria-disabled", "true");
    }
    if (flash.bounced && flash.bounced === text && !ctx.reduced) node.classList.add("bounced");
    hand.append(node);
  });
  if (focusCard) {
    const again = [...hand.querySelectorAll(".card")].find((n) => n.dataset.card === focusCard);
    if (again) again.focus({preventScroll: true});
  }
  hand.classList.toggle("yours", state.legal.length > 0);
}

// Every key of the table, one meaning each (no key is also the theme's or another action's).
const CALL_KEYS = {"ZAP!": "z", "ZOOP!": "z", "Captured!": "c", "Score!": "s"};
const MOVE_KEYS = {draw: "d", pass: "p", end: "e", deal: "n", take: "t", dig: "g", stop: "x", place: "l", discard: "k"};
let keyed = new Map(); // a call's or move's key -> the legal actions it stands for now
const TAKEN = new Set([...Object.values(CALL_KEYS), ...Object.values(MOVE_KEYS), "r", "b"]);

// Your seat is covered (you were away, or your clock ran out): say so, and take it back with a button or B.
function coveredSelf(state) {
  const own = state.seat !== null && state.seat !== undefined ? state.seats[state.seat] : null;
  return own ? coverOf(own) : null;
}

function comeBack() {
  send({type: "back"});
}

// A key for a call or move the table has none for (a game zdeck does not know): the first letter of its words
// that means nothing else, the same one every time it is offered; one action each, else a digit.
function freeKey(words, face) {
  const letters = String(face.call || words).toLowerCase().replace(/[^a-z]/g, "");
  const letter = [...letters].find((c) => !TAKEN.has(c) && !(keyed.has(c) && keyed.get(c)[0].face.label !== face.label));
  if (letter) return letter;
  return [..."123456789"].find((d) => !keyed.has(d)) || null;
}

// Every legal action is a visible control: a card or place of the table (bound by the game's drawing or the hand),
// or a button here. Moves (draw, pass ...) and calls always have a button with their key, even when the draw pile
// or a card also takes a click.
function drawCalls(ctx) {
  const box = $("calls");
  box.replaceChildren();
  keyed = new Map();
  const buttons = new Map(); // one button per key (several ZOOP!s: the key asks which)
  if (coveredSelf(ctx.state)) {
    const back = el("button", undefined, {type: "button", className: "call primary back", onclick: comeBack});
    back.append(el("span", "I'm back: take my seat"), el("kbd", "B", {title: "key B"}));
    back.setAttribute("aria-keyshortcuts", "B");
    box.append(back);
  }
  for (const action of ctx.legal) {
    const face = action.face;
    const isCall = Boolean(face.call) && (face.kind === "call" || (face.kind === "play" && ["zap", "cage"].includes(face.card)));
    const isMove = MOVE_KEYS[face.kind] && !face.card;
    if (ctx.bound.has(action.id) && !isCall && !isMove) continue;
    const words = labelOf(ctx, action);
    const key = (isCall ? CALL_KEYS[face.call] : isMove ? MOVE_KEYS[face.kind] : null) || freeKey(words, face);
    if (key) keyed.set(key, [...(keyed.get(key) || []), action]);
    const button = el("button", undefined, {type: "button", className: isCall ? "call primary" : "move"});
    button.append(el("span", words));
    if (key) {
      button.dataset.key = key;
      button.append(el("kbd", key.toUpperCase(), {title: `key ${key.toUpperCase()}`}));
      button.setAttribute("aria-keyshortcuts", key.toUpperCase());
    }
    button.dataset.actions = String(action.id);
    button.onclick = () => act(action);
    box.append(button);
    buttons.set(action.id, button);
  }
}

const PHASE_WORDS = {race: "Race!", over: "Game over."};

function turnWords(ctx) {
  const {state, obs} = ctx;
  if (state.status === "waiting") return `Waiting for people: ${plural(state.seats.filter((s) => s.open).length, "seat")} open. Share the link.`;
  if (state.over) return `Game over: ${winnersWords(state)} won.`;
  if (state.pause) {
    const waiting = (state.pause.waiting || []).map((p) => who(p));
    return `Round ${state.pause.round} is over. The next starts when everyone is ready` +
      (waiting.length ? ` (waiting for ${waiting.join(" and ")}).` : ".");
  }
  const covered = coveredSelf(state);
  if (covered) return `${covered.why === "clock" ? "Your time ran out" : "You were away"}: a bot plays for you. Take your seat back (B).`;
  // Only what a real table shows: whether you may act, whose turn it is, that a window is open to everyone.
  // Never which other seats could act in a race: that is what they hold.
  if (state.legal.length) {
    const own = table.yourTurn && table.yourTurn(ctx);
    if (own) return own;
    return obs.turn === state.seat ? `Your turn: ${todo(ctx)}.` : `You may act now: ${todo(ctx)}.`;
  }
  const said = (table.status && table.status(ctx)) ||
    (obs.turn !== null && obs.turn !== undefined ? `${capital(who(obs.turn))}'s turn.` : null);
  if (said) return said + waitWords(ctx);
  return PHASE_WORDS[obs.phase] || "Everyone may play now.";
}

// Whose turn a person's table waits for: a person away, one whose clock runs, one a bot covers.
function waitWords(ctx) {
  const {state, obs} = ctx;
  const seat = state.seats[obs.turn];
  if (!seat || seat.kind !== "person" || obs.turn === state.seat) return "";
  const cover = coverOf(seat);
  if (cover) return ` A bot plays for ${who(obs.turn)} while they are ${cover.why === "clock" ? "out of time" : "away"}.`;
  if (!seat.connected) return ` Waiting for ${who(obs.turn)}, who is away.`;
  return state.turn_clock && state.turn_clock.seat === obs.turn ? ` Waiting for ${who(obs.turn)}.` : "";
}

// The clocks on the page (a turn clock on a plate, the pause between rounds) count down once a second. A clock's
// end is the server's time: it is kept within what the clock can have left, so a skewed client clock shows no
// nonsense.
let receivedAt = 0;
function localEnd(ends, longest) {
  const left = Math.max(0, Math.min(longest, ends - receivedAt / 1000));
  return receivedAt + left * 1000;
}

function tick() {
  const now = Date.now();
  for (const node of document.querySelectorAll(".clock[data-ends]")) {
    setText(node, `⏱ ${Math.max(0, Math.ceil((+node.dataset.ends - now) / 1000))} s`);
  }
  const wait = $("summary-wait");
  if (wait.dataset.ends) {
    const left = Math.max(0, Math.ceil((+wait.dataset.ends - now) / 1000));
    setText(wait, `The next round starts in ${left} s${wait.dataset.words || ""}.`);
  }
}

let announced = {text: "", at: 0};
function announce(text, urgent = false) { // the one live region: what concerns you, at most every 2 s
  const now = Date.now();
  if (text === announced.text || (!urgent && now - announced.at < 2000)) return;
  announced = {text, at: now};
  $("announce").textContent = text;
}

function drawTurn(ctx) {
  const text = turnWords(ctx);
  setText($("turn"), text);
  $("turn").classList.toggle("yours", ctx.state.legal.length > 0);
  if (ctx.state.legal.length || ctx.state.over) announce(text);
}

function drawScores(ctx) {
  $("scores").replaceChildren(scoreRows(ctx.state, ctx.obs));
}

function scoreRows(state, obs) {
  const body = el("tbody");
  const head = el("tr");
  head.append(el("th", "", {scope: "col"}));
  const rounds = obs.round_scores || [];
  rounds.forEach((_, i) => head.append(el("th", `R${i + 1}`, {scope: "col", title: `round ${i + 1}`})));
  head.append(el("th", "total", {scope: "col"}));
  body.append(head);
  for (const seat of state.seats) {
    const row = el("tr");
    if (obs.winners && obs.winners.includes(seat.seat)) row.className = "winner";
    row.append(el("th", names(state)[seat.seat] + (seat.seat === state.seat ? " (you)" : ""), {scope: "row"}));
    rounds.forEach((r) => row.append(el("td", fmt(r[seat.seat]))));
    row.append(el("td", fmt(obs.scores[seat.seat]), {className: "total"}));
    body.append(row);
  }
  return body;
}

function winnersWords(state) {
  const winners = (state.winners || state.observation.winners || []).map((p) => p === state.seat ? "you" : names(state)[p]);
  return capital(winners.join(" and "));
}

// Who won, by which rule, and whether higher or lower scores win.
function endRule(ctx) {
  const {state, obs} = ctx;
  const order = ctx.scoreOrder;
  const rule = order === "lower" ? "Lower scores win" : "Higher scores win";
  const length = obs.rounds && obs.rounds > 1 ? ` after ${plural(obs.rounds, "round")}`
    : state.options.target ? ` (the game ends once someone reaches ${state.options.target})` : "";
  if (state.seats.length === 1) return `Your score: ${fmt(obs.scores[0])}. ${rule}.`;
  const winners = state.winners || obs.winners || [];
  const by = winners.length === 1 ? `${capital(who(winners[0]))} ${who(winners[0]) === "you" ? "have" : "has"}`
    : `${winnersWords(state)} share`;
  return `${rule}: ${by} the ${order === "lower" ? "lowest" : "highest"} total${length}.`;
}

function drawEnd(ctx) {
  const {state, obs} = ctx;
  const box = $("end");
  if (!state.over || endDismissed === state.number) { box.hidden = true; return; }
  const winners = winnersWords(state);
  setText($("end-title"), state.seats.length === 1 ? "Game over" : `${winners} won!`);
  setText($("end-rule"), endRule(ctx));
  $("end-scores").replaceChildren(scoreRows(state, obs));
  $("rematch").hidden = state.seat === null;
  $("record").href = `/api/rooms/${state.room}/record?number=${state.number}`;
  $("record").setAttribute("download", `${state.room}-${state.number}.jsonl`);
  if (box.hidden) { box.hidden = false; $("rematch").hidden ? $("end-close").focus() : $("rematch").focus(); }
}

// -- round summaries ------------------------------------------------------------------------------------
// At the end of a round: who won it, what each seat scored and why (the server's `round` event says why when it
// sends one), then the table goes on when you are ready (Continue, Enter) or after a pause.
const SUMMARY_MS = 12000;
let summaryTimer = null;
let summaryRound = 0; // the round whose summary was shown last

function showRound(state, before, told) {
  const obs = state.observation;
  const index = obs.round_scores.length - 1;
  const scores = obs.round_scores[index];
  const order = (told && told.order) || scoreOrder(state);
  const best = order === "lower" ? Math.min(...scores) : Math.max(...scores);
  const winners = told && told.winners ? told.winners : scores.map((s, p) => s === best ? p : null).filter((p) => p !== null);
  const said = winners.map((p) => who(p));
  const headline = `${capital(said.join(" and "))} ${said.length === 1 && said[0] !== "you" ? "wins" : "win"} the round`;
  $("summary-title").textContent = `Round ${(told && told.round) || index + 1}: ${headline}`;
  $("summary-how").textContent = (told && told.text) || ""; // the server's sentence: "Ada played their last card"
  const body = el("tbody");
  const head = el("tr");
  for (const words of ["", "this round", "why", "total"]) head.append(el("th", words, {scope: "col"}));
  body.append(head);
  state.seats.forEach((seat, p) => {
    const row = el("tr");
    if (winners.includes(p)) row.className = "winner";
    row.append(el("th", capital(who(p)), {scope: "row"}), el("td", fmt(scores[p])));
    row.append(el("td", whyWords(told, p, before), {className: "why"}), el("td", fmt(obs.scores[p]), {className: "total"}));
    body.append(row);
  });
  $("summary-scores").replaceChildren(body);
  $("summary-rule").textContent = `${order === "lower" ? "Lower" : "Higher"} scores are better.`;
  summaryRound = index + 1;
  $("summary").hidden = false;
  $("summary-continue").focus({preventScroll: true});
  announce($("summary-title").textContent, true);
  clearTimeout(summaryTimer);
  if (!state.pause) summaryTimer = setTimeout(closeSummary, SUMMARY_MS); // else the table says when it goes on
  drawPause(state);
  logLine($("summary-title").textContent + ".", "round");
}

// What a seat scored and why: the server's lines ("4 cards left: -7"), else the cards it held at the end.
function whyWords(told, p, before) {
  const seat = told && told.seats && told.seats.find((s) => s.seat === p);
  if (seat) {
    const lines = (seat.lines || []).map((l) => l.points === null || l.points === undefined ? l.text : `${l.text} (${l.points > 0 ? "+" : ""}${fmt(l.points)})`);
    return lines.length ? lines.join("; ") : seat.note || ""; // the note sums the lines up: one or the other
  }
  return before && before.hand_sizes ? `${plural(before.hand_sizes[p], "card")} in hand at the end` : "";
}

// Continue: between rounds the server waits for the people at the table (`ready`), or for its pause to pass.
function continueRound() {
  if (last && last.pause && last.seat !== null && !(last.pause.ready || []).includes(last.seat)) send({type: "ready"});
  closeSummary();
}

// Between rounds: when the next starts, and whom the table waits for.
function drawPause(state) {
  const pause = state.pause;
  const line = $("summary-wait");
  if (!pause) { line.textContent = ""; delete line.dataset.ends; return; }
  const waiting = (pause.waiting || []).filter((p) => p !== state.seat).map((p) => who(p));
  line.dataset.ends = String(localEnd(pause.until, Infinity));
  line.dataset.words = waiting.length ? `, or once ${waiting.join(" and ")} ${waiting.length === 1 ? "is" : "are"} ready too` : "";
  tick();
}

function closeSummary() {
  clearTimeout(summaryTimer);
  summaryTimer = null;
  $("summary").hidden = true;
}

// -- events: the log and the animations --------------------------------------------------------------
// An action's log line is written once the state after it has come (Memo's log names the card turned), in the
// words of the game's table module.
let pending = []; // action events waiting for the state after them

function onEvent(event) {
  if (event.kind === "action") {
    if (event.outcome === "applied") {
      const face = event.id !== null && event.id !== undefined ? faces[event.id] || {} : {};
      flash.landed = {seat: event.seat, card: face.card || null, id: event.id};
      pending.push(event);
      return;
    }
    const by = capital(who(event.seat));
    if (event.outcome === "bounced") {
      if (event.seat === (last && last.seat) && event.id !== null) {
        const face = faces[event.id] || {};
        flash.bounced = face.card || null;
        toast(`Too late: your ${face.card || "card"} came back to your hand. Another card landed first.`, "bounce");
        logLine(`Too late: your ${face.card || "card"} came back to your hand.`, "bounce");
      } else {
        flash.bouncedSeat = event.seat;
        logLine(`${by} played too late: the card went back to their hand.`, "bounce");
      }
    } else {
      const mineToo = event.seat === (last && last.seat);
      const face = event.id !== null && event.id !== undefined ? faces[event.id] || {} : {};
      const text = `${mineToo ? "You were" : `${by} was`} penalised: ${penaltyWords(face, event)}`;
      logLine(text, "penalty");
      toast(text, "bad");
    }
    return;
  }
  let text = null;
  if (event.kind === "timeout") text = "Nobody played: the table moves on.";
  else if (event.kind === "join") text = `${event.name} sits down at seat ${event.seat + 1}.`;
  else if (event.kind === "start") text = event.rematch ? `Rematch: game ${event.number} starts.` : "The game starts.";
  else if (event.kind === "over") text = `Game over: ${event.winners.map((p) => who(p)).join(" and ")} won.`;
  else if (event.kind === "standin") text = standinWords(event);
  else if (event.kind === "handback") text = event.seat === (last && last.seat) ? "You have your seat back." : `${capital(who(event.seat))} is back and plays again.`;
  else if (event.kind === "resume") { closeSummary(); text = `Round ${event.round} starts.`; }
  else if (event.kind === "round") roundSummary = event.summary || null;
  else if (event.kind === "ready") text = `${capital(who(event.seat))} ${event.seat === (last && last.seat) ? "are" : "is"} ready for the next round.`;
  if (text) logLine(text);
}
function standinWords(event) {
  const you = event.seat === (last && last.seat);
  const whom = you ? "you" : "them";
  const why = event.why === "clock" ? (you ? "Your time ran out" : `${capital(who(event.seat))}'s time ran out`)
    : (you ? "You are away" : `${capital(who(event.seat))} is away`);
  return `${why}: a bot plays for ${whom} until ${you ? "you are" : "they are"} back.`;
}
let roundSummary = null; // the server's summary of the round that just ended (its `round` event), if it sends one

// Why a play was penalised and what follows, in players' words (the game's table module knows its penalty).
function penaltyWords(face, event) {
  if (event.why && event.reason) return event.reason; // the server's words: the game's table.py says why, what follows
  const said = table && table.penalty && table.penalty(makeContext(last), face, event.late);
  if (said && face.kind) return said; // an older server: the game's table module knows its penalty
  if (event.reason && !/version/.test(event.reason)) return event.reason;
  if (said) return said;
  if (event.late) return "too late: another card landed first, and the rules penalise a late play.";
  if (face.call) return `the call ${face.call} was wrong or missing.`;
  return "a call was missing or wrong.";
}

function flushPending(before) {
  if (!pending.length) return;
  const ctx = makeContext(last);
  for (const event of pending) {
    if (event.number !== undefined && event.number !== last.number) continue;
    const face = event.id !== null && event.id !== undefined ? faces[event.id] || {kind: "other", label: event.action} : {kind: "other", label: event.action || "a card"};
    const by = who(event.seat);
    let line = (table.say && table.say(ctx, face, by, before)) || sayAction(ctx, face, by);
    const notes = [event.late ? "late, and it stands" : null, event.by === "standin" ? `a bot played it for ${event.seat === last.seat ? "you" : "them"}` : null].filter(Boolean);
    if (notes.length) line = `${line.replace(/\.$/, "")} (${notes.join("; ")}).`;
    logLine(line);
  }
  pending = [];
}

const LOG_KEEP = 120;
function logKey() { return last ? `zdeck:log:${last.room}:${last.number}` : null; }

function logLine(text, kind = "") {
  const item = el("li", text, {className: kind});
  $("log").prepend(item);
  while ($("log").children.length > LOG_KEEP) $("log").lastChild.remove();
  const key = logKey();
  if (key) { // a reload starts with the log so far
    const kept = JSON.parse(sessionStorage.getItem(key) || "[]");
    kept.push([text, kind]);
    sessionStorage.setItem(key, JSON.stringify(kept.slice(-LOG_KEEP)));
  }
}

// A reload in this tab keeps its log (sessionStorage); a new tab or a second device asks the server for what
// happened so far (GET /api/rooms/{room}/log: what everyone saw) and writes it in the game's words.
function restoreLog(state) {
  $("log").replaceChildren();
  const kept = JSON.parse(sessionStorage.getItem(`zdeck:log:${state.room}:${state.number}`) || "[]");
  for (const [text, kind] of kept) $("log").prepend(el("li", text, {className: kind}));
  if (!kept.length && state.version > 0) fetchLog(state.room, state.number);
}

async function fetchLog(room, number) {
  let answer;
  try { answer = await api(`/api/rooms/${encodeURIComponent(room)}/log`); } catch { return; }
  if (!last || last.room !== room || last.number !== number || answer.number !== number) return;
  const ctx = makeContext(last);
  const lines = answer.log.map((entry) => {
    if (entry.kind === "timeout") return ["Nobody played: the table moves on.", ""];
    const by = who(entry.seat);
    if (entry.outcome === "bounced") return [`${capital(by)} played too late: the card went back to their hand.`, "bounce"];
    if (entry.outcome === "penalised") return [`${capital(by)} ${by === "you" ? "were" : "was"} penalised.`, "penalty"];
    const face = faces[entry.id] || {kind: "other", label: entry.action || "a move"};
    const line = (table.say && table.say(ctx, face, by, null)) || sayAction(ctx, face, by);
    return [entry.late ? `${line.replace(/\.$/, "")} (late, and it stands).` : line, ""];
  });
  $("log").append(...lines.slice(-LOG_KEEP).reverse().map(([text, kind]) => el("li", text, {className: kind})));
  while ($("log").children.length > LOG_KEEP) $("log").lastChild.remove();
}

function toast(text, kind = "") {
  const box = $("toasts");
  if ([...box.children].some((t) => t.textContent === text)) return; // the same news once
  while (box.children.length >= 2) box.firstChild.remove();
  const item = el("div", text, {className: `toast ${kind}`});
  box.append(item);
  announce(text, true);
  setTimeout(() => item.remove(), 4500);
}

// -- keyboard ----------------------------------------------------------------------------------------
// ← →: walk your hand; ↑ ↓: walk the places of the table you may click; Enter or Space: act on the one with the
// focus; the letter on a button (D draw, P pass, Z ZAP!/ZOOP! ...): that action. Escape closes a chooser.
function walk(nodes, key, event) {
  if (!nodes.length) return;
  const at = nodes.indexOf(document.activeElement);
  const forward = key === "arrowright" || key === "arrowdown";
  const next = at < 0 ? 0 : (at + (forward ? 1 : nodes.length - 1)) % nodes.length;
  nodes[next].focus();
  event.preventDefault();
}

function onKey(event) {
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Escape") { $("chooser").hidden = true; closeSummary(); return; }
  if ($("table").hidden || !last) return;
  const key = event.key.toLowerCase();
  if (!$("summary").hidden && (key === "enter" || key === " ")) { continueRound(); event.preventDefault(); return; }
  if (key === "arrowleft" || key === "arrowright") { walk([...$("hand").querySelectorAll(".card")], key, event); return; }
  if (key === "arrowup" || key === "arrowdown") { walk([...$("board").querySelectorAll(".playable")], key, event); return; }
  if (key === "r" && last.over && last.seat !== null) { rematch(); return; }
  if (key === "b" && coveredSelf(last)) { comeBack(); event.preventDefault(); return; }
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
  $("summary-continue").onclick = continueRound;
  $("hand").addEventListener("focusin", (event) => { focusCard = event.target.dataset.card || null; });
  $("hand").addEventListener("focusout", () => { setTimeout(() => { if (!$("hand").contains(document.activeElement)) focusCard = null; }, 0); });
  document.addEventListener("keydown", onKey);
  setInterval(tick, 500);
  window.addEventListener("popstate", route);
  route();
}

start();
