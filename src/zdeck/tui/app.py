"""The terminal table: a Textual app, one more client of an in-process live table (`zdeck.live.local`).

It draws what the table sends this seat (`state` and `event` messages, docs/protocol.md) through the game's
text view (`zdeck.textview`, the game folder's `terminal.py`): the seats with their cards and scores, the
middle of the table, your hand as cards, what happened, and the round summaries. Keys are bound to what they
act on (`zdeck.tui.faces`, `zdeck.tui.keys`): a card's key stays with the card, calls and moves have their
own keys, `space` lists every action open to you, `?` the keys and rules, `=` the score sheet, `q` leaves.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Footer, RichLog, Static

from zdeck.core import Game
from zdeck.live.local import LocalTable
from zdeck.live.remote import JoinError, RemoteTable
from zdeck.records import Record
from zdeck.textview import Moment, Seats, TextView, view_for
from zdeck.textview.scene import Summary
from zdeck.textview.words import capital, cover_words, number, plural, seat_words, signed
from zdeck.tui import draw
from zdeck.tui.faces import Faces, Target
from zdeck.tui.keys import KeyRing, Slot, card_pool
from zdeck.tui.screens import ChooseScreen, HelpScreen, LeaveScreen, RulesScreen, ScoreScreen, SummaryScreen

PERCEPTION_S = 0.25  # as the line mode: a key pressed sooner than this after a redraw answers the view before it
BOUNCE_S = 2.0  # how long a card that came back is shown coming back
WATCH_BEAT_S = 0.8  # watching bots: each change stays on screen this long (times --speed) before they go on
SUMMARY_S = 12.0  # a round summary stays this long (times --speed) unless a key goes on sooner
SUMMARY_MIN_S = (5.0, 1.0)  # but at least this long: for a person to read it, for someone watching the bots
# The window sizes the table is laid out for: below ROOMY cards are compact (3 lines), below SMALL they are
# one-line chips and the log gives its room to the seats and the table (a notice says so).
ROOMY = (100, 34)
SMALL = (76, 22)
Saver = Callable[[Record], None]
Table = LocalTable | RemoteTable  # a table in this process (`zdeck play`), or a server's (`zdeck play --join`)


@dataclass
class Bindings:
    """What each key does now: a card's key -> the actions on that card; a place's key -> the actions
    from that place; a call key -> its actions. `every` is all legal actions, in the table's order."""

    cards: dict[str, list[str]] = field(default_factory=dict)  # card text -> legal action texts
    board: dict[Target, list[str]] = field(default_factory=dict)  # board place -> legal action texts
    calls: dict[str, list[str]] = field(default_factory=dict)  # key -> legal action texts
    loose: list[str] = field(default_factory=list)  # legal actions with no key of their own
    every: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class View:
    """One moment as the person saw it: when it was drawn, its version, what each key did in it."""

    at: float
    version: int
    bound: Bindings


class TitleBar(Static):
    pass


class Status(Static):
    pass


class TableView(Static):
    pass


class SeatsView(Static):
    pass


class HandView(Static):
    pass


class CallsBar(Static):
    pass


