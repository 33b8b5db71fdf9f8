"""Zop Zoo at a text table (`zdeck.textview`): every seat's row of white cards, what covers each (a POINTS card,
an upper half, a BEAST) and its Side Bonus cards; the discard pile's top and the card just drawn; the give,
steal and switch of the Specialty cards said with names, never seat numbers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from zdeck.textview import Moment, Seats, TextView
from zdeck.textview.base import Obs
from zdeck.textview.scene import Block, Cards, Chips, Line, Place
from zdeck.textview.words import capital, plural

SPECIALTY = {"hyena": "give", "raccoon": "take", "earthworm": "switch"}


class View(TextView):
    def title(self, card: str, face: Mapping[str, Any]) -> str:
        if face.get("kind") == "side bonus":
            return f"{str(face.get('category') or '').title()} bonus"
        return str(face.get("label") or card).title() if face.get("kind") in ("beast", "best beast") else \
            str(face.get("label") or card)

    def detail(self, card: str, face: Mapping[str, Any]) -> str:
        kind, value = face.get("kind"), face.get("value")
        category = str(face.get("category") or "").title()
        return {
            "category": f"{category} {value}",
            "lower half": f"lower half {value}",
            "minus": f"minus {abs(int(value or 0))}",
            "points": f"POINTS {value}",
            "upper half": "upper half",
            "anti-minus": f"+{value} POINTS",
            "beast": "wild, 0",
            "best beast": "wild, 50",
            "side bonus": f"+{value}",
            "mole": "digs",
            "specialty": SPECIALTY.get(str(face.get("animal")), "specialty"),
        }.get(str(kind), str(kind or ""))

    def card_name(self, card: str) -> str:
        face = self.face(card)
        picture = self.look(card).picture
        name = self.title(card, face)
        kind = face.get("kind")
        if kind in ("points", "upper half", "anti-minus"):
            name += {"points": " POINTS", "upper half": " upper half", "anti-minus": " ANTI-Minus"}[str(kind)]
        elif kind == "lower half":
            name += " lower half"
        return f"{picture} {name}" if picture else name

    # -- the table --------------------------------------------------------------------------------------------
    def table(self, m: Moment) -> list[Block]:
        obs = m.obs
        top = obs.get("top")
        places = [Place(top if isinstance(top, str) else None, "on top")]
        head = f"Discard pile: {plural(int(obs.get('pile_size') or 0), 'card')} · draw pile: " \
               f"{plural(int(obs.get('draw_size') or 0), 'card')}"
        pending = obs.get("drawn")
        if isinstance(pending, str):
            places.append(Place(pending, "just drawn", mark="new"))
        lines: list[Block] = [Cards(tuple(places), head)]
        if obs.get("dug"):
            lines.append(Line("Dug with the MOLE on top: " + ", ".join(m.seats.who(p) for p in obs["dug"]), "quiet"))
        order = [m.me] if isinstance(m.me, int) else []
        order += [p for p in range(len(obs.get("rows") or [])) if p != m.me]
        for p in order:
            lines += self.row(m, p)
        lines.append(Line("A row card is worth points once covered (its POINTS card, its upper half, a BEAST); a "
                          f"Minus card already counts. First to {self.game.options.get('target')} points wins.", "quiet"))
        return lines

    def row(self, m: Moment, seat: int) -> list[Block]:
        rows = m.obs.get("rows") or []
        bonus = (m.obs.get("bonus") or [[]] * len(rows))[seat] if seat < len(m.obs.get("bonus") or []) else []
        cards = rows[seat] if seat < len(rows) else []
        places = [self._unit(white, cover) for white, cover in cards]
        places += [Place(card, "bonus") for card in bonus]
        done = sum(1 for white, cover in cards if cover is not None or self.face(white).get("kind") == "minus")
        title = f"{capital(m.seats.whose(seat))} row: {done} of {len(cards)} worth points"
        return [Chips(tuple(places), title)]

    def _unit(self, white: str, cover: str | None) -> Place:
        """A row card as it lies: dim while it still waits for its match (a Minus card already counts), else the
        card that covers it, saying what it covers when that is another animal (a BEAST on the owl)."""
        if cover is None:
            return Place(white, mark="" if self.face(white).get("kind") == "minus" else "dim")
        same = self.face(cover).get("animal") == self.face(white).get("animal")
        return Place(cover, "" if same else f"on {self.title(white, self.face(white))}")

    def seat_notes(self, m: Moment, seat: int) -> list[str]:
        rows = m.obs.get("rows") or []
        if seat >= len(rows):
            return []
        done = sum(1 for white, cover in rows[seat] if cover is not None or self.face(white).get("kind") == "minus")
        return [f"{done}/{len(rows[seat])} matched"]

    # -- what the table is doing ---------------------------------------------------------------------------------
    PHASES: ClassVar[dict[str, str]] = {"again": "matched a card: draws again", "wild": "places a wild card", "mole": "drew a MOLE",
              "special": "uses a Specialty card", "match": "drew a card that matches", "chain": "takes from the discards"}

    def phase_words(self, m: Moment, lead: str = "") -> str:
        words = self.PHASES.get(str(m.obs.get("phase")))
        return f"{lead}{words}" if words else ""

    def your_move(self, m: Moment) -> str:
        obs = m.obs
        pending = obs.get("drawn")
        drawn = self.card_name(pending) if isinstance(pending, str) else "the card"
        if obs.get("phase") == "turn" and m.legal:
            return self._turn_choices(m)
        return {
            "turn": "draw from the draw pile (d), or use the top of the discard pile.",
            "again": "you matched: draw again (d).",
            "wild": f"cover one of your uncovered cards with {drawn} (v: choose which).",
            "mole": f"dig in the discard pile with {drawn} (g), or discard it.",
            "special": f"use {drawn}: choose whose card (the list shows every use).",
            "match": f"place {drawn} on its match (a), or discard it.",
            "chain": "take the next matching card from the discard pile (t), or stop (s).",
        }.get(str(obs.get("phase")), "choose a move.")

    def _turn_choices(self, m: Moment) -> str:
        """What this turn offers, as the legal actions say: the draw pile, or the discard pile's top (taken
        as a match, dug with a MOLE, or used as a Specialty card)."""
        top = m.obs.get("top")
        named = self.card_name(top) if isinstance(top, str) else "the top card"
        ways = {"draw": "draw from the draw pile (d)", "take": f"take {named} from the discard pile (t): it matches",
                "dig": f"dig in the discard pile with {named} on top (g)"}
        said = [ways[text] for text in ways if text in m.legal]
        if any(text not in ways for text in m.legal):
            said.append(f"use {named} on top of the discard pile (the list shows every use)")
        return ", or ".join(said) + "." if said else "choose a move."

    # -- what happened ------------------------------------------------------------------------------------------
    def _owner(self, m: Moment | None, obs: Obs | None, card: str) -> int | None:
        for p, row in enumerate((obs or {}).get("rows") or []):
            if any(white == card for white, _ in row):
                return p
        return None

    def offer(self, text: str, m: Moment) -> str:
        face = self.action_face(text)
        kind, card = face.get("kind"), face.get("card")
        pending = m.obs.get("drawn")
        drawn = self.card_name(pending) if isinstance(pending, str) else "the card"
        top = m.obs.get("top")
        named = self.card_name(card) if isinstance(card, str) else ""
        if kind == "draw":
            return "draw from the draw pile"
        if kind == "take":
            return f"take {self.card_name(top)} from the discard pile" if isinstance(top, str) else "take the discard"
        if kind == "stop":
            return "stop taking from the discard pile"
        if kind == "place":
            return f"place {drawn} on its match"
        if kind == "discard":
            return f"discard {drawn}"
        if kind == "dig":
            return "dig in the discard pile with the MOLE"
        if kind == "cover":
            return f"cover your {named} with {drawn}"
        owner = self._owner(m, m.obs, card) if isinstance(card, str) else None
        if kind == "give":
            return f"give your {named} to {m.seats.who(face.get('to'))}"
        if kind == "steal":
            return f"take {m.seats.whose(owner)} {named}"
        if kind == "switch":
            other = face.get("for")
            theirs = self._owner(m, m.obs, other) if isinstance(other, str) else None
            return f"switch your {named} for {m.seats.whose(theirs)} {self.card_name(str(other))}"
        return str(face.get("label") or text)

    def narrate(self, seat: int, text: str, before: Obs | None, after: Obs, seats: Seats) -> str:
        face = self.action_face(text)
        kind, card = face.get("kind"), face.get("card")
        who = capital(seats.who(seat))
        before = before or {}
        pending = before.get("drawn")
        drawn = self.card_name(pending) if isinstance(pending, str) else "the card"
        named = self.card_name(card) if isinstance(card, str) else ""
        if kind == "draw":
            got = after.get("drawn")
            if isinstance(got, str):
                return f"{who} drew {self.card_name(got)}."
            return f"{who} drew a card" + (f": {self.card_name(after['top'])} went on the discard pile."
                                          if after.get("pile_size", 0) > before.get("pile_size", 0) and
                                          isinstance(after.get("top"), str) else ".")
        if kind == "take":
            top = before.get("top")
            return f"{who} took {self.card_name(top)} from the discard pile." if isinstance(top, str) else f"{who} took the discard."
        if kind == "stop":
            return f"{who} stopped taking from the discard pile."
        if kind == "place":
            return f"{who} placed {drawn} on its match."
        if kind == "discard":
            return f"{who} discarded {drawn}."
        if kind == "dig":
            return f"{who} dug in the discard pile with the MOLE."
        if kind == "cover":
            return f"{who} covered {'your' if seat == seats.me else 'their'} {named} with {drawn}."
        owner = self._owner(None, before, card) if isinstance(card, str) else None
        if kind == "give":
            return f"{who} gave {named} to {seats.who(face.get('to'))} (HYENA)."
        if kind == "steal":
            return f"{who} took {seats.whose(owner)} {named} (RACCOON)."
        if kind == "switch":
            other = face.get("for")
            theirs = self._owner(None, before, other) if isinstance(other, str) else None
            return f"{who} switched {named} for {seats.whose(theirs)} {self.card_name(str(other))} (EARTHWORM)."
        return f"{who}: {face.get('label') or text}."

    # -- rounds and the end ----------------------------------------------------------------------------------------
    def round_headline(self, number_: int, before: Obs, after: Obs, seats: Seats) -> str:
        winners = after.get("round_winners") or []
        winner = winners[-1] if winners else None
        if isinstance(winner, int):
            return f"Round {number_} is over: every card of {seats.whose(winner)} row shows POINTS."
        return f"Round {number_} is over: the draw pile ran out, everyone scores."

    def why(self, seat: int, before: Obs, after: Obs, seats: Seats) -> str:
        winners = after.get("round_winners") or []
        winner = winners[-1] if winners else None
        if winner is None:
            return "all points (the draw pile ran out)"
        return "all the row's points" if winner == seat else "minus and bonus points only"

    def rule_words(self, obs: Obs) -> str:
        return (f"The round's winner scores all their points, the others only their minus and bonus points; the "
                f"first to {self.game.options.get('target')} points wins (the highest total).")
