"""The kernel contract on Tiko and Kubo over player counts and options: termination, conservation,
determinism, replay, dict round-trips and observations that show no other hand."""

from __future__ import annotations

from collections import Counter

import pytest

import zdeck
from tests.conformance import check_action_codec, check_bad_inputs, check_playouts
from zdeck.core import State


def tiko_cards(state: State) -> Counter:
    d = state.to_dict()
    cards = [c for h in d["hands"] for c in h] + d["deck"] + [c for _, c in d["pile"]]
    return Counter(cards + [c for w in d["won"] for c in w])


@pytest.mark.parametrize("players", range(2, 6))
@pytest.mark.parametrize("compare", ["top", "previous"])
def test_tiko_playouts_keep_the_contract(players: int, compare: str) -> None:
    game = zdeck.make("zoker-tiko", players=players, compare=compare)
    check_playouts(game, range(4), conserved=tiko_cards, deep=1)


@pytest.mark.parametrize("players", [3, 5])
def test_tiko_even_last_deal_and_rounds(players: int) -> None:
    game = zdeck.make("zoker-tiko", players=players, last_deal="even", rounds=2)
    check_playouts(game, range(2), conserved=tiko_cards, deep=1)


def test_tiko_action_codec() -> None:
    check_action_codec(zdeck.make("zoker-tiko", players=3))


@pytest.mark.parametrize("players", [2, 5])
def test_tiko_bad_inputs_are_refused(players: int) -> None:
    check_bad_inputs(zdeck.make("zoker-tiko", players=players))


def kubo_cards(state: State) -> Counter:
    d = state.to_dict()
    return Counter(d["table"] + [c for h in d["hands"] for c in h] + d["pile"])


@pytest.mark.parametrize("players", range(2, 6))
@pytest.mark.parametrize("scoring", ["auto", "claim"])
def test_kubo_playouts_keep_the_contract(players: int, scoring: str) -> None:
    game = zdeck.make("zoker-kubo", players=players, scoring=scoring)
    check_playouts(game, range(3), conserved=kubo_cards, deep=1)


@pytest.mark.parametrize("start", ["blue-red-S", "blue-red-4"])
def test_kubo_variant_starts_and_rounds(start: str) -> None:
    game = zdeck.make("zoker-kubo", players=3, start=start, rounds=2)
    check_playouts(game, range(2), conserved=kubo_cards, deep=1)


def test_kubo_action_codec() -> None:
    check_action_codec(zdeck.make("zoker-kubo", players=3))


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("scoring", ["auto", "claim"])
def test_kubo_bad_inputs_are_refused(players: int, scoring: str) -> None:
    check_bad_inputs(zdeck.make("zoker-kubo", players=players, scoring=scoring))
