"""The kernel contract (termination, conservation, determinism, replay, hidden information) on Solo and Memo."""

from __future__ import annotations

from collections import Counter

import pytest

import zdeck
from tests.conformance import check_action_codec, check_bad_inputs, check_playouts
from zdeck.core import State


def solo_cards(state: State) -> Counter:
    data = state.to_dict()
    return Counter([c for c in data["upper"] if c is not None] + [c for p in data["piles"] for c in p] + data["deck"])


def test_solo_random_playouts_keep_the_contract() -> None:
    check_playouts(zdeck.make("zoker-solo"), range(12), conserved=solo_cards, deep=1)


def test_solo_action_codec() -> None:
    check_action_codec(zdeck.make("zoker-solo"))


def test_solo_bad_inputs_are_refused() -> None:
    check_bad_inputs(zdeck.make("zoker-solo"))


def memo_cards(state: State) -> Counter:
    data = state.to_dict()
    return Counter([c for c in data["table"] if c is not None] + data["deck"] + [c for w in data["won"] for c in w])


@pytest.mark.parametrize("players", range(1, 6))
def test_memo_random_playouts_keep_the_contract(players: int) -> None:
    check_playouts(zdeck.make("zoker-memo", players=players), range(2), conserved=memo_cards, deep=1)


@pytest.mark.parametrize(
    "options", [{"pair_rule": "one"}, {"deal": 6}, {"deal": 6, "stuck": "end"}, {"deal": 64}, {"deal": 2}]
)
def test_memo_options_keep_the_contract(options: dict) -> None:
    check_playouts(zdeck.make("zoker-memo", players=3, **options), range(2), conserved=memo_cards, deep=1)


def test_memo_action_codec() -> None:
    check_action_codec(zdeck.make("zoker-memo"))


@pytest.mark.parametrize("players", [1, 5])
def test_memo_bad_inputs_are_refused(players: int) -> None:
    check_bad_inputs(zdeck.make("zoker-memo", players=players))
