"""The text view every game starts from: a game's `terminal.py` subclasses `TextView` and says its table in its
own words; a game without one (a new game's first days) is drawn by this class alone, from the shared
observation vocabulary (docs/observations.md), its card faces and its action faces.

A view reads what one seat is sent (the observation, the public seat list) and nothing else. It never
names who else may act: only "you" and the public turn (tests/server/test_leaks.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from zdeck.core import Game
from zdeck.textview.art import Art
from zdeck.textview.scene import Block, CardLook, Cards, Line, Place, SeatLine, Summary
from zdeck.textview.words import Seats, capital, joined, number, plural, signed

Obs = Mapping[str, Any]
NEUTRAL = "#9aa3ad"  # a card of a game without colours
BACK = "#3b4b7a"

# The shared observation keys (docs/observations.md): the generic view draws them; a game's own keys are its
# view's to say (the generic view shows them as plain facts).
SHARED = ("game", "seat", "phase", "turn", "round", "rounds", "hand", "hand_sizes", "scores", "round_scores",
          "over", "winners", "top", "pile", "draw_size", "direction", "dealer", "last")

# What an action of each kind says in the log, after the seat's name (the generic view's words).
DONE = {"draw": "drew a card", "pass": "passed", "end": "ended the turn", "take": "took the top of the discard pile",
        "stop": "stopped", "deal": "dealt new cards", "dig": "dug in the discard pile"}
OFFER = {"draw": "draw a card", "pass": "pass", "end": "end your turn", "take": "take the top of the discard pile",
         "stop": "stop", "deal": "deal new cards", "dig": "dig in the discard pile"}


@dataclass(frozen=True)
class Moment:
    """What a view draws from: the seat's observation and who sits where; `now` for what shows a while;
    `legal`: the texts of the actions the seat may take now (where the turn's words depend on them)."""

    obs: Obs
    seats: Seats
    now: float = 0.0
    legal: tuple[str, ...] = ()

    @property
    def me(self) -> int | None:
        return self.seats.me


class TextView:
    """A game's table in words and places. Subclasses override what their game says differently."""

    # "higher" or "lower" wins: the game's `score_order` unless the view knows better
    points_word = "point"

    def __init__(self, game: Game, pictures: str = "emoji") -> None:
        self.game = game
        self.cards: dict[str, dict[str, Any]] = game_faces(game, "card_faces") or {}
        actions = game_faces(game, "action_faces")
        self.action_faces: list[dict[str, Any]] | None = list(actions) if actions is not None else None
        self.art = Art.of(game, pictures)
        self._faces_by_text: dict[str, dict[str, Any]] = {}

    # -- cards ----------------------------------------------------------------------------------------------
    def face(self, card: str) -> dict[str, Any]:
        return self.cards.get(card) or {"kind": "card", "label": card}

    def look(self, card: str) -> CardLook:
        """How the card shows: picture, title, detail, colour. Face-down as a back."""
        face = self.face(card)
        if face.get("kind") == "down" or (card == "down" and "down" not in self.cards):
            return CardLook("", "", "", BACK, back=True)
        return CardLook(self.art.picture(face), self.title(card, face), self.detail(card, face), colour_of(face))

    def title(self, card: str, face: Mapping[str, Any]) -> str:
        return str(face.get("label") or card)

    def detail(self, card: str, face: Mapping[str, Any]) -> str:
        """The words under the title: the card's colour where it has one (never left to the colour alone)."""
        title = self.title(card, face).lower()
        for key in ("colour", "animal", "symbol", "creature", "category", "kind"):
            value = face.get(key)
            if isinstance(value, str) and value and value.lower() not in title and value not in ("card", "basic"):
                return value
        return ""

    def card_name(self, card: str) -> str:
        """The card in a sentence, as a player would name it (with its picture)."""
        picture = self.look(card).picture
        return f"{picture} {card}" if picture else card

    # -- the table ------------------------------------------------------------------------------------------
    def observe(self, before: Obs | None, after: Obs, now: float) -> None:
        """Called with each new observation: a view that shows something for a while remembers it here."""

    def table(self, m: Moment) -> list[Block]:
        """The middle of the table: by default the pile with its top card last, the draw pile, and the facts."""
        return [*self.pile(m), *self.facts(m)]

    def pile(self, m: Moment, title: str = "Pile", room: int = 12) -> list[Block]:
        """The pile, its top card on the right (the last that fit in a row), with who put the top card down,
        and the draw pile's count."""
        obs = m.obs
        cards = pile_cards(obs)[-room:]
        places = [Place(card, m.seats.who(seat) if seat is not None else "", mark="" if i == len(cards) - 1 else "dim")
                  for i, (card, seat) in enumerate(cards)]
        head = f"{title}: {plural(len(pile_cards(obs)), 'card')}" if cards else f"{title}: empty"
        if cards and cards[-1][1] is not None:
            head += f", the top one from {m.seats.who(cards[-1][1])}"
        if isinstance(obs.get("draw_size"), int):
            head += f" · draw pile: {plural(obs['draw_size'], 'card')}"
        return [Cards(tuple(places), head, last=True)]

    def facts(self, m: Moment) -> list[Line]:
        """The facts a player needs besides the cards: the direction of play, the dealer; a game without a view
        of its own also shows its own keys, plainly."""
        lines = [Line(text) for text in (self.direction(m), self.dealer(m)) if text]
        lines += [Line(f"{key.replace('_', ' ')}: {plain_value(value)}", "quiet")
                  for key, value in m.obs.items() if key not in SHARED and value not in (None, [], {}, "")]
        return lines

    def direction(self, m: Moment) -> str:
        """An arrow for the order of play, as the seats panel lists the seats."""
        way = m.obs.get("direction")
        if way not in (1, -1):
            return ""
        return "Play goes ↓ down the list of seats" if way == 1 else "Play goes ↑ up the list of seats (reversed)"

    def dealer(self, m: Moment) -> str:
        dealer = m.obs.get("dealer")
        return f"Dealer: {m.seats.who(dealer)}" if isinstance(dealer, int) and len(m.seats) > 1 else ""

    # -- the seats ------------------------------------------------------------------------------------------
    def seat_lines(self, m: Moment) -> list[SeatLine]:
        obs = m.obs
        sizes = obs.get("hand_sizes")
        scores = list(obs.get("scores") or [])
        best = self.best(scores) if scores and any(scores) else None
        lines = []
        for p in range(len(m.seats)):
            score = scores[p] if p < len(scores) else None
            lines.append(SeatLine(
                seat=p, name=m.seats.name(p), you=p == m.me, turn=obs.get("turn") == p,
                cards=sizes[p] if isinstance(sizes, list) and p < len(sizes) else None,
                score=self.score_short(score) if score is not None else "",
                best=best is not None and score == best, notes=tuple(self.seat_notes(m, p)),
                won=p in (obs.get("winners") or []), cover=m.seats.cover(p)))
        return lines

    def seat_notes(self, m: Moment, seat: int) -> list[str]:
        """A few words beside a seat: who dealt (a game adds its own)."""
        return ["dealer"] if m.obs.get("dealer") == seat and len(m.seats) > 1 else []

    def score_words(self, value: Any) -> str:
        return plural(value, self.points_word)

    def score_short(self, value: Any) -> str:
        """A score as the seats list shows it: "1 point", "12 points"."""
        return plural(value, "point")

    def best(self, scores: Sequence[Any]) -> Any:
        return (min if self.lower_wins else max)(scores)

    @property
    def lower_wins(self) -> bool:
        return self.game.score_order == "lower"

    # -- what the table is doing --------------------------------------------------------------------------------
    def doing(self, m: Moment, may_act: bool) -> tuple[str, str]:
        """The status line and its tone: whether you may act and what, whose turn it is, what the table waits for."""
        obs = m.obs
        if obs.get("over"):
            return self.ending(m)[0], "strong"
        turn = obs.get("turn")
        if may_act and turn == m.me:
            return f"Your turn: {self.your_move(m)}", "good"
        if may_act:
            return f"You may act now, out of turn: {self.out_of_turn(m)}", "alert"
        if turn is not None:
            return f"{capital(m.seats.whose(turn))} turn{self.phase_words(m, ': ')}.", ""
        return f"{capital(self.open_words(m))}.", ""

    def your_move(self, m: Moment) -> str:
        return "press the key shown on what you act on."

    def out_of_turn(self, m: Moment) -> str:
        return "be quick."

    def phase_words(self, m: Moment, lead: str = "") -> str:
        """A few words for what the table is doing, after `lead` (nothing where the turn says it all)."""
        return ""

    def open_words(self, m: Moment) -> str:
        return "the table is open to everyone"

    def heading(self, m: Moment) -> str:
        """The title bar's words after the game's name: the round, and what the table is doing."""
        obs = m.obs
        parts = []
        if obs.get("rounds") != 1 and isinstance(obs.get("round"), int):
            parts.append(f"{self.round_word.capitalize()} {obs['round']}" +
                         (f" of {obs['rounds']}" if obs.get("rounds") else ""))
        words = self.phase_words(m)
        if words and not obs.get("over"):
            parts.append(capital(words))
        if obs.get("over"):
            parts.append("Game over")
        return "  ·  ".join(parts)

    round_word = "round"

    # -- actions --------------------------------------------------------------------------------------------
    def action_face(self, text: str) -> dict[str, Any]:
        face = self._faces_by_text.get(text)
        if face is None:
            face = {}
            if self.action_faces is not None:
                try:
                    face = self.action_faces[self.game.action_id(self.game.parse_action(text))]
                except (ValueError, IndexError):
                    face = {}
            self._faces_by_text[text] = face
        return face

    def offer(self, text: str, m: Moment) -> str:
        """An action as a chooser lists it, in the second person: "play 🐨 2 green koalas", "draw a card"."""
        face = self.action_face(text)
        kind = str(face.get("kind") or "")
        card = face.get("card")
        if kind in OFFER:
            return OFFER[kind]
        if kind == "call" and face.get("call"):
            return f"call {face['call']}" + (f" with {self.card_name(card)}" if isinstance(card, str) else "")
        if isinstance(card, str):
            declared = face.get("declare")
            return f"{kind or 'play'} {self.card_name(card)}" + (f", naming {declared}" if declared else "")
        label = face.get("label")
        return str(label or text)

    def narrate(self, seat: int, text: str, before: Obs | None, after: Obs, seats: Seats) -> str:
        """The log's line for an action that took effect, in the past tense."""
        face = self.action_face(text)
        kind = str(face.get("kind") or "")
        card = face.get("card")
        who = capital(seats.who(seat))
        if kind in DONE:
            return f"{who} {DONE[kind]}."
        if kind == "call" and face.get("call"):
            call = str(face["call"])
            return f"{who} called {call}" + (f" with {self.card_name(card)}." if isinstance(card, str) else
                                             "" if call[-1:] in "!?." else ".")
        if isinstance(card, str):
            verb = {"play": "played", "discard": "discarded"}.get(kind, kind + "ed" if kind else "played")
            return f"{who} {verb} {self.card_name(card)}."
        return f"{who}: {face.get('label') or text}."

    def penalty(self, seat: int, text: str | None, before: Obs | None, after: Obs, seats: Seats) -> str:
        """Why an action was penalised and what follows. `text` is None for another seat's (it stays theirs)."""
        who = capital(seats.who(seat))
        if text is None:
            return f"{who} made a move the rules penalise."
        return f"{who}: {self.offer(text, Moment(after, seats))} - the rules penalise it."

    def bounced(self, seat: int, text: str | None, seats: Seats) -> str:
        """A card that came back: another landed first (a race). Only its owner learns which."""
        if text is None:
            return f"{capital(seats.who(seat))} was too late: their card went back to their hand."
        return f"Too late: another card landed first; {self.offer(text, Moment({}, seats))} had no effect."

    # -- rounds and the end ----------------------------------------------------------------------------------
    def round_over(self, before: Obs | None, after: Obs, seats: Seats) -> Summary | None:
        """The summary of a round that just ended (`after` has one more round's scores than `before`), or None."""
        done = list(after.get("round_scores") or [])
        if before is None or len(done) <= len(before.get("round_scores") or []):
            return None
        points, totals = done[-1], list(after.get("scores") or [])
        number_ = len(done)
        rows = tuple((seats.name(p), signed(points[p]) if p < len(points) else "",
                      number(totals[p]) if p < len(totals) else "", self.why(p, before, after, seats))
                     for p in range(len(seats)))
        last = bool(after.get("over"))
        return Summary(self.round_headline(number_, before, after, seats), rows, self.rule_words(after), number_, last,
                       tuple(self.ending(Moment(after, seats))) if last else ())

    def told(self, own: Summary, told: Mapping[str, Any], seats: Seats) -> Summary:
        """The round's summary in the room's words (its `round` event: what the browser shows too): who won the
        round, the table's sentence for how, what each seat scored and why. This view's own words fill in where
        the room says nothing (a seat's why), and where the room's sentence names you: it speaks of a third
        person ("Ann played their last card"), and at your own seat you are "you"."""
        winners = [p for p in told.get("winners") or () if isinstance(p, int) and 0 <= p < len(seats)]
        said = joined(seats.who(p) for p in winners)
        how = str(told.get("text") or "")
        me = seats.names[seats.me] if seats.me is not None and seats.me < len(seats.names) else None
        how = capital(said_to_you(how, me)) if how and me else how or capital(own.headline.partition(": ")[2])
        number_ = int(told.get("round") or own.round)
        if told.get("rounds") == 1:
            headline, how = how, ""
        elif winners:
            verb = "wins" if len(winners) == 1 and winners[0] != seats.me else "win"
            headline = f"{self.round_word.capitalize()} {number_}: {capital(said)} {verb} the {self.round_word}"
        else:
            headline = f"{self.round_word.capitalize()} {number_} is over"
        by_seat = {s.get("seat"): s for s in told.get("seats") or () if isinstance(s, Mapping)}
        # your own row in this view's words where they break it down: it knows your cards ("5 cards left: ...")
        rows = tuple((name, points, total, why if p == seats.me and ": " in why else _why_told(by_seat.get(p)) or why)
                     for p, (name, points, total, why) in enumerate(own.rows))
        return replace(own, headline=headline, how=how if how != headline else "", rows=rows, round=number_)

    def round_headline(self, number_: int, before: Obs, after: Obs, seats: Seats) -> str:
        points = list((after.get("round_scores") or [[]])[-1])
        best = self.best(points) if points else None
        winners = [p for p, v in enumerate(points) if v == best]
        title = f"{self.round_word.capitalize()} {number_}" if after.get("rounds") != 1 else "The game"
        if not winners or len(winners) == len(points):
            return f"{title} is over."
        return f"{title} is over: {joined(seats.who(p) for p in winners)} did best."

    def why(self, seat: int, before: Obs, after: Obs, seats: Seats) -> str:
        """Why the seat scored what it did this round (cards left, bonuses, penalties)."""
        return ""

    def rule_words(self, obs: Obs) -> str:
        """How the game is won: the rule, and whether a higher or lower score wins."""
        return "The lowest total wins." if self.lower_wins else "The highest total wins."

    def ending(self, m: Moment) -> list[str]:
        """The end: who won, by which rule, and whether higher or lower wins."""
        obs = m.obs
        winners = list(obs.get("winners") or [])
        scores = list(obs.get("scores") or [])
        order = "lowest" if self.lower_wins else "highest"
        score = f" with the {order} total, {self.score_words(scores[winners[0]])}" if winners and \
            winners[0] < len(scores) and len(scores) > 1 else ""
        if m.me is not None and m.me in winners:
            others = joined(m.seats.who(w) for w in winners if w != m.me)
            head = f"You win{score}!" if len(winners) == 1 else f"You share the win with {others}{score}!"
        elif winners:
            names = joined(m.seats.who(w) for w in winners)
            head = f"{capital(names)} {'wins' if len(winners) == 1 else 'share the win'}{score}."
        else:
            head = "Nobody wins."
        return [f"Game over. {head}", self.rule_words(obs)]


TO_YOU = {"has": "have", "is": "are", "holds": "hold", "wins": "win", "takes": "take", "plays": "play", "goes": "go",
          "keeps": "keep", "scores": "score", "leads": "lead", "empties": "empty"}


def said_to_you(text: str, name: str) -> str:
    """The room's sentence about a seat by name, said to that seat's person ("you").

    >>> said_to_you("Ann played their last card: Zip Zap!", "Ann")
    'you played your last card: Zip Zap!'
    >>> said_to_you("The draw pile is empty: Ann holds the fewest cards", "Ann")
    'The draw pile is empty: you hold the fewest cards'
    >>> said_to_you("Ann has POINTS on every card and wins the round", "Ann")
    'you have POINTS on every card and win the round'
    >>> said_to_you("Yara won the most cards; Ann took the last trick", "Ann")
    'Yara won the most cards; you took the last trick'
    >>> said_to_you("Ann went out: their last card could not be matched", "Ann")
    'you went out: your last card could not be matched'
    """
    text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "you", text)
    text = re.sub(r"\byou ((?:\w+ ){0,2}\w+:?) their\b", r"you \1 your", text)
    for third, second in TO_YOU.items():  # "you holds" -> "you hold", "you have ... and wins" -> "... and win"
        text = re.sub(rf"\b(you(?: \w+ [^.;:]*?\band)?) {third}\b", rf"\1 {second}", text)
    return text


