"""Zoker Tiko: one scenario test per rule of the rulebook's Tiko section (and its Rank order example)."""

from __future__ import annotations

from typing import Any

import pytest

import zdeck
from zdeck import IllegalAction, Rng
from zdeck.decks.zoker.cards import DECK, Card
from zdeck.decks.zoker.tiko.actions import Play
from zdeck.decks.zoker.tiko.bots import CheapWinnerBot
from zdeck.decks.zoker.tiko.state import TikoState
from zdeck.sim import play as sim_play

C = Card.parse


def play(text: str) -> Play:
    return Play(C(text))


def make(players: int = 3, hands: list[list[str]] | None = None, pile: list[tuple[int, str]] = (),
         deck: list[str] | None = None, leader: int = 0, won_to: int | None = None, **options: Any) -> TikoState:
    """A hand-made state in the first game, as play reaches it: `leader` leads the trick in `pile` (seat, card,
    in play order; `make` lays them by the rules), every hand is what is left of this deal.

    The cards not named were won in earlier tricks: the tricks of this deal so far and, when `deck` is given,
    of every earlier deal. They all went to `won_to` (default: the leader), except the last one, which the
    leader took (the winner of a trick leads the next)."""
    game = zdeck.make("zoker-tiko", players=players, **options)
    hands = [list(h) for h in hands or [[] for _ in range(players)]]
    named = {c for h in hands for c in h} | {c for _, c in pile} | set(deck or [])
    rest = [str(c) for c in DECK if str(c) not in named]
    if deck is None:  # only this deal's earlier tricks were taken
        base = max(len(h) for h in hands) + (1 if pile else 0)
        taken = (4 - base) * players
        rest, deck = rest[:taken], rest[taken:]
    tricks = [rest[k:k + players] for k in range(0, len(rest), players)]
    won: list[list[str]] = [[] for _ in range(players)]
    for trick in tricks[:-1]:
        won[leader if won_to is None else won_to] += trick
    last_trick = [[(leader + 1 + k) % players, card] for k, card in enumerate(tricks[-1])] if tricks else []
    if tricks:
        won[leader] += tricks[-1]
    # Hands of the players who laid a card in `pile` get it back, so that `make` can lay the trick by the rules.
    for who, card in pile:
        hands[who].append(card)
    data = {
        **game.describe(), "version": len(rest), "rng": 7, "hands": hands, "deck": deck, "pile": [],
        "turn": leader, "leader": leader, "won": won, "last_trick": last_trick,
        "last": last_trick[-1] if last_trick else None, "round": 1, "totals": [0] * players, "history": [],
        "over": False,
    }
    state = game.state_from_dict(data)
    assert isinstance(state, TikoState)
    for who, card in pile:
        state.apply(who, play(card))
    return state


def pile_of(state: TikoState) -> list[str]:
    return [entry["card"] for entry in state.observation(None)["pile"]]


def won_by(state: TikoState, seat: int) -> list[str]:
    return state.observation(None)["won"][seat]


def last_trick(state: TikoState) -> list[tuple[int, str]]:
    return [(entry["seat"], entry["card"]) for entry in state.observation(None)["last_trick"]]


def trick_winner(state: TikoState) -> int:
    return last_trick(state)[-1][0]


def hand_sizes(state: TikoState) -> list[int]:
    return state.observation(None)["hand_sizes"]


def test_set_up_deals_four_cards_each_and_the_player_left_of_the_dealer_leads() -> None:
    for players in range(2, 6):
        state = zdeck.make("zoker-tiko", players=players).new_state(3)
        assert hand_sizes(state) == [4] * players
        assert len(state.deck) == 64 - 4 * players
        assert state.actors() == (0,)


def test_a_stronger_card_goes_on_top_of_the_former_card() -> None:
    state = make(hands=[["blue S1"], ["blue S2"], ["red XL4"]])
    state.apply(0, play("blue S1"))
    state.apply(1, play("blue S2"))
    assert pile_of(state) == ["blue S1", "blue S2"]