class ZdeckApp(App[None]):
    """One game at the terminal. `table` is the hosted live table; its messages drive every widget.
    `save` keeps a game's record the moment it ends (`--record`): the terminal may be closed next."""

    CSS_PATH = "zdeck.tcss"
    TITLE = "zdeck"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "leave", "leave"),
        Binding("question_mark", "help", "keys"),
        Binding("r", "rules", "rules"),
        Binding("equals_sign", "scores", "scores"),
        Binding("left", "cursor(-1)", "◀", show=False),
        Binding("right", "cursor(1)", "▶", show=False),
        Binding("enter", "play_cursor", "play card"),
        Binding("space", "choose_any", "all actions"),
        Binding("f2", "pause", "pause", show=False),
    ]

    def __init__(self, table: Table, record_path: str | None = None, save: Saver | None = None,
                 pictures: str = "emoji") -> None:
        super().__init__()
        self.table = table
        self.game: Game = table.game
        self.me = table.human
        self.faces = Faces(self.game)
        self.view: TextView = view_for(self.game, pictures)
        self.card_w = draw.card_width(self.view)
        self.record_path = record_path
        self.save = save
        self.keep_record = record_path is not None
        pool = card_pool(self.faces.key_names)
        self.ring = KeyRing(pool)
        # A board's places have fixed keys, in the order the game's actions name them (Memo's places).
        self.board_keys: dict[Target, str] = dict(zip(self.faces.board, pool, strict=False))
        self.board_by_key = {key: target for target, key in self.board_keys.items()}
        self.slots: list[Slot] = []
        self.cursor: int | None = None  # the ident of the card under the cursor
        self.message: dict[str, Any] | None = None
        self.seats = Seats.plain(self.game.players, self.me)
        self.bindings_now = Bindings()
        self.views: list[View] = []  # the last moments shown, for the version a key answers
        self.ids: dict[str, int] = {}  # action text -> id: what the app sends
        self.flying: dict[str, float] = {}  # card text -> when it was sent (until the table answers)
        self.came_back: tuple[str, float, str] | None = None  # (card, until, why)
        self.paused = False
        self.finished: Record | None = None  # the record of the game just over
        self.earlier: list[Record] = []  # the games finished before a rematch
        self.saved: list[Record] = []  # the records `save` kept already
        self.summaries: list[Summary] = []  # every round summary shown
        self.held = False  # the table waits while a round summary is read
        self.size_mode = "tall"
        self.notice = ""
        self._fitted: tuple[int, int] = (0, 0)
        self._events: list[dict[str, Any]] = []  # events waiting for the state they led to (for their words)
        self._told: dict[tuple[Any, Any], dict[str, Any]] = {}  # the room's round summaries, by (game, round)
        self._draw_due = False
        self._shown: dict[str, tuple[str, tuple[Any, ...]]] = {}
        self.said: list[str] = []  # every line written to the log
        self.own_versions: set[int] = set()
        self._beat = 0

    # -- layout ----------------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TitleBar(id="title")
        with Horizontal(id="body"):
            with Vertical(id="side"):
                yield SeatsView(id="seats")
                yield RichLog(id="log", markup=False, wrap=True, max_lines=500, min_width=20)
            with VerticalScroll(id="middle"):
                yield TableView(id="table")
        yield Status(id="status")
        yield HandView(id="hand")
        yield CallsBar(id="calls")
        yield Footer()

    def on_mount(self) -> None:
        for name in ("#log", "#middle"):  # nothing on the table takes the keys: they act on cards
            self.panel(name).can_focus = False
        self.panel("#seats").border_title = "Seats"
        self.panel("#log").border_title = "What happened"
        self.panel("#middle").border_title = self.game.title
        self.panel("#hand").border_title = "Your hand" if self.me is not None else "Watching"
        if self.me is None:
            self.panel("#hand").display = False
            self.panel("#calls").display = False
        self._fit()
        self.set_interval(0.25, self._tick)
        self.table.start(self.receive)

    def on_unmount(self) -> None:
        self.table.stop()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()
        self._draw()

    def _fit(self) -> None:
        """Lay the table out for the window: card size, the side column's width, and whether the log has room.
        Seats and the table never get zero height: below `SMALL` the log gives way, and a notice says so."""
        width, height = self.size
        self._fitted = (width, height)
        roomy = width >= ROOMY[0] and height >= ROOMY[1]
        small = width < SMALL[0] or height < SMALL[1]
        self.size_mode = "tall" if roomy else "chip" if small else "compact"
        self.panel("#side").styles.width = max(26, min(46, width // 2))
        self.panel("#log").display = not small
        self.screen_stack[0].set_class(not roomy, "-tight")
        self.notice = "small window: log hidden, cards as tags (80x24 shows all)" if small else ""
        self._shown.clear()

    # -- messages from the table ----------------------------------------------------------------------------
    def receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "state":
            self._state(message)
        elif kind == "event":
            self._event(message)
        elif kind == "error":
            self._say(f"Refused: {message.get('message')}", "alert")
            self.flying.clear()
            self._draw()
        elif kind == "result":
            self.flying.clear()
            self._draw()

    def _state(self, message: dict[str, Any]) -> None:
        before = self.message["observation"] if self.message is not None else None
        if before is not None and self.message is not None and message["number"] != self.message["number"]:
            before = None  # a new game: nothing of the last one is "before" it
        if self.message is None and message["version"] > 0:
            self._say("The game goes on where it was left.", "strong")
        self.message = message
        if isinstance(message.get("seat"), int) and self.me is not None:
            self.me = message["seat"]  # (a server's table says which seat a link's token holds)
        self.seats = Seats.of(message.get("seats") or [], self.me, self.view.art.mode != "words")
        obs = message["observation"]
        now = time.monotonic()
        self.view.observe(before, obs, now)
        self._tell(before, obs)
        hand = obs.get("hand")
        deal = (message.get("number"), obs.get("round"))
        had = bool(self.slots)
        self.slots = self.ring.update(hand, deal) if isinstance(hand, list) else []
        if had != bool(self.slots):
            self.refresh_bindings()  # the footer offers "play card" only with cards in hand
        if self.cursor is not None and self.ring.by_ident(self.cursor) is None:
            self.cursor = None
        if isinstance(message.get("table"), dict):  # the first state: the game's action texts, by id
            self.ids = {text: ident for ident, text in enumerate(message["table"]["texts"])}
        self.bindings_now = self._bind(message["legal"], message.get("legal_ids"), hand if isinstance(hand, list) else [])
        self.views = [*self.views[-20:], View(now, message["version"], self.bindings_now)]
        self.flying = {c: t for c, t in self.flying.items() if c in (hand or [])}
        summary = self._round_summary(before, message)
        if message.get("over") and self.finished is None:
            self._keep_finished()
        if summary is not None:
            self._summarise(summary, message.get("pause"))
        elif message.get("over") and before is not None and not before.get("over"):  # (once: states come after)
            self._summarise(Summary("The game is over.", (), self.view.rule_words(obs), int(obs.get("round") or 1),
                                    True, tuple(self.view.ending(self._moment()))))
        elif self.me is None:
            self.call_later(self._hold)
        self._draw()

    def _keep_finished(self) -> None:
        try:
            self.finished = self.table.record()
        except JoinError as exc:  # a server's table: its record stays on the server
            self._say(f"{capital(str(exc))}.", "quiet")
            return
        if self.save is not None:  # kept at once: the terminal may be closed after the end
            self.save(self.finished)
            self.saved.append(self.finished)

    def _round_summary(self, before: Mapping[str, Any] | None, message: Mapping[str, Any]) -> Summary | None:
        """The summary of the round this state ended, in the room's words (its `round` event) where it sent them;
        coming back to a table between two rounds, the last round's (the first state's `summaries`)."""
        obs = message["observation"]
        summary = self.view.round_over(before, obs, self.seats)
        told = self._told.pop((message.get("number"), len(obs.get("round_scores") or [])), None)
        if summary is None and before is None and message.get("pause") and message.get("summaries"):
            told = message["summaries"][-1]
            summary = Summary("", tuple((self.seats.name(s["seat"]), signed(s["points"]), number(s["total"]), "")
                                        for s in told["seats"]), self.view.rule_words(obs), int(told["round"]))
        if summary is not None and isinstance(told, dict):
            summary = self.view.told(summary, told, self.seats)
        return summary

    def _moment(self) -> Moment:
        obs = self.message["observation"] if self.message is not None else {}
        return Moment(obs, self.seats, time.monotonic())

    def _hold(self) -> None:
        """Watching: hold the bots' clock for a beat after each change, so a race can be followed by eye.
        (The room's clock restarts from zero after it: the bots think again, as at a resumed table.)"""
        beat = WATCH_BEAT_S * self.table.speed
        if beat <= 0 or self.table.over or self.held:
            return
        self._beat += 1
        self.table.pause()
        self.set_timer(beat, lambda beat_no=self._beat: self._release(beat_no))

    def _release(self, beat_no: int) -> None:
        if beat_no == self._beat and not self.paused and not self.held and not self.table.over:
            self.table.resume()

    def _summarise(self, summary: Summary, pause: Any = None) -> None:
        """A round ended: its summary, over the table. The room pauses between rounds until its people are
        ready or its pause is over: the summary says when the next round starts and whom it waits for, and
        closing it tells the room you are ready. A table in this process is held meanwhile (never shorter
        than a person needs to read it); at the end of the game the summary stays until closed."""
        self.summaries.append(summary)
        for line in [summary.headline, summary.how, *summary.ending]:
            if line:
                self._say(line, "strong")
        if not summary.last and self.table.holds:
            self.held = True
            self._beat += 1
            # held once the room is done with this change: it sets its pause's clock after sending the state
            asyncio.get_running_loop().call_soon(self._hold_room)
        until = pause.get("until") if isinstance(pause, dict) else None
        left = until - time.time() if isinstance(until, int | float) else SUMMARY_S * self.table.speed
        wait = None if summary.last else max(SUMMARY_MIN_S[self.me is None], left) if self.held else max(left, 0)
        waiting = [self.seats.who(p) for p in (pause or {}).get("waiting") or () if p != self.me]
        self.push_screen(SummaryScreen(summary, self.game.title, wait, self.me is not None and summary.last,
                                       waiting, self.view.round_word), self._summary_closed)

    def _summary_closed(self, choice: str | None) -> None:
        self.run_worker(self._go_on(self.held))
        self.held = False
        if choice == "again":
            self.run_worker(self._rematch())
        elif choice == "leave":
            self.action_leave()

    def _hold_room(self) -> None:
        if self.held:
            self.table.pause()

    async def _go_on(self, held: bool) -> None:
        """The summary is closed: tell the room you are ready (it pauses between rounds until its people are),
        then let a table held meanwhile go on."""
        pause = self.message.get("pause") if self.message is not None else None
        if self.me is not None and isinstance(pause, dict) and self.me not in pause.get("ready", ()):
            await self.table.ready()
        if held and not self.held and not self.paused and not self.table.over:
            self.table.resume()

    def _bind(self, legal: list[str], ids: list[int] | None, hand: list[str]) -> Bindings:
        bound = Bindings(every=list(legal))
        for i, text in enumerate(legal):
            ident = ids[i] if isinstance(ids, list) and len(ids) == len(legal) else None
            for target in self.faces.targets(text, hand, ident):
                if target[0] == "card":
                    bound.cards.setdefault(target[1], []).append(text)
                elif target[0] == "board" and target in self.board_keys:
                    bound.board.setdefault(target, []).append(text)
                elif target[0] == "key":
                    bound.calls.setdefault(target[1], []).append(text)
                else:
                    bound.loose.append(text)
        return bound

    def keys_for(self, text: str) -> list[str]:
        """The keys that reach this legal action now (its card's, its place's, its call's; then a list may ask
        which): what the table offers for it besides `space`."""
        bound = self.bindings_now
        keys = [slot.key for slot in self.slots if slot.key is not None and text in bound.cards.get(slot.card, [])]
        keys += [self.board_keys[target] for target, texts in bound.board.items() if text in texts]
        keys += [key for key, texts in bound.calls.items() if text in texts]
        return keys

    def _event(self, event: dict[str, Any]) -> None:
        kind = event.get("kind")
        if kind == "action" and event.get("outcome") == "bounced":
            self._bounced(event)  # nothing changed on the table: no state follows
        elif kind in ("action", "timeout", "over"):
            self._events.append(event)  # said with the state it led to
        elif kind == "start":
            number = event.get("number")
            if isinstance(number, int) and number > 1:
                self._say(f"Game {number} starts: a new deal.", "strong")
            else:
                self._say("The game starts.", "strong")
        elif kind == "join" and isinstance(event.get("seat"), int) and event["seat"] != self.me:
            self._say(f"{event.get('name') or 'Someone'} sits down.", "quiet")
        elif kind == "round" and isinstance(event.get("summary"), dict):
            self._told[(event.get("number"), event.get("round"))] = event["summary"]  # shown with its state
        elif kind == "resume" and isinstance(self.screen, SummaryScreen) and not self.held:
            self.screen.action_close()  # the room went on (its pause is over, or everyone was ready)
        elif kind in ("standin", "handback", "ready") and isinstance(event.get("seat"), int):
            words = seat_words(kind, event["seat"], str(event.get("why") or ""), self.seats)
            if words:
                self._say(words, "alert" if event["seat"] == self.me and kind == "standin" else "quiet")
                self._draw()

    def _tell(self, before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> None:
        """The log's words for the events that led to this state, now that their outcome shows."""
        events_, self._events = self._events, []
        for event in events_:
            kind = event.get("kind")
            if kind == "timeout":
                self._say("Nobody played: the table moves on.", "quiet")
            elif kind == "action" and event.get("outcome") == "penalised":
                self._penalised(event, before, after)
            elif kind == "action":
                seat, text = event.get("seat"), event.get("action")
                if seat == self.me:
                    self.own_versions.add(int(event.get("version", -1)))  # your own action you know at once
                line = self.view.narrate(int(seat), str(text), before, after, self.seats) \
                    if isinstance(seat, int) and text is not None else ""
                if line and event.get("by") == "standin":
                    line = f"{line.rstrip('.')} (a bot played it for {'you' if seat == self.me else 'them'})."
                if line:
                    self._say(line, "you" if seat == self.me else "")

    def _penalised(self, event: dict[str, Any], before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> None:
        seat, text = event.get("seat"), event.get("action")
        if not isinstance(seat, int):
            return
        words = self.view.penalty(seat, str(text) if text is not None else None, before, after, self.seats)
        if seat == self.me:
            self.own_versions.add(int(event.get("version", -1)))
            card = self._card_of(str(text)) if text is not None else None
            self.came_back = (card or str(text), time.monotonic() + BOUNCE_S, words)
        self._say(words, "alert" if seat == self.me else "quiet")

    def _bounced(self, event: dict[str, Any]) -> None:
        seat, text = event.get("seat"), event.get("action")
        if not isinstance(seat, int):
            return
        words = self.view.bounced(seat, str(text) if seat == self.me and text is not None else None, self.seats)
        if seat == self.me:
            card = self._card_of(str(text)) if text is not None else None
            self.came_back = (card or str(text), time.monotonic() + BOUNCE_S, words)
        self._say(words, "alert" if seat == self.me else "quiet")
        self._draw()

    def _card_of(self, action: str) -> str | None:
        card = self.faces.action(action).get("card")
        return card if isinstance(card, str) else None

    # -- drawing ------------------------------------------------------------------------------------------
    def _draw(self) -> None:
        """Redraw soon: the messages of one burst (a bot's card, then the new state) are drawn once."""
        if not self._draw_due:
            self._draw_due = True
            self.call_later(self._draw_now)

    def _draw_now(self) -> None:
        self._draw_due = False
        if self.message is None or not self.screen_stack or not self.screen_stack[0].query("#middle"):
            return  # nothing to draw, or no table on the screen (the app is starting or closing)
        try:
            self._draw_panels(self.message)
        except NoMatches:  # the app closed while this draw waited its turn: its panels are gone
            return

    def _draw_panels(self, message: dict[str, Any]) -> None:
        if self._fitted != tuple(self.size):  # the window was resized (the screen hears of it, not always the app)
            self._fit()
        middle_width = self.panel("#middle").content_size.width
        if middle_width <= 0:  # not laid out yet: draw again once it is
            self.call_after_refresh(self._draw)
        hand_width = self.panel("#hand").content_size.width or self.size.width - 4
        for name, text in self.drawn(message, max(24, middle_width), max(24, hand_width)).items():
            self._put(name, text)
        obs = message["observation"]
        self.panel("#hand").display = self.me is not None and isinstance(obs.get("hand"), list)
        self.panel("#seats").border_title = self._seats_title()

    def drawn(self, message: Mapping[str, Any], middle_width: int = 60, hand_width: int = 80) -> dict[str, Text]:
        """What each panel shows for this message (the view model tests read: tests/server/test_leaks.py)."""
        m = Moment(message["observation"], self.seats, time.monotonic(), tuple(message.get("legal") or ()))
        board = {target: (key, target in self.bindings_now.board) for target, key in self.board_keys.items()}
        size = "compact" if self.size_mode == "chip" else self.size_mode
        return {
            "title": self._title(message, m),
            "seats": draw.seats(self.view.seat_lines(m), self._width("#seats", 39), self.size_mode == "tall"),
            "table": draw.stack(draw.blocks(self.view.table(m), self.view, middle_width, size, board, self.card_w)),
            "status": self._status(message, m),
            "hand": self._hand(hand_width),
            "calls": self._calls(m),
        }

    def panel(self, selector: str) -> Widget:
        """A panel of the table (also while a pop-up screen lies over it)."""
        return self.screen_stack[0].query_one(selector)

    def _width(self, selector: str, default: int) -> int:
        """A panel's inner width once laid out (`default` before: a view model read without a screen)."""
        if not self.is_running or not self.screen_stack:
            return default
        return self.panel(selector).content_size.width or default

    def view_model(self, message: dict[str, Any]) -> list[str]:
        """What the table shows for this `state` message, panel by panel, as plain text - read without a screen
        (tests/server/test_leaks.py holds it to what the seat may see)."""
        obs = message["observation"]
        hand = obs.get("hand") if isinstance(obs.get("hand"), list) else []
        self.message = message
        self.seats = Seats.of(message.get("seats") or [], self.me, self.view.art.mode != "words")
        self.slots = self.ring.update(hand, (message.get("number"), obs.get("round")))
        self.bindings_now = self._bind(message["legal"], message.get("legal_ids"), hand)
        return [text.plain for text in self.drawn(message).values()]

    def _put(self, name: str, text: Text) -> None:
        """Update a widget only when what it shows changed: a refresh costs a layout."""
        shown = (text.plain, tuple(text.spans))
        if self._shown.get(name) != shown:
            self._shown[name] = shown
            widget = self.panel(f"#{name}")
            if isinstance(widget, Static):
                widget.update(text)

    def _seats_title(self) -> str:
        way = (self.message or {}).get("observation", {}).get("direction")
        return {1: "Seats · play goes ↓", -1: "Seats · play goes ↑"}.get(way, "Seats") if isinstance(way, int) else "Seats"

    def _title(self, message: Mapping[str, Any], m: Moment) -> Text:
        title = Text()
        title.append(f" {self.game.title} ", style="bold #000000 on #ffd75f")
        heading = self.view.heading(m)
        if heading:
            title.append(f"  {heading}", style="bold")
        if message.get("number", 1) > 1:
            title.append(f"  ·  game {message['number']}")
        if self.me is None:
            title.append("  ·  watching", style="bold #87d7ff")
        if self.paused:
            title.append("  ·  PAUSED (F2)", style="bold #ff875f")
        if self.notice:
            title.append(f"  ·  {self.notice}", style="bold #ff875f")
        return title

    def _status(self, message: Mapping[str, Any], m: Moment) -> Text:
        if self.came_back is not None and time.monotonic() < self.came_back[1]:
            card, _, why = self.came_back
            shown = self.view.card_name(card) if card in self.view.cards else card
            return Text.assemble(("↩ ", "bold #ffd75f"), (shown, "bold reverse #ffd75f"), f"  {why}")
        open_ = sum(1 for seat in message.get("seats") or () if seat.get("open"))
        if message.get("status") == "waiting" and open_:
            where = f" Share the table's link: {self.table.share}" if isinstance(self.table, RemoteTable) else ""
            return Text(f"Waiting for {plural(open_, 'more person', 'more people')} to sit down: the game starts "
                        f"then.{where}", style=draw.tone("strong"))
        may_act = self.me is not None and bool(message.get("legal"))
        words, tone = self.view.doing(m, may_act)
        words += cover_words(m.obs.get("turn"), m.seats)
        if message.get("over"):
            again = "n: another game · " if self.me is not None else ""
            words += f"  {again}q: leave the table."
        return Text(words, style=draw.tone(tone))

    def _hand(self, width: int) -> Text:
        if not self.slots:
            obs = (self.message or {}).get("observation", {})
            return Text("no cards" if isinstance(obs.get("hand"), list) else "", style="grey62")
        back = self.came_back[0] if self.came_back and time.monotonic() < self.came_back[1] else None
        marks = [draw.Mark(key=slot.key, cursor=slot.ident == self.cursor, live=slot.card in self.bindings_now.cards,
                           flying=slot.card in self.flying, back=slot.card == back) for slot in self.slots]
        looks = [self.view.look(slot.card) for slot in self.slots]
        per_row = max(1, (width + 1) // (self.card_w + 1))
        if self.size_mode == "chip" or (self.size_mode == "compact" and len(self.slots) > 2 * per_row):
            # a big hand in a small window: tags, so the log and the table keep their room
            return draw.stack(draw.flow([draw.chip(look, mark) for look, mark in zip(looks, marks, strict=True)],
                                        width))
        cards = [draw.card(look, self.card_w, mark, self.size_mode) for look, mark in zip(looks, marks, strict=True)]
        return draw.stack(draw.row(cards, width))

    def _calls(self, m: Moment) -> Text:
        bound = self.bindings_now
        line = Text()
        for key, texts in bound.calls.items():
            label = self.view.offer(texts[0], m) if len(texts) == 1 else \
                f"{self.faces.key_names.get(key, key)} ({len(texts)} choices)"
            line.append(f" {key} ", style="bold reverse #ffd75f")
            line.append(f" {label}   ")
        if bound.every:
            line.append(" space ", style="bold reverse #87d7ff")
            line.append(" every action   " if bound.calls else " list every action   ")
        if not bound.calls:
            hint = "play a card with its key (or ◀ ▶ and enter)" if bound.cards else \
                "press the key on a place of the table" if bound.board else "" if bound.every else "nothing to do now"
            line.append(hint, style="grey62")
        return line

    def _say(self, words: str, tone: str = "") -> None:
        self.said.append(words)
        style = "bold #87d7ff" if tone == "you" else draw.tone(tone)
        found = self.screen_stack[0].query("#log") if self.is_running and self.screen_stack else None
        if found:
            log = found.first()
            if isinstance(log, RichLog):
                log.write(Text(words, style=style))

    def _tick(self) -> None:
        """Let a card that came back fade back into the hand; let what a view shows for a while go."""
        if self.came_back is not None and time.monotonic() >= self.came_back[1]:
            self.came_back = None
        self._draw()

    # -- keys -----------------------------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """A card's, a place's or a call's key. (The app's own keys are bindings, listed in the footer.)"""
        key = event.character
        if not key or self.me is None or self.message is None:
            return
        if key == "n" and self.message.get("over"):
            event.stop()
            self.run_worker(self._rematch())
            return
        slot = self.ring.by_key(key)
        target = self.board_by_key.get(key)
        if slot is not None:
            event.stop()
            self.cursor = slot.ident
            self._play_card(slot.card)
        elif target is not None:
            event.stop()
            self._press(lambda bound: bound.board.get(target, []), "From there: which one?")
        elif any(key in view.bound.calls for view in self.views[-3:]):
            event.stop()
            self._press(lambda bound: bound.calls.get(key, []),
                        f"{capital(self.faces.key_names.get(key, key))}: which one?")

    async def _rematch(self) -> None:
        """Another game at the same table (a new deal); the one just played is kept for the record."""
        if self.finished is not None:
            self.earlier.append(self.finished)
            self.finished = None
        await self.table.rematch()

    def records(self) -> list[Record]:
        """Every game played at this table, the last one as far as it went."""
        try:
            return [*self.earlier, self.finished or self.table.record()]
        except JoinError:  # a server's game not over yet: the server keeps it (and serves it once it is over)
            return list(self.earlier)

    def unsaved(self) -> list[Record]:
        """The records `save` has not kept yet (the game left before its end)."""
        return [record for record in self.records() if all(record is not kept for kept in self.saved)]

    def _play_card(self, card: str) -> None:
        if not self._press(lambda bound: bound.cards.get(card, []), f"{self.view.card_name(card)}: which one?", card):
            self._say(f"{self.view.card_name(card)} cannot be played now.", "quiet")
            self._draw()

    def _press(self, pick: Callable[[Bindings], list[str]], title: str, card: str | None = None) -> bool:
        """Act on a key as the view the person was answering bound it; False when it did nothing there."""
        seen, texts = self.view_answered(pick)
        if not texts:
            return False
        self._act_among(texts, title, card, seen)
        return True

    def _act_among(self, texts: list[str], title: str, card: str | None = None, seen: int | None = None,
                   ask: bool = False) -> None:
        if len(texts) == 1 and not ask:
            self.send(texts[0], card, seen)
            return
        version = self.message["version"] if self.message else 0
        moment = self._moment()

        def chosen(text: str | None) -> None:
            if text is not None:
                self.send(text, card if card is not None else self._card_of(text), seen=version)

        self.push_screen(ChooseScreen(title, texts, [self.view.offer(text, moment) for text in texts]), chosen)

    def send(self, text: str, card: str | None = None, seen: int | None = None) -> None:
        """Send the action with the version the person was answering; the card is in flight until the table answers."""
        if seen is None:
            seen = self.view_answered(lambda bound: [text] if text in bound.every else [])[0]
        if card is not None:
            self.flying[card] = time.monotonic()
        self.run_worker(self.table.act(self.ids.get(text, text), seen), exclusive=False)  # by id, as the protocol
        self._draw()

    def view_answered(self, pick: Callable[[Bindings], list[str]], now: float | None = None) -> tuple[int, list[str]]:
        """The view the person was answering, and what the key meant in it: the last view shown at least
        `PERCEPTION_S` before the key (or one their own action made: they knew it before it was drawn).
        If the key did nothing in that view but did in a newer one on screen, the newer one: a quick
        player in a turn-based game is not "late" for a move the older view never allowed."""
        now = time.monotonic() if now is None else now
        on_screen = [v for v in self.views if v.at <= now] or self.views[:1]
        if not on_screen:
            return (self.message["version"] if self.message else 0), []
        chosen = next((v for v in reversed(on_screen) if now - v.at >= PERCEPTION_S or v.version in self.own_versions),
                      on_screen[0])
        if not pick(chosen.bound):
            newer = on_screen[on_screen.index(chosen) + 1:]
            chosen = next((v for v in reversed(newer) if pick(v.bound)), chosen)
        return chosen.version, pick(chosen.bound)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`enter` plays the card under the cursor only where there is a hand (Memo and Solo have places)."""
        return action != "play_cursor" or bool(self.slots)

    def action_cursor(self, step: int) -> None:
        if not self.slots:
            return
        idents = [s.ident for s in self.slots]
        at = idents.index(self.cursor) if self.cursor in idents else (-1 if step > 0 else len(idents))
        self.cursor = idents[(at + step) % len(idents)]
        self._draw()

    def action_play_cursor(self) -> None:
        slot = self.ring.by_ident(self.cursor)
        if slot is not None:
            self._play_card(slot.card)
        else:
            self.action_choose_any()

    def action_choose_any(self) -> None:
        """Every action open now, in a list - also when there is only one: space never acts by itself."""
        every = self.bindings_now.every
        if every:
            self._act_among(every, "Every action open to you now", ask=True)

    def action_help(self) -> None:
        from zdeck.registry import rules_document

        self.push_screen(HelpScreen(self._key_lines(), self.game.title, rules_document(self.game.id)))

    def action_rules(self) -> None:
        from zdeck.registry import rules_document

        self.push_screen(RulesScreen(self.game.title, rules_document(self.game.id)))

    def action_scores(self) -> None:
        """The score sheet: every finished round's points by seat, and the totals."""
        if self.message is not None:
            obs = self.message["observation"]
            self.push_screen(ScoreScreen(self.game.title, self.seats, list(obs.get("round_scores") or []),
                                         list(obs.get("scores") or []), self.view.rule_words(obs),
                                         self.view.round_word))

    def action_pause(self) -> None:
        """Watching: stop and restart the bots' clock."""
        if self.me is not None:
            return
        self.paused = not self.paused
        if self.paused:
            self.table.pause()
        elif not self.held:
            self.table.resume()
        self._draw()

    def action_leave(self) -> None:
        def answer(choice: str | None) -> None:
            if choice == "leave":
                self.exit()
            elif choice == "keep":
                self.keep_record = True
                self.exit()

        over = self.message is not None and bool(self.message.get("over"))
        self.push_screen(LeaveScreen(self.record_path, over), answer)

    def _key_lines(self) -> list[tuple[str, str]]:
        pool = self.ring.pool
        sample = f"{' '.join(pool[:3])} … {' '.join(pool[10:13])} …"
        lines = [(sample, ("the key on a card plays it; it stays that card's key while you hold it "
                                      "(a card that arrives takes a free key, never one of another card)")),
                 ("◀ ▶  enter", "move the cursor over your hand, play the card under it"),
                 ("space", "choose among every action open to you now")]
        if self.board_keys:
            lines.append(("keys on the table", ("the key drawn on a place acts from that place (a choice opens "
                          "when several moves start there)")))
        lines += [(key, what) for key, what in self.faces.key_names.items()]
        lines += [("=", "the score sheet: every round's points"), ("?", "these keys, then the rules"),
                  ("r", "the rules alone"), ("q", "leave the table (the record is kept if asked)")]
        if self.me is None:
            lines.append(("F2", "pause or resume the bots"))
        return lines
