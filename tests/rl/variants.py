"""The games and main variants every RL test runs (docs/rl.md names them): short games, so the
ecosystem's checkers see whole games in a few seconds."""

from __future__ import annotations

from typing import Any

# (game id, players, options)
VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("zipzap", 2, {"rounds": 1}),
    ("zipzap", 4, {"rounds": 1, "scoring": "wins"}),
    ("zoop", 3, {}),
    ("zoop", 5, {"calls": "strict", "wild_rule": "free", "zoop_turn": "jumps"}),
    ("zopzoo", 2, {"target": 200}),
    ("zopzoo", 3, {"target": 200, "assist": "manual", "recall": True}),
    ("zoker-tiko", 3, {}),
    ("zoker-tiko", 2, {"compare": "previous", "match": "games", "rounds": 2}),
    ("zoker-kubo", 2, {}),
    ("zoker-kubo", 3, {"scoring": "claim"}),
    ("zar", 2, {"hands": 1}),
    ("zar", 3, {"hands": 1, "chameleons": 1, "calls": "strict"}),
    ("zoker-solo", 1, {}),
    ("zoker-memo", 2, {}),
    ("zoker-memo", 3, {"pair_rule": "one", "deal": 8, "after_pair": "pass", "stuck": "end"}),
]


def name(variant: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = variant
    opts = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{players}p" + (f"-{opts}" if opts else "")


IDS = [name(v) for v in VARIANTS]
