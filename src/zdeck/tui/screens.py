"""The app's pop-up screens: choosing among actions, a round's summary, the score sheet, the keys, the rules,
leaving."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from zdeck.textview.scene import Summary
from zdeck.textview.words import Seats, joined, number, signed


class ChooseScreen(ModalScreen[str | None]):
    """Several actions on one key (a card that can be played two ways, a call with choices): pick one.

    The list is a snapshot of the moment the key was pressed: it never changes under the cursor, and
    the choice answers that moment (if the table moved on, the rules decide what a late choice does)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, texts: list[str], labels: list[str] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.texts = texts
        self.labels = labels if labels is not None and len(labels) == len(texts) else texts

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.title_text, style="bold"))
            options = [Option(Text.assemble((f"{i} " if i <= 9 else "  ", "bold #ffd75f"), label), id=str(i - 1))
                       for i, label in enumerate(self.labels, 1)]
            yield OptionList(*options, id="choices")
            yield Static(Text("↑ ↓ enter, or the number; escape: nothing", style="grey62"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.texts[int(event.option.id or 0)])

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if character and character.isdigit() and 0 < int(character) <= min(9, len(self.texts)):
            event.stop()
            self.dismiss(self.texts[int(character) - 1])

    def action_cancel(self) -> None:
        self.dismiss(None)


class SummaryScreen(ModalScreen[str | None]):
    """The end of a round (or of the game): who went out or won it, each seat's points and why, the totals, the
    rule that decides the game. The table waits meanwhile; a key goes on (or `wait` seconds do). At the end of
    the game: `n` another game, `q` leave, escape looks at the table."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,space", "close", "go on")]

    def __init__(self, summary: Summary, title: str, wait: float | None, offer_again: bool,
                 waiting: Sequence[str] = (), round_word: str = "round") -> None:
        super().__init__()
        self.round_word = round_word  # ZAR's "hand"
        self.summary = summary
        self.title_text = title
        self.wait = wait
        self.offer_again = offer_again
        self.waiting = list(waiting)  # the other people the table waits for before the next round
        self.ends = time.monotonic() + wait if wait is not None else None

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.text(), id="summary")

    def text(self) -> Text:
        summary = self.summary
        text = Text()
        for line in summary.ending or (summary.headline,):
            text.append(line + "\n", style="bold #ffd75f")
        if summary.ending and summary.headline and summary.rows:
            text.append(summary.headline + "\n", style="bold")
        if summary.how:
            text.append(summary.how + "\n")
        if summary.rows:
            name_w = max(cell_len(row[0]) for row in summary.rows) + 2
            this = f"this {self.round_word}"
            text.append("\n" + "".ljust(name_w) + f"{this:>11}{'total':>8}\n", style="grey62")
            for name, points, total, why in summary.rows:
                text.append(name + " " * (name_w - cell_len(name)), style="bold")
                text.append(f"{points:>11}{total:>8}")
                text.append(f"   {why}\n" if why else "\n", style="grey70")
        if summary.rule and not summary.ending:
            text.append("\n" + summary.rule + "\n", style="grey70")
        text.append("\n")
        if summary.last and self.offer_again:
            text.append(" n ", style="bold reverse #ffd75f")
            text.append(" another game   ")
            text.append(" q ", style="bold reverse #ffd75f")
            text.append(" leave   ")
        text.append(" enter ", style="bold reverse #ffd75f")
        text.append(" look at the table" if summary.last else " I'm ready")
        if self.ends is not None:
            left = max(0, math.ceil(self.ends - time.monotonic()))
            others = f", or once {joined(self.waiting)} {'is' if len(self.waiting) == 1 else 'are'} ready too" \
                if self.waiting else ""
            text.append(f"  (the next {self.round_word} starts in {left} s{others})", style="grey62")
        return text

    def on_mount(self) -> None:
        if self.wait is not None:
            self.set_timer(max(self.wait, 0.01), self.action_close)
            self.set_interval(1.0, self._count)

    def _count(self) -> None:
        if self.is_current:
            self.query_one("#summary", Static).update(self.text())

    def on_key(self, event: events.Key) -> None:
        if self.summary.last and self.offer_again and event.character in ("n", "q"):
            event.stop()
            self.dismiss("again" if event.character == "n" else "leave")

    def action_close(self) -> None:
        if self.is_current:
            self.dismiss(None)


class ScoreScreen(ModalScreen[None]):
    """The score sheet: each finished round's points by seat, then the totals and the rule."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,equals_sign,q,enter", "close", "close")]

    def __init__(self, title: str, seats: Seats, rounds: list[list[float]], totals: list[float], rule: str,
                 round_word: str = "round") -> None:
        super().__init__()
        self.title_text, self.seats, self.rounds, self.totals, self.rule = title, seats, rounds, totals, rule
        self.round_word = round_word

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.text(), id="sheet")

    def text(self) -> Text:
        text = Text(f"{self.title_text}: the score sheet\n\n", style="bold")
        names = [self.seats.name(p) for p in range(len(self.seats))]
        col = max([len(n) for n in names] + [6]) + 2
        text.append(self.round_word.capitalize().ljust(8) + "".join(n[:col - 1].rjust(col) for n in names) + "\n",
                    style="bold")
        if not self.rounds:
            text.append(f"(no {self.round_word} finished yet)\n", style="grey62")
        for i, points in enumerate(self.rounds, 1):
            text.append(str(i).ljust(8) + "".join(signed(v).rjust(col) for v in points) + "\n")
        text.append("Total".ljust(8) + "".join(number(v).rjust(col) for v in self.totals) + "\n", style="bold")
        text.append(f"\n{self.rule}\n\n", style="grey70")
        text.append(" escape ", style="bold reverse #ffd75f")
        text.append(" close")
        return text

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """The keys as they are bound for this game, then its rules (docs/rules): one scrollable page."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", "close")]

    def __init__(self, lines: list[tuple[str, str]], title: str, document: str) -> None:
        super().__init__()
        self.lines = lines
        self.title_text = title
        self.document = document

    def compose(self) -> ComposeResult:
        text = Text("Keys\n\n", style="bold")
        for key, meaning in self.lines:
            text.append(f"{key:>16}  ", style="bold #ffd75f")
            text.append(f"{meaning}\n")
        with VerticalScroll(id="rules"):
            yield Static(text, id="keys")
            yield Markdown(self.document)

    def on_mount(self) -> None:
        self.query_one("#rules").border_title = f"{self.title_text}: keys and rules (↑ ↓ page up/down, escape closes)"
        self.query_one("#rules").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """The game's rules (docs/rules), scrollable."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,r,q", "close", "close")]

    def __init__(self, title: str, document: str) -> None:
        super().__init__()
        self.title_text = title
        self.document = document

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            yield Markdown(self.document)

    def on_mount(self) -> None:
        self.query_one("#rules").border_title = f"{self.title_text}: the rules (↑ ↓ page up/down, escape closes)"
        self.query_one("#rules").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class LeaveScreen(ModalScreen[str | None]):
    """Leave the table? With `--record` the record is kept anyway; without, `k` keeps it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "choose('leave')", "leave"),
        Binding("k", "choose('keep')", "leave, keep the record"),
        Binding("n,escape", "choose('stay')", "stay"),
    ]

    def __init__(self, record_path: str | None, over: bool) -> None:
        super().__init__()
        self.record_path = record_path
        self.over = over

    def compose(self) -> ComposeResult:
        text = Text("Leave the table?\n\n", style="bold")
        if not self.over:
            text.append("The game is not over.\n")
        if self.record_path:
            text.append(f"The record so far is appended to {self.record_path}.\n\n")
            text.append(" y ", style="bold reverse #ffd75f")
            text.append(" leave    ")
        else:
            text.append("\n")
            text.append(" y ", style="bold reverse #ffd75f")
            text.append(" leave    ")
            text.append(" k ", style="bold reverse #ffd75f")
            text.append(" leave and keep the record    ")
        text.append(" n ", style="bold reverse #ffd75f")
        text.append(" stay")
        with Vertical(id="dialog"):
            yield Static(text)

    def action_choose(self, choice: str) -> None:
        self.dismiss(None if choice == "stay" else choice)
