"""Behaviour fingerprints: a hash per game over whole seeded games, so a refactor proves it changed nothing.

For every game: the smallest, default and largest table (ZAR at most 9), seeds 0..N-1, once with random
bots and once with the game's own bots at every seat. The hash covers each game's record (actions,
scores, winners) and - separately - its final `to_dict()`. `fingerprints.json` holds both hashes of
the rules as they stand; a change of behaviour (or of the saved-state format) must update it in the
same commit, with a reason.

    python -m tests.golden.fingerprint            # print both hashes per game
    python -m tests.golden.fingerprint --write    # rewrite fingerprints.json
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import zdeck
from zdeck.sim import play

GOLDEN = Path(__file__).with_name("fingerprints.json")
SEEDS = 30
SLOW_BOTS = {"solver": 2}  # bots too slow for every seed: this many seeds


def tables(game_id: str) -> list[int]:
    cls = zdeck.game_class(game_id)
    hi = min(cls.max_players, 9)
    mid = cls.default_players or cls.min_players
    return sorted({cls.min_players, mid, hi})


def fingerprint(game_id: str) -> tuple[str, str]:
    """(hash of the records, hash of the final states) over this game's fixed batch."""
    records, finals = hashlib.sha256(), hashlib.sha256()
    for players in tables(game_id):
        game = zdeck.make(game_id, players)
        for bot in zdeck.bot_names(game_id):
            if bot in zdeck.botspecs.SEARCH_BOTS:  # (searching bots have tests of their own: tests/search)
                continue
            for seed in range(SLOW_BOTS.get(bot, SEEDS)):
                state, record = play(game, [zdeck.make_bot(game_id, bot) for _ in range(players)], seed)
                assert record is not None
                records.update(record.to_json().encode())
                finals.update(json.dumps(state.to_dict(), sort_keys=True).encode())
    return records.hexdigest()[:16], finals.hexdigest()[:16]


def main(argv: list[str]) -> None:
    chosen = [a for a in argv if not a.startswith("--")] or zdeck.games()
    golden = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    for game_id in chosen:
        records, final_states = fingerprint(game_id)
        pinned = {"records": records, "final_states": final_states}
        mark = "" if golden.get(game_id) in (None, pinned) else "  CHANGED"
        print(f"{game_id:12} records {pinned['records']}  final states {pinned['final_states']}{mark}")
        golden[game_id] = pinned
    if "--write" in argv:
        GOLDEN.write_text(json.dumps(dict(sorted(golden.items())), indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
