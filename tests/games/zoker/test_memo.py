"""Zoker Memo: one scenario per rule of the rulebook's Memo section, hidden information, memory bots."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck
from zdeck.core import IllegalAction
from zdeck.decks.zoker.cards import DECK
from zdeck.decks.zoker.memo.actions import Turn
from zdeck.decks.zoker.memo.bots import MemoryBot, forgetful, goldfish, perfect
from zdeck.decks.zoker.memo.state import MemoState
from zdeck.rng import Rng
from zdeck.sim import play


def memo(
    table: list[str | None],
    players: int = 2,
    deck: list[str] | None = None,
    rest: str | int = "deck",
    turn: int = 0,
    won: list[list[str]] | None = None,
    **options: Any,
) -> MemoState:
    """A hand-made position. `deck` names the draw pile's top cards, top first; every card
    not named goes under them (rest="deck") or into seat `rest`'s collected cards.

    Built field by field: such positions show one rule at work, but their bookkeeping (60 cards
    earned by a seat before any turn, say) is often one no play reaches, which state_from_dict refuses.
    """
    game = zdeck.make("zoker-memo", players=players, deal=max(2, len(table)), **options)
    named = [c for c in table if c is not None] + (deck or []) + [c for w in won or [] for c in w]
    others = [str(c) for c in DECK if str(c) not in named]
    earned = [list(w) for w in won] if won else [[] for _ in range(players)]
    if rest != "deck":
        earned[int(rest)] += others
        others = []
    state = MemoState(game, Rng(11))  # type: ignore[arg-type]
    state.table = [-1 if c is None else _idx(c) for c in table]
    state.seen_at = [-1] * len(table)
    state.deck = [_idx(c) for c in others + (deck or [])[::-1]]
    state.won = [[_idx(c) for c in w] for w in earned]
    state.turn = turn
    state._settle()
    return state


def test_setup_sixteen_cards_face_down_and_the_player_left_of_the_dealer_starts() -> None:
    state = zdeck.make("zoker-memo", players=3).new_state(4)
    obs = state.observation(0)
    assert obs["table"] == ["down"] * 16 and obs["seen"] == [None] * 16
    assert obs["draw_size"] == 48 and obs["turn"] == 0 and state.actors() == (0,)


def test_turning_the_first_card_shows_it_to_everyone_without_moving_it() -> None:
    state = memo(["blue S1", "red XL4", "blue S2", "green M3"])
    state.apply(0, Turn(1))
    for seat in (None, 0, 1):
        obs = state.observation(seat)
        assert obs["table"] == ["down", "red XL4", "down", "down"] and obs["face_up"] == 2
    assert Turn(1) not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="already face up"):
        state.apply(0, Turn(1))


@pytest.mark.parametrize(
    "a, b", [("blue S1", "blue S2"), ("blue S1", "blue XL1"), ("blue S1", "red S1")],
    ids=["colour and size", "colour and shape", "size and shape"],
)
def test_a_pair_shares_two_values_the_player_earns_it_and_goes_on(a: str, b: str) -> None:
    state = memo([a, "red XL4", b, "green M3", "orange L2", "orange L3"])
    state.apply(0, Turn(0))
    state.apply(0, Turn(2))
    obs = state.observation(1)
    assert obs["collected"][0] == [a, b] and obs["scores"] == [2.0, 0.0]
    assert obs["table"][0] is None and obs["table"][2] is None
    assert state.actors() == (0,)  # the same player continues
    assert obs["last_turn"] == {"seat": 0, "places": [1, 3], "cards": [a, b], "taken": True}


@pytest.mark.parametrize("b", ["blue M2", "green M2"], ids=["one value in common", "none in common"])
def test_cards_that_are_not_a_pair_are_turned_back_and_the_next_player_goes(b: str) -> None:
    state = memo(["blue S1", "red XL4", b, "red XL3"])
    state.apply(0, Turn(0))
    state.apply(0, Turn(2))
    obs = state.observation(1)
    assert obs["table"] == ["down"] * 4 and obs["collected"] == [[], []]
    assert state.actors() == (1,)
    assert obs["last_turn"]["taken"] is False and obs["last_turn"]["cards"] == ["blue S1", b]
    # The two cards were seen by everyone: they are on the public record now.
    assert obs["seen"][0][0] == "blue S1" and obs["seen"][2][0] == b and obs["seen"][1] is None


def test_after_pair_pass_sends_the_next_player_on_even_after_a_pair() -> None:
    """Variant `after_pair=pass` (the other reading of "After this the next player takes the turn")."""
    state = memo(["blue S1", "red XL4", "blue S2", "green M3", "orange L2", "orange L3"], after_pair="pass")
    state.apply(0, Turn(0))
    state.apply(0, Turn(2))
    assert state.scores() == [2.0, 0.0] and state.actors() == (1,)
    again = memo(["blue S1", "red XL4", "blue S2", "green M3", "orange L2", "orange L3"])
    again.apply(0, Turn(0))
    again.apply(0, Turn(2))
    assert again.actors() == (0,) and zdeck.make("zoker-memo").options["after_pair"] == "again"


def test_the_easier_variant_accepts_one_common_value() -> None:
    state = memo(["blue S1", "red XL4", "blue M2", "green M3"], pair_rule="one")
    state.apply(0, Turn(0))
    state.apply(0, Turn(2))
    assert state.scores() == [2.0, 0.0] and state.actors() == (0,)
    state.apply(0, Turn(1))
    state.apply(0, Turn(3))  # red XL4 and green M3 share nothing
    assert state.scores() == [2.0, 0.0] and state.actors() == (1,)


def test_when_no_pair_is_left_the_empty_places_are_refilled_face_down() -> None:
    # One pair on the table; once it is taken no pair is left, so two new cards are dealt.
    state = memo(["blue S1", "red XL4", "blue S2", "green M3"], deck=["orange L1", "orange L2"])
    state.apply(0, Turn(0))
    state.apply(0, Turn(2))
    obs = state.observation(0)
    assert obs["table"] == ["down"] * 4 and obs["seen"] == [None] * 4  # the new cards are unseen
    assert [state.table[0], state.table[2]] == [_idx("orange L1"), _idx("orange L2")]
    assert obs["draw_size"] == 64 - 6
    assert state.actors() == (0,)  # the player who has the turn goes on
    assert not state.is_over()


def _idx(text: str) -> int:
    return next(c.index for c in DECK if str(c) == text)


def test_the_game_ends_when_all_cards_are_dealt_and_no_pair_is_left() -> None:
    state = memo(["blue S1", "red XL4", "blue S2", "green M3"], rest=1)
    assert not state.is_over()
    state.apply(0, Turn(0))
    state.apply(0, Turn(2))
    assert state.is_over() and state.actors() == ()
    obs = state.observation(None)
    assert obs["table"] == [None, "down", None, "down"]  # odd cards stay on the table, unseen
    assert state.scores() == [2.0, 60.0] and state.winners() == [1]


def test_equal_counts_share_the_win() -> None:
    state = memo(["blue S1", "red XL4", "blue S2", "green M3"], players=1, rest=0)
    state.apply(0, Turn(1))
    state.apply(0, Turn(3))
    assert state.actors() == (0,)  # alone, the player simply turns again
    state = memo(["blue S1", "blue S2", "red XL4", "red XL3"], players=2, rest="deck")
    for slot in (0, 1):
        state.apply(0, Turn(slot))
    for slot in (2, 3):
        state.apply(0, Turn(slot))
    assert state.scores() == [4.0, 0.0]


def test_a_tie_at_the_end_names_every_tied_player() -> None:
    others = [str(c) for c in DECK if str(c) not in ("blue S1", "blue S2", "red XL4", "green M3")]
    state = memo(["blue S1", "red XL4", "blue S2", "green M3"], won=[others[:29], others[29:]])
    state.apply(0, Turn(0))
    state.apply(0, Turn(2))
    assert state.scores() == [31.0, 31.0] and state.winners() == [0, 1]


def test_deal_option_puts_n_cards_on_the_table_even_all_64() -> None:
    for size in (6, 64):
        state = zdeck.make("zoker-memo", players=2, deal=size).new_state(2)
        obs = state.observation(0)
        assert len(obs["table"]) == size and obs["draw_size"] == 64 - size


def test_stuck_table_with_cards_in_the_deck_gets_one_more_card_or_ends() -> None:
    # After the pair is taken the refill (green M3, orange L2) leaves no pair and no empty place.
    for stuck in ("extend", "end"):
        state = memo(["blue S1", "blue S2", "red XL4"], deck=["green M3", "orange L2", "red XL3"], stuck=stuck)
        state.apply(0, Turn(0))
        state.apply(0, Turn(1))
        obs = state.observation(0)
        if stuck == "extend":  # red XL3 is dealt to a new place beside the table: a pair again
            assert not state.is_over() and obs["table"] == ["down"] * 4 and obs["draw_size"] == 64 - 6
        else:
            assert state.is_over() and obs["table"] == ["down"] * 3 and obs["draw_size"] == 64 - 5


def test_illegal_turns_say_why() -> None:
    state = memo(["blue S1", "red XL4", "blue S2", "green M3"], deck=["orange L1", "orange L2"])
    with pytest.raises(IllegalAction, match="player 0's turn"):
        state.apply(1, Turn(0))
    with pytest.raises(IllegalAction, match="only 4 places"):
        state.apply(0, Turn(9))
    state.apply(0, Turn(0))
    state.apply(0, Turn(1))  # not a pair: turned back
    state.apply(1, Turn(0))
    state.apply(1, Turn(2))  # blue S1 + blue S2: taken, then refilled
    assert state.table[0] != -1
    state = memo(["blue S1", "red XL4", "blue S2", "green M3", "red L4", "red L3"])
    state.apply(0, Turn(0))
    state.apply(0, Turn(2))
    with pytest.raises(IllegalAction, match="empty"):
        state.apply(0, Turn(0))


def test_malformed_dicts_are_refused() -> None:
    game = zdeck.make("zoker-memo", players=2)
    data = game.new_state(1).to_dict()
    broken = {**data, "up": 99}
    with pytest.raises(ValueError, match="up"):
        game.state_from_dict(broken)
    broken = {**data, "deck": data["deck"][1:]}
    with pytest.raises(ValueError, match="exactly once"):
        game.state_from_dict(broken)
    with pytest.raises(ValueError, match="seat"):
        game.state_from_dict({**data, "turn": 5})


# -- hidden information ------------------------------------------------------------------------


def _texts(obs: dict[str, Any]) -> set[str]:
    """Every card code written anywhere in an observation."""
    codes = {str(c) for c in DECK}
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str) and value in codes:
            found.add(value)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    walk(obs)
    return found


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(1, 5),
    rule=st.sampled_from(["two", "one"]),
    deal=st.sampled_from([4, 16, 40]),
)
def test_no_observation_ever_names_a_card_that_has_not_been_face_up(seed: int, players: int, rule: str,
                                                                     deal: int) -> None:
    game = zdeck.make("zoker-memo", players=players, pair_rule=rule, deal=deal)
    state = game.new_state(seed)
    rng = Rng(seed)
    shown: set[str] = set()
    for _ in range(300):
        for seat in [None, *range(players)]:
            obs = state.observation(seat)
            assert _texts(obs) <= shown, "an observation named a card nobody has seen face up"
            face_down = {str(DECK[c]) for s, c in enumerate(state.table) if c != -1 and s != state.up}
            never_seen = {str(DECK[c]) for s, c in enumerate(state.table) if c != -1 and state.seen_at[s] < 0}
            assert not (never_seen & _texts(obs))
            assert all(v in ("down", None) or v not in face_down for v in obs["table"])
        if state.is_over():
            break
        player = state.actors()[0]
        action = rng.choice(state.legal_actions(player))
        shown.add(str(DECK[state.table[action.slot]]))  # type: ignore[attr-defined]
        state.apply(player, action)


def test_a_resample_redeals_only_the_unseen_cards() -> None:
    state = memo(["blue S1", "red XL4", "blue S2", "green M3", "orange L1", "orange M3"])
    state.apply(0, Turn(1))
    state.apply(0, Turn(3))  # red XL4, green M3: seen, turned back
    changed = False
    for seed in range(20):
        twin = state.resample_hidden(1, Rng(seed))
        assert twin.table[1] == state.table[1] and twin.table[3] == state.table[3]
        assert twin.observation(1) == state.observation(1)
        changed |= twin.table != state.table or twin.deck != state.deck
    assert changed


def test_a_resample_refills_with_other_cards_than_the_real_game() -> None:
    """A search that plays a determinised copy past the next refill must not see the true new cards."""
    real = memo(["blue S1", "red XL4", "blue S2", "green M3"], deck=["orange L1", "orange L2"])
    for seat, places in ((0, (0, 1)), (1, (2, 3))):  # two misses: every card on the table has been seen
        for place in places:
            real.apply(seat, Turn(place))
    copies = [real.resample_hidden(0, Rng(seed)) for seed in range(5)]
    assert all(copy.observation(0) == real.observation(0) for copy in copies)
    for state in (real, *copies):  # blue S1 and blue S2 are a pair; none is left: places 1 and 3 are refilled
        state.apply(0, Turn(0))
        state.apply(0, Turn(2))
    assert [real.table[0], real.table[2]] == [_idx("orange L1"), _idx("orange L2")]
    for copy in copies:
        assert [copy.table[0], copy.table[2]] != [real.table[0], real.table[2]]


# -- memory bots ---------------------------------------------------------------------------------


def _obs_after_sightings() -> tuple[dict[str, Any], MemoState]:
    state = memo(["blue S1", "red XL4", "green M3", "blue S2", "orange L1", "orange S4"], players=1)
    for a, b in ((1, 2), (4, 5), (0, 1)):  # three turns, no pair, six sightings of four cards
        state.apply(0, Turn(a))
        state.apply(0, Turn(b))
    return state.observation(0), state


def test_perfect_memory_recalls_every_sighting_and_takes_a_known_pair() -> None:
    obs, state = _obs_after_sightings()
    bot = perfect()
    assert set(bot.remembered(obs, Rng(0))) == {0, 1, 2, 4, 5}
    # blue S1 (place 1) has no known partner; an unknown card is turned first: place 4 (blue S2).
    assert bot.act(obs, state.legal_actions(0), Rng(0)) == Turn(3)
    state.apply(0, Turn(3))
    assert bot.act(state.observation(0), state.legal_actions(0), Rng(0)) == Turn(0)  # its remembered partner


def test_a_forgetful_memory_keeps_only_the_most_recent_sightings() -> None:
    obs, _ = _obs_after_sightings()
    assert set(MemoryBot(capacity=2).remembered(obs, Rng(0))) == {0, 1}
    assert MemoryBot(capacity=0).remembered(obs, Rng(0)) == {}
    fading = [len(MemoryBot(retention=0.5).remembered(obs, Rng(s))) for s in range(200)]
    assert 0 < sum(fading) / len(fading) < 5  # old sightings fade


def test_better_memory_wins_more_often() -> None:
    game = zdeck.make("zoker-memo", players=2)
    wins = {"perfect": 0, "goldfish": 0}
    for seed in range(12):
        for bots in ((perfect(), goldfish()), (goldfish(), perfect())):  # both seatings
            final, _ = play(game, list(bots), seed, keep_record=False)
            for seat in final.winners():
                wins[bots[seat].name] += 1
    assert wins["perfect"] > 2 * wins["goldfish"]
    final, _ = play(game, [forgetful(), forgetful()], 0, keep_record=False)
    assert sum(final.scores()) > 0


def test_a_remembered_pair_is_turned_first() -> None:
    state = memo(["blue S1", "red XL4", "green M3", "blue S2", "orange L1", "orange M3"], players=1)
    for a, b in ((2, 0), (5, 1)):  # green M3 and orange M3 (a pair: size and shape) seen on different turns
        state.apply(0, Turn(a))
        state.apply(0, Turn(b))
    obs = state.observation(0)
    assert perfect().act(obs, state.legal_actions(0), Rng(0)) in (Turn(2), Turn(5))
    short = MemoryBot(capacity=1)  # recalls only red XL4 at place 2: no pair known, so it explores
    assert short.remembered(obs, Rng(0)) == {1: _idx("red XL4")}
    assert {short.act(obs, state.legal_actions(0), Rng(s)) for s in range(30)} == {Turn(s) for s in (0, 2, 3, 4, 5)}


def test_turns_outside_the_table_are_refused_not_crashing() -> None:
    state = zdeck.make("zoker-memo", players=2).new_state(1)
    for action in (Turn(-1), Turn(16), Turn(70), "turn 1"):
        with pytest.raises(IllegalAction):
            state.apply(0, action)  # type: ignore[arg-type]


def test_the_registry_offers_the_memory_bots_strongest_first() -> None:
    names = ["perfect", "last5", "forgetful", "last3", "last2", "goldfish"]  # the order bench/levels.py measured
    assert zdeck.bot_names("zoker-memo") == ["random", *names, "ismcts"]
    assert [zdeck.make_bot("zoker-memo", n).capacity for n in names] == [None, 5, 8, 3, 2, 2]


def test_a_memory_of_the_last_k_cards_recalls_exactly_the_k_most_recent_sightings_every_time() -> None:
    """The levels' memories (docs/bots.md, Levels): `last3` forgets nothing of its three, and nothing older stays."""
    obs, _ = _obs_after_sightings()  # places last seen, most recent first: 2nd, 1st, 6th, 5th, 3rd
    for name, places in (("last2", {0, 1}), ("last3", {0, 1, 5}), ("last5", {0, 1, 2, 4, 5})):
        bot = zdeck.make_bot("zoker-memo", name)
        assert {frozenset(bot.remembered(obs, Rng(seed))) for seed in range(20)} == {frozenset(places)}


