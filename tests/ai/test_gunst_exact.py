"""The exact last-season solver of Gunst (``spelbord.ai.gunst.exact``) on tiny positions
whose values are worked out by hand, and ``gunst-eq`` measured against it (issue 31)."""

from __future__ import annotations

import pytest

from spelbord.ai.gunst import exact
from spelbord.ai.gunst.eq import GunstSolver
from spelbord.games.gunst.pieces import Selection
from spelbord.games.gunst.position import Table

NOTHING = Selection((0, 0, 0, 0, 0), 0).code
W = Selection((0, 1, 0, 0, 0), 0).code
KW = Selection((1, 1, 0, 0, 0), 0).code
WF = Selection((0, 1, 1, 0, 0), 0).code


def last_season(hands: list[list[int]], life: list[int]) -> Table:
    table = Table()
    table.season = 4
    table.hand = hands
    table.life = life
    return table


def test_a_lone_warrior_each_is_a_coin_toss() -> None:
    """Life 1 each, one warrior each (R17, R22). Both bring it: equal counts, the coin
    names the chooser (R5), who goes first (R6) and strikes first: 0. One brings it alone:
    it strikes the last stone: +1 for it. Neither: a draw. So bringing it is dominant,
    the value is 0, and ``bring nothing`` gives away the whole range's half (1 of 2)."""
    table = last_season([[0, 1, 0, 0, 0], [0, 1, 0, 0, 0]], [1, 1])
    solver = exact.RoundSolver(0)
    matrix = exact.last_season_matrix(table, 0, [NOTHING, W], [NOTHING, W], solver)
    assert matrix == [[0.0, -1.0], [1.0, 0.0]]
    solved = exact.solve_last_season(table, 0)
    assert solved.value == 0.0
    assert exact.exploitability(table, 0, {W: 1.0}, value=0.0).gap == 0.0
    assert exact.exploitability(table, 0, {NOTHING: 1.0}, value=0.0).of_range == 0.5


def test_knight_and_warrior_against_farmer_must_mix() -> None:
    """Seat 0 holds a knight and a warrior, seat 1 a warrior, a farmer and a thief; life
    1 each, no deities. By hand (R5, R6, R14, R16, R17): W against W is a coin toss (0);
    K W against W: the knight (row 1 acts first) takes the lone warrior, +1; W against
    W F: seat 0 brings fewer, chooses, goes first, +1; K W against W F: the knight finds
    more farmers opposite and does nothing, equal counts, a coin toss, 0. Matching
    pennies: the value is 1/2 with W and K W half each; either pure choice gives 1/2 away
    (a quarter of the range), the exact mix nothing."""
    table = last_season([[1, 1, 0, 0, 0], [0, 1, 1, 1, 0]], [1, 1])
    solver = exact.RoundSolver(0)
    assert exact.last_season_matrix(table, 0, [W, KW], [W, WF], solver) == [
        [0.0, 1.0],
        [1.0, 0.0],
    ]
    solved = exact.solve_last_season(table, 0)
    assert solved.value == pytest.approx(0.5)
    mix = dict(zip(solved.mine, solved.row, strict=True))
    assert mix[W] == pytest.approx(0.5) and mix[KW] == pytest.approx(0.5)
    assert exact.exploitability(table, 0, mix, value=0.5).gap == pytest.approx(0.0, abs=1e-9)
    for pure in (W, KW):
        assert exact.exploitability(table, 0, {pure: 1.0}, value=0.5).of_range == 0.25
    codes, probs = GunstSolver(seed=1, exploit=False).tinge_policy(table, 0)
    played = {c: p for c, p in zip(codes, probs, strict=True) if p > 1e-6}
    assert len(played) >= 2  # gunst-eq mixes here
    assert exact.exploitability(table, 0, played, value=0.5).of_range < 0.05


def test_the_solver_refuses_other_seasons() -> None:
    table = Table()
    with pytest.raises(exact.ExactSolveError):
        exact.solve_last_season(table, 0)


def plain_expectimax(t: Table, seat: int) -> float:
    """Every decision of the round searched, the coin averaged: no memo, no shortcut."""
    from spelbord.games.gunst import rules
    from spelbord.games.gunst.position import COIN, OVER

    if t.phase == OVER:
        return 0.0 if t.loser < 0 else (-1.0 if t.loser == seat else 1.0)
    if t.phase == COIN:
        total = 0.0
        for outcome in (0, 1):
            child = t.clone()
            rules.toss(child, outcome)
            total += 0.5 * plain_expectimax(child, seat)
        return total
    values = []
    for action in rules.legal_decisions(t, t.actor):
        child = t.clone()
        rules.decide(child, action)
        values.append(plain_expectimax(child, seat))
    return max(values) if t.actor == seat else min(values)


def test_the_shortcuts_of_the_last_season_change_no_cell() -> None:
    """The solver searches one deity for a raise or the favour (R7, R18), only striking
    scholars (R20), and takes positions that differ only in where deities off the field
    stand (R2) as one: every cell of a small last season with a favour to spend, raises
    and deities on both sides equals the plain expectimax over every decision, and moving
    a deity along the track off the field changes no value."""
    from spelbord.games.gunst import rules

    table = last_season([[0, 1, 1, 0, 0], [0, 1, 1, 1, 0]], [2, 2])
    table.deity = [[3, 3, 0, 1], [0, 0, 2, 3]]
    mine, theirs = exact.every_selection(table, 0), exact.every_selection(table, 1)
    assert len(mine) * len(theirs) > 60
    solver = exact.RoundSolver(0)
    favours = 0
    for a in mine:
        for b in theirs:
            child = table.clone()
            rules.reveal(child, [a, b])
            favours += child.favour > 0
            assert exact.cell(table, 0, a, b, solver) == plain_expectimax(child, 0)
    assert favours > 0
    moved = table.clone()
    moved.deity = [[3, 3, 2, 0], [1, 0, 0, 3]]  # the same deities ready, the rest elsewhere
    assert exact.solve_last_season(moved, 0).value == exact.solve_last_season(table, 0).value
