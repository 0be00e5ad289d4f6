"""Scripted plans (``script:NAME``): each plays legal moves to the end and does what its
name says."""

from __future__ import annotations

from typing import Any

import pytest

from spelbord import games
from spelbord.ai import Agent, SeatView, make_agent
from spelbord.ai.budget import AgentSpecError
from spelbord.ai.scripted import all_plans, plans_for
from spelbord.lab import play_game

PLANS = all_plans()

GAMES_PER_PLAN = {"gunst": 30, "omringad": 2, "islandet": 4, "coerceo": 1}


class Recorder(Agent):
    """Wraps an agent and records (observation, legal texts, chosen text) per decision."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.log: list[tuple[dict[str, Any], list[str], str]] = []

    def step(self, view: SeatView) -> int:
        action = self.inner.step(view)
        legal = view.legal_actions()
        assert action in legal
        texts = [view.action_to_string(a) for a in legal]
        self.log.append((view.observation(), texts, view.action_to_string(action)))
        return action


def record(game_name: str, plan: str, seed: int, seat: int = 0, other: str = "random"):
    game = games.load(game_name)
    me = Recorder(make_agent(f"script:{plan}", seed=seed))
    them = make_agent(other, seed=seed + 1)
    agents = [me, them] if seat == 0 else [them, me]
    record = play_game(game, agents, seed)
    return me, record


@pytest.mark.parametrize("plan", sorted(PLANS))
def test_every_plan_plays_seeded_games_to_the_end(plan: str) -> None:
    game_name = PLANS[plan].game
    for i in range(GAMES_PER_PLAN[game_name]):
        _, rec = record(game_name, plan, seed=100 + i, seat=i % 2)
        assert rec.termination


def test_plans_cover_every_game_and_bad_names_fail() -> None:
    assert plans_for("gunst") == ["hoarder", "trickle", "all-in", "deity-rush", "banisher"]
    assert plans_for("omringad")[:4] == ["conqueror", "turtle", "bidder", "rush"]
    assert plans_for("omringad")[4:] == ["fortress", "starver", "phalanx", "sweeper"]
    assert plans_for("islandet") == [
        "shooter",
        "block-avoider",
        "pad-hoarder",
        "marksman",
        "demolisher",
        "hunter",
        "gunline",
        "pad-keeper",
    ]
    assert plans_for("coerceo") == ["material"]
    with pytest.raises(AgentSpecError):
        make_agent("script:nonsense")
    with pytest.raises(AgentSpecError):
        make_agent("script")
    state = games.load("coerceo").new_initial_state()
    with pytest.raises(AgentSpecError):
        make_agent("script:hoarder").step(SeatView(state, 0))


# ---------------------------------------------------------------- Gunst
def tinge_choices(rec: Recorder) -> list[tuple[dict[str, Any], str]]:
    return [(obs, text) for obs, _, text in rec.log if obs["phase"] == "tinge"]


def everything_text(obs: dict[str, Any], seat: int) -> str:
    from spelbord.ai.gunst.script import everything
    from spelbord.games.gunst.notation import selection_text
    from spelbord.games.gunst.pieces import Selection

    return selection_text(Selection.decode(everything(obs, seat)))


def test_hoarder_waits_three_seasons_then_moves_farmers_onto_doubled_warriors() -> None:
    """R7: the favour readies its deities; in season 4 R12 + R9 make doubled warriors."""
    combos = 0
    for seed in range(10):
        rec, result = record("gunst", "hoarder", seed=seed, seat=seed % 2)
        me = seed % 2
        choices = tinge_choices(rec)
        assert [t for o, t in choices if o["season"] < 4] == ["bring nothing"] * 3
        obs4, text4 = next((o, t) for o, t in choices if o["season"] == 4)
        assert text4 == everything_text(obs4, me)
        ready = {d for d, place in obs4["deities"][me].items() if place == "hand"}
        if {"Archimedes", "Extazia"} <= ready:
            combos += 1
            texts = [t for _, _, t in rec.log]
            assert "move farmers" in texts and "onto warriors" in texts
            assert "double warriors" in texts
        assert result.returns[me] == 1.0
    assert combos


def test_trickle_brings_exactly_one_kin_a_season() -> None:
    rec, _ = record("gunst", "trickle", seed=6, seat=1)
    choices = tinge_choices(rec)
    assert choices
    for _, text in choices:
        assert text in ("bring 1W", "bring 1S", "bring 1K", "bring 1F", "bring 1T")
    assert choices[0][1] == "bring 1W"


def test_all_in_brings_everything_every_season() -> None:
    rec, _ = record("gunst", "all-in", seed=7, seat=0)
    for obs, text in tinge_choices(rec):
        assert text == everything_text(obs, 0)


def test_deity_rush_raises_with_farmers_and_scholars_first() -> None:
    rec, _ = record("gunst", "deity-rush", seed=8, seat=0)
    first = tinge_choices(rec)[0]
    assert first[1] == "bring 3F 2S"
    assert "scholars raise" in [t for _, _, t in rec.log]


def test_banisher_beats_the_hoarder_by_banishing_its_warriors() -> None:
    """R10: Vandringsmanden, raised by the farmers, removes the doubled warrior row."""
    for seat in (0, 1):
        rec, result = record("gunst", "banisher", seed=9, seat=seat, other="script:hoarder")
        assert "banish warriors" in [t for _, _, t in rec.log]
        assert result.returns[seat] == 1.0


# ---------------------------------------------------------------- Omringad
@pytest.fixture(scope="module")
def omringad_games() -> dict[str, Recorder]:
    return {
        plan: record("omringad", plan, seed=21, seat=0)[0]
        for plan in ("conqueror", "turtle", "bidder", "rush")
    }


def test_turtle_buys_defenders_and_never_moves(omringad_games: dict[str, Recorder]) -> None:
    rec = omringad_games["turtle"]
    buys = {t for _, _, t in rec.log if t.startswith("buy")}
    assert buys and buys <= {"buy A", "buy E", "buy K", "buy M"}
    moves = [t for obs, _, t in rec.log if obs["phase"] == "move"]
    assert moves and set(moves) == {"pass"}


def test_conqueror_marches_into_the_enemy_country(omringad_games: dict[str, Recorder]) -> None:
    rec = omringad_games["conqueror"]
    steps = [t for obs, _, t in rec.log if obs["phase"] == "move" and obs["move"]["origin"] >= 0]
    assert any(t.startswith("B ") for t in steps)
    assert {t for _, _, t in rec.log if t.startswith("buy")} <= {"buy R", "buy E", "buy M"}


def test_bidder_bids_whenever_it_may(omringad_games: dict[str, Recorder]) -> None:
    rec = omringad_games["bidder"]
    offered = [(legal, t) for _, legal, t in rec.log if any(x.startswith("bid") for x in legal)]
    assert offered
    assert all(t.startswith("bid") for _, t in offered)


def test_rush_targets_the_opponents_castle(omringad_games: dict[str, Recorder]) -> None:
    from spelbord.ai.omringad.script import Rush

    rec = omringad_games["rush"]
    obs = next(o for o, _, _ in rec.log if o["phase"] == "move")
    castle = next(s for s, t in enumerate(obs["terrain"]) if t == "C" and s // 25 == 1)
    own = next(st["square"] for st in obs["stacks"] if st["owner"] == 0)
    if obs["control"][castle] != 0:
        assert Rush(seed=0).target(obs, 0, own) == castle


# ---------------------------------------------------------------- Islandet
def enemy_shots(obs: dict[str, Any], legal: list[str], seat: int) -> list[str]:
    from spelbord.ai.islandet.script import _SHOT, units_at
    from spelbord.games.islandet.board import parse_square

    here = units_at(obs)
    out = []
    for text in legal:
        m = _SHOT.match(text)
        if m and here.get(parse_square(m[2]), (seat, 0))[0] != seat:
            out.append(text)
    return out


def test_shooter_takes_every_shot_at_an_enemy_unit() -> None:
    """R14: an exact hit removes the enemy unit; the greedy shooter never declines one."""
    seen = 0
    for seed in range(30, 40):
        rec, _ = record("islandet", "shooter", seed=seed, seat=seed % 2)
        for obs, legal, text in rec.log:
            if enemy_shots(obs, legal, seed % 2):
                seen += 1
                assert "x" in text, (legal, text)
    assert seen


def test_block_avoider_never_fires_at_or_lands_on_a_block() -> None:
    """R17: blocks go off when shot or landed on; the avoider does neither."""
    from spelbord.ai.islandet.script import _MOVE, _SHOT
    from spelbord.games.islandet.board import parse_square

    rec, _ = record("islandet", "block-avoider", seed=33, seat=0)
    for obs, _, text in rec.log:
        blocks = set(obs["position"]["blocks"])
        shot, move = _SHOT.match(text), _MOVE.match(text)
        if shot:
            assert parse_square(shot[2]) not in blocks
        if move:
            assert parse_square(move[2]) not in blocks


def test_pad_hoarder_keeps_its_tanks_and_jeeps_on_the_pad() -> None:
    """R9/R10: it turns or moves the pad rather than reinforce; soldiers go on the island."""
    rec, _ = record("islandet", "pad-hoarder", seed=34, seat=1)
    for _, legal, text in rec.log:
        if any(t.startswith(("turn", "move pad")) for t in legal):
            assert not text.startswith("enter")
        if any(t.startswith("soldier") for t in legal):
            assert text.startswith("soldier")
        if text.startswith("pad ") and text.split()[1] in ("tank", "jeep", "soldier"):
            ranks = {"tank": 3, "jeep": 2, "soldier": 1}
            offered = [ranks[t.split()[1]] for t in legal if t.split()[1] in ranks]
            assert ranks[text.split()[1]] == max(offered)


@pytest.mark.parametrize("plan", ["shooter", "block-avoider", "pad-hoarder"])
def test_the_free_removal_takes_the_most_dangerous_unit_and_never_declines(plan: str) -> None:
    """R8 (version 3): the opponent may remove a unit or decline; the plans take the unit
    whose shot threatens them, not the harmless one, and never decline."""
    from tests.games.islandet.conftest import _build as build
    from tests.games.islandet.conftest import play

    # 6 . j<         South cannot use a 2: a1 faces the sea and the tank on b2 stands
    # 3 . s>         behind North's soldier, but it aims at the jeep on b6 through b3
    # 2 . T^         (South holds its fire; the tank still threatens)
    # 1 S<
    state = build({"a1": "S<", "b2": "T^", "b3": "s>", "b6": "j<", "l12": "s^"})
    play(state, "roll 2", "done")
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "remove a1",
        "remove b2",
        "decline",
    ]
    for seed in range(5):
        chosen = make_agent(f"script:{plan}", seed=seed).step(SeatView(state, 1))
        assert state.action_to_string(chosen) == "remove b2"


def test_the_rule_1b_removal_takes_the_longest_ranged_pad_unit() -> None:
    """R13 (version 3): rule 1B's removal goes to the tank on the pad, not a soldier."""
    from tests.games.islandet.conftest import _build as build
    from tests.games.islandet.conftest import play

    state = build({"f12": "tv", "a1": "s^", "c1": "s^"}, pads=("S.T..", "....."), to_move=1)
    play(state, "roll 1", "f12-f11")
    assert state.pos.phase == "removepad"
    chosen = make_agent("script:shooter", seed=1).step(SeatView(state, 1))
    assert state.action_to_string(chosen) == "remove pad 3"


