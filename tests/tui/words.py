"""What no table may say: the words and shapes of the engine's data (issue 31, "Speak the players' language").

`BROWSER_WORDS` is the browser tests' list (`ENGINE_WORDS` of tests/browser/helpers.py), copied word
for word so both tables are held to the same words (test_words_are_the_browsers checks the copy while both
exist); `TERMINAL_WORDS` adds what the terminal's text views once said.
"""

from __future__ import annotations

import re

BROWSER_WORDS = [
    r"\((turn|race|lead|play|first|second|drawn|owed|special|discard|trick|shout|again|wild|mole|match|chain|out)\)",
    r"[{}\[\]]", r"\bnull\b", r"\bundefined\b", r"\bNaN\b", r"\btrue\b", r"\bfalse\b", r"\[object",
    r"\bp\d\b", r"\br\d+c\d+\b", r"\bcapturable\b", r"\bmatchable\b", r"\bplacer\b", r"\bowed\b", r"\bstack:",
    r"\bversion\b", r"\byou (leads|draws|plays|turns|was)\b", r"\b1 (points|cards)\b", r"\bpts\b", r"_",
    r"\(seat \d+\)", r"\bscore \d+ ·",
]
TERMINAL_WORDS = [
    r"\btop_as\b", r"\bdiscard_reason\b", r"\bhand_winner\b", r"\bphase\b", r"\bgroup:", r"\bowner\b", r"\bNone\b",
    r"\bTrue\b", r"\bFalse\b", r"\bP\d\b", r"\bseat\b", r"\byou (wins|has|is|ended their)\b", r"\b1 pts\b",
    r"\bpts?:", r"\bturn \d+\b", r"\bgive \w+ to\b",
]
ENGINE_WORDS = BROWSER_WORDS + TERMINAL_WORDS


def engine_words(text: str) -> list[str]:
    return [pattern for pattern in ENGINE_WORDS if re.search(pattern, text)]
