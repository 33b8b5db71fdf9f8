"""Zoker Solo at a text table (`zdeck.textview`): the three upper rows of the square and the four piles of the
last row, each card and pile with its key when it can move; moves said as a player says them ("blue S1 from
row 2 onto pile 3")."""

from __future__ import annotations

from typing import Any

from zdeck.decks.zoker.terminal import View as ZokerView
from zdeck.textview import Moment, Seats
from zdeck.textview.base import Obs
from zdeck.textview.scene import Block, Cards, Line, Place
from zdeck.textview.words import capital, plural


class View(ZokerView):
    round_word = "game"

    def table(self, m: Moment) -> list[Block]:
        obs = m.obs
        lines: list[Block] = []
        for r, places in enumerate(obs.get("upper") or []):
            lines.append(Cards(tuple(Place(card, "", ("board", r, c)) for c, card in enumerate(places)),
                               f"Row {r + 1}" if r else "The square: rows 1-3 (a card with a key can move)"))
        piles = obs.get("piles") or []
        lines.append(Cards(tuple(Place(pile[-1] if pile else None, f"{len(pile)}", ("board", "pile", i))
                                 for i, pile in enumerate(piles)),
                           "The last row: piles 1-4 with their number of cards (moves go onto a top card "
                           "they pair with)"))
        free = obs.get("free_places")
        lines.append(Line(f"Draw pile: {plural(int(obs.get('draw_size') or 0), 'card')} · empty places above: "
                          f"{free} (4 allow a deal)", "quiet"))
        return lines

    def your_move(self, m: Moment) -> str:
        return "move a card or pile onto a pile it pairs with (its key), or deal (n) when four places are empty."

    def seat_notes(self, m: Moment, seat: int) -> list[str]:
        return []

    def offer(self, text: str, m: Moment) -> str:
        face = self.action_face(text)
        kind = face.get("kind")
        if kind == "deal":
            return "deal four new cards into the empty places"
        pile = face.get("pile")
        target = f"pile {int(pile) + 1}" if isinstance(pile, int) else "a pile"
        place = face.get("place")
        if isinstance(place, list) and len(place) == 2:
            upper = m.obs.get("upper") or []
            card = upper[place[0]][place[1]] if place[0] < len(upper) and place[1] < len(upper[place[0]]) else None
            return f"move {self.card_name(card) if card else 'the card'} (row {place[0] + 1}) onto {target}"
        source = face.get("from_pile")
        if isinstance(source, int):
            return f"move pile {source + 1} onto {target}"
        return text

    def narrate(self, seat: int, text: str, before: Obs | None, after: Obs, seats: Seats) -> str:
        who = capital(seats.who(seat))
        face = self.action_face(text)
        if face.get("kind") == "deal":
            return f"{who} dealt new cards into the empty places."
        said = self.offer(text, Moment(before or after, seats)).removeprefix("move ")
        pile = face.get("pile")
        piles = after.get("piles") or []
        size = len(piles[pile]) if isinstance(pile, int) and pile < len(piles) else None
        return f"{who} moved {said}" + (f": it holds {plural(size, 'card')} now." if size else ".")

    def rule_words(self, obs: Obs) -> str:
        return "Your result: the number of cards in the highest pile of the last row (the higher, the better)."

    def ending(self, m: Moment) -> list[str]:
        scores = m.obs.get("scores") or [0]
        return [f"Game over: nothing more can move. Your highest pile holds {plural(scores[0], 'card')}.",
                self.rule_words(m.obs)]

    def score_short(self, value: Any) -> str:
        return f"highest pile {value:g}" if isinstance(value, float) else f"highest pile {value}"