def test_a_reinforcement_goes_onto_a_block_only_when_it_pays() -> None:
    """R10 (version 3): onto a block that may be live the plan's unit could die for
    nothing; it goes there only when the block cannot be live."""
    from tests.games.islandet.conftest import _build as build
    from tests.games.islandet.conftest import play

    # 1 ## . . . .   the block on a1 stands in front of slot 1; slot 3 is free
    # pad: S . S . .
    for live, onto_block_seen in ((6, False), (0, True)):
        seen = set()
        for seed in range(12):
            state = build({"e4": "S^", "l12": "s^"}, ["a1"], pads=("S.S..", "....."), live=live)
            play(state, "roll 0")
            chosen = make_agent("script:shooter", seed=seed).step(SeatView(state, 0))
            seen.add(state.action_to_string(chosen))
        assert ("enter 1" in seen) is onto_block_seen, (live, seen)


# ---------------------------------------------------------------- Coerceo
def test_material_plays_the_best_two_ply_material_move() -> None:
    """Its alpha-beta choice has the full two-ply minimax value (checked without pruning)."""
    import random

    from spelbord.ai.coerceo.script import material
    from spelbord.core import random_step

    state = games.load("coerceo").new_initial_state()
    rng = random.Random(4)
    for _ in range(30):
        random_step(state, rng)
    seat = state.current_player()

    def value(action: int) -> float:
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal():
            return material(child, seat)
        worst = float("inf")
        for reply in child.legal_actions():
            grand = child.clone()
            grand.apply_action(reply)
            worst = min(worst, material(grand, seat))
        return worst

    values = {a: value(a) for a in state.legal_actions()}
    chosen = make_agent("script:material", seed=1).step(SeatView(state, seat))
    assert values[chosen] == max(values.values())


