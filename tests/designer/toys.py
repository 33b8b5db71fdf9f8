"""Hand-built games whose designer's figures are known in advance, for ground-truth tests.

`ScriptGame` plays a script: hand by hand, the dealer, then each step's actors with their number of legal
actions and the hand sizes after it, then the hand's winner. Whatever a bot chooses, the table moves to the
script's next step, so every figure of the study (branching, forced moves, position, drama within the
round, repeats, stalls, duration, usage) follows from the script alone. `PickGame` is pure skill (the highest
pick wins), `CoinGame` pure luck (the deal decides), for the skill index.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from zdeck.core import Action, Game, Option, Outcome, State
from zdeck.rng import Rng

MOST = 6  # legal actions at most in a script step
KINDS = ("play", "draw", "pass", "discard", "call", "take")


@dataclass(frozen=True)
class Move:
    index: int

    def __str__(self) -> str:
        return f"move {self.index}"


class ScriptGame(Game):
    """options: script = [{"dealer": d, "steps": [[actors, legal, hand sizes after], ...], "winner": w}, ...]
    (`actors` a seat or a list of seats racing). Move i has action kind KINDS[i]; every move is done with a
    card of kind "red" or, for move 1, "blue" with the effect "skip"."""

    id = "script"
    title = summary = "a scripted table"
    min_players, max_players = 1, 4
    options_spec: ClassVar[dict[str, Option]] = {"script": Option(default="[]", doc="the script, as JSON")}

    def card_faces(self) -> dict[str, dict[str, Any]]:
        return {"r": {"kind": "red", "effect": None}, "b": {"kind": "blue", "effect": "skip"}}

    def action_table(self) -> Sequence[Action]:
        return [Move(i) for i in range(MOST)]

    def action_face(self, action: Action) -> dict[str, Any]:
        assert isinstance(action, Move)
        return {"kind": KINDS[action.index], "label": str(action), "card": "b" if action.index == 1 else "r",
                "call": "Go!" if action.index == 4 else None}

    def rounds(self) -> int:
        return len(json.loads(self.options["script"]))

    def new_state(self, seed: int) -> ScriptState:
        return ScriptState(self, json.loads(self.options["script"]))

    def read_state(self, data: dict[str, Any]) -> State:
        raise ValueError("a scripted table is not stored")


class ScriptState(State):
    def __init__(self, game: ScriptGame, script: list[dict[str, Any]]) -> None:
        self.game, self.script, self.version = game, script, 0
        self.hand, self.step = 0, 0
        self.history: list[list[float]] = []
        self.sizes = [5] * game.players

    def _steps(self) -> list[Any]:
        steps: list[Any] = self.script[self.hand]["steps"]
        return steps

    def actors(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        who = self._steps()[self.step][0]
        return tuple(who) if isinstance(who, list) else (who,)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.actors():
            return []
        return [Move(i) for i in range(self._steps()[self.step][1])]

    def _apply(self, player: int, action: Action) -> Outcome | None:
        self.sizes = list(self._steps()[self.step][2])
        self.step += 1
        if self.step == len(self._steps()):
            winner = self.script[self.hand]["winner"]
            self.history.append([1.0 if seat == winner else 0.0 for seat in range(self.game.players)])
            self.hand, self.step = self.hand + 1, 0
            if not self.is_over():
                self.sizes = [5] * self.game.players
        return None

    def resolve_late(self, player: int, action: Action, seen: int) -> Outcome:
        return Outcome.BOUNCED

    def is_over(self) -> bool:
        return self.hand >= len(self.script)

    def scores(self) -> list[float]:
        return [sum(r[s] for r in self.history) for s in range(self.game.players)]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        best = max(self.scores())
        return [s for s, score in enumerate(self.scores()) if score == best]

    def round(self) -> int:
        return min(self.hand, len(self.script) - 1) + 1

    def round_scores(self) -> list[list[float]]:
        return [list(r) for r in self.history]

    def phase_name(self) -> str:
        return "over" if self.is_over() else "play"

    def turn_seat(self) -> int | None:
        actors = self.actors()
        return actors[0] if len(actors) == 1 else None

    def hand_sizes(self) -> list[int]:
        return list(self.sizes)

    def own_view(self, player: int | None) -> dict[str, Any]:
        return {"dealer": self.script[min(self.hand, len(self.script) - 1)]["dealer"], "last": {"version": self.version}}

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "step": self.step}

    def _resample_hidden(self, player: int, rng: Rng) -> ScriptState:
        return self.clone()

    def clone(self) -> ScriptState:
        twin = ScriptState(self.game, self.script)  # type: ignore[arg-type]
        twin.version, twin.hand, twin.step = self.version, self.hand, self.step
        twin.history, twin.sizes = [list(r) for r in self.history], list(self.sizes)
        return twin


class ScriptFigures:
    """The metrics hooks of a shedding game whose positions count from the dealer."""

    FIGURES: ClassVar[dict[str, str]] = {}
    ENDS: ClassVar[tuple[str, ...]] = ()
    REFERENCE: ClassVar[str] = "dealer"
    SHEDDING: ClassVar[bool] = True

    def step(self, *args: Any) -> None:
        """No figures of its own."""

    def finish(self, state: State) -> dict[str, float | int | bool]:
        return {}


class First:
    """A bot that always takes the first legal action, after `reaction_ms`."""

    name = "first"
    wants_view = False
    reads_observation = False

    def __init__(self, reaction_ms: float = 1000.0) -> None:
        self.reaction_ms = reaction_ms

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng: Rng, view: State | None = None) -> Action:
        return legal[0]


class Best(First):
    """A bot that always takes the last legal action (in PickGame: the highest pick)."""

    name = "best"

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng: Rng, view: State | None = None) -> Action:
        return legal[-1]


class PickGame(Game):
    """Each seat in turn picks a number 0..size-1; the highest pick wins (ties share). Pure skill: whoever
    picks the most wins, whatever the deal. With `luck`, the picks do not count: the deal names the winner,
    seat (seed // n) % n, so that over n * n games in a row every seat is lucky once with each seat's bot."""

    id = "pick"
    title = summary = "pick the highest"
    min_players, max_players = 1, 4
    options_spec: ClassVar[dict[str, Option]] = {"size": Option(default=3, doc="numbers to pick from"),
                                                 "luck": Option(default=False, doc="the deal decides")}

    def card_faces(self) -> dict[str, dict[str, Any]]:
        return {}

    def action_table(self) -> Sequence[Action]:
        return [Move(i) for i in range(self.options["size"])]

    def action_face(self, action: Action) -> dict[str, Any]:
        return {"kind": "play", "label": str(action)}

    def new_state(self, seed: int) -> PickState:
        return PickState(self, Rng(seed), (seed // self.players) % self.players)

    def read_state(self, data: dict[str, Any]) -> State:
        raise ValueError("not stored")


class PickState(State):
    def __init__(self, game: PickGame, rng: Rng, lucky: int) -> None:
        self.game, self.rng, self.version = game, rng, 0
        self.picks: list[int] = []
        self.lucky = lucky

    def actors(self) -> tuple[int, ...]:
        return () if self.is_over() else (len(self.picks),)

    def legal_actions(self, player: int) -> list[Action]:
        return [Move(i) for i in range(self.game.options["size"])] if player in self.actors() else []

    def _apply(self, player: int, action: Action) -> Outcome | None:
        assert isinstance(action, Move)
        self.picks.append(action.index)
        return None

    def is_over(self) -> bool:
        return len(self.picks) == self.game.players

    def scores(self) -> list[float]:
        if self.game.options["luck"]:
            return [1.0 if seat == self.lucky else 0.0 for seat in range(self.game.players)] if self.is_over() else \
                [0.0] * self.game.players
        return [float(p) for p in self.picks] + [0.0] * (self.game.players - len(self.picks))

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        best = max(self.scores())
        return [s for s, score in enumerate(self.scores()) if score == best]

    def phase_name(self) -> str:
        return "play"

    def turn_seat(self) -> int | None:
        return len(self.picks)

    def own_view(self, player: int | None) -> dict[str, Any]:
        return {"last": None}

    def to_dict(self) -> dict[str, Any]:
        return {"picks": self.picks}

    def _resample_hidden(self, player: int, rng: Rng) -> PickState:
        return self.clone()

    def clone(self) -> PickState:
        twin = PickState.__new__(PickState)
        twin.game, twin.rng, twin.version, twin.picks, twin.lucky = self.game, self.rng.clone(), self.version, list(
            self.picks), self.lucky
        return twin
