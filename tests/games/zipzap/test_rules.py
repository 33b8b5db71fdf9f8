"""Zip Zap rulebook scenarios, one test per rule, on hand-made tables."""

from __future__ import annotations

from typing import Any

import pytest

import zdeck
from zdeck import IllegalAction, Outcome
from zdeck.decks.zipzap.actions import ZAP_ACTION as ZAP
from zdeck.decks.zipzap.actions import Play
from zdeck.decks.zipzap.cards import BY_TEXT
from zdeck.decks.zipzap.state import ZipZapState

ALL_SUITS = ["red", "yellow", "green", "blue", "wild"]


def table(hands: list[list[str]], pile: list[Any], *, phase: str = "race", leader: int | None = None,
          last: int | None = None, deck: list[str] | None = None, has_zap: list[bool] | None = None,
          round_no: int = 1, totals: list[int] | None = None, **options: Any) -> ZipZapState:
    n = len(hands)
    game = zdeck.make("zipzap", players=n, **options)
    data = {**game.describe(), "version": 0, "rng": 7, "suits_in_play": ALL_SUITS, "hands": hands,
            "has_zap": has_zap or [True] * n, "deck": deck or [], "pile": pile, "phase": phase, "leader": leader,
            "last": last, "dealer": 0, "round": round_no, "totals": totals or [0] * n, "history": [], "went_out": None}
    return game.state_from_dict(data)  # type: ignore[return-value]


def play(text: str) -> Play:
    return Play(BY_TEXT[text])


@pytest.mark.parametrize(("players", "suits", "deal"), [(2, 3, 12), (3, 4, 12), (4, 5, 12), (5, 5, 9), (6, 5, 8)])
def test_setup_deck_and_deal_by_player_count(players: int, suits: int, deal: int) -> None:
    state = zdeck.make("zipzap", players=players).new_state(3)
    obs = state.observation(0)
    assert len(obs["suits_in_play"]) == suits and "wild" in obs["suits_in_play"]
    assert all(len(h) == deal for h in state.to_dict()["hands"])
    in_play = sum(len(h) for h in state.to_dict()["hands"]) + obs["draw_size"] + len(obs["pile"])
    assert in_play == 10 * suits


def test_setup_removed_solid_suits_are_chosen_by_the_seed() -> None:
    chosen = {tuple(zdeck.make("zipzap", players=2).new_state(s).observation(None)["suits_in_play"]) for s in range(30)}
    assert len(chosen) > 1 and all(len(c) == 3 and c[-1] == "wild" for c in chosen)


def test_setup_each_player_gets_one_zap_card() -> None:
    obs = zdeck.make("zipzap", players=6).new_state(1).observation(2)
    assert obs["has_zap"] == [True] * 6 and obs["hand_sizes"] == [9] * 6


def test_solid_top_takes_next_number_of_its_colour_or_the_wild() -> None:  # rulebook: red 3 -> red 4 or wild 4
    state = table([["red 4"], ["wild 4"], ["yellow 4", "red 5"]], [[None, "red 3"]])
    assert state.actors() == (0, 1)
    assert state.legal_actions(0) == [play("red 4")] and state.legal_actions(1) == [play("wild 4")]
    assert state.legal_actions(2) == []


def test_wild_top_takes_next_number_of_any_colour() -> None:  # rulebook: wild 7 -> any 8
    state = table([["red 8"], ["blue 8"], ["wild 8", "red 7"]], [[None, "wild 7"]])
    assert state.actors() == (0, 1, 2)


def test_stop_event_ten_lets_its_player_go_again_with_any_card() -> None:
    state = table([["red 10", "blue 2", "green 7"], ["wild 1"]], [[None, "red 9"]])
    state.apply(0, play("red 10"))
    assert state.actors() == (0,) and state.observation(0)["phase"] == "lead"
    assert set(state.legal_actions(0)) == {play("blue 2"), play("green 7"), ZAP}


def test_stop_event_no_one_can_play_gives_the_last_player_the_lead() -> None:
    state = table([["red 5", "blue 2"], ["green 9"]], [[None, "red 4"]], deck=["red 6"])
    state.apply(0, play("red 5"))
    assert state.actors() == (0,) and state.observation(None)["turn"] == 0
    assert play("blue 2") in state.legal_actions(0)


def test_zap_only_straight_after_your_own_number_card() -> None:
    state = table([["red 5", "blue 2"], ["red 6", "wild 9"]], [[None, "red 4"]])
    assert ZAP not in state.legal_actions(1)  # the turned card is nobody's
    with pytest.raises(IllegalAction, match="only straight after"):
        state.apply(1, ZAP)
    state.apply(0, play("red 5"))
    assert ZAP in state.legal_actions(0) and ZAP not in state.legal_actions(1)
    assert state.actors() == (0, 1)


def test_zap_continues_the_round_with_any_card_and_only_once_per_round() -> None:
    state = table([["red 5", "blue 2", "green 8"], ["red 6"]], [[None, "red 4"]])
    state.apply(0, play("red 5"))
    assert state.apply(0, ZAP) is Outcome.APPLIED
    assert state.actors() == (0,) and set(state.legal_actions(0)) == {play("blue 2"), play("green 8")}
    state.apply(0, play("blue 2"))
    assert ZAP not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="already played their Zap"):
        state.apply(0, ZAP)


def test_runs_are_played_one_card_at_a_time() -> None:
    state = table([["red 5", "red 6", "red 7", "blue 1"], ["green 1"]], [[None, "red 4"]])
    for card in ("red 5", "red 6", "red 7"):
        assert state.legal_actions(0)[0] == play(card)
        state.apply(0, play(card))
    assert state.observation(None)["top"] == "red 7"


