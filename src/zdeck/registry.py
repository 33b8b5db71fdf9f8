"""Finds the games and their bots.

Every package under `zdeck.decks` exports `GAMES`, a list of Game classes, and may
export `BOTS`, a dict from game id to {bot name: "module:factory"} for its heuristics,
strongest first (the first is the one a person meets by default: `default_bot`). A bot's
module is imported when such a bot is made, so listing the bots imports none of them.
The rules documents ship inside the package (`zdeck/docs/`, a link to the source tree's
`docs/`), so an installed zdeck reads them as an editable one does: `document`.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from zdeck.bots import Bot, BotFactory, RandomBot
from zdeck.core import Game, shorten

if TYPE_CHECKING:
    from zdeck.batch.figures import GameFigures


@cache
def _packages() -> tuple[Any, ...]:
    root = importlib.import_module("zdeck.decks")
    return tuple(importlib.import_module(f"zdeck.decks.{m.name}") for m in pkgutil.iter_modules(root.__path__))


@cache
def _registry() -> dict[str, type[Game]]:
    found: dict[str, type[Game]] = {}
    for package in _packages():
        for cls in getattr(package, "GAMES", ()):
            if cls.id in found:
                raise RuntimeError(f"game id {cls.id!r} is defined twice")
            found[cls.id] = cls
    return dict(sorted(found.items()))


SEARCH_BOTS = ("ismcts",)  # bots every game has, which take parameters: `ismcts:iters=2000,c=0.7`


def bot_names(game_id: str) -> list[str]:
    """Bots available for a game: "random", the game's own heuristics, and "ismcts" (which takes
    parameters: see `make_bot`)."""
    return [*_bots(game_id), *SEARCH_BOTS]


def default_bot(game_id: str) -> str:
    """The bot a person plays against unless they choose: the game's first own bot - each game lists
    its `BOTS` strongest first, by measured strength - or "random" for a game without bots of its own."""
    names = list(_bots(game_id))
    return names[1] if len(names) > 1 else names[0]


def make_bot(game_id: str, name: str) -> Bot:
    """A new bot by its spec: a name of `bot_names`, and for a search bot its parameters after a colon
    (`ismcts:iters=2000,c=0.7`, `ismcts:ms=200,rollout=greedy`). ValueError says what was wrong."""
    if not isinstance(name, str):
        raise ValueError(f"a bot spec is a text, not {type(name).__name__} {shorten(name)}")  # noqa: TRY004
    factories = _bots(game_id)
    base, colon, params = name.partition(":")
    base = base.strip()
    if base in SEARCH_BOTS:
        from zdeck.search import ismcts_from_spec  # (only a search pays for its import)

        own = {bot: _factory(target) for bot, target in factories.items()}  # (its rollout bot may be any)
        return ismcts_from_spec(name.strip(), params, own, game_id)
    if base in factories and colon:
        raise ValueError(f"bot {base!r} takes no parameters (only {', '.join(SEARCH_BOTS)} does): {shorten(name)}")
    if name not in factories:  # looked up first: a KeyError inside a factory is a bug, not an unknown name
        raise ValueError(f"unknown bot {shorten(name)} for {game_id}; choose from {', '.join(bot_names(game_id))}")
    return _factory(factories[name])()


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


def _bots(game_id: str) -> dict[str, BotFactory | str]:
    """A game's bots by name: each a factory or, as packages name theirs, its "module:factory"."""
    game_class(game_id)
    own: dict[str, BotFactory | str] = {}
    for package in _packages():
        own.update(getattr(package, "BOTS", {}).get(game_id, {}))
    return {"random": RandomBot, **own}


def _factory(target: BotFactory | str) -> BotFactory:
    """The factory itself, or the one a "module:factory" text names, imported now."""
    if not isinstance(target, str):
        return target
    module, _, attribute = target.partition(":")
    factory: BotFactory = getattr(importlib.import_module(module), attribute)
    return factory


def game_metrics(game_id: str) -> Callable[[], GameFigures] | None:
    """The factory of a game's own figures for reports (`zdeck.batch.figures.GameFigures`), or None.

    A game names them in an optional `metrics.py` beside its rules (`METRICS = {"game-id": Factory}`);
    it is imported only here, when a batch asks for figures."""
    module_name = game_class(game_id).__module__.rpartition(".")[0] + ".metrics"
    if importlib.util.find_spec(module_name) is None:
        return None
    factory: Callable[[], GameFigures] | None = getattr(importlib.import_module(module_name), "METRICS", {}).get(game_id)
    return factory


def games() -> list[str]:
    """The ids of every game zdeck knows."""
    return list(_registry())


def game_class(game_id: str) -> type[Game]:
    try:
        return _registry()[game_id]
    except KeyError:
        raise ValueError(f"unknown game {shorten(game_id)}; known games: {', '.join(games())}") from None


def make(game_id: str, /, players: int | None = None, **options: Any) -> Game:
    """The game `game_id` for `players` seats with these options (ValueError if not allowed).

    `game_id` is positional-only, so an option of that name is reported as unknown, not a TypeError.
    """
    return game_class(game_id)(players, **options)


def document(name: str) -> str:
    """A document shipped with zdeck, by its path under docs/: "rules/zipzap.md", "observations.md".

    Read as package data (`importlib.resources`): the same from a source tree, an editable install or
    a wheel. ValueError when this installation has no such document.
    """
    from importlib import resources  # (a 20 ms import: only the commands that read a document pay it)

    parts = name.split("/")
    if not name.endswith(".md") or any(part in ("", ".", "..") for part in parts):
        raise ValueError(f"no document {shorten(name)}: documents are .md files under docs/")
    try:
        return resources.files("zdeck").joinpath("docs", *parts).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"no document docs/{name} in this installation of zdeck ({type(exc).__name__})") from None


def rules_document(game_id: str) -> str:
    """The rules of a game in Markdown (docs/rules/GAME.md), each ending with its Clarifications."""
    game_class(game_id)  # an unknown id is refused by name, before any file is looked for
    return document(f"rules/{game_id}.md")
