"""Small words every table uses: counts with their noun, numbers as a scoresheet writes them, seats by name."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
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
    bot mark (its level beside it in a list). Built from a `state` message's `seats`. `covers`: the person
    seats a bot plays for now ("away", or "clock" when their turn's clock ran out); `gone`: the people whose
    connection dropped (a bot may cover them soon)."""

    names: tuple[str, ...]
    me: int | None
    bots: frozenset[int] = frozenset()
    plates: tuple[str, ...] = ()
    covers: Mapping[int, str] = field(default_factory=dict)
    gone: frozenset[int] = frozenset()

    @classmethod
    def of(cls, seats: Sequence[Mapping[str, Any]], me: int | None, pictures: bool = True) -> Seats:
        names: list[str] = []
        plates: list[str] = []
        bots: set[int] = set()
        covers: dict[int, str] = {}
        gone: set[int] = set()
        ordered = sorted(seats, key=lambda s: int(s.get("seat", 0)))
        taken = [bare_name(info) for info in ordered]
        for info in ordered:
            p = int(info.get("seat", len(names)))
            name, plate = _seat_name(info, p, pictures, taken.count(bare_name(info)) > 1)
            names.append(name)
            plates.append(plate)
            if info.get("kind") == "bot":
                bots.add(p)
            elif not info.get("open"):
                cover = info.get("covered_by")
                if isinstance(cover, Mapping) or info.get("standin"):
                    covers[p] = str(cover.get("why") or "away") if isinstance(cover, Mapping) else "away"
                elif info.get("connected") is False:
                    gone.add(p)
        return cls(tuple(names), me, frozenset(bots), tuple(plates), covers, frozenset(gone))

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
        """The seat's name as a list shows it ("you" for this seat; a bot's with its level: "Bo 🤖 easy")."""
        if seat != self.me and 0 <= seat < len(self.plates):
            return self.plates[seat]
        return self.who(seat)

    def cover(self, seat: int) -> str:
        """Whether a bot plays for this person now, in a few words ("" if not): "away: a bot plays for them"."""
        whom = "you" if seat == self.me else "them"
        if seat in self.covers:
            return f"{'out of time' if self.covers[seat] == 'clock' else 'away'}: a bot plays for {whom}"
        return "away" if seat in self.gone else ""

    def __len__(self) -> int:
        return len(self.names)


BOT_LABEL = " · bot"  # how the room names a bot seat: "Ada · bot, easy", "Bo · bot (greedy)" (zdeck.live.seating)


def bare_name(info: Mapping[str, Any]) -> str:
    """A seat's name without the room's bot words: "Ada · bot, easy" -> "Ada".

    >>> bare_name({"name": "Ada · bot, easy", "kind": "bot"}), bare_name({"name": "Ann · bot fan", "kind": "person"})
    ('Ada', 'Ann · bot fan')
    """
    name = str(info.get("name") or "")
    if info.get("kind") == "bot" and BOT_LABEL in name:
        return name[: name.index(BOT_LABEL)]
    return name


def _seat_name(info: Mapping[str, Any], p: int, pictures: bool, shared: bool) -> tuple[str, str]:
    """A seat's name in a sentence and in a list. A bot says it is one once, by its mark ("Ada 🤖", or
    "Ada (bot)" without pictures), its level beside it in a list ("Ada 🤖 easy"); bots sharing a name are told
    apart by their place at the table ("Ada 2 🤖")."""
    name = bare_name(info) or ("an open seat" if info.get("open") else f"Player {p + 1}")
    if info.get("kind") != "bot":
        return name, name
    name = capital(name) + (f" {p + 1}" if shared else "")
    said = f"{name} {BOT_MARK if pictures else BOT_WORD}"
    level = info.get("level")
    if not level and isinstance(info.get("bot"), str) and info["bot"] != bare_name(info):
        level = str(info["bot"]).partition(":")[0].strip()  # a bot that is no level goes by its kind: "random"
    return said, f"{said} {level}" if level else said


def seat_words(kind: str, seat: int, why: str, seats: Seats) -> str:
    """What the log says when a bot starts or stops playing for a person (`standin`, `handback`), or a person
    is ready for the next round (`ready`) - the browser's words.

    >>> seats = Seats(("you", "Ann"), 0)
    >>> seat_words("standin", 1, "away", seats), seat_words("standin", 0, "clock", seats)
    ('Ann is away: a bot plays for them until they are back.', 'Your time ran out: a bot plays for you until you are back.')
    >>> seat_words("handback", 1, "", seats), seat_words("handback", 0, "", seats)
    ('Ann is back and plays again.', 'You have your seat back.')
    """
    you = seat == seats.me
    who = capital(seats.who(seat))
    if kind == "standin":
        said = ("Your time ran out" if you else f"{who}'s time ran out") \
            if why == "clock" else ("You are away" if you else f"{who} is away")
        return f"{said}: a bot plays for {'you' if you else 'them'} until {'you are' if you else 'they are'} back."
    if kind == "handback":
        return "You have your seat back." if you else f"{who} is back and plays again."
    if kind == "ready":
        return "" if you else f"{who} is ready for the next round."
    return ""


def cover_words(turn: Any, seats: Seats) -> str:
    """After the status line, when the turn is a person's a bot plays for, or who is away (the browser's words).

    >>> cover_words(1, Seats(("you", "Ann"), 0, covers={1: "clock"})), cover_words(0, Seats(("you",), 0, covers={0: "away"}))
    (' A bot plays for Ann while they are out of time.', ' You are away: a bot plays for you until you are back.')
    >>> cover_words(1, Seats(("you", "Ann"), 0, gone=frozenset({1}))), cover_words(1, Seats(("you", "Ann"), 0))
    (' Waiting for Ann, who is away.', '')
    """
    if not isinstance(turn, int):
        return ""
    if turn in seats.covers:
        why = "out of time" if seats.covers[turn] == "clock" else "away"
        if turn == seats.me:
            return f" You are {why}: a bot plays for you until you are back."
        return f" A bot plays for {seats.who(turn)} while they are {why}."
    return f" Waiting for {seats.who(turn)}, who is away." if turn in seats.gone else ""
