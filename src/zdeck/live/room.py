"""A room: one table of seats (people and bots) playing a game, then its rematches.

The room is the authority, for every client alike (the server's sockets, the terminal app, the line
mode): a person's intention arrives as an action id (or text) with the version its sender saw, and is applied through the kernel contract (`state.apply(seat, action,
seen=version)`), so a card that lands after someone else's is resolved by the rulebook
exactly as in simulation. Bots act on the loop's clock with their reaction times (a real one, or
`zdeck.live.clock`'s virtual one): at every new version each bot that may act is asked once, its answer is timed
(`zdeck.asking.reaction`, scaled by the table's speed) and the first to come due lands.

Every accepted submission is saved (awaited) before anyone hears of it. A room is rebuilt
from its seed and saved submissions (`Room.restore`): the bots' choices and timings come
from generators derived from the seed and the version, and every bot is asked again at
every version it was asked at, so a resumed table decides exactly as it would have.

A bot that searches (`searches = True`: ISMCTS, Solo's solver) may think for up to a second: it is asked
in a worker thread on a copy of the state, so the event loop keeps serving every other table and socket
meanwhile. A room thinks one moment at a time, in version order, and drops an answer whose moment has
passed (someone acted first).

What a seat hears is decided by `zdeck.live.seat_view` (its observation, its own legal actions, public
facts: never which other seats may act), plus events in which another seat's action text appears only
once it took effect (a bounced or penalised card stays its owner's secret); the clocks depend on public
facts only (`_nobody_plays_after`, `_waited_for`). Nothing here imports a web framework: a connection is anything
with `send(text)` and `close(code, reason)`.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any, Protocol

from zdeck.asking import ask, reaction
from zdeck.bots import Bot
from zdeck.botspecs import make_bot
from zdeck.core import Action, Game, IllegalAction, Outcome, State
from zdeck.live import rounds
from zdeck.live.gamedata import table_data
from zdeck.live.seat_view import state_message, table_text
from zdeck.live.seating import bot_label, bot_names, cover_bot, table_bot
from zdeck.live.settings import TableSettings
from zdeck.live.shared import shared
from zdeck.records import TIMEOUT, Record
from zdeck.rng import Rng

log = logging.getLogger("zdeck.server")

IDLE_S = 1.5  # a table whose bots all hold back waits this long before "nobody plays" (x speed); with people: `race`
AWAY_S = 3.0  # a person whose every connection dropped is covered (if `cover`) this long after: a reload is quicker
ABANDON_S = 30.0  # a table in play with nobody at it this long is "abandoned" in the lobby
BOTS_PAUSE_S = 3.0  # the pause after a round at a table of bots only (x speed): long enough to read its summary
# The commit window (ms, scaled by the table's speed). A card already on its way when another lands first
# cannot be taken back: a hand that started to move within the time a person needs to see the other card
# land (a simple visual reaction, ~200-250 ms) still throws it. So a bot whose answer was due within
# REACTION_MS after the landing submits it with the version it saw, and the rules resolve it (bounced,
# penalised or applied), as the simulator lands the slower proposals; an answer due later is dropped and
# the bot thinks again at the new version.
REACTION_MS = 250.0
MAX_MESSAGE = 4096  # characters in one client message; uvicorn closes past MAX_FRAME bytes
MAX_FRAME = 65536
MAX_ACTION_TEXT = 200
MAX_NAME = 40

# Purposes of the generators derived from a room's seed: one per bot decision and per moment's timing.
_BOT, _STANDIN, _TIMING = 0xB07, 0x57A9D, 0x71E
# Threads in which bots that search think, for all the rooms of the process. Two: under the GIL more would
# not think faster, only make the event loop wait longer for its turn; two let one table's search go on
# beside another table's long one.
THINKING_THREADS = 2


@cache
def thinkers() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(THINKING_THREADS, thread_name_prefix="zdeck-think")


class Conn(Protocol):
    """A client connection: `seat` is None for a spectator. `send` must not block."""

    seat: int | None

    def send(self, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class Saver(Protocol):
    """Where a room's facts are committed (the database). Every method returns once committed."""

    async def create_room(self, room: Room) -> None: ...

    async def take_seat(self, room: str, seat: int, name: str, token_hash: str) -> None: ...

    async def add_action(self, room: str, number: int, index: int, entry: list[Any],
                         result: tuple[list[float], list[int]] | None) -> None: ...

    async def new_game(self, room: str, number: int, seed: int) -> None: ...


class RoomError(Exception):
    """A request the room refuses; `status` is the HTTP status that says so."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


class NotSaved(Exception):
    """The database refused a write: the room is dropped from memory and rebuilt from what was saved."""


def decision_rng(seed: int, purpose: int, seat: int, version: int) -> Rng:
    """The generator of one decision, derived from the room's seed: the same at a resumed table."""
    return Rng(seed ^ (purpose << 40) ^ ((seat + 1) * 0x9E3779B97F4A7C15) ^ (version * 0xC2B2AE3D27D4EB4F))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Plan:
    delay: float  # seconds after the moment began
    seat: int
    action: Action


def plan_moment(state: State, bots: Mapping[int, tuple[Bot, int]], seed: int, speed: float) -> list[Plan]:
    """Ask every bot that may act now, once; their answers, soonest first (a tie keeps actor order)."""
    timing = decision_rng(seed, _TIMING, 0, state.version)
    plans = []
    for seat in state.actors():
        entry = bots.get(seat)
        if entry is None:
            continue
        bot, purpose = entry
        action = ask(bot, state, seat, decision_rng(seed, purpose, seat, state.version))
        if action is not None:
            plans.append(Plan(reaction(bot, action, timing) / 1000 * speed, seat, action))
    plans.sort(key=lambda plan: plan.delay)
    return plans


def in_window(plans: list[Plan], landed: float, speed: float) -> list[Plan]:
    """The answers still on their way when a card landed `landed` seconds into the moment: those due
    within the commit window after it (`REACTION_MS`, scaled by the table's speed), soonest first."""
    limit = landed + REACTION_MS / 1000 * speed
    return [plan for plan in plans if plan.delay <= limit]


