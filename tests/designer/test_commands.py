"""zdeck report, compare and tournament, and simulate --workers, as a designer runs them."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.helpers import run, text
from zdeck.records import read_records, replay
from zdeck.report.tournament import seatings


def _json(*args: str) -> dict[str, object]:
    result = run(*args, "--json")
    assert result.exit_code == 0, text(result)
    return dict(json.loads(result.output))


def test_simulate_gives_the_same_figures_and_records_on_one_or_two_workers(tmp_path: Path) -> None:
    outputs, files = [], []
    for workers in ("1", "2"):
        records = tmp_path / f"w{workers}.jsonl"
        summary = _json("simulate", "zipzap", "-p", "3", "-n", "30", "-b", "greedy,random", "--rotate",
                        "--workers", workers, "--records", str(records))
        outputs.append({k: v for k, v in summary.items() if k not in ("seconds", "games_per_second")})
        files.append(records.read_text())
    assert outputs[0] == outputs[1] and files[0] == files[1] and len(files[0].splitlines()) == 30


def test_report_writes_a_page_its_plots_and_the_numbers(tmp_path: Path) -> None:
    numbers = _json("report", "zoop", "-p", "4", "-n", "30", "-b", "heuristic", "--skill-games", "8",
                    "--out", str(tmp_path))
    page = (tmp_path / "report.html").read_text()
    for png in ("seats.png", "positions.png", "skill.png", "length.png", "decisions.png", "within.png", "ends.png",
                "stalls.png", "usage.png", "figures.png"):
        assert (tmp_path / png).stat().st_size > 5000 and f'src="{png}"' in page, png
    for heading in ("Seats and positions", "Position from the starter", "Skill against luck", "Game length and pace",
                    "Decisions: branching factor", "Within the rounds", "Stalls and cycles", "Rules in use",
                    "What this many games can detect", "ZOOP!s that stood"):
        assert heading in page, heading
    assert "Scores are 1 for the winner" in page, "Zoop's scores are its wins: no box plot, and it says why"
    assert "none of these figures varies" in page, "one round and a margin of 1: no drama histogram, and why"
    seats = numbers["seats"]
    assert isinstance(seats, list) and len(seats) == 4
    assert abs(sum(s["win_rate"]["value"] for s in seats) - 1) < 1e-3
    assert all(s["win_rate"]["low"] <= s["win_rate"]["value"] <= s["win_rate"]["high"] for s in seats)
    fair = numbers["seat_fairness"]
    assert fair["df"] == 3 and 0 <= fair["p"] <= 1 and fair["within"] > 0  # type: ignore[index]
    assert "within <b>" in page and "points</b> of the fair" in page, "fairness said as what the intervals allow"
    assert set(numbers["ends"]) == {"unfinished", "blocked"}  # type: ignore[arg-type]
    assert "zoops" in numbers["figures"]  # type: ignore[operator]
    assert numbers["skill"]["strong"] == "heuristic" and numbers["skill"]["n"] == 8  # type: ignore[index]
    saved = json.loads((tmp_path / "report.json").read_text())
    assert len(saved["length"]["decisions"]["values"]) == 30, "the file keeps the numbers behind the plots"


def test_a_one_seat_report_shows_the_score_distribution(tmp_path: Path) -> None:
    numbers = _json("report", "zoker-solo", "-n", "12", "-b", "greedy", "--skill", "greedy,random", "--out",
                    str(tmp_path))
    assert (tmp_path / "scores.png").exists() and not (tmp_path / "seats.png").exists()
    assert numbers["figures"]["complete"]["rate"] is not None  # type: ignore[index]
    assert numbers["skill"]["units"] == "deals" and numbers["skill"]["n"] == 12  # type: ignore[index]
    assert "no position to have an advantage" in (tmp_path / "report.html").read_text()


def test_a_report_names_what_its_options_switch_off_and_plays_other_player_counts(tmp_path: Path) -> None:
    numbers = _json("report", "zar", "-p", "3", "-n", "3", "-o", "hands=1", "--skill", "off", "--by-players", "2-3",
                    "--out", str(tmp_path))
    assert numbers["figures"]["chameleons"]["off"] and numbers["figures"]["call_penalties"]["off"]  # type: ignore[index]
    page = (tmp_path / "report.html").read_text()
    assert page.count("off under these options") >= 2 and "switched off (--skill off)" in page
    assert "Chameleons played per game" in page
    counts = [b["players"] for b in numbers["by_players"]]  # type: ignore[union-attr]
    assert counts == [2], "the report's own count is not played twice"
    assert (tmp_path / "by_players.png").exists() and "Position by player count" in page


def test_compare_pairs_variants_on_the_same_seeds(tmp_path: Path) -> None:
    result = _json("compare", "zipzap", "-p", "3", "-V", "rounds=1", "-V", "rounds=3", "-n", "24", "--skill-games",
                   "6", "--primary", "rounds,pos_0,p2:pos_0", "--by-players", "2", "--out", str(tmp_path))
    rows = {r["key"]: r for r in result["differences"]}  # type: ignore[attr-defined]
    rounds = rows["rounds"]["differences"][0]
    assert rounds["difference"]["value"] == 2 and rounds["significant"], "every pair differs by exactly 2 rounds"
    assert rounds["method"] == "primary" and rows["rounds"]["primary"], "a named figure is tested with Holm"
    decisions = rows["decisions"]["differences"][0]
    assert decisions["method"] == "secondary" and decisions["difference"]["low"] > 0, "three rounds take longer"
    assert rows["skill"]["values"][0] is not None, "the skill index is compared too"
    assert rows["p2:pos_0"]["primary"] and "p2:pos_1" in rows, "and the positions at the other player counts"
    for key in ("win_0", "own_zaps", "forced", "minutes"):
        assert key in rows, key
    win = rows["win_0"]["values"][0]
    assert 0 <= win["low"] <= win["value"] <= win["high"] <= 1, "a share's interval is Wilson: inside [0, 1]"
    share = rows["win_0"]["differences"][0]["difference"]
    assert -1 <= share["low"] <= share["high"] <= 1
    assert (tmp_path / "compare.html").exists() and (tmp_path / "compare_differences.png").exists()
    assert result["adjustment"]["primary"].startswith("Holm")  # type: ignore[index]


def test_compares_terminal_output_has_a_header_and_the_base_values() -> None:
    result = run("compare", "zipzap", "-p", "2", "-V", "rounds=1", "-V", "rounds=2", "-n", "12", "--skill", "off",
                 "--primary", "rounds", "--out", "/dev/null/x")
    assert result.exit_code == 2 and "cannot write the comparison" in text(result), "a bad --out is one line"
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        result = run("compare", "zipzap", "-p", "2", "-V", "rounds=1", "-V", "rounds=2", "-n", "12", "--skill", "off",
                     "--primary", "rounds", "--out", folder)
    shown = text(result)
    assert result.exit_code == 0, shown
    assert "zipzap 2 players, bots random; 12 games per variant on seeds 0..11" in shown
    assert "A (base): rounds=1" in shown and "B: rounds=2" in shown and "Holm" in shown
    assert "* rounds" in shown and "+1" in shown, "the primary figure's row: base value, variant, difference"


def test_an_unknown_primary_figure_is_refused_before_any_game() -> None:
    result = run("compare", "zipzap", "-V", "rounds=1", "-V", "rounds=2", "--primary", "fun")
    assert result.exit_code == 2 and "no figure 'fun' to name as primary" in text(result)


@pytest.mark.parametrize(("args", "message"), [
    (("compare", "zipzap", "-V", "rounds=2"), "two or more --variant"),
    (("compare", "zipzap", "-V", "rounds=2", "-V", "colour=red"), "unknown option(s) colour"),
    (("report", "zipzap", "--address", "ray://x:1"), "give --backend ray"),
    (("tournament", "zoker-solo", "-b", "greedy,random"), "one-seat game"),
    (("tournament", "zipzap", "-b", "greedy"), "two or more different bots"),
    (("tournament", "zipzap", "-b", "greedy,genius"), "unknown bot 'genius'"),
])
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and message in text(result) and "Traceback" not in text(result)


def test_seatings_put_every_bot_in_every_seat_equally() -> None:
    for bots, players in ((["a", "b", "c"], 4), (["a", "b"], 2), (["a", "b", "c", "d"], 3), (["a", "b", "c"], 3)):
        cycle = seatings(bots, players)
        per_seat = [Counter(lineup[s] for lineup in cycle) for s in range(players)]
        assert all(set(c) == set(bots) and len(set(c.values())) == 1 for c in per_seat), (bots, players)
        assert len(set(per_seat[0].values())) == 1


def test_a_tournament_is_the_same_for_the_same_seed_and_keeps_replayable_records(tmp_path: Path) -> None:
    records = tmp_path / "t.jsonl"
    first = _json("tournament", "zipzap", "-p", "3", "-b", "greedy,random", "-n", "10", "--seed", "5",
                  "--records", str(records), "--out", str(tmp_path / "t.json"))
    second = _json("tournament", "zipzap", "-p", "3", "-b", "greedy,random", "-n", "10", "--seed", "5", "--workers", "1")
    assert first["games"] == 10 and first["standings"] == second["standings"]
    assert json.loads((tmp_path / "t.json").read_text())["standings"] == first["standings"]
    games = list(read_records(records))
    assert len(games) == 10 and all(replay(g).is_over() for g in games)
    assert [g.seed for g in games[:4]] == [5, 5, 6, 6], "each deal is played in every seating"
    best = first["standings"][0]  # type: ignore[index]
    assert best["bot"] == "greedy" and best["rating"]["mu"] > first["standings"][1]["rating"]["mu"]  # type: ignore[index]


def test_a_tournament_rounds_up_to_whole_cycles_of_seatings() -> None:
    result = _json("tournament", "zoop", "-p", "3", "-b", "heuristic,random", "-n", "3")
    assert result["games_asked"] == 4 and len(result["seatings"]) == 2  # type: ignore[arg-type]
    rows = result["standings"]
    assert sum(r["seats"] for r in rows) == 12  # type: ignore[union-attr]


def test_a_tournament_takes_search_specs_and_ranks_them_the_same_on_any_worker_count() -> None:
    args = ("tournament", "zipzap", "-p", "2", "-b", "ismcts:iters=40,random", "-o", "rounds=1", "-n", "8", "--seed", "3")
    first, second = _json(*args), _json(*args, "--workers", "1")
    assert first["standings"] == second["standings"]  # a seeded search with an iteration budget replays exactly
    names = {row["bot"]: row for row in first["standings"]}  # type: ignore[union-attr]
    assert set(names) == {"ismcts:iters=40", "random"}  # the spec names the bot, so records say how it was set
    assert names["ismcts:iters=40"]["seats"] == names["random"]["seats"] == 8


NO_GAME = [
    ("report", "zipzap", "-p", "2", "-n", "2", "--max-steps", "3"),
    ("compare", "zipzap", "-p", "2", "-n", "2", "--max-steps", "3", "-V", "rounds=1", "-V", "rounds=2"),
    ("tournament", "zipzap", "-p", "2", "--bots", "greedy,random", "-n", "2", "--max-steps", "3"),
    ("simulate", "zipzap", "-p", "2", "-n", "2", "--max-steps", "3"),
]


@pytest.mark.parametrize("args", NO_GAME, ids=lambda a: a[0])
def test_a_batch_that_finishes_no_game_says_so_without_a_traceback(args: tuple[str, ...], tmp_path: Path) -> None:
    out = ("--out", str(tmp_path / "out")) if args[0] in ("report", "compare") else ()
    result = run(*args, *out)
    assert result.exit_code == 0 and "Traceback" not in text(result) and result.exception is None, text(result)
    assert "0 games" in text(result) or "no game finished" in text(result) or "0 finished" in text(result)
    if args[0] == "report":
        assert "No game finished" in (tmp_path / "out" / "report.html").read_text()


@pytest.mark.parametrize("args", NO_GAME, ids=lambda a: a[0])
def test_ctrl_c_before_the_first_game_ends_reports_no_game(args: tuple[str, ...], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import zdeck.batch

    def interrupted(*_: object, **__: object) -> Iterator[object]:
        raise KeyboardInterrupt
        yield

    monkeypatch.setattr(zdeck.batch, "run_batch", interrupted)
    out = ("--out", str(tmp_path / "out")) if args[0] in ("report", "compare") else ()
    result = run(*args, *out)
    assert result.exit_code == 130 and "Traceback" not in text(result), text(result)
    assert not isinstance(result.exception, TypeError)


@pytest.mark.parametrize("command", ["report", "compare", "tournament", "simulate"])
def test_the_ray_backend_without_ray_says_how_to_install_it_before_any_game(command: str,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import zdeck.batch

    monkeypatch.setitem(sys.modules, "ray", None)  # what `import ray` meets where Ray is not installed

    def never(*_: object, **__: object) -> Iterator[object]:
        raise AssertionError("a batch was started")
        yield

    monkeypatch.setattr(zdeck.batch, "run_batch", never)
    extra = {"compare": ("-V", "rounds=1", "-V", "rounds=2"), "tournament": ("-b", "greedy,random")}.get(command, ())
    result = run(command, "zipzap", "--backend", "ray", *extra)
    assert result.exit_code == 2 and "needs Ray: pip install" in text(result) and "Traceback" not in text(result)


def test_numbers_that_round_to_zero_say_so() -> None:
    from zdeck.report.page import fmt, interval

    assert fmt(0.0002) == "< 0.0005" and fmt(-0.0002) == "> -0.0005" and fmt(0.0) == "0" and fmt(0.0005) == "0.001"
    assert interval({"value": 0.0, "low": 0.0, "high": 0.0003, "n": 9000}) == "0 [0, < 0.0005]"
