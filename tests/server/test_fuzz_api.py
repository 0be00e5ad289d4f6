"""API fuzzing from the app's own OpenAPI schema (schemathesis): no input gives a 500.

Every route is called with generated paths, queries and JSON bodies, valid for the schema
and not; each answer must be a deliberate one (2xx or 4xx), never a server error.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
import schemathesis
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