def test_only_the_first_card_down_stays() -> None:
    state = table([["red 4", "blue 9"], ["wild 4", "green 2"], ["yellow 3"]], [[None, "red 3"]])
    seen = state.version
    assert state.apply(1, play("wild 4"), seen=seen) is Outcome.APPLIED
    before = state.to_dict()
    assert state.apply(0, play("red 4"), seen=seen) is Outcome.BOUNCED
    assert state.to_dict() == before and "red 4" in state.observation(0)["hand"]


def test_a_late_zap_goes_back_when_another_card_landed_first() -> None:
    state = table([["red 5", "blue 2"], ["red 6", "wild 9"]], [[None, "red 4"]])
    state.apply(0, play("red 5"))
    seen = state.version
    state.apply(1, play("red 6"), seen=seen)
    assert state.apply(0, ZAP, seen=seen) is Outcome.BOUNCED
    assert state.observation(0)["has_zap"][0] is True


def test_rare_stuck_first_card_turns_over_the_next() -> None:
    game = zdeck.make("zipzap", players=2)
    for seed in range(300):
        state = game.new_state(seed)
        if len(state.observation(None)["pile"]) > 1:
            pile = state.observation(None)["pile"]
            assert all(entry["seat"] is None for entry in pile)
            assert state.actors()
            return
    pytest.fail("no stuck first card in 300 deals")


def test_round_ends_when_a_player_plays_their_zap_as_last_card() -> None:
    state = table([["red 5"], ["red 9", "wild 2"], ["blue 1"]], [[None, "red 4"]], deck=["green 3"],
                  round_no=3, rounds=3)
    state.apply(0, play("red 5"))
    state.apply(0, ZAP)
    assert state.is_over() and state.round_scores() == [[0, 1 + 3 + 5, 1 + 5]]


def test_scoring_solid_one_wild_three_zap_five() -> None:
    state = table([["red 5"], ["red 9", "wild 2", "wild 3"], ["blue 1"]], [[None, "red 4"]],
                  has_zap=[False, True, False], round_no=2, rounds=2, totals=[4, 0, 7])
    state.apply(0, play("red 5"))
    assert state.round_scores() == [[0, 1 + 3 + 3 + 5, 1]] and state.scores() == [4, 12, 8]
    assert state.winners() == [0]


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 6), (4, 4), (5, 5), (6, 6)])
def test_number_of_rounds(players: int, rounds: int) -> None:
    state = zdeck.make("zipzap", players=players).new_state(0)
    assert state.observation(None)["rounds"] == rounds


def test_a_new_round_redeals_everything_and_returns_the_zaps() -> None:
    state = table([["red 5"], ["red 9"]], [[None, "red 4"]], has_zap=[False, False], deck=["green 3"])
    state.apply(0, play("red 5"))
    assert state.round() == 2 and state.observation(None)["has_zap"] == [True, True]
    assert sum(state.observation(None)["hand_sizes"]) == 2 * (12 + 1)


def test_alternate_scoring_one_point_for_going_out_most_wins() -> None:
    state = table([["red 5"], ["red 9", "wild 2"]], [[None, "red 4"]], has_zap=[False, True],
                  scoring="wins", rounds=1)
    state.apply(0, play("red 5"))
    assert state.scores() == [1, 0] and state.winners() == [0]


def test_timeout_when_everyone_waits_is_like_no_one_can_play() -> None:
    state = table([["red 5", "blue 2"], ["red 6", "wild 9"]], [[None, "red 4"]])
    state.apply(0, play("red 5"))
    state.timeout()
    assert state.actors() == (0,)


def test_illegal_play_is_refused_with_reason_and_state_unchanged() -> None:
    state = table([["red 5", "blue 2"], ["red 6"]], [[None, "red 4"]])
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="does not follow red 4"):
        state.apply(0, play("blue 2"))
    with pytest.raises(IllegalAction, match="does not hold"):
        state.apply(1, play("blue 2"))
    assert state.to_dict() == before


def test_observation_shows_own_hand_and_only_counts_of_others() -> None:
    state = zdeck.make("zipzap", players=4).new_state(11)
    hands = state.to_dict()["hands"]
    obs = state.observation(1)
    assert obs["hand"] == [*hands[1], "zap"]
    text = repr(obs)
    pile = {entry["card"] for entry in obs["pile"]}
    for seat in (0, 2, 3):
        assert not any(repr(card) in text for card in hands[seat] if card not in pile)
    assert state.observation(None)["hand"] is None


@pytest.mark.parametrize(("field", "value", "message"), [
    ("hands", [["red 4"]], "one entry per seat"),
    ("deck", ["purple 3"], "not a Zip Zap card"),
    ("phase", "nap", "phase"),
    ("leader", 9, "not a seat"),
    ("round", 0, "round"),
    ("pile", [[None, "red 3", "x"]], "expected 2 entries"),
])
def test_a_malformed_state_dict_is_refused_naming_the_field(field: str, value: Any, message: str) -> None:
    data = table([["red 4"], ["wild 4"]], [[None, "red 3"]]).to_dict()
    with pytest.raises(ValueError, match=message):
        zdeck.make("zipzap", players=2).state_from_dict({**data, field: value})
    broken = dict(data)
    del broken["deck"]
    with pytest.raises(ValueError, match="lacks 'deck'"):
        zdeck.make("zipzap", players=2).state_from_dict(broken)
