"""A live table: a person and bots playing one game on a real clock.

Bots answer after their reaction time (scaled by `speed`) while the person
types, so race moments stay races. The person's line is answered against the
version they were looking at: if the game moved on meanwhile, the rules resolve
it as late (in Zip Zap the card simply comes back). A number answers the menu
the person saw when they started typing: when the menu changed while they typed
and the number now means something else, it is refused and the new menu shown.
This is the line mode (`zdeck play --plain`): the whole table as text after every
change, read through the shared observation vocabulary (docs/observations.md).
It only uses the kernel contract.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rich.console import Console
from rich.text import Text

from zdeck.asking import ask, reaction
from zdeck.botspecs import make_bot
from zdeck.core import Action, Game, IllegalAction, Outcome, State, shorten
from zdeck.records import TIMEOUT, Record
from zdeck.rng import Rng

PERCEPTION_S = 0.25  # a line arriving sooner than this after a redraw answers the previous view
TYPING_S = 1.0  # a number arriving within this of a menu change may have been typed against the old menu
IDLE_S = 1.5  # how long a table of bots that all hold back waits before "nobody plays"
IDLE_PERSON_S = 6.0  # the same when the person could act too: time to read the table and type
HELP = "type the number or the text of an action; 'o' shows the table again, 'q' quits"


class LiveTable:
    def __init__(self, game: Game, human: int | None, bot_names: list[str], seed: int | None, speed: float,
                 console: Console, lines: Iterable[str] | None = None, perception_s: float = PERCEPTION_S,
                 typing_s: float = TYPING_S) -> None:
        self.game = game
        self.perception_s, self.typing_s = perception_s, typing_s
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
            if self.menu_changed_under(number, arrived):
                return True
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
                self.console.print(Text(f"not an action: {shorten(line)} ({HELP})", style="red"))
                return True
            seen, _ = self.view_answered(arrived, lambda listed: action if action in listed else None)
        self.submit(self.human, action, seen)  # type: ignore[arg-type]
        return True

    def menu_changed_under(self, number: int, arrived: float | None = None) -> bool:
        """Was the menu redrawn while the person typed this number, so that it now means another action?
        Then nothing is played: the menu as it is now is shown, for them to choose again."""
        arrived = time.monotonic() if arrived is None else arrived
        on_screen = [view for view in self.shown if view[0] <= arrived] or self.shown[:1]
        started = [view for view in on_screen if view[0] <= arrived - self.typing_s][-1:] or on_screen[:1]
        window = started + [view for view in on_screen if view[0] > arrived - self.typing_s]
        picks = {_pick(view[2], number) for view in window}
        if len(picks) <= 1:
            return False
        before, now = _pick(window[0][2], number), _pick(window[-1][2], number)
        self.console.print(Text(f"the menu changed while you typed: {number} was {_name(before)} and is now "
                                f"{_name(now)}; nothing played, choose again", style="red"))
        self.show_menu(self.state.legal_actions(self.human) if self.human is not None else [])
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
        """The whole table as the person's seat sees it, then their menu: nothing is cut."""
        seat = self.human
        obs = self.state.observation(seat)
        legal = self.state.legal_actions(seat) if seat is not None else []
        self.shown = [*self.shown[-20:], (time.monotonic(), self.state.version, legal)]
        for line in describe(obs, seat):
            self.console.print(Text(line))  # Text: "[...]" in a card or a list is data, not markup
        self.show_menu(legal)

    def show_menu(self, legal: list[Action]) -> None:
        if legal:
            self.console.print("  ".join(f"[green]{i}[/] {a}" for i, a in enumerate(legal, 1)), highlight=False)


def _pick(listed: list[Action], number: int) -> Action | None:
    return listed[number - 1] if 0 < number <= len(listed) else None


def _name(action: Action | None) -> str:
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
