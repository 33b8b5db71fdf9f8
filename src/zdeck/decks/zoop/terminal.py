"""Zoop at a text table (`zdeck.textview`): the card to match and what matches it, the direction of play, the
Special Round's declared animal as a badge, the Cage's chance, the free discards - and ZOOP!'s penalties
said with their reason and what follows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from zdeck.textview import Moment, Seats, TextView
from zdeck.textview.base import Obs
from zdeck.textview.scene import Block, Cards, Line, Place
from zdeck.textview.words import capital, plural

# A Special Animal's effect, short enough for the card (its bottom icon, or a word) and whole for the log.
ICONS = {"any_single": "✱", "reverse": "⇄", "next_draws": "+1", "next_misses": "⊘", "next_misses_then_draws": "⊘+1"}
SHORT = {"any_single": "any", "reverse": "rev.", "next_draws": "+1", "next_misses": "skip",
         "next_misses_then_draws": "skip+1", "special_round": "any animal", "capture": "captures"}
DOES = {"any_single": "it matches any colour", "reverse": "play reverses direction",
        "next_draws": "the next player draws a card", "next_misses": "the next player misses a turn",
        "next_misses_then_draws": "the next player misses a turn and the one after draws a card"}
REASONS = {"everyone passes": "nobody else could match the card", "capture": "their Cage captured an animal",
           "special round": "their Special Round is over"}


class View(TextView):
    def title(self, card: str, face: Mapping[str, Any]) -> str:
        return str(face.get("label") or card)

    def detail(self, card: str, face: Mapping[str, Any]) -> str:
        colour = face.get("colour")
        effect = str(face.get("effect"))
        if face.get("kind") == "special":
            mark = ICONS.get(effect) if self.art.mode != "words" else None
            return f"{colour} {mark or SHORT.get(effect, '')}".strip()
        return str(colour or SHORT.get(effect, ""))

    def card_name(self, card: str) -> str:
        picture = self.look(card).picture
        return f"{picture} {card}" if picture else card

    # -- the table --------------------------------------------------------------------------------------------
    def table(self, m: Moment) -> list[Block]:
        obs = m.obs
        lines: list[Block] = [*self.pile(m, "Discard pile")]
        placer = obs.get("placer")
        if isinstance(placer, int):
            lines.append(Line(f"The top card was put down by {m.seats.who(placer)}.", "quiet"))
        match = obs.get("match")
        declared = obs.get("declared")
        if declared and obs.get("phase") == "special":
            lines.append(Line(f"◆ Special Round: {declared}s - every player plays a {declared} (any number, any "
                              "colour) or draws a card and misses the turn.", "strong"))
        elif isinstance(match, str) and not obs.get("over"):
            if match != obs.get("top"):
                lines.append(Line(f"To match: {self.card_name(match)} (under the card on top)", "strong"))
            lines.append(Line(self.matches(match), "quiet"))
        capturable = obs.get("capturable")
        if isinstance(capturable, dict) and isinstance(capturable.get("card"), str):
            lines.append(Line(f"A Cage can capture {m.seats.whose(capturable.get('player'))} "
                              f"{self.card_name(capturable['card'])} now (calling Captured!).", "alert"))
        reason = obs.get("discard_reason")
        if reason and isinstance(obs.get("turn"), int):
            why = REASONS.get(str(reason), str(reason))
            lines.append(Line(f"{capital(m.seats.who(obs['turn']))} may discard any card: "
                              f"{why.replace('their', 'your') if obs['turn'] == m.me else why}.", "strong"))
        owed = obs.get("owed")
        if isinstance(owed, int) and owed > 0 and isinstance(obs.get("turn"), int):
            lines.append(Line(f"{capital(m.seats.who(obs['turn']))} must first draw {plural(owed, 'card')}.", "alert"))
        drawn = obs.get("drawn")
        if isinstance(drawn, str):
            lines.append(Cards((Place(drawn, "you drew it", mark="new"),), "The card you drew:"))
        if obs.get("still_to_answer"):
            lines.append(Line("Still to answer the Special Round: " +
                              ", ".join(m.seats.who(p) for p in obs["still_to_answer"]), "quiet"))
        lines += [Line(text) for text in (self.direction(m),) if text]
        return lines

    def matches(self, match: str) -> str:
        """The rule in words for this card: two of its three characteristics."""
        face = self.face(match)
        count, colour, animal = face.get("count"), face.get("colour"), face.get("animal")
        if not (count and colour and animal):
            return "Match two of: number of animals, colour, animal."
        number_ = "1 animal" if count == 1 else "2 animals"
        return f"Match two of: {number_}, {colour}, {animal} (or play a Wild Card)."

    def seat_lines(self, m: Moment) -> list[Any]:
        lines = super().seat_lines(m)
        if not m.obs.get("over"):  # scores say only who won: while playing, cards in hand are what counts
            lines = [type(line)(**{**line.__dict__, "score": "", "best": False}) for line in lines]
        return lines

    def seat_notes(self, m: Moment, seat: int) -> list[str]:
        notes = []
        if m.obs.get("starter") == seat and m.obs.get("phase") == "special":
            notes.append("◆ started the Special Round")
        return notes

    # -- what the table is doing ---------------------------------------------------------------------------------
    def phase_words(self, m: Moment, lead: str = "") -> str:
        obs = m.obs
        phase = obs.get("phase")
        if phase == "special":
            return f"{lead}Special Round of {obs.get('declared')}s"
        if phase == "discard":
            return f"{lead}a free discard"
        if phase == "owed":
            return f"{lead}must draw first"
        if phase == "drawn":
            return f"{lead}drew a card"
        return ""

    def your_move(self, m: Moment) -> str:
        obs = m.obs
        phase = obs.get("phase")
        if phase == "special":
            return f"play a {obs.get('declared')}, or draw a card and miss your turn."
        if phase == "discard":
            return "discard any card of your hand (it becomes the card to match), or pass."
        if phase == "owed":
            return f"draw the {plural(obs.get('owed') or 1, 'card')} you owe (d), then play."
        if phase == "drawn":
            return "play the card you drew, or keep it (pass)."
        return "play a card that matches two of three (number, colour, animal) or a Wild Card; else draw (d)."

    def out_of_turn(self, m: Moment) -> str:
        if isinstance(m.obs.get("capturable"), dict):
            return "your Cage may capture the Special Animal on top - call Captured! (or ZOOP! if you hold its twin)."
        return "ZOOP! You hold the exact same card as the top card: put it down with ZOOP! (z)."

    # -- what happened ------------------------------------------------------------------------------------------
    def offer(self, text: str, m: Moment) -> str:
        face = self.action_face(text)
        kind, card = face.get("kind"), face.get("card")
        if kind == "draw":
            return "draw a card"
        if kind == "pass":
            return {"discard": "pass: keep your cards", "drawn": "keep the card you drew"}.get(
                str(m.obs.get("phase")), "pass (lose your turn)")
        if card == "wild card":
            return f"play the Wild Card: a Special Round of {face.get('declare')}s"
        if kind == "discard" and isinstance(card, str):
            return f"discard {self.card_name(card)}"
        if kind == "call" and card == "cage":
            return "Captured!: your Cage on the Special Animal" if face.get("call") else \
                "put your Cage down without calling Captured! (the rules penalise it)"
        if kind == "call" and isinstance(card, str):
            return f"ZOOP! with {self.card_name(card)}" if face.get("call") else \
                f"put {self.card_name(card)} down without calling ZOOP! (the rules penalise it)"
        if isinstance(card, str):
            return f"play {self.card_name(card)}"
        return text

    def narrate(self, seat: int, text: str, before: Obs | None, after: Obs, seats: Seats) -> str:
        face = self.action_face(text)
        kind, card = face.get("kind"), face.get("card")
        who = capital(seats.who(seat))
        if kind == "draw":
            return f"{who} drew a card."
        if kind == "pass":
            return f"{who} passed."
        if card == "wild card":
            return f"{who} played the Wild Card: a Special Round of {face.get('declare')}s."
        if kind == "discard" and isinstance(card, str):
            return f"{who} discarded {self.card_name(card)}: the next card to match."
        if card == "cage":
            caught = before.get("capturable") if before is not None else None
            if isinstance(caught, dict) and isinstance(caught.get("card"), str):
                return (f"{who} called Captured!: the Cage caught {seats.whose(caught.get('player'))} "
                        f"{self.card_name(caught['card'])}; {seats.who(caught.get('player'))} drew a card.")
            return f"{who} called Captured!"
        if kind == "call" and isinstance(card, str):
            return f"{who} called ZOOP! with {self.card_name(card)}" + self._out(seat, after, seats)
        if isinstance(card, str):
            effect = DOES.get(str(self.face(card).get("effect")))
            return f"{who} played {self.card_name(card)}" + (f": {effect}" if effect else "") + self._out(seat, after,
                                                                                                          seats)
        return f"{who}: {text}."

    def _out(self, seat: int, after: Obs, seats: Seats) -> str:
        return " - their last card!" if seat in (after.get("winners") or []) else "."

    def penalty(self, seat: int, text: str | None, before: Obs | None, after: Obs, seats: Seats) -> str:
        if seat != seats.me or text is None:
            return (f"{capital(seats.who(seat))} was penalised (a wrong, silent or late ZOOP! or Cage): the card went "
                    "back to their hand and they drew one.")
        face = self.action_face(text)
        card = face.get("card")
        name = self.card_name(card) if isinstance(card, str) else "the card"
        shout = "Captured!" if card == "cage" else "ZOOP!"
        top = before.get("top") if before is not None else None
        if not face.get("call"):
            why = f"{name} put down without calling {shout}"
        elif card != "cage" and top is not None and card != top:
            why = f"ZOOP! with a different card ({name}, the top was {self.card_name(str(top))})"
        else:
            why = f"too late: another card landed first ({name})"
        return f"Penalty - {why}: it goes back to your hand and you draw one."

    # -- the end ------------------------------------------------------------------------------------------------
    def rule_words(self, obs: Obs) -> str:
        return ("The first player to get rid of all their cards wins; if the draw pile runs out and nobody can play, "
                "the fewest cards win (then the fewest special cards).")

    def ending(self, m: Moment) -> list[str]:
        obs = m.obs
        winners = list(obs.get("winners") or [])
        how = "emptied their hand" if obs.get("end") != "blocked" else "held the fewest cards when play was blocked"
        if m.me is not None and m.me in winners:
            head = "You win! You " + how.replace("their", "your") + "."
        elif winners:
            head = f"{capital(m.seats.who(winners[0]))} wins: {how}."
        else:
            head = "Nobody wins."
        return [f"Game over. {head}", self.rule_words(obs)]

    def round_over(self, before: Obs | None, after: Obs, seats: Seats) -> Any:
        summary = super().round_over(before, after, seats)
        if summary is None or before is None:
            return summary
        sizes = after.get("hand_sizes") or []
        rows = tuple((name, "", "", plural(sizes[p], "card") + " left" if p < len(sizes) else "")
                     for p, (name, *_rest) in enumerate(summary.rows))
        return replace(summary, rows=rows)
