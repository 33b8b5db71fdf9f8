"""The Zoker deck at a text table (`zdeck.textview`): a card is its code (S1 .. XL4) over its colour word, the
way its corners print it. Each Zoker game's own `terminal.py` builds on this view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from zdeck.textview import TextView

QUALITIES = "colour, size and shape"


class View(TextView):
    def title(self, card: str, face: Mapping[str, Any]) -> str:
        return str(face.get("label") or card)

    def detail(self, card: str, face: Mapping[str, Any]) -> str:
        return str(face.get("colour") or "")
