"""`zdeck compare` on two variants of every game, as a designer runs it: a page whose every panel carries a
plot or a table, or says why it has none."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.helpers import run, text

VARIANTS = {  # two variants of every game, small tables and short matches: what is checked is the page
    "zipzap": ("-p", "3", "-V", "rounds=1", "-V", "rounds=2"),
    "zoop": ("-p", "3", "-V", "zoop_turn=stays", "-V", "zoop_turn=jumps"),
    "zopzoo": ("-p", "2", "-V", "target=300", "-V", "target=200"),
    "zoker-solo": ("-V", "defaults", "-V", "defaults", "--skill", "greedy,random"),  # Solo has no options
    "zoker-memo": ("-p", "2", "-V", "pair_rule=two", "-V", "pair_rule=one", "-o", "deal=8"),
    "zoker-tiko": ("-p", "3", "-V", "compare=top", "-V", "compare=previous"),
    "zoker-kubo": ("-p", "2", "-V", "scoring=auto", "-V", "scoring=claim"),
    "zar": ("-p", "3", "-V", "chameleons=0", "-V", "chameleons=1", "-o", "hands=1"),
}


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_compare_on_two_variants_of_every_game_fills_every_panel_or_says_why_not(game: str, tmp_path: Path) -> None:
    result = run("compare", game, *VARIANTS[game], "-n", "4", "--skill-games", "4", "--workers", "1",
                 "--out", str(tmp_path))
    assert result.exit_code == 0 and "Traceback" not in text(result), text(result)
    assert "A (base)" in result.output and "paired tests" in result.output
    page = (tmp_path / "compare.html").read_text()
    sections = re.findall(r'<section id="(\w+)"><h2>(.*?)</h2>(.*?)</section>', page, re.DOTALL)
    assert [s[0] for s in sections] == ["variants", "differences", "seats", "skill", "length", "decisions"]
    for _, title, body in sections:
        images = re.findall(r'<img src="([\w.]+)"', body)
        for name in images:
            assert (tmp_path / name).stat().st_size > 3000, (game, name)
        says_why = re.search(r"<p class=note>Not drawn: [^<]{8,}", body)
        assert images or "<table>" in body or says_why, (game, title, "an empty panel")
