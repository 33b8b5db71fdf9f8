"""Small words every table uses: counts with their noun, numbers as a scoresheet writes them, seats by name."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

BOT_MARK = "🤖"
BOT_WORD = "(bot)"


def plural(count: float, noun: str, many: str | None = None) -> str:
    """A count with its noun, the noun singular for one (or minus one).

    >>> plural(1, "point"), plural(2, "point"), plural(0, "card"), plural(-1, "point")
    ('1 point', '2 points', '0 cards', '-1 point')
    """
    word = noun if abs(count) == 1 else (many or noun + "s")
    return f"{number(count)} {word}"


def number(value: Any) -> str:
    """A score as a scoresheet writes it: 3, not 3.0; 2.5 stays 2.5."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def signed(value: Any) -> str:
    """A round's points as a scoresheet writes them: with a sign when won.

    >>> signed(3), signed(0), signed(-2.0)
    ('+3', '0', '-2')
    """
    text = number(value)
    return "+" + text if isinstance(value, int | float) and value > 0 else text


def joined(items: Iterable[str], last: str = "and") -> str:
    """Words listed as a sentence says them.

    >>> joined(["a"]), joined(["a", "b"]), joined(["a", "b", "c"])
    ('a', 'a and b', 'a, b and c')
    """
    listed = [item for item in items if item]
    if len(listed) <= 1:
        return "".join(listed)
    return f"{', '.join(listed[:-1])} {last} {listed[-1]}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Seats:
    """Who sits where, by the names a table shows: "you" for this seat, a person's name, a bot's name with a
    bot mark (and its level when the table says it). Built from a `state` message's `seats`."""

    names: tuple[str, ...]
    me: int | None
    bots: frozenset[int] = frozenset()

    @classmethod
    def of(cls, seats: Sequence[Mapping[str, Any]], me: int | None, pictures: bool = True) -> Seats:
        names: list[str] = []
        bots: set[int] = set()
        ordered = sorted(seats, key=lambda s: int(s.get("seat", 0)))
        taken = [str(info.get("name") or "") for info in ordered]
        for info in ordered:
            p = int(info.get("seat", len(names)))
            names.append(_seat_name(info, p, pictures, taken.count(str(info.get("name") or "")) > 1))
            if info.get("kind") == "bot":
                bots.add(p)
        return cls(tuple(names), me, frozenset(bots))

    @classmethod
    def plain(cls, players: int, me: int | None) -> Seats:
        """Seats known only by number (a table that sent no names)."""
        return cls(tuple(f"Player {p + 1}" for p in range(players)), me)

    def who(self, seat: Any) -> str:
        """The seat as the subject of a sentence: "you", "Ann", "Bo 🤖"."""
        if seat == self.me:
            return "you"
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "someone"

    def whose(self, seat: Any) -> str:
        """A seat's possessive, "your" for your own.

        >>> Seats(("you", "Ann"), 0).whose(0), Seats(("you", "Ann"), 0).whose(1)
        ('your', "Ann's")
        """
        return "your" if seat == self.me else f"{self.who(seat)}'s"

    def name(self, seat: int) -> str:
        """The seat's name as a list shows it ("you" for this seat)."""
        return self.who(seat)

    def __len__(self) -> int:
        return len(self.names)


def _seat_name(info: Mapping[str, Any], p: int, pictures: bool, shared: bool) -> str:
    """A seat's name; bots sharing one (two "heuristic" bots) are told apart by their place at the table."""
    name = str(info.get("name") or f"Player {p + 1}")
    if info.get("kind") != "bot":
        return name
    name = capital(name) + (f" {p + 1}" if shared else "")
    level = info.get("level")
    mark = BOT_MARK if pictures else BOT_WORD
    return f"{name} {mark}" + (f" {level}" if level else "")
