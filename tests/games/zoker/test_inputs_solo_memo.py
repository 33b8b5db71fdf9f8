"""Zoker Solo and Memo against bad input: action texts and ids, foreign action values, saved states no
play can reach. Every refusal is a ValueError (IllegalAction is one) that says what was wrong, quotes the
input cut short, and leaves the state as it was."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck
from zdeck.core import Game, IllegalAction, State
from zdeck.decks.zoker.cards import Card
from zdeck.decks.zoker.memo.actions import Turn
from zdeck.decks.zoker.solo.actions import Deal, MoveCard, MovePile
from zdeck.decks.zoker.solo.moves import COMPAT, EMPTY
from zdeck.rng import Rng

GAMES = {"zoker-solo": zdeck.make("zoker-solo"), "zoker-memo": zdeck.make("zoker-memo", players=3)}
HUGE = [2**64, 10**30, -(2**64)]

anything = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from(HUGE), st.floats(allow_nan=True), st.binary(max_size=40),
    st.text(max_size=40), st.lists(st.integers(), max_size=4), st.dictionaries(st.text(max_size=4), st.integers()),
    st.just("x" * 1_000_000), st.just("turn 1" + " " * 10_000 + "x"),
)


def played(game: Game, moves: int, seed: int = 4) -> State:
    """A state some random moves into a game."""
    state = game.new_state(seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over():
            break
        player = state.actors()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    return state


@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")  # (the long texts' reprs)
@settings(max_examples=60, deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), value=anything)
def test_any_action_text_or_id_is_read_or_refused_with_a_reason(game_id: str, value: Any) -> None:
    game = GAMES[game_id]
    for read in (game.parse_action, game.action_from_id):
        try:
            action = read(value)
        except ValueError as exc:
            assert str(exc), "a refusal says why"
            if read == game.parse_action:
                assert len(str(exc)) < 300, "the input is quoted cut short"
        else:
            assert game.action_id(action) in range(game.num_distinct_actions())


def test_a_long_bad_action_id_is_quoted_cut_short() -> None:
    for game in GAMES.values():
        with pytest.raises(ValueError) as refused:
            game.action_from_id("x" * 1_000_000)  # type: ignore[arg-type]
        assert len(str(refused.value)) < 300


foreign_fields = st.one_of(st.booleans(), st.floats(), st.sampled_from([-1, 99, *HUGE]), st.text(max_size=3),
                           st.none(), st.just("y" * 100_000))


@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
@settings(max_examples=60, deadline=None)
@given(action=st.one_of(st.builds(MoveCard, foreign_fields, foreign_fields),
                        st.builds(MovePile, foreign_fields, foreign_fields),
                        st.builds(Turn, foreign_fields), anything))
def test_an_action_value_not_of_the_table_is_refused_and_changes_nothing(action: Any) -> None:
    for game in GAMES.values():
        state = played(game, 3)
        before = state.to_dict()
        with pytest.raises(IllegalAction) as refused:
            state.apply(state.actors()[0], action)
        assert len(str(refused.value)) < 300
        assert state.to_dict() == before


def test_a_bool_never_passes_for_a_place_number() -> None:
    """True == 1 in Python: Turn(True) equals Turn(1), but the state must never store a bool as a place."""
    for game, action in ((GAMES["zoker-memo"], Turn(True)), (GAMES["zoker-solo"], MoveCard(True, 0))):
        state = game.new_state(2)
        assert not state.is_legal(state.actors()[0], action)
        with pytest.raises(IllegalAction, match="not a Zoker"):
            state.apply(state.actors()[0], action)


# -- saved states ---------------------------------------------------------------------------


def refused(game: Game, data: dict[str, Any], field: str) -> None:
    with pytest.raises(ValueError, match=field):
        game.state_from_dict(data)


def edited(data: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    twin = copy.deepcopy(data)
    change(twin)
    return twin


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("value", [*HUGE, -1, 1.0, "3", True, None])
def test_numbers_out_of_range_are_refused_at_once(game_id: str, value: Any) -> None:
    game = GAMES[game_id]
    data = played(game, 6).to_dict()
    numbers = ["version", "rng"] + (["flips", "turn", "up"] if game_id == "zoker-memo" else [])
    for key in numbers:
        if key == "up" and value is None:
            continue  # no card up: a legal value
        refused(game, {**data, key: value}, key if key != "rng" else "rng state")


def _swap_pile_and_deck(data: dict[str, Any]) -> None:
    data["piles"][0].append(data["deck"].pop())


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(version=d["version"] + 20), "version"),  # more moves than the table shows
    (lambda d: d.update(version=0), "version"),
    (lambda d: d["deck"].append(d["piles"][1].pop(0)), "deck"),  # 49 in the draw pile: dealt by fours
    (_swap_pile_and_deck, "deck"),  # a draw pile of 47
    (lambda d: d["upper"].append(None), "upper"),
    (lambda d: d.update(piles=d["piles"][:3]), "piles"),
    (lambda d: d["upper"].__setitem__(0, 5), r"upper\[0\]"),
    (lambda d: d["piles"][2].append(d["piles"][2][0]), "exactly once"),
    (lambda d: d.update(last=None), "last"),
    (lambda d: d.update(last="fly away"), "last"),
    (lambda d: d.update(last=["deal"]), "last"),
    (lambda d: d.update(last="pile 1 to pile 2"), "last"),  # pile 1 is not empty
])
def test_solo_states_no_play_can_reach_are_refused(change: Callable[[dict[str, Any]], None], field: str) -> None:
    game = GAMES["zoker-solo"]
    state = played(game, 11, seed=0)
    assert all(state.piles) and isinstance(state.last, MoveCard) and state.deck  # a card moved after a deal
    game.state_from_dict(state.to_dict())  # the untouched dict is fine
    refused(game, edited(state.to_dict(), change), field)


def test_solo_the_last_move_is_one_the_table_before_allowed() -> None:
    """`reachable.check` undoes the last move and asks the rules whether the table before allowed it and
    led here: a card that lies on an incompatible cover, or cards dealt after an empty place, are refused."""
    game = GAMES["zoker-solo"]
    moved = played(game, 1, seed=0)
    assert isinstance(moved.last, MoveCard) and len(moved.piles[moved.last.pile]) >= 2
    data = moved.to_dict()
    pile = data["piles"][moved.last.pile]
    below = Card.parse(pile[-2]).index
    slot, other = next((i, c) for i, c in enumerate(data["upper"]) if c and not COMPAT[below] >> Card.parse(c).index & 1)
    data["upper"][slot], pile[-1] = pile[-1], other  # the card moved down now one its cover does not take
    refused(game, data, "last")
    dealt = played(game, 10, seed=0)
    assert isinstance(dealt.last, Deal) and dealt.upper[0] != EMPTY and EMPTY in dealt.upper
    data = dealt.to_dict()
    gap = data["upper"].index(None)
    data["upper"][0], data["upper"][gap] = None, data["upper"][0]  # a place left empty before the dealt cards
    refused(game, data, "last")


def test_solo_a_fresh_layout_has_no_last_move() -> None:
    game = GAMES["zoker-solo"]
    data = game.new_state(1).to_dict()
    refused(game, {**data, "last": "deal"}, "last")
    refused(game, {**data, "version": 1}, "version")


def _memo_mid_turn() -> dict[str, Any]:
    """Three players, some turns played, a card face up now."""
    state = played(GAMES["zoker-memo"], 9, seed=8)
    assert state.up != -1 and state.last is not None
    return state.to_dict()


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(version=d["version"] - 1), "version"),  # every move turns one card
    (lambda d: d.update(up=None), "up"),  # an odd number of flips: a card is face up
    (lambda d: d["seen_at"].__setitem__(d["up"], -1), r"seen_at"),  # the card up now was the last flip
    (lambda d: d.update(turn=(d["turn"] + 1) % 3), "turn"),
    (lambda d: d["last"].__setitem__(5, not d["last"][5]), "last"),  # taken exactly when a pair
    (lambda d: d["last"].__setitem__(3, d["last"][1]), "last"),  # two different places
    (lambda d: d["won"][0].extend(d["deck"][-1:]) or d["deck"].pop(), r"won\[0\]"),  # cards are won in pairs
    (lambda d: d.update(last=None), "last"),
    (lambda d: d["table"].extend(d["deck"][-1:]) or d["deck"].pop(), "table"),  # deal 16 grows only when stuck
    (lambda d: d["deck"].__setitem__(0, d["deck"][1]), "exactly once"),
])
def test_memo_states_no_play_can_reach_are_refused(change: Callable[[dict[str, Any]], None], field: str) -> None:
    game = zdeck.make("zoker-memo", players=3, stuck="end")
    data = {**_memo_mid_turn(), "options": game.describe()["options"]}
    game.state_from_dict(data)  # the untouched dict is fine
    refused(game, edited(data, change), field)


def test_memo_a_game_before_any_finished_turn_earned_nothing() -> None:
    game = GAMES["zoker-memo"]
    data = game.new_state(5).to_dict()
    refused(game, {**data, "turn": 1}, "last")
    refused(game, {**data, "flips": 2, "version": 2}, "last")


@pytest.mark.parametrize("stuck", ["end", "extend"])
def test_memo_a_table_with_no_pair_is_dealt_to_at_once_or_ends_the_game(stuck: str) -> None:
    """`may_refill`, the rule the turns follow, is the check's too: four cards with only their colour in common
    wait for no turn - under stuck=extend new places are dealt at once, under stuck=end the game is over."""
    game = zdeck.make("zoker-memo", players=2, deal=4, stuck=stuck)
    data = game.new_state(1).to_dict()
    no_pair = ["blue S1", "blue M2", "blue L3", "blue XL4"]
    deck = [c for c in data["deck"] if c not in no_pair] + [c for c in data["table"] if c not in no_pair]
    data = {**data, "table": no_pair, "deck": deck}
    if stuck == "extend":
        refused(game, data, "table")
    else:
        assert game.state_from_dict(data).is_over()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_refused_state_dict_is_not_touched(game_id: str) -> None:
    game = GAMES[game_id]
    data = played(game, 5).to_dict()
    broken = {**data, "version": 10**30}
    snapshot = copy.deepcopy(broken)
    with pytest.raises(ValueError):
        game.state_from_dict(broken)
    assert broken == snapshot
