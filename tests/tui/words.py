"""What no table may say: the words and shapes of the engine's data (issue 31, "Speak the players' language")."""

from __future__ import annotations

import re

ENGINE_WORDS = [
    r"\bplacer\b", r"\bmatchable\b", r"\btop_as\b", r"\bcapturable\b", r"\bdiscard_reason\b",
    r"\bhand_winner\b", r"\bphase\b", r"\bgroup:", r"\bowner\b", r"\bstack:", r"\bNone\b", r"\bnull\b", r"\bTrue\b",
    r"\bFalse\b", r"\btrue\b", r"\bfalse\b", r"[{}]", r"\br\dc\d\b", r"\b[pP]\d\b", r"\bseat\b", r"\bversion\b",
    r"\w_\w", r"\byou (leads|plays|draws|wins|has|is|was|ended their)\b", r"\b1 (points|cards|pts)\b",
    r"\(turn\)", r"\bpts?:", r"\bturn \d+\b", r"\bgive \w+ to\b",
]


def engine_words(text: str) -> list[str]:
    return [pattern for pattern in ENGINE_WORDS if re.search(pattern, text)]


