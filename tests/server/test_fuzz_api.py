"""API fuzzing from the app's own OpenAPI schema (schemathesis): no input gives a 500.

Every route is called with generated paths, queries and JSON bodies, valid for the schema
and not; each answer must be a deliberate one (2xx or 4xx), never a server error.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from conftest import FAKE_WORKERS
from spelbord.server.app import create_app

pytestmark = pytest.mark.slow

_DB = Path(tempfile.mkdtemp(prefix="spelbord-fuzz-")) / "fuzz.sqlite3"
APP = create_app(f"sqlite:///{_DB}", workers=FAKE_WORKERS, rate_limits=None)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
schema.config.generation.update(
    modes=[schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE]
)


@schema.parametrize()
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_input_gives_a_server_error(case: schemathesis.Case) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.text[:500])


# The hostile probes of issue 27, sent as they were: each gets a deliberate 4xx (never a
# 500) and changes nothing it should not.
NAN_TOURNAMENT = '{"name": "x", "game": "toy-open", "format": "knockout", "starts_at": NaN}'
PROBES: list[tuple[str, str, Any, int]] = [
    ("POST", "/api/tournaments", NAN_TOURNAMENT, 400),
    ("POST", "/api/tournaments", NAN_TOURNAMENT.replace("NaN", "Infinity"), 400),
    ("POST", "/api/tournaments", NAN_TOURNAMENT.replace("NaN", "1e300"), 400),
    ("POST", "/api/tournaments", NAN_TOURNAMENT.replace("NaN", "1e999"), 400),
    (
        "POST",
        "/api/tables",
        {
            "game": "toy-open",
            "seats": [{"kind": "open"}, {"kind": "ai", "agent": "mcts:" + "0" * 100 + "1s"}],
        },
        400,
    ),
    (
        "POST",
        "/api/tournaments",
        {
            "name": "x",
            "game": "toy-open",
            "format": "knockout",
            "entrants": [{"ai": "first:" + "x" * 70}],
        },
        400,
    ),
    ("POST", "/api/account/signup", {"name": "\u0430lice", "password": "a fresh long one"}, 400),
    ("POST", "/api/account/signup", {"name": "Probe", "password": "password"}, 400),
    ("POST", "/api/account/signup", {"name": "Probe", "password": "qwertyuiop"}, 400),
    ("POST", "/api/puzzles/coerceo/nosuch/check", '{"move": NaN}', 404),
    (
        "POST",
        "/api/tables",
        {"game": "toy-open", "seats": [{"kind": "open", "name": "\u202eAnna"}, {"kind": "open"}]},
        400,
    ),
    (
        "POST",
        "/api/tournaments",
        {"name": "Cup\u200b", "game": "toy-open", "format": "knockout"},
        400,
    ),
    ("POST", "/api/tournaments/nosuch/accept", {}, 404),
    ("POST", "/api/tournaments/nosuch/cancel", {}, 404),
]
STRANGER_PROBES = [  # a signed-out client may not sit as "Prober" or a lookalike of it
    ("POST", "/api/tables", {"game": "toy-open", "seats": [{"kind": "open", "name": n}]}, 409)
    for n in ("Prober", "PROBER", "Prob\u0435r", "Pr\u03bfber")
]


def test_the_probes_of_issue_27_get_clear_errors() -> None:
    with TestClient(APP, base_url="https://testserver") as c:
        r = c.post("/api/account/signup", json={"name": "Prober", "password": "a fresh long one"})
        assert r.status_code == 200, r.text
        for i, (method, path, body, status) in enumerate(PROBES + STRANGER_PROBES):
            if i == len(PROBES):
                c.post("/api/account/signout")
            content = body if isinstance(body, str) else json.dumps(body)
            r = c.request(
                method, path, content=content, headers={"content-type": "application/json"}
            )
            assert r.status_code == status, (path, body, r.text)
            assert "error" in r.json()
        assert c.get("/api/imports").json() == {"imported": []}
