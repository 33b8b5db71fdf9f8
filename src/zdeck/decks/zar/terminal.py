"""ZAR at a text table (`zdeck.textview`): cards with their symbol or creature and always their colour word,
the declared colour or symbol as a badge, the open MATCH, the Wasps' pending draw, the direction of play,
and each hand's end in points left (Symbol 1, Command 3, Power 5, Chameleon 6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from zdeck.textview import Moment, Seats, TextView
from zdeck.textview.base import Obs
from zdeck.textview.scene import Block, Line
from zdeck.textview.words import capital, joined, plural

POWER = {"Winged Dragon": "W. Dragon", "Unwinged Dragon": "U. Dragon", "Front-view Peacock": "F. Peacock",
         "Side-view Peacock": "S. Peacock"}
KINDS = {"symbol": "Symbol card", "command": "Command card", "power": "Power card", "chameleon": "Chameleon"}
EFFECT = {"reverse": "reverses", "skip": "skips", "draw": "draw 2", "declare_symbol": "sets symbol",
          "declare_colour": "sets colour", "copy": "copies"}


class View(TextView):
    round_word = "hand"

    def title(self, card: str, face: Mapping[str, Any]) -> str:
        symbol = face.get("symbol")
        if symbol == "Lightning Bolt":
            return "Bolt"
        return str(symbol or POWER.get(str(face.get("creature")), None) or face.get("creature") or face.get("label")
                   or card)

    def detail(self, card: str, face: Mapping[str, Any]) -> str:
        """The colour word always (never the colour alone); a Power card or Chameleon says what it does."""
        colour = face.get("colour")
        if isinstance(colour, str):
            return colour
        return EFFECT.get(str(face.get("effect")), str(face.get("kind") or ""))

    def card_name(self, card: str) -> str:
        picture = self.look(card).picture
        return f"{card} {picture}" if picture else card

    # -- the table --------------------------------------------------------------------------------------------
    def table(self, m: Moment) -> list[Block]:
        obs = m.obs
        lines: list[Block] = [*self.pile(m, "Playpile")]
        top, top_as = obs.get("top"), obs.get("top_as")
        if isinstance(top_as, str) and top_as != top:
            lines.append(Line(f"The Chameleon on top counts as {self.card_name(top_as)}.", "strong"))
        declared = obs.get("declared")
        if declared:
            lines.append(Line(f"◆ Declared: {declared} - follow {declared}, or play a Power card.", "strong"))
        stack = obs.get("stack")
        if isinstance(stack, int) and stack > 0:
            lines.append(Line(f"Wasps: the next player draws {stack} cards unless they play a Wasp.", "alert"))
        group = obs.get("group")
        if isinstance(group, dict) and isinstance(group.get("count"), int) and group["count"] > 1:
            lines.append(Line(f"The top play is {plural(group['count'], 'card')} strong "
                              f"(the last added by {m.seats.who(group.get('owner'))}).", "quiet"))
        if obs.get("matchable") and not obs.get("over"):
            lines.append(Line("MATCH is open: anyone holding an identical card may slam it down.", "quiet"))
        call = obs.get("call")
        if call and str(call) != str(declared or "").upper():
            lines.append(Line(f"Called: {call}", "quiet"))
        lines += [Line(text) for text in (self.direction(m), self.dealer(m)) if text]
        return lines

    def seat_notes(self, m: Moment, seat: int) -> list[str]:
        notes = super().seat_notes(m, seat)
        penalties = m.obs.get("penalties")
        if isinstance(penalties, list) and seat < len(penalties) and penalties[seat]:
            notes.append(f"{penalties[seat]} penalty")
        if m.obs.get("hand_winner") == seat:
            notes.append("went out last")
        return notes

    # -- what the table is doing ---------------------------------------------------------------------------------
    def phase_words(self, m: Moment, lead: str = "") -> str:
        phase = m.obs.get("phase")
        if phase == "drawn":
            return f"{lead}drew a card: play it or pass"
        if phase == "out":
            return f"{lead}last card down: it can still be matched"
        return ""

    def open_words(self, m: Moment) -> str:
        if m.obs.get("phase") == "out":
            return "a player played their last card: anyone holding an identical card may still MATCH it"
        return "the table waits"

    def your_move(self, m: Moment) -> str:
        obs = m.obs
        if obs.get("phase") == "drawn":
            drawn = obs.get("drawn")
            return f"play the card you drew ({self.card_name(drawn)}) or pass." if isinstance(drawn, str) \
                else "play the card you drew or pass."
        stack = obs.get("stack")
        if isinstance(stack, int) and stack > 0:
            return f"play a Wasp (it passes the draw on), or draw {stack} cards."
        follow = obs.get("declared") or self._colour_and_symbol(obs.get("top_as"))
        return f"play a card that follows {follow} (or a Power card), or draw."

    def _colour_and_symbol(self, card: Any) -> str:
        if not isinstance(card, str):
            return "the top card"
        face = self.face(card)
        colour, symbol = face.get("colour"), face.get("symbol") or face.get("creature")
        return f"{colour} or {symbol}" if colour and symbol else str(card)

    def out_of_turn(self, m: Moment) -> str:
        return "MATCH! You hold a card identical to the top card: slam it down now."

    # -- what happened ------------------------------------------------------------------------------------------
    def offer(self, text: str, m: Moment) -> str:
        face = self.action_face(text)
        kind = face.get("kind")
        if kind == "draw":
            stack = m.obs.get("stack")
            return f"draw {stack} cards" if isinstance(stack, int) and stack > 0 else "draw a card"
        if kind == "pass":
            return "pass (keep the card you drew)"
        card = face.get("card")
        if not isinstance(card, str):
            return text
        count = int(face.get("count") or 1)
        words = self._cards(card, count, face)
        if face.get("declare"):
            words += f", declaring {face['declare']}"
        if face.get("call"):
            words += f' - call "{face["call"]}"'
        return f"play {words}"

    def _cards(self, card: str, count: int, face: Mapping[str, Any]) -> str:
        chameleons = [c for c in face.get("cards") or [] if c == "Chameleon" and card != "Chameleon"]
        head = f"{count} x {self.card_name(card)}" if count > 1 else self.card_name(card)
        if chameleons:
            head += f" ({plural(len(chameleons), 'Chameleon')} among them)"
        return head

    def narrate(self, seat: int, text: str, before: Obs | None, after: Obs, seats: Seats) -> str:
        face = self.action_face(text)
        who = capital(seats.who(seat))
        kind = face.get("kind")
        if kind == "draw":
            stack = before.get("stack") if before is not None else 0
            return f"{who} drew {plural(stack, 'card')} (the Wasps' draw)." if isinstance(stack, int) and stack > 0 \
                else f"{who} drew a card."
        if kind == "pass":
            return f"{who} passed."
        card = face.get("card")
        if not isinstance(card, str):
            return f"{who}: {text}."
        line = f"{who} played {self._cards(card, int(face.get('count') or 1), face)}"
        if face.get("declare"):
            line += f", declaring {face['declare']}"
        call = after.get("call")
        if call and str(call) != str(face.get("declare") or "").upper():
            line += f' - "{call}"'
        if before is not None and before.get("matchable") and before.get("top_as") == card and \
                before.get("phase") in ("play", "out"):
            line += " (a MATCH)"
        return line + "."

    def penalty(self, seat: int, text: str | None, before: Obs | None, after: Obs, seats: Seats) -> str:
        due = after.get("call")
        due_words = f' (due: "{due}")' if due else ""
        if seat == seats.me:
            return f"Your call was missing or wrong{due_words}: the play stands and you draw a penalty card."
        return f"{capital(seats.who(seat))}'s call was missing or wrong{due_words}: they draw a penalty card."

    # -- hands and the end ----------------------------------------------------------------------------------------
    def round_headline(self, number_: int, before: Obs, after: Obs, seats: Seats) -> str:
        winner = after.get("hand_winner")
        if isinstance(winner, int):
            return f"Hand {number_} is over: {seats.who(winner)} went out."
        return f"Hand {number_} is over."

    def why(self, seat: int, before: Obs, after: Obs, seats: Seats) -> str:
        if after.get("hand_winner") == seat:
            return "went out"
        sizes = before.get("hand_sizes") or []
        hand = before.get("hand") if seat == seats.me else None
        if isinstance(hand, list) and hand:
            kinds = [str(self.face(card).get("kind") or "card") for card in hand]
            counted = [plural(kinds.count(k), KINDS.get(k, k)) for k in ("symbol", "command", "power", "chameleon")
                       if k in kinds]
            return f"{plural(len(hand), 'card')} left: {joined(counted)}"
        return plural(sizes[seat] if seat < len(sizes) else 0, "card") + " left"

    def rule_words(self, obs: Obs) -> str:
        options = self.game.options
        scoring = "1 a card" if options.get("scoring") == "count" else "Symbol 1, Command 3, Power 5, Chameleon 6"
        ends = []
        if options.get("hands"):
            ends.append(f"after {plural(options['hands'], 'hand')}")
        if options.get("target"):
            ends.append(f"after the hand in which someone reaches {options['target']}")
        return (f"Cards left in hand cost points ({scoring}); the game ends {' or '.join(ends) or 'at the end'}, "
                "and the lowest total wins.")
