"""Every Spelbord game as an OpenSpiel Python game (``pip install 'spelbord[openspiel]'``).

Importing this module registers ``spelbord_<name>`` for every game with ``pyspiel``; its
parameters are the game's options plus ``rules_version`` and, for games with simultaneous
nodes, ``turn_based`` (play them one seat after the other, for sequential-only algorithms):

>>> import pyspiel
>>> import spelbord.interop.openspiel
>>> game = pyspiel.load_game("spelbord_coerceo", {"variant": "ocius"})
>>> game.num_players(), game.num_distinct_actions(), game.get_type().dynamics.name
(2, 798, 'SEQUENTIAL')
>>> state = game.new_initial_state()
>>> len(state.observation_tensor(0)) == game.observation_tensor_size()
True

The states wrap Spelbord states (``state.spelbord``); every rule, every legality check and
the chance probabilities are the game's own. Strings and tensors are built from
``observation(seat)`` only, so nothing hidden from a seat reaches it:

- ``observation_string(p)``: the game's text view for seat ``p``;
- ``observation_tensor(p)``: the game's encoder (``spelbord.interop.encoding``);
- ``information_state_string(p)``: every earlier move as ``p`` saw it (the notation when
  the rules show it to ``p``, else ``?``) and then ``observation_string(p)``;
- ``information_state_tensor(p)``: the observation tensor (a fixed-size summary of the
  current view; the information-state *string* is the one with perfect recall).

``serialize()`` writes the Spelbord JSON of the state; ``game.deserialize_state`` reads
it back (and, like OpenSpiel's default, also accepts one action per line).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel

from spelbord.core.errors import IllegalActionError, SpelbordError, StateFormatError
from spelbord.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Game, State
from spelbord.core.info import GameInfo
from spelbord.core.registry import game_class
from spelbord.interop.encoding import Encoder, encoder_for

PREFIX = "spelbord_"
PENDING = "pending"
RULES_VERSION = "rules_version"
TURN_BASED = "turn_based"

_PLAYER_IDS = {
    CHANCE: pyspiel.PlayerId.CHANCE,
    SIMULTANEOUS: pyspiel.PlayerId.SIMULTANEOUS,
    TERMINAL: pyspiel.PlayerId.TERMINAL,
}


class OpenSpielAdapterError(SpelbordError):
    """A request the OpenSpiel adapter cannot serve (an unknown game or parameter)."""


def short_name(name: str) -> str:
    """The OpenSpiel name of a Spelbord game: ``spelbord_<name>``."""
    return PREFIX + name


def parameters(info: GameInfo) -> dict[str, Any]:
    """The OpenSpiel parameters of a game and their defaults: its options,
    ``rules_version``, and ``turn_based`` for games with simultaneous nodes."""
    params: dict[str, Any] = {opt.name: opt.default for opt in info.options}
    params[RULES_VERSION] = info.version
    if info.simultaneous:
        params[TURN_BASED] = False
    return params


def game_type(info: GameInfo, turn_based: bool = False) -> pyspiel.GameType:
    """OpenSpiel's description of a game, from its ``GameInfo``.

    Two-seat games are zero-sum (their returns are +1/-1, 0/0, or a margin and its
    negation); games with more seats are general-sum. Rewards come only at the end.
    ``turn_based``: simultaneous nodes are played one seat after the other (sequential
    dynamics, imperfect information: a seat does not see the choices made before it).
    """
    simultaneous = info.simultaneous and not turn_based
    perfect = info.information == "perfect" and not info.simultaneous
    return pyspiel.GameType(
        short_name=short_name(info.name),
        long_name=f"Spelbord {info.title}",
        dynamics=(
            pyspiel.GameType.Dynamics.SIMULTANEOUS
            if simultaneous
            else pyspiel.GameType.Dynamics.SEQUENTIAL
        ),
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info.chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if info.max_seats == 2
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_seats,
        min_num_players=info.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameters(info),
    )


def game_info(game: Game, turn_based: bool = False) -> pyspiel.GameInfo:
    """OpenSpiel's numbers of one game with its options (returns lie in [-1, 1])."""
    info = game.info
    per_node = game.num_players() if turn_based else 1
    zero_sum = info.max_seats == 2
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions(),
        max_chance_outcomes=info.max_chance_outcomes,
        num_players=game.num_players(),
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if zero_sum else None,
        max_game_length=game.max_game_length() * per_node,
    )


def spelbord_game(name: str, params: dict[str, Any] | None) -> Game:
    """The Spelbord game behind ``spelbord_<name>`` with OpenSpiel ``params``."""
    options = dict(params or {})
    version = options.pop(RULES_VERSION, None)
    options.pop(TURN_BASED, None)
    try:
        return game_class(name)(rules_version=version, **options)
    except SpelbordError as exc:
        raise OpenSpielAdapterError(f"{short_name(name)}: {exc}") from None


