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
from collections.abc import Callable, Iterable
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
IDLE_S = 1.5  # how long a table of bots that all hold back waits before "nobody plays"
IDLE_PERSON_S = 6.0  # the same when the person could act too: time to read the table and type
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
        # (arrival time, line); line None = end of input. The time is taken when the line is read,
        # not when the loop gets to it, so a line typed before a bot's card lands answers the view before it
        self.inbox: queue.Queue[tuple[float, str | None]] = queue.Queue()
        self.pending: tuple[float, str | None] | None = None  # a line taken from the inbox, not yet handled
        self.shown: list[tuple[float, int, list[Action]]] = []  # (when, version, numbered legal actions)
        if human is not None:
            threading.Thread(target=self._read, args=(lines,), daemon=True).start()

    # -- input -----------------------------------------------------------------
    def _read(self, lines: Iterable[str] | None) -> None:
        source = lines if lines is not None else iter(sys.stdin.readline, "")
        for line in source:
            self.inbox.put((time.monotonic(), line.strip()))
        self.inbox.put((time.monotonic(), None))  # end of input

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
        idle = (IDLE_PERSON_S if human_acts else IDLE_S) * self.speed
        deadline = plans[0][0] if plans else (None if human_acts and len(actors) == 1 else now + idle)
        while self.state.version == version:
            # The bots' card lands first when its time came before the person's line arrived: lines
            # arriving faster than the loop handles them must not hold the bots back (nor jump the queue).
            if deadline is not None and time.monotonic() >= deadline and (
                    self.pending is None or self.pending[0] > deadline):
                if plans:
                    _, player, action = plans[0]
                    self.submit(player, action, None)
                else:
                    self.state.timeout()
                    self._log([None, TIMEOUT], "nobody plays")
                    self.show()
                continue
            if self.pending is None:
                wait = None if deadline is None else max(0.0, deadline - time.monotonic())
                self.pending = self._take(wait)
                continue  # back to the top: the deadline may have passed before this line arrived
            arrived, line = self.pending
            self.pending = None
            if line is None:
                return False
            if line and not self.human_says(line, arrived):
                return False
        return True

    def _take(self, wait: float | None) -> tuple[float, str | None] | None:
        """The person's next line, or None when `wait` seconds pass first (a watcher only waits)."""
        if self.human is None:
            time.sleep(wait or 0.0)
            return None
        try:
            return self.inbox.get(timeout=wait)
        except queue.Empty:
            return None

    def human_says(self, line: str, arrived: float | None = None) -> bool:
        if line in ("q", "quit", "exit"):
            return False
        if line in ("o", "?", "h", "help"):
            self.console.print(HELP)
            self.show()
            return True
        if line.isdigit():
            number = int(line)
            seen, legal = self.view_answered(arrived, lambda listed: listed[number - 1] if
                                             0 < number <= len(listed) else None)
            if not legal:
                self.console.print("[red]you may not act now[/]")
                return True
            if not 0 < number <= len(legal):
                self.console.print(f"[red]no action {number}:[/] choose 1 to {len(legal)}", highlight=False)
                return True
            action = legal[number - 1]
        else:
            try:
                action = self.game.parse_action(line)
            except ValueError:
                self.console.print(Text(f"not an action: {line!r} ({HELP})", style="red"))
                return True
            seen, _ = self.view_answered(arrived, lambda listed: action if action in listed else None)
        self.submit(self.human, action, seen)  # type: ignore[arg-type]
        return True

    def view_answered(self, arrived: float | None = None,
                      pick: Callable[[list[Action]], Action | None] | None = None) -> tuple[int, list[Action]]:
        """The view the person was answering: the last one shown at least `perception_s` before their
        line arrived. If that view did not offer what they typed (`pick` finds nothing in it) but a
        newer one they had on screen does, they were answering the newer one: a quick typist in a
        turn-based game is not refused as "late" for a move the older view never allowed."""
        arrived = time.monotonic() if arrived is None else arrived
        on_screen = [view for view in self.shown if view[0] <= arrived] or self.shown[:1]
        chosen = next((view for view in reversed(on_screen) if arrived - view[0] >= self.perception_s),
                      on_screen[0])
        if pick is not None and pick(chosen[2]) is None:
            newer = on_screen[on_screen.index(chosen) + 1:]
            chosen = next((view for view in reversed(newer) if pick(view[2]) is not None), chosen)
        return chosen[1], chosen[2]

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
