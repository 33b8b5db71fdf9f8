"""Drawing a game's text view (`zdeck.textview`) as Rich text: cards in their colours, the blocks of the middle
of the table, the seats.

Pure functions of what the view says and what the app marks (a card's key, the cursor, a card in flight):
the app's widgets call them, and tests can too. Three card sizes, by the room the window gives:
`tall` (4 lines: title, detail), `compact` (3 lines: the detail in the bottom edge), `chip` (one line).
Every card carries its words; its colour only adds to them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from zdeck.textview import Moment, TextView
from zdeck.textview.scene import Block, CardLook, Cards, Chips, Cube, Line, Place, SeatLine, Target

GAP = " "
SIZES = ("tall", "compact", "chip")
TONES = {"": "", "quiet": "grey62", "strong": "bold", "good": "bold #afff87", "alert": "bold #ff875f"}
Board = Mapping[Target, tuple[str, bool]]  # a place -> (its key, whether a move starts there now)


@dataclass(frozen=True)
class Mark:
    """How one card is drawn: its key, and whether the cursor is on it, it can act now, it is in flight
    (sent, the table has not answered), it just came back, or it is new on the table (look at it)."""

    key: str | None = None
    cursor: bool = False
    live: bool = True
    flying: bool = False
    back: bool = False
    caption: str = ""
    new: bool = False


def ink_for(hex_colour: str) -> str:
    """Black or white, whichever reads on this background."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


WIDEST = 11  # a card's words never make it wider than this (plus its edges): a longer title is cut


def card_width(view: TextView) -> int:
    """Cards as wide as the game's words need (Zip Zap's "10", Zoop's "2 Kangaroos"): 7 to 13 cells. The
    picture goes beside the title where both fit; the words always stay."""
    widest = 5
    for text in view.cards:
        look = view.look(text)
        widest = max(widest, cell_len(look.title), len(look.detail))
    return min(widest, WIDEST) + 2


def _headline(look: CardLook, room: int = WIDEST) -> str:
    with_picture = f"{look.picture} {look.title}" if look.picture else look.title
    return with_picture if cell_len(with_picture) <= room else look.title


def card(look: CardLook | None, width: int, mark: Mark = Mark(), size: str = "tall") -> list[Text]:
    """One card: `size` "tall" (4 lines) or "compact" (3 lines) of `width` cells. `None` is an empty place."""
    inner = width - 2
    height = 4 if size == "tall" else 3
    if look is None:  # an empty place: its corners, and its caption
        corners = Text("·" + " " * inner + "·", style="grey37")
        caption = Text(" " + (_fit(mark.caption, inner) if mark.caption else " " * inner) + " ", style="grey50")
        return [corners, caption, corners] if height == 3 else [corners, Text(" " * width), caption, corners]
    colour = look.colour
    dull = not mark.live or mark.flying
    border = "bold #ffffff" if mark.cursor else "bold #ffd75f" if mark.back or mark.new else colour
    if dull and not mark.cursor:
        border = "grey42"
    # The edge says it too, for a terminal without colour: heavy under the cursor or on a card just turned,
    # dashed on a card that cannot act now, round on one that can.
    edge = ("┏", "━", "┓", "┃", "┗", "┛") if mark.cursor or mark.new else \
        ("┌", "┄", "┐", "┆", "└", "┘") if dull else ("╭", "─", "╮", "│", "╰", "╯")
    if look.back:
        fill = f"#8fa3d9 on {colour}"
        body = ["░" * inner] * (2 if size == "tall" else 1)
    else:
        fill = f"{colour} on grey15" if dull else f"bold {ink_for(colour)} on {colour}"
        body = [_fit(_headline(look, inner), inner)]
        if size == "tall":
            body.append(_fit(look.detail, inner))
    top = Text(edge[0], style=border)
    tag = mark.key or ""
    if tag:
        top.append(tag, style="bold reverse " + ("#ffffff" if mark.cursor else "#ffd75f"))
    top_rest = inner - cell_len(tag)
    if size == "compact" and mark.caption:  # the caption rides the top edge, the detail the bottom one
        on_top = mark.caption[:max(0, top_rest - 1)]
        top.append(edge[1] * (top_rest - len(on_top)), style=border)
        top.append(on_top, style="bold")
    else:
        top.append(edge[1] * top_rest, style=border)
    top.append(edge[2], style=border)
    lines = [top]
    lines += [Text(edge[3], style=border) + Text(line, style=fill) + Text(edge[3], style=border) for line in body]
    under = (look.detail if not look.back else "") if size == "compact" else mark.caption
    under = _fit(under, inner, fill=edge[1]) if under else edge[1] * inner
    lines.append(Text(edge[4], style=border) + Text(under, style="bold" if under.strip(edge[1]) else border) +
                 Text(edge[5], style=border))
    return lines


