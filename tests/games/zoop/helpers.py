"""Hand-made Zoop positions for the scenario tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

import zdeck
from zdeck.decks.zoop.cards import Card, card_by_text
from zdeck.decks.zoop.state import ZoopState


class _Cards:
    """CARD["1 red rabbit"]: a card by its text."""

    def __getitem__(self, text: str) -> Card:
        card = card_by_text(text)
        assert card is not None, f"no card {text!r}"
        return card


CARD = _Cards()

# Four hands around a `1 red rabbit` on the pile: seats 2 and 3 hold the same card, seat 0 has the turn.
ZOOP_HANDS = [["1 red koala", "2 green toucans"], ["2 green koalas", "1 yellow toucan"],
              ["1 red rabbit", "2 yellow koalas"], ["1 red rabbit", "1 green toucan"]]


def make_state(
    hands: list[list[str]],
    pile: list[str],
    *,
    draw_top: list[str] = (),  # type: ignore[assignment]
    empty_draw: bool = False,
    calls: str = "auto",
    wild_rule: str = "held",
    zoop_turn: str = "stays",
    captured_crab: str = "cancelled",
    own_cage: str = "allowed",
    **fields: Any,
) -> ZoopState:
    """A state with these hands and pile (its last card on top); `draw_top` are the next cards drawn, in order.

    Every other card of the deck goes under them in the draw pile, or under the
    discard pile when `empty_draw` (then the draw pile is just `draw_top`), so the
    state always holds exactly one deck.
    """
    game = zdeck.make("zoop", players=len(hands), calls=calls, wild_rule=wild_rule, zoop_turn=zoop_turn,
                      captured_crab=captured_crab, own_cage=own_cage)
    deck = game.deck
    pool = Counter({str(c): n for c, n in zip(deck.kinds, deck.copies)})
    for card in [*pile, *draw_top, *(c for h in hands for c in h)]:
        assert pool[card] > 0, f"no {card} left in the deck"
        pool[card] -= 1
    rest = [str(c) for c in deck.kinds for _ in range(pool[str(c)])]
    if empty_draw:  # the draw pile holds only `draw_top`
        pile, draw = rest + list(pile), list(reversed(draw_top))
    else:
        draw = rest + list(reversed(draw_top))
    animal = [c for c in pile if c not in ("wild card", "cage")]
    data = game.new_state(0).to_dict()
    data.update(
        hands=hands, draw=draw, pile=list(pile), match=animal[-1], placer=-1, top_since=0, turn=0, direction=1,
        phase="play", owed=0, drawn=None, declared=None, starter=-1, queue=[], reason=None, resume=-1,
        resume_owed=0, cage=None, winner=-1, end=None, version=0,
    )
    data.update(fields)
    return game.state_from_dict(data)


def hand(state: ZoopState, player: int) -> list[str]:
    return sorted(state.to_dict()["hands"][player])


def top(state: ZoopState) -> str:
    return state.to_dict()["pile"][-1]


def texts(actions: list[Any]) -> list[str]:
    return sorted(str(a) for a in actions)
