"""A ninth game touches one folder: the template game (examples/new_game/snap), copied into a folder of its own
that ZDECK_GAMES names, is played by the kernel's conformance suite, the CLI, the simulator, the search bot, the
server (a person and a bot over a WebSocket) and the RL environments (PettingZoo's own checker) with no edit
anywhere else. The browser (tests/browser/test_ninth_game_table.py) and the terminal table play it too."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import zdeck
import zdeck.decks
from tests.conformance import (
    check_action_codec,
    check_bad_inputs,
    check_card_faces,
    check_playouts,
    check_resample_independent,
    check_vocabulary,
)
from tests.server.conftest import LAX, TestClient  # (the server tests' client, its httpx warning silenced)
from zdeck import registry
from zdeck.botspecs import make_bot
from zdeck.server.app import create_app
from zdeck.server.limits import PUBLIC
from zdeck.sim import play

TEMPLATE = Path(__file__).parents[2] / "examples" / "new_game" / "snap"


def forget_extra_games(folder: str) -> None:
    """Undo what ZDECK_GAMES did in this process: the worker goes on with the eight games alone."""
    if folder in zdeck.decks.__path__:
        zdeck.decks.__path__.remove(folder)
    for name in [m for m in sys.modules if m == "zdeck.decks.snap" or m.startswith("zdeck.decks.snap.")]:
        del sys.modules[name]
    registry._packages.cache_clear()
    registry._registry.cache_clear()
    if "zdeck.rl.encodings" in sys.modules:  # (its list of encoded games is kept once made)
        sys.modules["zdeck.rl.encodings"].encoded_games.cache_clear()


@pytest.fixture(scope="module")
def games_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The template copied as a game of its own, named by ZDECK_GAMES for this process and the commands it runs."""
    folder = tmp_path_factory.mktemp("games")
    shutil.copytree(TEMPLATE, folder / "snap", ignore=shutil.ignore_patterns("__pycache__"))
    before = os.environ.get(registry.EXTRA_GAMES)
    os.environ[registry.EXTRA_GAMES] = str(folder)
    forget_extra_games(str(folder))
    yield folder
    if before is None:
        del os.environ[registry.EXTRA_GAMES]
    else:
        os.environ[registry.EXTRA_GAMES] = before
    forget_extra_games(str(folder))


def cards(state: zdeck.State) -> Counter[str]:
    data = state.to_dict()
    return Counter([c for hand in data["hands"] for c in hand] + data["draw"] + data["pile"])


def test_the_registry_finds_the_game_in_its_folder(games_folder: Path) -> None:
    assert "snap" in zdeck.games()
    assert zdeck.bot_names("snap") == ["random", "snappy", "ismcts"]
    assert registry.rules_document("snap").startswith("# Snap")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_kernel_contract_holds(games_folder: Path, players: int) -> None:
    game = zdeck.make("snap", players=players)
    check_action_codec(game)
    check_bad_inputs(game)
    check_playouts(game, range(8), conserved=cards)
    state = game.new_state(3)
    check_vocabulary(state)
    check_card_faces(state)
    check_resample_independent(state)


def test_races_are_run_and_late_calls_bounce(games_folder: Path) -> None:
    game = zdeck.make("snap", players=4)
    bots = [make_bot("snap", "snappy") for _ in range(4)]
    outcomes: Counter[str] = Counter()
    for seed in range(40):
        state, record = play(game, bots, seed)
        assert state.is_over() and record is not None
        outcomes.update("late" for entry in record.actions if len(entry) == 3)
    assert outcomes["late"] > 0, "four snappy bots race for every pair: some calls land late"


def test_the_search_bot_plays_it(games_folder: Path) -> None:
    game = zdeck.make("snap", players=2)
    state, _ = play(game, [make_bot("snap", "ismcts:iters=20"), make_bot("snap", "snappy")], 1)
    assert state.is_over()


def test_the_server_seats_a_person_and_a_bot_at_it(games_folder: Path) -> None:
    with TestClient(create_app(f"sqlite:///{games_folder / 'zdeck.sqlite3'}", PUBLIC.with_settings(LAX))) as client:
        assert "snap" in [g["id"] for g in client.get("/api/games").json()]
        assert client.get("/api/games/snap/cards", params={"players": 2}).json()["red 1"]["number"] == 1
        room = client.post("/api/rooms", json={"game": "snap", "players": 2, "bots": {"1": "snappy"},
                                               "options": {"speed": 0}}).json()["room"]
        token = client.post(f"/api/rooms/{room}/join", json={"name": "Ada"}).json()["token"]
        with client.websocket_connect(f"/ws/rooms/{room}?token={token}") as ws:
            for _ in range(2000):
                message = ws.receive_json()
                if message["type"] == "state" and message["over"]:
                    break
                if message["type"] == "state" and message["legal_ids"]:
                    ws.send_json({"type": "act", "action": message["legal_ids"][0], "seen": message["version"]})
            else:
                raise AssertionError("the game did not end")
        assert message["observation"]["game"] == "snap" and len(message["observation"]["winners"]) == 1


def test_the_rl_environments_take_it(games_folder: Path) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    import zdeck.rl
    from tests.rl.test_checkers import strict_warnings

    assert "snap" in zdeck.rl.encoded_games()
    with strict_warnings():  # PettingZoo's warnings, as the eight games' checkers take them
        api_test(zdeck.rl.env("snap", 3), num_cycles=200)
    env = zdeck.rl.raw_env("snap", 2)
    env.reset(seed=5)
    assert env.observe(env.agent_selection)["observation"].shape == env.observation_space(env.agent_selection)["observation"].shape


def zdeck_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "zdeck.cli", *args], capture_output=True, text=True, timeout=120,
                          env=os.environ.copy(), check=False)


def test_the_command_line_lists_explains_and_simulates_it(games_folder: Path) -> None:
    listed = zdeck_command("list")
    assert listed.returncode == 0 and "snap" in listed.stdout, listed.stderr
    rules = zdeck_command("rules", "snap")
    assert rules.returncode == 0 and "Snap!" in rules.stdout and "snap_penalty" in rules.stdout, rules.stderr
    simulated = zdeck_command("simulate", "snap", "-p", "3", "-n", "30", "--bots", "snappy,random", "--workers", "1")
    assert simulated.returncode == 0 and "snappy" in simulated.stdout, simulated.stderr


def test_the_terminal_table_plays_it_with_no_terminal_code_of_its_own(games_folder: Path) -> None:
    """The template has no `terminal.py`: the generic text view draws its table from the shared observation
    vocabulary and its faces, and a person plays a whole game by the keys shown at 80x24 - every legal action
    reachable by a key - to a summary of the end."""
    from tests.tui.helpers import play_by_keys, run
    from zdeck.live.local import LocalTable
    from zdeck.textview import TextView, view_for
    from zdeck.tui.app import ZdeckApp

    assert not (games_folder / "snap" / "terminal.py").exists()
    game = zdeck.make("snap", players=3)
    assert type(view_for(game)) is TextView
    app = ZdeckApp(LocalTable(game, 0, ["snappy"], seed=4, speed=0.0))

    async def play() -> int:
        async with app.run_test(size=(80, 24)) as pilot:
            return await play_by_keys(app, pilot)

    assert run(play()) > 0
    assert app.table.over and app.summaries and app.summaries[-1].last
    record = app.finished
    assert record is not None and any(entry[0] == 0 for entry in record.actions)
