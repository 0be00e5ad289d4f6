"""A game in the terminal: people at one keyboard and agents, one ``State`` between them.

The session reads every human decision as notation from a text stream (stdin in real use,
a script in tests) and writes everything to another. Agents see their seat only through
``spelbord.ai.SeatView``. In a hidden-information game the board a person is shown is
their seat's ``observation``, a move's notation is printed only when the game lets every
person at the keyboard see it (``State.action_visible_to``), and the full position
(``str(state)``) appears only once the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

from spelbord.cli.common import CliError, describe_options
from spelbord.core.chance import sample_outcome
from spelbord.core.errors import IllegalActionError, NotationError
from spelbord.core.game import CHANCE, SIMULTANEOUS, Game, State
from spelbord.core.outcome import Outcome

HUMAN = "human"
HINT_COUNT = 12
CLEAR_SCREEN = "\x1b[2J\x1b[H"

HELP = """\
commands:
  <notation>     play that move (as listed by ?)
  ? | hints      list every legal move
  board          show the board again
  resign         give up the game (your seat, and its team, lose)
  quit           stop without a result
  help           this text"""


class Agent(Protocol):
    """What the session needs from an agent: one action for the seat of the view."""

    def step(self, view: Any) -> int: ...


AgentFactory = Callable[[str, int], Agent]
ViewFactory = Callable[[State, int], Any]


@dataclass(frozen=True)
class Players:
    """Who sits where: ``human`` or an agent spec per seat, with the seed of everything."""

    seats: tuple[str, ...]
    seed: int

    def humans(self) -> list[int]:
        return [seat for seat, spec in enumerate(self.seats) if spec == HUMAN]


class _Resign(Exception):
    """A person resigned their seat."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


class _Quit(Exception):
    """A person stopped the session."""


class EndOfInput(CliError):
    """The input ended before the game did."""