def _why_told(seat: Mapping[str, Any] | None) -> str:
    """A seat's row of the room's summary in a few words: its lines with their points ("1 Minus card left
    uncovered (-75)"; a single line's points are the round's, shown beside it), else its note ("went out: Zip
    Zap!"), as the browser says them."""
    if seat is None:
        return ""
    told = [line for line in seat.get("lines") or () if isinstance(line, Mapping)]
    if len(told) == 1 and told[0].get("points") == seat.get("points"):
        told = [{"text": told[0].get("text")}]  # its points are the round's, in the column beside it
    lines = [str(line.get("text")) + (f" ({signed(line['points'])})" if isinstance(line.get("points"), int | float)
                                      else "") for line in told]
    return "; ".join(lines) if lines else str(seat.get("note") or "")


def colour_of(face: Mapping[str, Any]) -> str:
    value = face.get("colour_hex")
    return value if isinstance(value, str) and value.startswith("#") and len(value) == 7 else NEUTRAL


def pile_cards(obs: Obs) -> list[tuple[str, int | None]]:
    """The visible pile bottom to top as (card, seat who put it down or None)."""
    out: list[tuple[str, int | None]] = []
    for entry in obs.get("pile") or []:
        if isinstance(entry, dict):
            seat = entry.get("seat")
            out.append((str(entry.get("card")), seat if isinstance(seat, int) else None))
        elif isinstance(entry, str):
            out.append((entry, None))
    if not out and isinstance(obs.get("top"), str):
        out.append((obs["top"], None))
    return out


def plain_value(value: Any) -> str:
    """A value of a game's own key in plain words (the generic view, for a game with no view of its own)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return number(value)
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str | int | float) for v in value):
        return ", ".join(plain_value(v) for v in value)
    return json.dumps(value)


def game_faces(game: Game, name: str) -> Any:
    """`game.card_faces()` or `game.action_faces()` (`name`), or None for a game without them."""
    method = getattr(game, name, None)
    try:
        return method() if callable(method) else None
    except NotImplementedError:
        return None
