"""A re-deal is uniform: over many resamples of one state, each unseen card lands in each hidden zone (another
seat's hand, the draw pile's top card, its bottom card, the rest of it; in Memo each face-down place never seen)
as often as the zone's share of the unseen cards says - whatever the card and wherever it really lies. Checked
by a chi-square test of the counts (card x zone) for ZAR and the Zoker games, whose re-deals draw the hidden
hands onto the top of a pool listed in card order and leave the rest as a lazily shuffled pile
(`rng.sample_to_top`, `rng.shuffle_lazily`): a slip in which stretch of the pool a hand takes, or in the
pool's listing, skews these counts."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

from tests.search.test_ismcts import game_of, states_along
from zdeck import Rng, State

DRAWS = 2400  # resamples a state: the rarest cell (one card on one card's zone) expects 2400 / 69 ~ 35
PILES = {"zar": "drawpile", "zoker-tiko": "deck", "zoker-kubo": "draw_pile", "zoker-memo": "deck",
         "zoker-solo": "deck"}


def _cards(game_id: str, held: list[Any]) -> list[Any]:
    """A hand as a list of its cards: ZAR's hands are counts per kind."""
    if game_id == "zar":
        return [kind for kind, count in enumerate(held) for _ in range(count)]
    return list(held)


def _zones(game_id: str, state: State, seat: int) -> dict[str, list[Any]]:
    """The cards of each zone `seat` cannot see (the draw pile's top is its end)."""
    data = state.to_dict()
    zones = {f"hand {q}": _cards(game_id, hand) for q, hand in enumerate(data.get("hands", [])) if q != seat}
    pile = data[PILES[game_id]]
    if pile:
        zones["top"], zones["bottom"], zones["rest"] = pile[-1:], pile[:1], pile[1:-1]
    if game_id == "zoker-memo":  # the face-down places nobody has seen, each a zone of one card
        for place, seen in enumerate(data["seen_at"]):
            if seen < 0 and data["table"][place] is not None:
                zones[f"place {place}"] = [data["table"][place]]
    return {name: cards for name, cards in zones.items() if cards}


def _chi_square_limit(df: int) -> float:
    """The chi-square distribution's 99.99th percentile for df degrees of freedom (Wilson-Hilferty)."""
    z = 3.719
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def _a_state_with_hidden_zones(game_id: str) -> tuple[State, int]:
    """A state along a seeded game where the seat to act has at least two hidden zones, and cards in them. Not
    one whose re-deal is conditioned on what the table shows (ZAR's last card waiting for a match, Memo's
    face-down cards never seen while the table must hold a pair): there the zones' shares are not the odds."""
    game = game_of(game_id)
    for k, state in enumerate(states_along(game, seed=4, every=3)):
        seat = state.actors()[0]
        zones = _zones(game_id, state, seat)
        conditioned = (game_id == "zar" and state.to_dict()["phase"] == "out"
                       or any(name.startswith("place") for name in zones))
        if k >= 2 and len(zones) >= 2 and not conditioned:
            return state, seat
    raise AssertionError(f"{game_id}: no state with two hidden zones")


@pytest.mark.parametrize("game_id", sorted(PILES))
def test_a_redeal_puts_each_unseen_card_in_each_hidden_zone_by_its_share(game_id: str) -> None:
    state, seat = _a_state_with_hidden_zones(game_id)
    truth = _zones(game_id, state, seat)
    unseen = Counter(card for cards in truth.values() for card in cards)
    total = sum(unseen.values())
    seen: Counter[tuple[Any, str]] = Counter()
    for i in range(DRAWS):
        zones = _zones(game_id, state.resample_hidden(seat, Rng(1000 + i)), seat)
        assert {name: len(cards) for name, cards in zones.items()} == {name: len(c) for name, c in truth.items()}
        assert Counter(card for cards in zones.values() for card in cards) == unseen, "a re-deal kept other cards"
        for name, cards in zones.items():
            for card in cards:
                seen[card, name] += 1
    statistic = 0.0
    for card, copies in unseen.items():
        for name, cards in truth.items():
            expected = DRAWS * copies * len(cards) / total
            statistic += (seen[card, name] - expected) ** 2 / expected
    df = (len(unseen) - 1) * (len(truth) - 1)
    assert df > 0
    assert statistic < _chi_square_limit(df), (game_id, statistic, df, sorted(truth))
