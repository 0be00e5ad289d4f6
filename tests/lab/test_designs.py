"""Each study kind end to end on ``lab-race``: records, figures, findings, summary, report."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from spelbord import games
from spelbord.lab import kinds
from spelbord.lab.records import read_records
from spelbord.lab.report import write_report
from spelbord.lab.runner import run_study
from spelbord.lab.study import Arm, Study


def _run(study: Study, out: Path, **how: Any) -> tuple[dict[str, Any], str, list[dict[str, Any]]]:
    result = run_study(study, out, progress=False, command="test", **how)
    page = write_report(result.folder).read_text(encoding="utf-8")
    summary = json.loads((result.folder / "summary.json").read_text(encoding="utf-8"))
    return summary, page, read_records(result.folder / "records")


def test_balance_in_four_with_teams_and_holes(race: str, tmp_path: Path) -> None:
    study = Study(
        "teams",
        (
            Arm("pairs", race, {"players": 4, "teams": "pairs"}, ("random",) * 4, rotate=False),
            Arm("stuck", race, {"stuck_at": 3, "turns": 10}, ("random", "random"), rotate=False),
        ),
        games=24,
        seed=2,
    )
    summary, page, rows = _run(study, tmp_path)
    pairs = summary["arms"]["pairs"]
    assert pairs["teams"] == [[0, 2], [1, 3]] and pairs["games"] == 24
    metrics = pairs["metrics"]
    for key in ("first_seat", "balance", "team_balance", "draw_rate", "completion", "caps",
                "length_mean", "length_sd", "decisions", "branching", "lead_settled",
                "lead_changes", "seat_win_3", "team_win_1"):  # fmt: skip
        m = metrics[key]
        assert m["low"] is not None and m["low"] <= m["value"] <= m["high"], key
    assert metrics["team_win_0"]["value"] + metrics["team_win_1"]["value"] == pytest.approx(1.0)
    # holes: a stuck seat (no legal action) and the turn limit (a safety bound)
    holes = {h["arm"]: h for h in summary["holes"]["arms"]}
    stuck = holes["stuck"]
    assert stuck["no-legal-action"]["games"] + stuck["cap"]["games"] > 0
    assert stuck["loop"] is not None  # the game declares a position key
    listed = summary["holes"]["listed"]
    assert listed and all((tmp_path / "teams" / h["record"]).is_file() for h in listed)
    for hole in listed:
        record = json.loads((tmp_path / "teams" / hole["record"]).read_text())
        row = next(r for r in rows if r["arm"] == hole["arm"] and r["game_index"] == hole[
            "game_index"])  # fmt: skip
        game = games.load(race, **json.loads(row["options"]))
        assert game.replay(record["moves"]).move_number() == row["length"]
        assert (record["resigned"] is None) == (row["result"] != "none")
    texts = [f["text"] for f in summary["findings"]]
    assert any("team of the player to move first" in t for t in texts)
    assert any("rule hole: no legal action" in t or "safety bound" in t for t in texts)
    # the page: findings before figures, links back, replays, phone-ready
    assert page.index("Findings") < page.index("<figure") < page.index("Rule holes")
    assert "href='/lab'" in page and "href='/'" in page and "width=device-width" in page
    assert "data-replay=" in page and "/api/import" in page and "<script src" not in page
    for figure in ("overview", "seats", "play", "lengths"):
        assert (tmp_path / "teams" / "figures" / f"{figure}.png").is_file()


def test_choices_measure_what_a_choice_is_worth(race: str, tmp_path: Path) -> None:
    study = kinds.build("choices", race, {"agent": "random", "choices": ["big"], "games": 160})
    summary, _page, rows = _run(study, tmp_path)
    (value,) = summary["choices"]
    assert value["choice"] == "big" and value["fair"] == 0.5 and value["games"] == 160
    assert value["value"] > 0 and value["value_low"] > 0  # random without 2-steps loses
    assert value["chances_per_game"] > 1 and value["forced_per_game"] == 0
    for row in rows:
        barred = row["agents"].index("without:big:random")
        game = games.load(race)
        state = game.new_initial_state()
        for move in json.loads(row["moves"]) if row.get("moves") else []:
            if state.current_player() == barred:
                assert move != 2  # never a 2-step
            state.apply_action(move)
        assert row["bar_chances"][barred] > 0 and row["bar_chances"][1 - barred] == 0
    assert any("Barred from 'big'" in f["text"] for f in summary["findings"])
    assert (tmp_path / study.name / "figures" / "choices.png").is_file()


def test_choices_never_play_a_barred_action(race: str) -> None:
    from spelbord.ai import SeatView
    from spelbord.lab.restrict import RestrictedAgent, make_seat_agent

    game = games.load(race, start="seat0")
    agent = make_seat_agent("without:big:random", race, 1)
    assert isinstance(agent, RestrictedAgent) and agent.name == "without:big:random"
    state = game.new_initial_state()
    for _ in range(30):
        if state.is_terminal():
            break
        seat = state.current_player()
        action = agent.step(SeatView(state, seat))
        assert action != 2
        state.apply_action(action)
    assert agent.chances > 0 and agent.forced == 0 and agent.overrides == 0


def test_variants_are_paired_and_compared(race: str, tmp_path: Path) -> None:
    study = kinds.game_study("variants", race, games=40)
    assert study is not None
    summary, _, rows = _run(study, tmp_path)
    seeds = {a: [r["seed"] for r in rows if r["arm"] == a] for a in ("short", "long")}
    assert seeds["short"] == seeds["long"]  # game i of both arms: the same seeds
    diffs = {d["key"]: d for d in summary["differences"]}
    length = diffs["length_mean"]
    assert length["arm"] == "long" and length["baseline"] == "short" and length["paired"]
    assert length["difference"] > 0 and length["low"] > 0  # a longer track, longer games
    assert any("Against short, long clearly changes" in f["text"] for f in summary["findings"])
    assert summary["size"]["games_per_arm"] == 40 and summary["size"]["met"] is False


def test_skill_trace(race: str, tmp_path: Path) -> None:
    study = kinds.build("skill", race, {"base": "2it", "steps": 3, "games": 10})
    summary, _page, _ = _run(study, tmp_path)
    trace = summary["skill"]
    assert [p["agent"] for p in trace] == ["mcts:2it", "mcts:4it", "mcts:8it"]
    assert trace[0]["elo"] == 0 and trace[0]["elo_low"] == 0
    assert all(p["elo_low"] <= p["elo"] <= p["elo_high"] for p in trace)
    assert trace[2]["opponent"] == "mcts:2it" and trace[2]["games"] == 10
    assert summary["findings"][0]["topic"] == "skill"
    assert (tmp_path / study.name / "figures" / "skill.png").is_file()


def test_dominance_graph(race: str, tmp_path: Path) -> None:
    study = kinds.build("dominance", race, {"agents": ["random", "mcts:4it", "mcts:16it"],
                                            "games": 8})  # fmt: skip
    summary, _, _ = _run(study, tmp_path)
    graph = summary["dominance"]
    assert graph["agents"] == ["random", "mcts:4it", "mcts:16it"]
    assert all(e["score"] >= 0.5 and e["games"] == 8 for e in graph["edges"])
    assert (tmp_path / study.name / "figures" / "dominance.png").is_file()


def test_kind_studies_resume_and_repeat_across_workers(race: str, tmp_path: Path) -> None:
    study = kinds.build("variants", race, {"games": 6})
    run_study(replace(study, games=3), tmp_path / "a", progress=False)
    resumed = run_study(study, tmp_path / "a", progress=False, resume=True)
    assert (resumed.played, resumed.total) == (6, 12)
    run_study(study, tmp_path / "b", workers=2, progress=False)

    def plain(folder: Path) -> list[dict[str, Any]]:
        rows = read_records(folder / study.name / "records")
        return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]

    assert plain(tmp_path / "a") == plain(tmp_path / "b")


def test_a_seat_chart_marks_each_arms_own_fair_share() -> None:
    """Two sides share 50%, four players 25%: a chart with both marks each row's own."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from spelbord.lab.figures import _errorbars
    from spelbord.lab.metrics import Metric

    rows = [
        Metric("seat_win_0", "seat 1 win rate", v, v - 0.1, v + 0.1, 40, "share", "Wilson")
        for v in (0.5, 0.3)
    ]
    fig, ax = plt.subplots()
    _errorbars(ax, ["two sides", "four players"], rows, [0.5, 0.25])
    marks = sorted(
        round(float(segment[0][0]), 6)
        for collection in ax.collections
        if hasattr(collection, "get_segments")
        for segment in collection.get_segments()
        if segment[0][0] == segment[1][0]
        and segment[0][1] != segment[1][1]  # vertical
        and abs(segment[1][1] - segment[0][1]) > 0.5  # the fair marks, not the error bars' caps
    )
    plt.close(fig)
    assert marks == [25.0, 50.0]  # in per cent
