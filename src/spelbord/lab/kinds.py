"""Study kinds: a designer's questions, each a study built from a few fields of data.

``spelbord lab run KIND GAME`` runs the kind on any registered game, with the game's own
study of that name when it declares one (``LabData.studies``: its fields below), else
with the defaults. A study file says ``kind = "..."`` and the same fields.

- ``balance``: is the game fair and lively? ``agents`` (random, level:medium; random
  alone in a game without levels): one mirror arm each, seats fixed;
- ``skill``: does more thinking win more? ``agent`` (``mcts:{budget}``), ``base``
  (50it), ``steps`` (5), ``against`` (base, next or round-robin);
- ``variants``: what does a rule change change? ``variants`` (the game's, by name, or
  tables like the game's ``[[variant]]``), ``baseline`` (the first), ``seats`` (random at
  each), ``rotate`` (false);
- ``choices``: what is each choice worth? ``agent`` (level:medium; random in a game
  without levels), ``choices`` (every one the game declares);
- ``dominance``: which plan beats which? ``agents`` (the game's scripted plans).

Every kind also takes ``name``, ``description``, ``games`` (per arm; the default is the
kind's ``Size``: intervals within ±5 points on its headline figure), ``seed``,
``options`` (game options for every arm), ``rules_version``, ``record``.

>>> study = build("skill", _any_game(), {"base": "10it", "steps": 3})
>>> [arm.label for arm in study.arms]
['mcts:20it vs mcts:10it', 'mcts:40it vs mcts:10it']
>>> study.games, study.params["size"]["games"]
(385, 385)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from spelbord.lab.gamedata import LabDataError, Variant, lab_data
from spelbord.lab.sizes import Size
from spelbord.lab.study import (
    NAME,
    RECORDS,
    Study,
    StudyError,
    check_study,
    load_game,
    round_robin,
)

KINDS: dict[str, str] = {
    "balance": "fairness and liveliness: seat win rates, draws, length, branching, drama",
    "skill": "the skill trace: one agent at budgets doubling over 5 steps",
    "variants": "rule variants side by side, every metric with its difference",
    "choices": "what each choice is worth: the agent barred from it against itself",
    "dominance": "which scripted plan beats which, drawn as a graph",
}
"""Every kind, with what it asks."""
_COMMON = {"name", "kind", "description", "games", "seed", "options", "rules_version", "record"}
_FIELDS = {
    "balance": {"agents"},
    "skill": {"agent", "base", "steps", "against"},
    "variants": {"variants", "baseline", "seats", "rotate"},
    "choices": {"agent", "choices"},
    "dominance": {"agents"},
}
Fail = Callable[[str, str], NoReturn]


def _raise(source: str) -> Fail:
    def fail(message: str, key: str) -> NoReturn:
        raise StudyError(f"{source}: {key}: {message}")

    return fail


def build(
    kind: str, game: str, data: Mapping[str, Any], source: str = "", fail: Fail | None = None
) -> Study:
    """The study of ``kind`` on ``game`` from ``data`` (checked; ``StudyError`` naming
    ``source`` and the field)."""
    fail = fail or _raise(source or f"{kind} {game}")
    if kind not in KINDS:
        fail(f"unknown kind {kind!r} (kinds: {', '.join(KINDS)})", "kind")
    for key in data:
        if key not in _COMMON | _FIELDS[kind]:
            fields = ", ".join(sorted(_COMMON | _FIELDS[kind]))
            fail(f"unknown field for a {kind} study (fields: {fields})", key)
    options = dict(_get(data, "options", dict, {}, fail))
    version = _get(data, "rules_version", int, None, fail)
    try:
        seats = load_game(game, options, version).num_players()
    except StudyError as exc:
        fail(str(exc), "options")
    arms, size, params, analyses = _BUILDERS[kind](game, data, options, version, seats, fail)
    name = _get(data, "name", str, f"{kind}-{game}", fail)
    if not NAME.match(name):
        fail("lowercase letters, digits, '-', '_' and '.', at most 64", "name")
    record = tuple(_texts(data, "record", ["facts"], fail))
    for item in record:
        if item not in RECORDS:
            fail(f"unknown record {item!r} (records: {', '.join(RECORDS)})", "record")
    games = _get(data, "games", int, size.games, fail)
    if games < 1:
        fail(f"must be at least 1, got {games}", "games")
    params = {"game": game, **params, "size": size.to_dict()}
    study = Study(
        name=name,
        arms=tuple(arms),
        games=games,
        seed=_get(data, "seed", int, 0, fail),
        description=_get(data, "description", str, KINDS[kind], fail),
        record=record,
        analyses=analyses,
        kind=kind,
        params=params,
    )
    try:
        return check_study(study)
    except StudyError as exc:
        fail(str(exc), "agents")


# ---------------------------------------------------------------------- the kinds
Built = tuple[list[Any], Size, dict[str, Any], tuple[str, ...]]


def _balance(
    game: str, data: Mapping[str, Any], options: dict[str, Any], version: int | None,
    seats: int, fail: Fail,
) -> Built:  # fmt: skip
    from spelbord.lab.study import Arm

    agents = _texts(data, "agents", _unique(["random", _medium(game)]), fail)
    arms = [
        Arm(f"{agent} mirror", game, dict(options), (agent,) * seats, False, version)
        for agent in agents
    ]
    size = Size.share(
        "the first mover's share of decisive games (each seat's win rate in a game "
        "without a first mover)"
    )
    return arms, size, {"agents": agents}, ("seats", "lengths", "endings")


def _skill(
    game: str, data: Mapping[str, Any], options: dict[str, Any], version: int | None,
    seats: int, fail: Fail,
) -> Built:  # fmt: skip
    from spelbord.lab.skill import AGAINST, PLACEHOLDER, budgets, skill_arms

    template = _get(data, "agent", str, "mcts:{budget}", fail)
    base = _get(data, "base", str, "50it", fail)
    steps = _get(data, "steps", int, 5, fail)
    against = _get(data, "against", str, "base", fail)
    if PLACEHOLDER not in template:
        fail(f"an agent spec with {PLACEHOLDER} where the budget goes, got {template!r}", "agent")
    if against not in AGAINST:
        fail(f"one of {', '.join(AGAINST)}, got {against!r}", "against")
    try:
        specs = budgets(template, base, steps)
    except StudyError as exc:
        fail(str(exc), "steps" if "steps" in str(exc) else "base")
    arms = skill_arms(game, options, specs, seats, against, version)
    figure = "each budget's score against " + ("the base" if against == "base" else "its opponent")
    params = {"template": template, "base": base, "steps": steps, "against": against}
    return arms, Size.share(figure), {**params, "specs": specs}, ("lengths",)


def _variants(
    game: str, data: Mapping[str, Any], options: dict[str, Any], version: int | None,
    seats: int, fail: Fail,
) -> Built:  # fmt: skip
    from spelbord.lab.variants import variant_arms

    declared = lab_data(game)
    raw = data.get("variants")
    if raw is None:
        variants = list(declared.variants)
    elif not isinstance(raw, list):
        fail("a list of variant names or tables", "variants")
    else:
        variants = []
        for item in raw:
            try:
                if isinstance(item, str):
                    variants.append(declared.variant(item))
                elif isinstance(item, Mapping):
                    from spelbord.lab.gamedata import parse_lab_data

                    variants.extend(parse_lab_data({"variant": [item]}, "variant").variants)
                else:
                    fail(f"a variant is a name or a table, got {item!r}", "variants")
            except LabDataError as exc:
                fail(str(exc), "variants")
    if len(variants) < 2:
        fail(f"{game} declares {len(variants)} variant(s): compare at least two", "variants")
    if version is not None:
        variants = [
            v if v.rules_version is not None else Variant(v.name, v.description, v.options, version)
            for v in variants
        ]
    names = [v.name for v in variants]
    if len(set(names)) != len(names):
        fail(f"variant names must differ: {names}", "variants")
    baseline = _get(data, "baseline", str, names[0], fail)
    if baseline not in names:
        fail(f"{baseline!r} is none of the variants ({', '.join(names)})", "baseline")
    specs = _texts(data, "seats", ["random"] * seats, fail)
    rotate = _get(data, "rotate", bool, False, fail)
    arms = variant_arms(game, variants, specs, rotate, "variants", options)
    arms.sort(key=lambda a: a.label != baseline)
    params = {
        "baseline": baseline,
        "variants": [v.to_data() for v in variants],
        "seats": specs,
    }
    size = Size.difference(
        "a difference between two variants in a share (win rates, draws, completion)"
    )
    return arms, size, params, ("lengths", "endings")


def _choices(
    game: str, data: Mapping[str, Any], options: dict[str, Any], version: int | None,
    seats: int, fail: Fail,
) -> Built:  # fmt: skip
    from spelbord.lab.choices import choice_arms

    declared = lab_data(game)
    agent = _get(data, "agent", str, _medium(game), fail)
    names = _texts(data, "choices", [c.name for c in declared.choices], fail)
    if not names:
        fail(f"{game} declares no choices to bar (its lab data's [[choice]] tables)", "choices")
    try:
        described = [declared.choice(n) for n in names]
    except LabDataError as exc:
        fail(str(exc), "choices")
    arms = choice_arms(game, options, agent, names, seats, version)
    params = {"agent": agent, "choices": [c.to_data() for c in described]}
    return arms, Size.share("the barred agent's score"), params, ("lengths",)


def _dominance(
    game: str, data: Mapping[str, Any], options: dict[str, Any], version: int | None,
    seats: int, fail: Fail,
) -> Built:  # fmt: skip
    from dataclasses import replace

    agents = _texts(data, "agents", _plans(game), fail)
    if len(agents) <= seats:
        fail(f"a dominance graph needs more than {seats} agents, got {agents}", "agents")
    arms = [replace(a, rules_version=version) for a in round_robin(game, options, agents)]
    return arms, Size.share("each pair's score"), {"agents": agents}, ("win-rates", "lengths")


def _medium(game: str) -> str:
    """``level:medium`` where ``game`` has levels, else ``random`` (an agent that plays it)."""
    from spelbord.ai.levels import levels_of

    return "random" if levels_of(game) is None else "level:medium"


def _unique(specs: list[str]) -> list[str]:
    return list(dict.fromkeys(specs))


def _plans(game: str) -> list[str]:
    from spelbord.ai.scripted import plans_for

    return [f"script:{plan}" for plan in plans_for(game)]


_BUILDERS: dict[str, Callable[..., Built]] = {
    "balance": _balance,
    "skill": _skill,
    "variants": _variants,
    "choices": _choices,
    "dominance": _dominance,
}


# ---------------------------------------------------------------------- lookup
def is_kind(name: str) -> bool:
    return name in KINDS


def game_study(name: str, game: str, games: int | None = None) -> Study | None:
    """The study ``name`` of ``game``: the game's own (``LabData.studies``), else the kind
    ``name`` with its defaults; ``None`` when neither exists. ``games`` overrides the size."""
    from spelbord import games as registry

    if game not in registry.names():
        raise StudyError(f"unknown game {game!r} (games: {', '.join(registry.names())})")
    try:
        declared = lab_data(game).study(name)
    except LabDataError as exc:
        raise StudyError(str(exc)) from None
    if declared is None and name not in KINDS:
        return None
    data = dict(declared or {})
    kind = str(data.get("kind", name))
    data["name"] = f"{name}-{game}"
    if games is not None:
        data["games"] = games
    return build(kind, game, data, source=f"{game}'s study {name!r}")


def listing() -> list[tuple[str, str]]:
    """``(name, one line)`` for every kind and every study a game declares."""
    from spelbord import games as registry

    out = [(f"{kind} GAME", what) for kind, what in KINDS.items()]
    for game in registry.names():
        try:
            studies = lab_data(game).studies
        except LabDataError:
            continue
        for study in studies:
            if study.get("name") in KINDS:
                continue
            out.append((f"{study.get('name')} {game}", str(study.get("description", ""))))
    return out


# ---------------------------------------------------------------------- fields
_KIND_NAMES = {str: "a text", int: "a whole number", bool: "true or false", dict: "a table"}


def _get(data: Mapping[str, Any], key: str, kind: type, default: Any, fail: Fail) -> Any:
    if key not in data:
        return default
    value = data[key]
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        fail(f"must be {_KIND_NAMES[kind]}, got {value!r}", key)
    return value


def _texts(data: Mapping[str, Any], key: str, default: list[str], fail: Fail) -> list[str]:
    value = data.get(key, default)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        fail(f"must be a list of texts, got {value!r}", key)
    return list(value)


def _any_game() -> str:
    """A registered game for the examples."""
    from spelbord import games

    return games.names()[0]
