"""A Zip Zap bot that plays sensibly from its own observation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from zdeck.bots import BotBase
from zdeck.core import Action, State
from zdeck.decks.zipzap.actions import Play, Zap
from zdeck.decks.zipzap.cards import BY_TEXT, SUITS, TOP_NUMBER, ZAP_TEXT, Card, followers
from zdeck.rng import Rng

# What `ismcts` alone means in this game: the setting measured in docs/bots.md (Strength), about 0.2 s of
# CPU a decision or less; a spec's own parameters override it (zdeck.search.spec).
SEARCH_SETTING = "iters=200"

ENDGAME = 8  # with this many cards or fewer, the Zap is worth more played (5 points) than kept (tuned: 8 beat 4, 6, 10, 12)


class GreedyBot(BotBase):
    """Plays at once in races, leads cards that keep control (10s, dead ends, long runs),
    sheds wild cards early, and spends its Zap to keep control late in the round."""

    name = "greedy"
    reaction_ms = 450.0

    def act(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng, view: State | None = None
    ) -> Action | None:
        plays = [a for a in legal_actions if isinstance(a, Play)]
        zap = next((a for a in legal_actions if isinstance(a, Zap)), None)
        hand = {BY_TEXT[c] for c in observation["hand"] if c != ZAP_TEXT}
        if observation["phase"] == "race":
            if plays:
                return max(plays, key=lambda a: _run_length(a.card, hand))
            return zap if zap is not None and len(hand) <= ENDGAME + 1 else None
        if zap is not None and len(hand) <= ENDGAME:
            return zap
        seen = {BY_TEXT[entry["card"]] for entry in observation["pile"] if entry["card"] != ZAP_TEXT}
        in_play = {SUITS.index(s) for s in observation["suits_in_play"]}
        return max(plays, key=lambda a: self._lead_value(a.card, hand, seen, in_play))

    @staticmethod
    def _lead_value(card: Card, hand: set[Card], seen: set[Card], in_play: set[int]) -> tuple[int, int, int, int]:
        rest = hand - {card}
        threats = [f for f in followers(card) if f not in rest and f not in seen and f.suit in in_play]
        keeps_control = card.number == TOP_NUMBER or not threats
        return int(keeps_control), _run_length(card, hand), card.points, -card.number


def _run_length(card: Card, hand: set[Card]) -> int:
    """How many of my own cards I could chain from this one."""
    length, current = 1, card
    while True:
        nxt = next((f for f in followers(current) if f in hand and f != card), None)
        if nxt is None:
            return length
        length, current = length + 1, nxt
