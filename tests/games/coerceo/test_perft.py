"""Move-generation counts (perft): every engine of ``CoerceoState.perft`` (the compiled core,
the Python bitset path, the protocol's recursion over the public API) and the C core's
Python twin, against the published counts and against each other on positions where
exchanges are offered, the last piece is taken, a side is stalemated, a position comes a
third time (repetition draws on and off) and the move limit ends the game."""

from __future__ import annotations

import random
import signal
import sys

import pytest

from spelbord.core import PerftEngineError, State
from spelbord.games.coerceo import CoerceoGame, CoerceoState
from spelbord.games.coerceo.board import field_index
from spelbord.games.coerceo.engine import cores
from spelbord.games.coerceo.engine import perft as perft_module
from spelbord.games.coerceo.notation import Move
from spelbord.games.coerceo.rules import EXCHANGE_BASE

compiled_only = pytest.mark.skipif(cores.C_CORE is None, reason="the C core was not built")

FAST = ("compiled", "python") if cores.COMPILED else ("python",)
"""The bulk-counting engines of this installation (``api`` is the reference)."""


def reference_perft(state: State, depth: int) -> int:
    """Perft through the checked public API only (no game-specific shortcuts)."""
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += reference_perft(child, depth - 1)
    return total


def twin_perft(state: CoerceoState, depth: int) -> int:
    """The C core's pure-Python twin (``pysearch``), called as the compiled core is."""
    return int(
        cores.PY_CORE.perft(
            *cores.core_args(state),
            state.moves_left(),
            int(state.repetition_draw()),
            cores.repetition_record(state),
            depth,
        )
    )


def assert_engines_agree(state: CoerceoState, depth: int, twin: bool = True) -> int:
    """Every engine (and the twin) counts as the public API does; returns the count."""
    expected = reference_perft(state, depth)
    counts = {name: state.perft(depth, name) for name in state.perft_engines()}
    if twin:
        counts["twin"] = twin_perft(state, depth)
    assert counts == dict.fromkeys(counts, expected), (depth, counts)
    assert state.perft(depth) == expected
    return expected


def position(
    white: list[tuple[int, int, int]],
    black: list[tuple[int, int, int]],
    tiles: list[tuple[int, int]] | None = None,
    to_move: int = 0,
    collected: tuple[int, int] = (0, 0),
    **options: object,
) -> CoerceoState:
    return CoerceoGame(**options).from_position(white, black, tiles, to_move, collected)  # type: ignore[arg-type]


def _midgame(seed: int, options: dict[str, object], plies: int) -> CoerceoState:
    rng = random.Random(seed)
    state = CoerceoGame(**options).new_initial_state()  # type: ignore[arg-type]
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_engines_of_this_installation() -> None:
    state = CoerceoGame().new_initial_state()
    assert state.perft_engines() == (*FAST, "api")
    assert state.perft_engines()[0] == ("compiled" if cores.COMPILED else "python")


@pytest.mark.parametrize(("depth", "nodes"), [(1, 48), (2, 2304), (3, 110304)])
def test_laurentius_perft(depth: int, nodes: int) -> None:
    """RULES-NOTES: 48 and 2,304 from the Laurentius start (depth 3 as the public engines)."""
    state = CoerceoGame().new_initial_state()
    assert {name: state.perft(depth, name) for name in FAST} == dict.fromkeys(FAST, nodes)
    assert reference_perft(state, depth) == nodes


@pytest.mark.parametrize(("depth", "nodes"), [(1, 26), (2, 676), (3, 17234)])
def test_ocius_perft(depth: int, nodes: int) -> None:
    state = CoerceoGame(variant="ocius").new_initial_state()
    assert {name: state.perft(depth, name) for name in FAST} == dict.fromkeys(FAST, nodes)
    assert reference_perft(state, depth) == nodes