def chip(look: CardLook | None, mark: Mark = Mark()) -> Text:
    """One card on one line: its key, picture, title and detail on its colour."""
    if look is None:
        return Text(f"·{mark.caption or 'empty'}·", style="grey50")
    text = Text()
    dull = not mark.live or mark.flying
    if mark.key:  # a card that can act has its key in reverse video (a cue that needs no colour)
        text.append(mark.key, style="bold reverse #ffffff" if mark.cursor else "grey62" if dull else
                    "bold reverse #ffd75f")
    if look.back:
        text.append(" ░░ ", style=f"#8fa3d9 on {look.colour}")
    else:
        words = _headline(look, 40) + (f" {look.detail}" if look.detail else "")
        style = f"{look.colour} on grey15" if dull else f"bold {ink_for(look.colour)} on {look.colour}"
        if mark.cursor or mark.new:
            style += " underline"
        text.append(f" {words} ", style=style)
    if mark.caption:
        text.append(f"({mark.caption})", style="grey62")
    return text


def _fit(text: str, width: int, fill: str = " ") -> str:
    """Centred in `width` cells, cut with an ellipsis when too long."""
    if cell_len(text) > width:
        while cell_len(text) > width - 1:
            text = text[:-1]
        text += "…"
    pad = width - cell_len(text)
    return fill * (pad // 2) + text + fill * (pad - pad // 2)


def row(cards: Sequence[list[Text]], width: int, per_row: int | None = None, gap: str = GAP) -> list[Text]:
    """Cards side by side, wrapped onto more rows when they do not fit in `width` cells."""
    if not cards:
        return []
    fits = max(1, (width + len(gap)) // (cards[0][0].cell_len + len(gap)))
    per_row = min(per_row, fits) if per_row else fits
    lines: list[Text] = []
    for start in range(0, len(cards), per_row):
        chunk = cards[start:start + per_row]
        for i in range(len(chunk[0])):
            lines.append(side_by_side([c[i] for c in chunk], Text(gap)))
    return lines


def flow(parts: Sequence[Text], width: int, gap: str = " ") -> list[Text]:
    """Short texts one after another, wrapped at `width` cells (a hand of chips)."""
    lines: list[Text] = []
    line = Text()
    for part in parts:
        if line.cell_len and line.cell_len + len(gap) + part.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append(gap)
        line.append_text(part)
    if line.cell_len:
        lines.append(line)
    return lines


def side_by_side(parts: Sequence[Text], gap: Text) -> Text:
    """Texts on one line with a styled gap between them (Text.join would give every part the gap's style)."""
    line = Text()
    for i, part in enumerate(parts):
        if i:
            line.append_text(gap)
        line.append_text(part)
    return line


def stack(lines: Sequence[Text]) -> Text:
    return Text("\n").join(lines)


# -- the middle of the table --------------------------------------------------------------------------------------

def blocks(drawn: Sequence[Block], view: TextView, width: int, size: str, board: Board | None = None,
           card_w: int | None = None) -> list[Text]:
    """The view's blocks as lines of `width` cells: cards in `size`, keys on the board's places."""
    board = board or {}
    card_w = card_w or card_width(view)
    lines: list[Text] = []
    for block in drawn:
        if isinstance(block, Line):
            lines.append(Text(block.text, style=TONES.get(block.tone, "")))
        elif isinstance(block, Cards | Chips):
            if block.title:
                lines.append(Text(block.title, style="grey62"))
            marks = [_place_mark(place, board) for place in block.places]
            looks = [view.look(place.card) if place.card is not None else None for place in block.places]
            if size == "chip" or isinstance(block, Chips):
                lines += flow([chip(look, mark) for look, mark in zip(looks, marks, strict=True)], width)
                continue
            if isinstance(block, Cards) and block.last:  # one row: the last cards that fit, named by the title
                fits = max(1, (width + len(GAP)) // (card_w + len(GAP)))
                looks, marks = looks[-fits:], [_uncaptioned(mark, size) for mark in marks[-fits:]]
            lines += row([card(look, card_w, mark, size) for look, mark in zip(looks, marks, strict=True)],
                         width, block.per_row)
        elif isinstance(block, Cube):
            lines += cube(block, view, width)
    return lines


def _uncaptioned(mark: Mark, size: str) -> Mark:
    """A pile's captions (who put each card down) fit only under tall cards."""
    return mark if size == "tall" else Mark(mark.key, mark.cursor, mark.live, mark.flying, mark.back, "", mark.new)


def _place_mark(place: Place, board: Board) -> Mark:
    key, live = board.get(place.target, (None, False)) if place.target is not None else (None, False)
    key = key if live else None
    caption = "" if key is not None and key == place.caption else place.caption  # Memo's place 1 with key 1
    return Mark(key=key, caption=caption, new=place.mark == "new", live=place.mark != "dim")


def cube(block: Cube, view: TextView, width: int) -> list[Text]:
    """Kubo's cube: its four layers side by side (bottom first), each a 4x4 square of places: a laid card on its
    colour with its code, an empty place a dot."""
    layers = [_layer(n, cells, view) for n, cells in enumerate(block.layers)]
    if not layers:
        return []
    gap = Text(" │ ", style="grey37")
    per_row = max(1, (width + gap.cell_len) // (layers[0][0].cell_len + gap.cell_len))
    per_row = 2 if per_row == 3 and len(layers) == 4 else per_row  # two rows of two rather than three and one
    lines = [Text(block.title, style="grey62")] if block.title else []
    for start in range(0, len(layers), per_row):
        chunk = layers[start:start + per_row]
        lines += [side_by_side([layer[i] for layer in chunk], gap) for i in range(len(chunk[0]))]
    return lines


def _layer(n: int, cells: Sequence[str | None], view: TextView) -> list[Text]:
    cell_w = 4
    lines = [Text(f"layer {n + 1}".center(4 * cell_w - 1) + " ", style="bold")]
    for r in range(4):
        line = Text()
        for c in range(4):
            card_text = cells[r * 4 + c] if r * 4 + c < len(cells) else None
            if card_text is None:
                line.append("·".center(cell_w), style="grey37")
            else:
                look = view.look(card_text)
                line.append(_fit(look.title, cell_w - 1), style=f"bold {ink_for(look.colour)} on {look.colour}")
                line.append(" ")
        lines.append(line)
    return lines


# -- the seats ----------------------------------------------------------------------------------------------------

def seats(lines: Sequence[SeatLine], width: int, room: bool = False) -> Text:
    """One line per seat: ▶ on the public turn, the name, cards held, the score, the seat's notes (the dealer's
    button, a Zap held, penalties). With `room`, notes that do not fit go on a line of their own."""
    score_w = max([len(line.score) for line in lines] + [0])
    used = (9 if any(line.cards is not None for line in lines) else 0) + (score_w + 1 if score_w else 0)
    # the names first (seats must be told apart), then the notes in what is left (a line of their own where there
    # is room); a name cut keeps its end ("Cheap…r 2 🤖"), where names that share a beginning differ
    name_w = min(max([cell_len(line.name) for line in lines] + [3]), max(6, width - 2 - used))
    out: list[Text] = []
    for seat in lines:
        line = Text()
        line.append("▶ " if seat.turn else "  ", style="bold #ffd75f")
        name = _cut_middle(seat.name, name_w)
        line.append(name + " " * (name_w - cell_len(name)), style="bold #87d7ff" if seat.you else "bold")
        if seat.cards is not None:
            line.append(f" {seat.cards:>2} card{'s' if seat.cards != 1 else ' '}")
        if seat.score:
            line.append(f" {seat.score:>{score_w}}", style="bold #afff87" if seat.best else "")
        if seat.won:
            line.append(" ★ won", style="bold #ffd75f")
        notes = " ".join(seat.notes)
        if notes:
            left = width - line.cell_len - 1
            if left >= cell_len(notes) or (not room and left >= min(cell_len(notes), 6)):
                line.append(" " + _cut(notes, left), style="grey70")
            elif not room:
                pass  # no room left beside the name: the notes give way (the middle of the table says the rest)
            else:
                line.append("\n    " + notes, style="grey70")
        if seat.cover:  # never gives way: who plays this seat now
            line.append("\n  ↳ " + _cut(seat.cover, width - 4), style="bold #ff875f")
        out.append(line)
    return Text("\n").join(out)


def _cut_middle(text: str, width: int) -> str:
    """`text` in `width` cells, its middle given up for an ellipsis: both ends stay."""
    if cell_len(text) <= width:
        return text
    head, tail = text[: (width + 1) // 2], text[(width + 1) // 2:]
    while cell_len(head) + 1 + cell_len(tail) > width and tail:
        tail = tail[1:]
    return head + "…" + tail


def _cut(text: str, width: int) -> str:
    if cell_len(text) <= width:
        return text
    while cell_len(text) > width - 1:
        text = text[:-1]
    return text + "…"


def moment_lines(view: TextView, m: Moment, width: int, size: str, board: Board | None = None) -> list[Text]:
    return blocks(view.table(m), view, width, size, board)


def tone(name: str) -> str:
    return TONES.get(name, "")


def plain(value: Any) -> str:
    return value.plain if isinstance(value, Text) else str(value)
