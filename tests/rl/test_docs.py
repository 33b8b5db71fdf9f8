"""docs/rl.md tells the truth: its encoding tables are the encoders', and it names every tested variant."""

from __future__ import annotations

from tests.rl import docs
from tests.rl.variants import VARIANTS


def test_the_encoding_tables_in_docs_rl_md_are_the_encoders() -> None:
    text = docs.PATH.read_text()
    assert docs.rewrite(text) == text, "docs/rl.md's encoding tables are stale: run python -m tests.rl.docs"


def test_docs_rl_md_names_every_variant_the_checkers_run() -> None:
    text = docs.PATH.read_text()
    for game, players, options in VARIANTS:
        opts = ", ".join(f"{k}={v!r}" for k, v in options.items())
        assert f"| `{game}` | {players} | {opts or 'defaults'} |" in text, (game, players, options)
