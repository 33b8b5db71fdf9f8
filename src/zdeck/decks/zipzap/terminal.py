"""Zip Zap at a text table (`zdeck.textview`): the pile with who put each card down and what follows its top
card, each seat's Zap, and the round's end in the rulebook's words (cards left: solid 1, wild 3, Zap 5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from zdeck.textview import Moment, Seats, TextView
from zdeck.textview.base import Obs
from zdeck.textview.scene import Block, Line
from zdeck.textview.words import capital, joined, plural


class View(TextView):
    def title(self, card: str, face: Mapping[str, Any]) -> str:
        return "ZAP" if face.get("kind") == "zap" else str(face.get("label") or card)

    def detail(self, card: str, face: Mapping[str, Any]) -> str:
        return "card" if face.get("kind") == "zap" else str(face.get("colour") or "")

    def card_name(self, card: str) -> str:
        return "their Zap" if card == "zap" else card

    # -- the table --------------------------------------------------------------------------------------------
    def table(self, m: Moment) -> list[Block]:
        obs = m.obs
        lines: list[Block] = [*self.pile(m, "Pile", room=5)]
        follows = self.follows(obs)
        if follows:
            lines.append(Line(follows, "strong"))
        suits = obs.get("suits_in_play")
        if isinstance(suits, list) and suits:
            lines.append(Line(f"Suits in play: {', '.join(suits)}", "quiet"))
        lines.append(Line("Zap beside a name: that player still holds their Zap card.", "quiet"))
        return lines

    def follows(self, obs: Obs) -> str:
        """What may go on the top card: its next number in its colour or wild; after a wild card, the next
        number in any colour; after a 10 or a Zap, nothing - its player leads."""
        top = obs.get("top")
        if obs.get("over") or not isinstance(top, str):
            return ""
        if obs.get("phase") == "lead":
            return "Nothing follows: a player leads any card."
        face = self.face(top)
        number_ = face.get("number")
        if top == "zap" or not isinstance(number_, int):
            return "A Zap: its player leads any card."
        if number_ >= 10:
            return "A 10: nothing follows; its player leads again."
        colour = face.get("colour")
        if colour == "wild":
            return f"Follows: any {number_ + 1} (any colour)."
        return f"Follows: the {colour} {number_ + 1} or the wild {number_ + 1}."

    def seat_notes(self, m: Moment, seat: int) -> list[str]:
        notes = super().seat_notes(m, seat)
        zaps = m.obs.get("has_zap")
        if isinstance(zaps, list) and seat < len(zaps) and zaps[seat]:
            notes.append("Zap")  # still held (the facts line says what the mark means)
        return notes

    # -- what the table is doing ---------------------------------------------------------------------------------
    def phase_words(self, m: Moment, lead: str = "") -> str:
        phase = m.obs.get("phase")
        if phase == "race":
            return f"{lead}race: whoever holds a card that follows plays it"
        if phase == "lead":
            return f"{lead}a new lead"
        return ""

    def open_words(self, m: Moment) -> str:
        return "race: whoever holds a card that follows plays it, no turns"

    def your_move(self, m: Moment) -> str:
        return "lead any card of your hand (or your Zap, straight after your own number card)."

    def out_of_turn(self, m: Moment) -> str:
        zap = " (or may ZAP!)" if "zap" in m.legal else ""
        return f"you hold a card that follows{zap}: be quick, the first card down stays."

    # -- what happened ------------------------------------------------------------------------------------------
    def offer(self, text: str, m: Moment) -> str:
        return "ZAP! (put your Zap down and lead again)" if text == "zap" else text

    def narrate(self, seat: int, text: str, before: Obs | None, after: Obs, seats: Seats) -> str:
        who = capital(seats.who(seat))
        if text == "zap":
            line = f"{who} called ZAP! and put {'your' if seat == seats.me else 'their'} Zap down"
        else:
            card = text.removeprefix("play ")
            line = f"{who} played {card}"
            if self.face(card).get("number") == 10:
                line += ": a 10, nothing follows"
        if before is not None and after.get("round") != before.get("round") or after.get("over"):
            return line + ": their last card - Zip Zap!"
        return line + "."

    def bounced(self, seat: int, text: str | None, seats: Seats) -> str:
        if text is None:
            return f"{capital(seats.who(seat))} was too late: another card landed first, theirs went back."
        card = "your Zap" if text == "zap" else text.removeprefix("play ")
        return f"Too late: another card landed first; {card} went back to your hand."

    # -- rounds -------------------------------------------------------------------------------------------------
    def why(self, seat: int, before: Obs, after: Obs, seats: Seats) -> str:
        if self._went_out(seat, after):
            return "went out"
        sizes = before.get("hand_sizes") or []
        left = sizes[seat] if seat < len(sizes) else 0
        hand = before.get("hand") if seat == seats.me else None
        if isinstance(hand, list) and hand and self.game.options.get("scoring") != "wins":
            kinds = ["the Zap" if card == "zap" else "wild" if card.startswith("wild") else "solid" for card in hand]
            counted = [f"{kinds.count(k)} {k}" if k != "the Zap" else k for k in ("solid", "wild", "the Zap")
                       if k in kinds]
            return f"{plural(len(hand), 'card')} left: {joined(counted)}"
        return plural(left, "card") + " left"

    def _went_out(self, seat: int, after: Obs) -> bool:
        """Every other seat holds a card that costs a point, so the one who went out is the one with none
        (under `scoring="wins"`: the one who scored)."""
        points = (after.get("round_scores") or [[]])[-1]
        if seat >= len(points):
            return False
        return bool(points[seat] > 0 if self.game.options.get("scoring") == "wins" else points[seat] == 0)

    def round_headline(self, number_: int, before: Obs, after: Obs, seats: Seats) -> str:
        out = [p for p in range(len(seats)) if self._went_out(p, after)]
        title = f"Round {number_}"
        if len(out) == 1:
            return f"{title} is over: {seats.who(out[0])} went out - Zip Zap!"
        return f"{title} is over."

    def rule_words(self, obs: Obs) -> str:
        rounds = obs.get("rounds")
        length = f"after {plural(rounds, 'round')}" if isinstance(rounds, int) else "at the end"
        if self.game.options.get("scoring") == "wins":
            return f"A point for each round won; the most points {length} wins."
        return f"Cards left in hand cost points (solid 1, wild 3, Zap 5); the lowest total {length} wins."
