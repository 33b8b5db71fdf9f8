"""The line mode (`zdeck play --plain`): a client of the live table that only turns text into
actions and messages into text.

The game is the room every client plays through (`zdeck.live.local.LocalTable`): bots on a real
clock with their reaction times, a late card resolved by the rulebook, every change sent as the
`state` / `event` messages of docs/protocol.md. This module prints the whole table after every change
in the game's own words (its text view, `zdeck.textview`: the game folder's `terminal.py`, the same the
terminal app draws), what happened, each round's summary, and a numbered menu of the seat's actions;
then it reads the person's lines.

Input is bounded: the reader thread hands over one line at a time and waits until it is taken, so
piped input (`yes 1 | zdeck play ... --plain`) is read no faster than the table answers it and never
piles up. A line is judged against the menu current when it is read, with the version of that menu
as the one it answers. A number typed while the menu changed under it (within `typing_s`), which now
means another action, is refused and the new menu shown. After a refusal the next line is read only
once the table changed (or, when the seat may act, after a short pause), and a refusal repeated at
one version is not printed again: a stream of lines cannot flood the screen.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import sys
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from zdeck.core import Game, shorten
from zdeck.live.local import LocalTable
from zdeck.records import Record
from zdeck.textview import Moment, Seats, TextView, view_for
from zdeck.textview.scene import Block, Cards, Chips, Cube, Line, Place, SeatLine, Summary
from zdeck.textview.words import seat_words

TYPING_S = 1.0  # a number arriving within this of a menu change may have been typed against the old menu
RETRY_S = 0.25  # after a refused line while the seat may act, the next line is read no sooner than this
HELP = "type the number or the text of an action; 'o' shows the table again, 's' the score sheet, 'q' quits"


class LiveTable:
    """One seat (`human`; None: bots only, the person watches) of a live table, as lines of text."""

    def __init__(self, game: Game, human: int | None, bot_names: list[str], seed: int | None, speed: float,
                 console: Console, lines: Iterable[str] | None = None, typing_s: float = TYPING_S,
                 pictures: str = "words") -> None:
        self.game = game
        self.human = human
        self.view: TextView = view_for(game, pictures)
        self.seats = Seats.plain(game.players, human)
        self.events: list[dict[str, Any]] = []  # events waiting for the state they led to (for their words)
        self.told: dict[tuple[Any, Any], dict[str, Any]] = {}  # the room's round summaries, by (game, round)
        self.table = LocalTable(game, human, bot_names, seed, speed)
        self.seed = self.table.seed
        self.console = console
        self.lines = lines
        self.typing_s = typing_s
        self.message: dict[str, Any] | None = None
        self.menus: list[tuple[float, list[str], list[int]]] = []  # (when shown, texts, ids): the last few
        self.shown_version: tuple[int, int] | None = None
        self.refused: tuple[int, str] | None = None  # the last refusal printed, at which version
        self.result: Record | None = None
        self.asked: str | None = None  # how the table answered the last action sent: "result" or "error"

    @property
    def record(self) -> Record:
        return self.result if self.result is not None else self.table.record()

    # -- the loop ------------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game is over (True) or the person leaves ('q', end of input: False)."""
        return asyncio.run(self.play())

    async def play(self) -> bool:
        self.changed = asyncio.Event()
        self.done = asyncio.Event()
        inbox: asyncio.Queue[tuple[float, str | None]] = asyncio.Queue(maxsize=1)
        if self.human is not None:
            loop = asyncio.get_running_loop()
            threading.Thread(target=_read, args=(self.lines, inbox, loop), daemon=True).start()
        self.table.start(self.receive)
        try:
            finished = await self._converse(inbox) if self.human is not None else await self._watch()
        finally:
            self.result = self.table.record()
            self.table.stop()
        if finished:
            self.console.print("--- game over ---", highlight=False)
        return finished

    async def _watch(self) -> bool:
        await self.done.wait()
        return True

    async def _converse(self, inbox: asyncio.Queue[tuple[float, str | None]]) -> bool:
        over = asyncio.ensure_future(self.done.wait())
        try:
            while not self.done.is_set():
                asked = time.monotonic()
                taking = asyncio.ensure_future(inbox.get())
                await asyncio.wait({taking, over}, return_when=asyncio.FIRST_COMPLETED)
                if not taking.done():
                    taking.cancel()
                    break
                arrived, line = taking.result()
                arrived = max(arrived, asked)  # a line that waited to be read is judged as read now
                if line is None or line in ("q", "quit", "exit"):
                    return False
                judged = self._moment()
                pause = self.message.get("pause") if self.message is not None else None
                if pause and self.human not in pause.get("ready", ()) and line not in ("o", "s"):
                    await self.table.ready()  # an empty line between rounds (or a move) says you are ready
                if line and not await self.says(line, arrived):
                    await self._after_refusal(judged)
            return True
        finally:
            over.cancel()

    async def _after_refusal(self, judged: tuple[Any, ...]) -> None:
        """Read on once the table moved on from the moment the refused line was judged at; when the seat may
        act (a mistyped line: the table may be waiting for it), after a short pause."""
        loop = asyncio.get_running_loop()
        until = loop.time() + RETRY_S
        while self._moment() == judged and not self.done.is_set():
            self.changed.clear()
            wait = until - loop.time() if self._menu()[0] else None
            if wait is not None and wait <= 0:
                return
            try:
                await asyncio.wait_for(self.changed.wait(), wait)
            except TimeoutError:
                return

    def _moment(self) -> tuple[Any, ...]:
        message = self.message or {}
        return message.get("number"), message.get("version"), message.get("status")

    # -- what the person says ----------------------------------------------------------------------
    async def says(self, line: str, arrived: float | None = None) -> bool:
        """Handle one line; False when it was refused (the table did not take it)."""
        if line in ("o", "?", "h", "help"):
            self.console.print(HELP)
            self.show()
            return True
        if line in ("s", "scores"):
            self.score_sheet()
            return True
        message = self.message
        if message is None or message["status"] != "playing":
            return self.refuse("the game has not started" if message is None or message["status"] == "waiting"
                               else "the game is over")
        texts, ids = self._menu()
        if line.isdigit():
            number = int(line)
            if not texts:
                return self.refuse("you may not act now")
            if not 0 < number <= len(texts):
                return self.refuse(f"no action {number}: choose 1 to {len(texts)}")
            if self.menu_changed_under(number, arrived):
                return False
            action: int | str = ids[number - 1]
        else:
            try:
                action = self.game.action_id(self.game.parse_action(line))
            except ValueError:
                return self.refuse(f"not an action: {shorten(line)} ({HELP})")
        self.asked = None
        await self.table.act(action, message["version"])
        return self.asked is None or self.asked == "result"

    def _menu(self) -> tuple[list[str], list[int]]:
        message = self.message or {}
        return list(message.get("legal") or []), list(message.get("legal_ids") or [])

    def refuse(self, why: str) -> bool:
        version = self.message["version"] if self.message is not None else -1
        if self.refused != (version, why):  # the same refusal at the same version: said once
            self.refused = (version, why)
            self.console.print(Text(why, style="red"))
        return False

    def menu_changed_under(self, number: int, arrived: float | None = None) -> bool:
        """Was the menu redrawn while the person typed this number, so that it now means another action?
        Then nothing is played: the menu as it is now is shown, for them to choose again."""
        arrived = time.monotonic() if arrived is None else arrived
        recent = [menu for menu in self.menus if menu[0] > arrived - self.typing_s]
        before = [menu for menu in self.menus if menu[0] <= arrived - self.typing_s][-1:]
        window = before + recent
        picks = {_pick(menu[1], number) for menu in window}
        if len(picks) <= 1:
            return False
        was, now = _pick(window[0][1], number), _pick(window[-1][1], number)
        self.console.print(Text(f"the menu changed while you typed: {number} was {self._name(was)} and is now "
                                f"{self._name(now)}; nothing played, choose again", style="red"))
        self.show_menu(window[-1][1])
        return True

    def _name(self, action: str | None) -> str:
        if action is None:
            return "nothing"
        return f"'{self.view.offer(action, Moment(self.message['observation'] if self.message else {}, self.seats))}'"

    # -- what the table says ---------------------------------------------------------------------------
    def receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "state":
            before = self.message["observation"] if self.message is not None and \
                self.message.get("number") == message.get("number") else None
            self.message = message
            self.seats = Seats.of(message.get("seats") or [], self.human, self.view.art.mode != "words")
            self._tell(before, message["observation"])
            key = (message["number"], message["version"])
            if key != self.shown_version and message["status"] != "waiting":
                self.shown_version = key
                summary = self.view.round_over(before, message["observation"], self.seats)
                told = self.told.pop((message.get("number"), len(message["observation"].get("round_scores") or [])),
                                     None)
                if summary is not None:
                    self.summarise(self.view.told(summary, told, self.seats) if told else summary,
                                   message.get("pause"))
                self.show()
            self.changed.set()
            if message["over"]:
                self.done.set()
        elif kind == "event":
            self._event(message)
        elif kind == "error":
            self.asked = "error"
            self.refuse(f"refused: {message.get('message')}")
        elif kind == "result":
            self.asked = "result"

    def _event(self, event: Mapping[str, Any]) -> None:
        kind = event.get("kind")
        if kind == "action" and event.get("outcome") == "bounced":
            seat, text = event.get("seat"), event.get("action")
            if isinstance(seat, int):
                mine = text if seat == self.human and isinstance(text, str) else None
                self.say(self.view.bounced(seat, mine, self.seats))
        elif kind in ("action", "timeout"):
            self.events.append(dict(event))  # said with the state it led to
        elif kind == "round" and isinstance(event.get("summary"), dict):
            self.told[(event.get("number"), event.get("round"))] = event["summary"]  # said with its state
        elif kind in ("standin", "handback", "ready") and isinstance(event.get("seat"), int):
            self.say(seat_words(kind, event["seat"], str(event.get("why") or ""), self.seats))

    def _tell(self, before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> None:
        """What happened, in the game's words, now that the state it led to is here."""
        events, self.events = self.events, []
        for event in events:
            seat, text = event.get("seat"), event.get("action")
            if event.get("kind") == "timeout":
                self.say("Nobody played: the table moves on.")
            elif not isinstance(seat, int):
                continue
            elif event.get("outcome") == "penalised":
                self.say(self.view.penalty(seat, text if isinstance(text, str) else None, before, after, self.seats))
            elif isinstance(text, str):
                self.say(self.view.narrate(seat, text, before, after, self.seats))

    def say(self, words: str) -> None:
        if words:
            self.console.print(Text(words, style="cyan"))

    def summarise(self, summary: Summary, pause: Any = None) -> None:
        """A round's summary (or the game's end) as a small table of lines; between rounds, when the next starts
        (an empty line says you are ready)."""
        self.console.print(Text(summary.headline, style="bold"))
        if summary.how:
            self.console.print(Text(summary.how))
        for name, points, total, why in summary.rows:
            row = f"  {name}: {points} this {self.view.round_word}" if points else f"  {name}"
            row += f", total {total}" if total else ""
            self.console.print(Text(row + (f" ({why})" if why else "")))
        for line in summary.ending or (summary.rule,):
            self.console.print(Text(line, style="bold" if summary.ending else ""))
        until = pause.get("until") if isinstance(pause, dict) else None
        if isinstance(until, int | float) and self.human is not None:
            self.console.print(Text(f"The next {self.view.round_word} starts in {max(0, round(until - time.time()))} s,"
                                    " or as soon as you press enter.", style="bold"))

    def score_sheet(self) -> None:
        message = self.message
        if message is None:
            return
        obs = message["observation"]
        rounds = list(obs.get("round_scores") or [])
        names = [self.seats.name(p) for p in range(len(self.seats))]
        self.console.print(Text("Score sheet: " + " | ".join(names), style="bold"))
        for i, points in enumerate(rounds, 1):
            self.console.print(Text(f"  {self.view.round_word} {i}: " + " | ".join(_number(v) for v in points)))
        self.console.print(Text("  total: " + " | ".join(_number(v) for v in obs.get("scores") or [])))
        self.console.print(Text(self.view.rule_words(obs)))

    def show(self) -> None:
        """The whole table as the person's seat sees it, then their menu: nothing is cut."""
        if self.message is None:
            return
        for line in describe(self.view, self.message, self.seats):
            self.console.print(Text(line))  # Text: "[...]" in a card or a list is data, not markup
        texts, ids = self._menu()
        self.menus = [*self.menus[-8:], (time.monotonic(), texts, ids)]
        self.show_menu(texts)

    def show_menu(self, texts: list[str]) -> None:
        if texts:
            moment = Moment(self.message["observation"] if self.message else {}, self.seats)
            self.console.print("  ".join(f"[green]{i}[/] {escape(self.view.offer(a, moment))}"
                                         for i, a in enumerate(texts, 1)), highlight=False)


def _read(lines: Iterable[str] | None, inbox: asyncio.Queue[tuple[float, str | None]],
          loop: asyncio.AbstractEventLoop) -> None:
    """The reader thread: one line at a time, each handed over only once the table took the one before."""
    source = lines if lines is not None else iter(sys.stdin.readline, "")
    try:
        for line in source:
            if not _hand_over(inbox, loop, (time.monotonic(), line.strip())):
                return
        _hand_over(inbox, loop, (time.monotonic(), None))  # end of input
    except (OSError, ValueError):  # stdin closed under us
        _hand_over(inbox, loop, (time.monotonic(), None))


def _hand_over(inbox: asyncio.Queue[tuple[float, str | None]], loop: asyncio.AbstractEventLoop,
               item: tuple[float, str | None]) -> bool:
    putting = inbox.put(item)
    try:
        asyncio.run_coroutine_threadsafe(putting, loop).result()
    except RuntimeError:  # the table is closed
        putting.close()
        return False
    except (asyncio.CancelledError, concurrent.futures.CancelledError):  # closed while the line waited
        return False
    return True


def _pick(listed: list[str], number: int) -> str | None:
    return listed[number - 1] if 0 < number <= len(listed) else None


def describe(view: TextView, message: Mapping[str, Any], seats: Seats) -> list[str]:
    """The table as lines of words: the heading, one line per seat, the middle of the table in the game's
    words, your hand, and what the table waits for. Nothing is cut: a line says everything it holds."""
    obs = message["observation"]
    m = Moment(obs, seats, time.monotonic(), tuple(message.get("legal") or ()))
    heading = view.heading(m)
    lines = [f"== {view.game.title}" + (f" - {heading}" if heading else "") + " =="]
    lines += [_seat(line) for line in view.seat_lines(m)]
    for block in view.table(m):
        lines += _block(view, block)
    hand = obs.get("hand")
    if isinstance(hand, list):
        lines.append("Your hand: " + (", ".join(view.card_name(card) for card in hand) or "no cards"))
    words, _ = view.doing(m, seats.me is not None and bool(message.get("legal")))
    lines.append(words)
    return lines


def _seat(line: SeatLine) -> str:
    parts = [f"{line.cards} card{'s' if line.cards != 1 else ''}"] if line.cards is not None else []
    parts += [line.score] if line.score else []
    parts += list(line.notes)
    parts += ["won"] if line.won else []
    parts += [line.cover] if line.cover else []
    return f"{'>' if line.turn else ' '} {line.name}: {', '.join(parts)}"


def _block(view: TextView, block: Block) -> list[str]:
    if isinstance(block, Line):
        return [block.text]
    if isinstance(block, Cards | Chips):
        shown = block.places[-12:] if isinstance(block, Cards) and block.last else block.places
        legend = [words for words, found in (("? face down", any(p.card is not None and view.look(p.card).back
                                                                 for p in shown)),
                                             ("- empty", any(p.card is None for p in shown))) if found]
        title = block.title + (f" ({', '.join(legend)})" if legend else "")
        places = [_place(view, p) for p in shown]
        return _lines([f"{title}:" if title else "", "  " + "  ".join(places)])
    if isinstance(block, Cube):
        out = [block.title] if block.title else []
        for n, layer in enumerate(block.layers, 1):
            laid = [view.card_name(card) for card in layer if card is not None]
            out.append(f"  layer {n}: " + (", ".join(laid) if laid else "empty"))
        return out
    return []


def _place(view: TextView, place: Place) -> str:
    if place.card is None:
        card = "-"
    elif place.card == "down" or view.look(place.card).back:
        card = "?"
    else:
        card = view.card_name(place.card)
    if not place.caption:
        return card
    return f"{place.caption} {card}" if place.caption.isdigit() else f"{place.caption}: {card}"


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _lines(items: Sequence[str]) -> list[str]:
    return [item for item in items if item]
