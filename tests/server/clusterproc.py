"""A web process or a worker of a test cluster (``test_cluster``), with the test games and
the fake agents: ``python clusterproc.py web --port P`` / ``worker --processes N --name X``.

Both read ``SPELBORD_DATABASE_URL`` and ``SPELBORD_REDIS_URL`` like the real commands
(``spelbord serve --workers 0``, ``spelbord worker``), which they stand for.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import toygame  # noqa: E402,F401  (registers the test games)

from spelbord.server.tables.workers import WorkerConfig  # noqa: E402

WORKERS = WorkerConfig(
    agent_factory="fakeagents:make_agent",
    seat_view="fakeagents:SeatView",
    preload=("toygame",),
    sys_path=(str(HERE),),
    workers=2,
    grace=1.0,
    default_timeout=5.0,
)


def web(port: int) -> None:
    import uvicorn

    from spelbord.server.app import create_app

    app = create_app(
        os.environ["SPELBORD_DATABASE_URL"],
        workers=WORKERS,
        job_workers=0,
        rate_limits=None,
        node_address=f"127.0.0.1:{port}",
    )
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


def worker(processes: int, name: str) -> None:
    from spelbord.server.jobs.worker import run_worker

    asyncio.run(
        run_worker(
            os.environ["SPELBORD_DATABASE_URL"],
            os.environ.get("SPELBORD_REDIS_URL"),
            processes,
            config=WORKERS,
            name=name,
        )
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("role", choices=("web", "worker"))
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--name", default="worker")
    args = parser.parse_args()
    if args.role == "web":
        web(args.port)
    else:
        worker(args.processes, args.name)
