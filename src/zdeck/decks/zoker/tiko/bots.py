"""A Tiko heuristic: take the trick with the cheapest card that can, else throw the weakest."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from zdeck.bots import BotBase
from zdeck.core import Action, State
from zdeck.decks.zoker.cards import Card, beats_count, stronger
from zdeck.decks.zoker.tiko.actions import Play
from zdeck.rng import Rng

# What `ismcts` alone means in this game: the setting measured in docs/bots.md (Strength), about 0.2 s of
# CPU a decision or less; a spec's own parameters override it (zdeck.search.spec).
SEARCH_SETTING = "iters=450,rollout=cheap-winner"

STRONG_LEAD = 52  # lead a card that beats at least this many of the 63 others; otherwise lead the weakest


def takes_top(card: Card, pile: list[Card], compared: int) -> bool:
    """Would `card` end on the top of the pile (and so hold the trick for now)?"""
    if not pile:
        return True
    return compared == len(pile) - 1 and stronger(card, pile[compared])


class CheapWinnerBot(BotBase):
    """Reads only its observation: the face-up trick, its own hand and the player counts."""

    name = "cheap-winner"
    reaction_ms = 900.0

    def act(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng, view: State | None = None
    ) -> Action | None:
        plays = [a for a in legal_actions if isinstance(a, Play)]
        if not plays:
            return None
        by_strength = sorted(plays, key=lambda a: (beats_count(a.card), a.card.index))
        pile = [Card.parse(entry["card"]) for entry in observation["pile"]]
        if not pile:  # leading: a very strong card may hold; otherwise give away the cheapest card
            best = by_strength[-1]
            return best if beats_count(best.card) >= STRONG_LEAD else by_strength[0]
        winners = [a for a in by_strength if takes_top(a.card, pile, observation["compared"])]
        return winners[0] if winners else by_strength[0]
