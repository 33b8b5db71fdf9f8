"""Handicaps: a bot made to play more like a person - slower, sometimes blind to a chance out of turn, sometimes
wrong - so that people have bots they can beat (the levels of docs/bots.md).

Any bot spec takes them after a colon, beside a search bot's own settings: `greedy:reaction=1600,miss=0.3,err=0.15`,
`ismcts:iters=100,reaction=900`.

- `reaction` (ms): the bot's median reaction time for a considered move (a reflex call takes REFLEX_SHARE of it), in
  place of its own (450 ms for the quick heuristics). The simulator's races and the live table time it alike
  (`zdeck.asking.reaction`), so a slower bot loses races to quicker seats there and in a tournament the same way.
- `miss` (0 to 1): the share of its chances out of turn (a race, a ZOOP!, a match, a shout: any moment the
  observation's `turn` is another seat's or nobody's) that it lets pass, as a person who did not see the card in
  time. On its own turn it always acts: a turn cannot be let pass.
- `err` (0 to 1): the share of its decisions (among two or more legal actions) where it plays a legal action
  drawn at random instead of its own choice: a newcomer's slip.

Every draw comes from the generator the bot is handed, so a seeded game replays exactly.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from zdeck.bots import Bot
from zdeck.core import Action, State
from zdeck.rng import Rng

MAX_REACTION_MS = 10_000.0  # a bot slower than 10 s a move is no opponent; nor is a table waiting for it

# name -> what a value must be
HANDICAPS: dict[str, str] = {
    "reaction": f"a median reaction time in ms, from 50 to {MAX_REACTION_MS:g}",
    "miss": "the share of chances out of turn let pass, from 0 to 1",
    "err": "the share of decisions played at random, from 0 to 1",
}


def split_handicaps(spec: str, text: str) -> tuple[str, dict[str, float]]:
    """The parameters after a spec's colon less the handicaps, and the handicaps read and checked. ValueError
    naming the bad part; the rest is left for the bot's own reader (a search's settings)."""
    rest: list[str] = []
    found: dict[str, float] = {}
    for part in text.split(","):
        key, eq, value = (s.strip() for s in part.partition("="))
        if key not in HANDICAPS:
            rest.append(part)
            continue
        if not eq or not value:
            raise ValueError(f"bot spec {spec!r}: {part.strip()!r} is not key=value")
        if key in found:
            raise ValueError(f"bot spec {spec!r}: {key} is given twice")
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        low, high = (50.0, MAX_REACTION_MS) if key == "reaction" else (0.0, 1.0)
        if not low <= number <= high:  # (a NaN fails it too)
            raise ValueError(f"bot spec {spec!r}: {key}={value!r} is not {HANDICAPS[key]}")
        found[key] = number
    return ",".join(rest), found


class Handicapped:
    """A bot with a person's handicaps (the module's docstring). It asks the bot it wraps every decision, so a bot
    that remembers what it saw (Memo's) keeps its memory, then may let a chance pass or slip."""

    def __init__(self, inner: Bot, spec: str, handicaps: Mapping[str, float]) -> None:
        self.inner = inner
        self.name = spec
        self.reaction_ms = float(handicaps.get("reaction", inner.reaction_ms))
        self.miss = float(handicaps.get("miss", 0.0))
        self.err = float(handicaps.get("err", 0.0))
        self.wants_view = inner.wants_view
        self.reads_observation = bool(getattr(inner, "reads_observation", True)) or self.miss > 0

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng,
            view: State | None = None) -> Action | None:
        choice = self.inner.act(observation, legal_actions, rng, view=view)
        if choice is None:
            return None
        if self.miss and observation["turn"] != observation["seat"] and rng.random() < self.miss:
            return None
        if self.err and len(legal_actions) > 1 and rng.random() < self.err:
            return legal_actions[rng.below(len(legal_actions))]
        return choice

    def __getattr__(self, name: str) -> Any:
        """What else a client reads of the bot is the wrapped bot's: `reset`, `recalls`, `searches`, `remembers`,
        a search's `ms`."""
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)
