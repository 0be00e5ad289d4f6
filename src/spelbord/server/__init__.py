"""The game table server: lobby, seats, live play, storage, replays, players, tournaments
(FastAPI + SQLAlchemy), in rooms by role.

``app`` wires the services and the routers; ``tables`` (the hub of live tables, one
``LiveTable`` per game, its clocks and AI seats, ``views``: the only place that decides
what a client may see, the store of tables and logs, the agent worker pool, the routes);
``players`` (accounts, ratings); ``tournaments`` (plan, protocol, store, director, views,
routes); ``web`` (pages, rules, study, tools, the lab's list, the catalogue of games,
request guards, rate limits, players' languages, static files); ``db`` (the engine and
the migrations). See ``docs/architecture.md``, "The server".
"""