def test_a_weaker_card_goes_under_the_former_card() -> None:
    state = make(hands=[["green S1"], ["blue M1"], ["red XL4"]])
    state.apply(0, play("green S1"))
    state.apply(1, play("blue M1"))  # colour beats size: blue M1 is weaker
    assert pile_of(state) == ["blue M1", "green S1"]


def test_players_play_one_at_a_time_clockwise_from_the_leader() -> None:
    state = make(hands=[["blue S1"], ["blue S2"], ["blue S3"]], leader=2)
    assert state.actors() == (2,)
    with pytest.raises(IllegalAction, match="player 2's turn"):
        state.apply(0, play("blue S1"))
    state.apply(2, play("blue S3"))
    assert state.actors() == (0,)


def test_a_card_not_in_hand_is_refused() -> None:
    state = make(hands=[["blue S1"], ["blue S2"], ["blue S3"]])
    with pytest.raises(IllegalAction, match="does not hold red XL4"):
        state.apply(0, play("red XL4"))


def test_the_highest_card_wins_the_trick_takes_all_cards_and_leads_next() -> None:
    state = make(hands=[["green S1", "blue S1"], ["red S1", "blue S2"], ["blue M1", "blue S3"]])
    state.apply(0, play("green S1"))
    state.apply(1, play("red S1"))  # on top
    state.apply(2, play("blue M1"))  # under
    assert won_by(state, 1) == ["green S1", "blue M1", "red S1"]  # directly under the top card
    assert state.pile == [] and trick_winner(state) == 1
    assert state.actors() == (1,) and state.leader == 1


def test_rank_order_cycle_in_a_trick_default_reading_compares_with_the_top_card() -> None:
    # orange S1 > green L1 > green M2 > orange S1: with "top" the top card is always the trick's highest.
    state = make(hands=[["orange S1"], ["green L1"], ["green M2"]])
    state.apply(0, play("orange S1"))
    state.apply(1, play("green L1"))  # weaker than orange S1: under it
    state.apply(2, play("green M2"))  # compared with the top, orange S1, and stronger: on top
    assert last_trick(state) == [(1, "green L1"), (0, "orange S1"), (2, "green M2")]


def test_rank_order_cycle_in_a_trick_previous_reading_compares_with_the_card_played_before() -> None:
    state = make(hands=[["orange S1"], ["green L1"], ["green M2"]], compare="previous")
    state.apply(0, play("orange S1"))
    state.apply(1, play("green L1"))  # under orange S1
    state.apply(2, play("green M2"))  # compared with green L1, which beats it: under green L1
    assert last_trick(state) == [(2, "green M2"), (1, "green L1"), (0, "orange S1")]


def test_previous_reading_lays_a_stronger_card_directly_on_a_buried_card() -> None:
    state = make(players=4, hands=[["orange S1"], ["green L1"], ["red XL4"], ["blue S1"]], compare="previous")
    state.apply(0, play("orange S1"))
    state.apply(1, play("green L1"))  # under
    state.apply(2, play("red XL4"))  # stronger than green L1: directly on it, still under orange S1
    assert pile_of(state) == ["green L1", "red XL4", "orange S1"]
    assert state.observation(3)["compared"] == 1


def test_new_cards_are_dealt_when_all_hands_are_played_out() -> None:
    state = make(players=2, hands=[["blue S1"], ["blue S2"]])
    deck_before = len(state.deck)
    state.apply(0, play("blue S1"))
    state.apply(1, play("blue S2"))
    assert hand_sizes(state) == [4, 4]
    assert len(state.deck) == deck_before - 8
    assert state.actors() == (1,)  # the trick's winner starts the next one


