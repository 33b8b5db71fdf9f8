"""What the table draws and binds, read from the game's metadata - never from a card's or an action's text.

`Game.card_faces()` gives every card text an observation can show as data (colour, number, animal,
label, colour_hex, ...); `Game.action_faces()` gives every action id its kind and the card it acts on
(`{"kind": "play", "card": "red 4"}`, `{"kind": "call", ...}`, `{"kind": "draw"}`). A game without
them (an older engine) is still drawn, its cards by their text alone in neutral colours, and every
action is reached through the action list rather than by a card's key.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from zdeck.core import Game

# The key a kind of action takes, when the game has it: the issue's own (z: Zap/ZOOP!, m: MATCH), then
# the verbs the games use. A kind not named here takes the first free letter of its name.
CALL_KEYS = {
    "zap": "z", "zoop": "z", "call": "z", "match": "m", "draw": "d", "pass": "p", "end": "e", "take": "t",
    "dig": "g", "stop": "s", "deal": "n", "discard": "x", "wild": "w", "score": "c", "cover": "v",
    "give": "i", "steal": "l", "switch": "h", "place": "a", "turn": "u", "move": "o",
}
# Kinds that keep their call key even when they name a card of the hand: a call is shouted, not aimed.
CALLS = frozenset({"zap", "zoop", "call", "match"})
NEUTRAL = "#9aa3ad"  # a card of a game without faces


class Faces:
    """A game's card and action faces, looked up once."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.cards: dict[str, dict[str, Any]] = _call(game, "card_faces") or {}
        actions = _call(game, "action_faces")
        self.actions: list[dict[str, Any]] | None = list(actions) if actions is not None else None
        self.call_keys = self._call_keys()

    @property
    def has_actions(self) -> bool:
        return self.actions is not None

    def card(self, text: str) -> dict[str, Any]:
        """The face of a card text (a bare label for a text the game does not describe)."""
        return self.cards.get(text) or {"label": text}

    def action(self, text: str) -> dict[str, Any]:
        """The face of an action text: `{}` when the game has no action faces."""
        if self.actions is None:
            return {}
        try:
            return self.actions[self.game.action_id(self.game.parse_action(text))]
        except (ValueError, IndexError):
            return {}

    def key_of(self, face: dict[str, Any], hand: Iterable[str]) -> tuple[str, str | None]:
        """("card", card text) when this action puts down a card of the hand, else ("call", its key).
        The calls the issue names (Zap, ZOOP!, MATCH) keep their own key even when they name a card."""
        card, kind = face.get("card"), str(face.get("kind", ""))
        if isinstance(card, str) and kind not in CALLS and card in set(hand):
            return "card", card
        return "call", self.call_keys.get(kind)

    def _call_keys(self) -> dict[str, str]:
        """One key per kind of action of this game, fixed for the game (so it never moves)."""
        keys: dict[str, str] = {}
        for face in self.actions or []:
            kind = str(face.get("kind", ""))
            if not kind or kind in keys:
                continue
            wanted = [CALL_KEYS.get(kind, ""), *kind.lower(), *"bcfgijklnostuvwxy"]
            used = set(keys.values()) | {"q", "r"}
            keys[kind] = next((k for k in wanted if k and k.isalpha() and k not in used), "")
        return {kind: key for kind, key in keys.items() if key}


def _call(game: Game, name: str) -> Any:
    method = getattr(game, name, None)
    return method() if callable(method) else None


def colour_of(face: dict[str, Any]) -> str:
    """A colour to draw the card in: the game's `colour_hex`, else a neutral grey."""
    value = face.get("colour_hex")
    return value if isinstance(value, str) and value.startswith("#") else NEUTRAL


def label_of(face: dict[str, Any], text: str) -> tuple[str, str]:
    """Two short lines a small card shows: its label, and what else the face names (colour, animal...)."""
    top = str(face.get("label") or text)
    under = ""
    for key in ("animal", "symbol", "shape", "colour", "kind"):
        value = face.get(key)
        if isinstance(value, str) and value and value.lower() not in top.lower():
            under = value
            break
    return top, under
