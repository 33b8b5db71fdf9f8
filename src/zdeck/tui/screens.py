"""The app's pop-up screens: choosing among actions, the keys, the rules, leaving."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option


class ChooseScreen(ModalScreen[str | None]):
    """Several actions on one key (a card that can be played two ways, a call with choices): pick one.

    The list is a snapshot of the moment the key was pressed: it never changes under the cursor, and
    the choice answers that moment (if the table moved on, the rules decide what a late choice does)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, texts: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.texts = texts

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.title_text, style="bold"))
            options = [Option(Text.assemble((f"{i} " if i <= 9 else "  ", "bold #ffd75f"), text), id=str(i - 1))
                       for i, text in enumerate(self.texts, 1)]
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
