"""Zoker Memo at a text table (`zdeck.textview`): the square of places with their numbers and keys; every card
turned - by you or anyone - shown face up in its place long enough to be remembered, and the log naming each
card and where it lay."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zdeck.decks.zoker.terminal import View as ZokerView
from zdeck.textview import Moment, Seats
from zdeck.textview.base import Obs
from zdeck.textview.scene import Block, Cards, Line, Place
from zdeck.textview.words import capital, plural

SHOWN_S = 4.0  # a finished turn's two cards stay face up in their places this long (a glance at a real table)


@dataclass(frozen=True)
class Turned:
    """A finished turn as the table saw it: the places (from 1), their cards, who turned them, taken or not."""

    places: tuple[int, ...]
    cards: tuple[str, ...]
    seat: int
    taken: bool
    at: float


class View(ZokerView):
    round_word = "game"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.turned: list[Turned] = []

    def observe(self, before: Obs | None, after: Obs, now: float) -> None:
        """Remember each finished turn when it comes (the observation keeps only the last one)."""
        last = after.get("last_turn")
        if before is None:
            self.turned = []
        if isinstance(last, dict) and (before is None or last != before.get("last_turn")) and before is not None:
            self.turned.append(Turned(tuple(int(p) for p in last.get("places") or []),
                                      tuple(str(c) for c in last.get("cards") or []), int(last.get("seat", 0)),
                                      bool(last.get("taken")), now))
        self.turned = [t for t in self.turned if now - t.at < SHOWN_S]

    def showing(self, m: Moment) -> dict[int, tuple[str, Turned]]:
        """The places (from 1) whose card is shown face up now because a turn just turned it."""
        shown: dict[int, tuple[str, Turned]] = {}
        for turned in self.turned:
            if m.now - turned.at < SHOWN_S:
                for place, card in zip(turned.places, turned.cards, strict=False):
                    shown[place] = (card, turned)
        return shown

    # -- the table --------------------------------------------------------------------------------------------
    def table(self, m: Moment) -> list[Block]:
        obs = m.obs
        table = list(obs.get("table") or [])
        shown = self.showing(m)
        places = []
        for i, card in enumerate(table):
            number_ = i + 1
            if card not in (None, "down"):  # the card turned first this turn
                places.append(Place(card, f"{number_}", ("board", i), "new"))
            elif number_ in shown:
                seen, turned = shown[number_]
                places.append(Place(seen, f"{number_}", ("board", i), "" if not turned.taken else "dim"))
            else:
                places.append(Place(card, f"{number_}", ("board", i)))
        per_row = 4 if len(table) <= 16 else 8
        head = f"The table: {plural(len(table), 'place')} · draw pile: {plural(int(obs.get('draw_size') or 0), 'card')}"
        lines: list[Block] = [Cards(tuple(places), head, per_row=per_row)]
        for turned in reversed(self.turned[-1:]):
            lines.append(Line(self._turn_words(turned, m.seats), "strong"))
        rule = "exactly two" if self.game.options.get("pair_rule") != "one" else "at least one"
        lines.append(Line(f"A pair shares {rule} of colour, size and shape.", "quiet"))
        return lines

    def _turn_words(self, turned: Turned, seats: Seats) -> str:
        cards = " and ".join(f"{self.card_name(c)} (place {p})" for p, c in zip(turned.places, turned.cards,
                                                                                  strict=False))
        end = "a pair, taken!" if turned.taken else "no pair, turned back."
        return f"{capital(seats.who(turned.seat))} turned {cards}: {end}"

    # -- what the table is doing ---------------------------------------------------------------------------------
    def your_move(self, m: Moment) -> str:
        if m.obs.get("phase") == "second":
            return "turn a second card (the key on its place): a pair is yours."
        return "turn a card face up (the key on its place)."

    def phase_words(self, m: Moment, lead: str = "") -> str:
        return f"{lead}second card" if m.obs.get("phase") == "second" else ""

    # -- what happened ------------------------------------------------------------------------------------------
    def offer(self, text: str, m: Moment) -> str:
        place = self.action_face(text).get("place")
        return f"turn the card at place {int(place) + 1}" if isinstance(place, int) else text

    def narrate(self, seat: int, text: str, before: Obs | None, after: Obs, seats: Seats) -> str:
        place = self.action_face(text).get("place")
        who = capital(seats.who(seat))
        if not isinstance(place, int):
            return f"{who}: {text}."
        last = after.get("last_turn")
        finished = isinstance(last, dict) and (before is None or last != before.get("last_turn"))
        if finished and isinstance(last, dict):
            cards = list(last.get("cards") or [])
            second = cards[-1] if cards else "a card"
            end = "a pair, taken!" if last.get("taken") else "no pair: both turned back face down."
            first = f"{self.card_name(cards[0])} (place {last['places'][0]})" if cards else ""
            return f"{who} turned {self.card_name(second)} at place {place + 1} - with {first}, {end}"
        table = after.get("table") or []
        card = table[place] if place < len(table) else None
        return f"{who} turned {self.card_name(card)} at place {place + 1}." if isinstance(card, str) else \
            f"{who} turned the card at place {place + 1}."

    # -- the end ------------------------------------------------------------------------------------------------
    def why(self, seat: int, before: Obs, after: Obs, seats: Seats) -> str:
        collected = after.get("collected") or []
        return plural(len(collected[seat]), "card") + " earned" if seat < len(collected) else ""

    def rule_words(self, obs: Obs) -> str:
        return "Each player scores the cards they earned in pairs; the most cards wins."
