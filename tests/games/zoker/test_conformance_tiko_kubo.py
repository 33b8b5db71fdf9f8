"""The kernel contract on Tiko and Kubo over player counts and options: termination, conservation,
determinism, replay, dict round-trips and observations that show no other hand."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck
from tests.conformance import (
    check_action_codec,
    check_bad_inputs,
    check_card_faces,
    check_playouts,
    check_resample_independent,
    check_vocabulary,
)
from zdeck.core import State
from zdeck.decks.zoker.cards import Card, stronger
from zdeck.decks.zoker.kubo.actions import Place
from zdeck.rng import Rng


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
    game = zdeck.make("zoker-tiko", players=players, last_deal="even", rounds=2,
                      match="games" if players == 5 else "cards")
    check_playouts(game, range(2), conserved=tiko_cards, deep=1)


def test_tiko_action_codec() -> None:
    check_action_codec(zdeck.make("zoker-tiko", players=3))


@pytest.mark.parametrize("players", [2, 5])
def test_tiko_bad_inputs_are_refused(players: int) -> None:
    check_bad_inputs(zdeck.make("zoker-tiko", players=players))


def kubo_cards(state: State) -> Counter:
    d = state.to_dict()
    return Counter(d["table"] + [c for h in d["hands"] for c in h] + d["draw_pile"])


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


# -- the shared observation vocabulary, at every step of a few random games ---------------------------


def random_walk(state: State, seed: int) -> list[State]:
    """The states along one random game (timeouts taken now and then where several may act)."""
    rng = Rng(seed)
    seen = [state.clone()]
    while not state.is_over():
        actors = state.actors()
        if len(actors) > 1 and rng.below(3) == 0:
            state.timeout()
        else:
            player = rng.choice(actors)
            state.apply(player, rng.choice(state.legal_actions(player)))
        seen.append(state.clone())
    return seen


@pytest.mark.parametrize(("game_id", "options"), [
    ("zoker-tiko", {"players": 3}),
    ("zoker-tiko", {"players": 4, "compare": "previous", "rounds": 2, "match": "games"}),
    ("zoker-kubo", {"players": 3, "scoring": "claim", "rounds": 2}),
    ("zoker-kubo", {"players": 2, "start": "blue-red-4", "rounds": 3, "target": 5}),
])
def test_observations_speak_the_shared_vocabulary_and_resamples_owe_nothing_to_the_real_generator(
        game_id: str, options: dict) -> None:
    game = zdeck.make(game_id, **options)
    for seed in range(3):
        for state in random_walk(game.new_state(seed), seed):
            check_vocabulary(state)
            check_card_faces(state)
            check_resample_independent(state)


def play_to_round(state: State, round_no: int, rng: Rng) -> State:
    while state.round() < round_no and not state.is_over():
        actors = state.actors()
        if len(actors) > 1:
            state.timeout()
            continue
        state.apply(actors[0], rng.choice(state.legal_actions(actors[0])))
    return state


@pytest.mark.parametrize("game_id", ["zoker-tiko", "zoker-kubo"])
def test_a_resample_played_past_the_round_deals_other_cards_than_the_real_game(game_id: str) -> None:
    """A search rolling a determinised copy past the end of the hand must not see the true next deal:
    the copy's generator is spawned from the rng it was given, not carried over from the real game."""
    game = zdeck.make(game_id, players=3, rounds=2)
    differ = 0
    for seed in range(6):
        state = game.new_state(seed)
        play_to_round(state, 1, Rng(seed))
        for _ in range(5):  # a few moves into the first round
            state.apply(state.actors()[0], state.legal_actions(state.actors()[0])[0])
        copy = state.resample_hidden(0, Rng(100 + seed))
        real_next = play_to_round(state, 2, Rng(seed)).to_dict()["hands"]
        copy_next = play_to_round(copy, 2, Rng(seed)).to_dict()["hands"]
        differ += real_next != copy_next
    assert differ == 6


# -- rule invariants over random games (hypothesis drives the seeds and choices) ----------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 5), st.sampled_from(["top", "previous"]))
def test_tiko_the_trick_goes_to_a_card_that_held_the_top(seed: int, players: int, compare: str) -> None:
    """With `top`, the winning card beat every card laid after it; with `previous`, the winning card is the
    lead or beat the card laid just before it. Either way the whole trick goes to its player."""
    game = zdeck.make("zoker-tiko", players=players, compare=compare)
    state = game.new_state(seed)
    rng = Rng(seed)
    laid: list[tuple[int, Card]] = []
    while not state.is_over():
        player = state.actors()[0]
        action = rng.choice(state.legal_actions(player))
        state.apply(player, action)
        laid.append((player, action.card))
        if len(laid) == players:
            trick = state.observation(None)["last_trick"]
            winner = trick[-1]["seat"]
            assert sorted(entry["card"] for entry in trick) == sorted(str(c) for _, c in laid)
            at = next(i for i, (p, _) in enumerate(laid) if p == winner)
            top = laid[at][1]
            if compare == "top":
                assert all(stronger(top, c) for _, c in laid[at + 1:])
            else:
                assert at == 0 or stronger(top, laid[at - 1][1])
            laid = []


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 5), st.sampled_from(["auto", "claim"]),
       st.sampled_from(["blue-corners", "blue-red-S", "blue-red-4"]))
def test_kubo_cards_are_never_laid_under_and_points_match_the_lines(seed: int, players: int, scoring: str,
                                                                    start: str) -> None:
    game = zdeck.make("zoker-kubo", players=players, scoring=scoring, start=start)
    state = game.new_state(seed)
    rng = Rng(seed)
    while not state.is_over():
        actors = state.actors()
        if len(actors) > 1 and rng.below(3) == 0:
            state.timeout()
            continue
        player = rng.choice(actors)
        action = rng.choice(state.legal_actions(player))
        state.apply(player, action)
        if isinstance(action, Place) and not state.is_over():
            i = action.card.index
            assert not state.placed & state.frame.over[i], "a card went under another"
    obs = state.observation(None)
    for p in range(players):
        earned = sum(entry["points"] for entry in obs["scored"] if entry["seat"] == p)
        assert state.scores()[p] == earned - obs["hand_sizes"][p]
    zokers = [entry["line"] for entry in obs["scored"] if entry["points"] == 12]
    assert len(zokers) <= 1