def test_the_game_ends_when_the_deck_cannot_deal_a_full_round() -> None:
    # 3 players: 4 cards left cannot give everyone four, so they stay in the deck.
    deck = ["red XL1", "red XL2", "red XL3", "red XL4"]
    state = make(hands=[["blue S1"], ["blue S2"], ["blue S3"]], deck=deck, won_to=0)
    for p, card in enumerate(["blue S1", "blue S2", "blue S3"]):
        state.apply(p, play(card))
    assert state.is_over() and state.actors() == ()
    assert state.to_dict()["deck"] == deck
    assert state.scores() == [64 - 4 - 3, 0, 3]  # blue S3 went on top of blue S2
    assert state.winners() == [0]


def test_even_last_deal_option_deals_the_rest_evenly() -> None:
    deck = ["red XL1", "red XL2", "red XL3", "red XL4"]
    state = make(hands=[["blue S1"], ["blue S2"], ["blue S3"]], deck=deck, last_deal="even")
    for p, card in enumerate(["blue S1", "blue S2", "blue S3"]):
        state.apply(p, play(card))
    assert not state.is_over()
    assert hand_sizes(state) == [1, 1, 1] and len(state.deck) == 1


def test_most_cards_wins_and_ties_share_the_win() -> None:
    state = make(players=2, hands=[["blue S1"], ["blue S2"]], deck=[], won_to=0)
    state.won[1], state.won[0] = state.won[0][:30], state.won[0][30:]  # 30 and 32 cards won so far
    state.apply(0, play("blue S1"))
    state.apply(1, play("blue S2"))  # player 1 takes the last trick: 32 each
    assert state.is_over()
    assert state.scores() == [32, 32]
    assert state.winners() == [0, 1]


def test_full_game_counts_every_dealt_card() -> None:
    for players in range(2, 6):
        game = zdeck.make("zoker-tiko", players=players)
        final, _ = sim_play(game, [zdeck.RandomBot() for _ in range(players)], seed=5)
        dealt = (64 // (4 * players)) * 4 * players
        assert sum(final.scores()) == dealt
        assert len(final.deck) == 64 - dealt


def test_several_games_in_a_row_sum_the_cards_won() -> None:
    game = zdeck.make("zoker-tiko", players=4, rounds=3)
    final, _ = sim_play(game, [zdeck.RandomBot() for _ in range(4)], seed=2)
    assert final.round() == 3 and len(final.round_scores()) == 3
    assert final.scores() == [sum(r[p] for r in final.round_scores()) for p in range(4)]
    assert all(sum(r) == 64 for r in final.round_scores())


def test_five_players_leave_the_last_four_cards_in_the_deck_under_both_last_deal_readings() -> None:
    # 3 full deals of 20 use 60 cards; 4 cards cannot give five players even one card each.
    for last_deal in ("full", "even"):
        game = zdeck.make("zoker-tiko", players=5, last_deal=last_deal)
        final, _ = sim_play(game, [zdeck.RandomBot() for _ in range(5)], seed=9)
        assert len(final.deck) == 4 and sum(final.scores()) == 60


def test_several_games_can_be_played_for_the_number_of_games_won() -> None:
    # "The players can ... compete for the number of cards or the number of games won."
    state = make(players=2, hands=[["blue S1"], ["blue S2"]], deck=[], won_to=0, rounds=2, match="games")
    state.apply(0, play("blue S1"))
    state.apply(1, play("blue S2"))  # game 1: player 0 has 62 cards, player 1 has 2
    assert state.round() == 2 and state.round_scores() == [[62, 2]] and state.scores() == [1, 0]
    game = zdeck.make("zoker-tiko", players=3, rounds=4, match="games")
    final, _ = sim_play(game, [zdeck.RandomBot() for _ in range(3)], seed=4)
    best = [[int(r[p] == max(r)) for p in range(3)] for r in final.round_scores()]
    assert final.scores() == [sum(b[p] for b in best) for p in range(3)]
    assert final.winners() == [p for p in range(3) if final.scores()[p] == max(final.scores())]


def test_the_next_game_is_led_by_the_next_player() -> None:
    state = make(players=2, hands=[["blue S1"], ["blue S2"]], deck=[], won_to=1, rounds=2)
    state.apply(0, play("blue S1"))
    state.apply(1, play("blue S2"))
    assert state.round() == 2 and state.actors() == (1,)
    assert hand_sizes(state) == [4, 4] and state.round_scores()[0] == [2, 62]


def hidden_texts(state: TikoState, seat: int | None) -> list[str]:
    """The cards `seat` cannot see: the other hands and the undealt deck."""
    data = state.to_dict()
    return [c for p, hand in enumerate(data["hands"]) if p != seat for c in hand] + data["deck"]


def test_observation_shows_own_hand_and_the_trick_but_no_other_hand() -> None:
    state = zdeck.make("zoker-tiko", players=4).new_state(11)
    state.apply(0, state.legal_actions(0)[0])
    for seat in range(4):
        obs = state.observation(seat)
        assert obs["hand"] == state.to_dict()["hands"][seat]
        text = repr(obs)
        assert not any(f"'{c}'" in text for c in hidden_texts(state, seat))
    assert state.observation(None)["hand"] is None
    assert len(state.observation(None)["pile"]) == 1


def test_observations_never_show_another_hand_or_the_deck_during_a_whole_game() -> None:
    game = zdeck.make("zoker-tiko", players=3, compare="previous")
    state = game.new_state(21)
    rng = Rng(21)
    while not state.is_over():
        for seat in (0, 1, 2, None):
            text = repr(state.observation(seat))
            assert not any(f"'{c}'" in text for c in hidden_texts(state, seat))
        player = state.actors()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))


