"""Stacks have no size limit, pools do (R6, R37, R46, R73), played through the engine.

The booklet: "I Omringad finns normalt inga begränsningar för hur många enheter som får
staplas i samma ruta" and "Varje spelare kan som mest ha 16 enheter med legoknektar
aktiverade samtidigt på spelplanen"; eliminated units go back to the pool (R46).
"""

from __future__ import annotations

from tests.games.omringad.positions import play, position, roll, to_battle, top_down

from spelbord.games.omringad.units import BASE_KINDS, Kind

A, B_ = 0, 1
MERCENARIES = BASE_KINDS.index(Kind.MERCENARY)


def test_r6_r37_r46_r73_sixteen_mercenaries_stack_and_a_lost_one_can_be_bought_again() -> None:
    """All sixteen of A's mercenaries stand in one stack (no stacking limit, R37), so its
    pool has none and the purchase offers none (R6, R73). One walks into B's elite and is
    eliminated: it goes back to A's pool (R46) and the next purchase offers it again."""
    st = position(
        {"A c3": (A, "M" * 16), "A c2": (B_, "E")},
        control={"A c2": B_},
        specials=False,
    )
    assert st.pool[A][MERCENARIES] == 0 and len(top_down(st, "A c3", A)) == 16
    play(st, "A c3", "take M", "done", "A c2")
    to_battle(st)
    roll(st, 1, 6)  # A's mercenary misses, B's elite hits: damaged
    roll(st, 1, 6)  # and again: eliminated
    assert top_down(st, "A c2", A) == "" and top_down(st, "A c3", A) == "M" * 15
    assert st.pool[A][MERCENARIES] == 1
    assert st.phase == "purchase" and st.round == 3  # nobody reinforced; no auction
    offered = [st.action_to_string(a, A) for a in st.legal_actions(A)]
    assert "buy M" in offered and "buy E" in offered