@compiled_only
@pytest.mark.parametrize(
    ("variant", "depth", "nodes"),
    [
        ("laurentius", 4, 5_280_654),
        ("laurentius", 5, 254_945_184),
        ("ocius", 4, 435_572),
        ("ocius", 5, 10_739_924),
        ("ocius", 6, 262_208_752),
    ],
)
def test_compiled_perft_deep(variant: str, depth: int, nodes: int) -> None:
    """The counts the public Coerceo engine (Rust) gives from the two starts."""
    state = CoerceoGame(variant=variant).new_initial_state()
    assert state.perft(depth) == state.perft(depth, "compiled") == nodes


@compiled_only
def test_bmi_and_plain_builds_count_alike() -> None:
    """The core compiled for BMI processors (used where the processor has it) counts as
    the plain build, repetition record included."""
    core = cores.C_CORE
    assert core is not None
    before = core.fast_core()
    if not core.fast_core(1):
        core.fast_core(int(before))
        pytest.skip("this processor or compiler has no BMI build of the core")
    states = [_midgame(seed, {"exchange_cost": 1 + seed % 2}, 30 * seed) for seed in range(6)]
    states.append(_shuffled(True, 7))
    try:
        for state in states:
            if state.is_terminal():
                continue
            fast = state.perft(3, "compiled")
            core.fast_core(0)
            plain = state.perft(3, "compiled")
            core.fast_core(1)
            assert fast == plain == state.perft(3, "python")
    finally:
        core.fast_core(int(before))


def test_the_core_reads_the_record_as_pairs() -> None:
    """The repetition record goes to the core as (white, black) pairs, lists or tuples."""
    state = _shuffled(True, 7)
    args = (*cores.core_args(state), state.moves_left(), 1)
    record = cores.repetition_record(state)
    assert len(record) == 7
    for core in [cores.PY_CORE] + ([cores.C_CORE] if cores.C_CORE is not None else []):
        as_lists = [list(pair) for pair in record]
        assert core.perft(*args, as_lists, 4) == core.perft(*args, record, 4) == state.perft(4)
        with pytest.raises((TypeError, ValueError)):
            core.perft(*args, [(1, 2, 3)], 4)


@pytest.mark.slow
def test_python_perft_depth_4() -> None:
    assert CoerceoGame().new_initial_state().perft(4, "python") == 5_280_654
    assert CoerceoGame(variant="ocius").new_initial_state().perft(4, "python") == 435_572


@pytest.mark.parametrize(
    "options",
    [{}, {"variant": "ocius"}, {"exchange_cost": 1}, {"variant": "ocius", "max_moves": 60}],
)
def test_engines_agree_in_random_middle_games(options: dict[str, object]) -> None:
    """Positions with removed tiles and collected tiles, exchanges often among the actions."""
    for seed in range(6):
        state = _midgame(seed, options, 40 + 20 * seed)
        if state.is_terminal():
            continue
        for depth in (1, 2):
            assert_engines_agree(state, depth, twin=depth == 1 or seed % 2 == 0)
        assert len({state.perft(3, name) for name in FAST}) == 1


def _first_exchange(seed: int, options: dict[str, object]) -> CoerceoState | None:
    """The first position of a seeded random game where an exchange is offered."""
    rng = random.Random(seed)
    state = CoerceoGame(**options).new_initial_state()  # type: ignore[arg-type]
    while not state.is_terminal():
        if state.legal_actions()[-1] >= EXCHANGE_BASE:
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    return None


@pytest.mark.parametrize("options", [{}, {"variant": "ocius"}, {"exchange_cost": 1}])
def test_exchanges_are_counted_as_legal_actions_offers_them(options: dict[str, object]) -> None:
    """R10: with collected tiles, every opponent piece is an action; the engines count
    them at every ply (and what follows an exchange: removals, captures, the last piece)."""
    found = [s for s in (_first_exchange(seed, options) for seed in range(3)) if s is not None]
    assert len(found) >= 2
    for state in found:
        exchanges = [a for a in state.legal_actions() if a >= EXCHANGE_BASE]
        assert exchanges and state.perft(1) == len(state.legal_actions())
        assert_engines_agree(state, 2)
        assert len({state.perft(3, name) for name in FAST}) == 1