def test_a_bad_field_is_named_in_the_refusal() -> None:
    game = zdeck.make("zoker-memo", players=2)
    data = game.new_state(1).to_dict()
    with pytest.raises(ValueError, match=r"seen_at\[3\]"):
        game.state_from_dict({**data, "seen_at": [-1, -1, -1, 5] + [-1] * 12})  # no flip has happened yet
    with pytest.raises(ValueError, match=r"last\[5\]"):
        game.state_from_dict({**data, "last": [0, 1, "red XL4", 2, "blue S1", "yes"]})


@settings(deadline=None)
@given(st.lists(st.integers(min_value=-1, max_value=63), max_size=20), st.sampled_from(["two", "one"]))
def test_a_pair_is_found_alike_in_machine_words_and_big_integers(cards: list[int], rule: str) -> None:
    """A pair shares two values (one, in the easier variant): `has_pair` asks it of the table after every refill
    and of a re-dealt table; compiled it keeps the cards seen in two 32-bit words, interpreted in one integer."""
    from zdeck.decks.zoker.memo import pairs

    expected = any(pairs.matches(a, b, rule) for i, a in enumerate(cards) for b in cards[i + 1:] if -1 not in (a, b))
    assert pairs.has_pair(cards, rule) == expected
    if not pairs._NATIVE:  # (compiled, the module's arithmetic is fixed at build time: the line above asked it)
        pairs._NATIVE = True
        try:
            assert pairs.has_pair(cards, rule) == expected
        finally:
            pairs._NATIVE = False
