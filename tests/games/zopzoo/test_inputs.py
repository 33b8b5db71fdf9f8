"""Zop Zoo's edges: malformed or unreachable state dicts and any action input are refused with a clear
ValueError, and no observation shows what its seat cannot see (the draw pile's order; without recall,
the discard pile under its top)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck
from tests.games.zopzoo.test_rules import c, table
from zdeck import IllegalAction
from zdeck.decks.zopzoo import actions as A
from zdeck.decks.zopzoo.cards import KIND, MATCHER_OF, NAME, SPECIALTY
from zdeck.decks.zopzoo.state import FIELDS, PENDING_KINDS, PHASES, ZopZooState
from zdeck.rng import Rng, pop_settled


def _mid_game(assist: str = "manual", steps: int = 40, recall: bool = False) -> ZopZooState:
    state = zdeck.make("zopzoo", players=3, assist=assist, recall=recall).new_state(3)
    rng = Rng(5)
    for _ in range(steps):
        (p,) = state.actors()
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert isinstance(state, ZopZooState)
    return state


def _along_random_play(game: zdeck.Game, seed: int) -> Iterator[ZopZooState]:
    """Every state of one game of random play, the game going on (not copies)."""
    state = game.new_state(seed)
    rng = Rng(seed)
    while not state.is_over():
        assert isinstance(state, ZopZooState)
        yield state
        (p,) = state.actors()
        state.apply(p, rng.choice(state.legal_actions(p)))


BAD_VALUES: list[Any] = [None, "x", [], {}, -1, 10**9, 2**64, 10**30, -(10**30), 1.5, True, [None], [[None]], [[]], [-1],
                         [2**64], [[10**30]], [[1, 2, 3]], [[0, 0]]]


@pytest.mark.parametrize("field", FIELDS)
def test_a_missing_or_mistyped_field_raises_value_error_naming_it(field: str) -> None:
    state = _mid_game()
    data = state.to_dict()
    game = state.game
    with pytest.raises(ValueError, match=field if field != "round" else "round"):
        game.state_from_dict({k: v for k, v in data.items() if k != field})
    for bad in BAD_VALUES:
        if field == "rng" and isinstance(bad, int) and not isinstance(bad, bool) and 0 <= bad < 2**64:
            continue  # any generator state is well-formed
        if bad == data[field] and type(bad) is type(data[field]):
            continue  # not a change
        try:
            game.state_from_dict({**data, field: bad})
        except ValueError as exc:
            assert str(exc).startswith(("zopzoo", "rng")), f"{field}={bad!r}: unclear message {exc}"
        else:
            raise AssertionError(f"{field}={bad!r} was accepted")


def _refused(data: dict[str, Any], game: zdeck.Game, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        game.state_from_dict(json.loads(json.dumps(data)))


def test_a_moment_where_the_round_should_already_have_ended_is_refused() -> None:
    state = table([["owl", "shark"], ["otter"]], draw=["shark points"])
    data = state.to_dict()
    data["draw"].remove(c("otter points"))
    data["cover"] = [[c("otter"), c("otter points")]]
    _refused(data, state.game, "p1's whole row shows POINTS")  # p1 already won
    state = table([["owl", "shark"], ["otter"]], draw=["shark points"])
    data = state.to_dict()
    data["discard"], data["draw"] = data["draw"] + data["discard"], []
    _refused(data, state.game, "draw pile is empty")


def _pending(data: dict[str, Any], phase: str, card: str) -> dict[str, Any]:
    """The dict with `card` taken out of the draw pile and waiting in `phase`."""
    return {**data, "phase": phase, "pending": c(card), "draw": [x for x in data["draw"] if x != c(card)]}


def test_a_phase_that_cannot_be_played_from_is_refused() -> None:
    state = table([["owl", "shark"], ["otter"]], draw=["tarantula points"])
    data, game = state.to_dict(), state.game
    _refused(_pending(data, "special", "hyena"), game, "cannot use the pending hyena")  # nobody has POINTS
    _refused(_pending(data, "mole", "mole 1"), game, "MOLE would find nothing")
    _refused(_pending(data, "match", "owl points"), game, "only with assist='manual'")
    _refused({**data, "phase": "chain"}, game, "only with assist='manual'")
    _refused({**data, "phase": "over", "history": [[0, 0]], "ends": [0]}, game, "cannot be over")
    _refused({**data, "round": 2}, game, "does not fit 0 finished")
    manual = table([["owl", "shark"], ["otter"]], draw=["tarantula points"], assist="manual")
    data, game = manual.to_dict(), manual.game
    _refused({**data, "phase": "chain"}, game, "top discard the current player can match")
    _refused(_pending(data, "match", "otter points"), game, "cannot match the pending otter points")
    _refused(_pending(data, "wild", "owl points"), game, "cannot be pending")


def test_void_cards_must_lie_on_the_discard_pile() -> None:
    state = table([["owl", "shark"], ["otter"]], draw=["tarantula points"])
    _refused({**state.to_dict(), "void": [c("hyena")]}, state.game, "void")


# -- hidden information ------------------------------------------------------------------------------


def _all_views(state: ZopZooState) -> list[dict[str, Any]]:
    return [state.observation(p) for p in [None, *range(state.n)]]


@pytest.mark.parametrize("assist", ["auto", "manual"])
def test_observations_do_not_reveal_the_draw_pile_order(assist: str) -> None:
    """Two tables that differ only in the order of the draw pile (and of the white cards set
    aside) look the same from every seat, and no view holds the pile's card sequence."""
    state = _mid_game(assist, steps=25)
    twin = state.clone()
    twin.draw.reverse()
    Rng(9).shuffle(twin.draw)
    assert twin.draw != state.draw
    assert _all_views(twin) == _all_views(state)
    for view in _all_views(state):
        text = json.dumps(view)
        assert "rng" not in view and "draw" not in view and "aside" not in view
        assert view["draw_size"] == len(state.draw)
        names = [NAME[card] for card in state.draw]
        assert json.dumps(names) not in text and json.dumps(names[-3:])[1:-1] not in text


