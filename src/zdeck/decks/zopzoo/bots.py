"""A Zop Zoo heuristic bot, following the rulebook's own advice.

It reads only the observation (the whole table is face up) and the legal actions:
- takes and places every card it can match; digs with a drawn MOLE (declining it ends the turn
  just as a fruitless dig does), and with a MOLE on the discard pile when it knows the dig finds
  something (recall) or, seeing only the top, when it expects at least one of its missing cards
  among the buried ones;
- covers with a wild card the lowest-value card, but a Minus card once the round is
  late (few cards left to draw, or an opponent one card from winning), and prefers
  a card whose match it can see in the discard pile (only a MOLE could bring it back);
- with a Specialty card gives its lowest POINTS unit, takes the highest, and switches
  its lowest for the highest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from zdeck.bots import BotBase
from zdeck.core import Action, State
from zdeck.decks.zopzoo import actions as A
from zdeck.decks.zopzoo.cards import BY_NAME, KIND, MATCHER_OF, NAME, VALUE, Kind
from zdeck.rng import Rng

# What `ismcts` alone means in this game: the setting measured in docs/bots.md (Strength), about 0.2 s of
# CPU a decision or less; a spec's own parameters override it (zdeck.search.spec).
SEARCH_SETTING = "iters=400,rollout=heuristic,lean=2"  # even with its heuristic: little is left to win (docs/bots.md)

LATE_DRAW = 20  # draw-pile size under which a Minus card becomes the first thing to cover
BURIED_DISCOUNT = 0.3  # a card whose match is buried is that much cheaper to give up
NEVER = 1000.0  # covering a Lower Half: only when nothing else is left


class HeuristicBot(BotBase):
    name = "heuristic"
    reaction_ms = 900.0

    def act(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng, view: State | None = None
    ) -> Action | None:
        if not legal_actions:
            return None
        if len(legal_actions) == 1:
            return legal_actions[0]
        for preferred in (A.TAKE, A.PLACE):  # never overlook a match
            if preferred in legal_actions:
                return preferred
        if A.DIG in legal_actions and (A.DRAW not in legal_actions or _dig_pays(observation)):
            return A.DIG
        first = legal_actions[0]
        if isinstance(first, A.Cover):
            covers = cast("Sequence[A.Cover]", legal_actions)  # one kind of action at a time (the phase's)
            return min(covers, key=lambda a: self._cover_cost(observation, a.card))
        if isinstance(first, A.Give):
            return self._give(observation, legal_actions)
        if isinstance(first, A.Steal):
            steals = cast("Sequence[A.Steal]", legal_actions)
            return max(steals, key=lambda a: _unit_value(observation, a.unit))
        if isinstance(first, A.Switch):
            switches = cast("Sequence[A.Switch]", legal_actions)
            return max(switches, key=lambda a: _unit_value(observation, a.theirs) - _unit_value(observation, a.mine))
        return first

    def _cover_cost(self, obs: Mapping[str, Any], card: int) -> float:
        kind = KIND[card]
        if kind is Kind.LOWER:
            return NEVER
        if kind is Kind.MINUS:
            cost = float(VALUE[card]) if _late(obs) else float(-VALUE[card])  # late: shed the minus points
        else:
            cost = float(VALUE[card])
        if cost > 0 and NAME[MATCHER_OF[card]] in obs["pile"]:
            cost *= BURIED_DISCOUNT
        return cost

    def _give(self, obs: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        gives = cast("Sequence[A.Give]", legal)
        lowest = min(gives, key=lambda a: _unit_value(obs, a.unit))
        value = _unit_value(obs, lowest.unit)
        totals = obs["scores"]
        # minus points go to the leader; anything positive to the player furthest behind
        options = [a for a in gives if a.unit == lowest.unit]
        pick = max if value < 0 else min
        return pick(options, key=lambda a: totals[a.to])


def _dig_pays(obs: Mapping[str, Any]) -> bool:
    """Dig with the MOLE on top rather than draw? With recall a dig is offered only when it finds
    something; seeing the top alone, when one missing card is expected under it, its match being
    anywhere among the cards unseen."""
    if obs["options"]["recall"]:
        return True
    missing = sum(1 for _, cover in obs["rows"][obs["seat"]] if cover is None)
    buried: int = obs["pile_size"] - 1
    unseen: int = buried + obs["draw_size"]
    return missing * buried >= unseen


def _late(obs: Mapping[str, Any]) -> bool:
    if obs["draw_size"] < LATE_DRAW:
        return True
    me = obs["seat"]
    for p, row in enumerate(obs["rows"]):
        if p != me and sum(1 for b, c in row if c is None and KIND[BY_NAME[b]] is not Kind.MINUS) <= 1:
            return True
    return False


def _unit_value(obs: Mapping[str, Any], unit: int) -> float:
    """What a unit is worth at the round's end: its cover's POINTS, a Minus card's minus, a bonus."""
    if KIND[unit] is Kind.BONUS:
        return VALUE[unit] + 0.5  # bonus points count win or lose: a shade better than equal row points
    name = NAME[unit]
    for row in obs["rows"]:
        for b, c in row:
            if b == name:
                return float(VALUE[BY_NAME[c if c is not None else b]])
    return 0.0
