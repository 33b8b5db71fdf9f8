"""Messages that agree with each other: the seats a game takes, the game named in an option's error, counts
in the singular, a replay error whole."""

from __future__ import annotations

from pathlib import Path

import pytest

import zdeck
from tests.cli.helpers import run
from zdeck.cli.common import count, seats, seats_by_option


def test_every_count_zdeck_list_shows_is_seated_by_some_option() -> None:
    """`zdeck list` said ZAR takes 2-14 while `-p 12` was refused with "2 to 9": each count it shows must
    be playable, at the default options or under the option the error then names."""
    for game_id in zdeck.games():
        cls = zdeck.game_class(game_id)
        by_option = seats_by_option(cls)
        for players in range(cls.min_players, cls.max_players + 1):
            try:
                zdeck.make(game_id, players)
                continue
            except ValueError:
                pass
            fits = [(name, values[0]) for name, groups in by_option for values, (lo, hi) in groups
                    if lo <= players <= hi]
            assert fits, f"{game_id}: {players} players is in `zdeck list` but no option seats it"
            name, value = fits[0]
            zdeck.make(game_id, players, **{name: value})
            assert seats(cls).endswith("*"), "a count that needs an option is marked in `zdeck list`"


def test_zar_says_what_each_count_needs() -> None:
    assert run("simulate", "zar", "-p", "12").stderr == ("error: zar: players=12 is not allowed; this game takes 2 to 9 with half_decks=2, "
                                    "2 to 14 with half_decks=3 to 16: -o half_decks=3 seats 12\n")
    assert "no half_decks seats 15" in run("simulate", "zar", "-p", "15").stderr
    assert run("simulate", "zar", "-p", "12", "-o", "half_decks=3", "-n", "1").exit_code == 0


def test_list_and_rules_show_the_same_seats_as_the_error() -> None:
    listed = run("list").output
    assert "2-14*" in listed and "* some counts only under an option: `zdeck rules GAME` says which" in listed
    assert "zar: players 2-9 with half_decks=2, 2-14 with half_decks=3 to 16;" in run("rules", "zar").output
    assert "zipzap: players 2-6;" in run("rules", "zipzap").output


def test_an_option_error_names_its_game() -> None:
    assert run("simulate", "zopzoo", "-o", "target=abc").stderr.startswith("error: zopzoo: option target='abc'")
    assert run("simulate", "zipzap", "-o", "colour=red").stderr.startswith("error: zipzap: unknown option(s) colour")


def test_one_player_and_one_game_are_singular(tmp_path: Path) -> None:
    assert (count(1, "player"), count(4, "player")) == ("1 player", "4 players")
    path = tmp_path / "solo.jsonl"
    simulated = run("simulate", "zoker-solo", "-n", "1", "--records", str(path)).output
    assert "zoker-solo 1 player," in simulated and "1 game in" in simulated
    assert "zoker-solo, 1 player, seed 0" in run("replay", "-q", str(path)).output


@pytest.mark.parametrize("line", ["{a: 1}", '{"x": ' + "9" * 5000 + "}"])
def test_a_replay_error_keeps_the_json_message_whole(tmp_path: Path, line: str) -> None:
    """It was cut as "(char 49... (63 characters": the closing parenthesis lost."""
    path = tmp_path / "bad.jsonl"
    path.write_text(line + "\n")
    message = run("replay", str(path)).stderr.strip()
    assert "not valid JSON: " in message and message.count("(") == message.count(")")
    assert message.endswith(("(char 1)", "to increase the limit"))
