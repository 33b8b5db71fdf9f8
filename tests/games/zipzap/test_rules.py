"""Zip Zap's rulebook (/work/shared/rules/zip-zap.txt, docs/rules/zipzap.md), one test per rule,
named after it; the rulebook's own examples are tests. Most scenarios are hand-made moments of a
round (`table`), the rest real deals."""

from __future__ import annotations

from typing import Any

import pytest

import zdeck
from zdeck import IllegalAction, Outcome, Rng
from zdeck.decks.zipzap.actions import ZAP_ACTION as ZAP
from zdeck.decks.zipzap.actions import Play
from zdeck.decks.zipzap.cards import BY_TEXT, SUITS, ZAP_BIT, followers, mask_of
from zdeck.decks.zipzap.state import LEAD, RACE, ZipZapState


def table(hands: list[list[str]], pile: list[tuple[int | None, str]], *, deck: list[str] | None = None,
          zaps: list[bool] | None = None, leader: int | None = None, round_no: int = 1,
          totals: list[int] | None = None, **options: Any) -> ZipZapState:
    """A hand-made moment of a round: these hands (each with its Zap unless `zaps` says not), this
    pile (bottom first, seat None for a card turned up) and deck, all five suits in play. The phase
    is what the rules make of the top card, or the lead of `leader`. Hands this short are no deal's:
    the state is set directly, not read from a dict (which would refuse it)."""
    n = len(hands)
    state = ZipZapState(zdeck.make("zipzap", players=n, **options), Rng(7))  # type: ignore[arg-type]
    state.suits_in_play = tuple(range(len(SUITS)))
    zaps = zaps or [True] * n
    state.hands = [mask_of(BY_TEXT[c].index for c in hand) | (ZAP_BIT if z else 0) for hand, z in zip(hands, zaps)]
    state.deck = [BY_TEXT[c].index for c in deck or []]
    for who, text in pile:
        state.put(who, BY_TEXT[text].index if text != "zap" else len(BY_TEXT))
    state.round_no, state.dealer = round_no, (round_no - 1) % n
    state.totals, state.history = totals or [0] * n, [[0] * n for _ in range(round_no - 1)]
    if leader is not None:
        state.phase, state.leader = LEAD, leader
    else:
        state.phase, state.leader = (RACE, None) if state.anyone_can_follow() else (LEAD, state.last)
    return state


def play(text: str) -> Play:
    return Play(BY_TEXT[text])


def deals(players: int, seeds: range = range(40)) -> list[ZipZapState]:
    game = zdeck.make("zipzap", players=players)
    return [game.new_state(seed) for seed in seeds]  # type: ignore[misc]


# -- Setup ---------------------------------------------------------------------------------------------


def test_setup_give_each_player_one_zap_card() -> None:
    obs = zdeck.make("zipzap", players=6).new_state(1).observation(2)
    assert obs["has_zap"] == [True] * 6 and obs["hand"].count("zap") == 1 and obs["hand"][-1] == "zap"


@pytest.mark.parametrize(("players", "suits"), [(2, 3), (3, 4), (4, 5), (5, 5), (6, 5)])
def test_setup_two_players_remove_two_solid_suits_three_players_one(players: int, suits: int) -> None:
    for state in deals(players, range(5)):
        in_play = state.observation(None)["suits_in_play"]
        assert len(in_play) == suits and in_play[-1] == "wild"
        dealt = [c for hand in state.to_dict()["hands"] for c in hand] + state.to_dict()["deck"]
        dealt += [c for _, c in state.to_dict()["pile"]]
        assert len(dealt) == 10 * suits and {c.split()[0] for c in dealt} == set(in_play)


def test_setup_any_solid_suits_may_be_removed() -> None:
    chosen = {tuple(s.observation(None)["suits_in_play"]) for s in deals(2, range(60))}
    assert len(chosen) == 6  # every pair of the four solid suits


@pytest.mark.parametrize(("players", "cards"), [(2, 12), (3, 12), (4, 12), (5, 9), (6, 8)])
def test_setup_deal_12_cards_to_2_4_players_9_to_5_and_8_to_6(players: int, cards: int) -> None:
    state = zdeck.make("zipzap", players=players).new_state(3)
    assert [len(hand) for hand in state.to_dict()["hands"]] == [cards] * players
    assert state.observation(0)["hand_sizes"] == [cards + 1] * players  # and the Zap


