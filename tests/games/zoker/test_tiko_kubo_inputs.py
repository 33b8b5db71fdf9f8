"""Tiko and Kubo at the contract's edge: a saved state no play can reach is refused naming its field, hostile
input to the action codec gets a short ValueError, an observation shows nothing its seat cannot see, and a
refused input changes nothing."""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck
from tests.conformance import check_choice_walk
from zdeck import IllegalAction, Rng, State
from zdeck.decks.zoker.kubo.actions import Place

HUGE = (2**64, 10**30, -(10**30))


def walk(game_id: str, seed: int, steps: int, **options: Any) -> State:
    """A state `steps` random actions into a game (fewer if it ends), timeouts now and then in races."""
    state = zdeck.make(game_id, **options).new_state(seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        actors = state.actors()
        if len(actors) > 1 and rng.below(3) == 0:
            state.timeout()
            continue
        player = rng.choice(actors)
        state.apply(player, rng.choice(state.legal_actions(player)))
    return state


def refused(state: State, field: str, change: Callable[[dict[str, Any]], Any]) -> str:
    """Change a copy of the state's dict; reading it must fail with a ValueError naming `field`."""
    data = copy.deepcopy(state.to_dict())
    change(data)
    kept = copy.deepcopy(data)
    with pytest.raises(ValueError, match=field) as caught:
        state.game.state_from_dict(data)
    assert data == kept, "reading a dict must not change it"
    return str(caught.value)


def put(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.__setitem__(key, value)


# -- Tiko: saved states ------------------------------------------------------------------------------


@pytest.fixture
def tiko() -> State:
    return walk("zoker-tiko", 3, 14, players=3, rounds=2)  # mid-trick of the second deal


@pytest.mark.parametrize("value", [*HUGE, -1, "3", 3.0, True, None])
@pytest.mark.parametrize("key", ["version", "round", "turn", "leader"])
def test_tiko_numbers_out_of_range_or_of_the_wrong_type_are_refused_at_once(tiko: State, key: str, value: Any) -> None:
    start = time.process_time()
    refused(tiko, key, put(key, value))
    assert time.process_time() - start < 0.1


@pytest.mark.parametrize("value", [*HUGE, -1, "3"])
def test_tiko_generator_state_out_of_range_is_refused(tiko: State, value: Any) -> None:
    refused(tiko, "rng", put("rng", value))


def test_tiko_version_must_count_the_cards_laid(tiko: State) -> None:
    assert "one per card laid" in refused(tiko, "version", put("version", tiko.version + 1))


def test_tiko_cards_must_each_be_somewhere_once(tiko: State) -> None:
    refused(tiko, "64 cards", lambda d: d["deck"].pop())
    refused(tiko, "hands", lambda d: d["hands"].__setitem__(0, [*d["hands"][0], "purple S1"]))
    refused(tiko, "64 cards", lambda d: d["hands"][1].append(d["hands"][0][0]))
    refused(tiko, "hands", put("hands", "blue S1"))


def test_tiko_hands_and_deck_follow_the_deal(tiko: State) -> None:
    def move_card(d: dict[str, Any]) -> None:  # one hand a card richer, the deck a card poorer
        d["hands"][0].append(d["deck"].pop())
    refused(tiko, "deck|hands", move_card)

    def deal_three(d: dict[str, Any]) -> None:  # three cards out of the deck and into the won cards
        d["won"][0] += [d["deck"].pop() for _ in range(3)]
    refused(tiko, "deck", deal_three)


def test_tiko_the_trick_must_lie_as_the_compare_rule_lays_it() -> None:
    state = walk("zoker-tiko", 5, 2, players=4)
    assert len(state.to_dict()["pile"]) == 2
    refused(state, "pile", lambda d: d["pile"].reverse())  # the second card lies on the wrong side of the first
    refused(state, "pile", lambda d: d["pile"][1].__setitem__(0, (d["pile"][1][0] + 2) % 4))  # laid by the wrong seat
    refused(state, "pile", lambda d: d["pile"].append(d["pile"][0]))  # one seat twice
    refused(state, "pile", put("pile", [["x", "blue S1"]]))


def test_tiko_won_cards_come_in_whole_tricks_and_the_last_trick_is_its_winners(tiko: State) -> None:
    def steal(d: dict[str, Any]) -> None:
        taker = next(p for p, w in enumerate(d["won"]) if w)
        d["won"][(taker + 1) % 3].append(d["won"][taker].pop(0))
    refused(tiko, "won", steal)
    refused(tiko, "last_trick", put("last_trick", []))
    refused(tiko, "last_trick", lambda d: d["last_trick"].reverse())


def test_tiko_last_play_must_be_the_card_just_laid(tiko: State) -> None:
    refused(tiko, "last", put("last", None))
    refused(tiko, "last", put("last", [0, "red XL4"]))
    refused(tiko, "last", put("last", [0, "play red XL4"]))


def test_tiko_match_totals_and_history_must_add_up() -> None:
    state = walk("zoker-tiko", 3, 80, players=3, rounds=2)
    assert state.round() == 2
    refused(state, "totals", lambda d: d["totals"].__setitem__(0, d["totals"][0] + 3))
    refused(state, "history", lambda d: d["history"][0].__setitem__(0, d["history"][0][0] + 3))
    refused(state, "history", put("history", []))
    refused(state, "history", lambda d: d["history"][0].__setitem__(0, 10**30))
    refused(state, "over", put("over", True))


def test_tiko_a_played_out_round_before_the_last_deals_the_next() -> None:
    """`match_over`, the rule that ends the match after its last round, is the check's too: a first round of
    two played out, with the second not dealt, is refused naming the round."""
    final = walk("zoker-tiko", 3, 200, players=3, rounds=1)
    assert final.is_over()
    two = zdeck.make("zoker-tiko", players=3, rounds=2)
    data = {**final.to_dict(), "options": two.describe()["options"], "over": False, "history": [], "totals": [0, 0, 0]}
    with pytest.raises(ValueError, match="round: 1 is played out"):
        two.state_from_dict(data)


def test_tiko_unknown_fields_are_refused(tiko: State) -> None:
    refused(tiko, "former", put("former", 0))


# -- Kubo: saved states ------------------------------------------------------------------------------


@pytest.fixture
def kubo() -> State:
    return walk("zoker-kubo", 2, 30, players=3, scoring="claim", rounds=2)


@pytest.mark.parametrize("value", [*HUGE, -1, "3", 3.0, False])
@pytest.mark.parametrize("key", ["version", "round", "turn", "laid", "passes", "rng"])
def test_kubo_numbers_out_of_range_or_of_the_wrong_type_are_refused_at_once(kubo: State, key: str, value: Any) -> None:
    start = time.process_time()
    refused(kubo, key, put(key, value))
    assert time.process_time() - start < 0.1


@pytest.mark.parametrize("key", ["points", "totals"])
def test_kubo_per_seat_numbers_out_of_range_are_refused(kubo: State, key: str) -> None:
    for value in HUGE:
        refused(kubo, key, lambda d, v=value: d[key].__setitem__(0, v))


def test_kubo_may_draw_is_not_a_field_it_follows_from_the_turn(kubo: State) -> None:
    """The issue: `may_draw=true` with a card already laid offered a draw after laying. Whether a player may
    draw now follows from the turn (several cards laid last turn, none yet this turn, fewer than five held):
    a saved state no longer carries it, and one that does is refused, naming it."""
    assert "may_draw" in refused(kubo, "may_draw", put("may_draw", True))
    state = zdeck.make("zoker-kubo", players=2).new_state(1)
    state.several[0] = True  # hand-made: player 0 laid several cards in their last turn, and holds four
    spare = state.hands[0].bit_length() - 1
    state.hands[0] &= ~(1 << spare)
    state.hands[1] |= 1 << spare
    assert "draw" in map(str, state.legal_actions(0))
    state.apply(0, next(a for a in state.legal_actions(0) if isinstance(a, Place)))
    again = state.game.state_from_dict(state.to_dict())
    assert "draw" not in map(str, again.legal_actions(0)), "no draw after laying"


def test_kubo_the_table_must_be_built_as_the_rules_lay_cards(kubo: State) -> None:
    refused(kubo, "corners", lambda d: d["table"].remove("blue S1") or d["draw_pile"].append("blue S1"))

    def floating(d: dict[str, Any]) -> None:  # a red card with nothing under it or beside it
        card = next(c for c in ("red L2", "red M3", "red L3", "red M2") if c not in d["table"])
        for where in (d["draw_pile"], *d["hands"]):
            if card in where:
                where.remove(card)
        d["table"].append(card)
    refused(kubo, "table", floating)


def test_kubo_lines_must_be_complete_and_scored_once() -> None:
    state = walk("zoker-kubo", 4, 400, players=2)  # auto scoring: every line completed is scored
    assert state.to_dict()["scored"]
    refused(state, "scored", lambda d: d["scored"].pop())
    refused(state, "scored", lambda d: d["scored"].append(d["scored"][0]))
    refused(state, "scored", put("scored", [[0, "blue S1/blue S2/blue S3/blue S4/red XL4"]]))
    refused(state, "points", lambda d: d["points"].__setitem__(0, d["points"][0] + 1))
    refused(state, "pending", lambda d: d["pending"].append(d["scored"][0][1]))


def test_kubo_turn_fields_must_agree(kubo: State) -> None:
    refused(kubo, "laid", put("laid", 60))
    refused(kubo, "closing", put("closing", True))
    refused(kubo, "passes", put("passes", 1))  # the draw pile still has cards
    refused(kubo, "phase", put("phase", "shout") if not kubo.to_dict()["pending"] else put("phase", "over"))
    refused(kubo, "last", put("last", [0, "fly away"]))
    refused(kubo, "last", put("last", None))


def test_kubo_match_totals_and_history_must_add_up(kubo: State) -> None:
    refused(kubo, "totals", lambda d: d["totals"].__setitem__(0, d["totals"][0] + 1))
    refused(kubo, "history", put("history", [[0, 0, 0], [0, 0, 0]]))


def test_kubo_draw_pile_cannot_hold_more_than_a_deal_leaves() -> None:
    state = zdeck.make("zoker-kubo", players=2).new_state(3)

    def hand_to_pile(d: dict[str, Any]) -> None:
        d["draw_pile"].append(d["hands"][1].pop())
    refused(state, "draw_pile", hand_to_pile)


# -- the action codec on hostile input --------------------------------------------------------------

hostile = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=2**63), st.floats(allow_nan=True),
    st.binary(max_size=50), st.text(max_size=200), st.lists(st.integers(), max_size=5),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3), st.tuples(st.integers(), st.text(max_size=5)),
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["zoker-tiko", "zoker-kubo"]), hostile)
def test_the_action_codec_answers_anything_with_a_short_value_error(game_id: str, value: Any) -> None:
    game = zdeck.make(game_id)
    for read in (game.parse_action, game.action_from_id):
        try:
            action = read(value)
        except ValueError as exc:
            assert 0 < len(str(exc)) < 300
        else:
            assert game.action_id(action) >= 0


