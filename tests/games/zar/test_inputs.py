"""Bad input to ZAR - state dicts no play can reach, out-of-range numbers, anything as an action - is refused
with a ValueError that names what was wrong, at once, and changes nothing."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.zar.helpers import game, scenario
from zdeck import RandomBot
from zdeck.core import State
from zdeck.decks.zar.game import ZarGame
from zdeck.sim import play

HUGE = (2**64, 10**30)


def refused(g: ZarGame, data: dict[str, Any], field: str) -> None:
    start = time.process_time()
    with pytest.raises(ValueError, match=field):
        g.state_from_dict(data)
    assert time.process_time() - start < 0.5, f"{field}: refusing took too long"


@pytest.mark.parametrize("huge", HUGE)
def test_a_huge_count_in_a_hand_is_refused_at_once(huge: int) -> None:
    """The issue: a count of 2**64 in `hands` made state_from_dict run for ever."""
    g = game(4)
    data = g.new_state(1).to_dict()
    hands = [list(h) for h in data["hands"]]
    hands[2][5] = huge
    refused(g, {**data, "hands": hands}, r"hands\[2\]")


@pytest.mark.parametrize("huge", HUGE)
@pytest.mark.parametrize(
    "field", ["version", "count", "run", "stack", "declared", "turn", "drawn", "idle", "dealer", "hand_no",
              "hand_winner", "rng"],
)
def test_out_of_range_numbers_are_refused_at_once(field: str, huge: int) -> None:
    g = game(4, half_decks=3, chameleons=2)
    data = g.new_state(3).to_dict()
    refused(g, {**data, field: huge}, field)
    refused(g, {**data, field: -huge}, field)


@pytest.mark.parametrize("field", ["totals", "penalties", "history"])
def test_out_of_range_numbers_in_per_seat_lists_are_refused_at_once(field: str) -> None:
    g = game(3)
    data = g.new_state(3).to_dict()
    row = [10**30, 0, 0]
    refused(g, {**data, field: [row] if field == "history" else row}, field)


def unreachable_edits(g: ZarGame) -> list[tuple[str, dict[str, Any]]]:
    """(field named by the refusal, an edit of a fresh state no play reaches)."""
    data = g.new_state(3).to_dict()
    return [
        ("hand_no", {"hand_no": 3}),  # the third hand, with no hand finished
        ("totals", {"totals": [5, 0, 0, 0]}),  # points with no finished hand
        ("hand_winner", {"history": [[1, 2, 3, 4]], "totals": [1, 2, 3, 4], "hand_no": 2}),  # nobody won that hand
        ("dealer", {"dealer": 2}),  # seat 0 deals first
        ("penalties", {"penalties": [1, 0, 0, 0]}),  # auto calls never penalise
        ("idle", {"idle": 1}),  # idle turns with a full Drawpile
        ("drawn", {"drawn": 4}),  # a drawn card outside the drawn phase
        ("stack", {"stack": 3}),  # a pending draw with no Wasp on top (and odd)
        ("last", {"last": {"seat": (data["owner"] + 1) % 4, "action": "Blue Sun"}, "call": [False, False, 1]}),
        ("call", {"last": {"seat": 1, "action": "draw"}, "call": [True, False, 1]}),  # a call with no play
        ("phase", {"phase": "over", "turn": -1, "matchable": False}),  # over before any hand ends
        ("version", {"version": 2**53 + 1}),
    ]


@pytest.mark.parametrize("index", range(12))
def test_states_no_play_reaches_are_refused(index: int) -> None:
    g = game(4, hands=None, target=100)
    data = g.new_state(3).to_dict()
    field, edit = unreachable_edits(g)[index]
    refused(g, {**data, **edit}, field)


def test_a_pending_draw_is_what_the_wasps_on_top_add() -> None:
    """The Wasp rule, read by `reachable.check` from the table the plays use (two per Wasp): a pending draw
    smaller than the Wasp group on top, or odd, or on no Wasp, is refused."""
    g = game(3, half_decks=3)
    wasps = scenario(g, {1: ["Red Moon"]}, ["Blue Wasp", "Blue Wasp"], owner=0, count=2, stack=4)
    data = wasps.to_dict()
    assert g.state_from_dict({**data, "stack": 6}).stack == 6  # Wasps played on Wasps before this group
    for stack in (2, 5):
        refused(g, {**data, "stack": stack}, "stack")
    moons = scenario(g, {1: ["Red Moon"]}, ["Blue Moon"], owner=0).to_dict()
    refused(g, {**moons, "stack": 2}, "stack")


def test_a_full_circle_of_idle_turns_ends_the_hand() -> None:
    """`blocked`, the rule that ends a hand nobody can play in, refuses a hand that goes on after it; a game
    that it ended keeps its count."""
    g = game(3, hands=1)
    data = g.new_state(1).to_dict()
    refused(g, {**data, "idle": 3}, "idle")
    final, _ = play_to_the_end(g, 1)
    blocked = final.to_dict()  # as a blocked last hand leaves it: nothing left to draw, three idle turns
    hands = [list(h) for h in blocked["hands"]]
    for card in blocked["drawpile"] + blocked["pile"][:-1]:
        hands[0][card] += 1
    blocked.update(hands=hands, drawpile=[], pile=blocked["pile"][-1:], pile_as=blocked["pile_as"][-1:], idle=3)
    assert g.state_from_dict(blocked).idle == 3


def test_a_penalty_count_beyond_the_calls_made_is_refused() -> None:
    g = game(3, calls="strict")
    s = scenario(g, {1: ["Blue Moon", "Red Star"]}, ["Blue Sun"], owner=0, matchable=False)
    data = s.to_dict()
    assert g.state_from_dict({**data, "penalties": [0, 5, 0]}).penalties == [0, 5, 0]
    refused(g, {**data, "penalties": [0, data["version"] + 1, 0]}, "penalties")


def play_to_the_end(g: ZarGame, seed: int) -> tuple[State, object]:
    return play(g, [RandomBot() for _ in range(g.players)], seed)


ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=2**63), st.floats(allow_nan=True), st.binary(),
    st.text(), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.tuples(st.integers()),
)
GAMES = [game(3), game(3, calls="strict", chameleons=1), game(4, calls="rulebook", half_decks=3)]


@settings(max_examples=150, deadline=None)
@given(value=ANYTHING)
def test_the_action_codec_answers_anything_with_a_value_error(value: Any) -> None:
    for g in GAMES:
        for read in (g.parse_action, g.action_from_id, g.action_id):
            try:
                action = read(value)
            except ValueError as exc:
                assert 0 < len(str(exc)) < 300, "the error says what was wrong, with the input shortened"
            else:
                assert read is g.action_from_id or g.action_id(action) >= 0


HOSTILE = ["x" * 10**6, 10**5000, b"draw", bytearray(b"pass"), -1, 1.0, [0], None]


@pytest.mark.parametrize("value", HOSTILE, ids=[type(v).__name__ for v in HOSTILE])
def test_hostile_action_input_gets_a_short_value_error(value: Any) -> None:
    for g in GAMES:
        for read in (g.parse_action, g.action_from_id):
            with pytest.raises(ValueError) as caught:
                read(value)
            assert len(str(caught.value)) < 300


def test_a_refused_action_changes_nothing() -> None:
    g = game(3, calls="strict")
    s = g.new_state(4)
    data = s.to_dict()
    for value in (b"draw", None, 10**30, "MATCH: 9 Blue Sun"):
        with pytest.raises(ValueError):
            s.apply(s.actors()[0], g.parse_action(value))
        assert s.to_dict() == data