def test_setup_leftover_cards_are_a_facedown_deck() -> None:
    state = zdeck.make("zipzap", players=3).new_state(3)
    obs = state.observation(0)
    assert obs["draw_size"] == 40 - 3 * 12 - len(obs["pile"]) and obs["draw_size"] == len(state.to_dict()["deck"])


# -- Game play -----------------------------------------------------------------------------------------


def test_a_round_starts_by_turning_over_the_top_card_of_the_deck() -> None:
    for state in deals(4, range(10)):
        obs = state.observation(None)
        assert obs["pile"][0]["seat"] is None and obs["top"] == obs["pile"][-1]["card"] and obs["last"] is None


def test_cards_are_discarded_without_taking_turns() -> None:
    state = table([["red 4"], ["wild 4"], ["yellow 4", "red 5"]], [(None, "red 3")])
    assert state.actors() == (0, 1) and state.observation(None)["turn"] is None


def test_on_a_solid_card_the_next_number_of_its_colour_or_the_wild_one() -> None:
    """Rulebook: "if the top card is a red 3, then whoever has either the red 4 or the wild 4 can play"."""
    state = table([["red 4"], ["wild 4"], ["yellow 4", "red 5", "wild 3"]], [(None, "red 3")])
    assert state.legal_actions(0) == [play("red 4")] and state.legal_actions(1) == [play("wild 4")]
    assert state.legal_actions(2) == []


def test_on_a_wild_card_the_next_number_in_any_colour() -> None:
    """Rulebook: "if the top card is a wild 7, then whoever has an 8 in any color can play" (the wild 8
    too: the rulebook calls wild cards "wild colored" cards)."""
    state = table([["red 8"], ["blue 8"], ["wild 8", "red 7"], ["green 9"]], [(None, "wild 7")])
    assert state.actors() == (0, 1, 2)


def test_stop_event_1_whoever_plays_a_10_goes_again_with_any_card() -> None:
    state = table([["red 10", "blue 2", "green 7"], ["wild 10", "red 1"]], [(None, "red 9")])
    state.apply(0, play("red 10"))
    assert state.actors() == (0,) and state.observation(0)["phase"] == "lead" and state.observation(0)["turn"] == 0
    assert set(state.legal_actions(0)) == {play("blue 2"), play("green 7"), ZAP}


def test_stop_event_2_no_one_can_play_because_it_was_played_then_its_player_goes_again() -> None:
    state = table([["red 5", "blue 2"], ["green 9"]], [(None, "red 3"), (1, "wild 4")], zaps=[True, True])
    state.apply(0, play("red 5"))  # red 6 and wild 6 are in nobody's hand: played before, say
    assert state.actors() == (0,) and state.observation(None)["turn"] == 0
    assert play("blue 2") in state.legal_actions(0)


def test_stop_event_2_no_one_can_play_because_it_is_out_of_the_game() -> None:
    state = table([["red 5", "blue 2"], ["green 9"]], [(None, "red 4")], deck=["red 6", "wild 6"])
    state.apply(0, play("red 5"))  # the followers lie face down in the deck
    assert state.actors() == (0,)


def test_stop_event_3_whoever_plays_their_zap_continues_with_any_card() -> None:
    state = table([["red 5", "blue 2", "green 8"], ["red 6"]], [(None, "red 4")])
    state.apply(0, play("red 5"))
    assert state.apply(0, ZAP) is Outcome.APPLIED
    assert state.actors() == (0,) and set(state.legal_actions(0)) == {play("blue 2"), play("green 8")}
    assert state.observation(1)["top"] == "zap"


def test_zap_only_if_you_played_the_last_number_card() -> None:
    state = table([["red 5", "blue 2"], ["red 6", "wild 9"]], [(None, "red 4")])
    assert ZAP not in state.legal_actions(0) + state.legal_actions(1)  # the turned card is nobody's
    with pytest.raises(IllegalAction, match="only straight after"):
        state.apply(1, ZAP)
    state.apply(0, play("red 5"))
    assert ZAP in state.legal_actions(0) and ZAP not in state.legal_actions(1)
    assert state.actors() == (0, 1)


