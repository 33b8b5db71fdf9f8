"""ZAR actions and the spoken calls.

A `Play` puts down `real` identical cards of kind `card` plus `chameleons`
Chameleons acting as that card, in one go (a single, DOUBLE, TRIPLE, QUAD...).
`chameleon_on_top` says which physical card ends on top when both are played
(it decides whether a later Chameleon may match). Power plays carry their
declaration. Under spoken calls (`calls="rulebook"` or `"strict"`) a play also carries what the player said,
as a `Call`; under `calls="auto"` `call` is None and the engine speaks for them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from zdeck.core import Action, normalise_text
from zdeck.decks.zar.cards import CHAMELEON, KINDS, PLAIN_KINDS, declaration_name, declarations

if TYPE_CHECKING:
    from zdeck.decks.zar.game import ZarGame

_SIZE_WORDS: Final = {2: "DOUBLE", 3: "TRIPLE", 4: "QUAD", 5: "QUINT", 6: "SEXT", 7: "SEPT", 8: "OCT"}
_ZAR_SIZE: Final = {2: "ZAR'BLE", 3: "ZAR'PLE", 4: "ZAR'QUAD"}


def size_word(size: int) -> str:
    """DOUBLE, TRIPLE, QUAD as in the rules; QUINT..OCT and 'n-FOLD' are the project's own words."""
    return _SIZE_WORDS.get(size, f"{size}-FOLD")


@dataclass(frozen=True, slots=True)
class Call:
    """What a player says with a play: ZAR (one card left), MATCH, and the size word.

    `size` is the multiple being named: for a match the cards played now
    ("MATCH-DOUBLE"), for an ordinary play the cards played now ("TRIPLE"), and
    for matching yourself your whole run ("DOUBLE" for one card on your own card).
    """

    zar: bool
    match: bool
    size: int

    def words(self, declared: str = "") -> str:
        if self.match:
            head = "MATCH" if self.size == 1 else f"MATCH-{size_word(self.size)}"
        else:
            head = "" if self.size == 1 else size_word(self.size)
        if self.zar:
            if not head:
                head = "ZAR"
            elif self.match:
                head = "ZAR'CH" + head[len("MATCH") :]
            else:
                head = _ZAR_SIZE.get(self.size, f"ZAR'{head}")
        if declared:
            head = f"{head}-{declared.upper()}" if head else declared.upper()
        return head


SILENT: Final = Call(False, False, 1)


