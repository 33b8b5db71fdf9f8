"""Hostile input against every game through the kernel contract: whatever arrives - a value of any
type, a huge number, a long text, a state dict with a field swapped for junk - the answer is a
ValueError (IllegalAction is one) that says what was wrong in a bounded message, never another
exception, never a hang, and the state is unchanged."""

from __future__ import annotations

import copy
import json
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zdeck
from zdeck import IllegalAction
from zdeck.sim import play

GAMES = zdeck.games()
MESSAGE_LIMIT = 500  # characters: a 10 MB input must not come back as a 10 MB message

junk = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=2**63), st.just(10**30), st.just(-(2**64)),
    st.floats(allow_nan=True), st.text(max_size=40), st.binary(max_size=20), st.just("x" * 100_000),
    st.lists(st.integers(), max_size=5), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def _refused_briefly(call: Any, *args: Any) -> None:
    # CPU time, not wall time: "at once" means no loop over a huge count, whatever else the machine is doing
    start = time.process_time()
    try:
        call(*args)
    except ValueError as exc:  # IllegalAction included
        assert len(str(exc)) <= MESSAGE_LIMIT, f"message of {len(str(exc))} characters"
        assert str(exc), "an error must say what was wrong"
    assert time.process_time() - start < 2.0, "hostile input must be answered at once"


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=junk)
def test_the_action_codec_answers_any_value_with_a_value_error(game_id: str, value: Any) -> None:
    game = zdeck.make(game_id)
    _refused_briefly(game.parse_action, value)
    _refused_briefly(game.action_from_id, value)
    _refused_briefly(game.action_id, value)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seat=junk, action=junk, seen=junk)
def test_apply_refuses_junk_and_leaves_the_state_unchanged(game_id: str, seat: Any, action: Any, seen: Any) -> None:
    state = zdeck.make(game_id).new_state(3)
    before = state.to_dict()
    try:
        state.apply(seat, action, seen=seen)
    except IllegalAction as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT
    assert state.to_dict() == before


def _states(game_id: str) -> list[dict[str, Any]]:
    """A few real state dicts of this game: the start, the middle and the end of one random game."""
    game = zdeck.make(game_id)
    final, record = play(game, [zdeck.RandomBot() for _ in range(game.players)], 5)
    assert record is not None
    state = game.new_state(5)
    dicts = [state.to_dict()]
    for k, entry in enumerate(record.actions):
        if entry[0] is None:
            state.timeout()
        else:
            state.apply(entry[0], game.parse_action(entry[1]), seen=entry[2] if len(entry) == 3 else None)
        if k == len(record.actions) // 2:
            dicts.append(state.to_dict())
    return [*dicts, final.to_dict()]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, as a path of keys and indices (the header fields excepted)."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            if prefix or key not in ("game", "players", "options"):
                found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:6]):
            found += _paths(item, (*prefix, index))
    return found


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    changed = copy.deepcopy(data)
    target = changed
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return changed


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_state_dict_with_any_field_swapped_for_junk_is_read_or_refused_at_once(game_id: str, data: Any) -> None:
    game = zdeck.make(game_id)
    states = STATES.setdefault(game_id, _states(game_id))
    original = data.draw(st.sampled_from(states))
    path = data.draw(st.sampled_from(_paths(original)))
    value = data.draw(junk.filter(lambda v: not isinstance(v, bytes | float)))  # JSON carries neither here
    broken = json.loads(json.dumps(_replace(original, path, value)))
    start = time.process_time()
    try:
        state = game.state_from_dict(broken)
    except ValueError as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT, f"message of {len(str(exc))} characters"
    else:  # what a reader accepts must be a sound state: it writes itself back the same
        assert game.state_from_dict(state.to_dict()).to_dict() == state.to_dict()
    assert time.process_time() - start < 2.0, f"reading {path} = {str(value)[:40]} took too long"


STATES: dict[str, list[dict[str, Any]]] = {}
