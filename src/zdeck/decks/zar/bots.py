"""A ZAR heuristic bot: it reads only its observation and its legal actions.

It matches whenever it can (a match costs someone else a card and steals the
turn), keeps its Wasps to answer Wasps, saves Power cards and Chameleons for
the end of a hand, prefers getting rid of several cards at once, and declares
the colour or symbol it holds most of.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from zdeck.bots import BotBase
from zdeck.core import Action, State
from zdeck.decks.zar.actions import PASS, Call, Play
from zdeck.decks.zar.calls import due_call
from zdeck.decks.zar.cards import BY_TEXT, CHAMELEON, IS_POWER, IS_WASP, KINDS, NUM_KINDS
from zdeck.rng import Rng

# What `ismcts` alone means in this game: the setting measured in docs/bots.md (Strength), about 0.2 s of
# CPU a decision or less; a spec's own parameters override it (zdeck.search.spec).
SEARCH_SETTING = "iters=400,rollout=heuristic"

LATE = 3  # a hand this small is "late": spend Power cards and Chameleons now

# Looked up, not searched, at every scored play: _SHARES[k] lists the kinds sharing kind k's colour or symbol
# (they may follow it); _SHOWING[attr, value] the kinds whose colour or symbol is that declared value.
_SHARES: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k, other in enumerate(KINDS) if other.colour == on.colour or other.symbol == on.symbol) for on in KINDS
)
_SHOWING: dict[tuple[str, int], tuple[int, ...]] = {
    (attr, value): tuple(k for k, kind in enumerate(KINDS) if getattr(kind, attr) == value)
    for attr in ("colour", "symbol") for value in {getattr(kind, attr) for kind in KINDS}
}


class ZarHeuristicBot(BotBase):
    name = "heuristic"
    reaction_ms = 450.0

    def act(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng, view: State | None = None
    ) -> Action | None:
        plays = [a for a in legal_actions if isinstance(a, Play)]
        if not plays:
            return legal_actions[0] if legal_actions else None  # draw, or pass
        seat = observation["seat"]
        if plays[0].call is not None:
            plays = [p for p in plays if p.call == self._right_call(observation, p)] or plays
        top = BY_TEXT[observation["top_as"]]
        hand = self._hand(observation)
        if observation["turn"] != seat:
            matches = [p for p in plays if p.card == top]
            return max(matches, key=lambda p: (p.size, -p.chameleons, rng.random())) if matches else None
        if observation["phase"] == "drawn":
            keep = PASS in legal_actions and self._precious(plays[0], hand, observation)
            return PASS if keep else plays[0]
        scored = [(self._score(p, hand, top, observation), rng.random(), p) for p in plays]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    @staticmethod
    def _hand(observation: Mapping[str, Any]) -> list[int]:
        """The hand as counts per kind."""
        counts = [0] * NUM_KINDS
        for name in observation["hand"]:
            counts[BY_TEXT[name]] += 1
        return counts

    @staticmethod
    def _right_call(observation: Mapping[str, Any], play: Play) -> Call:
        """The call due, from what the seat sees (the rule the state applies: `calls.due_call`)."""
        seat, group = observation["seat"], observation["group"]
        matching = observation["matchable"] and play.card == BY_TEXT[observation["top_as"]]
        own_run = group["run"] if matching and group["owner"] == seat else 0
        return due_call(play.size, observation["hand_sizes"][seat] - play.size, matching, own_run)

    @staticmethod
    def _precious(play: Play, hand: list[int], observation: Mapping[str, Any]) -> bool:
        """Hold a drawn Power card, Chameleon or Wasp while the hand is still big."""
        if sum(hand) <= LATE:
            return False
        return play.chameleons > 0 or IS_POWER[play.card] or (IS_WASP[play.card] and not observation["stack"])

    def _score(self, play: Play, hand: list[int], top: int, observation: Mapping[str, Any]) -> float:
        size = sum(hand)
        late = size - play.size <= LATE
        score = 10.0 * play.size
        if observation["matchable"] and play.card == top and observation["group"]["owner"] != observation["seat"]:
            score += 15  # a match: the other player draws
        if play.chameleons and not late:
            score -= 25 * play.chameleons
        if IS_POWER[play.card] and not late:
            score -= 30
        if IS_WASP[play.card] and not observation["stack"] and not late:
            score -= 20  # keep Wasps to answer Wasps
        if play.declare >= 0:
            score += self._support(play, hand)
        else:
            score += 2 * self._follow_ups(play, hand)  # keep a hand that can follow its own card
        return score

    @staticmethod
    def _follow_ups(play: Play, hand: list[int]) -> float:
        """Cards left in hand that could follow this play next time round."""
        left = list(hand)
        left[play.card] -= play.real
        return float(sum(left[k] for k in _SHARES[play.card]))

    @staticmethod
    def _support(play: Play, hand: list[int]) -> float:
        """How many cards left in hand follow this declaration."""
        left = list(hand)
        left[play.card] -= play.real
        left[CHAMELEON] -= play.chameleons
        attr = "colour" if KINDS[play.card].declares == "colour" else "symbol"
        return float(sum(left[k] for k in _SHOWING.get((attr, play.declare), ())))
