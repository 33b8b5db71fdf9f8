"""Bad input at Zoop's edges: state dicts no play can reach, any value as an action, and what a seat sees."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck
from tests.games.zoop.helpers import ZOOP_HANDS, make_state
from zdeck import Rng
from zdeck.decks.zoop.state import max_version

HUGE = (2**64, 10**30, -(2**64))


def _mid_game(players: int = 4, seed: int = 3, moves: int = 12) -> zdeck.State:
    state = zdeck.make("zoop", players=players).new_state(seed)
    pick = Rng(seed)
    for _ in range(moves):
        moment = state.moves()
        player, legal = moment[pick.below(len(moment))]
        state.apply(player, legal[pick.below(len(legal))])
    return state


def _refused(data: dict[str, Any], field: str) -> None:
    game = zdeck.make("zoop", players=data["players"])
    with pytest.raises(ValueError, match=field):
        game.state_from_dict(data)


@pytest.mark.parametrize("key", ["version", "top_since", "out_of_turn_at", "placer", "turn", "direction", "owed",
                                 "starter", "resume", "resume_owed", "winner"])
@pytest.mark.parametrize("value", [*HUGE, 1.5, "1", None, True])
def test_numbers_out_of_range_or_of_the_wrong_type_are_refused_at_once(key: str, value: Any) -> None:
    data = _mid_game().to_dict()
    data[key] = value
    _refused(data, key)


@pytest.mark.parametrize("value", [*HUGE, -1, "7", None])
def test_the_rng_state_is_refused_out_of_range(value: Any) -> None:
    data = _mid_game().to_dict()
    data["rng"] = value
    _refused(data, "rng")


def test_a_version_no_game_can_reach_is_refused() -> None:
    state = _mid_game()
    data = state.to_dict()
    data["version"] = max_version(state.game) + 1
    _refused(data, "version")


@pytest.mark.parametrize(("key", "value", "field"), [
    ("hands", [["1 red rabbit"]] * 3, "hands"),
    ("hands", "1 red rabbit", "hands"),
    ("draw", ["1 red rabbit"] * 10**3, "one deck"),
    ("draw", ["7 red rabbits"], "not a card"),
    ("pile", [], "never empty"),
    ("pile", None, "pile"),
    ("match", "wild card", "animal card"),
    ("match", 3, "not a card"),
    ("drawn", "cage", "drawn"),
])
def test_card_fields_are_refused_when_malformed(key: str, value: Any, field: str) -> None:
    data = _mid_game().to_dict()
    data[key] = value
    _refused(data, field)


@pytest.mark.parametrize(("fields", "field"), [
    ({"cage": [0, 1, 10**30]}, "cage version"),
    ({"cage": [2**64, 1, 0]}, "cage player"),
    ({"cage": [0, 1]}, "cage"),
    ({"cage": [0, 1, 0]}, "cage"),  # nothing special on top: no Cage may capture
    ({"queue": [2**64]}, "queue"),
    ({"queue": "1"}, "queue"),
    ({"phase": "race"}, "phase"),
    ({"declared": "frog"}, "declared"),
    ({"reason": "bored"}, "reason"),
    ({"owed": 2, "phase": "owed"}, "owed"),  # Monkeys and Kangaroos owe one card, never two
    ({"end": "abandoned"}, "end"),
])
def test_unreachable_or_malformed_turn_fields_are_refused(fields: dict[str, Any], field: str) -> None:
    data = make_state(ZOOP_HANDS, ["1 red rabbit"]).to_dict()
    data.update(fields)
    _refused(data, field)


def test_a_cage_window_stays_open_only_on_the_special_animal_just_played() -> None:
    state = make_state([["2 red frogs", "2 green toucans"], ["cage", "2 red koalas"], ["2 red toucans"],
                        ["2 red rabbits"]], ["2 red rabbits"])
    state.apply(0, zdeck.make("zoop").parse_action("play 2 red frogs"))
    data = state.to_dict()
    assert state.game.state_from_dict(copy.deepcopy(data)).to_dict() == data
    _refused({**data, "cage": [1, 1, data["cage"][2]]}, "cage")  # not the animal's player
    _refused({**data, "cage": [0, -1, data["cage"][2]]}, "cage direction")  # Frogs do not reverse play


TEXT_OR_ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=2**60), st.just(10**5000), st.floats(),
    st.binary(max_size=40),
    st.text(max_size=80), st.text(min_size=5_000, max_size=6_000), st.lists(st.integers(), max_size=4),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


@settings(max_examples=300, deadline=None)
@given(TEXT_OR_ANYTHING)
def test_any_input_is_refused_with_a_short_value_error_or_parsed(value: Any) -> None:
    game = zdeck.make("zoop", players=4, calls="strict")
    for read in (game.parse_action, game.action_from_id):
        try:
            action = read(value)
        except ValueError as exc:
            assert 0 < len(str(exc)) < 300, "the message quotes the input shortened"
        else:
            assert game.action_id(action) in range(game.num_distinct_actions())


def test_a_huge_action_text_is_quoted_shortened() -> None:
    game = zdeck.make("zoop")
    with pytest.raises(ValueError) as caught:
        game.parse_action("play " + "x" * 10_000_000)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("players", [3, 6])
def test_an_observation_never_shows_what_its_seat_cannot_see(players: int) -> None:
    # The same moment with everything hidden from a seat re-dealt (other hands, the draw pile's order) must
    # look the same to that seat and to a spectator; the seat's own hand is shown, the others' only as sizes.
    state = _mid_game(players=players, seed=11, moves=20)
    data = state.to_dict()
    for seat in range(players):
        seen = state.observation(seat)
        assert sorted(seen["hand"]) == sorted(data["hands"][seat])
        for rng_seed in range(4):
            other = state.resample_hidden(seat, Rng(rng_seed))
            assert other.observation(seat) == seen
            assert other.observation(None) == state.observation(None)
        hidden = {k: v for k, v in seen.items() if k != "hand"}
        for card in {c for q, h in enumerate(data["hands"]) if q != seat for c in h} - set(data["hands"][seat]):
            assert card not in str(hidden.get("drawn")), "another seat's drawn card is theirs alone"
    assert state.observation(None)["hand"] is None and state.observation(None)["drawn"] is None
