"""Zop Zoo state dicts and views: malformed dicts are refused with a clear ValueError, and no
observation reveals the order of the draw pile (the only hidden thing in the game)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import zdeck
from tests.games.zopzoo.test_rules import c, table
from zdeck.decks.zopzoo import actions as A
from zdeck.decks.zopzoo.cards import NAME
from zdeck.decks.zopzoo.state import FIELDS, PENDING_KINDS, PHASES, ZopZooState
from zdeck.rng import Rng


def _mid_game(assist: str = "manual", steps: int = 40) -> ZopZooState:
    state = zdeck.make("zopzoo", players=3, assist=assist).new_state(3)
    rng = Rng(5)
    for _ in range(steps):
        (p,) = state.actors()
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert isinstance(state, ZopZooState)
    return state


BAD_VALUES: list[Any] = [None, "x", [], {}, -1, 10**9, 1.5, True, [None], [[None]], [[]], [-1], [[1, 2, 3]], [[0, 0]]]


@pytest.mark.parametrize("field", FIELDS)
def test_a_missing_or_mistyped_field_raises_value_error_naming_it(field: str) -> None:
    state = _mid_game()
    data = state.to_dict()
    game = state.game
    with pytest.raises(ValueError, match=field if field != "round" else "round"):
        game.state_from_dict({k: v for k, v in data.items() if k != field})
    for bad in BAD_VALUES:
        if field in ("version", "rng") and isinstance(bad, int) and not isinstance(bad, bool) and bad >= 0:
            continue  # any later version number or generator state is well-formed
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
    twin.aside.reverse()
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
