"""Zoker Kubo at a text table (`zdeck.textview`): the cube's four layers side by side with every laid card in its
place, what the turn allows (an extra draw, ending it), the lines scored this round and by whom, and the
round's points beside the match totals."""

from __future__ import annotations

from typing import Any

from zdeck.decks.zoker.terminal import View as ZokerView
from zdeck.textview import Moment, Seats
from zdeck.textview.base import Obs
from zdeck.textview.scene import Block, Cube, Line
from zdeck.textview.words import capital, plural, signed

STRUCTURES = {1: "a straight", 2: "a diagonal", 12: "a Zoker (space diagonal)"}


class View(ZokerView):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # where each card lies in the cube as this table's start stands it (the place actions' faces say it)
        self.places: dict[str, tuple[int, int]] = {
            str(f["card"]): (int(f["layer"]), int(f["cell"])) for f in self.action_faces or []
            if isinstance(f.get("card"), str) and isinstance(f.get("layer"), int) and isinstance(f.get("cell"), int)}

    def table(self, m: Moment) -> list[Block]:
        obs = m.obs
        laid = [c for c in obs.get("table") or [] if isinstance(c, str)]
        layers: list[list[str | None]] = [[None] * 16 for _ in range(4)]
        for card in laid:
            if card in self.places:
                layer, cell = self.places[card]
                layers[layer][cell] = card
        lines: list[Block] = [Cube(tuple(tuple(layer) for layer in layers),
                                   f"The cube: {len(laid)} of 64 cards laid; layers blue, green, orange, red")]
        lines.append(Line(f"Draw pile: {plural(int(obs.get('draw_size') or 0), 'card')}", "quiet"))
        turn = obs.get("turn")
        if isinstance(turn, int) and not obs.get("over"):
            laid_now = int(obs.get("laid") or 0)
            extra = "; extra cards may still be drawn (up to five in hand)" if obs.get("may_draw") else ""
            lines.append(Line(f"Laid this turn: {plural(laid_now, 'card')}{extra}", "quiet"))
        for line in obs.get("pending") or []:
            lines.append(Line(f"Not yet announced: {line} - Score! claims it", "alert"))
        for entry in (obs.get("scored") or [])[-4:]:
            points = int(entry.get("points") or 0)
            lines.append(Line(f"{capital(m.seats.who(entry.get('seat')))} scored {STRUCTURES.get(points, 'a line')} "
                              f"for {plural(points, 'point')}: {entry.get('line')}", "quiet"))
        return lines

    def seat_notes(self, m: Moment, seat: int) -> list[str]:
        notes = super().seat_notes(m, seat)
        points = m.obs.get("points") or []
        if seat < len(points) and points[seat] and not m.obs.get("over"):
            notes.append(f"{signed(points[seat])} now")
        return notes

    def phase_words(self, m: Moment, lead: str = "") -> str:
        if m.obs.get("phase") == "shout":
            return f"{lead}Score! can be shouted for an unannounced line"
        return ""

    def open_words(self, m: Moment) -> str:
        return f"{m.seats.who(m.obs.get('missed_by'))} left a line unannounced: anyone may shout Score! for it"

    def your_move(self, m: Moment) -> str:
        draw = "draw an extra card (d), " if m.obs.get("may_draw") else ""
        if m.legal and not any(text.startswith("place") for text in m.legal):
            # say why every card is greyed out, or a newcomer looks for the move that is not there
            return f"none of your cards has a free place in the cube now: {draw}end your turn (e)."
        return f"{draw}lay cards on their places (their keys), then end your turn (e)."

    def out_of_turn(self, m: Moment) -> str:
        return "shout Score! (s) for the line left unannounced - first come, first scored."

    def offer(self, text: str, m: Moment) -> str:
        face = self.action_face(text)
        kind = face.get("kind")
        if kind == "draw":
            return "draw an extra card"
        if kind == "end":
            return "end your turn"
        if kind == "call":
            return f"Score! for the line {face.get('line')}"
        card = face.get("card")
        if isinstance(card, str):
            return f"lay {self.card_name(card)} on its place (layer {int(face.get('layer', 0)) + 1})"
        return text

    def narrate(self, seat: int, text: str, before: Obs | None, after: Obs, seats: Seats) -> str:
        face = self.action_face(text)
        who = capital(seats.who(seat))
        kind = face.get("kind")
        if kind == "draw":
            return f"{who} drew an extra card."
        if kind == "end":
            return f"{who} ended {'your' if seat == seats.me else 'their'} turn."
        if kind == "call":
            return f"{who} shouted Score! for {face.get('line')}."
        card = face.get("card")
        line = f"{who} laid {self.card_name(card)}" if isinstance(card, str) else f"{who}: {text}"
        scored = (after.get("scored") or [])[len((before or {}).get("scored") or []):]
        if scored and after.get("round") == (before or {}).get("round"):
            line += " - scoring " + ", ".join(f"{STRUCTURES.get(int(e.get('points') or 0), 'a line')} "
                                              f"({plural(int(e.get('points') or 0), 'point')})" for e in scored)
        return line + "."

    def why(self, seat: int, before: Obs, after: Obs, seats: Seats) -> str:
        scored = [e for e in before.get("scored") or [] if e.get("seat") == seat]
        points = sum(int(e.get("points") or 0) for e in scored)
        return f"{plural(points, 'point')} from {plural(len(scored), 'line')}, less a point a card left in hand"

    def rule_words(self, obs: Obs) -> str:
        return ("A straight scores 1, a diagonal 2, a Zoker 12; each card left in hand at the end costs a point; the "
                "most points win.")
