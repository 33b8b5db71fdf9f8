"""Action faces: every game says what each action stands for, as data a client binds cards and buttons to."""

import pytest

import zdeck
from tests.conformance import check_action_faces
from zdeck.registry import games

VARIANTS = [(g, {}) for g in games()] + [
    ("zoop", {"calls": "strict"}),
    ("zar", {"calls": "rulebook", "chameleons": 1}),
    ("zoker-kubo", {"start": "blue-red-S", "scoring": "claim"}),
    ("zopzoo", {"assist": "manual"}),
]


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=[f"{g}-{o}" for g, o in VARIANTS])
def test_every_action_has_a_face_bound_to_cards_the_actor_holds(game_id: str, options: dict) -> None:
    check_action_faces(zdeck.make(game_id, **options))


def test_kubo_faces_place_every_card_in_its_own_cell_of_the_cube() -> None:
    for start in ("blue-corners", "blue-red-S", "blue-red-4"):
        faces = zdeck.make("zoker-kubo", start=start).action_faces()
        cells = {(f["layer"], f["cell"]) for f in faces if f["kind"] == "play"}
        assert cells == {(layer, cell) for layer in range(4) for cell in range(16)}


def test_zar_faces_name_the_call_and_declaration_a_play_carries() -> None:
    game = zdeck.make("zar", calls="rulebook")
    faces = {str(game.action_from_id(i)): f for i, f in enumerate(game.action_faces())}
    peacock = next(f for t, f in faces.items() if f["declare"] and f["call"] and "Peacock" in t)
    assert peacock["declare"] in peacock["call"].title() or peacock["declare"].upper() in peacock["call"]


def test_a_game_without_an_actions_module_says_so() -> None:
    class Bare(zdeck.Game):
        id, title, summary, min_players, max_players = "bare", "Bare", "no folder of its own", 1, 1

    with pytest.raises(ModuleNotFoundError, match="bare: no module 'actions' in its folder tests.kernel"):
        Bare().action_faces()


def test_a_variant_defined_elsewhere_finds_its_games_folder() -> None:
    class Variant(type(zdeck.make("zipzap"))):  # type: ignore[misc]
        pass

    assert Variant().action_faces() == zdeck.make("zipzap").action_faces()
