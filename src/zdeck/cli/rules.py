"""`zdeck rules GAME`: the rules document, then the game's seats, bots and `-o` options."""

from __future__ import annotations

import json

import click

from zdeck.cli.common import fail, game_argument, out, seats_in_full


@click.command()
@game_argument()
def command(game: str) -> None:
    """A game's rules, seats, bots and -o options.

    The rules document ends with its Clarifications: each ambiguity met and the reading chosen.
    """
    from rich.markdown import Markdown
    from rich.markup import escape
    from rich.table import Table

    from zdeck.botspecs import bot_names
    from zdeck.registry import game_class, rules_document

    try:
        cls = game_class(game)
        text = rules_document(game)
    except ValueError as exc:
        fail(str(exc))
    out().print(Markdown(text))
    default = bot_names(game)[1:2] or ["random"]
    out().print(f"[bold]{game}[/]: players {seats_in_full(cls)}; bots: {escape(', '.join(bot_names(game)))} "
                f"(default opponent: {default[0]}); {cls.default_score_order} scores are better")
    if not cls.options_spec:
        out().print("no options")
        return
    options = Table("option", "default", "values", "meaning", title="options (-o name=value)")
    for name, spec in cls.options_spec.items():
        expects = getattr(spec.check, "expects", None) or "see meaning"
        values = " | ".join(json.dumps(c) for c in spec.choices) if spec.choices is not None else expects
        options.add_row(name, json.dumps(spec.default), escape(values), escape(spec.doc))
    out().print(options)
