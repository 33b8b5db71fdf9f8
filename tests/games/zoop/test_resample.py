"""Determinisation (`resample_hidden`) and the lazily shuffled draw pile.

A resample re-deals everything its seat cannot see - the other hands and the draw pile - from the cards
that seat cannot see, with the generator it is given: it must owe nothing to the real game's hidden order
or random stream, or a search would peek at the true deal."""

import pytest

import zdeck
from tests.games.zoop.helpers import make_state
from zdeck.botspecs import make_bot
from zdeck.decks.zoop.reachable import check
from zdeck.decks.zoop.specials import discard_mask, discard_wilds
from zdeck.decks.zoop.state import DRAWN, ZoopState
from zdeck.records import replay
from zdeck.rng import Rng
from zdeck.sim import play


def _played(game: zdeck.Game, seed: int, moves: int) -> zdeck.State:
    state, pick = game.new_state(seed), Rng(seed)
    for _ in range(moves):
        moment = state.moves()
        if not moment:
            break
        player, legal = moment[pick.below(len(moment))]
        state.apply(player, legal[pick.below(len(legal))])
    return state


@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_lazily_dealt_state_plays_as_its_settled_copy(players: int) -> None:
    game = zdeck.make("zoop", players=players, calls="strict")
    for seed in range(12):
        lazy = game.new_state(seed)
        assert lazy.unsettled, "a fresh deal leaves most of the draw pile unsettled"
        settled = game.state_from_dict(game.new_state(seed).to_dict())
        assert lazy.clone().resample_hidden(1, Rng(seed)).to_dict() == settled.resample_hidden(1, Rng(seed)).to_dict()
        pick = Rng(seed)
        while moment := lazy.moves():
            assert moment == settled.moves()
            player, legal = moment[pick.below(len(moment))]
            action = legal[pick.below(len(legal))]
            assert lazy.apply(player, action) == settled.apply(player, action)
        assert lazy.to_dict() == settled.to_dict()


def test_a_resample_draws_other_cards_than_the_real_game() -> None:
    # The copy's future draws and tie-break come from the rng given, never from the real deal.
    game = zdeck.make("zoop", players=4)
    for seed in range(10):
        real = _played(game, seed, 8)
        copy = real.resample_hidden(0, Rng(1000 + seed))
        assert copy.to_dict()["draw"] != real.to_dict()["draw"], "the copy would draw the real cards"
        assert copy.rng.state != real.rng.state


def test_a_resample_depends_only_on_what_its_seat_sees() -> None:
    # Two worlds that differ only in what seat 0 cannot see (other hands, the draw pile's order) resample to
    # the very same copy with the same rng: a searcher that knows its rng learns nothing of the real deal.
    game = zdeck.make("zoop", players=4)
    for seed in range(6):
        data = _played(game, seed, 10).to_dict()
        other = dict(data, hands=[h[:] for h in data["hands"]], draw=data["draw"][::-1])
        for q in (1, 2, 3):
            other["hands"][q][0], other["draw"][q] = other["draw"][q], other["hands"][q][0]
        real, twin = game.state_from_dict(data), game.state_from_dict(other)
        assert real.to_dict() != twin.to_dict()
        assert real.resample_hidden(0, Rng(seed)).to_dict() == twin.resample_hidden(0, Rng(seed)).to_dict()


@pytest.mark.parametrize("players", [3, 8])
def test_a_resample_re_deals_every_hidden_card_and_keeps_the_seats_view(players: int) -> None:
    game = zdeck.make("zoop", players=players)
    for seed in range(6):
        real = _played(game, seed, 15)
        seat = real.actors()[0] if real.actors() else 0
        copies = [real.resample_hidden(seat, Rng(k)).to_dict() for k in range(8)]
        for q in range(players):
            if q != seat:
                assert len({tuple(sorted(c["hands"][q])) for c in copies}) > 1, f"seat {q}'s hand was never re-dealt"
        assert all(c["hands"][seat] == real.to_dict()["hands"][seat] for c in copies)


def test_a_resample_counts_its_hands_as_a_rebuild_would() -> None:
    # `masks` and `in_hands` are counted while the hands are dealt: they must be what `_remask` makes of them.
    game = zdeck.make("zoop", players=5)
    for seed in range(8):
        real = _played(game, seed, 12)
        for seat in range(5):
            copy = real.resample_hidden(seat, Rng(seed))
            masks, in_hands = copy.masks, copy.in_hands
            copy._remask()
            assert (masks, in_hands) == (copy.masks, copy.in_hands)