def test_what_each_seat_sees_changes_only_by_what_is_turned_face_up() -> None:
    """Drawing reveals exactly one card (the drawn one) and nothing about the next."""
    state = table([["owl", "shark"], ["otter"]], draw=["tarantula points", "scorpion points", "owl points"])
    other = table([["owl", "shark"], ["otter"]], draw=["tarantula points", "owl points", "scorpion points"])
    state.apply(0, A.DRAW)
    other.apply(0, A.DRAW)
    assert _all_views(state) == _all_views(other)  # the second card differs, unseen


# -- any dict that is accepted can be played on ----------------------------------------------------


def _mutations(data: dict[str, Any], rng: Rng) -> list[dict[str, Any]]:
    """Plausible-looking edits of a real state dict: other phases, pending cards, seats, piles."""
    out = []
    for phase in PHASES:
        d = json.loads(json.dumps(data))
        d["phase"] = phase
        if phase in PENDING_KINDS and d["pending"] < 0 and d["draw"]:
            d["pending"] = d["draw"].pop(rng.below(len(d["draw"])))
        elif phase not in PENDING_KINDS and d["pending"] >= 0:
            d["draw"].append(d["pending"])
            d["pending"] = -1
        out.append(d)
    for seat in range(len(data["rows"])):
        out.append({**data, "current": seat})
    d = json.loads(json.dumps(data))
    d["discard"], d["draw"] = d["draw"] + d["discard"], []
    out.append(d)
    d = json.loads(json.dumps(data))
    if d["draw"] and d["discard"]:
        d["draw"][-1], d["discard"][-1] = d["discard"][-1], d["draw"][-1]
        out.append(d)
    return out


@pytest.mark.parametrize("assist", ["auto", "manual"])
def test_any_state_dict_that_is_accepted_can_be_played_on(assist: str) -> None:
    """A dict is either refused with ValueError or gives a state where the actor has legal actions
    and each of them applies without error (the kernel's `_apply` must never raise)."""
    game = zdeck.make("zopzoo", players=3, assist=assist)
    accepted = refused = 0
    for seed in range(3):
        state = game.new_state(seed)
        rng = Rng(seed)
        for step in range(90):
            if state.is_over():
                break
            (p,) = state.actors()
            state.apply(p, rng.choice(state.legal_actions(p)))
            if step % 9:
                continue
            for d in _mutations(state.to_dict(), rng):
                try:
                    twin = game.state_from_dict(d)
                except ValueError:
                    refused += 1
                    continue
                accepted += 1
                for actor in twin.actors():
                    legal = twin.legal_actions(actor)
                    assert legal, f"accepted a dict where p{actor} cannot act: {d['phase']}"
                    for action in legal:
                        twin.clone().apply(actor, action)
    assert accepted > 0 and refused > 0


# -- unreachable dicts and out-of-range numbers -------------------------------------------------------


