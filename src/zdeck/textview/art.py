"""Pictures of the cards for a text table, read from the game's folder (`art.json`, the artwork set the
browser draws, kept as data beside the game): an emoji where a terminal font has one, a one-cell glyph
where it may not, nothing where the game has no pictures - the card's words always stay.

`art.json` says which face keys name a picture (`by`: "animal", or "symbol" then "creature"), and for each
picture its `emoji` (with the Unicode emoji version it needs), a one-cell `glyph` where one exists, and its
`text`. A card whose face names no picture (a number card) has none.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from zdeck.core import Game

MODES = ("emoji", "glyphs", "words")  # pictures as emoji (else glyphs), glyphs only, or none: words only
EMOJI_UP_TO = 14.0  # emoji newer than this are missing from many terminal fonts: their glyph, or no picture
_JOINERS = {"\ufe0f", "\u200d"}


class Art:
    """The pictures of one game's cards, in one of `MODES`."""

    def __init__(self, data: Mapping[str, Any] | None, mode: str = "emoji") -> None:
        if mode not in MODES:
            raise ValueError(f"pictures: {mode!r} is not one of {', '.join(MODES)}")
        self.mode = mode
        data = data or {}
        self.by: tuple[str, ...] = tuple(str(k) for k in data.get("by") or ())
        self.pictures: dict[str, dict[str, Any]] = dict(data.get("pictures") or {})
        self.kinds: dict[str, dict[str, Any]] = dict(data.get("kinds") or {})

    @classmethod
    def of(cls, game: Game, mode: str = "emoji") -> Art:
        return cls(art_data(type(game)), mode)

    def entry(self, face: Mapping[str, Any]) -> dict[str, Any] | None:
        """The picture a card face names, if any."""
        for key in self.by:
            value = face.get(key)
            if isinstance(value, str) and value in self.pictures:
                return self.pictures[value]
        kind = face.get("kind")
        return self.kinds.get(kind) if isinstance(kind, str) else None

    def picture(self, face: Mapping[str, Any]) -> str:
        """What to draw beside the card's words: "" when the game has none for it, or words only."""
        entry = self.entry(face)
        if entry is None or self.mode == "words":
            return ""
        emoji = str(entry.get("emoji") or "")
        if self.mode == "emoji" and emoji and _safe_emoji(emoji, entry.get("unicode")):
            return "".join(ch for ch in emoji if ch != "\ufe0f")
        glyph = str(entry.get("glyph") or "")
        return glyph if len(glyph) == 1 and not _wide(glyph) else ""


def _safe_emoji(emoji: str, version: Any) -> bool:
    """An emoji every terminal draws two cells wide: each of its characters is wide by itself (a text-style
    symbol made emoji by a variation selector, like the cloud, is drawn one or two cells wide depending on
    the terminal, which would shift the card's border), and not newer than the fonts most terminals have."""
    if isinstance(version, int | float) and version > EMOJI_UP_TO:
        return False
    return all(_wide(ch) for ch in emoji if ch not in _JOINERS)


@cache
def art_data(game_class: type[Game]) -> dict[str, Any] | None:
    """`art.json` of the game's folder, or of the folder it belongs to (as `Game.part` finds modules)."""
    packages = [c.__module__.rpartition(".")[0] for c in game_class.__mro__ if issubclass(c, Game)][:-1]
    for package in packages:
        for folder in (package, package.rpartition(".")[0]):
            try:
                found = resources.files(folder).joinpath("art.json")
            except (ModuleNotFoundError, TypeError):
                continue
            if found.is_file():
                data = json.loads(found.read_text(encoding="utf-8"))
                return data if isinstance(data, dict) else None
    return None


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")
