"""What the table draws and binds, read from the game's metadata - never from a card's or an action's text.

`Game.card_faces()` gives every card text an observation can show as data (colour, number, animal,
label, colour_hex, ...); `Game.action_faces()` gives every action id its kind and what it acts on
(`{"kind": "play", "card": "red 4"}`, `{"kind": "call", "call": "ZOOP!", "card": ...}`,
`{"kind": "turn", "place": 11}`). A game without action faces (an engine older than them) is still
played: every action is then reached through the list of all actions (space).

Where an action goes on the keyboard (`Faces.targets`):

- a card of your hand (`card`, or the first of `cards` you hold): that card's key;
- a place on the board (`place`, `from_pile`): that place's key, drawn on the board;
- a call (`kind` "call", or a play whose call only one card makes, like Zip Zap's ZAP!): the call's key,
  from the first letter of what is called (z: ZAP!/ZOOP!, c: Captured!, s: Score!); ZAR's MATCH and
  Last Card are said with a card, so they are that card's key (a list asks which words go with it);
- anything else (draw, pass, end, deal, ...): the key of its kind (d, p, e, n, ...).

Call and kind keys are fixed per game when the app starts, so they never move.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from zdeck.core import Game
from zdeck.textview.base import game_faces

# The key a kind of action takes, when free: d draw, p pass, ... A kind not named takes the first free
# letter of its name.
KIND_KEYS = {
    "draw": "d", "pass": "p", "end": "e", "take": "t", "dig": "g", "stop": "s", "deal": "n", "discard": "x",
    "place": "a", "cover": "v", "give": "i", "steal": "l", "switch": "h", "declare": "y", "move": "o",
    "turn": "u",
}
RESERVED = frozenset("qr")  # the app's own: quit, rules
NEUTRAL = "#9aa3ad"  # a card of a game without faces

Target = tuple[Any, ...]  # ("card", text) | ("board", place...) | ("key", letter) | ("list",)


class Faces:
    """A game's card and action faces, looked up once, and each action's fixed key."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.cards: dict[str, dict[str, Any]] = game_faces(game, "card_faces") or {}
        actions = game_faces(game, "action_faces")
        self.actions: list[dict[str, Any]] | None = list(actions) if actions is not None else None
        self.keys: list[str | None] = []  # by action id: its call or kind key
        self.key_names: dict[str, str] = {}  # key -> what it does, for the help screen
        self._one_card_calls: set[str] = set()
        self._assign_keys()
        self.board = [t for t in dict.fromkeys(board_target(f) for f in self.actions or []) if t is not None]
        # where each card lies on a board the game describes by action (Kubo's cube: layer and cell)
        self.places: dict[str, tuple[int, int]] = {
            str(f["card"]): (int(f["layer"]), int(f["cell"])) for f in self.actions or []
            if isinstance(f.get("card"), str) and isinstance(f.get("layer"), int) and isinstance(f.get("cell"), int)}
        # cards as wide as the game's labels need (Zip Zap's "10", Zoop's "2 Toucans"): 7 to 13 cells
        longest = max((len(line) for text, face in self.cards.items() for line in label_of(face, text)), default=5)
        self.width = min(max(longest, 5), 11) + 2

    def card(self, text: str) -> dict[str, Any]:
        """The face of a card text (a bare label for a text the game does not describe)."""
        return self.cards.get(text) or {"kind": "card", "label": text}

    def action_id(self, text: str) -> int | None:
        try:
            return self.game.action_id(self.game.parse_action(text))
        except ValueError:
            return None

    def action(self, text: str) -> dict[str, Any]:
        """The face of an action text: `{}` when the game has no action faces."""
        ident = self.action_id(text)
        if self.actions is None or ident is None:
            return {}
        return self.actions[ident]

    def targets(self, text: str, hand: Iterable[str], ident: int | None = None) -> list[Target]:
        """Where this action is on the keyboard now (several places: Zip Zap's Zap is its card and z).
        `ident` is its id when the state message sent it (`legal_ids`)."""
        ident = self.action_id(text) if ident is None else ident
        if self.actions is None or ident is None:
            return [("list",)]
        face = self.actions[ident]
        found: list[Target] = []
        held = set(hand)
        if face.get("kind") != "call":
            cards = [face.get("card"), *(face.get("cards") or [])]
            card = next((c for c in cards if isinstance(c, str) and c in held), None)
            if card is not None:
                found.append(("card", card))
        board = board_target(face)
        if board is not None:
            found.append(board)
        key = self.keys[ident]
        if key is not None and (not found or face.get("kind") == "call" or self._solo_call(face)):
            found.append(("key", key))
        return found or [("list",)]

    def _solo_call(self, face: dict[str, Any]) -> bool:
        return bool(face.get("call")) and face.get("call") in self._one_card_calls

    def _assign_keys(self) -> None:
        """One key per call and per kind, fixed for the game."""
        if self.actions is None:
            return
        cards_of_call: dict[str, set[Any]] = {}
        for face in self.actions:
            if face.get("kind") != "call" and face.get("call"):
                cards_of_call.setdefault(str(face["call"]), set()).add(face.get("card"))
        self._one_card_calls = {call for call, cards in cards_of_call.items() if len(cards) == 1}
        by_group: dict[str, str] = {}
        for face in self.actions:
            group, wanted = self._group(face)
            if group is None:
                self.keys.append(None)
                continue
            if group not in by_group:
                used = set(by_group.values()) | RESERVED
                choice = next((k for k in [*wanted, *"bfjkwxy"] if k.isalpha() and k not in used), None)
                if choice is None:
                    self.keys.append(None)
                    continue
                by_group[group] = choice
                self.key_names.setdefault(choice, group)
            self.keys.append(by_group[group])

    def _group(self, face: dict[str, Any]) -> tuple[str | None, str]:
        """What shares a key with this action (a call's words, or a kind), and the letters it would like."""
        kind = str(face.get("kind") or "")
        call = face.get("call")
        if kind == "call" or (call and call in self._one_card_calls):
            words = str(call or face.get("label") or kind)
            return words, "".join(ch for ch in words.lower() if ch.isalpha())
        if kind in ("play",) or board_target(face) is not None:
            return None, ""  # on its card or its place
        if not kind:
            return None, ""
        return kind, KIND_KEYS.get(kind, "") + kind


def board_target(face: dict[str, Any]) -> Target | None:
    """A place of the board this action starts from: Memo's places, Solo's places and piles."""
    place = face.get("place")
    if isinstance(place, int):
        return ("board", place)
    if isinstance(place, list):
        return ("board", *place)
    if isinstance(face.get("from_pile"), int):
        return ("board", "pile", face["from_pile"])
    return None


def colour_of(face: dict[str, Any]) -> str:
    """A colour to draw the card in: the game's `colour_hex`, else a neutral grey."""
    value = face.get("colour_hex")
    return value if isinstance(value, str) and value.startswith("#") else NEUTRAL


def label_of(face: dict[str, Any], text: str) -> tuple[str, str]:
    """Two short lines a small card shows: its label, and what else the face names (animal, colour...)."""
    top = str(face.get("label") or text)
    under = ""
    for key in ("animal", "symbol", "creature", "category", "colour", "kind"):
        value = face.get(key)
        if isinstance(value, str) and value and value.lower() not in top.lower() and value not in ("card", "basic"):
            under = value
            break
    return top, under