def _finished_round_dict() -> tuple[dict[str, Any], zdeck.Game]:
    """A real dict of round two or later (two rounds' history to tamper with)."""
    state = zdeck.make("zopzoo", players=2, target=5000).new_state(1)
    rng = Rng(1)
    while state.round() < 3:
        (p,) = state.actors()
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state.to_dict(), state.game


@pytest.mark.parametrize(("change", "match"), [
    ({"version": 2**64}, "version"),
    ({"version": 10**30}, "version"),
    ({"version": 2_000 * 3 + 1}, "version"),  # more actions than three rounds can hold
    ({"round": 10**30}, "round"),
    ({"rng": 2**64}, "rng"),
    ({"pending": 10**30}, "pending"),
    ({"current": 2**64}, "current"),
    ({"first": -(10**30)}, "first"),
    ({"dug": [10**30]}, "dug"),
    ({"totals": [10**30, 0]}, "totals"),
    ({"history": [[10**30, 0], [0, 0]]}, "history"),
    ({"history": [[-(2**64), 0], [0, 0]]}, "history"),
    ({"ends": [2**64, 0]}, "ends"),
    ({"rows": [[2**64], []]}, "rows"),
    ({"draw": [10**30]}, "draw"),
])
def test_a_huge_or_out_of_range_number_is_refused_naming_its_field(change: dict[str, Any], match: str) -> None:
    data, game = _finished_round_dict()
    with pytest.raises(ValueError, match=match):
        game.state_from_dict({**data, **change})


def test_a_match_no_play_can_reach_is_refused() -> None:
    data, game = _finished_round_dict()
    history, totals = data["history"], data["totals"]
    _refused({**data, "totals": [totals[0] + 1, totals[1]]}, game, "totals: .* not the sum")
    _refused({**data, "first": 1 - data["first"]}, game, "first: round 3's first card goes to")
    high = {**data, "history": [[4990, 0], history[1]], "totals": [4990 + history[1][0], history[1][1]]}
    _refused({**high, "ends": [-1, data["ends"][1]]}, game, "history")  # out of any round's reach
    reached = json.loads(json.dumps(data))
    reached["options"] = {**data["options"], "target": 10}
    game10 = zdeck.make("zopzoo", players=2, target=10)
    if max(map(max, history)) >= 10:
        _refused(reached, game10, "reached the target")
    _refused({**data, "last": None}, game, "last")
    _refused({**data, "version": 0}, game, "last")


def test_a_table_no_play_can_reach_is_refused() -> None:
    state = table([["owl", "shark"], ["otter"]], discard=["hyena", "tarantula points"], draw=["scorpion points"],
                  void=["hyena"])
    data, game = state.to_dict(), state.game
    _refused({**data, "void": []}, game, "a buried Specialty card is void")
    _refused({**data, "dug": [0]}, game, "no MOLE is on top")
    _refused({**data, "dug": [0, 0]}, game, "dug")
    _refused({**data, "last": [0, "fly away"]}, game, "fly away")


# -- any action input -------------------------------------------------------------------------------

ANY_INPUT = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.binary(max_size=40),
                      st.text(max_size=80), st.lists(st.integers(), max_size=5), st.dictionaries(st.text(), st.integers()),
                      st.just(10**30), st.just(-(2**64)), st.just("draw " * 1000))


@settings(max_examples=300, deadline=None)
@given(value=ANY_INPUT)
def test_any_action_input_is_read_or_refused_with_a_value_error_saying_what(value: Any) -> None:
    game = zdeck.make("zopzoo", players=3)
    for read in (game.parse_action, game.action_from_id):
        try:
            action = read(value)
        except ValueError as exc:
            assert str(exc).startswith("zopzoo:"), str(exc)[:300]
        else:
            assert game.action_id(action) >= 0  # what was read is an action of the table


def test_a_ten_megabyte_action_text_is_not_echoed() -> None:
    game = zdeck.make("zopzoo", players=3)
    with pytest.raises(ValueError) as info:
        game.parse_action("x" * 10_000_000)
    assert len(str(info.value)) < 300


def test_a_ten_megabyte_action_id_is_not_echoed() -> None:
    game = zdeck.make("zopzoo", players=3)
    with pytest.raises(ValueError) as info:
        game.action_from_id("x" * 10_000_000)  # type: ignore[arg-type]
    assert len(str(info.value)) < 300


def test_bad_input_on_a_live_table_loses_nothing() -> None:
    state = _mid_game()
    data = state.to_dict()
    (p,) = state.actors()
    for bad in (b"draw", None, 10**30, 1.5, ["draw"], "steal the moon"):
        with pytest.raises(ValueError):
            state.apply(p, state.game.parse_action(bad))
    for action in state.game.action_table():
        if action not in state.legal_actions(p):
            with pytest.raises(IllegalAction):
                state.apply(p, action)
    assert state.to_dict() == data


