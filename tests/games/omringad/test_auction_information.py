"""Hidden information with special units (R80-R83, R100-R104): the auction is public, a
special unit in a stack is hidden under its top like any unit, and resampled states keep
every special unit where the seat knows it is (each exists once)."""

from __future__ import annotations

import random
from collections import Counter

from tests.games.omringad.positions import apply_move, eager_step

from spelbord.core import CHANCE, random_step
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.hidden.observation import resample_position
from spelbord.games.omringad.map import PILLOW
from spelbord.games.omringad.phases import auction as auction_phase
from spelbord.games.omringad.phases import move, reinforce
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import BASE_KINDS, KIND_CODES, SPECIAL_KINDS, Kind, Unit

L = PILLOW.parse_label
_BY_CODE = {c: k for k, c in KIND_CODES.items()}
_SPECIAL = len(BASE_KINDS)


def special_places(st: OmringadState) -> Counter[tuple[int, int, int]]:
    """(special kind index, square, owner) of every special unit on the board."""
    return Counter(
        (c // 4 - _SPECIAL, sq, s[0])
        for sq, here in enumerate(st.board)
        for s in here
        for c in s[1:]
        if c // 4 >= _SPECIAL
    )


def each_special_once(st: OmringadState) -> bool:
    on_board = Counter(k for k, _, _ in special_places(st).elements())
    in_group = Counter(c // 2 - _SPECIAL for c in st.group if st.path and c // 2 >= _SPECIAL)
    lot = st.auction["lot"] if st.auction is not None else -1
    where = on_board + in_group + Counter(st.cup) + Counter([lot] if lot >= 0 else [])
    return where == Counter(range(len(SPECIAL_KINDS)))


def replays_the_same_for(seat: int | None, real: OmringadState, twin: OmringadState) -> None:
    """Every prefix of the twin's history looks to ``seat`` as the real one did (R82)."""
    game = real.game
    assert game.replay(twin.history()) == twin
    a, b = game.new_initial_state(), game.new_initial_state()
    for ma, mb in zip(real.history(), twin.history(), strict=True):
        assert a.current_player() == b.current_player()
        if a.phase == "auction":  # the auction is public: copied move for move (R83)
            assert ma == mb
        apply_move(a, ma)
        apply_move(b, mb)
        assert b.observation(seat) == a.observation(seat)


def keen(st: OmringadState, rng: random.Random) -> None:
    """A random player that mostly moves and bids, so specials come and fight."""
    eager_step(st, rng, keenness=0.8)


def test_r82_r104_resampled_histories_keep_every_special_unit_where_the_seat_knows() -> None:
    """Whole games with auctions: every fifteenth position, each seat's twin looks the same to
    it, has each special unit once, and keeps the seat's own special units and the dragon
    exactly where they are."""
    game = OmringadGame()
    rng = random.Random(5)
    st = game.new_initial_state()
    checked = 0
    while not st.is_terminal() and st.round < 5:
        keen(st, rng)
        if st.move_number() % 15 or not special_places(st):
            continue
        for seat in (None, 0, 1):
            twin = st.resample(seat, rng)
            replays_the_same_for(seat, st, twin)
            assert each_special_once(twin)
            known = {p for p in special_places(st) if p[2] in (seat, B.NEUTRAL)}
            assert known <= set(special_places(twin))
            checked += 1
    assert checked >= 9


LAYOUT = [12, 0, 4, 6, 8, 16, 18, 20, 24]
"""Both countries: castle c3, villages a1 and e1, lakes, forests, mountains (``test_game``)."""


def scripted_game() -> OmringadState:
    """A real game to round 3 in which B's magician ends up hidden in its castle under an
    elite and a mercenary, then walks out with a mercenary: ``[M, E, W, M]`` in B c3, the
    group ``M W`` goes to B c2."""
    st = OmringadGame().new_initial_state()
    for cell in LAYOUT:
        st.apply_actions([N.TILE + cell, N.TILE + cell])

    def both(text: str) -> None:
        st.apply_actions([st.string_to_action(text, 0), st.string_to_action(text, 1)])

    for _ in range(3):
        both("buy M")
    both("done")
    for square in ("c3", "a1", "e1"):
        st.apply_actions(
            [st.string_to_action("place M", s) for s in (0, 1)]
        )  # fmt: skip
        st.apply_actions([st.string_to_action(f"{c} {square}", s) for s, c in ((0, "A"), (1, "B"))])
    play(st, "initiative B")
    both("done")
    play(st, "pass", "pass")  # round 1 ends; round 2: A holds the initiative
    play(st, "draw magician", "pass", "bid 1", "B c3")
    assert top_down(st, "B c3", 1) == "WM"
    st.apply_actions([N.DONE, st.string_to_action("buy E", 1)])
    st.apply_actions([N.WAIT, st.string_to_action("buy M", 1)])
    st.apply_actions([N.WAIT, N.DONE])
    play(st, "pass", "pass")  # no moves; no battles; B reinforces its castle
    play(st, "place E", "B c3", "place M", "B c3")
    assert top_down(st, "B c3", 1) == "MEWM"  # the magician is now hidden (R81)
    play(st, "draw pirates", "pass", "pass")  # round 3: unsold (R105)
    both("done")
    play(st, "B c3", "take M", "take W", "done", "B c2")
    assert top_down(st, "B c3", 1) == "EM" and top_down(st, "B c2", 1) == "MW"
    return st


def play(st: OmringadState, *texts: str) -> None:
    for t in texts:
        st.apply_action(st.string_to_action(t))


def top_down(st: OmringadState, label: str, owner: int) -> str:
    s = B.find_stack(st.board, L(label), owner)
    return "".join(B.unit_of(c).code for c in s[1:]) if s else ""


def test_r81_r104_a_hidden_special_of_another_seat_moves_with_resampled_groups() -> None:
    """The magician under B's top is not pinned: A's twins have it walk out with the group
    or stay in the castle (a mercenary walking instead); B's own twins keep it exactly."""
    st = scripted_game()
    rng = random.Random(3)
    where = set()
    for _ in range(30):
        twin = st.resample(0, rng)
        replays_the_same_for(0, st, twin)
        assert each_special_once(twin)
        where |= {
            sq for k, sq, o in special_places(twin) if k == SPECIAL_KINDS.index(Kind.MAGICIAN)
        }
    assert where == {L("B c3"), L("B c2")}
    for _ in range(3):
        assert special_places(st.resample(1, rng)) == special_places(st)


def hand_position() -> OmringadState:
    """Round 2, movement: B's stacks hold special units under their tops."""
    st = OmringadGame().new_initial_state()
    st.tiles = [list(range(9)), list(range(9))]
    st.terrain[L("B c3")] = Terrain.CASTLE
    stacks = {"B c3": (1, "GWMEA"), "B a1": (1, "HGMM"), "B e5": (1, "MIE"), "A c3": (0, "M")}
    for label, (owner, text) in stacks.items():
        us = [Unit(_BY_CODE[ch]) for ch in text]
        st.board[L(label)].append([owner, *(B.code(u) for u in us)])
        for u in us:
            if u.kind in BASE_KINDS:
                st.pool[owner][BASE_KINDS.index(u.kind)] -= 1
    st.cup = [i for i, k in enumerate(SPECIAL_KINDS) if k not in (Kind.MAGICIAN, Kind.HORSES,
                                                                  Kind.INFILTRATOR)]  # fmt: skip
    st.round, st.initiative, st.stage = 2, 0, ["done", "done"]
    move.start(st)
    return st


def test_r82_a_hand_made_position_keeps_special_units_and_stack_order() -> None:
    """Dealt again as a position only: the specials stay, the base units under the tops are
    dealt again, the horses stay on top and a general lies only under horses or a general."""
    st = hand_position()
    rng = random.Random(1)
    unders = set()
    for _ in range(30):
        twin = resample_position(st, 0, rng)
        assert twin.observation(0) == st.observation(0)
        assert special_places(twin) == special_places(st)
        for here in twin.board:
            for s in here:
                order = [B.is_horses(c) * 2 + B.is_general(c) for c in s[1:]]
                assert order == sorted(order, reverse=True)
        unders.add(tuple(B.find_stack(twin.board, L("B c3"), 1) or []))
    assert len(unders) > 1


def test_r83_every_auction_action_is_public_and_resampling_copies_it() -> None:
    st = hand_position()
    st.phase = "reinforce"
    reinforce.end_round(st)
    assert st.phase == "auction"
    for seat in (None, 0):
        assert st.action_visible_to(CHANCE, st.cup[0], seat)
    rng = random.Random(2)
    random_step(st, rng)  # the draw
    while st.phase == "auction":
        player, action = st.current_player(), st.legal_actions()[-1]
        assert all(st.action_visible_to(player, action, v) for v in (None, 0, 1))
        st.apply_action(action)
    assert auction_phase.view(st) is None and st.observation(0)["auction"] is None