@dataclass(frozen=True, slots=True)
class Play:
    """Put down cards; see the module docstring."""

    card: int  # the kind played (Chameleons take this identity)
    real: int  # printed cards of that kind
    chameleons: int = 0
    chameleon_on_top: bool = False
    declare: int = -1  # colour or symbol index for Power plays
    call: Call | None = None  # spoken calls only

    @property
    def size(self) -> int:
        return self.real + self.chameleons

    def cards_text(self) -> str:
        name = KINDS[self.card].name
        cham = KINDS[CHAMELEON].name
        if self.chameleons == 0:
            text = name if self.real == 1 else f"{self.real} {name}"
        elif self.real == 0:
            text = f"{cham} as {name}" if self.chameleons == 1 else f"{self.chameleons} {cham} as {name}"
        else:
            real = name if self.real == 1 else f"{self.real} {name}"
            chams = cham if self.chameleons == 1 else f"{self.chameleons} {cham}"
            top = cham if self.chameleon_on_top else name
            text = f"{real} + {chams} ({top} on top)"
        if self.declare >= 0:
            text += f" declare {declaration_name(self.card, self.declare)}"
        return text

    def spoken(self) -> str:
        """The call as words, with the declaration spoken at the end ("ZAR'CH-TRIPLE-BLUE")."""
        if self.call is None:
            return ""
        return self.call.words(declaration_name(self.card, self.declare))

    def __str__(self) -> str:
        spoken = self.spoken()
        return f"{spoken}: {self.cards_text()}" if spoken else self.cards_text()


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw when you cannot play (one card, or the whole pending Wasp draw)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the card just drawn and end the turn."""

    def __str__(self) -> str:
        return "pass"


DRAW: Final = Draw()
PASS: Final = Pass()

ZarAction = Play | Draw | Pass


def bare_table(half_decks: int, chameleons: int) -> tuple[ZarAction, ...]:
    """Every action without a call, in table order: the plays kind by kind, then draw and pass."""
    return (*_plays(half_decks, chameleons), DRAW, PASS)


def action_table(game: ZarGame) -> Sequence[ZarAction]:
    """Every action in id order: the bare table, or under spoken calls each play times each call it may carry
    (`SpokenCalls`), then draw and pass."""
    if not game.spoken_calls:
        return game.bare
    codec = SpokenCalls(game.bare, game.max_size)
    return [codec.action_from_id(i) for i in range(codec.size())]


def action_codec(game: ZarGame) -> SpokenCalls | None:
    """Spoken calls multiply every play by its calls: the codec is then arithmetic, not a stored table
    (None: the kernel's `ActionTable` of the bare table)."""
    return SpokenCalls(game.bare, game.max_size) if game.spoken_calls else None


class SpokenCalls:
    """Ids and texts of the plays that carry what their player said: id = play index x call index, then
    draw and pass; a text is `<CALL>: <cards>` ("ZAR'CH-TRIPLE-BLUE: 3 Blue Sun")."""

    def __init__(self, bare: Sequence[ZarAction], max_size: int) -> None:
        self._plays: tuple[Play, ...] = tuple(a for a in bare if isinstance(a, Play))
        self._play_index = {p: i for i, p in enumerate(self._plays)}
        self._calls = tuple(
            Call(zar, match, size) for zar in (False, True) for match in (False, True) for size in range(1, max_size + 1)
        )
        self._call_index = {c: i for i, c in enumerate(self._calls)}
        self._play_by_text = {normalise_text(p.cards_text()): p for p in self._plays}
        self._words: dict[str, dict[str, Call]] = {}
        self._size = len(self._plays) * len(self._calls) + 2

    def size(self) -> int:
        return self._size

    def action_id(self, action: Action) -> int:
        if action == DRAW or action == PASS:
            return self._size - 2 + int(action == PASS)
        if isinstance(action, Play) and action.call in self._call_index:
            bare = self._play_index.get(replace(action, call=None))
            if bare is not None:
                return bare * len(self._calls) + self._call_index[action.call]
        raise ValueError(f"zar: {quoted(action)} is not an action of this game")

    def action_from_id(self, index: object) -> ZarAction:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self._size:
            raise ValueError(f"zar: action id {quoted(index)} is not an integer in 0..{self._size - 1}")
        if index >= self._size - 2:
            return PASS if index == self._size - 1 else DRAW
        play, call = divmod(index, len(self._calls))
        return replace(self._plays[play], call=self._calls[call])

    def parse(self, text: object) -> ZarAction:
        if not isinstance(text, str):
            kind = type(text).__name__  # (a ValueError, as the kernel asks of any bad input)
            raise ValueError(f"zar: cannot read {kind} {quoted(text)} as an action: actions are text")  # noqa: TRY004
        norm = normalise_text(text)
        if norm in ("draw", "pass"):
            return DRAW if norm == "draw" else PASS
        words, _, cards = norm.rpartition(":")
        play = self._play_by_text.get(cards.strip())
        if play is not None:
            call = self._spoken(declaration_name(play.card, play.declare)).get(words.strip())
            if call is not None:
                return replace(play, call=call)
        raise ValueError(f"zar: cannot read {quoted(text)} as an action (calls are spoken: '<CALL>: <cards>')")

    def _spoken(self, declared: str) -> dict[str, Call]:
        """Normalised call words -> Call, for plays that declare `declared` ("" for none)."""
        table = self._words.get(declared)
        if table is None:
            table = {normalise_text(c.words(declared)): c for c in self._calls}
            if not declared:
                table["last card"] = Call(True, False, 1)  # the base game's name for a lone "ZAR"
            self._words[declared] = table
        return table


def quoted(value: object, limit: int = 60) -> str:
    """A value quoted in a message, cut short: hostile input must not flood a log (nor fail to print)."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"<an integer of {value.bit_length()} bits>"  # (repr of a huge int is slow, or refused)
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def _plays(half_decks: int, chameleons: int) -> Iterator[Play]:
    """Kind by kind: 0..N printed cards with 0..C Chameleons (not none of either), who is on top, the declaration."""
    for card in range(PLAIN_KINDS):
        for real in range(half_decks + 1):
            for chams in range(chameleons + 1):
                if real + chams == 0:
                    continue
                tops = (False,) if chams == 0 else (True,) if real == 0 else (False, True)
                for on_top in tops:
                    for declare in declarations(card):
                        yield Play(card, real, chams, on_top, declare)


class PlayTable:
    """The plays of a table, grouped the way listings read them: a hand's legal plays are a few
    concatenations of these prebuilt tuples, in table order, never built Play by Play."""

    def __init__(self, plays: tuple[Play, ...], half_decks: int) -> None:
        self._cells: dict[tuple[int, int, int], tuple[Play, ...]] = {}
        for play in plays:
            key = (play.card, play.real, play.chameleons)
            self._cells[key] = self._cells.get(key, ()) + (play,)
        self._spans: dict[tuple[int, int, int, int], tuple[Play, ...]] = {}
        # rows[k][n]: every play of 1..n printed cards of kind k without Chameleons (the usual hand's plays)
        self.rows = tuple(tuple(self.span(k, 1, n, 0) for n in range(half_decks + 1)) for k in range(PLAIN_KINDS))

    def span(self, card: int, low: int, real: int, chameleons: int) -> tuple[Play, ...]:
        """Every play of `card` with `low`..`real` printed cards and 0..`chameleons` Chameleons, in table order."""
        key = (card, low, real, chameleons)
        got = self._spans.get(key)
        if got is None:
            cells = self._cells
            got = self._spans[key] = tuple(
                play for n in range(low, real + 1) for c in range(chameleons + 1) if n + c for play in cells[card, n, c]
            )
        return got


def action_face(game: ZarGame, action: ZarAction) -> dict[str, Any]:
    """What a client draws the action on (docs/observations/zar.md): the kind played (`card`), the hand's
    cards it puts down (`cards`: the printed ones, then the Chameleons), what it declares, what is said."""
    if not isinstance(action, Play):
        return {"kind": str(action), "label": str(action)}  # draw, pass
    name, cham = KINDS[action.card].name, KINDS[CHAMELEON].name
    return {"kind": "play", "card": name, "cards": [name] * action.real + [cham] * action.chameleons,
            "count": action.size, "chameleon_on_top": action.chameleon_on_top,
            "declare": declaration_name(action.card, action.declare) or None,
            "call": action.spoken() or None, "label": str(action)}
