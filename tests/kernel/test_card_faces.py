"""Game.card_faces(): every game describes its cards as data, and the faces say what the real cards show."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

import zdeck
from tests import conformance
from tests.conformance import check_card_faces, check_faces
from zdeck import RandomBot
from zdeck.sim import play

# Games made with the options that change their faces, beside every game's defaults.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    *[(game_id, {}) for game_id in zdeck.games()],
    ("zipzap", {"players": 2, "scoring": "wins"}),
    ("zoop", {"colours": 2}),
    ("zoop", {"colours": 6}),
    ("zar", {"chameleons": 2, "half_decks": 3, "scoring": "count"}),
]


def faces_of(game_id: str, **options: Any) -> dict[str, dict[str, Any]]:
    return zdeck.make(game_id, **options).card_faces()


def contrast(hex_a: str, hex_b: str) -> float:
    """The WCAG contrast ratio of two #rrggbb colours."""
    def luminance(hex_: str) -> float:
        channels = [int(hex_[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    hi, lo = sorted((luminance(hex_a), luminance(hex_b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_faces_are_json_ready_flat_and_carry_the_documented_keys(game_id: str, options: dict[str, Any]) -> None:
    check_faces(zdeck.make(game_id, **options))


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_every_drawing_colour_reads_on_light_and_dark_backgrounds(game_id: str, options: dict[str, Any]) -> None:
    for text, face in faces_of(game_id, **options).items():
        if face.get("colour_hex") is not None:
            assert contrast(face["colour_hex"], "#ffffff") >= 3, f"{game_id} {text}: too light on white"
            assert contrast(face["colour_hex"], "#121212") >= 3, f"{game_id} {text}: too dark on a dark background"


def test_cards_of_one_colour_share_one_drawing_colour_and_colours_differ() -> None:
    for game_id in zdeck.games():
        by_colour: dict[str, set[str]] = {}
        for face in faces_of(game_id).values():
            if face.get("colour") is not None:
                by_colour.setdefault(face["colour"], set()).add(face["colour_hex"])
        assert all(len(h) == 1 for h in by_colour.values()), f"{game_id}: one hex per colour"
        hexes = [next(iter(h)) for h in by_colour.values()]
        assert len(set(hexes)) == len(hexes), f"{game_id}: two colours drawn alike"


def test_zipzap_faces_are_five_suits_of_ten_and_the_zap() -> None:
    faces = faces_of("zipzap")
    assert len(faces) == 51 and list(faces)[-1] == "zap"
    assert faces["wild 7"] == {"kind": "number", "colour": "wild", "number": 7, "points": 3, "label": "7",
                               "colour_hex": "#8e44ad"}
    assert faces["red 10"]["points"] == 1 and faces["zap"]["points"] == 5 and faces["zap"]["label"] == "Zap"
    assert Counter(f["colour"] for f in faces.values()) == {
        "red": 10, "yellow": 10, "green": 10, "blue": 10, "wild": 10, None: 1}
    assert all(faces_of("zipzap", scoring="wins")[t]["points"] is None for t in faces)


def test_zipzap_faces_do_not_tell_which_suits_sit_out() -> None:
    """With two players two solid suits are left out at random: the faces list all five, the same for every
    seed, so the metadata tells nothing the table has not shown."""
    game = zdeck.make("zipzap", players=2)
    before = game.card_faces()
    final, _ = play(game, [RandomBot(), RandomBot()], 3)
    assert len(final.observation(0)["suits_in_play"]) == 3
    assert game.card_faces() == before and len(before) == 51


def test_zoop_faces_show_animals_counts_colours_and_effects() -> None:
    faces = faces_of("zoop")
    assert len(faces) == 3 * 12 + 2 and list(faces)[-2:] == ["wild card", "cage"]
    assert faces["2 green monkeys"] == {"kind": "special", "colour": "green", "animal": "monkey", "count": 2,
                                        "effect": "next_draws", "label": "2 Monkeys", "colour_hex": "#388e3c"}
    assert faces["1 red rabbit"]["kind"] == "basic" and faces["1 red rabbit"]["effect"] is None
    assert faces["wild card"]["kind"] == "wild" and faces["cage"]["effect"] == "capture"
    assert {f["colour"] for f in faces_of("zoop", colours=6).values()} == {
        "red", "yellow", "green", "blue", "purple", "orange", None}


def test_zopzoo_faces_count_the_rulebooks_126_cards_by_kind() -> None:
    faces = faces_of("zopzoo")
    kinds = Counter((f["deck"], f["kind"]) for f in faces.values())
    assert kinds == {("white", "category"): 36, ("white", "lower half"): 10, ("white", "minus"): 6,
                     ("black", "points"): 36, ("black", "upper half"): 10, ("black", "anti-minus"): 6,
                     ("black", "beast"): 4, ("black", "best beast"): 1, ("black", "side bonus"): 8,
                     ("black", "mole"): 6, ("black", "specialty"): 3}
    assert faces["owl"]["category"] == "BIRD" and faces["owl"]["colour"] == "pinks" and faces["owl"]["value"] == 20
    assert faces["giraffe"]["category"] is None and faces["giraffe upper"]["category"] is not None
    assert sorted(f["value"] for f in faces.values() if f["kind"] == "minus") == [-100, -100, -90, -90, -75, -75]
    assert faces["hyena"]["label"] == "HYENA" and faces["hyena"]["value"] is None
    assert (faces["best beast"]["value"], faces["beast 1"]["value"]) == (50, 0)


def test_zoker_faces_show_colour_size_shape_and_strength() -> None:
    faces = faces_of("zoker-tiko")
    assert len(faces) == 64
    assert faces["blue S1"]["value"] == 0 and faces["red XL4"]["value"] == 63
    assert faces["orange L3"] == {"kind": "card", "colour": "orange", "dots": 3, "size": "L", "shape": 3,
                                  "value": 44, "label": "L3", "colour_hex": "#ef6c00"}
    for text, face in faces.items():
        assert f"{face['colour']} {face['label']}" == text and face["label"] == f"{face['size']}{face['shape']}"
    assert all(faces_of(g) == faces for g in ("zoker-solo", "zoker-kubo")), "one deck, one set of faces"


def test_memo_alone_has_the_face_down_marker() -> None:
    memo = faces_of("zoker-memo")
    assert list(memo)[-1] == "down" and memo["down"]["kind"] == "down"
    assert all(v is None for k, v in memo["down"].items() if k != "kind")
    assert "down" not in faces_of("zoker-solo")


def test_zar_faces_show_colour_and_symbol_or_creature() -> None:
    faces = faces_of("zar")
    assert Counter(f["kind"] for f in faces.values()) == {"symbol": 18, "command": 9, "power": 4}
    assert faces["Blue Sun"]["symbol"] == "Sun" and faces["Blue Sun"]["creature"] is None
    assert faces["Red Wasp"]["creature"] == "Wasp" and faces["Red Wasp"]["effect"] == "draw"
    assert faces["Winged Dragon"]["colour"] is None and faces["Winged Dragon"]["effect"] == "declare_symbol"
    with_chameleons = faces_of("zar", chameleons=1)
    assert with_chameleons["Chameleon"]["points"] == 6 and list(with_chameleons)[-1] == "Chameleon"
    assert {f["points"] for f in faces_of("zar", scoring="count").values()} == {1}


def test_the_check_catches_an_undocumented_card_place(monkeypatch: pytest.MonkeyPatch) -> None:
    state = zdeck.make("zipzap", players=3).new_state(1)
    check_card_faces(state)
    documented = conformance.documented_cards("zipzap")
    without_pile = conformance.CardsSection(documented.keys, tuple(p for p in documented.places if p != "pile"))
    monkeypatch.setattr(conformance, "documented_cards", lambda game_id: without_pile)
    with pytest.raises(AssertionError, match="'pile' holds card texts"):
        check_card_faces(state)


def test_the_check_catches_a_card_without_a_face(monkeypatch: pytest.MonkeyPatch) -> None:
    state = zdeck.make("zipzap", players=3).new_state(1)
    top = state.observation(None)["top"]
    full = state.game.card_faces()
    monkeypatch.setattr(state.game, "card_faces", lambda: {t: dict(f) for t, f in full.items() if t != top})
    with pytest.raises(AssertionError, match="has no face"):
        check_card_faces(state)


@pytest.mark.parametrize("game_id", zdeck.games())
def test_the_documented_faces_are_the_real_ones(game_id: str) -> None:
    page = (conformance.DOCS / f"{game_id}.md").read_text(encoding="utf-8")
    section = page[page.index("\n## Cards\n"):]
    example = re.search(r"```json\n(.*?)```", section, re.DOTALL)
    assert example is not None, f"docs/observations/{game_id}.md, Cards: no example"
    shown = json.loads(example.group(1))
    assert shown and all(faces_of(game_id)[text] == face for text, face in shown.items())
