"""The line mode (`zdeck play --plain`): a client of the live table that only turns text into
actions and messages into text.

The game is the room every client plays through (`zdeck.live.local.LocalTable`): bots on a real
clock with their reaction times, a late card resolved by the rulebook, every change sent as the
`state` / `event` messages of docs/protocol.md. This module prints the whole table after every change
(read through the shared observation vocabulary, docs/observations.md) with a numbered menu of the
seat's actions, and reads the person's lines.

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
import json
import sys
import threading
import time
from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from zdeck.core import Game, shorten
from zdeck.live.local import LocalTable
from zdeck.records import Record

TYPING_S = 1.0  # a number arriving within this of a menu change may have been typed against the old menu
RETRY_S = 0.25  # after a refused line while the seat may act, the next line is read no sooner than this
HELP = "type the number or the text of an action; 'o' shows the table again, 'q' quits"


class LiveTable:
    """One seat (`human`; None: bots only, the person watches) of a live table, as lines of text."""

    def __init__(self, game: Game, human: int | None, bot_names: list[str], seed: int | None, speed: float,
                 console: Console, lines: Iterable[str] | None = None, typing_s: float = TYPING_S) -> None:
        self.game = game
        self.human = human
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
            state = self.table.room.state
            self.console.print(f"[bold]game over[/]: scores {state.scores()}, winners {state.winners()}",
                               highlight=False)
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
        self.console.print(Text(f"the menu changed while you typed: {number} was {_name(was)} and is now "
                                f"{_name(now)}; nothing played, choose again", style="red"))
        self.show_menu(window[-1][1])
        return True

    # -- what the table says ---------------------------------------------------------------------------
    def receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "state":
            self.message = message
            key = (message["number"], message["version"])
            if key != self.shown_version and message["status"] != "waiting":
                self.shown_version = key
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
        if event.get("kind") == "timeout":
            self.console.print(Text("nobody plays", style="cyan"))
        elif event.get("kind") == "action" and event.get("action") is not None:
            seat = event["seat"]
            who = "you" if seat == self.human else f"P{seat} ({self.table.bots.get(seat, '?')})"
            note = "" if event["outcome"] == "applied" else f" - too late: {event['outcome']}"
            self.console.print(Text(f"{who}: {event['action']}{note}", style="cyan"))
        elif event.get("kind") in ("standin", "handback"):
            self.console.print(Text(json.dumps(event), style="cyan"))

    def show(self) -> None:
        """The whole table as the person's seat sees it, then their menu: nothing is cut."""
        if self.message is None:
            return
        for line in describe(self.message["observation"], self.human):
            self.console.print(Text(line))  # Text: "[...]" in a card or a list is data, not markup
        texts, ids = self._menu()
        self.menus = [*self.menus[-8:], (time.monotonic(), texts, ids)]
        self.show_menu(texts)

    def show_menu(self, texts: list[str]) -> None:
        if texts:
            self.console.print("  ".join(f"[green]{i}[/] {escape(a)}" for i, a in enumerate(texts, 1)),
                               highlight=False)


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


def _name(action: str | None) -> str:
    return "nothing" if action is None else f"'{action}'"


# The shared keys of docs/observations.md that the header shows; every other key follows, as it is.
_HEADER_KEYS = ("game", "seat", "phase", "turn", "round", "rounds", "scores", "hand", "over", "winners")
NUMBERED_FROM = 9  # a list this long has its entries numbered from 1 (Memo's places, a long pile)


def describe(obs: Mapping[str, Any], seat: int | None) -> list[str]:
    """The table as lines of text: a header of the shared keys (round, phase, turn, scores, your
    hand), then every other key of the observation in its order, each value whole.

    >>> describe({"game": "g", "seat": 1, "phase": "turn", "turn": 1, "round": 2, "rounds": 3,
    ...           "scores": [4, 5], "hand": ["red 1", "blue 2"], "top": "red 3", "pile": [1, [2]]}, 1)
    ['round 2 of 3 · phase turn · your turn', 'scores: P0 4 · P1 (you) 5', 'your hand: red 1, blue 2', 'top: red 3', 'pile: [1, [2]]']
    """
    head = [f"round {obs['round']}" + (f" of {obs['rounds']}" if obs.get("rounds") else "")] if "round" in obs else []
    if obs.get("phase") is not None:
        head.append(f"phase {obs['phase']}")
    if "turn" in obs:
        turn = obs["turn"]
        head.append("nobody's turn" if turn is None else "your turn" if turn == seat else f"P{turn}'s turn")
    if obs.get("over"):
        head.append(f"over, won by {', '.join(f'P{w}' for w in obs.get('winners') or []) or 'nobody'}")
    lines = [" · ".join(head)] if head else []
    if isinstance(obs.get("scores"), list):
        lines.append("scores: " + " · ".join(f"P{p}{' (you)' if p == seat else ''} {_number(v)}"
                                              for p, v in enumerate(obs["scores"])))
    if obs.get("hand") is not None:
        lines.append(f"your hand: {_value(obs['hand'], numbered=False)}")
    lines += [f"{key}: {_value(value)}" for key, value in obs.items() if key not in _HEADER_KEYS]
    return lines


def _value(value: Any, numbered: bool = True) -> str:
    """A value whole: a flat list as its entries (numbered from 1 when long), anything nested as JSON."""
    if isinstance(value, list) and all(isinstance(v, str | int | float) or v is None for v in value):
        if not value:
            return "none"
        texts = [v if isinstance(v, str) else json.dumps(v) for v in value]
        if numbered and len(texts) >= NUMBERED_FROM:
            return "  ".join(f"{i}:{t}" for i, t in enumerate(texts, 1))
        return ", ".join(texts)
    if isinstance(value, str):
        return value
    return json.dumps(value)


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)
