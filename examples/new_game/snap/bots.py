"""Snap's heuristic bot: it snaps every pair at once, and plays the card that leaves it the most choice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from zdeck.bots import BotBase
from zdeck.core import Action, State
from zdeck.decks.snap.actions import Play, Snap
from zdeck.decks.snap.cards import CARDS, INDEX, follows
from zdeck.rng import Rng

# What `ismcts` alone means in this game (measure it against the bots, docs/bots.md).
SEARCH_SETTING = "iters=200"


class SnappyBot(BotBase):
    name = "snappy"
    reaction_ms = 500.0

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng,
            view: State | None = None) -> Action | None:
        if not legal_actions:
            return None
        snap = next((a for a in legal_actions if isinstance(a, Snap)), None)
        if snap is not None:
            return snap
        plays = [a for a in legal_actions if isinstance(a, Play)]
        if not plays:
            return legal_actions[0]  # draw or pass
        hand = [INDEX[t] for t in observation["hand"]]
        return max(plays, key=lambda a: (sum(follows(c, a.card) for c in hand if c != a.card), -CARDS[a.card].number))