def test_zap_right_after_your_number_card_a_card_down_first_sends_it_back() -> None:
    state = table([["red 5", "blue 2"], ["red 6", "wild 9"]], [(None, "red 4")])
    state.apply(0, play("red 5"))
    seen = state.version
    state.apply(1, play("red 6"), seen=seen)
    before = state.to_dict()
    assert state.apply(0, ZAP, seen=seen) is Outcome.BOUNCED
    assert state.to_dict() == before and state.observation(0)["has_zap"][0] is True
    assert ZAP not in state.legal_actions(0)


def test_zap_once_per_round() -> None:
    state = table([["red 5", "blue 2", "green 8"], ["red 6"]], [(None, "red 4")])
    state.apply(0, play("red 5"))
    state.apply(0, ZAP)
    state.apply(0, play("blue 2"))
    assert ZAP not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="already played their Zap"):
        state.apply(0, ZAP)


def test_a_player_who_goes_again_may_zap_before_leading() -> None:  # Clarifications: they played the top card
    state = table([["red 10", "blue 2"], ["green 3"]], [(None, "red 9")])
    state.apply(0, play("red 10"))
    assert ZAP in state.legal_actions(0)
    state.apply(0, ZAP)
    assert state.actors() == (0,) and state.legal_actions(0) == [play("blue 2")]


def test_only_the_first_card_down_stays() -> None:
    state = table([["red 4", "blue 9"], ["wild 4", "green 2"], ["yellow 3"]], [(None, "red 3")])
    seen = state.version
    assert state.apply(1, play("wild 4"), seen=seen) is Outcome.APPLIED
    before = state.to_dict()
    assert state.apply(0, play("red 4"), seen=seen) is Outcome.BOUNCED
    assert state.to_dict() == before and "red 4" in state.observation(0)["hand"]


def test_cards_in_sequence_are_discarded_one_at_a_time() -> None:
    state = table([["red 5", "red 6", "red 7", "blue 1"], ["green 1", "wild 6"]], [(None, "red 4")])
    assert state.legal_actions(0) == [play("red 5")]  # one card, not the run
    state.apply(0, play("red 5"))
    assert state.actors() == (0, 1)  # between two cards of a run, another player may cut in
    state.apply(0, play("red 6"))
    state.apply(0, play("red 7"))
    assert state.observation(None)["top"] == "red 7"


def test_no_one_can_play_on_the_first_card_turned_then_the_next_is_turned() -> None:
    for players in (2, 4):
        for state in deals(players, range(300)):
            pile = state.observation(None)["pile"]
            if len(pile) > 1:
                assert all(entry["seat"] is None for entry in pile)
                held = {c for hand in state.to_dict()["hands"] for c in hand}
                assert not any(f.text in held for f in followers(BY_TEXT[pile[-2]["card"]]))  # the one below: stuck
                assert state.actors()
                break
        else:
            pytest.fail(f"no stuck first card in 300 deals of {players}")


# -- Ending a round and scoring ------------------------------------------------------------------------


def test_a_round_ends_when_a_player_plays_their_last_card_the_zap_included() -> None:
    state = table([["red 5"], ["red 9", "wild 2"], ["blue 1"]], [(None, "red 4")], deck=["green 3"], round_no=3,
                  rounds=3)
    state.apply(0, play("red 5"))
    assert not state.is_over()  # the Zap is still in hand
    state.apply(0, ZAP)
    assert state.is_over() and state.round_scores() == [[0, 0, 0], [0, 0, 0], [0, 1 + 3 + 5, 1 + 5]]


def test_others_score_solid_1_wild_3_zap_5() -> None:
    state = table([["red 5"], ["red 9", "wild 2", "wild 3"], ["blue 1"]], [(None, "red 4")], zaps=[False, True, False],
                  round_no=2, rounds=2, totals=[4, 0, 7])
    state.apply(0, play("red 5"))
    assert state.round_scores()[-1] == [0, 1 + 3 + 3 + 5, 1] and state.scores() == [4, 12, 8]


def test_then_gather_all_cards_shuffle_and_deal_another_round_with_a_zap_each() -> None:
    state = table([["red 5"], ["red 9"]], [(None, "red 4")], zaps=[False, False], deck=["green 3"])
    state.apply(0, play("red 5"))
    obs = state.observation(None)
    assert state.round() == 2 and obs["has_zap"] == [True, True] and obs["hand_sizes"] == [12 + 1] * 2
    assert obs["draw_size"] + len(obs["pile"]) == 50 - 2 * 12 and obs["dealer"] == 1