@pytest.mark.parametrize(
    ("options", "seed", "plies"),
    [({"variant": "ocius"}, 44, 39), ({}, 2, 130), ({"exchange_cost": 1}, 6, 91)],
)
def test_an_exchange_that_removes_a_tile_and_captures(
    options: dict[str, object], seed: int, plies: int
) -> None:
    """R8-R10: an exchange empties a tile, the tile goes, and an opponent piece beside it
    is enclosed and taken; the counts below the exchange see all of it."""
    state = _midgame(seed, options, plies)
    chained = []
    for action in state.legal_actions():
        if action >= EXCHANGE_BASE:
            child = state.clone()
            child.apply_action(action)
            last = child.last_move()
            assert last is not None
            if last["removed_tiles"] and last["captured"]:
                chained.append(action)
    assert chained
    for depth in (1, 2):
        assert_engines_agree(state, depth)
    assert len({state.perft(3, name) for name in FAST}) == 1


def test_a_stalemate_below_the_root_is_one_leaf() -> None:
    """R12 (a one-tile board e3): either white move leaves black without an action."""
    state = position([(2, 0, 1)], [(2, 0, 0), (2, 0, 2), (2, 0, 4)], tiles=[(2, 0)])
    for depth in (1, 2, 3):
        assert assert_engines_agree(state, depth) == 2


def test_an_exchange_that_takes_the_last_piece_ends_the_count() -> None:
    """As the stalemate above, but black holds 2 tiles: its one action is the exchange for
    the last white piece (R10, R11), a leaf at any depth."""
    state = position(
        [(2, 0, 1)], [(2, 0, 0), (2, 0, 2), (2, 0, 4)], tiles=[(2, 0)], collected=(0, 2)
    )
    assert [assert_engines_agree(state, depth) for depth in (1, 2, 3, 4)] == [2, 2, 2, 2]


def _shuffled(repetition_draw: bool, plies: int) -> CoerceoState:
    """One piece each on the tiles a3 and e3 alone: each can only move about its tile (two
    moves a turn, no tile ever removed), so positions repeat all the time. Played from the
    start by ``plies`` turns of a shuffle that comes back to the start every 4 plies."""
    state = position(
        [(-2, 0, 1)], [(2, 0, 0)], tiles=[(-2, 0), (2, 0)], repetition_draw=repetition_draw
    )
    shuffle = ["a3:1-a3:3", "e3:0-e3:2", "a3:3-a3:1", "e3:2-e3:0"]
    for i in range(plies):
        state.apply_action(state.string_to_action(shuffle[i % 4]))
    return state


@pytest.mark.parametrize("repetition_draw", [True, False])
def test_repetitions_count_as_the_rules_end_the_game(repetition_draw: bool) -> None:
    """R13: a third repetition is a leaf when repetition draws, and not when it is off;
    the record before the root counts (this position stood twice already)."""
    state = _shuffled(repetition_draw, 7)
    assert state.observation(None)["repetitions"] == 2
    depths = range(1, 7)
    counts = [assert_engines_agree(state, depth) for depth in depths]
    assert counts[-1] <= 2**6
    if repetition_draw:
        off = _shuffled(False, 7)
        assert all(on < off.perft(d) for on, d in zip(counts[1:], depths[1:], strict=True))
    else:
        assert counts == [2**depth for depth in depths]


def test_repetitions_inside_the_tree() -> None:
    """Third repetitions reached only inside the counted tree (none behind the root): the
    first comes at ply 8, a leaf either way, so the counts fall short of 2**depth from 9."""
    on = _shuffled(True, 0)
    assert [on.perft(depth, "api") for depth in range(1, 8)] == [2**d for d in range(1, 8)]
    for depth in (8, 9, 10):
        count = assert_engines_agree(on, depth, twin=depth < 10)
        assert (count < 2**depth) == (depth > 8)


