"""A heuristic Zoop bot: reads only its observation and legal actions.

Strategy, in order of priority:
- out of turn, Cage every opponent's Special Animal (Cages are kept for that:
  they can never be discarded) and ZOOP! whenever it holds the exact card;
  it never sends a silent or wrong call;
- on its turn, shed pairs early, hold Chameleons (they fit any one-animal card)
  for later, fire Frogs/Monkeys/Kangaroos at a next player close to going out,
  and prefer the card that leaves it more cards matching the new top;
- play a Wild Card when it holds the most cards of one basic animal (at least
  two), declaring that animal;
- as a free discard, drop a pair or a card its hand can follow, never a Special
  Animal (a free discard has no effect).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from zdeck.core import Action, State
from zdeck.games.zoop.actions import Cage, Discard, Play, PlayWild, Zoop
from zdeck.games.zoop.cards import ANY_SINGLE, BASIC_ANIMALS, Card, can_play_on, card_by_text, effect_of
from zdeck.rng import Rng

_HURTS_NEXT = {"next_draws", "next_misses", "next_misses_then_draws"}


class HeuristicBot:
    name = "heuristic"
    wants_view = False

    def __init__(self, reaction_ms: float = 450.0) -> None:
        self.reaction_ms = reaction_ms

    def act(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng, view: State | None = None
    ) -> Action | None:
        if not legal_actions:
            return None
        for action in legal_actions:
            if isinstance(action, Cage) and action.called:
                return action
        top = observation["top"]
        for action in legal_actions:
            if isinstance(action, Zoop) and action.called and str(action.card) == top:
                return action
        own = [a for a in legal_actions if not isinstance(a, (Zoop, Cage))]
        if not own:
            return None  # out of turn with nothing worth doing: wait
        hand = [c for c in (card_by_text(t) for t in observation["hand"]) if c is not None]
        scored = [(self._score(a, hand, observation), rng.random(), a) for a in own]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _score(self, action: Action, hand: list[Card], obs: Mapping[str, Any]) -> float:
        if isinstance(action, PlayWild):
            return self._wild_score(action.animal, hand)
        if isinstance(action, Play):
            return 10.0 + self._card_value(action.card, hand, obs, discard=False)
        if isinstance(action, Discard):
            return 10.0 + self._card_value(action.card, hand, obs, discard=True)
        return 0.0  # draw / pass: only when nothing else is legal

    def _wild_score(self, animal: str, hand: list[Card]) -> float:
        held = Counter(c.animal for c in hand if c.animal in BASIC_ANIMALS)
        most = max(held.values(), default=0)
        if held[animal] == most and most >= 2:
            return 14.0 + held[animal]  # holds the most of this animal: start the Special Round now
        return 1.0 + held[animal] * 0.1  # otherwise only when nothing else can be played

    def _card_value(self, card: Card, hand: list[Card], obs: Mapping[str, Any], discard: bool) -> float:
        rest = list(hand)
        if card in rest:
            rest.remove(card)
        value = 0.0
        if card.count == 2:
            value += 3.0  # shed pairs early
        effect = effect_of(card)
        if effect == ANY_SINGLE:
            value -= 3.0  # the most flexible card: keep it
        elif effect is not None:
            if discard:
                value -= 5.0  # a free discard wastes the animal's effect
            elif effect in _HURTS_NEXT and self._next_hand(obs) <= 3:
                value += 5.0
            else:
                value += 1.0
        value += 0.5 * sum(1 for c in rest if can_play_on(c, card))  # we can follow it ourselves
        if card.animal in BASIC_ANIMALS and any(c.animal == "wild" for c in rest):
            if not any(c.animal in BASIC_ANIMALS for c in rest):
                value -= 4.0  # keep one basic animal so the Wild Card stays playable
        return value

    @staticmethod
    def _next_hand(obs: Mapping[str, Any]) -> int:
        sizes = obs["hand_sizes"]
        seat = obs["seat"]
        return sizes[(seat + obs["direction"]) % len(sizes)]
