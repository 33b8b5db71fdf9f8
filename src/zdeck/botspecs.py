"""Bots by spec, as `--bots` and a table's seats name them: a game's own bots, "random", and the search
bots every game has, which take parameters after a colon (`ismcts:iters=2000,c=0.7`).

A layer above the registry (which finds the games and their own bots) and the search (which it makes):
neither of those imports this module.
"""

from __future__ import annotations

from zdeck.bots import Bot
from zdeck.core import shorten
from zdeck.handicap import HANDICAPS, Handicapped, split_handicaps
from zdeck.registry import bot_factory, own_bots

SEARCH_BOTS = ("ismcts",)  # bots every game has, which take parameters: `ismcts:iters=2000,c=0.7`


def bot_names(game_id: str) -> list[str]:
    """Bots available for a game: "random", the game's own heuristics, and "ismcts" (which takes
    parameters: see `make_bot`)."""
    return [*own_bots(game_id), *SEARCH_BOTS]


def default_bot(game_id: str) -> str:
    """The bot a person plays against unless they choose: the game's first own bot - each game lists
    its `BOTS` strongest first, by measured strength - or "random" for a game without bots of its own."""
    names = list(own_bots(game_id))
    return names[1] if len(names) > 1 else names[0]


def make_bot(game_id: str, name: str) -> Bot:
    """A new bot by its spec: a name of `bot_names`, and for a search bot its parameters after a colon
    (`ismcts:iters=2000,c=0.7`, `ismcts:ms=200,rollout=greedy`). Any bot also takes a person's handicaps there
    (`greedy:reaction=1600,miss=0.3,err=0.15`: `zdeck.handicap`). ValueError says what was wrong."""
    if not isinstance(name, str):
        raise ValueError(f"a bot spec is a text, not {type(name).__name__} {shorten(name)}")  # noqa: TRY004
    spec = name.strip()
    base, colon, params = spec.partition(":")
    base = base.strip()
    own, handicaps = split_handicaps(spec, params) if colon else ("", {})
    bot = _plain_bot(game_id, base, own if handicaps else params, bool(colon) and not handicaps, name)
    return Handicapped(bot, spec, handicaps) if handicaps else bot


def _plain_bot(game_id: str, base: str, params: str, bare_colon: bool, name: str) -> Bot:
    """The bot `base` with its own parameters (a search's), before any handicap."""
    factories = own_bots(game_id)
    if base in SEARCH_BOTS:
        from zdeck.search import ismcts_from_spec  # (only a search pays for its import: `zdeck list` starts fast)

        own = {bot: bot_factory(target) for bot, target in factories.items()}  # (its rollout bot may be any)
        return ismcts_from_spec(f"{base}:{params}" if params.strip() else base, params, own, game_id)
    if base in factories and (params.strip() or bare_colon):
        raise ValueError(f"bot {base!r} takes no parameters but a person's handicaps "
                         f"({', '.join(HANDICAPS)}; only {', '.join(SEARCH_BOTS)} takes more): {shorten(name)}")
    if base not in factories:  # looked up first: a KeyError inside a factory is a bug, not an unknown name
        raise ValueError(f"unknown bot {shorten(name)} for {game_id}; choose from {', '.join(bot_names(game_id))}")
    return bot_factory(factories[base])()


def split_bot_specs(text: str) -> list[str]:
    """A comma-separated list of bot specs, where a spec's own parameters are comma-separated too:
    "greedy,ismcts:iters=500,c=0.5,random" -> ["greedy", "ismcts:iters=500,c=0.5", "random"]. A part
    with "=" but no ":" continues the spec before it."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and specs and ":" in specs[-1]:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs
