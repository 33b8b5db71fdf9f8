// The minimal lobby and table: plain DOM, the protocol of docs/protocol.md, nothing more.
// A seat's token is kept in localStorage (and in the link shown at the table), so the same
// person can reconnect from another tab or device.

const $ = (id) => document.getElementById(id);
let games = [];
let socket = null;
let current = null; // {room, seat, token}
let lastState = null;

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join("; ") : data.detail;
    throw new Error(detail || response.statusText);
  }
  return data;
}

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  Object.assign(node, attrs);
  return node;
}

// -- lobby ---------------------------------------------------------------------------------
function showGame() {
  const game = games.find((g) => g.id === $("game").value);
  $("game-summary").textContent = `${game.summary} (${game.min_players} to ${game.max_players} players)`;
  const players = $("players");
  players.min = game.min_players; players.max = game.max_players;
  if (!players.value || +players.value < game.min_players || +players.value > game.max_players) {
    players.value = game.default_players;
  }
  showSeats(game);
  const options = $("options");
  options.replaceChildren(el("legend", "Options"));
  for (const option of game.options) {
    const label = el("label", option.name, {title: option.doc});
    let input;
    if (option.choices) {
      input = el("select");
      for (const choice of option.choices) input.append(el("option", JSON.stringify(choice), {value: JSON.stringify(choice)}));
    } else {
      input = el("input", undefined, {placeholder: JSON.stringify(option.default), size: 8});
    }
    input.dataset.option = option.name;
    input.value = JSON.stringify(option.default);
    label.append(input);
    options.append(label);
  }
}

function showSeats(game) {
  const seats = $("seats");
  seats.replaceChildren(el("legend", "Seats"));
  for (let i = 0; i < +$("players").value; i++) {
    const label = el("label", `seat ${i}`);
    const select = el("select");
    select.dataset.seat = i;
    select.append(el("option", i === 0 ? "you" : "a person", {value: ""}));
    for (const bot of game.bots) select.append(el("option", `bot: ${bot}`, {value: bot}));
    if (i > 0) select.value = game.bots[game.bots.length - 1];
    label.append(select);
    seats.append(label);
  }
}

async function refreshRooms() {
  const body = $("rooms").querySelector("tbody");
  body.replaceChildren();
  for (const room of await api("/api/rooms")) {
    const row = el("tr");
    row.append(el("td", room.room), el("td", room.title),
      el("td", `${room.seats_taken}/${room.players}`), el("td", room.status));
    const cell = el("td");
    if (room.seats_open > 0) cell.append(el("button", "Join", {onclick: () => joinRoom(room.room)}));
    cell.append(el("button", "Watch", {onclick: () => openTable(room.room, null, null)}));
    row.append(cell);
    body.append(row);
  }
}