def _line_position(enemy_at: int | None, garrison_units: int, taken: int) -> dict[str, Any]:
    """A hand-made Omringad observation on a line of six squares: seat 0's castle on
    square 0 holds ``garrison_units`` unmoved units of which ``taken`` are in the group
    being formed; an enemy stack of two stands on ``enemy_at``."""
    steps = [[s - 1, s + 1] if 0 < s < 5 else [1] if s == 0 else [4] for s in range(6)]
    stacks: list[dict[str, Any]] = [
        {"square": 0, "owner": 0, "count": garrison_units, "moved": [False] * garrison_units}
    ]
    if enemy_at is not None:
        stacks.append({"square": enemy_at, "owner": 1, "count": 2, "top": "M"})
    return {
        "phase": "move",
        "map": {"name": "line", "steps": steps},
        "terrain": list("CV.F.C"),
        "control": [0, 0, 0, 1, 1, 1],
        "stacks": stacks,
        "move": {"mover": 0, "origin": 0, "path": [], "count": taken, "top": "E"},
    }


def test_r30_a_garrison_stays_in_a_threatened_castle() -> None:
    """R30/R37: a group is formed unit by unit (``take``) before it walks; the garrison
    conqueror stops taking when only as many units as the enemy has within reach stay."""
    from spelbord.ai.omringad.script import Conqueror, Turn
    from spelbord.games.omringad import notation as N

    plan = Conqueror(1, shopping="AERM", garrison="CV")
    actions = [N.DONE, N.TAKE]
    texts = {N.DONE: "done", N.TAKE: "take M"}

    def decide(obs: dict[str, Any]) -> int | None:
        return plan._move(Turn(obs, 0, actions, texts), {})

    # Two enemies three steps away: 5 units, 3 taken, 2 would stay: the group is done.
    threatened = _line_position(enemy_at=3, garrison_units=5, taken=3)
    assert plan.keep(threatened, 0, 0) == 2
    assert decide(threatened) == N.DONE
    # Only 2 taken: 3 would stay, more than the threat: take another.
    assert decide(_line_position(enemy_at=3, garrison_units=5, taken=2)) == N.TAKE
    # The enemy too far (5 steps): the whole stack goes, like the plain conqueror.
    far = _line_position(enemy_at=5, garrison_units=5, taken=3)
    assert plan.keep(far, 0, 0) == 0
    assert decide(far) == N.TAKE
    # Without a garrison the same threatened castle empties.
    assert Conqueror(1)._move(Turn(threatened, 0, actions, texts), {}) == N.TAKE