def play_offline(game: Game, bots: Mapping[int, str], seed: int, speed: float = 1.0,
                 max_steps: int = 100_000, think_ms: float | None = None) -> Record:
    """What a table of bots records with no clock in the way: the same arrivals as a live room
    of these bots and this seed (and its settings' `think_ms`). (Tests compare a live, killed and
    resumed room with this.)"""
    state = game.new_state(seed)
    seats = {p: (table_bot(game.id, name, think_ms), _BOT) for p, name in bots.items()}
    for bot, _ in seats.values():
        if hasattr(bot, "reset"):
            bot.reset()
    record = Record(game.id, game.players, dict(game.options), seed, [bots[p] for p in range(game.players)])
    for _ in range(max_steps):
        if state.is_over():
            break
        plans = plan_moment(state, seats, seed, speed)
        if plans:
            seen = state.version
            state.apply(plans[0].seat, plans[0].action)
            record.actions.append([plans[0].seat, str(plans[0].action)])
            for plan in in_window(plans[1:], plans[0].delay, speed):
                if state.is_over():
                    break  # as a live room: the game is over, and no card lands on a finished table
                try:
                    state.apply(plan.seat, plan.action, seen=seen)
                except IllegalAction:
                    continue  # the rules refuse it outright (the game has no late rule here): nothing happened
                record.actions.append([plan.seat, str(plan.action), seen])
        else:
            state.timeout()
            record.actions.append([None, TIMEOUT])
    record.scores, record.winners = list(state.scores()), list(state.winners())
    return record


@dataclass
class Seat:
    index: int
    kind: str  # "person" or "bot"
    bot: str | None = None  # the bot's spec, for a bot seat
    name: str | None = None  # the person's name once the seat is taken; a bot's first name ("Ada")
    token_hash: str | None = None
    # live, not saved: a resumed room starts these from zero
    connections: int = 0
    standin: Bot | None = None  # the bot covering an absent person
    cover_why: str | None = None  # "away" (every connection dropped) or "clock" (the turn clock ran out)
    was_actor: bool = False
    active_since: float = 0.0  # (loop time) when the table began to wait for this person on their turn
    away_since: float | None = None  # (loop time) when the person's last connection dropped; None while connected

    @property
    def open(self) -> bool:
        return self.kind == "person" and self.name is None

    def label(self, game_id: str) -> str | None:
        """What people call the seat: the person's name, or the bot's (`Ada · bot, easy`)."""
        if self.kind == "person":
            return self.name
        return bot_label(game_id, self.bot or "bot", self.name or "Bot")

    def public(self, game_id: str) -> dict[str, Any]:
        data = table_data(game_id)
        covering = None if self.standin is None else {
            "bot": self.standin.name, "level": data.level_of(self.standin.name), "why": self.cover_why}
        return {
            "seat": self.index,
            "kind": self.kind,
            "name": self.label(game_id),
            "bot": self.bot,
            "level": data.level_of(self.bot) if self.kind == "bot" else None,
            "open": self.open,
            "connected": self.connections > 0 if self.kind == "person" else True,
            "standin": self.standin.name if self.standin is not None else None,
            "covered_by": covering,
        }

    def record(self, game_id: str) -> dict[str, Any]:
        """Who sat here, for a record: a person by name, a bot by its spec (and level and name) apart."""
        if self.kind == "person":
            return {"kind": "person", "name": self.name}
        return {"kind": "bot", "bot": self.bot, "level": table_data(game_id).level_of(self.bot),
                "name": self.label(game_id)}


@dataclass
class Pause:
    """The table between rounds: it goes on once every person at it is ready, or at `until`."""

    round: int
    version: int  # the state's version when the round ended: an action answering an earlier one is still judged
    until: float  # (loop time)
    ends_at: float  # (Unix time) the same, for clients
    ready: set[int] = field(default_factory=set)


