"""Drawing the table as Rich text: cards, a hand, the pile or board of each game family, the seats.

Pure functions of an observation (docs/observations.md), the game's faces (`zdeck.tui.faces`) and
what the app marks (keys, the cursor, a card in flight): the app's widgets call them, and tests can too.
Every card is drawn from its face (colour, label), never from its text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from zdeck.tui.faces import Faces, colour_of, label_of

GAP = " "


@dataclass(frozen=True)
class Mark:
    """How one card is drawn: its key, and whether the cursor is on it, it can act now, it is in
    flight (played, the table has not answered yet) or just came back."""

    key: str | None = None
    cursor: bool = False
    live: bool = True
    flying: bool = False
    back: bool = False
    caption: str = ""


def ink_for(hex_colour: str) -> str:
    """Black or white, whichever reads on this background."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def card(text: str | None, faces: Faces, mark: Mark = Mark(), width: int | None = None) -> list[Text]:
    """One card as four lines of `width` cells (default: as wide as the game's labels need). `None` is an
    empty place, a `"down"`-kind face a card's back."""
    width = width or faces.width
    inner = width - 2
    if text is None:
        return [Text(" " * width), Text("·" + " " * (inner) + "·", style="grey37"),
                Text(" " * width), Text("·" + " " * inner + "·", style="grey37")]
    face = faces.card(text)
    back = face.get("kind") == "down" or text == "down" and "down" not in faces.cards
    colour = "#3b4b7a" if back else colour_of(face)
    border = "bold #ffffff" if mark.cursor else "bold #ffd75f" if mark.back else colour
    if not mark.live or mark.flying:
        border = "grey42" if not mark.cursor else border
    edge = ("┏", "━", "┓", "┃", "┗", "┛") if mark.cursor else ("╭", "─", "╮", "│", "╰", "╯")
    tag = f"{mark.key}" if mark.key else ""
    top = Text(edge[0], style=border)
    if tag:
        top.append(f"{tag}", style="bold reverse " + ("#ffffff" if mark.cursor else "#ffd75f"))
    top.append(edge[1] * (inner - len(tag)) + edge[2], style=border)
    if back:
        lines = ("░" * inner, "░" * inner)
        fill = f"#8fa3d9 on {colour}"
    else:
        lines = label_of(face, text)
        fill = f"bold {ink_for(colour)} on {colour}"
        if not mark.live or mark.flying:
            fill = f"{colour} on grey15"
    body = [Text(edge[3], style=border) + Text(_fit(line, inner), style=fill) + Text(edge[3], style=border)
            for line in lines]
    caption = _fit(mark.caption, inner) if mark.caption else edge[1] * inner
    bottom = Text(edge[4], style=border) + Text(caption, style="bold" if mark.caption else border) + \
        Text(edge[5], style=border)
    return [top, *body, bottom]


def _fit(text: str, width: int) -> str:
    """Centred in `width` cells, cut with an ellipsis when too long."""
    if len(text) > width:
        text = text[:width - 1] + "…"
    return text.center(width)