def test_a_tile_removed_restarts_the_repetition_record() -> None:
    """R8, R13: a move that removes a tile cannot be undone, so the record starts again:
    the same pieces a third time after it are no draw. White a3:1 steps onto the empty
    tile b3 and back, which removes b3; the position before stood twice already."""
    state = position([(-2, 0, 1), (-2, 0, 3)], [(2, 0, 0)], tiles=[(-2, 0), (-1, 0), (2, 0)])
    for text in ["a3:3-a3:5", "e3:0-e3:2", "a3:5-a3:3", "e3:2-e3:0"]:
        state.apply_action(state.string_to_action(text))
    assert state.observation(None)["repetitions"] == 2
    line = state.clone()
    for text in ["a3:1-b3:3", "e3:0-e3:2", "b3:3-a3:1", "e3:2-e3:0"]:
        line.apply_action(line.string_to_action(text))
    assert line.pieces(0) == state.pieces(0) and line.pieces(1) == state.pieces(1)
    assert not line.is_terminal() and line.observation(None)["repetitions"] == 1
    for depth in (1, 3, 5):
        assert_engines_agree(state, depth, twin=depth < 5)


def test_the_move_limit_ends_the_count() -> None:
    """R15: with max_moves 3 the game is over after three turns: deeper counts stop there."""
    state = CoerceoGame(variant="ocius", max_moves=3).new_initial_state()
    assert {name: state.perft(5, name) for name in FAST} == dict.fromkeys(FAST, 17_234)
    assert twin_perft(state, 4) == reference_perft(state, 4) == 17_234


def test_the_python_path_counts_where_the_core_cannot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the C extension, and for positions it cannot hold, the default is python."""
    state = _midgame(3, {"variant": "ocius"}, 30)
    expected = state.perft(3, "python")
    monkeypatch.setattr(cores, "C_CORE", None)
    monkeypatch.setattr(cores, "COMPILED", False)
    assert state.perft_engines() == ("python", "api")
    assert state.perft(3) == expected
    with pytest.raises(PerftEngineError, match="not built in this installation"):
        state.perft(3, "compiled")


@compiled_only
def test_a_position_the_core_cannot_hold_falls_back() -> None:
    rich = position([(0, 0, 1)], [(0, 0, 0)], collected=(perft_module.COLLECTED_MAX + 1, 0))
    assert perft_module.compiled_refusal(rich, 3) is not None
    assert rich.perft(3) == rich.perft(3, "python") == reference_perft(rich, 3)
    with pytest.raises(PerftEngineError, match="collected tiles"):
        rich.perft(3, "compiled")
    start = CoerceoGame().new_initial_state()
    assert perft_module.compiled_refusal(start, cores.C_CORE.PERFT_MAX_DEPTH) is None
    with pytest.raises(PerftEngineError, match="counts to depth 64"):
        start.perft(65, "compiled")


def test_bad_engines_and_depths_are_clear_errors() -> None:
    state = CoerceoGame().new_initial_state()
    with pytest.raises(PerftEngineError, match=r"no perft engine 'rust' here \(it has: "):
        state.perft(2, "rust")
    with pytest.raises(ValueError, match="at least 0"):
        state.perft(-1)
    assert state.perft(0) == 1
    assert all(state.perft(0, name) == 1 for name in state.perft_engines())


def test_a_finished_game_is_one_leaf() -> None:
    state = position([(0, 0, 1), (0, 0, 5), (0, 1, 1)], [(0, 0, 0)])
    state.apply_action(Move(field_index(0, 1, 1), field_index(0, 1, 3)).action)
    assert state.termination() == "capture-all"
    assert {name: state.perft(3, name) for name in state.perft_engines()} == dict.fromkeys(
        state.perft_engines(), 1
    )


@compiled_only
@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGALRM")
def test_a_long_compiled_count_can_be_interrupted() -> None:
    """The core checks for signals while it counts: Ctrl-C stops a perft that would run
    for hours, and the next count is right."""

    class Stop(Exception):
        pass

    def stop(signum: int, frame: object) -> None:
        raise Stop

    state = CoerceoGame().new_initial_state()
    old = signal.signal(signal.SIGALRM, stop)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(Stop):
            state.perft(9, "compiled")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert state.perft(3, "compiled") == 110_304
