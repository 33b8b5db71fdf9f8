"""Zoker Tiko at a text table (`zdeck.textview`): the trick as it lies with who laid each card, the card the
next one is compared with, who leads, the last trick and who took it."""

from __future__ import annotations

from typing import Any

from zdeck.decks.zoker.terminal import View as ZokerView
from zdeck.textview import Moment, Seats
from zdeck.textview.base import Obs, pile_cards
from zdeck.textview.scene import Block, Cards, Line, Place
from zdeck.textview.words import capital, plural


class View(ZokerView):
    round_word = "game"

    def table(self, m: Moment) -> list[Block]:
        obs = m.obs
        trick = pile_cards(obs)
        compared = obs.get("compared")
        places = tuple(Place(card, m.seats.who(seat) if seat is not None else "",
                             mark="new" if i == compared else "") for i, (card, seat) in enumerate(trick))
        leader = obs.get("leader")
        head = f"The trick, bottom to top (led by {m.seats.who(leader)})" if trick else \
            f"The trick: {m.seats.whose(leader)} lead" if isinstance(leader, int) else "The trick"
        lines: list[Block] = [Cards(places, head)]
        if trick and isinstance(compared, int) and 0 <= compared < len(trick):
            lines.append(Line(f"The next card is compared with {self.card_name(trick[compared][0])}: stronger goes "
                              "on top, weaker under; the card on top takes the trick.", "strong"))
        last = obs.get("last_trick") or []
        if last:
            taker = last[-1].get("seat")
            lines.append(Line(f"Last trick, taken by {m.seats.who(taker)}: " +
                              ", ".join(str(entry.get("card")) for entry in last), "quiet"))
        lines.append(Line(f"Deck: {plural(int(obs.get('draw_size') or 0), 'card')} left to deal", "quiet"))
        lines += [Line(text) for text in (self.dealer(m),) if text]
        return lines

    def seat_notes(self, m: Moment, seat: int) -> list[str]:
        notes = super().seat_notes(m, seat)
        won = m.obs.get("won") or []
        if seat < len(won) and won[seat]:
            notes.append(f"won {len(won[seat])}")
        return notes

    def your_move(self, m: Moment) -> str:
        if not m.obs.get("pile"):
            return "lead a card: the others lay theirs on it (stronger) or under it (weaker)."
        return "lay a card: stronger than the compared card goes on top, weaker goes under."

    def narrate(self, seat: int, text: str, before: Obs | None, after: Obs, seats: Seats) -> str:
        card = text.removeprefix("play ")
        who = capital(seats.who(seat))
        trick = pile_cards(after)
        if not trick:  # the card ended the trick
            last = after.get("last_trick") or []
            taker = last[-1].get("seat") if last else None
            took = "and took" if taker == seat else f"; {seats.who(taker)} took"
            return f"{who} laid {self.card_name(card)} {took} the trick ({plural(len(last), 'card')})."
        if len(trick) == 1:
            return f"{who} led {self.card_name(card)}."
        where = "on top: it takes the trick for now" if trick[-1][0] == card else "under: weaker"
        return f"{who} laid {self.card_name(card)} {where}."

    def why(self, seat: int, before: Obs, after: Obs, seats: Seats) -> str:
        return ""

    def rule_words(self, obs: Obs) -> str:
        if self.game.options.get("match") == "games":
            return "Each game goes to the most cards won; the most games won wins the match."
        return "The most cards won in tricks wins."

    def score_short(self, value: Any) -> str:
        return f"total {plural(value, 'game') if self.game.options.get('match') == 'games' else value}"
