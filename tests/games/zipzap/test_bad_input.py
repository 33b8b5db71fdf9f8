"""Bad input to Zip Zap gets a ValueError (IllegalAction is one) that says what was wrong, quoting the
input shortened, and loses nothing: the state is as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck
from tests.games.zipzap.test_conformance import states_along
from zdeck import IllegalAction

GAME = zdeck.make("zipzap", players=3)
ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=2**63), st.floats(), st.binary(), st.text(),
    st.text(min_size=200, max_size=2000), st.lists(st.integers(), max_size=200),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=5), st.tuples(st.integers(), st.text()),
)


@settings(max_examples=300, deadline=None)
@given(ANYTHING)
def test_parse_action_answers_any_input_with_a_short_value_error(value: Any) -> None:
    if isinstance(value, str) and value.strip().lower() in {str(a) for a in GAME.action_table()}:
        return
    with pytest.raises(ValueError, match="cannot read") as refused:
        GAME.parse_action(value)
    assert len(str(refused.value)) < 200


@settings(max_examples=300, deadline=None)
@given(ANYTHING)
def test_action_from_id_answers_any_input_with_a_value_error(value: Any) -> None:
    if type(value) is int and 0 <= value < GAME.num_distinct_actions():
        return
    with pytest.raises(ValueError, match="action id"):
        GAME.action_from_id(value)


def test_action_from_id_quotes_a_long_input_shortened() -> None:
    with pytest.raises(ValueError) as refused:
        GAME.action_from_id("x" * 10**6)
    assert len(str(refused.value)) < 200


def test_a_number_too_long_to_print_is_still_a_value_error() -> None:
    for call in (GAME.parse_action, GAME.action_from_id):
        with pytest.raises(ValueError):
            call(10**5000)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 40), st.integers(0, 1000), ANYTHING, st.one_of(st.none(), st.integers(-3, 5), ANYTHING))
def test_any_submission_is_applied_or_refused_with_the_state_unchanged(step: int, seed: int, action: Any,
                                                                      seat: Any) -> None:
    state = _state_at(seed % 20, step)
    before = state.to_dict()
    for submitted in (action, GAME.action_from_id(seed % GAME.num_distinct_actions())):
        for seen in (None, state.version - 1, state.version + 1, -1, "0", 10**30):
            try:
                state.clone().apply(seat, submitted, seen=seen)
            except IllegalAction as exc:
                assert str(exc)
                if seat in range(3) and seen is None:
                    assert len(str(exc)) < 300  # the game's own message (core quotes a bad seat, `seen` or late action whole)
            assert state.to_dict() == before


def _state_at(seed: int, step: int) -> Any:
    state = None
    for k, state in enumerate(states_along(GAME, seed)):
        if k == step:
            break
    return state.clone()


def test_waiting_when_a_player_must_go_on_is_refused_with_the_state_unchanged() -> None:
    for state in states_along(GAME, 3):
        if state.observation(None)["phase"] == "lead":
            before = state.to_dict()
            with pytest.raises(IllegalAction, match="must continue the round"):
                state.timeout()
            assert state.to_dict() == before
            return
    pytest.fail("no lead in this game")


def test_a_late_card_its_player_does_not_hold_is_refused_with_the_state_unchanged() -> None:
    for state in states_along(GAME, 5):
        hand = state.observation(0)["hand"]
        missing = next(a for a in GAME.action_table() if str(a).removeprefix("play ") not in hand)
        if state.version:
            before = state.to_dict()
            with pytest.raises(IllegalAction, match="does not hold"):
                state.apply(0, missing, seen=state.version - 1)
            assert state.to_dict() == before


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(json.loads(json.dumps(GAME.new_state(4).to_dict())))), ANYTHING)
def test_any_value_in_any_field_of_a_state_dict_is_read_back_or_refused(field: str, value: Any) -> None:
    data = GAME.new_state(4).to_dict()
    data[field] = value
    try:
        state = GAME.state_from_dict(data)
    except ValueError as exc:
        assert str(exc)
    else:
        assert state.to_dict() == data


def test_a_long_value_in_a_state_dict_is_quoted_shortened() -> None:
    data = GAME.new_state(4).to_dict()
    with pytest.raises(ValueError) as refused:
        GAME.state_from_dict({**data, "dealer": "x" * 10**6})
    assert len(str(refused.value)) < 1000
