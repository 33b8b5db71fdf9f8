"""The designer's figures of one game against ground truth: a scripted table whose every figure is known from
its script (tests/designer/toys.py), and pure-skill and pure-luck games for the skill index."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tests.designer.toys import Best, First, PickGame, ScriptFigures, ScriptGame
from zdeck.asking import REACTION_SIGMA
from zdeck.batch.figures import GameFacts, GameResult
from zdeck.batch.tasks import play_game
from zdeck.bots import RandomBot
from zdeck.report import Extras, write_report
from zdeck.report.tally import SkillTally, Tally

# Two hands at three seats. Hand 1 (dealer 0): the leader by fewest cards goes 1 -> 2 -> 0, a race of seats 1 and 2
# in which neither gets closer, seat 0 goes out while the others hold 4 and 3. Hand 2 (dealer 1): seat 2 leads from
# its first card; the same public table comes back twice (the turn alternates, nothing else moves); seat 2 goes out
# while the others hold 5 and 5.
SCRIPT = [
    {"dealer": 0, "winner": 0, "steps": [[1, 3, [5, 4, 5]], [2, 1, [5, 4, 3]], [0, 2, [2, 4, 3]],
                                         [[1, 2], 1, [2, 4, 3]], [0, 1, [0, 4, 3]]]},
    {"dealer": 1, "winner": 2, "steps": [[2, 2, [5, 5, 4]], [0, 4, [5, 5, 4]], [2, 1, [5, 5, 4]],
                                         [0, 1, [5, 5, 4]], [2, 1, [5, 5, 0]]]},
]


def _study(bot: type[First] = First, script: list[dict[str, object]] = SCRIPT) -> GameResult:
    game = ScriptGame(3, script=json.dumps(script))
    facts = GameFacts.of(game, ScriptFigures)
    return play_game(game, [bot(1000.0) for _ in range(3)], 0, 7, ("a", "b", "c"), facts=facts, max_steps=100)


def test_branching_and_forced_moves_follow_the_script() -> None:
    study = _study().study
    assert study["asks"] == 11, "ten steps, one of them a race asking two seats"
    assert study["choices"] == 3 + 1 + 2 + 1 + 1 + 1 + 2 + 4 + 1 + 1 + 1
    assert study["forced"] == 5, "a lone seat with one legal action; the race's seats could have waited"
    assert study["profile"] == [3, 1, 2, 1, 1, 1, 2, 4, 1, 1], "legal actions per tenth of the asks"


def test_positions_count_from_each_hands_dealer() -> None:
    result = _study()
    assert result.study["openers"] == [0, 1] and result.study["hand_winners"] == [[0], [2]]
    tally = Tally.of(ScriptGame(3, script=json.dumps(SCRIPT)), ["a"], ScriptFigures)
    tally.add(result)
    values = tally.rows[0]
    assert [values[f"hand_{k}"] for k in range(3)] == [1, 1, 0], "hand 1 won by its dealer, hand 2 by dealer+1"
    assert values["hand_0/"] == 2
    assert [values[f"pos_{k}"] for k in range(3)] == [0.5, 0, 0.5], "the match is tied by seats 0 and 2"
    assert tally.reference == "dealer" and tally.rotates


def test_drama_within_the_round_is_read_from_the_hand_sizes() -> None:
    study = _study().study
    assert study["round_lead_changes"] == 2, "1 -> 2 -> 0 in hand 1; seat 2 alone leads hand 2"
    assert study["runner_up"] == [3, 5] and study["cards_left"] == [7, 10]
    assert study["stall"] == 3, "hand 2: three steps in a row in which nobody got below their fewest cards"
    assert study["repeats"] == 2 and study["moments"] == 11, "the bounced race entry changes nothing: no moment"


def test_duration_is_the_mean_reaction_time_of_each_decision_that_took_effect() -> None:
    study = _study().study
    mean_ms = 1000.0 * math.exp(REACTION_SIGMA ** 2 / 2)  # the log-normal's mean over its median
    assert study["minutes"] == pytest.approx(10 * mean_ms / 60_000), "ten steps; the race's loser adds no time"


def test_usage_counts_each_action_kind_card_kind_effect_and_call_that_took_effect() -> None:
    study = _study(Best).study  # the last legal action: moves 2, 0, 1, 0, 0 | 1, 3, 0, 0, 0
    assert study["usage"] == {"kind:play": 6, "card:red": 8, "kind:pass": 1, "kind:draw": 2, "card:blue": 2,
                              "effect:skip": 2, "kind:discard": 1}
    tally = Tally.of(ScriptGame(3, script=json.dumps(SCRIPT)), ["best"], ScriptFigures)
    tally.add(_study(Best))
    never = {n["key"] for n in tally.numbers()["usage"]["never"]}
    assert never == {"kind:call", "kind:take", "call:Go!"}, "offered by the action table, never played"


def test_the_study_sees_the_bots_through_without_changing_a_game() -> None:
    game = ScriptGame(3, script=json.dumps(SCRIPT))
    plain = play_game(game, [RandomBot() for _ in range(3)], 0, 5, ("r",) * 3)
    studied = play_game(game, [RandomBot() for _ in range(3)], 0, 5, ("r",) * 3, facts=GameFacts.of(game, None))
    assert (plain.scores, plain.decisions, plain.bounced) == (studied.scores, studied.decisions, studied.bounced)
    assert not plain.study and studied.study["asks"] == 11


def _skill(players: int, luck: bool, games: int) -> dict[str, object]:
    game = PickGame(players, luck=luck)
    skill = SkillTally("best", "random", players, game.score_order)
    for index in range(games):
        lineup = skill.lineups()[index % len(skill.lineups())]
        seed = index // 2 if players == 1 else index  # one seat: each deal played by both bots
        bots = [Best() if name == "best" else RandomBot() for name in lineup]
        skill.add(play_game(game, bots, index, seed, lineup))
    return skill.numbers()


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_skill_index_is_the_strong_bots_edge_over_luck(players: int) -> None:
    """Pick the highest of 0, 1, 2: the strong bot always picks 2. Against n - 1 random pickers it wins alone
    unless some of them also pick 2 (then it shares): its share and index are known exactly."""
    n = players
    if n == 1:
        expected_share = 2 / 3 + 1 / 3 * 0.5  # one seat: a deal counts when the strong one scores more, a tie half
    else:
        expected_share = sum(math.comb(n - 1, k) * (1 / 3) ** k * (2 / 3) ** (n - 1 - k) / (k + 1) for k in range(n))
    fair = 1 / n if n > 1 else 0.5
    numbers = _skill(players, False, 600)
    index = numbers["index"]
    truth = (expected_share - fair) / (1 - fair)
    assert index["low"] <= truth <= index["high"], (index, truth)  # type: ignore[index]
    if players > 1:
        luck = _skill(players, True, 576)["index"]  # 576 games: whole cycles of n * n for n = 2 and 3
        assert luck["value"] == 0 and luck["low"] < 0 < luck["high"], "where the deal alone decides, no edge"  # type: ignore[index]


def test_a_report_on_a_scripted_table_shows_its_known_figures(tmp_path: Path) -> None:
    game = ScriptGame(3, script=json.dumps(SCRIPT))
    tally = Tally.of(game, ["first"], ScriptFigures, 1, 100)
    tally.add(_study())
    numbers = write_report(tally, tmp_path, "7..7", Extras(skill_note="none here"))
    assert numbers["decisions"]["forced"]["value"] == pytest.approx(5 / 11, abs=1e-4)
    assert numbers["within"]["runner_up"]["mean"]["value"] == 4
    assert numbers["positions"]["hands"][0]["win_rate"]["value"] == 0.5
    page = (tmp_path / "report.html").read_text()
    assert "No skill figure: none here." in page and "hands won" in page
