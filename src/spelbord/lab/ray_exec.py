"""Playing a study's games on Ray: this machine (``auto``) or a cluster (``HOST:PORT``).

Workers pull batches of games (``tasks.play_batch``) and send back rows; the driver keeps
a few batches per CPU in flight and records rows as batches finish. Ray is the optional
extra ``spelbord[lab]``; every worker node needs Spelbord installed (see docs/lab.md).
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Iterator
from typing import Any

from spelbord.lab.study import StudyError
from spelbord.lab.tasks import Executor, Task, play_batch

CONNECT_SECONDS = 5.0
"""How long to wait for a cluster address to answer before giving up."""
BATCHES_PER_CPU = 3
GCS_TRIES = 3
"""Attempts (about a second each) to talk to the cluster once its port answers."""


def ray_executor(address: str, workers: int) -> tuple[Executor, str]:
    """An executor on Ray and a description of where it runs.

    ``auto`` starts Ray on this machine with ``workers`` CPUs (or joins the cluster
    ``RAY_ADDRESS`` names); any other text is a cluster address, ``HOST:PORT`` or
    ``ray://HOST:PORT``, checked to answer within ``CONNECT_SECONDS`` first.
    """
    if address != "auto":
        check_reachable(address)
        # Ray tries a cluster's GCS once a second, 20 times by default (read when ray is
        # imported): give up sooner, so an address where something else answers fails fast
        os.environ.setdefault("RAY_NUM_REDIS_GET_RETRIES", str(GCS_TRIES))
    try:
        import ray
    except ModuleNotFoundError:
        raise StudyError(
            "--ray needs Ray: pip install 'spelbord[lab]' (or leave out --ray to use local "
            "worker processes)"
        ) from None
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address == "auto":
            kwargs["num_cpus"] = workers
        else:
            kwargs["address"] = address
        try:
            ray.init(logging_level=logging.ERROR, **kwargs)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise StudyError(f"cannot start or join Ray at {address!r}: {exc}") from None
    cpus = max(1, int(ray.cluster_resources().get("CPU", workers)))
    remote = ray.remote(num_cpus=1)(play_batch)

    def run(todo: list[Task]) -> Iterator[dict[str, Any]]:
        size = max(1, min(8, len(todo) // (cpus * BATCHES_PER_CPU * 2) or 1))
        batches = [todo[i : i + size] for i in range(0, len(todo), size)]
        pending: list[Any] = []
        queue = iter(batches)
        for batch in queue:
            pending.append(remote.remote(batch))
            if len(pending) >= cpus * BATCHES_PER_CPU:
                break
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(ready[0])
            nxt = next(queue, None)
            if nxt is not None:
                pending.append(remote.remote(nxt))

    return run, f"ray at {address} ({cpus} CPUs)"


def check_reachable(address: str) -> None:
    """``StudyError`` unless something answers at ``address`` within ``CONNECT_SECONDS``."""
    hostport = address.removeprefix("ray://")
    host, sep, port = hostport.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise StudyError(f"a Ray address is auto, HOST:PORT or ray://HOST:PORT, got {address!r}")
    try:
        with socket.create_connection((host, int(port)), timeout=CONNECT_SECONDS):
            pass
    except OSError as exc:
        raise StudyError(
            f"cannot reach the Ray cluster at {address} within {CONNECT_SECONDS:g} s "
            f"({exc.strerror or exc}); is `ray start --head` running there?"
        ) from None