# -- what a seat sees without recall ------------------------------------------------------------------


def _buried_twins(recall: bool) -> tuple[ZopZooState, ZopZooState]:
    """Two tables that differ only in what lies under the top of the discard pile (and the draw order)."""
    state = _mid_game("auto", steps=60, recall=recall)
    assert len(state.discard) >= 3
    twin = state.clone()
    unseen = twin.discard[:-1] + twin.draw
    Rng(11).shuffle(unseen)
    buried = len(twin.discard) - 1
    twin.discard, twin.draw = [*unseen[:buried], twin.discard[-1]], unseen[buried:]
    twin.void = {x for x in twin.discard[:-1] if KIND[x] in SPECIALTY} | (state.void & {state.discard[-1]})
    assert twin.discard != state.discard
    return state, twin


def test_without_recall_no_seat_sees_under_the_top_of_the_discard_pile() -> None:
    state, twin = _buried_twins(recall=False)
    assert _all_views(twin) == _all_views(state)
    for view in _all_views(state):
        assert view["pile"] == [view["top"]] and view["pile_size"] == len(state.discard)
        assert set(view["void"]) <= {view["top"]}
        text = json.dumps(view)
        assert all(f'"{NAME[x]}"' not in text for x in state.discard[:-1] if x not in state.cover.values())


def test_with_recall_every_seat_sees_the_whole_discard_pile() -> None:
    state, twin = _buried_twins(recall=True)
    assert _all_views(twin) != _all_views(state)
    assert state.observation(0)["pile"] == [NAME[x] for x in state.discard]


@pytest.mark.parametrize("recall", [False, True])
def test_a_resample_re_deals_exactly_what_the_seat_cannot_see(recall: bool) -> None:
    state = _mid_game("auto", steps=60, recall=recall)
    redealt = [state.resample_hidden(0, Rng(k)) for k in range(8)]
    assert all(r.observation(0) == state.observation(0) for r in redealt)
    assert all(r.discard[-1] == state.discard[-1] for r in redealt)
    assert any(r.draw != state.draw for r in redealt)
    buried_changed = any(r.discard[:-1] != state.discard[:-1] for r in redealt)
    assert buried_changed != recall  # buried discards are hidden exactly when nobody recalls them
    for r in redealt:
        assert r.game.state_from_dict(r.to_dict()).to_dict() == r.to_dict()  # a state play can reach



def test_a_resample_buries_each_unseen_card_and_tops_the_draw_pile_with_it_alike() -> None:
    """Uniform among the deals that fit (three seats: any unseen card may lie buried): over many re-deals each
    unseen card lies under the top of the discard pile with the buried cards' share of the unseen ones, and
    lies at the bottom of the pile and tops the draw pile with one card's share (within 5 sigma)."""
    state = _mid_game("auto", steps=60)
    unseen = state.draw + state.discard[:-1]
    buried, tries = len(state.discard) - 1, 1500
    assert buried >= 3 and len(state.draw) >= 10
    under: dict[int, int] = dict.fromkeys(unseen, 0)
    on_top: dict[int, int] = dict.fromkeys(unseen, 0)
    at_bottom: dict[int, int] = dict.fromkeys(unseen, 0)
    rng = Rng(11)
    for _ in range(tries):
        copy = state.resample_hidden(0, rng)
        for card in copy.discard[:-1]:
            under[card] += 1
        at_bottom[copy.discard[0]] += 1
        on_top[pop_settled(copy.draw, copy.draw_steps)] += 1
    for counts, share in ((under, buried / len(unseen)), (on_top, 1 / len(unseen)), (at_bottom, 1 / len(unseen))):
        for card in unseen:
            assert abs(counts[card] / tries - share) < 5 * (share * (1 - share) / tries) ** 0.5, (NAME[card], share)