def _drew_on_states(players: int, games: int) -> list[ZoopState]:
    """States along heuristic games (every fourth), where some seat drew for want of a match."""
    game = zdeck.make("zoop", players=players)
    found: list[ZoopState] = []

    def keep(k: int, state: zdeck.State, entry: object, outcome: object) -> None:
        assert isinstance(state, ZoopState)
        if k % 4 == 0 and not state.is_over() and any(on >= 0 for on in state.drew_on):
            found.append(state.clone())

    for seed in range(games):
        _, record = play(game, [make_bot("zoop", "heuristic") for _ in range(players)], seed)
        assert record is not None
        replay(record, on_step=keep)
    return found


def _holds_a_match(state: ZoopState, q: int) -> bool:
    """Does seat q hold a card matching what it drew on, other than the drawn card it must now play?"""
    hand = list(state.hands[q])
    if state.phase == DRAWN and q == state.turn:
        hand.remove(state.drawn)
    return any(state.game.deck.match_mask[state.drew_on[q]] >> k & 1 for k in hand)


@pytest.mark.parametrize("players", [3, 5])
def test_a_seat_that_drew_for_want_of_a_match_is_dealt_no_match_by_a_resample(players: int) -> None:
    """Rule 2: "You may only draw when no card of yours matches" (docs/rules/zoop.md), and a drawn card that
    matches is played. So, until a seat gains a card the table did not see come (Monkeys, a penalty, a
    capture), its hand holds no card matching the card it drew on, and a resample deals it none."""
    states = _drew_on_states(players, 8)
    assert len(states) > 20
    constrained = 0
    for state in states:
        for q in range(players):
            if state.drew_on[q] >= 0:
                assert not _holds_a_match(state, q), "the inference must hold in the real game"
        seat = state.actors()[0]
        for k in range(4):
            copy = state.resample_hidden(seat, Rng(k))
            assert isinstance(copy, ZoopState) and copy.drew_on == state.drew_on
            assert copy.observation(seat) == state.observation(seat)
            for q in range(players):
                if q != seat and state.drew_on[q] >= 0:
                    constrained += 1
                    assert not _holds_a_match(copy, q), f"seat {q} was dealt a card it cannot hold"
    assert constrained > 50


def test_a_saved_state_keeps_what_a_seat_drew_on_and_refuses_a_hand_that_breaks_it() -> None:
    state = _drew_on_states(3, 3)[0]
    data = state.to_dict()
    q = next(q for q, on in enumerate(state.drew_on) if on >= 0)
    assert state.game.state_from_dict(data).to_dict() == data
    older = {key: value for key, value in data.items() if key != "drew_on"}  # saved before the field existed
    assert state.game.state_from_dict(older).drew_on == [-1] * 3  # type: ignore[attr-defined]
    matching = next(t for t in data["draw"] if state.game.deck.match_mask[state.drew_on[q]] >> state.game.deck.card(t) & 1)
    broken = dict(data, hands=[h[:] for h in data["hands"]], draw=data["draw"][:])
    broken["draw"].remove(matching)
    broken["draw"].append(broken["hands"][q][0])
    broken["hands"][q][0] = matching
    with pytest.raises(ValueError, match=f"drew_on: seat {q} drew for want of a match"):
        state.game.state_from_dict(broken)
    with pytest.raises(ValueError, match="drew_on: expected one entry per seat"):
        state.game.state_from_dict(dict(data, drew_on=[None]))


def test_a_resample_keeps_what_the_table_shows_of_the_hand_in_turn() -> None:
    """A free discard owed shows that its seat holds a card to discard: a re-deal of that hand keeps one, and
    every copy passes the check of what play reaches (`reachable.check`, which also runs in the conformance
    suite on every resample)."""
    state = make_state([["1 red rabbit"], ["2 red koalas", "1 green toucan"], ["2 green toucans"]], ["2 red rabbits"],
                       phase="discard", reason="everyone passes", resume=1)
    check(state)
    for seed in range(40):
        copy = state.resample_hidden(1, Rng(seed))
        assert discard_mask(copy, 0) or discard_wilds(copy, 0), "the copy's seat in turn has nothing to discard"
        check(copy)
