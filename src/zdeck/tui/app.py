"""The terminal table: a Textual app, one more client of an in-process server room (`zdeck.live.local`).

It draws what the room sends this seat (`state` and `event` messages, docs/protocol.md): the hand as
coloured cards, the pile or board, the other seats with their counts and scores, whose turn it is,
and a log. Keys are bound to what they act on (`zdeck.tui.keys`): a card's key stays with the card,
calls have their own keys, `?` lists them above the rules, `r` shows the rules alone, `q` leaves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, RichLog, Static

from zdeck.core import Game
from zdeck.live.local import LocalTable
from zdeck.records import Record
from zdeck.tui import view
from zdeck.tui.faces import Faces, Target
from zdeck.tui.keys import KeyRing, Slot, card_pool
from zdeck.tui.screens import ChooseScreen, HelpScreen, LeaveScreen, RulesScreen

PERCEPTION_S = 0.25  # as the line mode: a key pressed sooner than this after a redraw answers the view before it
BOUNCE_S = 2.0  # how long a card that came back is shown coming back
WATCH_BEAT_S = 0.8  # watching bots: each change stays on screen this long (times --speed) before they go on


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
    """One game at the terminal. `table` is the hosted room; its messages drive every widget."""

    CSS_PATH = "zdeck.tcss"
    TITLE = "zdeck"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "leave", "leave"),
        Binding("question_mark", "help", "keys"),
        Binding("r", "rules", "rules"),
        Binding("left", "cursor(-1)", "◀", show=False),
        Binding("right", "cursor(1)", "▶", show=False),
        Binding("enter", "play_cursor", "play card"),
        Binding("space", "choose_any", "all actions"),
        Binding("f2", "pause", "pause", show=False),
    ]

    def __init__(self, table: LocalTable, record_path: str | None = None) -> None:
        super().__init__()
        self.table = table
        self.game: Game = table.game
        self.me = table.human
        self.faces = Faces(self.game)
        self.record_path = record_path
        self.keep_record = record_path is not None
        pool = card_pool(self.faces.key_names)
        self.ring = KeyRing(pool)
        # A board's places have fixed keys, in the order the game's actions name them (Memo's places).
        self.board_keys: dict[Target, str] = dict(zip(self.faces.board, pool, strict=False))
        self.board_by_key = {key: target for target, key in self.board_keys.items()}
        self.slots: list[Slot] = []
        self.cursor: int | None = None  # the ident of the card under the cursor
        self.message: dict[str, Any] | None = None
        self.bindings_now = Bindings()
        self.views: list[View] = []  # the last moments shown, for the version a key answers
        self.ids: dict[str, int] = {}  # action text -> id: what the app sends
        self.flying: dict[str, float] = {}  # card text -> when it was sent (until the table answers)
        self.came_back: tuple[str, float, str] | None = None  # (card or action, until, why)
        self.paused = False
        self.finished: Record | None = None  # the record of the game just over
        self.earlier: list[Record] = []  # the games finished before a rematch
        self._draw_due = False
        self._shown: dict[str, tuple[str, tuple[Any, ...]]] = {}
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
        for panel in self.query("#log, #middle"):  # nothing on the table takes the keys: they act on cards
            panel.can_focus = False
        self.query_one("#seats").border_title = "seats"
        self.query_one("#log").border_title = "what happened"
        self.query_one("#middle").border_title = self.game.title
        self.query_one("#hand").border_title = "your hand" if self.me is not None else "watching"
        if self.me is None:
            self.query_one("#hand").display = False
            self.query_one("#calls").display = False
        self.set_interval(0.25, self._tick)
        self.table.start(self.receive)

    def on_unmount(self) -> None:
        self.table.stop()

    # -- messages from the room -----------------------------------------------------------------------------
    def receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "state":
            self._state(message)
        elif kind == "event":
            self._event(message)
        elif kind == "error":
            self._say(Text(f"refused: {message.get('message')}", style="bold red"))
            self.flying.clear()
            self._draw()
        elif kind == "result":
            self.flying.clear()
            self._draw()

    def _state(self, message: dict[str, Any]) -> None:
        if self.message is None and message["version"] > 0:
            self._say(Text(f"the game goes on from move {message['version']}", style="bold"))
        self.message = message
        obs = message["observation"]
        hand = obs.get("hand")
        self.slots = self.ring.update(hand) if isinstance(hand, list) else []
        if self.cursor is not None and self.ring.by_ident(self.cursor) is None:
            self.cursor = None
        if isinstance(message.get("table"), dict):  # the first state: the game's action texts, by id
            self.ids = {text: ident for ident, text in enumerate(message["table"]["texts"])}
        self.bindings_now = self._bind(message["legal"], message.get("legal_ids"), hand if isinstance(hand, list) else [])
        self.views = [*self.views[-20:], View(time.monotonic(), message["version"], self.bindings_now)]
        self.flying = {c: t for c, t in self.flying.items() if c in (hand or [])}
        if message.get("over") and self.finished is None:
            self.finished = self.table.record()
        elif self.me is None:
            self.call_later(self._hold)
        self._draw()

    def _hold(self) -> None:
        """Watching: hold the bots' clock for a beat after each change, so a race can be followed by eye.
        (The room's clock restarts from zero after it: the bots think again, as at a resumed table.)"""
        beat = WATCH_BEAT_S * self.table.speed
        if beat <= 0 or self.table.over:
            return
        self._beat += 1
        self.table.pause()
        self.set_timer(beat, lambda beat_no=self._beat: self._release(beat_no))

    def _release(self, beat_no: int) -> None:
        if beat_no == self._beat and not self.paused and not self.table.over:
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

    def _event(self, event: dict[str, Any]) -> None:
        kind = event.get("kind")
        if kind == "action":
            self._action_event(event)
        elif kind == "timeout":
            self._say(Text("nobody played: the table moves on", style="grey62"))
        elif kind == "over":
            self._say(Text(f"game over · scores {self._scores(event['scores'])} · "
                           f"{self._winners(event['winners'])}", style="bold #ffd75f"))
        elif kind == "start":
            self._say(Text(f"game {event.get('number')} starts", style="bold"))
        elif kind == "standin":
            self._say(Text(f"P{event['seat']} is away: {event.get('bot')} plays for them", style="grey62"))
        elif kind == "handback":
            self._say(Text(f"P{event['seat']} is back", style="grey62"))

    def _action_event(self, event: dict[str, Any]) -> None:
        seat, text, outcome = event.get("seat"), event.get("action"), event.get("outcome")
        who = "you" if seat == self.me else f"P{seat} {self._seat_name(seat)}"
        if seat == self.me and outcome != "bounced":
            self.own_versions.add(int(event.get("version", -1)))  # what your own action did, you know at once
        if outcome == "applied":
            self._say(Text.assemble((f"{who}: ", "bold #87d7ff" if seat == self.me else "bold"), str(text)))
            return
        if seat == self.me:
            why = "too late: another card landed first, it came back" if outcome == "bounced" \
                else "penalised by the rules"
            card = self._card_of(str(text))
            self.came_back = (card or str(text), time.monotonic() + BOUNCE_S, why)
            self._say(Text(f"you: {text} - {why}", style="bold #ffd75f"))
        else:
            self._say(Text(f"{who}: a card came back (too late)" if outcome == "bounced"
                           else f"{who}: penalised", style="grey62"))
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
        message = self.message
        if message is None:
            return
        obs = message["observation"]
        self._put(TitleBar, self._title(message))
        self._put(SeatsView, view.seats(message, self.me, self.game.score_order))
        middle_width = self.query_one("#middle").content_size.width
        if middle_width <= 0:  # not laid out yet: draw again once it is
            self.call_after_refresh(self._draw)
        width = max(30, middle_width)
        board = {target: (key, target in self.bindings_now.board) for target, key in self.board_keys.items()}
        self._put(TableView, view.middle(obs, self.faces, width, self.me, self.game.players, board))
        self._put(Status, self._status(message))
        self.query_one(HandView).display = self.me is not None and isinstance(obs.get("hand"), list)
        if self.me is not None:
            self._put(HandView, self._hand(max(30, self.size.width - 4)))
            self._put(CallsBar, self._calls())

    def _put(self, kind: type[Static], text: Text) -> None:
        """Update a widget only when what it shows changed: a refresh costs a layout."""
        shown = (text.plain, tuple(text.spans))
        if self._shown.get(kind.__name__) != shown:
            self._shown[kind.__name__] = shown
            self.query_one(kind).update(text)

    def _title(self, message: Mapping[str, Any]) -> Text:
        obs = message["observation"]
        title = Text()
        title.append(f" {self.game.title} ", style="bold #000000 on #ffd75f")
        rounds = f" of {obs['rounds']}" if obs.get("rounds") else ""
        title.append(f"  round {obs.get('round', 1)}{rounds}  ·  phase: {obs.get('phase')}", style="bold")
        if message.get("number", 1) > 1:
            title.append(f"  ·  game {message['number']}")
        if self.me is None:
            title.append("  ·  watching", style="bold #87d7ff")
        if self.paused:
            title.append("  ·  PAUSED (F2)", style="bold #ff875f")
        title.append(f"  ·  move {message['version']}", style="grey62")
        return title

    def _status(self, message: Mapping[str, Any]) -> Text:
        obs = message["observation"]
        if self.came_back is not None and time.monotonic() < self.came_back[1]:
            card, _, why = self.came_back
            return Text.assemble(("↩ ", "bold #ffd75f"), (card, "bold reverse #ffd75f"), f"  {why}")
        if message.get("over"):
            again = "n: another game · " if self.me is not None else ""
            return Text(f"Game over. Scores {self._scores(obs['scores'])}; {self._winners(obs['winners'])}.  "
                        f"{again}q: leave the table.", style="bold #ffd75f")
        # Only what the table shows: whether this seat may act, whose turn it is, and that a window is open
        # to everyone - never which other seats could act (that is what they hold).
        turn = obs.get("turn")
        if self.me is not None and message.get("legal"):
            if turn == self.me:
                return Text("Your turn: press the key shown on what you act on (? lists the keys).",
                            style="bold #afff87")
            return Text("Race! You may act now: be quick.", style="bold #ff875f")
        if turn is not None:
            return Text(f"P{turn} {self._seat_name(turn)} to play.")
        if message.get("status") == "playing":
            return Text(f"{str(obs.get('phase') or 'play').capitalize()}: open to everyone.")
        return Text("Waiting.")

    def _hand(self, width: int) -> Text:
        if not self.slots:
            obs = (self.message or {}).get("observation", {})
            return Text("no cards" if isinstance(obs.get("hand"), list) else "(this game has no hand: "
                        "act with the keys below)", style="grey62")
        back = self.came_back[0] if self.came_back and time.monotonic() < self.came_back[1] else None
        drawn = []
        for slot in self.slots:
            mark = view.Mark(key=slot.key, cursor=slot.ident == self.cursor, live=slot.card in self.bindings_now.cards,
                             flying=slot.card in self.flying, back=slot.card == back)
            drawn.append(view.card(slot.card, self.faces, mark))
        return view.stack(view.row(drawn, width))

    def _calls(self) -> Text:
        bound = self.bindings_now
        line = Text()
        for key, texts in bound.calls.items():
            label = texts[0] if len(texts) == 1 else f"{self.faces.key_names.get(key, key)} ({len(texts)} choices)"
            line.append(f" {key} ", style="bold reverse #ffd75f")
            line.append(f" {label}   ")
        if bound.loose:
            line.append(" space ", style="bold reverse #87d7ff")
            line.append(f" choose among {len(bound.loose)} action{'s' if len(bound.loose) > 1 else ''}   ")
        if not line.plain:
            line.append("play a card with its key (or ◀ ▶ and enter)" if bound.cards else
                        "press the key on a place of the table" if bound.board else "nothing to do now",
                        style="grey62")
        return line

    def _say(self, text: Text) -> None:
        self.query_one(RichLog).write(text)

    def _seat_name(self, seat: Any) -> str:
        seats = (self.message or {}).get("seats") or []
        for info in seats:
            if info.get("seat") == seat:
                return str(info.get("name") or "")
        return ""

    def _scores(self, scores: list[Any]) -> str:
        return " · ".join(f"P{p} {view._num(s)}" for p, s in enumerate(scores))

    def _winners(self, winners: list[int]) -> str:
        if self.me is not None and self.me in winners:
            return "you win!" if len(winners) == 1 else "you share the win"
        return "won by " + (", ".join(f"P{w} {self._seat_name(w)}" for w in winners) or "nobody")

    def _tick(self) -> None:
        """Let a card that came back fade back into the hand."""
        if self.came_back is not None and time.monotonic() >= self.came_back[1]:
            self.came_back = None
            self._draw()

    def on_resize(self, event: events.Resize) -> None:
        self._shown.clear()
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
            self._press(lambda bound: bound.board.get(target, []), "from there: which one?")
        elif any(key in view.bound.calls for view in self.views[-3:]):
            event.stop()
            self._press(lambda bound: bound.calls.get(key, []), f"{self.faces.key_names.get(key, key)}: which one?")

    async def _rematch(self) -> None:
        """Another game at the same table (a new deal); the one just played is kept for the record."""
        if self.finished is not None:
            self.earlier.append(self.finished)
            self.finished = None
        await self.table.rematch()

    def records(self) -> list[Record]:
        """Every game played at this table, the last one as far as it went."""
        return [*self.earlier, self.finished or self.table.record()]

    def _play_card(self, card: str) -> None:
        if not self._press(lambda bound: bound.cards.get(card, []), f"{card}: which one?", card):
            self._say(Text(f"{card} cannot be played now", style="grey62"))
            self._draw()

    def _press(self, pick: Callable[[Bindings], list[str]], title: str, card: str | None = None) -> bool:
        """Act on a key as the view the person was answering bound it; False when it did nothing there."""
        seen, texts = self.view_answered(pick)
        if not texts:
            return False
        self._act_among(texts, title, card, seen)
        return True

    def _act_among(self, texts: list[str], title: str, card: str | None = None, seen: int | None = None) -> None:
        if len(texts) == 1:
            self.send(texts[0], card, seen)
            return
        version = self.message["version"] if self.message else 0

        def chosen(text: str | None) -> None:
            if text is not None:
                self.send(text, card, seen=version)  # the list is a snapshot: the choice answers it

        self.push_screen(ChooseScreen(title, texts), chosen)

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
        every = self.bindings_now.every
        if every:
            self._act_among(every, "every action open to you now") if len(every) > 1 else self.send(every[0])

    def action_help(self) -> None:
        from zdeck.registry import rules_document

        self.push_screen(HelpScreen(self._key_lines(), self.game.title, rules_document(self.game.id)))

    def action_rules(self) -> None:
        from zdeck.registry import rules_document

        self.push_screen(RulesScreen(self.game.title, rules_document(self.game.id)))

    def action_pause(self) -> None:
        """Watching: stop and restart the bots' clock."""
        if self.me is not None:
            return
        self.paused = not self.paused
        self.table.pause() if self.paused else self.table.resume()
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
            lines.append(("keys on the board", ("the key drawn on a place acts from that place (a choice opens "
                          "when several moves start there)")))
        lines += [(key, what) for key, what in self.faces.key_names.items()]
        lines += [("?", "these keys, then the rules"), ("r", "the rules alone"), ("q", "leave the table (the record is kept if asked)")]
        if self.me is None:
            lines.append(("F2", "pause or resume the bots"))
        return lines