class SpelbordOpenSpielGame(pyspiel.Game):
    """An OpenSpiel game wrapping one Spelbord ``Game`` (made by ``pyspiel.load_game``)."""

    spelbord_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = game_class(self.spelbord_name).info
        merged = {**parameters(info), **(params or {})}
        turn_based = merged.get(TURN_BASED, False)
        if not isinstance(turn_based, bool):
            raise OpenSpielAdapterError(f"{TURN_BASED} takes true or false; got {turn_based!r}")
        self.spelbord: Game = spelbord_game(self.spelbord_name, merged)
        self.turn_based: bool = turn_based
        super().__init__(game_type(info, turn_based), game_info(self.spelbord, turn_based), merged)
        self.encoder: Encoder = encoder_for(self.spelbord)

    def new_initial_state(self) -> SpelbordOpenSpielState:
        return SpelbordOpenSpielState(self, self.spelbord.new_initial_state())

    # The encoder knows its shape; OpenSpiel would otherwise encode an initial state to
    # learn it, on every call of ``observation_tensor``.
    def observation_tensor_shape(self) -> list[int]:
        return [self.encoder.size]

    def observation_tensor_size(self) -> int:
        return self.encoder.size

    def information_state_tensor_shape(self) -> list[int]:
        return [self.encoder.size]

    def information_state_tensor_size(self) -> int:
        return self.encoder.size

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> SpelbordObserver:
        if params:
            raise OpenSpielAdapterError(f"observer parameters are not supported: {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SpelbordObserver(self.encoder, perfect_recall=recall)

    def deserialize_state(self, text: str) -> SpelbordOpenSpielState:
        """A state from ``serialize()`` (Spelbord JSON) or from one action per line."""
        stripped = text.strip()
        if stripped.startswith("{"):
            try:
                data = json.loads(stripped)
            except json.JSONDecodeError as exc:
                raise StateFormatError(f"not a JSON state: {exc}") from None
            if PENDING not in data:
                return SpelbordOpenSpielState(self, self.spelbord.from_json(stripped))
            inner = self.spelbord.from_json(json.dumps(data["state"]))
            state = SpelbordOpenSpielState(self, inner)
            for action in data[PENDING]:
                state.apply_action(int(action))
            return state
        state = self.new_initial_state()
        try:
            lines = [int(line) for line in stripped.split("\n") if line.strip()]
        except ValueError:
            raise StateFormatError("not a state: neither JSON nor one action per line") from None
        i = 0
        while i < len(lines):
            if state.is_simultaneous_node():
                n = self.num_players()
                state.apply_actions(lines[i : i + n])
                i += n
            else:
                state.apply_action(lines[i])
                i += 1
        return state


class SpelbordOpenSpielState(pyspiel.State):
    """An OpenSpiel state wrapping a Spelbord state (``self.spelbord``)."""

    def __init__(self, game: SpelbordOpenSpielGame, inner: State) -> None:
        super().__init__(game)
        self._box = _Box(inner, game)
        # Replay what happened before ``inner``: OpenSpiel keeps its own history.
        if inner.move_number():
            self.spelbord = game.spelbord.new_initial_state()
            for move in inner.history():
                if isinstance(move, int):
                    self.apply_action(move)
                elif game.turn_based:
                    for action in move:
                        self.apply_action(action)
                else:
                    self.apply_actions(list(move))
            self.spelbord = inner

    @property
    def spelbord(self) -> State:
        """The Spelbord state behind this one."""
        return self._box.inner

    @spelbord.setter
    def spelbord(self, inner: State) -> None:
        self._box.inner = inner

    # ---------------------------------------------------------------- the protocol
    def current_player(self) -> int:
        player = self.spelbord.current_player()
        if player >= 0:
            return player
        if player == SIMULTANEOUS and self._box.game.turn_based:
            return len(self._box.pending)
        return _PLAYER_IDS[player]

    @property
    def pending(self) -> list[int]:
        """Turn-based play: the actions chosen so far at this simultaneous node (seat 0
        first); they are applied together when the last seat has chosen."""
        return list(self._box.pending)

    def _legal_actions(self, player: int) -> list[int]:
        inner = self.spelbord
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            # OpenSpiel's flat joint actions: a mixed-radix number over each seat's
            # legal actions (``FlatJointActionToActions``), seat 0 least significant.
            total = 1
            for seat in range(inner.num_players()):
                total *= max(1, len(inner.legal_actions(seat)))
            return list(range(total))
        if player == pyspiel.PlayerId.CHANCE:
            return [a for a, _ in inner.chance_outcomes()]
        return inner.legal_actions(player)

    # Python callers reach these without a round trip through C++ (same results as the
    # ``pyspiel.State`` methods, which C++ callers keep using).
    def legal_actions(self, player: int | None = None) -> list[int]:
        inner = self.spelbord
        current = inner.current_player()
        if current == TERMINAL:
            return []
        if current == CHANCE:  # pyspiel lists the outcomes whoever asks
            return [a for a, _ in inner.chance_outcomes()]
        if current == SIMULTANEOUS and self._box.game.turn_based:
            seat = len(self._box.pending)
            return inner.legal_actions(seat) if player is None or player == seat else []
        if player is None or player == current:
            if current >= 0:
                return inner.legal_actions(current)
            return self._legal_actions(pyspiel.PlayerId.SIMULTANEOUS)
        if current == SIMULTANEOUS and 0 <= player < inner.num_players():
            if self._box.game.turn_based and player != len(self._box.pending):
                return []
            return inner.legal_actions(player)
        return []

    def is_chance_node(self) -> bool:
        return self.spelbord.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        return self.spelbord.current_player() == SIMULTANEOUS and not self._box.game.turn_based

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.spelbord.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        inner = self.spelbord
        if inner.current_player() != SIMULTANEOUS:
            inner.apply_action(int(action))
            return
        box = self._box
        if box.game.turn_based:
            seat = len(box.pending)
            if int(action) not in inner.legal_actions(seat):
                raise IllegalActionError(f"action {action!r} is not legal for seat {seat} here")
            box.pending.append(int(action))
            if len(box.pending) == inner.num_players():
                joint, box.pending = box.pending, []
                inner.apply_actions(joint)
            return
        # A flat joint action (as listed by ``legal_actions()`` at a simultaneous node).
        flat, joint = int(action), []
        if not 0 <= flat < len(self._legal_actions(pyspiel.PlayerId.SIMULTANEOUS)):
            raise OpenSpielAdapterError(f"{flat} is not a legal flat joint action here")
        for seat in range(inner.num_players()):
            legal = inner.legal_actions(seat)
            flat, index = divmod(flat, max(1, len(legal)))
            joint.append(legal[index])
        inner.apply_actions(joint)

    def _apply_actions(self, actions: Sequence[int]) -> None:
        self.spelbord.apply_actions([int(a) for a in actions])

    def _action_to_string(self, player: int, action: int) -> str:
        return self.spelbord.action_to_string(int(action), player)

    def is_terminal(self) -> bool:
        return self.spelbord.is_terminal()

    def returns(self) -> list[float]:
        return self.spelbord.returns()

    def rewards(self) -> list[float]:
        return self.spelbord.returns()

    # ``pyspiel`` would build these through the observer, encoding an initial state first
    # to learn the size; Python callers get the same values directly.
    def observation_tensor(self, player: int | None = None) -> list[float]:
        seat = self.current_player() if player is None else player
        self._check_player(seat)
        return self._box.game.encoder.encode(self.spelbord.observation(seat), seat).tolist()

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self.observation_tensor(player)

    def observation_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        self._check_player(seat)
        return _observation_string(self, seat)

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        self._check_player(seat)
        return _info_string(self, seat)

    def _check_player(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.num_players():
            raise OpenSpielAdapterError(f"no player {seat!r} to observe for")

    def serialize(self) -> str:
        """The Spelbord JSON of the state (with the pending choices, if any)."""
        if not self._box.pending:
            return self.spelbord.to_json()
        return json.dumps({"state": self.spelbord.to_dict(), PENDING: self._box.pending})

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one (the game's ``resample``).

        In turn-based play the choices other seats made before it at this simultaneous
        node are hidden from it, so they are drawn afresh (uniformly among legal ones).
        """
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else None
        rng = random.Random(seed)
        inner = self.spelbord.resample(player_id, rng)
        twin = SpelbordOpenSpielState(self._box.game, inner)
        for seat, action in enumerate(self._box.pending):
            twin.apply_action(
                action if seat == player_id else rng.choice(inner.legal_actions(seat))
            )
        return twin

    def __str__(self) -> str:
        return str(self.spelbord)

    # ---------------------------------------------------------------- what a seat sees
    def seen_history(self, seat: int) -> list[str]:
        """Every move so far as ``seat`` saw it: the notation if shown to it, else ``?``.

        Perfect-information games show every action (as its id). Otherwise the history is
        walked once per line of play and remembered (clones share it until they differ).
        """
        inner = self.spelbord
        if inner.game.info.information == "perfect":
            return [_move_text(move) for move in inner.history()]
        return self._box.trail_for(inner).seen[seat][: inner.move_number()]


class _Trail:
    """A walk through a history and, per seat, how each move looked to that seat."""

    __slots__ = ("seen", "walk")

    def __init__(self, walk: State, seen: list[list[str]]) -> None:
        self.walk = walk
        self.seen = seen

    def copy(self) -> _Trail:
        return _Trail(self.walk.clone(), [list(s) for s in self.seen])

    def extend(self, history: list[int | tuple[int, ...]]) -> None:
        walk = self.walk
        seats = range(walk.num_players())
        for move in history[walk.move_number() :]:
            player = walk.current_player()
            if isinstance(move, int):
                text = walk.action_to_string(move, player)
                for seat in seats:
                    shown = walk.action_visible_to(player, move, seat)
                    self.seen[seat].append(text if shown else "?")
                walk.apply_action(move)
            else:
                texts = [walk.action_to_string(a, p) for p, a in enumerate(move)]
                for seat in seats:
                    parts = [
                        texts[p] if walk.action_visible_to(p, a, seat) else "?"
                        for p, a in enumerate(move)
                    ]
                    self.seen[seat].append(" | ".join(parts))
                walk.apply_actions(list(move))


class _Box:
    """Holds the wrapped state: OpenSpiel clones a Python state by deep-copying its
    ``__dict__``, and this makes that a cheap ``State.clone`` (the game is shared; the
    trail of seen moves is shared until one of the two needs to extend it)."""

    __slots__ = ("game", "inner", "pending", "shared", "trail")

    def __init__(self, inner: State, game: SpelbordOpenSpielGame) -> None:
        self.inner = inner
        self.game = game
        self.pending: list[int] = []
        self.trail: _Trail | None = None
        self.shared = False

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        twin = _Box(self.inner.clone(), self.game)
        twin.pending = list(self.pending)
        if self.trail is not None:
            twin.trail, twin.shared, self.shared = self.trail, True, True
        return twin

    def trail_for(self, inner: State) -> _Trail:
        """The trail up to ``inner``'s move (built or extended as needed)."""
        history = inner.history()
        trail = self.trail
        if trail is None or trail.walk.move_number() > len(history):
            n = inner.num_players()
            trail = _Trail(inner.game.new_initial_state(), [[] for _ in range(n)])
        elif self.shared and trail.walk.move_number() < len(history):
            trail = trail.copy()
        else:
            self.trail = trail
            trail.extend(history)
            return trail
        self.trail, self.shared = trail, False
        trail.extend(history)
        return trail


def _move_text(move: int | tuple[int, ...]) -> str:
    return str(move) if isinstance(move, int) else ",".join(map(str, move))


class SpelbordObserver:
    """OpenSpiel's ``PyObserver`` for a Spelbord game: tensors and strings of one seat."""

    def __init__(self, encoder: Encoder, *, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = encoder.views(self.tensor)

    def set_from(self, state: SpelbordOpenSpielState, player: int) -> None:
        self.encoder.encode(state.spelbord.observation(player), player, out=self.tensor)

    def string_from(self, state: SpelbordOpenSpielState, player: int) -> str:
        if self.perfect_recall:
            return _info_string(state, player)
        return _observation_string(state, player)


def _info_string(state: SpelbordOpenSpielState, seat: int) -> str:
    """The moves as ``seat`` saw them (a JSON list), a newline, its observation string."""
    return json.dumps(state.seen_history(seat)) + "\n" + _observation_string(state, seat)


def _observation_string(state: SpelbordOpenSpielState, seat: int) -> str:
    """The seat's observation string, and in turn-based play its own pending choice."""
    view = state.spelbord.observation_string(seat)
    pending = state._box.pending
    if seat < len(pending):
        view += "\nchosen: " + state.spelbord.action_to_string(pending[seat], seat)
    return view


def _register(name: str) -> None:
    cls = type(
        f"Spelbord{name.title()}OpenSpielGame",
        (SpelbordOpenSpielGame,),
        {"spelbord_name": name, "__doc__": f"Spelbord's {name} as an OpenSpiel game."},
    )
    cls.__module__ = __name__
    globals()[cls.__name__] = cls  # OpenSpiel pickles games by their class's name
    pyspiel.register_game(game_type(game_class(name).info), cls)


def register_all() -> list[str]:
    """Register every Spelbord game not yet known to ``pyspiel``; their OpenSpiel names.

    These are the registered games with a tensor encoder (their ``encoder`` extra); games
    without one (test doubles) are left out. Call it again after registering a game.
    """
    from spelbord import games

    known = set(pyspiel.registered_names())
    with_encoder = games.games_with("encoder")
    for name in with_encoder:
        if short_name(name) not in known:
            _register(name)
    return [short_name(name) for name in with_encoder]


GAMES = register_all()