@dataclass
class RoomData:
    """A room as saved: what `Room.restore` rebuilds it from."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    settings: dict[str, Any]
    created: float
    seats: list[Seat]
    number: int
    seed: int
    actions: list[list[Any]] = field(default_factory=list)


class Room:
    def __init__(self, room_id: str, game: Game, settings: TableSettings, seats: list[Seat], saver: Saver,
                 created: float | None = None) -> None:
        self.id = room_id
        self.game = game
        self.settings = settings.resolved(game.id)
        self.seats = seats
        named = bot_names(room_id, len(seats))  # bots go by a person's name; a saved one keeps its own
        for seat in seats:
            if seat.kind == "bot" and seat.name is None:
                seat.name = named[seat.index]
        self.saver = saver
        self.created = time.time() if created is None else created
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.broken = False
        self.closed: str | None = None  # why the server closed the room for good (it is then `broken` too)
        self.on_broken: Callable[[Room], None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._idle_timer: asyncio.TimerHandle | None = None  # the cover clock: the next absent person to cover
        self._pause_timer: asyncio.TimerHandle | None = None
        self.pause: Pause | None = None
        self.summaries: list[dict[str, Any]] = []  # this game's finished rounds (docs/protocol.md, Round summaries)
        self._nobody_since = time.monotonic()  # when the last person's connection dropped (the lobby's "abandoned")
        self._tasks: set[asyncio.Task[None]] = set()
        self._plans: list[Plan] = []
        self._late: list[tuple[int, Plan]] = []  # (version seen, answer) still on its way: lands by the clock
        self._moment_start = 0.0
        self._moment = 0  # counts the moments begun (and stops): an answer thought for an earlier one is dropped
        self._thought: asyncio.Future[None] | None = None  # resolved once the room's last thinking is done
        self._rev = 0  # bumped whenever the seats change (taken, connected, stood in for)
        self._cache_key: tuple[int, int, int] | None = None
        self._cache: dict[int | None, str] = {}
        self.number = 0
        self.seed = 0
        self.state: State
        self.actions: list[list[Any]] = []
        # which of `actions` a bot made for an absent person: a reload's log says so, as the live event did
        # (kept in memory only: after a takeover by another process the log reads them as the seat's own)
        self.covered_moves: set[int] = set()
        self.bots: dict[int, Bot] = {}
        self.asked = -1  # the last version the seat bots were asked at
        # True for a table only one person sees (the terminal's): its clock may then depend on what that
        # person may do (`_nobody_plays_after`). A server's table is watched by anyone: False.
        self.private = False

    # -- making and rebuilding ---------------------------------------------------------------
    @classmethod
    def new(cls, room_id: str, game: Game, bots: Mapping[int, str], settings: TableSettings, saver: Saver,
            seed: int | None = None) -> Room:
        """A room whose first game is dealt from `seed` (default: a fresh random one; `zdeck play --seed`)."""
        seats = [Seat(p, "bot", bot=bots[p]) if p in bots else Seat(p, "person") for p in range(game.players)]
        room = cls(room_id, game, settings, seats, saver)
        room._deal(1, secrets.randbits(63) if seed is None else seed)
        return room

    @classmethod
    def restore(cls, data: RoomData, saver: Saver) -> Room:
        """Replay the saved game from its seed, asking the bots again where they were asked."""
        from zdeck.live.settings import table_settings
        from zdeck.registry import make

        game = shared(make(data.game, data.players, **data.options))
        room = cls(data.id, game, table_settings(data.settings), data.seats, saver, data.created)
        room._deal(data.number, data.seed)
        state = room.state
        last_landing = max((i for i, entry in enumerate(data.actions) if len(entry) != 3), default=-1)
        for index, entry in enumerate(data.actions):
            player, text = entry[0], entry[1]
            window_late = len(entry) == 3 and player in room.bots  # landed before the table asked again
            if room.started and not state.is_over() and not window_late:
                room._ask_seat_bots(everyone=index == last_landing)
            room._track_window(entry)
            before, finished = state.clone(), len(state.round_scores())  # (seen only if a round ends)
            try:
                if player is None and text == TIMEOUT:
                    state.timeout()
                else:
                    state.apply(player, game.parse_action(text), seen=entry[2] if len(entry) == 3 else None)
            except (IllegalAction, ValueError) as exc:
                raise ValueError(f"room {data.id}: saved action {index + 1} {entry!r} does not replay: {exc}") from None
            room.actions.append(entry)
            if len(state.round_scores()) > finished:
                room.summaries.append(room._summary(before.observation(None), entry))
        return room

    def _track_window(self, entry: list[Any]) -> None:
        """While replaying: the bots' cards the commit window had in the air after each landing, less those
        saved as landed since - what is left was in the air when the server stopped, and lands on resume.
        (Known after a bot's landing, whose time is its plan's; a person's landing time is not saved, so the
        bots' cards in the air after it are lost with a crash, as a hand stops when the table falls.)"""
        player, text = entry[0], entry[1]
        if len(entry) == 3:
            found = next((k for k, (_, plan) in enumerate(self._late)
                          if plan.seat == player and str(plan.action) == text), None)
            if found is not None:
                del self._late[found]
            return
        first = self._plans[0] if self._plans and self.asked == self.state.version else None
        if first is not None and first.seat == player and str(first.action) == text:
            seen = self.state.version
            self._late = [(seen, plan) for plan in in_window(self._plans[1:], first.delay, self.settings.speed)]
        else:
            self._late = []

    def _deal(self, number: int, seed: int) -> None:
        self.number, self.seed = number, seed
        self.state = self.game.new_state(seed)
        self.actions = []
        self.covered_moves = set()
        self.bots = {s.index: table_bot(self.game.id, s.bot, self.settings.think_ms)
                     for s in self.seats if s.kind == "bot" and s.bot}
        for bot in self.bots.values():
            if hasattr(bot, "reset"):
                bot.reset()
        for seat in self.seats:
            seat.standin, seat.cover_why, seat.was_actor = None, None, False
        self.asked = -1
        self._plans, self._late = [], []
        self.summaries, self.pause = [], None

    def _ask_seat_bots(self, everyone: bool) -> None:
        """What the live table does at each new version, while replaying: bots that remember what they saw
        (`remembers`, else those with `reset`) must see every version again. The others answer from the
        version's generator alone, so they are asked only where their answers still matter: at the last
        landing, whose commit window may have had cards in the air (`_track_window`). Resuming a search
        bot's table costs one search, not one a version (a whole Tiko game asked again at every version:
        14 s of CPU)."""
        if self.asked != self.state.version:
            self.asked = self.state.version
            bots = {p: (b, _BOT) for p, b in self.bots.items()
                    if everyone or getattr(b, "remembers", hasattr(b, "reset"))}
            self._plans = plan_moment(self.state, bots, self.seed, self.settings.speed)

    # -- what the room is ------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return not any(seat.open for seat in self.seats)

    @property
    def status(self) -> str:
        if self.closed is not None:
            return "closed"
        if not self.started:
            return "waiting"
        return "over" if self.state.is_over() else "playing"

    def summary(self) -> dict[str, Any]:
        """The room as the lobby lists it: besides the game's `status`, what the table is (`table`: waiting,
        playing, covered, abandoned, over) and a line saying so (`label`), from public facts."""
        taken = sum(1 for s in self.seats if not s.open)
        return {"room": self.id, "game": self.game.id, "title": self.game.title, "players": self.game.players,
                "seats_taken": taken, "seats_open": self.game.players - taken, "status": self.status,
                "number": self.number, "created": self.created, **self.presence()}

    def presence(self) -> dict[str, Any]:
        """Who is at the table: people seated, connected, covered by a bot; what the table is, in a line that
        names whom it waits for or a bot covers (people's names are public: they are on the seats)."""
        people = [s for s in self.seats if s.kind == "person" and not s.open]
        present = sum(1 for s in people if s.connections)
        covering = [s.name or f"seat {s.index + 1}" for s in people if s.standin is not None]
        away = [s.name or f"seat {s.index + 1}" for s in people if not s.connections and s.standin is None]
        status = self.status
        if status in ("waiting", "over", "closed"):
            table = status
            label = {"waiting": f"waiting for {_many(sum(s.open for s in self.seats), 'person')}",
                     "over": "game over", "closed": "closed"}[status]
            if status == "waiting" and not present and people:
                label += ", nobody there"
        elif people and not present and time.monotonic() - self._nobody_since >= ABANDON_S:
            table = "abandoned"
            label = "abandoned: nobody at the table" + (", bots finish the game" if not away else
                                                         ", it waits for them until it is closed")
        elif away:
            table = "away"
            label = f"waiting for {_names(away)} (away)" + (f"; a bot covers {_names(covering)}" if covering else "")
        elif covering:
            table = "covered"
            label = f"playing with {_many(present, 'person')}; a bot covers {_names(covering)}"
        else:
            table = "playing"
            label = f"playing with {_many(present, 'person')}" if people else "bots playing"
        return {"people": len(people), "present": present, "covered": len(covering), "table": table,
                "label": label}

    def info(self) -> dict[str, Any]:
        over = self.state.is_over()
        return {**self.summary(), "options": dict(self.game.options), "settings": self.settings.as_dict(),
                "seats": [s.public(self.game.id) for s in self.seats], "version": self.state.version, "over": over,
                "scores": list(self.state.scores()) if over else None,
                "winners": list(self.state.winners()) if over else None,
                "watchers": len(self.conns), "pause": self.pause_info(), "summaries": list(self.summaries)}

    def record(self) -> Record:
        if not self.state.is_over():
            raise RoomError(f"game {self.number} of room {self.id} is not over: its record (which holds the seed) "
                            "is served once it is")
        return Record(self.game.id, self.game.players, dict(self.game.options), self.seed, self.seat_names(),
                      [list(e) for e in self.actions], list(self.state.scores()), list(self.state.winners()),
                      seats=[s.record(self.game.id) for s in self.seats])

    def seat_names(self) -> list[str]:
        """Who sat where, for a record: a bot's spec or a person's name (`Record.seats` keeps them apart)."""
        return [(s.bot or "bot") if s.kind == "bot" else (s.name or "person") for s in self.seats]

    def names(self) -> list[str]:
        """What people call each seat (a person's name, `Ada · bot, easy`; `seat 3` while open)."""
        return [s.label(self.game.id) or f"seat {s.index}" for s in self.seats]

    def short_names(self) -> list[str]:
        """The seats' names as a sentence says them: a person's name, a bot's first name ("Ada")."""
        return [s.name or f"seat {s.index}" for s in self.seats]

    def pause_info(self) -> dict[str, Any] | None:
        """The pause between rounds, as clients show it: the round that ended, when the table goes on, who is
        ready and whom it waits for (people present and not covered)."""
        if self.pause is None:
            return None
        waiting = [s.index for s in self._to_be_ready() if s.index not in self.pause.ready]
        return {"round": self.pause.round, "until": self.pause.ends_at, "ready": sorted(self.pause.ready),
                "waiting": waiting}

    def turn_clock(self) -> dict[str, Any] | None:
        """The turn clock running now, when a bot would cover the seat as it runs out: the person whose turn it
        is and when (Unix time). Public: whose turn it is is."""
        if not self.settings.cover or self.pause is not None or not self.started or self.state.is_over():
            return None
        for seat in self.seats:
            if seat.kind == "person" and seat.was_actor and seat.standin is None and seat.connections:
                now = _loop_time()
                if now is None:
                    return None
                left = seat.active_since + self._clock_s() - now
                return {"seat": seat.index, "ends": round(time.time() + max(left, 0.0), 3),
                        "seconds": self._clock_s()}
        return None

    def seat_for(self, token: str) -> int | None:
        """The seat this token stands for, or None. Every seat's hash is compared, in constant time."""
        wanted, found = hash_token(token), None
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                found = seat.index
        return found

    # -- messages --------------------------------------------------------------------------------
    def state_text(self, seat: int | None) -> str:
        key = (self.number, self.state.version, self._rev)
        if key != self._cache_key:
            self._cache_key, self._cache = key, {}
        text = self._cache.get(seat)
        if text is None:
            text = self._cache[seat] = json.dumps(self.state_message(seat), separators=(",", ":"))
        return text

    def state_message(self, seat: int | None) -> dict[str, Any]:
        return state_message(self, seat)

    def first_state_text(self, seat: int | None) -> str:
        """A connection's first `state` message: the state, with this game's round summaries so far (`summaries`:
        a reload or a second device has them too) and the game's action texts, action faces and card faces
        (`table`), sent once so that later messages name actions by id."""
        summaries = json.dumps(self.summaries, separators=(",", ":"))
        return self.state_text(seat)[:-1] + ',"summaries":' + summaries + ',"table":' + table_text(self.game) + "}"

    def broadcast_state(self) -> None:
        for conn in list(self.conns):
            conn.send(self.state_text(conn.seat))

    def broadcast(self, event: dict[str, Any], private: Mapping[int, dict[str, Any]] | None = None) -> None:
        """An event to every connection; `private` replaces it for the named seats."""
        text = json.dumps({"type": "event", **event}, separators=(",", ":"))
        own = {p: json.dumps({"type": "event", **e}, separators=(",", ":")) for p, e in (private or {}).items()}
        for conn in list(self.conns):
            conn.send(own.get(conn.seat, text) if conn.seat is not None else text)

    # -- connections -------------------------------------------------------------------------------
    def attach(self, conn: Conn) -> None:
        """Connect `conn`: its first `state` carries the game's tables (`first_state_text`); the others see
        the seat connected (and the bot covering it, if any, hand it back)."""
        handed_back = False
        if conn.seat is not None:
            seat = self.seats[conn.seat]
            seat.connections += 1
            seat.away_since = None
            self._rev += 1
            if seat.standin is not None:
                self._hand_back(seat)
                handed_back = True
            self.broadcast_state()
        # (a connection attached again, or relayed from another server process, has the game's table already)
        conn.send(self.first_state_text(conn.seat) if getattr(conn, "wants_table", True) else self.state_text(conn.seat))
        self.conns.add(conn)
        if handed_back:
            self._replan()

    def detach(self, conn: Conn) -> None:
        if conn not in self.conns:
            return
        self.conns.discard(conn)
        if conn.seat is not None:
            seat = self.seats[conn.seat]
            seat.connections -= 1
            if not seat.connections:
                seat.away_since = _loop_time()
                if not any(s.connections for s in self.seats if s.kind == "person"):
                    self._nobody_since = time.monotonic()
            self._rev += 1
            self.broadcast_state()
            if not seat.connections and self.pause is not None:
                self._maybe_resume()
            self._arm_cover()

    def close_all(self, code: int, reason: str) -> None:
        for conn in list(self.conns):
            conn.close(code, reason)
        self.conns.clear()

    # -- requests ---------------------------------------------------------------------------------
    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        async with self.lock:
            self._check_usable()
            chosen = self._seat_to_take(seat)
            token = secrets.token_urlsafe(24)
            await self._save(self.saver.take_seat(self.id, chosen.index, name, hash_token(token)))
            chosen.name, chosen.token_hash = name, hash_token(token)
            self._rev += 1
            self.broadcast({"kind": "join", "seat": chosen.index, "name": name, "number": self.number})
            if self.started:
                self.broadcast({"kind": "start", "number": self.number, "version": self.state.version})
                self._replan()
            self.broadcast_state()
            return chosen.index, token

    def _seat_to_take(self, seat: int | None) -> Seat:
        if seat is None:
            free = [s for s in self.seats if s.open]
            if not free:
                raise RoomError(f"room {self.id} has no open seat")
            return free[0]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise RoomError(f"seat {seat!r} is not a seat of this table (0..{len(self.seats) - 1})", 422)
        chosen = self.seats[seat]
        if not chosen.open:
            others = ", ".join(str(s.index) for s in self.seats if s.open) or "none"
            what = "a bot's" if chosen.kind == "bot" else "taken"
            raise RoomError(f"seat {seat} is {what}; open seats: {others}")
        return chosen

    async def handle(self, conn: Conn, text: Any) -> None:
        """One client message: exactly one `result` or `error` goes back to `conn`."""
        ident: Any = None
        try:
            message = parse_message(text)
            ident = message.get("id")
            kind = message["type"]
            if kind == "act":
                outcome = await self.act(conn.seat, message)
                conn.send(_reply({"type": "result", "outcome": outcome.value, "version": self.state.version}, ident))
            elif kind == "rematch":
                await self.rematch(conn.seat)
                conn.send(_reply({"type": "result", "outcome": "rematch", "number": self.number}, ident))
            elif kind in ("ready", "back"):
                said = await self.back(conn.seat, ready=kind == "ready")
                conn.send(_reply({"type": "result", "outcome": said}, ident))
            else:
                raise ProtocolError(f"unknown message type {_shorten(kind)}; send one of: act, ready, back, rematch")
        except (ProtocolError, RoomError, IllegalAction) as exc:
            conn.send(_reply({"type": "error", "message": str(exc)}, ident))
        except NotSaved:
            conn.send(_reply({"type": "error", "message": "the server could not save this; reconnect"}, ident))

    async def act(self, seat: int | None, message: dict[str, Any]) -> Outcome:
        if seat is None:
            raise ProtocolError("a spectator cannot act: join a seat (POST /api/rooms/{room}/join) and connect "
                                "with its token")
        claimed = message.get("seat", seat)
        if claimed != seat:
            raise ProtocolError(f"this connection holds seat {seat}; it cannot act for seat {_shorten(claimed)}")
        seen = message.get("seen")
        action = self._action_of(message.get("action"))
        if isinstance(seen, bool) or not isinstance(seen, int):
            raise ProtocolError('"seen" must be the version (an integer) of the state your action answers')
        async with self.lock:
            self._check_usable()
            if not self.started:
                raise RoomError(f"the game has not started: {sum(s.open for s in self.seats)} seat(s) still open")
            if self.state.is_over():
                raise RoomError("the game is over; send {\"type\": \"rematch\"} for another")
            holder = self.seats[seat]
            if holder.standin is not None:
                self._hand_back(holder)
                self.broadcast_state()
                self._replan()
            if self.pause is not None and seen >= self.pause.version:  # (an answer to the round that ended is judged)
                raise RoomError('the next round starts once everyone is ready (send {"type": "ready"}), or in '
                                f"{max(0.0, self.pause.until - asyncio.get_running_loop().time()):.0f} s")
            holder.active_since = asyncio.get_running_loop().time()
            return await self._submit(seat, action, seen, "person")

    async def back(self, seat: int | None, ready: bool) -> str:
        """A person says they are here (`back`) or ready for the next round (`ready`, which says both): a bot
        covering the seat hands it back; between rounds the table goes on once everyone at it is ready."""
        if seat is None:
            raise ProtocolError("a spectator has no seat to come back to or be ready at")
        async with self.lock:
            self._check_usable()
            holder = self.seats[seat]
            changed = False
            if holder.standin is not None:
                self._hand_back(holder)
                changed = True
            holder.active_since = asyncio.get_running_loop().time()
            outcome = "back"
            if ready and self.pause is not None:
                outcome = "ready"
                if seat not in self.pause.ready:
                    self.pause.ready.add(seat)
                    self._rev += 1
                    self.broadcast({"kind": "ready", "seat": seat, "number": self.number, "round": self.pause.round})
                    changed = True
            if changed:
                self.broadcast_state()
                if not self._maybe_resume():
                    self._replan()
            return outcome

    def _action_of(self, named: Any) -> Action:
        """An action by its id (what clients send: the `legal_ids`) or by its text (what people type)."""
        if isinstance(named, int) and not isinstance(named, bool):
            try:
                return self.game.action_from_id(named)
            except ValueError as exc:
                raise ProtocolError(str(exc)) from None
        if not isinstance(named, str) or not named.strip() or len(named) > MAX_ACTION_TEXT:
            raise ProtocolError('"action" must be an action id (one of the "legal_ids" of the last state) or an '
                                f'action text of at most {MAX_ACTION_TEXT} characters')
        try:
            return self.game.parse_action(named)
        except ValueError as exc:
            raise ProtocolError(str(exc)) from None

    async def rematch(self, seat: int | None) -> None:
        if seat is None:
            raise ProtocolError("a spectator cannot start a rematch")
        async with self.lock:
            self._check_usable()
            if not self.state.is_over():
                raise RoomError("a rematch starts once the game is over")
            seed = secrets.randbits(63)
            await self._save(self.saver.new_game(self.id, self.number + 1, seed))
            self._deal(self.number + 1, seed)
            self._rev += 1
            self.broadcast({"kind": "start", "number": self.number, "version": self.state.version, "rematch": True})
            self.broadcast_state()
            self._replan()

    # -- applying ----------------------------------------------------------------------------------
    async def _submit(self, seat: int, action: Action, seen: int | None, by: str,
                      landed: float | None = None) -> Outcome:
        """Apply, save, then tell everyone. The caller holds the lock. `landed`: when a bot's card landed,
        in seconds into the moment, as planned (a person's is read off the clock)."""
        at = time.time()
        before = self.state.version
        table_before, finished = self.state.observation(None), len(self.state.round_scores())
        outcome = self.state.apply(seat, action, seen=seen)  # IllegalAction: nothing happened
        late = seen is not None and seen != before
        entry: list[Any] = [seat, str(action), seen] if late else [seat, str(action)]
        self.actions.append(entry)
        if by == "standin":
            self.covered_moves.add(len(self.actions) - 1)
        over = self.state.is_over()
        result = (list(self.state.scores()), list(self.state.winners())) if over else None
        await self._save(self.saver.add_action(self.id, self.number, len(self.actions) - 1, entry, result))
        why, own, public = rounds.reason(self.game, table_before, seat, action, outcome, late,
                                         self.short_names()[seat]) if outcome is not Outcome.APPLIED else (None,) * 3
        event = {"kind": "action", "seat": seat, "by": by, "action": None, "id": None, "outcome": outcome.value,
                 "late": late,
                 "seen": seen if late else before, "version": self.state.version, "number": self.number, "at": at,
                 "why": why, "reason": public}
        named = {"action": str(action), "id": self.game.action_id(action)}
        if outcome is Outcome.APPLIED:
            self.broadcast({**event, **named})
        else:  # a card that came back, or was punished, stays its owner's secret
            self.broadcast(event, {seat: {**event, **named, "reason": own}})
        if len(self.state.round_scores()) > finished:
            self._round_over(table_before, entry)
        if not late:
            self._commit_window(before, landed)
        if outcome is not Outcome.BOUNCED:
            self._changed()
        return outcome

    def _summary(self, before: dict[str, Any], entry: list[Any]) -> dict[str, Any]:
        """The round's summary from the table as everyone saw it just before `entry` (`before`) and now."""
        return rounds.round_summary(self.game, before, self.state.observation(None), entry,
                                    self.names(), self.short_names(), self.number)

    def _round_over(self, before: dict[str, Any], entry: list[Any]) -> None:
        """A round ended with `entry`: everyone gets its summary, and unless the game is over the table pauses
        until the people at it are ready, or `pause` seconds (x speed) pass (`BOTS_PAUSE_S` with no people)."""
        summary = self._summary(before, entry)
        self.summaries.append(summary)
        self.broadcast({"kind": "round", "number": self.number, "round": summary["round"], "summary": summary})
        if self.state.is_over():
            return
        people = any(seat.kind == "person" for seat in self.seats)
        seconds = (table_data(self.game.id).clock.pause if people else BOTS_PAUSE_S) * self.settings.speed
        loop = asyncio.get_running_loop()
        self.pause = Pause(summary["round"], self.state.version, loop.time() + seconds, time.time() + seconds)
        for seat in self.seats:
            seat.was_actor = False  # each turn clock starts again after the pause
        self._rev += 1

    def _commit_window(self, seen: int, landed: float | None) -> None:
        """A card landed on time: the bots' answers due within the commit window are already thrown and
        land later with the version they saw; the rest are dropped (the bots think again)."""
        if landed is None:
            landed = asyncio.get_running_loop().time() - self._moment_start
        self._late += [(seen, plan) for plan in in_window(self._plans, landed, self.settings.speed)]
        self._plans = []

    async def _timeout(self) -> None:
        at = time.time()
        before, finished = self.state.observation(None), len(self.state.round_scores())
        try:
            self.state.timeout()
        except IllegalAction:
            return  # someone must act here: the table waits for them
        self.actions.append([None, TIMEOUT])
        over = self.state.is_over()
        result = (list(self.state.scores()), list(self.state.winners())) if over else None
        await self._save(self.saver.add_action(self.id, self.number, len(self.actions) - 1, [None, TIMEOUT], result))
        self.broadcast({"kind": "timeout", "version": self.state.version, "number": self.number, "at": at})
        if len(self.state.round_scores()) > finished:
            self._round_over(before, [None, TIMEOUT])
        self._changed()

    def _changed(self) -> None:
        if self.state.is_over():
            self.broadcast({"kind": "over", "number": self.number, "scores": list(self.state.scores()),
                            "winners": list(self.state.winners())})
        self._note_turn(_loop_time())  # (the turn clock's start is in the state everyone is sent)
        self.broadcast_state()
        self._replan()

    async def _save(self, write: Awaitable[None]) -> None:
        try:
            await write
        except Exception as exc:  # the store says so once for all the rooms it could not save (zdeck.server.store)
            log.debug("room %s: not saved (%s); it is reloaded from what was", self.id, exc)
            self.stop()
            self.broken = True
            self.close_all(1011, "the table could not be saved; reconnect")
            if self.on_broken is not None:
                self.on_broken(self)
            raise NotSaved(str(exc)) from exc

    def _check_usable(self) -> None:
        if self.closed is not None:
            raise RoomError(f"this table was closed: {self.closed}", 410)
        if self.broken:
            raise NotSaved("this room is being reloaded")

    # -- the clock ---------------------------------------------------------------------------------
    def start_clock(self) -> None:
        """Start the bots and idle clocks of a room made or restored (from zero)."""
        self._replan()

    def stop(self) -> None:
        """Stop the clocks. A search under way finishes in its thread; its answer is dropped."""
        self._moment += 1
        for handle in (self._timer, self._idle_timer, self._pause_timer):
            if handle is not None:
                handle.cancel()
        self._timer = self._idle_timer = self._pause_timer = None
        for task in list(self._tasks):
            task.cancel()

    def _acting_bots(self) -> dict[int, tuple[Bot, int]]:
        acting = {p: (b, _BOT) for p, b in self.bots.items()}
        acting.update({s.index: (s.standin, _STANDIN) for s in self.seats if s.standin is not None})
        return acting

    def _replan(self) -> None:
        """A new version: ask the bots, set the clock for the first answer (or for nobody playing)."""
        self._moment += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.broken or not self.started or self.state.is_over():
            if self._idle_timer is not None:
                self._idle_timer.cancel()
                self._idle_timer = None
            return
        loop = asyncio.get_running_loop()
        if self._late:  # cards still on their way land first; the table asks its bots again after them
            due = self._moment_start + self._late[0][1].delay
            self._timer = loop.call_at(due, self._spawn, self._land_late)
            return
        if self.pause is not None:  # between rounds: nobody plays until the table goes on (`_resume`)
            if self._pause_timer is None:
                self._pause_timer = loop.call_at(self.pause.until, self._spawn, self._pause_over)
            self._arm_cover()
            return
        now = self._moment_start = loop.time()
        self._note_turn(now)
        self._arm_cover()
        self._ask(self._acting_bots())

    def _ask(self, bots: Mapping[int, tuple[Bot, int]]) -> None:
        """Ask the bots that may act now. Bots that answer in microseconds are asked inline: a thread hop and
        a copy of the state each moment would cost more than their answers, and their plans are known at
        once. A moment with a bot that searches is thought in a worker thread; so is a moment that comes
        while the last one is still being thought, so that every bot sees the versions in order."""
        self.asked, self._plans = self.state.version, []
        searching = any(getattr(bots[p][0], "searches", False) for p in self.state.actors() if p in bots)
        if searching or (self._thought is not None and not self._thought.done()):
            self._think(bots)
            return
        self._plans = plan_moment(self.state, bots, self.seed, self.settings.speed)
        self._arm(self.state.version, bots)

    def _think(self, bots: Mapping[int, tuple[Bot, int]]) -> None:
        """Ask this moment's bots in a worker thread, on a copy of the state (people may act meanwhile),
        once the room's earlier thinking is done."""
        after, finished = self._thought, asyncio.get_running_loop().create_future()
        self._thought = finished
        job = partial(plan_moment, self.state.clone(), bots, self.seed, self.settings.speed)
        moment, version = self._moment, self.state.version
        self._spawn(lambda: self._thinking(after, finished, job, (moment, version), bots))

    async def _thinking(self, after: asyncio.Future[None] | None, finished: asyncio.Future[None],
                        job: Callable[[], list[Plan]], moment: tuple[int, int],
                        bots: Mapping[int, tuple[Bot, int]]) -> None:
        """The answers count from the moment's start, as inline ones: one due before it was ready lands as
        soon as it is. They are dropped if the moment has passed: a card landed while the bots thought (they
        had thrown nothing yet, so nothing of theirs is in the commit window), or the clock stopped."""
        work: Future[list[Plan]] | None = None
        try:
            if after is not None:
                await asyncio.wait([after])
            work = thinkers().submit(job)
            plans = await asyncio.wrap_future(work)
        except Exception:
            log.exception("room %s: a bot failed while thinking; the table goes on as if it held back", self.id)
            plans = []
        finally:
            _settle_when_done(finished, work)
        if moment == (self._moment, self.state.version):
            self._plans = plans
            self._arm(self.state.version, bots)

    def _arm(self, version: int, bots: Mapping[int, Any]) -> None:
        loop = asyncio.get_running_loop()
        delay = self._plans[0].delay if self._plans else self._nobody_plays_after(bots)
        if delay is not None:
            due = self._moment_start + delay
            self._timer = loop.call_at(due, self._spawn, lambda: self._due(version))

    def _nobody_plays_after(self, bots: Mapping[int, Any]) -> float | None:
        """How long the table waits, when no bot will act, before "nobody plays" (the game's timeout: a race
        window closes). Everyone sees when it closes, so it depends on public facts only: whether people
        sit at the table - never on which of them could act, which is who holds a card that follows
        (docs/protocol.md, "What the clocks reveal"). A private table (one person, nobody watching) may
        wait for that person alone when only they can act: only they learn anything from it."""
        if self.private:
            actors = self.state.actors()
            people = [p for p in actors if p not in bots]
            if people and len(actors) == 1:
                return None
            return (self._race_s() if people else IDLE_S) * self.settings.speed
        people_sit = any(seat.kind == "person" for seat in self.seats)
        return (self._race_s() if people_sit else IDLE_S) * self.settings.speed

    def _race_s(self) -> float:
        """How long a window open to everyone stays open with nobody playing, at a table with people (x speed)."""
        return float(self.settings.race if self.settings.race is not None else table_data(self.game.id).clock.race)

    def _spawn(self, work: Callable[[], Awaitable[None]]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(work())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _due(self, version: int) -> None:
        async with self.lock:
            if self.broken or self.state.version != version or self.state.is_over():
                return
            try:
                if not self._plans:
                    await self._timeout()
                    return
                plan = self._plans.pop(0)
                standin = self.seats[plan.seat].standin is not None
                try:
                    await self._submit(plan.seat, plan.action, None, "standin" if standin else "bot", plan.delay)
                except IllegalAction as exc:  # a bot's bug: its answer is dropped, the next one comes due
                    log.error("room %s: bot at seat %d chose %s: %s", self.id, plan.seat, plan.action, exc)
                    self._arm(version, self._acting_bots())
            except NotSaved:
                return

    async def _land_late(self) -> None:
        """The next answer of the commit window lands, with the version its bot saw."""
        async with self.lock:
            if self.broken or not self._late:
                return
            seen, plan = self._late.pop(0)
            if self.state.is_over():
                self._late = []
                return
            by = "standin" if self.seats[plan.seat].standin is not None else "bot"
            try:
                outcome = await self._submit(plan.seat, plan.action, seen, by)
            except IllegalAction:  # no late rule in this game, or no longer possible: nothing happened
                outcome = Outcome.BOUNCED
            except NotSaved:
                return
            if outcome is Outcome.BOUNCED:
                self._replan()  # (an accepted one replanned already, through _changed)

    # -- between rounds -------------------------------------------------------------------------------
    async def _pause_over(self) -> None:
        async with self.lock:
            self._pause_timer = None
            if self.pause is not None and not self.broken:
                self._resume()

    def _to_be_ready(self) -> list[Seat]:
        """The people the pause waits for: seated, connected and not covered by a bot."""
        return [s for s in self.seats if s.kind == "person" and s.connections and s.standin is None]

    def _maybe_resume(self) -> bool:
        """Go on if everyone the pause waits for is ready (True if the table went on)."""
        if self.pause is None or any(s.index not in self.pause.ready for s in self._to_be_ready()):
            return False
        if not any(s.kind == "person" for s in self.seats):
            return False  # a table of bots pauses its full time, so that whoever watches can read the summary
        self._resume()
        return True

    def _resume(self) -> None:
        """The pause is over: the next round's play begins now."""
        assert self.pause is not None
        round_no = self.pause.round
        self.pause = None
        if self._pause_timer is not None:
            self._pause_timer.cancel()
            self._pause_timer = None
        self._rev += 1
        self.broadcast({"kind": "resume", "number": self.number, "round": round_no + 1, "version": self.state.version})
        self._note_turn(_loop_time())
        self.broadcast_state()
        self._replan()

    # -- covering absent people ----------------------------------------------------------------------
    def _clock_s(self) -> float:
        return float(self.settings.clock if self.settings.clock is not None else table_data(self.game.id).clock.turn)

    def _note_turn(self, now: float | None) -> None:
        """Note when the table began to wait for each person on their turn: their turn clock starts then."""
        if now is None or self.pause is not None or not self.started or self.state.is_over():
            return
        if not any(seat.kind == "person" for seat in self.seats):
            return
        waited = self._waited_for()
        for seat in self.seats:
            if seat.kind != "person":
                continue
            if seat.index in waited:
                if not seat.was_actor:
                    seat.active_since = now
                seat.was_actor = True
            else:
                seat.was_actor = False

    def _arm_cover(self) -> None:
        """Set the cover clock for the next person to cover (if `cover`): one away `AWAY_S` since their last
        connection dropped, or one whose turn clock (`clock`) ran out. Both are public facts: who is connected,
        and whose turn it is (never who could act in a race: that tells who holds a card that follows)."""
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None
        now = _loop_time()
        if now is None or not self.settings.cover or self.broken or not self.started or self.state.is_over():
            return
        due = [when for _, when, _ in self._covers_due(now)]
        if due:
            self._idle_timer = asyncio.get_running_loop().call_at(min(due), self._spawn, self._cover)

    def _covers_due(self, now: float) -> list[tuple[Seat, float, str]]:
        """Each person the table would cover, when, and why ("away" or "clock")."""
        found = []
        for seat in self.seats:
            if seat.kind != "person" or seat.open or seat.standin is not None:
                continue
            if not seat.connections:
                if seat.away_since is None:
                    seat.away_since = now  # (never connected since the table began: away from now)
                found.append((seat, seat.away_since + AWAY_S, "away"))
            elif seat.was_actor and self.pause is None:
                found.append((seat, seat.active_since + self._clock_s(), "clock"))
        return found

    def _waited_for(self) -> set[int]:
        """The seats the table publicly waits for: the one whose turn it is (the observation's `turn`). A
        cover is announced to everyone, so its clock must not start for a seat that merely could act in a
        race (that is what it holds). Wherever no seat has the turn, every game lets the table wait ("nobody
        plays"), so an idle person holds nobody up there."""
        turn = self.state.observation(None).get("turn")
        return {turn} if isinstance(turn, int) and not isinstance(turn, bool) else set()

    async def _cover(self) -> None:
        async with self.lock:
            self._idle_timer = None
            if self.broken or self.state.is_over() or not self.settings.cover:
                return
            now = asyncio.get_running_loop().time()
            changed = False
            for seat, when, why in self._covers_due(now):
                if now >= when - 1e-3:
                    spec = cover_bot(self.game.id)
                    seat.standin, seat.cover_why = make_bot(self.game.id, spec), why
                    self.broadcast({"kind": "standin", "seat": seat.index, "bot": spec, "why": why,
                                    "level": table_data(self.game.id).level_of(spec), "number": self.number})
                    changed = True
            if changed:
                self._rev += 1
                self.broadcast_state()
                if self.pause is not None:
                    self._maybe_resume()
            self._replan()

    def _hand_back(self, seat: Seat) -> None:
        seat.standin, seat.cover_why = None, None
        seat.was_actor = False  # its turn clock starts again
        self._rev += 1
        self.broadcast({"kind": "handback", "seat": seat.index, "number": self.number})


def _settle_when_done(finished: asyncio.Future[None], work: Future[Any] | None) -> None:
    """Resolve `finished` once the worker is done with the bots, not merely once the task waiting for it was
    cancelled (a paused table): the room's next thinking must not use the same bots at the same time."""
    def settle() -> None:
        if not finished.done():
            finished.set_result(None)

    def from_worker(_: Future[Any]) -> None:
        try:
            loop.call_soon_threadsafe(settle)
        except RuntimeError:  # the loop is closed: nobody waits any more
            pass

    if work is None:
        settle()
        return
    loop = finished.get_loop()
    work.add_done_callback(from_worker)


class ProtocolError(ValueError):
    """A client message that is not one the protocol knows."""


def parse_message(text: Any) -> dict[str, Any]:
    if not isinstance(text, str):
        raise ProtocolError("messages are JSON text frames, not binary")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(f"message too long: {len(text)} characters; the limit is {MAX_MESSAGE}")
    try:
        message = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("not JSON: send an object such as "
                            '{"type": "act", "action": "...", "seen": 12}') from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError('a message is a JSON object with a "type": one of act, rematch')
    ident = message.get("id")
    if ident is not None and not (isinstance(ident, (str, int)) and not isinstance(ident, bool)
                                  and len(str(ident)) <= 64):
        raise ProtocolError('"id", when given, is a string or integer of at most 64 characters')
    return message


def _reply(message: dict[str, Any], ident: Any) -> str:
    if ident is not None:
        message["id"] = ident
    return json.dumps(message, separators=(",", ":"))


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _many(count: int, thing: str) -> str:
    if thing == "person":
        return "1 person" if count == 1 else f"{count} people"
    return f"1 {thing}" if count == 1 else f"{count} {thing}s"


def _loop_time() -> float | None:
    """The running event loop's time, or None outside one (a room read from a thread, or after its loop)."""
    try:
        return asyncio.get_running_loop().time()
    except RuntimeError:
        return None


def _shorten(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."
