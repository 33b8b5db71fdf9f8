"""Finds the games and their own bots.

Every package under `zdeck.decks` exports `GAMES`, a list of Game classes, and may
export `BOTS`, a dict from game id to {bot name: "module:factory"} for its heuristics,
strongest first (the first is the one a person meets by default: `zdeck.botspecs.default_bot`).
A bot's module is imported when such a bot is made, so listing the bots imports none of them.
Bots by spec, the search included, are made by `zdeck.botspecs`, a layer above this one.
Each game's rules and observation pages are in its folder (`rules.md`, `observations.md`: package data,
read as an editable install reads them, `rules_document`); the shared documents ship in `zdeck/docs/`
(links to the source tree's `docs/`): `document`.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from zdeck.bots import BotFactory, RandomBot
from zdeck.core import Game, shorten

if TYPE_CHECKING:
    from zdeck.batch.figures import GameFigures


EXTRA_GAMES = "ZDECK_GAMES"  # folders holding more game folders, os.pathsep-separated: a game in the making


@cache
def _packages() -> tuple[Any, ...]:
    """The packages under `zdeck.decks`: the game folders zdeck ships, and those in the folders ZDECK_GAMES
    names, which join `zdeck.decks` as if they had been copied into it (a game's folder is all it needs)."""
    root = importlib.import_module("zdeck.decks")
    for folder in os.environ.get(EXTRA_GAMES, "").split(os.pathsep):
        if folder and folder not in root.__path__:
            root.__path__.append(folder)
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


def own_bots(game_id: str) -> dict[str, BotFactory | str]:
    """A game's bots by name, "random" first: each a factory or, as packages name theirs, its
    "module:factory" (`bot_factory` imports it)."""
    game_class(game_id)
    own: dict[str, BotFactory | str] = {}
    for package in _packages():
        own.update(getattr(package, "BOTS", {}).get(game_id, {}))
    return {"random": RandomBot, **own}


def bot_factory(target: BotFactory | str) -> BotFactory:
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
    """The rules of a game in Markdown, ending with its Clarifications: the `rules.md` of its folder (the
    source tree's docs/rules/GAME.md links to it)."""
    from importlib import resources

    package = game_class(game_id).__module__.rpartition(".")[0]  # an unknown id is refused by name first
    try:
        return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{game_id} has no rules.md in its folder in this installation ({type(exc).__name__})") from None