# -- End of the game -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 6), (4, 4), (5, 5), (6, 6)])
def test_rounds_equal_the_players_two_per_player_with_2_or_3(players: int, rounds: int) -> None:
    state = zdeck.make("zipzap", players=players).new_state(0)
    assert state.observation(None)["rounds"] == rounds


def test_the_lowest_score_at_the_end_of_the_final_round_wins() -> None:
    state = table([["red 5"], ["red 9", "wild 2"], ["blue 1"]], [(None, "red 4")], zaps=[False, True, False],
                  round_no=2, rounds=2, totals=[9, 0, 7])
    assert state.winners() == []
    state.apply(0, play("red 5"))
    assert state.scores() == [9, 9, 8] and state.winners() == [2]
    assert zdeck.make("zipzap", players=3).score_order == "lower"


def test_a_tie_for_the_lowest_score_shares_the_win() -> None:  # Clarifications
    state = table([["red 5"], ["red 9", "wild 2"], ["blue 1"]], [(None, "red 4")], zaps=[False, True, False],
                  round_no=2, rounds=2, totals=[9, 0, 8])
    state.apply(0, play("red 5"))
    assert state.scores() == [9, 9, 9] and state.winners() == [0, 1, 2]


def test_alternate_one_point_to_whoever_goes_out_first_and_the_most_points_win() -> None:
    state = table([["red 5"], ["red 9", "wild 2"]], [(None, "red 4")], zaps=[False, True], scoring="wins", rounds=1)
    state.apply(0, play("red 5"))
    assert state.scores() == [1, 0] and state.winners() == [0]
    assert zdeck.make("zipzap", players=2, scoring="wins").score_order == "higher"


# -- Clarifications (docs/rules/zipzap.md) -------------------------------------------------------------


def test_everyone_holding_back_in_a_race_lets_the_player_of_the_top_card_go_again() -> None:
    state = table([["red 5", "blue 2"], ["red 6", "wild 9"]], [(None, "red 4")])
    state.apply(0, play("red 5"))
    state.timeout()
    assert state.actors() == (0,) and play("blue 2") in state.legal_actions(0)


def test_everyone_holding_back_on_a_card_turned_up_turns_the_next() -> None:
    state = table([["red 5", "blue 2"], ["green 4", "wild 9"]], [(None, "red 4")], deck=["yellow 1", "green 3"])
    state.timeout()
    assert state.observation(None)["top"] == "green 3" and state.actors() == (1,)


def test_every_card_turned_and_stuck_the_player_after_the_dealer_leads() -> None:
    state = table([["red 5", "blue 2"], ["green 4", "wild 9"]], [(None, "red 4")], deck=["yellow 10"])
    state.timeout()  # yellow 10 is turned: nothing follows a 10, and the deck is empty
    assert state.observation(None)["top"] == "yellow 10" and state.actors() == (1,) and state.leader == 1


def test_waiting_is_not_possible_when_a_player_must_go_on() -> None:
    state = table([["red 10", "blue 2"], ["green 3"]], [(None, "red 9")])
    state.apply(0, play("red 10"))
    with pytest.raises(IllegalAction, match="must continue"):
        state.timeout()


def test_the_dealer_moves_one_seat_each_round() -> None:
    state = table([["red 5"], ["red 9"], ["blue 1"]], [(None, "red 4")], zaps=[False, True, True])
    assert state.observation(None)["dealer"] == 0
    state.apply(0, play("red 5"))
    assert state.round() == 2 and state.observation(None)["dealer"] == 1


def test_an_illegal_play_is_refused_with_its_reason_and_changes_nothing() -> None:
    state = table([["red 5", "blue 2"], ["red 6"]], [(None, "red 4")])
    before = state.to_dict()
    for player, action, reason in [(0, play("blue 2"), "does not follow red 4: only red 5 or wild 5"),
                                   (1, play("blue 2"), "does not hold blue 2"),
                                   (1, ZAP, "only straight after"),
                                   (0, "play red 5", "not a Zip Zap action")]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(player, action)
        assert state.to_dict() == before
