"""`zdeck list`: the games, their player counts, bots and which scores are better.

Plain aligned text: the command must answer in a blink, and rich alone would cost it a fifth of that.
"""

from __future__ import annotations

import click


@click.command("list")
def command() -> None:
    """The games: player counts, bots, which scores are better.

    Bots: the game's own, strongest first (the first is the one `zdeck play` seats unless told
    otherwise), then the search bot `ismcts` (stronger in most games, slower: docs/bots.md), then random.
    """
    from zdeck.botspecs import bot_names
    from zdeck.cli.common import seats
    from zdeck.compiled import BUILD
    from zdeck.registry import game_class, games

    rows = [("game", "players", "bots (default first; ismcts searches)", "better score", "description")]
    for game_id in games():
        cls = game_class(game_id)
        names = bot_names(game_id)
        rows.append((game_id, seats(cls), ", ".join([*names[1:], names[0]]), cls.default_score_order, cls.summary))
    widths = [max(len(row[col]) for row in rows) for col in range(len(rows[0]) - 1)]
    for row in rows:
        click.echo("  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[-1])
    if any(row[1].endswith("*") for row in rows):
        click.echo("* some counts only under an option: `zdeck rules GAME` says which")
    click.echo(f"rules engine: {BUILD}")