def row(cards: Sequence[list[Text]], width: int, gap: str = GAP) -> list[Text]:
    """Cards side by side, wrapped onto more rows when they do not fit in `width` cells."""
    if not cards:
        return []
    per_row = max(1, (width + len(gap)) // (len(cards[0][0].plain) + len(gap)))
    lines: list[Text] = []
    for start in range(0, len(cards), per_row):
        chunk = cards[start:start + per_row]
        for i in range(len(chunk[0])):
            lines.append(_side_by_side([c[i] for c in chunk], Text(gap)))
    return lines


def stack(lines: Sequence[Text]) -> Text:
    return Text("\n").join(lines)


# -- the seats -------------------------------------------------------------------------------------------------

SHARED = ("game", "seat", "phase", "turn", "round", "rounds", "hand", "hand_sizes", "scores", "round_scores",
          "over", "winners", "options", "top", "pile", "draw_size", "direction", "dealer", "last")


def per_seat_keys(obs: Mapping[str, Any], players: int) -> list[str]:
    """The game's own keys that say one short thing per seat (Zip Zap's `has_zap`, ZAR's `penalties`)."""
    return [key for key, value in obs.items() if key not in SHARED and isinstance(value, list)
            and len(value) == players and all(isinstance(v, bool | int | float) for v in value)]


def seats(message: Mapping[str, Any], me: int | None, score_order: str) -> Text:
    """One line per seat: who has the turn, name, cards held, score, the game's per-seat facts."""
    obs = message["observation"]
    players = len(message["seats"])
    sizes = obs.get("hand_sizes")
    extra = per_seat_keys(obs, players)
    scores = obs.get("scores") or []
    best = (max if score_order == "higher" else min)(scores) if scores and any(scores) else None
    lines = []
    for info in message["seats"]:
        p = info["seat"]
        line = Text()
        if obs.get("turn") == p:  # the public turn only: who else could act is what they hold
            line.append("▶ ", style="bold #ffd75f")
        else:
            line.append("  ")
        name = "you" if p == me else str(info.get("name") or "?")
        if info.get("standin"):
            name += f" ({info['standin']} stands in)"
        line.append(f"P{p} ", style="bold")
        line.append(f"{name:<8}", style="bold #87d7ff" if p == me else "")
        if isinstance(sizes, list) and p < len(sizes):
            line.append(f" {sizes[p]:>2} card{'s' if sizes[p] != 1 else ' '}")
        if p < len(scores):
            score = _num(scores[p])
            line.append(f"  {score:>4} pts", style="bold #afff87" if scores[p] == best else "")
        if p in (obs.get("winners") or []):
            line.append("  ★ won", style="bold #ffd75f")
        if extra:  # the game's own per-seat facts on a line of their own, under the seat
            line.append("\n     " + " · ".join(f"{key.replace('_', ' ')}: {_short(obs[key][p])}" for key in extra),
                        style="grey62")
        lines.append(line)
    return Text("\n").join(lines)


def _num(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _short(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return _num(value)


# -- the middle of the table, per game family -------------------------------------------------------------------

def facts(obs: Mapping[str, Any], skip: Sequence[str], players: int, width: int) -> list[Text]:
    """The game's own keys not drawn elsewhere, one short line each (`direction: 1`, `declared: Red`)."""
    lines = []
    for key, value in obs.items():
        if key in SHARED and key not in ("direction", "dealer") or key in skip \
                or key in per_seat_keys(obs, players):
            continue
        if value is None or value in ([], {}, ""):
            continue
        shown = fact(value, players)
        room = width - len(key) - 2
        line = Text.assemble((f"{key.replace('_', ' ')}: ", "grey62"),
                             shown if len(shown) <= room else shown[:max(8, room - 3)] + "…")
        lines.append(line)
    return lines


def fact(value: Any, players: int) -> str:
    """A value of the game's own keys in a few words: a card played by a seat as "P2 red L3", an object
    as "owner 1 · count 2", one list per seat as each seat's count; anything else as JSON.

    >>> fact([{"seat": 2, "card": "red L3"}], 3), fact({"owner": 1, "count": 2}, 3), fact([["a"], [], ["b", "c"]], 3)
    ('P2 red L3', 'owner 1 · count 2', 'P0 1 · P1 0 · P2 2')
    """
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return " · ".join(f"{k.replace('_', ' ')} {fact(v, players)}" for k, v in value.items())
    if isinstance(value, list) and value and all(isinstance(v, dict) and "card" in v for v in value):
        return ", ".join(f"P{v.get('seat')} {v['card']}" if v.get("seat") is not None else str(v["card"])
                         for v in value)
    if isinstance(value, list) and len(value) == players and all(isinstance(v, list) for v in value):
        return " · ".join(f"P{p} {len(v)}" for p, v in enumerate(value))
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ", ".join(value)
    return json.dumps(value, separators=(", ", ": "))


def last_move(obs: Mapping[str, Any]) -> Text | None:
    """The `last` key: what happened last on the table."""
    last = obs.get("last")
    if not isinstance(last, dict) or last.get("action") is None:
        return None
    return Text.assemble(("last: ", "grey62"), (f"P{last.get('seat')} ", "bold"), str(last["action"]))


def pile_cards(obs: Mapping[str, Any]) -> list[tuple[str, int | None]]:
    """The visible pile bottom to top as (card, seat who put it down or None)."""
    pile = obs.get("pile") or []
    out: list[tuple[str, int | None]] = []
    for entry in pile:
        if isinstance(entry, dict):
            out.append((str(entry.get("card")), entry.get("seat")))
        elif isinstance(entry, str):
            out.append((entry, None))
    if not out and isinstance(obs.get("top"), str):
        out.append((obs["top"], None))
    return out


def pile_view(obs: Mapping[str, Any], faces: Faces, width: int, flying: Text | None = None) -> list[Text]:
    """The last cards of the pile with the top card on the right, the deck, and a card in flight."""
    cards = pile_cards(obs)
    room = max(1, (width - 2 * (faces.width + 1)) // (faces.width + 1))
    shown = cards[-room:]
    drawn = [card(c, faces, Mark(caption=f"P{s}" if s is not None else "", live=i == len(shown) - 1))
             for i, (c, s) in enumerate(shown)]
    if "draw_size" in obs:
        drawn.append(card("down", faces, Mark(caption=str(obs["draw_size"]))))
    head = f"pile: {len(cards)} card{'s' if len(cards) != 1 else ''}, top on the right" if cards else "pile: empty"
    if "draw_size" in obs:
        head += f" · deck: {obs['draw_size']} face down"
    lines = [Text(head, style="grey62"), *row(drawn, width)]
    if flying is not None:
        lines.append(flying)
    return lines


Board = Mapping[tuple[Any, ...], tuple[str, bool]]  # a place -> (its key, whether a move starts there now)


def _on_board(board: Board, target: tuple[Any, ...], caption: str) -> Mark:
    key, live = board.get(target, (None, False))
    return Mark(key=key if live else None, caption=caption)


def solo_view(obs: Mapping[str, Any], faces: Faces, width: int, board: Board) -> list[Text]:
    """Zoker Solo: the three upper rows (places rRcC), then the four piles of the last row. A card or
    pile that can move now shows its key."""
    lines = [Text("the square: places r1c1 .. r3c4; a card with a key can move", style="grey62")]
    for r, places in enumerate(obs.get("upper") or [], 1):
        drawn = [card(c, faces, _on_board(board, ("board", r - 1, col - 1), f"r{r}c{col}"))
                 for col, c in enumerate(places, 1)]
        lines += row(drawn, width)
    piles = obs.get("piles") or []
    lines.append(Text("the last row: piles 1-4 (pile·cards in it; its top card covers)", style="grey62"))
    drawn = [card(p[-1] if p else None, faces,
                  _on_board(board, ("board", "pile", i - 1), f"{i}·{len(p)}"))
             for i, p in enumerate(piles, 1)]
    lines += row(drawn, width)
    if "draw_size" in obs:
        lines.append(Text(f"draw pile: {obs['draw_size']} cards", style="grey62"))
    return lines


def memo_view(obs: Mapping[str, Any], faces: Faces, width: int, board: Board) -> list[Text]:
    """Zoker Memo: the places in a grid, numbered; earned places are empty, face-up cards shown, a card
    you may turn shows its key."""
    table = obs.get("table") or []
    drawn = []
    for i, c in enumerate(table):
        mark = _on_board(board, ("board", i), f"{i + 1}")
        drawn.append(card(c, faces, Mark(key=mark.key, caption=mark.caption, cursor=obs.get("face_up") == i + 1)))
    per_row = 8 if len(table) > 16 else 4
    lines = [Text(f"the table: {len(table)} places, {obs.get('draw_size', 0)} cards still to deal", style="grey62")]
    for start in range(0, len(drawn), per_row):
        lines += row(drawn[start:start + per_row], width)
    return lines


def kubo_view(obs: Mapping[str, Any], faces: Faces, width: int) -> list[Text]:
    """Zoker Kubo: the cube as its four layers side by side, bottom first, each a 4x4 square of places:
    a laid card in its colour, an empty place as a dot. (Where the game does not say where a card lies,
    the cards laid, by colour.)"""
    laid = [c for c in obs.get("table") or [] if isinstance(c, str)]
    lines = [Text(f"the cube: {len(laid)} of 64 cards laid; four layers, bottom first", style="grey62")]
    if not faces.places:
        return lines + _by_colour(laid, faces, width)
    at = {faces.places[c]: c for c in laid if c in faces.places}
    layers = [_layer(n, at, faces) for n in range(4)]
    gap = Text("  │  ", style="grey37")
    per_row = max(1, (width + len(gap)) // (len(layers[0][0].plain) + len(gap)))
    for start in range(0, 4, per_row):
        chunk = layers[start:start + per_row]
        lines += [_side_by_side([layer[i] for layer in chunk], gap) for i in range(len(chunk[0]))]
    for entry in obs.get("scored") or []:
        lines.append(Text(f"P{entry.get('seat')} scored {entry.get('line')} for {entry.get('points')}",
                          style="grey62"))
    return lines


def _side_by_side(parts: Sequence[Text], gap: Text) -> Text:
    """Texts on one line with a styled gap between them (Text.join would give every part the gap's style)."""
    line = Text()
    for i, part in enumerate(parts):
        if i:
            line.append_text(gap)
        line.append_text(part)
    return line


def _layer(n: int, at: Mapping[tuple[int, int], str], faces: Faces) -> list[Text]:
    cell_w = 4
    lines = [Text(f"layer {n + 1}".center(4 * cell_w - 1) + " ", style="bold")]
    for r in range(4):
        line = Text()
        for c in range(4):
            card_text = at.get((n, r * 4 + c))
            if card_text is None:
                line.append("·".center(cell_w), style="grey37")
            else:
                face = faces.card(card_text)
                colour = colour_of(face)
                line.append(_fit(str(face.get("label") or card_text), cell_w - 1),
                            style=f"bold {ink_for(colour)} on {colour}")
                line.append(" ")
        lines.append(line)
    return lines


def _by_colour(laid: list[str], faces: Faces, width: int) -> list[Text]:
    groups: dict[str, list[str]] = {}
    for c in laid:
        groups.setdefault(str(faces.card(c).get("colour", "")), []).append(c)
    lines: list[Text] = []
    for colour, cards in groups.items():
        lines.append(Text(colour or "cards", style="bold"))
        lines += row([card(c, faces, Mark(), width=7) for c in cards], width)
    return lines


def zopzoo_view(obs: Mapping[str, Any], faces: Faces, width: int, me: int | None) -> list[Text]:
    """Zop Zoo: each seat's row of white cards, each with what covers it under it, and its bonus cards."""
    lines = pile_view({"pile": [obs["top"]] if obs.get("top") else [], "draw_size": obs.get("draw_size", 0)},
                      faces, width)
    lines[0] = Text(f"discard pile: {obs.get('pile_size', 0)} cards, top shown", style="grey62")
    if obs.get("drawn"):
        lines.append(Text("drawn, to decide: ", style="bold") + Text(str(obs["drawn"])))
    for p, seat_row in enumerate(obs.get("rows") or []):
        who = "your row" if p == me else f"P{p}'s row"
        bonus = obs.get("bonus", [[]])[p] if p < len(obs.get("bonus") or []) else []
        lines.append(Text(who + (f" · bonus: {', '.join(bonus)}" if bonus else ""), style="bold"))
        drawn = [card(white, faces, Mark(caption=_cover(cover))) for white, cover in seat_row]
        lines += row(drawn, width)
    return lines


def _cover(cover: Any) -> str:
    return "" if cover is None else str(cover)


Layout = Callable[[Mapping[str, Any], Faces, int, int | None, Board], list[Text]]

LAYOUTS: dict[str, Layout] = {
    "zoker-solo": lambda obs, faces, width, me, board: solo_view(obs, faces, width, board),
    "zoker-memo": lambda obs, faces, width, me, board: memo_view(obs, faces, width, board),
    "zoker-kubo": lambda obs, faces, width, me, board: kubo_view(obs, faces, width),
    "zopzoo": lambda obs, faces, width, me, board: zopzoo_view(obs, faces, width, me),
}
DRAWN_KEYS = {  # what each layout draws itself: `facts` leaves these out
    "zoker-solo": ("upper", "piles", "free_places"),
    "zoker-memo": ("table", "face_up", "seen", "flips", "collected"),
    "zoker-kubo": ("table", "scored"),
    "zopzoo": ("rows", "bonus", "drawn", "pile_size"),
}


def middle(obs: Mapping[str, Any], faces: Faces, width: int, me: int | None, players: int,
           board: Board | None = None) -> Text:
    """The middle of the table: the game's layout, then its own facts."""
    layout = LAYOUTS.get(str(obs.get("game")))
    lines = layout(obs, faces, width, me, board or {}) if layout else pile_view(obs, faces, width)
    last = last_move(obs)
    if last is not None:
        lines.append(last)
    rest = facts(obs, DRAWN_KEYS.get(str(obs.get("game")), ()), players, width)
    if rest:
        lines += [Text(""), *rest]
    return stack(lines)