@pytest.mark.parametrize("players", [2, 3])
def test_a_resample_with_recall_keeps_the_discard_pile_every_seat_was_shown(players: int) -> None:
    """Every card in the discard pile landed face up on its top (rules: "place it face up next to the draw
    pile"), where every seat saw it: a player who forgets no card (the rulebook's "mental note") knows the
    pile, so `resample_hidden(recall=True)` keeps it as it lies, void cards too, and re-deals the draw
    pile alone - even at a table without the `recall` option, whose observations show the top only."""
    game = zdeck.make("zopzoo", players=players)
    kept = 0
    for seed in range(6):
        shown: set[str] = set()  # every card any observation showed on top, by name
        for state in _along_random_play(game, seed):
            for seat in range(players):
                shown.update(state.observation(seat)["pile"])
            assert {NAME[x] for x in state.discard} <= shown
            if len(state.discard) > 2 and state.version % 5 == 0:
                seat = state.version % players
                copies = [state.resample_hidden(seat, Rng(k), recall=True) for k in range(3)]
                for copy in copies:
                    assert copy.discard == state.discard and copy.void == state.void
                    assert sorted(copy.draw) == sorted(state.draw)
                    assert copy.observation(seat) == state.observation(seat)
                kept += any(copy.draw != state.draw for copy in copies)
    assert kept > 0, "the draw pile is re-dealt"


def test_at_two_seats_no_match_of_an_uncovered_card_ever_lies_buried() -> None:
    """Must-take (rules: "If you can match its top card you must take it"): at two seats with assist=auto a
    card matching a white card still uncovered never lies under the top, so a resample does not bury one
    either; at three seats one may (the seat in between covers it), and the resample may bury it."""
    buried_needed = {2: 0, 3: 0}
    for players in (2, 3):
        game = zdeck.make("zopzoo", players=players)
        for seed in range(12):
            rng = Rng(100 + seed)
            for state in _along_random_play(game, seed):
                never = state._never_buried()
                buried_needed[players] += len(never.intersection(state.discard[:-1])) + (
                    players == 3 and any(MATCHER_OF[w] in state.discard[:-1] for r in state.rows for w in r
                                         if w not in state.cover))
                if len(state.discard) > 2 and state.version % 7 == 0:
                    copy = state.resample_hidden(state.version % players, rng)
                    assert not never.intersection(copy.discard[:-1])
                    assert copy.observation(state.version % players) == state.observation(state.version % players)
    assert buried_needed[2] == 0
    assert buried_needed[3] > 0, "at three seats a needed match does get buried: the rule holds at two only"


@pytest.mark.parametrize("recall", [False, True])
def test_a_resample_copies_every_field_a_clone_copies(recall: bool) -> None:
    """`_resample_hidden` copies the table field by field as `clone` does (less the piles it re-deals): a
    field added to one and not the other would be shared with the real game or missing."""
    state = _mid_game("auto", steps=60, recall=recall)
    copy, clone = state.resample_hidden(1, Rng(2)), state.clone()
    assert copy.__dict__.keys() == clone.__dict__.keys() == state.__dict__.keys()
    for name, value in copy.__dict__.items():
        if isinstance(value, (list, dict, set)):
            assert value is not getattr(state, name), f"{name} is shared with the real game"


# -- determinisation ----------------------------------------------------------------------------------


@pytest.mark.parametrize("recall", [False, True])
def test_a_resample_deals_its_own_next_round_not_the_real_one(recall: bool) -> None:
    """The next deal comes from the state's generator: a copy that kept the real one would show a
    search the true next hand. Each copy ends the round as the real game does and deals its own."""
    state = _mid_game("auto", steps=30, recall=recall)
    real = state.clone()
    real._end_round(0)
    copies = [state.resample_hidden(0, Rng(k)) for k in range(4)]
    for copy in copies:
        copy._end_round(0)
        assert copy.round() == real.round() == 2 and copy.first == real.first
        assert copy.rows != real.rows
    assert len({json.dumps(copy.rows) for copy in copies}) == len(copies)


def test_a_resample_played_on_to_the_next_deal_owes_nothing_to_the_real_stream() -> None:
    state = _mid_game("auto", steps=30)
    copy = state.resample_hidden(1, Rng(3))
    rng = Rng(8)
    while copy.round() == 1:
        (p,) = copy.actors()
        copy.apply(p, rng.choice(copy.legal_actions(p)))
    real = state.clone()
    real.first = copy.first
    real.round_no, real.history, real.ends = copy.round_no - 1, copy.history[:-1], copy.ends[:-1]
    real.deal_round()  # the deal the real generator would make for the same first player
    assert copy.rows != real.rows


def test_a_resample_depends_only_on_what_the_seat_sees() -> None:
    """Twins that look alike to a seat give the same resample from the same rng: the shuffle starts from
    a fixed order, so whoever knows the rng cannot undo it to find where the cards really lie."""
    state, twin = _buried_twins(recall=False)
    for seat in range(3):
        one, two = state.resample_hidden(seat, Rng(5)), twin.resample_hidden(seat, Rng(5))
        assert one.to_dict() == two.to_dict()
