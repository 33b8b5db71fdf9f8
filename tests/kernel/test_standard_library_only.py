"""The rules engine imports nothing beyond the standard library: the games, their bots, the simulator,
records and the search, used through the kernel contract, load no third-party module."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys, sysconfig
import zdeck, zdeck.records, zdeck.search
from zdeck.sim import play
for game_id in zdeck.games():
    game = zdeck.make(game_id)
    bots = [zdeck.make_bot(game_id, name) for name in zdeck.bot_names(game_id)[:2]]
    play(game, [bots[seat % len(bots)] for seat in range(game.players)], seed=1, max_steps=200_000)
outside = sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]
third_party = sorted({name.partition(".")[0] for name, module in list(sys.modules.items())
                      if getattr(module, "__file__", None) and module.__file__.startswith(outside)
                      and not name.startswith("zdeck") and not name.startswith("_distutils")})
print(json.dumps(third_party))
"""


def test_the_engine_games_bots_simulator_and_search_load_only_the_standard_library() -> None:
    run = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=300)
    assert json.loads(run.stdout.strip().splitlines()[-1]) == []