@pytest.mark.parametrize("game_id", ["zoker-tiko", "zoker-kubo"])
def test_a_huge_text_is_refused_without_an_echo(game_id: str) -> None:
    game = zdeck.make(game_id)
    with pytest.raises(ValueError) as caught:
        game.parse_action("place " + "red XL4 " * 1_000_000)
    assert len(str(caught.value)) < 300


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["zoker-tiko", "zoker-kubo"]), st.integers(0, 500), st.integers(0, 60), hostile)
def test_a_refused_submission_leaves_the_state_as_it_was(game_id: str, seed: int, steps: int, value: Any) -> None:
    state = walk(game_id, seed, steps)
    before = state.to_dict()
    for player in (*range(state.game.players), -1, 99, value):
        try:
            state.apply(player, value)
        except IllegalAction as exc:
            assert str(exc)
        assert state.to_dict() == before


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["zoker-tiko", "zoker-kubo"]), st.integers(0, 10_000),
       st.lists(st.integers(0, 1000), min_size=5, max_size=120))
def test_any_walk_keeps_every_state_readable(game_id: str, seed: int, choices: list[int]) -> None:
    check_choice_walk(zdeck.make(game_id, players=2 + seed % 4), seed, choices)


# -- hidden information -------------------------------------------------------------------------------


def hidden(state: State, seat: int | None) -> set[str]:
    """The card texts `seat` cannot see: the other hands and the face-down pile or deck."""
    data = state.to_dict()
    face_down = data.get("deck", data.get("draw_pile"))
    return {c for p, hand in enumerate(data["hands"]) if p != seat for c in hand} | set(face_down)


def texts_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set().union(*map(texts_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(texts_in, value)) if value else set()
    return {value} if isinstance(value, str) else set()


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["zoker-tiko", "zoker-kubo"]), st.integers(0, 10_000), st.integers(2, 5))
def test_an_observation_never_shows_a_card_its_seat_cannot_see(game_id: str, seed: int, players: int) -> None:
    options = {"scoring": "claim"} if game_id == "zoker-kubo" and seed % 2 else {}
    state = zdeck.make(game_id, players=players, **options).new_state(seed)
    rng = Rng(seed)
    while not state.is_over():
        for seat in (None, *range(players)):
            shown = texts_in(state.observation(seat))
            assert not shown & hidden(state, seat), f"seat {seat} sees a hidden card"
        actors = state.actors()
        if len(actors) > 1 and rng.below(2):
            state.timeout()
            continue
        player = rng.choice(actors)
        state.apply(player, rng.choice(state.legal_actions(player)))
