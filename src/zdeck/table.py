"""A live table: a person and bots playing one game on a real clock.

Bots answer after their reaction time (scaled by `speed`) while the person
types, so race moments stay races. The person's line is answered against the
version they were looking at: if the game moved on meanwhile, the rules resolve
it as late (in Zip Zap the card simply comes back). The same loop will back the
server; it only uses the kernel contract.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
import time
from collections.abc import Iterable
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from zdeck.core import Action, Game, IllegalAction, Outcome, State
from zdeck.records import TIMEOUT, Record
from zdeck.registry import make_bot
from zdeck.rng import Rng
from zdeck.sim import ask, reaction

PERCEPTION_S = 0.25  # a line arriving sooner than this after a redraw answers the previous view
IDLE_S = 1.5  # how long a table waits when only the person could act, before "nobody plays"
HELP = "type the number or the text of an action; 'o' shows the table again, 'q' quits"


class LiveTable:
    def __init__(self, game: Game, human: int | None, bot_names: list[str], seed: int | None, speed: float,
                 console: Console, lines: Iterable[str] | None = None, perception_s: float = PERCEPTION_S) -> None:
        self.game = game
        self.perception_s = perception_s
        self.human = human
        self.seed = int(time.time()) if seed is None else seed
        self.state: State = game.new_state(self.seed)
        others = [p for p in range(game.players) if p != human]
        self.bots = {p: make_bot(game.id, bot_names[i % len(bot_names)]) for i, p in enumerate(others)}
        master = Rng(self.seed ^ 0x7AB1E)
        self.timing = master.spawn()
        self.rngs = {p: master.spawn() for p in others}
        self.speed = max(speed, 0.0)
        self.console = console
        seats = ["you" if p == human else self.bots[p].name for p in range(game.players)]
        self.record: Record | None = Record(game.id, game.players, dict(game.options), self.seed, seats)
        self.inbox: queue.Queue[str | None] = queue.Queue()
        self.shown: list[tuple[float, int, list[Action]]] = []  # (when, version, numbered legal actions)
        if human is not None:
            threading.Thread(target=self._read, args=(lines,), daemon=True).start()

    # -- input -----------------------------------------------------------------
    def _read(self, lines: Iterable[str] | None) -> None:
        source = lines if lines is not None else iter(sys.stdin.readline, "")
        for line in source:
            self.inbox.put(line.strip())
        self.inbox.put(None)  # end of input

    # -- the loop ----------------------------------------------------------------
    def run(self) -> State | None:
        self.show()
        while not self.state.is_over():
            if not self.moment():
                return None
        self.console.print(f"[bold]game over[/]: scores {self.state.scores()}, winners {self.state.winners()}",
                           highlight=False)
        if self.record is not None:
            self.record.scores, self.record.winners = list(self.state.scores()), list(self.state.winners())
        return self.state

    def moment(self) -> bool:
        """Run until one submission changes the state; False if the person quit."""
        version = self.state.version
        actors = self.state.actors()
        plans: list[tuple[float, int, Action]] = []
        now = time.monotonic()
        for player in actors:
            if player in self.bots:
                action = ask(self.bots[player], self.state, player, self.rngs[player])
                if action is not None:
                    delay = reaction(self.bots[player], action, self.timing) / 1000 * self.speed
                    plans.append((now + delay, player, action))
        plans.sort(key=lambda plan: plan[0])
        human_acts = self.human in actors
        deadline = plans[0][0] if plans else (None if human_acts and len(actors) == 1 else now + IDLE_S * self.speed)
        while self.state.version == version:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                line = self.inbox.get(timeout=wait) if self.human is not None else self._sleep(wait)
            except queue.Empty:
                line = ""
            if line is None:
                return False
            if line:
                if not self.human_says(line):
                    return False
                continue
            if deadline is not None and time.monotonic() >= deadline:
                if plans:
                    _, player, action = plans[0]
                    self.submit(player, action, None)
                else:
                    self.state.timeout()
                    self._log([None, TIMEOUT], "nobody plays")
                    self.show()
        return True

    def _sleep(self, wait: float | None) -> str:
        time.sleep(wait or 0.0)
        return ""

    def human_says(self, line: str) -> bool:
        if line in ("q", "quit", "exit"):
            return False
        if line in ("o", "?", "h", "help"):
            self.console.print(HELP)
            self.show()
            return True
        seen, legal = self.view_answered()
        if line.isdigit() and not legal:
            self.console.print("[red]you may not act now[/]")
            return True
        try:
            action = legal[int(line) - 1] if line.isdigit() else self.game.parse_action(line)
        except (ValueError, IndexError):
            self.console.print(f"[red]not an action:[/] {line!r} ({HELP})", highlight=False)
            return True
        self.submit(self.human, action, seen)  # type: ignore[arg-type]
        return True

    def view_answered(self) -> tuple[int, list[Action]]:
        """The view the person was answering: the last one shown at least `perception_s` ago."""
        arrived = time.monotonic()
        for when, version, legal in reversed(self.shown):
            if arrived - when >= self.perception_s:
                return version, legal
        return self.shown[0][1], self.shown[0][2]

    def submit(self, player: int, action: Action, seen: int | None) -> None:
        before = self.state.version
        try:
            outcome = self.state.apply(player, action, seen=seen)
        except IllegalAction as exc:
            self.console.print(f"[red]refused:[/] {exc}", highlight=False)
            return
        entry: list[Any] = [player, str(action)] if seen in (None, before) else [player, str(action), seen]
        who = "you" if player == self.human else f"P{player} ({self.bots[player].name})"
        note = "" if outcome is Outcome.APPLIED else f" - too late: {outcome.value}"
        self._log(entry, f"{who}: {action}{note}")
        if outcome is not Outcome.BOUNCED:
            self.show()

    def _log(self, entry: list[Any], text: str) -> None:
        if self.record is not None:
            self.record.actions.append(entry)
        self.console.print(Text(text, style="cyan"))

    # -- display -------------------------------------------------------------------
    def show(self) -> None:
        seat = self.human
        obs = self.state.observation(seat)
        legal = self.state.legal_actions(seat) if seat is not None else []
        self.shown = [*self.shown[-20:], (time.monotonic(), self.state.version, legal)]
        table = Table(show_header=False, box=None, padding=(0, 1))
        for key, value in obs.items():
            if key not in ("game", "seat"):
                table.add_row(Text(key, style="bold"), Text(_brief(value)))  # Text: "[...]" is data, not markup
        self.console.print(table)
        if legal:
            self.console.print("  ".join(f"[green]{i}[/] {a}" for i, a in enumerate(legal, 1)), highlight=False)


def _brief(value: Any, limit: int = 12) -> str:
    if isinstance(value, list) and len(value) > limit:
        return f"... {len(value) - limit} more, " + json.dumps(value[-limit:])
    return json.dumps(value)