def test_variants_reuse_the_plans_with_their_own_shopping() -> None:
    from spelbord.ai.omringad.script import VARIANTS, Conqueror, Rush

    by_name = {v.plan: v for v in VARIANTS}
    archer = by_name["archer-rush"](seed=3)
    assert (
        type(archer) is Rush and archer.shopping == "AREM" and archer.name == "script:archer-rush"
    )
    garrison = by_name["garrison-conqueror"](seed=3)
    assert type(garrison) is Conqueror and (garrison.shopping, garrison.garrison) == ("AERM", "CV")
    assert Rush.shopping == "RE" and Rush(seed=3).garrison == ""  # the gauntlet is unchanged
    with pytest.raises(AgentSpecError, match="unit letters"):
        Conqueror(1, shopping="AXE")
    with pytest.raises(AgentSpecError, match="garrison"):
        Conqueror(1, garrison="F")


def _dragon_won(version: int) -> Any:
    """Omringad round 2: Ivory (A) has won the dragon at auction and places it (R104)."""
    from tests.games.omringad.positions import play, position

    from spelbord.games.omringad.phases import auction as auction_phase
    from spelbord.games.omringad.terrain import Terrain
    from spelbord.games.omringad.units import SPECIAL_KINDS, Kind

    tiles = {"A c3": Terrain.CASTLE, "A e2": Terrain.VILLAGE, "B c3": Terrain.CASTLE}
    stacks = {"A c3": (0, "M"), "A e2": (0, "M"), "B c3": (1, "M")}
    st = position(stacks, tiles, rules_version=version)
    st.cup, st.gold = [SPECIAL_KINDS.index(Kind.DRAGON)], [10, 10]
    auction_phase.start(st)
    play(st, "draw dragon", "bid 2", "pass")
    return st


