"""What each seat may see: the secret opening placement (R70) and public moves (R83)."""

from __future__ import annotations

import random
from types import SimpleNamespace

from spelbord.core import CHANCE, SIMULTANEOUS, Move, sample_outcome
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain

LAYOUT = [12, 0, 4, 6, 8, 16, 18, 20, 24]
"""Castle c3, villages a1 and e1, then lakes, forests and mountains (as in test_game)."""


def after_setup() -> OmringadState:
    st = OmringadGame().new_initial_state()
    for cell in LAYOUT:
        st.apply_actions([N.TILE + cell, N.TILE + cell])
    return st


def owners_seen(st: OmringadState, seat: int | None) -> set[int]:
    return {s["owner"] for s in st.observation(seat)["stacks"]}


def test_r70_the_opening_placement_is_secret_until_all_is_placed(kit: SimpleNamespace) -> None:
    """A places its units one by one; B (and spectators) see none of A's stacks until
    both have finished, then only each stack's count and top (R80)."""
    st = after_setup()

    def b() -> int:  # B buys twelve mercenaries, then places them anywhere
        if st.stage[1] == "buy" and len(st.bought[1]) < 12:
            return st.string_to_action("buy M", 1)
        return st.legal_actions(1)[0]

    for text in ("buy G", "buy A", "buy M", "done"):
        st.apply_actions([st.string_to_action(text, 0), b()])
    castle, v1, v2 = kit.L("A c3"), kit.L("A a1"), kit.L("A e1")
    rng = random.Random(3)
    for kind, where in (("A", castle), ("M", v1), ("G", v2)):
        st.apply_actions([st.string_to_action(f"place {kind}", 0), b()])
        st.apply_actions([N.SQUARE + where, b()])
        assert st.phase == "pregame"
        assert 0 not in owners_seen(st, 1) and 0 not in owners_seen(st, None)
        assert 0 in owners_seen(st, 0)
        for seat in (1, None):
            twin = st.resample(seat, rng)
            assert twin.observation(seat) == st.observation(seat)
    while st.phase == "pregame":
        st.apply_actions([st.legal_actions(s)[0] for s in range(2)])
    theirs = sorted(
        (s["square"], s["count"], s["top"], "units" in s)
        for s in st.observation(1)["stacks"]
        if s["owner"] == 0
    )
    assert theirs == [(v1, 1, "M", False), (v2, 1, "G", False), (castle, 1, "A", False)]


def test_r70_r82_resampled_openings_vary_the_units_under_the_tops() -> None:
    """Only the revealed tops are pinned: the units under them are dealt afresh."""
    st = after_setup()
    for _ in range(6):
        st.apply_actions([st.string_to_action("buy M", 0), st.string_to_action("buy M", 1)])
    st.apply_actions([st.string_to_action("buy E", 0), st.string_to_action("buy E", 1)])
    st.apply_actions([N.DONE, N.DONE])
    rng = random.Random(5)
    while st.phase == "pregame":
        st.apply_actions([rng.choice(st.legal_actions(s)) for s in range(2)])
    tops = [s["top"] for s in st.observation(1)["stacks"] if s["owner"] == 0]
    seen = set()
    for seed in range(12):
        twin = st.resample(1, random.Random(seed))
        assert twin.observation(1) == st.observation(1)
        seen.add(str(twin.board))
        assert [s["top"] for s in twin.observation(1)["stacks"] if s["owner"] == 0] == tops
    assert len(seen) > 1


def test_r83_public_actions_in_movement_battle_and_reinforcement(kit: SimpleNamespace) -> None:
    st = kit.position({"A e3": (0, "RM"), "B e3": (1, "ME"), "B a1": (1, "M")})
    assert st.action_visible_to(0, kit.sq("A e3"), 1)  # the origin
    kit.play(st, "A e3")
    take = st.string_to_action("take R")
    assert not st.action_visible_to(0, take, 1) and not st.action_visible_to(0, take, None)
    assert st.action_visible_to(0, take, 0)  # a seat always sees its own
    kit.play(st, "take R", "done")
    assert st.action_visible_to(0, kit.sq("B e3"), None)  # a step
    kit.play(st, "B e3")
    assert st.action_visible_to(1, N.PASS, 0)
    while st.phase == "move":
        kit.play(st, "pass")
    assert st.current_player() == CHANCE
    assert all(st.action_visible_to(CHANCE, a, v) for a in range(6) for v in (0, 1, None))
    kit.roll(st, 4, 1, 1)  # the rider hits; B chooses which unit takes it
    assert st.current_player() == 1
    hit = st.string_to_action("hit E")
    assert st.action_visible_to(1, hit, 0) and st.action_visible_to(1, hit, None)


def test_r83_secret_choices_stay_secret() -> None:
    st = OmringadGame().new_initial_state()
    assert not st.action_visible_to(0, N.TILE + 12, 1)
    st = after_setup()
    buy = st.string_to_action("buy M", 0)
    assert not st.action_visible_to(0, buy, 1) and not st.action_visible_to(0, buy, None)
    assert st.action_visible_to(0, N.DONE, 1) and st.action_visible_to(1, N.WAIT, None)


def test_r83_reinforcement_places_are_public_the_unit_is_not(kit: SimpleNamespace) -> None:
    st = kit.position({"A e5": (0, "M"), "B a1": (1, "M")}, {"A c3": Terrain.CASTLE})
    st.bought[0] = [0]
    st.pool[0][0] -= 1
    while st.phase == "move":
        kit.play(st, "pass")
    place = st.string_to_action("place M")
    assert not st.action_visible_to(0, place, 1)
    kit.play(st, "place M")
    assert st.action_visible_to(0, kit.sq("A c3"), 1)


def test_r83_every_move_a_seat_sees_is_the_same_in_its_resampled_history() -> None:
    """The move list agrees with resampling: where a viewer may read the real action, the
    twin's action at that ply reads the same for that viewer."""
    game = OmringadGame()
    rng = random.Random(11)
    st = game.new_initial_state()
    while not st.is_terminal() and st.move_number() < 400:
        player = st.current_player()
        if player == CHANCE:
            st.apply_action(sample_outcome(st.chance_outcomes(), rng))
        elif player == SIMULTANEOUS:
            keen = [
                [a for a in st.legal_actions(s) if a != N.DONE] or st.legal_actions(s)
                for s in range(2)
            ]
            st.apply_actions([rng.choice(k) for k in keen])
        else:
            acts = st.legal_actions()
            keen = [a for a in acts if a not in (N.PASS, N.STOP)]
            st.apply_action(rng.choice(keen if keen and rng.random() < 0.9 else acts))
    for viewer in (0, 1, None):
        twin = st.resample(viewer, random.Random(2))
        assert listing(game, twin.history(), viewer) == listing(game, st.history(), viewer)


def listing(game: OmringadGame, history: list[Move], viewer: int | None) -> list[str]:
    """The move list ``viewer`` reads: the text where visible, else who moved."""
    st = game.new_initial_state()
    out = []
    for move in history:
        if isinstance(move, int):
            player = st.current_player()
            seen = st.action_visible_to(player, move, viewer)
            out.append(st.action_to_string(move, player) if seen else f"{player} moved")
            st.apply_action(move)
        else:
            parts = [
                st.action_to_string(a, s) if st.action_visible_to(s, a, viewer) else f"{s}"
                for s, a in enumerate(move)
            ]
            out.append("; ".join(parts))
            st.apply_actions(list(move))
    return out
