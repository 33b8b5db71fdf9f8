"""The documents are self-contained: every Markdown link resolves (to a file, and to a heading where it names
one), every file a rules page cites is in the package (a pip user has no source tree), and no document
cites a file outside the project (docs/rules/zar.md cited the rule notes it was written from)."""

from __future__ import annotations

import importlib.util
import re
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import pytest

import zdeck
from zdeck.registry import document, rules_document

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "bench").rglob("*.md")])
PACKAGE = resources.files("zdeck")
RULES = sorted((ROOT / "docs" / "rules").glob("*.md"))

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\s]+)`")
FENCE = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)
A_FILE = re.compile(r"[\w./-]+\.(?:md|json|py|txt|toml|tcss)|(?:[\w-]+/)+")  # deck.json, zdeck/decks/zar/
OUTSIDE = re.compile(r"/work/|\.\./shared|\bshared/rules\b|zar-base|zar-extended|zip-zap\.txt|zop-zoo\.txt|zoker\.txt")


def prose(path: Path) -> str:
    return FENCE.sub("", path.read_text(encoding="utf-8"))


def anchors(text: str) -> set[str]:
    """The ids GitHub gives a page's headings: lower case, punctuation dropped, spaces made hyphens."""
    slugs = set()
    for heading in re.findall(r"^#+\s+(.*)$", text, re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", "")).replace(" ", "-")
        slugs.add(slug)
    return slugs


def links(path: Path) -> list[str]:
    return [target for target in LINK.findall(prose(path)) if not re.match(r"[a-z]+:", target)]


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_markdown_link_resolves(path: Path) -> None:
    for target in links(path):
        name, _, anchor = target.partition("#")
        linked = (path.resolve().parent / name).resolve() if name else path  # (a page linked into a game's folder: from there)
        assert linked.exists(), f"{path.relative_to(ROOT)}: {target} does not exist"
        if anchor and linked.suffix == ".md":
            assert anchor in anchors(linked.read_text(encoding="utf-8")), f"{path.relative_to(ROOT)}: no #{anchor}"


def package_docs(folder: Traversable = PACKAGE / "docs", under: str = "") -> list[str]:
    """Every document the package ships, by its path under zdeck/docs/."""
    found = []
    for entry in folder.iterdir():
        if entry.is_dir():
            found += package_docs(entry, f"{under}{entry.name}/")
        elif entry.name.endswith(".md"):
            found.append(under + entry.name)
    return sorted(found)


def test_every_link_of_a_shipped_document_resolves_inside_the_package() -> None:
    """A pip user reads the package's documents (`zdeck rules`, the server's rules pages): the shared ones in
    zdeck/docs/, each game's in its folder; a link that leaves them is dead."""
    shipped = package_docs()
    assert {"designers.md", "observations.md"} <= set(shipped)
    for game_id in zdeck.games():
        folder = game_folder_of(game_id)
        assert folder.joinpath("rules.md").is_file() and folder.joinpath("observations.md").is_file(), game_id
    for name in shipped:
        for target in links(ROOT / "docs" / name):
            linked = Path(name).parent / target.partition("#")[0]
            parts = [part for part in linked.as_posix().split("/") if part != "."]
            while ".." in parts:
                at = parts.index("..")
                assert at > 0, f"docs/{name}: {target} leaves the package's documents"
                del parts[at - 1:at + 1]
            assert "/".join(parts) in shipped, f"docs/{name}: {target} is not shipped in the package"


def game_folder_of(game_id: str) -> Traversable:
    module = zdeck.game_class(game_id).__module__  # zdeck.decks.zoker.kubo.game
    return PACKAGE.joinpath(*module.split(".")[1:-1])


def game_folder(page: Path) -> Traversable | None:
    """The package folder of the game a rules page describes (none for zoker-deck.md, the family's deck)."""
    return game_folder_of(page.stem) if page.stem in zdeck.games() else None


def place(cited: str) -> Traversable:
    """A path in the package as a page cites it: `zdeck/decks/zar/deck.json`, `zdeck/decks/zoker/kubo/`."""
    return PACKAGE.joinpath(*cited.removeprefix("zdeck/").rstrip("/").split("/"))


@pytest.mark.parametrize("page", RULES, ids=lambda p: p.name)
def test_every_file_a_rules_page_cites_is_in_the_package(page: Path) -> None:
    """`zdeck rules` prints these pages to people who have only the package: a file is cited by its path in
    it (`zdeck/decks/zar/deck.json`), or by its name alone in the game's own folder or a folder the page cites."""
    cited = [token for token in CODE.findall(prose(page)) if A_FILE.fullmatch(token)]
    folders = [place(c) for c in cited if c.endswith("/")]
    own = game_folder(page)
    for name in cited:
        if "/" in name:
            assert name.startswith("zdeck/"), f"{page.name}: `{name}` is not a path in the package (zdeck/...)"
            assert place(name).is_file() or place(name).is_dir(), f"{page.name}: `{name}` is not in the package"
        else:
            places = [f for f in [own, *folders] if f is not None]
            assert any(f.joinpath(name).is_file() for f in places), f"{page.name}: no `{name}` in {places}"
    for module in re.findall(r"`(zdeck(?:\.\w+)+)`", prose(page)):
        assert importlib.util.find_spec(module) is not None, f"{page.name}: no module {module}"


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_document_cites_a_file_outside_the_project(path: Path) -> None:
    found = OUTSIDE.findall(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(ROOT)} cites {found}: restate what it needs in the project's own words"


def test_zdeck_rules_cites_nothing_outside_the_package() -> None:
    for game_id in zdeck.games():
        assert not OUTSIDE.findall(rules_document(game_id)), game_id


def test_the_report_footer_names_a_document_the_package_ships() -> None:
    """The report's footer sent a pip user to docs/designers.md, which only a source tree had."""
    from zdeck.report.page import document as page

    footer = page("t", "m", [])
    named = re.findall(r"docs/([\w/-]+\.md)", footer)
    assert named, footer
    for name in named:
        shipped = document(name)  # ValueError if the package does not ship it
        if '"Reading a report"' in footer:
            assert "reading-a-report" in anchors(shipped), "the section the footer names"
