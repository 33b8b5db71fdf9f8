"""Reading a Zip Zap state back (`state_from_dict`, `read_state`): every state play reaches reads back
as it was; any other dict - an impossible table, an out-of-range number, a wrong type - is refused
with a ValueError naming the field, at once, and the dict is left as it was."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

import zdeck
from tests.games.zipzap.test_conformance import states_along
from zdeck.core import State

Dict = dict[str, Any]


def game_state(players: int = 3, seed: int = 4) -> State:
    """A moment of a real game: round 2, a race, a Zap on the pile and cards played by several seats."""
    game = zdeck.make("zipzap", players=players)
    for state in states_along(game, seed):
        pile = state.to_dict()["pile"]
        if (state.round() == 2 and state.observation(None)["phase"] == "race" and [0, "zap"] in pile
                and len({who for who, _ in pile}) >= 3):
            return state.clone()
    raise AssertionError("no such moment in this game")


def final_state(players: int = 2) -> State:
    *_, last = states_along(zdeck.make("zipzap", players=players), 1)
    return last


def test_every_state_of_a_game_reads_back_as_it_was() -> None:
    for players in (2, 3, 6):
        game = zdeck.make("zipzap", players=players)
        for state in states_along(game, 11):
            data = state.to_dict()
            assert game.state_from_dict(json.loads(json.dumps(data))).to_dict() == data


def test_the_issue_an_impossible_state_is_refused_each_card_exactly_once() -> None:
    """The fuzzing issue: no suits in play, a card missing from every place, every Zap gone."""
    data = game_state().to_dict()
    game = zdeck.make("zipzap", players=3)
    for broken, message in [({**data, "suits_in_play": []}, "suits_in_play: expected 4 entries"),
                            ({**data, "deck": data["deck"][1:]}, "in no hand, nor the deck, nor the pile"),
                            ({**data, "hands": [h[1:] if p == 1 else h for p, h in enumerate(data["hands"])]},
                             "in no hand, nor the deck, nor the pile"),
                            ({**data, "has_zap": [False] * 3}, r"has_zap\[1\]: seat 1's Zap is not on the pile")]:
        with pytest.raises(ValueError, match=message):
            game.state_from_dict(broken)


def _set(key: str, value: Any) -> Callable[[Dict], None]:
    def change(data: Dict) -> None:
        data[key] = value
    return change


def _hand(seat: int, change: Callable[[list[str]], list[str]]) -> Callable[[Dict], None]:
    def apply(data: Dict) -> None:
        data["hands"][seat] = change(data["hands"][seat])
    return apply


def _pile(change: Callable[[list[Any]], list[Any]]) -> Callable[[Dict], None]:
    def apply(data: Dict) -> None:
        data["pile"] = change(data["pile"])
    return apply


HUGE = [2**64, 10**30, -(10**30)]
BAD_DICTS: list[tuple[str, Callable[[Dict], None], str]] = [
    # numbers out of range, huge ones refused at once
    *[("rng", _set("rng", n), "rng state") for n in [*HUGE, -1, 1.5, "7", True]],
    *[("version", _set("version", n), "version") for n in [*HUGE, -1, 0, "3", None]],
    *[("round", _set("round", n), "round") for n in [*HUGE, 0, 3, 7, 1.0]],
    *[("dealer", _set("dealer", n), "dealer") for n in [*HUGE, 0, 2, 3, None]],
    *[("totals", _set("totals", t), "totals") for t in [[10**30, 0, 0], [0, 0, 0], [1, 2], "0"]],
    *[("history", _set("history", h), "history") for h in [[[10**30, 0, 1]], [[0, 0, 4]], [[1, 2, 3]], [], "x"]],
    # the suits
    *[("suits_in_play", _set("suits_in_play", s), "suits_in_play") for s in [
        [], ["red", "red", "blue", "wild"], ["wild", "red", "yellow", "blue"], ["red", "yellow", "blue", "green"],
        ["red", "yellow", "blue", "purple"], ["red", "yellow", "blue"], "red", None]],
    # the cards: each card exactly once, in a suit in play, and as many as were dealt
    ("hands", _hand(0, lambda h: [*h, h[0]]), "in two places"),
    ("hands", _hand(0, lambda h: ["purple 3"]), r"hands\[0\]\[0\]: 'purple 3' is not a Zip Zap card"),
    ("hands", _hand(0, lambda h: [["red", 1]]), "is not a Zip Zap card"),
    ("hands", _hand(0, lambda h: ["red 1"] * 10**6), r"hands\[0\]: 1000000 cards, more than the 12"),
    ("hands", _set("hands", [[]]), "hands: expected one entry per seat"),
    ("hands", lambda d: d["hands"][0].append(d["deck"].pop()), r"hands\[0\]: seat 0 holds 8 cards and put down 5"),
    ("hands", lambda d: d["hands"][0].append(d["hands"][2].pop()), r"hands\[0\]: seat 0 holds 8 cards"),
    ("deck", lambda d: d["deck"].append(d["hands"][0][0]), "in two places"),
    ("deck", lambda d: d["deck"].append("green 4"), "green 4: its suit is not in play"),
    ("deck", _set("deck", ["red 1"] * 10**6), "deck: 1000000 cards"),
    ("has_zap", _set("has_zap", [True] * 3), r"has_zap\[0\]: seat 0's Zap is on the pile"),
    ("has_zap", _set("has_zap", [1, 1, 1]), r"has_zap\[0\]: expected true or false"),
    # the pile: turned cards first, each play legal when it went down, the round not yet over
    ("pile", lambda d: d.update(pile=[], deck=d["deck"] + [c for _, c in d["pile"] if c != "zap"]), "hands"),
    ("pile", lambda d: d["pile"].append([1, "zap"]), r"pile\[8\]: player 1 may Zap only straight after"),
    ("pile", _pile(lambda p: [p[0], p[3], *p[1:3], *p[4:]]), r"pile\[1\]: blue 10 does not follow red 6"),
    ("pile", lambda d: (d["pile"][4].__setitem__(0, 1), d["hands"][0].append(d["hands"][1].pop())),
     r"pile\[4\]: player 0 continues the round now"),
    ("pile", _pile(lambda p: [*p[:2], [0, "red 8"], *p[2:]]), "red 8: in two places"),
    ("pile", _pile(lambda p: [*p, [None, p[0][1]]][1:]), "turned up from the deck only before anyone plays"),
    ("pile", _pile(lambda p: [[None, "zap"], *p]), "'zap' is not a Zip Zap card"),
    ("pile", _pile(lambda p: [[who, c, 0] for who, c in p]), r"pile\[0\]: expected 2 entries"),
    ("pile", _pile(lambda p: [[9 if who is not None else None, c] for who, c in p]), "seat: 9 is not a seat"),
    ("pile", _pile(lambda p: [[None, c] if k == 1 else [w, c] for k, (w, c) in enumerate(p)]), r"hands\[0\]"),
    ("pile", _set("pile", [[None, "red 1"]] * 10**6), "pile: 1000000 entries"),
    # the moment the pile leaves
    *[("phase", _set("phase", p), "phase") for p in ["nap", None, ["race"]]],
    ("phase", _set("phase", "over"), "history: expected 2 entries"),
    ("phase", _set("phase", "lead"), "leader: the pile makes it 2"),
    *[("leader", _set("leader", s), "leader") for s in [0, 1, 9, 10**30, "0"]],
    *[("last", _set("last", s), "last") for s in [None, 1, 9, 10**30]],
    *[("went_out", _set("went_out", s), "went_out") for s in [0, 2, 9]],
]


@pytest.mark.parametrize(("field", "change", "message"), BAD_DICTS, ids=[f"{f}-{k}" for k, (f, *_) in enumerate(BAD_DICTS)])
def test_a_state_no_play_reaches_is_refused_naming_the_field(field: str, change: Callable[[Dict], None],
                                                              message: str) -> None:
    game = zdeck.make("zipzap", players=3)
    data = copy.deepcopy(GAME_STATE)
    change(data)
    bad = copy.deepcopy(data)
    with pytest.raises(ValueError, match=message) as refused:
        game.state_from_dict(data)
    assert data == bad, "reading a dict must not change it"
    assert len(str(refused.value)) < 300, "the message quotes the input shortened"


GAME_STATE = game_state().to_dict()


def test_a_finished_game_reads_back_and_its_last_round_must_score_its_hands() -> None:
    state = final_state()
    data = state.to_dict()
    game = state.game
    assert game.state_from_dict(data).to_dict() == data and data["phase"] == "over"
    winner = data["went_out"]
    loser = 1 - winner
    rows = copy.deepcopy(data["history"])
    rows[-1][loser] += 1
    totals = [sum(column) for column in zip(*rows)]
    with pytest.raises(ValueError, match=r"history\[3\]: the cards left score the last round"):
        game.state_from_dict({**data, "history": rows, "totals": totals})
    with pytest.raises(ValueError, match="went_out"):
        game.state_from_dict({**data, "went_out": loser})
    with pytest.raises(ValueError, match="history: expected 3 entries"):
        game.state_from_dict({**data, "phase": "race"})


def test_the_wins_variant_scores_one_point_a_round() -> None:
    game = zdeck.make("zipzap", players=2, scoring="wins")
    *_, final = states_along(game, 2)
    data = final.to_dict()
    assert game.state_from_dict(data).to_dict() == data
    rows = [[1, 1]] + data["history"][1:]
    with pytest.raises(ValueError, match=r"history\[0\]: the one player who went out scores 1"):
        game.state_from_dict({**data, "history": rows, "totals": [sum(c) for c in zip(*rows)]})


def test_the_rounds_option_is_refused_past_100() -> None:
    for rounds in (101, 2**64, 10**30, 0, -1, 1.5, "4"):
        with pytest.raises(ValueError, match="rounds"):
            zdeck.make("zipzap", players=2, rounds=rounds)
    assert zdeck.make("zipzap", players=2, rounds=100).new_state(1).observation(None)["rounds"] == 100