async function createRoom(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const bots = {};
  for (const select of $("seats").querySelectorAll("select")) if (select.value) bots[select.dataset.seat] = select.value;
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    try { options[input.dataset.option] = JSON.parse(input.value); } catch { options[input.dataset.option] = input.value; }
  }
  try {
    const made = await api("/api/rooms", {game: $("game").value, players: +$("players").value, options, bots});
    if (Object.keys(bots).length < +$("players").value) await joinRoom(made.room);
    else openTable(made.room, null, null);
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

async function joinRoom(room) {
  const name = $("name").value.trim() || "Player";
  const joined = await api(`/api/rooms/${room}/join`, {name});
  localStorage.setItem(`zdeck:${room}`, JSON.stringify({seat: joined.seat, token: joined.token}));
  openTable(room, joined.seat, joined.token);
}

// -- table ---------------------------------------------------------------------------------
function openTable(room, seat, token) {
  current = {room, seat, token};
  location.hash = token ? `room=${room}&token=${token}` : `room=${room}`;
  $("lobby").hidden = true; $("table").hidden = false;
  $("events").replaceChildren();
  $("table-link").textContent = token ? `Your seat's link (keep it secret): ${location.href}` : "Watching.";
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/rooms/${room}${query}`);
  socket.onmessage = (message) => receive(JSON.parse(message.data));
  socket.onclose = (event) => { $("status").textContent = `disconnected (${event.code} ${event.reason})`; };
  socket.onopen = () => { $("status").textContent = `room ${room}`; };
}

function receive(message) {
  if (message.type === "state") showState(message);
  else if (message.type === "event") logEvent(message);
  else if (message.type === "error") $("table-error").textContent = message.message;
  else if (message.type === "result") $("table-error").textContent = message.outcome === "applied" ? "" : `your move: ${message.outcome}`;
}

function showState(state) {
  lastState = state;
  $("table-title").textContent = `${state.title} - room ${state.room}, game ${state.number}: ${state.status}` +
    (state.over ? ` - scores ${state.scores.join(", ")}, winners ${state.winners.join(", ")}` : "");
  const seats = $("table-seats");
  seats.replaceChildren();
  for (const seat of state.seats) {
    const who = seat.open ? "(open)" : seat.kind === "bot" ? `bot: ${seat.name}` : seat.name;
    const extra = seat.standin ? ` (bot ${seat.standin} stands in)` : seat.kind === "person" && !seat.open && !seat.connected ? " (away)" : "";
    const item = el("li", who + extra);
    if (seat.seat === state.seat) item.classList.add("you");
    if (state.actors.includes(seat.seat)) item.classList.add("actor");
    seats.append(item);
  }
  const legal = $("legal");
  legal.replaceChildren();
  for (const action of state.legal) {
    legal.append(el("button", action, {onclick: () => socket.send(JSON.stringify({type: "act", action, seen: state.version}))}));
  }
  if (!state.legal.length) legal.append(el("span", state.seat === null ? "watching" : "nothing to do now", {className: "muted"}));
  const table = $("observation");
  table.replaceChildren();
  for (const [key, value] of Object.entries(state.observation)) {
    const row = el("tr");
    row.append(el("td", key), el("td", typeof value === "string" ? value : JSON.stringify(value)));
    table.append(row);
  }
  $("rematch").hidden = !(state.over && state.seat !== null);
  const record = $("record");
  record.hidden = !state.over;
  record.href = `/api/rooms/${state.room}/record`;
}

function logEvent(event) {
  const name = (seat) => {
    const info = lastState && lastState.seats[seat];
    return info ? `${info.name || "seat " + seat} (${seat})` : `seat ${seat}`;
  };
  let text;
  if (event.kind === "action") {
    const what = event.action ?? "a card";
    text = event.outcome === "applied" ? `${name(event.seat)}: ${what}` : `${name(event.seat)}: ${what} - ${event.outcome}${event.reason ? ` (${event.reason})` : ""}`;
  } else if (event.kind === "timeout") text = "nobody plays";
  else if (event.kind === "join") text = `${event.name} sits at seat ${event.seat}`;
  else if (event.kind === "start") text = `game ${event.number} starts`;
  else if (event.kind === "over") text = `game over: winners ${event.winners.join(", ")}`;
  else if (event.kind === "standin") text = `bot ${event.bot} stands in for ${name(event.seat)}`;
  else if (event.kind === "handback") text = `${name(event.seat)} is back`;
  else text = JSON.stringify(event);
  $("events").prepend(el("li", text));
}

function leave() {
  if (socket) socket.close();
  socket = null; current = null;
  location.hash = "";
  $("table").hidden = true; $("lobby").hidden = false;
  refreshRooms();
}

async function start() {
  games = await api("/api/games");
  for (const game of games) $("game").append(el("option", game.title, {value: game.id}));
  $("game").value = "zipzap";
  $("game").onchange = showGame;
  $("players").onchange = () => showSeats(games.find((g) => g.id === $("game").value));
  $("create").onsubmit = createRoom;
  $("refresh").onclick = refreshRooms;
  $("leave").onclick = leave;
  $("rematch").onclick = () => socket.send(JSON.stringify({type: "rematch"}));
  showGame();
  const hash = new URLSearchParams(location.hash.slice(1));
  const room = hash.get("room");
  if (room) {
    const saved = JSON.parse(localStorage.getItem(`zdeck:${room}`) || "null");
    const token = hash.get("token") || (saved && saved.token);
    openTable(room, saved && saved.seat, token);
  } else {
    await refreshRooms();
  }
}

start();
