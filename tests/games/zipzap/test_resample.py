"""`resample_hidden`: a determinisation of what one seat cannot see, for information-set search. It
re-deals the other hands and the deck among the deals that fit what the table showed, leaves the
seat's observation as it was, and owes nothing to the real game's random stream."""

from __future__ import annotations

import copy
from collections import Counter

import zdeck
from tests.games.zipzap.test_conformance import states_along
from tests.games.zipzap.test_read_state import game_state
from zdeck import Rng
from zdeck.core import State


def _to_next_deal(state: State) -> State:
    """Play on (the first actor, their first legal action) until the next round is dealt."""
    round_no = state.round()
    while state.round() == round_no and not state.is_over():
        moves = state.moves()
        if moves:
            state.apply(moves[0][0], moves[0][1][0])
        else:
            state.timeout()
    return state


def test_a_resample_played_past_the_end_of_the_round_does_not_deal_the_true_next_hands() -> None:
    state = game_state()  # round 2 of 6: more deals to come
    real = _to_next_deal(state.clone()).to_dict()
    for seed in range(5):
        copy = _to_next_deal(state.resample_hidden(1, Rng(seed))).to_dict()
        assert copy["round"] == real["round"] == 3
        assert copy["hands"] != real["hands"] and copy["rng"] != real["rng"]


def test_a_resample_is_a_state_play_can_reach() -> None:
    """Its dict reads back (`read_state` replays it): in a race someone can still follow, the first card
    raced on was followable at the deal, every hand keeps its size and its Zap. (Its generator is spawned
from the rng given: test_conformance checks it at every moment.)"""
    for players in (2, 3, 6):
        game = zdeck.make("zipzap", players=players)
        for state in states_along(game, 5):
            for seat in range(players):
                sample = state.resample_hidden(seat, Rng(state.version * 7 + seat))
                assert game.state_from_dict(sample.to_dict()).to_dict() == sample.to_dict()
                assert sample.observation(seat) == state.observation(seat)


def test_a_resample_deals_each_hidden_card_to_any_hand_or_the_deck_alike() -> None:
    state = game_state()  # seat 1's view: hands of 7 and 12 cards (seat 0, seat 2), a deck of 3
    data = state.to_dict()
    hidden = [*data["hands"][0], *data["hands"][2], *data["deck"]]
    places: Counter[tuple[str, str]] = Counter()
    rng = Rng(1)
    tries = 2000
    for _ in range(tries):
        sample = state.resample_hidden(1, rng).to_dict()
        for place, cards in (("seat 0", sample["hands"][0]), ("seat 2", sample["hands"][2]), ("deck", sample["deck"]),
                             ("deck top", sample["deck"][-1:]), ("deck bottom", sample["deck"][:1])):
            places.update((card, place) for card in cards)
    for card in hidden:  # each place's share of a card is its share of the hidden cards (within 5 sigma)
        for place, size in (("seat 0", 7), ("seat 2", 11), ("deck", 3), ("deck top", 1), ("deck bottom", 1)):
            share = size / len(hidden)
            assert abs(places[card, place] / tries - share) < 5 * (share * (1 - share) / tries) ** 0.5, (card, place)


def _other_worlds(state: State, seat: int) -> list[State]:
    """States that differ from `state` only in where the cards `seat` cannot see lie (the other hands and the
    deck, each keeping its size): the hidden cards rotated by one place through them, every way round that
    play can reach (`read_state` replays the round and refuses the others)."""
    data = state.to_dict()
    places = [("hands", q) for q in range(len(data["hands"])) if q != seat] + [("deck", None)]
    stretches = [data["hands"][q] if q is not None else data["deck"] for _, q in places]
    hidden = [card for cards in stretches for card in cards]
    worlds = []
    for shift in range(1, len(hidden)):
        moved = hidden[shift:] + hidden[:shift]
        other = copy.deepcopy(data)
        at = 0
        for (field, q), cards in zip(places, stretches):
            part = moved[at:at + len(cards)]
            at += len(cards)
            if q is None:
                other[field] = part
            else:
                other[field][q] = sorted(part, key=hidden.index)
        try:
            worlds.append(state.game.state_from_dict(other))
        except ValueError:  # a deal play could not have made
            continue
    return worlds


def test_a_resample_depends_only_on_what_its_seat_sees() -> None:
    """Two tables that look the same from a seat - the hidden cards lying elsewhere - re-deal to the same copy from
    the same generator: where the cards really lie cannot show through (the brief's hidden-information rule)."""
    compared = 0
    for players in (2, 4):
        game = zdeck.make("zipzap", players=players)
        for k, state in enumerate(states_along(game, 3)):
            if k % 4 or state.is_over():
                continue
            seat = k // 4 % players
            for world in _other_worlds(state, seat)[:3]:
                assert world.observation(seat) == state.observation(seat)
                assert world.to_dict() != state.to_dict()
                assert (world.resample_hidden(seat, Rng(k)).to_dict()
                        == state.resample_hidden(seat, Rng(k)).to_dict())
                compared += 1
    assert compared > 40


def test_at_the_end_the_counted_hands_stay_and_only_the_deck_is_shuffled() -> None:
    *_, final = states_along(zdeck.make("zipzap", players=2), 1)
    data = final.to_dict()
    decks = set()
    for seed in range(10):
        sample = final.resample_hidden(0, Rng(seed)).to_dict()
        assert sample["hands"] == data["hands"] and sorted(sample["deck"]) == sorted(data["deck"])
        decks.add(tuple(sample["deck"]))
    assert len(decks) > 1 or len(data["deck"]) < 2