@pytest.mark.parametrize("version", [3, 4])
def test_r111_a_plan_lays_the_dragon_beside_enemy_settlements_when_it_besieges(
    version: int,
) -> None:
    """R111 (rules version 4): the dragon besieges every settlement next to it, so the
    bidder lays it beside the enemy's castle and beside none of its own; in version 3 it
    lays it like any placement, towards the front."""
    from spelbord.ai.omringad.script import Bidder
    from spelbord.games.omringad import notation as N

    st = _dragon_won(version)
    sq = Bidder(seed=1).step(SeatView(st, 0)) - N.SQUARE
    around = {st.map.label(n) for n in st.map.neighbours[sq]}
    if version >= 4:
        assert "B c3" in around and not {"A c3", "A e2"} & around
    else:
        assert "B c3" not in around  # the nearest enemy square, not the castle's side


@pytest.mark.parametrize(
    ("version", "intruded", "chosen"),
    [(4, "A c3", "A c3"), (3, "A e2", "A c3"), (4, "A e2", "A e2")],
)
def test_r55_a_plan_reinforces_beside_an_intruder_where_it_then_defends(
    version: int, intruded: str, chosen: str
) -> None:
    """R55: Slate's lone magician stands in one of Ivory's settlements. From rules version
    4 Ivory then defends it with the walls, so the conqueror reinforces there first; under
    version 3 the magician would defend, so it reinforces elsewhere."""
    from tests.games.omringad.positions import play, position, to_battle

    from spelbord.ai.omringad.script import Conqueror
    from spelbord.games.omringad import notation as N
    from spelbord.games.omringad.terrain import Terrain

    tiles = {"A c3": Terrain.CASTLE, "A e2": Terrain.VILLAGE}
    st = position({intruded: (1, "W"), "B c3": (1, "M")}, tiles, rules_version=version)
    st.bought[0] = [0]
    st.pool[0][0] -= 1
    to_battle(st)
    plan = Conqueror(seed=1)
    play(st, st.action_to_string(plan.step(SeatView(st, 0))))
    assert st.action_to_string(plan.step(SeatView(st, 0))) == chosen
    assert N.SQUARE + st.map.parse_label(chosen) in st.legal_actions()


def test_an_unlisted_plan_plays_but_is_not_in_the_gauntlet() -> None:
    """Omringad's portfolio variants play as ``script:NAME`` (a level may name one) but are
    not among the game's plans (the gauntlet, the round robin's entrants)."""
    from spelbord.ai.omringad.script import VARIANTS

    agent = make_agent("script:archer-conqueror", game="omringad", seed=1)
    assert agent.name == "script:archer-conqueror"
    assert (agent.shopping, agent.garrison) == ("AREM", "")  # type: ignore[attr-defined]
    names = plans_for("omringad")
    assert "conqueror" in names and not {v.plan for v in VARIANTS} & set(names)