def test_malformed_dicts_are_refused_with_a_reason() -> None:
    state = make(hands=[["blue S1"], ["blue S2"], ["blue S3"]])
    data = state.to_dict()
    with pytest.raises(ValueError, match="64 cards"):
        state.game.state_from_dict({**data, "deck": data["deck"][1:]})
    with pytest.raises(ValueError, match="Zoker card"):
        state.game.state_from_dict({**data, "deck": ["purple S1", *data["deck"][1:]]})
    with pytest.raises(ValueError, match="turn"):
        state.game.state_from_dict({**data, "turn": 2})
    with pytest.raises(ValueError):
        state.game.state_from_dict({k: v for k, v in data.items() if k != "won"})


def test_options_are_validated() -> None:
    with pytest.raises(ValueError):
        zdeck.make("zoker-tiko", players=3, compare="strongest")
    with pytest.raises(ValueError):
        zdeck.make("zoker-tiko", players=3, rounds=0)
    with pytest.raises(ValueError):
        zdeck.make("zoker-tiko", players=3, match="tricks")
    with pytest.raises(ValueError):
        zdeck.make("zoker-tiko", players=6)


def test_cheap_winner_bot_takes_the_trick_with_its_weakest_winning_card() -> None:
    state = make(hands=[["green M2", "blue L1", "blue L2", "blue L3"], ["red XL4", "orange M2", "blue S1", "orange S1"],
                        ["blue S2", "blue S3", "blue S4", "blue M1"]])
    state.apply(0, play("green M2"))
    bot = CheapWinnerBot()
    choice = bot.act(state.observation(1), state.legal_actions(1), Rng(1))
    assert choice == play("orange M2") or choice == play("orange S1")
    assert choice != play("red XL4")


def test_cheap_winner_bot_throws_its_weakest_card_when_it_cannot_win() -> None:
    state = make(hands=[["red XL4", "blue L1"], ["blue S1", "green M2"], ["blue S2", "blue S3"]])
    state.apply(0, play("red XL4"))
    assert CheapWinnerBot().act(state.observation(1), state.legal_actions(1), Rng(1)) == play("blue S1")


def test_cheap_winner_bot_beats_random_bots() -> None:
    game = zdeck.make("zoker-tiko", players=2)
    wins = 0
    for seed in range(40):
        final, _ = sim_play(game, [CheapWinnerBot(), zdeck.RandomBot()], seed, keep_record=False)
        wins += final.scores()[0] > final.scores()[1]
    assert wins >= 24