class TerminalSession:
    """Plays one game to its end, a resignation, or ``quit``.

    ``agents`` builds an agent from (spec, seed); ``view`` wraps (state, seat) for it.
    """

    def __init__(
        self,
        game: Game,
        players: Players,
        agents: AgentFactory,
        view: ViewFactory,
        inp: TextIO,
        out: TextIO,
    ) -> None:
        if len(players.seats) != game.num_players():
            raise CliError(f"{game.name} has {game.num_players()} seats, got {players.seats}")
        self.game = game
        self.players = players
        self.inp = inp
        self.out = out
        self.view = view
        master = random.Random(players.seed)
        self.chance_rng = random.Random(master.getrandbits(64))
        agent_seeds = [master.randrange(2**31) for _ in players.seats]
        self.agents: dict[int, Agent] = {
            seat: agents(spec, agent_seeds[seat])
            for seat, spec in enumerate(players.seats)
            if spec != HUMAN
        }
        self.state = game.new_initial_state()
        self.perfect = game.info.information == "perfect"
        self.humans = players.humans()
        self.echo = not _is_tty(inp)
        self._last_viewer: int | None = None
        self._last_board = ""

    # ------------------------------------------------------------------ output
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def name(self, seat: int) -> str:
        spec = self.players.seats[seat]
        return f"seat {seat}" if spec == HUMAN else f"seat {seat} ({spec})"

    def board_for(self, seat: int | None) -> str:
        """What ``seat`` may see (``None``: a spectator), drawn by the game."""
        return self.state.observation_string(seat)

    def show_board(self, seat: int | None) -> None:
        self._last_board = self.board_for(seat)
        self.say()
        self.say(self._last_board)
        self.say()

    # ------------------------------------------------------------------ the game loop
    def run(self) -> Outcome | None:
        """Play until the end; the outcome, or ``None`` when someone typed ``quit``."""
        seats = ", ".join(f"seat {s} {spec}" for s, spec in enumerate(self.players.seats))
        self.say(f"{describe_options(self.game)}: {seats}; seed {self.players.seed}")
        teams = self.game.teams()
        if any(len(team) > 1 for team in teams):
            self.say("teams: " + " v ".join("+".join(str(s) for s in team) for team in teams))
        if self.humans:
            self.say("type ? for the legal moves, help for the commands")
        try:
            while not self.state.is_terminal():
                self.step()
        except _Resign as resigned:
            outcome = self.resignation(resigned.seat)
            self.finish(outcome, f"{self.name(resigned.seat)} resigns")
            return outcome
        except _Quit:
            self.say(f"game stopped after ply {self.state.move_number()}, no result")
            return None
        final = self.state.outcome()
        assert final is not None
        self.finish(final, None)
        return final

    def step(self) -> None:
        """Advance by one node: a chance event, one seat's move, or a simultaneous round."""
        player = self.state.current_player()
        if player == CHANCE:
            action = sample_outcome(self.state.chance_outcomes(), self.chance_rng)
            text = self.public_text(CHANCE, action)
            self.state.apply_action(action)
            self.say(f"chance: {text}" if text else "chance event")
        elif player == SIMULTANEOUS:
            self.simultaneous()
        else:
            self.single(player)

    def single(self, seat: int) -> None:
        if seat in self.agents:
            action = self.agent_action(seat)
            text = self.public_text(seat, action)
            self.state.apply_action(action)
            self.say(f"{self.name(seat)}: {text}" if text else f"{self.name(seat)} moved")
            if not self.humans:
                self.show_board(None)
            return
        self.hand_over(seat)
        self.show_board(seat)
        self.say(f"ply {self.state.move_number() + 1}: {self.name(seat)} to play")
        while True:
            action = self.ask(seat)
            text = self.state.action_to_string(action, seat)
            try:
                self.state.apply_action(action)
            except IllegalActionError as exc:
                self.say(f"error: {exc}")
                continue
            self.say(f"{self.name(seat)}: {text}")  # the mover may always see its own move
            return

    def simultaneous(self) -> None:
        """Every seat decides in secret: people one after another, agents on their own."""
        joint: list[int] = []
        for seat in range(self.state.num_players()):
            if seat in self.agents:
                joint.append(self.agent_action(seat))
                continue
            self.hand_over(seat)
            self.show_board(seat)
            self.say(f"ply {self.state.move_number() + 1}: {self.name(seat)}, choose in secret")
            joint.append(self.ask(seat))
        texts = [self.public_text(seat, action) for seat, action in enumerate(joint)]
        self.state.apply_actions(joint)
        if any(texts):
            self.say("; ".join(f"{self.name(s)}: {t or '(secret)'}" for s, t in enumerate(texts)))
        else:
            self.say("every seat has chosen")

    def public_text(self, player: int, action: int) -> str | None:
        """The notation of ``action`` (not yet taken) if every person here may see it.

        The game decides (``State.action_visible_to``, as for the web table's move list);
        with nobody at the keyboard, agents play for an onlooker who sees everything.
        """
        viewers = self.humans
        if not all(self.state.action_visible_to(player, action, v) for v in viewers):
            return None
        return self.state.action_to_string(action, player)

    def agent_action(self, seat: int) -> int:
        if self.humans:
            self.say(f"{self.name(seat)} is thinking ...")
        action = self.agents[seat].step(self.view(self.state, seat))
        if action not in self.state.legal_actions(seat):
            raise CliError(f"{self.name(seat)} chose {action!r}, which is not a legal action")
        return action

    # ------------------------------------------------------------------ people
    def hand_over(self, seat: int) -> None:
        """Between two people at one keyboard, hide one's secrets from the other."""
        private = not self.perfect or self.state.is_simultaneous_node()
        previous, self._last_viewer = self._last_viewer, seat
        if not private or len(self.humans) < 2 or previous in (None, seat):
            return
        if _is_tty(self.out):
            self.out.write(CLEAR_SCREEN)
        else:
            self.say("warning: the screen cannot be cleared; look away, seat " + str(previous))
        self.say(f"pass the keyboard to {self.name(seat)} and press Enter")
        self.read_line()
        if _is_tty(self.out):
            self.out.write(CLEAR_SCREEN)

    def read_line(self) -> str:
        line = self.inp.readline()
        if not line:
            raise EndOfInput(
                f"input ended before the game did (after ply {self.state.move_number()})"
            )
        text = line.strip()
        if self.echo:
            self.say(text)
        return text

    def ask(self, seat: int) -> int:
        """Read until a line names a legal action of ``seat``; commands are handled here."""
        legal = self.state.legal_actions(seat)
        texts = [self.state.action_to_string(a, seat) for a in legal]
        shown = ", ".join(texts[:HINT_COUNT])
        more = f" ... ({len(texts)} in all, ? lists them)" if len(texts) > HINT_COUNT else ""
        self.say(f"legal: {shown}{more}")
        while True:
            self.out.write(f"{self.name(seat)}> ")
            self.out.flush()
            text = self.read_line()
            command = text.casefold()
            if not text:
                continue
            if command in ("?", "hints"):
                self.say("\n".join(_columns(texts)))
            elif command == "help":
                self.say(HELP)
            elif command == "board":
                self.show_board(seat)
            elif command == "resign":
                raise _Resign(seat)
            elif command == "quit":
                raise _Quit
            else:
                try:
                    return self.state.string_to_action(text, seat)
                except NotationError as exc:
                    self.say(f"error: {exc} (? lists the legal moves)")

    # ------------------------------------------------------------------ the end
    def resignation(self, seat: int) -> Outcome:
        """The resigning seat's team loses (-1) and every other seat wins (+1)."""
        team = next((t for t in self.game.teams() if seat in t), (seat,))
        returns = tuple(-1.0 if s in team else 1.0 for s in range(self.game.num_players()))
        return Outcome(returns, "resignation")

    def finish(self, outcome: Outcome, reason: str | None) -> None:
        final = str(self.state)  # the game is over: the whole board
        if final != self._last_board:
            self._last_board = final
            self.say()
            self.say(final)
            self.say()
        if reason:
            self.say(reason)
        winners = outcome.winners()
        who = "draw" if not winners else "winner: " + ", ".join(self.name(s) for s in winners)
        self.say(f"result: {outcome.result()} ({outcome.termination}); {who}")
        self.say("returns: " + " ".join(f"{r:+g}" for r in outcome.returns))


def _columns(texts: list[str], width: int = 78) -> list[str]:
    if not texts:
        return ["(no legal moves)"]
    cell = max(len(t) for t in texts) + 2
    per_line = max(1, width // cell)
    return [
        "".join(t.ljust(cell) for t in texts[i : i + per_line]).rstrip()
        for i in range(0, len(texts), per_line)
    ]


def _is_tty(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())
