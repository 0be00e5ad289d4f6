"""The FastAPI application, wired: the services of one server and the routers of each role.

``create_app`` opens the database (running the migrations to ``head``), builds the
services (the message bus, the job queue of the worker tier and, in the embedded mode,
a worker inside this process; the hub of live tables; the players, the tournament
director, the rate limits; this process's part of a cluster), keeps them on
``app.state`` (the routes get them as FastAPI dependencies) and includes the routers of
/work/server-contract.md: ``players.routes``, ``tournaments.routes``, ``web.catalogue``,
``tables.routes`` and the web pages (``web.pages``, ``web.lab``, ``web.study``,
``web.tools``), then the static files.

Every error a client can cause is answered as ``{"error": "...", "message": "..."}`` with a
4xx status (on a WebSocket: ``{"type": "error", "message": "...", "text": "..."}``) and
changes nothing: ``error`` (WebSocket: ``message``) is the stable English text, ``message``
(WebSocket: ``text``) the same in the player's language (``messages.connection_language``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import logging
import os
from collections.abc import AsyncIterator, Iterable

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from spelbord.core.errors import SpelbordError
from spelbord.server.cluster.bus import REDIS_ENV, bus_from_env
from spelbord.server.cluster.node import Node, leader_of
from spelbord.server.cluster.store import ClusterStore
from spelbord.server.config import resolve_database_url
from spelbord.server.db import open_engine
from spelbord.server.errors import status_of
from spelbord.server.jobs.client import Jobs
from spelbord.server.jobs.runner import JobRunner, RunnerConfig
from spelbord.server.jobs.store import JobStore
from spelbord.server.players import routes as player_routes
from spelbord.server.players.accounts import Accounts
from spelbord.server.players.routes import Players
from spelbord.server.tables import routes as table_routes
from spelbord.server.tables.hub import Hub, HubConfig
from spelbord.server.tables.imports import Importer, ImportLimits
from spelbord.server.tables.protocol import MAX_MESSAGE, MAX_RECORD
from spelbord.server.tables.store import Store
from spelbord.server.tables.workers import AgentPool, WorkerConfig
from spelbord.server.tournaments import routes as tournament_routes
from spelbord.server.tournaments.director import Director
from spelbord.server.web import catalogue, lab, pages, study, tools
from spelbord.server.web.guards import (
    BodyLimit,
    HostCheck,
    OriginCheck,
    allowed_hosts_from_env,
    allowed_origins_from_env,
)
from spelbord.server.web.messages import connection_language, error_body
from spelbord.server.web.ratelimit import Limiter, RateLimits

log = logging.getLogger(__name__)

ROUTERS = (
    player_routes.router,
    tournament_routes.router,
    catalogue.router,
    table_routes.router,
    pages.router,
    lab.router,
    study.router,
    tools.router,
)
"""Every route of the server, in the order they are matched."""


def create_app(
    database_url: str | None = None,
    *,
    workers: WorkerConfig | None = None,
    pool: AgentPool | None = None,
    hub_config: HubConfig | None = None,
    rate_limits: RateLimits | str | None = "env",
    allowed_origins: Iterable[str] | str | None = "env",
    allowed_hosts: Iterable[str] | str | None = "env",
    api_docs: bool | str = "env",
    import_limits: ImportLimits | str | None = "env",
    tournament_tick: float = 1.0,
    redis_url: str | None = "env",
    job_workers: int | None = None,
    runner: RunnerConfig | None = None,
    node_address: str | None = None,
) -> FastAPI:
    """The table server on ``database_url`` (default: the embedded SQLite file).

    ``redis_url``: the bus between the processes of a cluster (default:
    ``$SPELBORD_REDIS_URL``; none: this process alone). ``job_workers``: agent processes
    of the worker inside this process (default: ``$SPELBORD_WORKERS``, else the
    ``WorkerConfig``'s; 0: jobs are left to ``spelbord worker`` processes); ``runner``:
    its leases and the per-client cap (default: ``RunnerConfig.from_env``).

    ``rate_limits``: per-client limits (``None``: none; default: ``RateLimits.from_env``);
    ``allowed_origins``: sites besides the server's own that may change state and open
    sockets (default: ``$SPELBORD_ALLOWED_ORIGINS``); ``allowed_hosts``: the hosts it
    answers (``Host`` header; default: ``$SPELBORD_ALLOWED_HOSTS``, else every host: an app
    built here without a served host, as the tests do; ``spelbord serve`` always passes the
    served host and localhost, ``guards.served_hosts``); ``api_docs``: whether ``/docs``,
    ``/redoc`` and ``/openapi.json`` are served (default: yes, unless
    ``$SPELBORD_API_DOCS`` is ``off``); ``import_limits``: the records and bytes one
    address may import (``None``: no bound; default: ``ImportLimits.from_env``);
    ``tournament_tick``: seconds between the
    tournament director's rounds of checks.
    """
    _load_games()
    engine = open_engine(resolve_database_url(database_url))
    redis = (os.environ.get(REDIS_ENV) or None) if redis_url == "env" else redis_url
    bus = bus_from_env(redis)
    config = workers or WorkerConfig.from_env()
    if job_workers is None:
        job_workers = int(os.environ.get("SPELBORD_WORKERS", config.workers))
    agent_pool = pool or AgentPool(dataclasses.replace(config, workers=max(1, job_workers)))
    hub = Hub(Store(engine), agent_pool, hub_config or HubConfig.from_env())
    job_store = JobStore(engine)
    jobs = Jobs(
        job_store, bus, hub.db, cap=config.max_seconds, poll=0.25 if not bus.shared else 1.0
    )
    hub.thinker = jobs
    worker = (
        JobRunner(
            job_store,
            agent_pool,
            bus,
            hub.db,
            dataclasses.replace(runner or RunnerConfig.from_env(), slots=job_workers),
            name=f"embedded:{os.getpid()}:{id(hub):x}",
        )
        if job_workers > 0
        else None
    )
    node = Node(hub, ClusterStore(engine), bus, address=node_address)
    players = Players(hub, Accounts(engine))
    director = Director(hub, tick_seconds=tournament_tick)
    director.leader = leader_of(node)
    limits = RateLimits.from_env() if isinstance(rate_limits, str) else rate_limits
    origins = allowed_origins_from_env() if isinstance(allowed_origins, str) else allowed_origins
    hosts = allowed_hosts_from_env() if isinstance(allowed_hosts, str) else allowed_hosts
    docs = api_docs_from_env() if isinstance(api_docs, str) else api_docs

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await bus.start()  # an unreachable Redis stops the start here, naming it
        await node.start()
        jobs.start()
        if worker is not None:
            worker.start()
        hub.start()
        director.start()  # tournaments run themselves
        try:
            yield
        finally:
            await director.close()
            await node.close()  # drain: the tables' clients move to the other processes
            if worker is not None:
                await worker.close()
            await jobs.close()
            await hub.close()
            await bus.close()
            engine.dispose()

    app = FastAPI(
        title="Spelbord",
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url="/redoc" if docs else None,
        openapi_url="/openapi.json" if docs else None,
    )
    app.state.hub = hub
    app.state.importer = Importer(
        hub.store,
        ImportLimits.from_env() if isinstance(import_limits, str) else import_limits,
        hub.db,
    )
    app.state.jobs = jobs
    app.state.worker = worker
    app.state.bus = bus
    app.state.node = node
    app.state.players = players
    app.state.table_hooks = players  # rated tables, who sat where (tables.routes.TableHooks)
    app.state.director = director
    app.state.limiter = Limiter(limits)
    app.add_middleware(BodyLimit, limit=MAX_MESSAGE, limits={"/api/import": MAX_RECORD})
    app.add_middleware(OriginCheck, allowed=origins)
    if hosts is not None:
        app.add_middleware(HostCheck, allowed=hosts)  # outermost: checked first
    _answer_errors(app)
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=pages.STATIC, check_dir=False), name="static")
    return app


API_DOCS_ENV = "SPELBORD_API_DOCS"


def api_docs_from_env() -> bool:
    """Whether the API's docs are served: yes unless ``SPELBORD_API_DOCS`` says off."""
    return os.environ.get(API_DOCS_ENV, "on").strip().lower() not in ("off", "0", "no", "false")


def _load_games() -> None:
    try:
        importlib.import_module("spelbord.games")
    except Exception:
        log.exception("some games could not be loaded")


def _answer_errors(app: FastAPI) -> None:
    """Errors as the API answers them (``messages.error_body``), in the client's language."""

    @app.exception_handler(SpelbordError)
    async def on_error(request: Request, exc: SpelbordError) -> JSONResponse:
        body = error_body(str(exc), connection_language(request))
        retry = getattr(exc, "retry_after", None)  # 429s say when to come back
        headers = {"Retry-After": str(retry)} if isinstance(retry, int) else None
        return JSONResponse(body, status_code=status_of(exc), headers=headers)

    @app.exception_handler(Exception)
    async def on_crash(request: Request, exc: Exception) -> JSONResponse:
        log.error("request failed", exc_info=exc)
        body = error_body("server error: nothing changed", connection_language(request))
        return JSONResponse(body, status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def on_http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        body = error_body(str(exc.detail), connection_language(request))
        return JSONResponse(body, status_code=exc.status_code)
