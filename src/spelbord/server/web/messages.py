"""Texts the server shows players, in their language (English, Swedish, Danish, bokmål).

The server's messages are written in English where they are raised; that English text
stays the API's stable ``error`` (tests and clients rely on it). A player sees it in their
language through gettext catalogues (Babel): ``TEMPLATES`` marks the shape of each message
with ``N_`` (``{name}`` stands for a value: a seat, a ply, a quoted id),
``pybabel extract`` collects them into ``locale/messages.pot`` and each language has its
``locale/<code>/LC_MESSAGES/messages.po``, read when first needed (no compile step).
``translate`` finds the template a message was made from and fills the translated
template with the same values; a message without a template stays English.

>>> translate("no table 'abc123'", "sv")
"inget bord 'abc123'"
>>> translate("it is not seat 1's turn", "da")
'det er ikke plads 1s tur'
>>> translate("the game is over", "nb")
'spillet er over'
>>> translate("something new the catalogue lacks", "sv")
'something new the catalogue lacks'
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from babel.messages.pofile import read_po
from starlette.requests import HTTPConnection

from spelbord.rulebook import LANGUAGES as LANGUAGES  # the languages of the table
from spelbord.rulebook import spoken_language

COOKIE = "spelbord_lang"
"""The cookie the front end sets when a player picks a language (the page's choice)."""

LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"


def N_(text: str) -> str:
    """Mark ``text`` as a message template (extracted by pybabel; translated later)."""
    return text


TEMPLATES: tuple[str, ...] = (
    # tables and seats (tables/live.py, hub.py, store.py)
    N_("no table {table}"),
    N_("that token holds no seat at this table"),
    N_("spectators cannot act: use your seat's token"),
    N_("that invite link is not valid for this table"),
    N_("there is no seat {seat} at this table"),
    N_("seat {seat} is not open ({kind} seat)"),
    N_("seat {seat} is already taken"),
    N_("this table is no longer waiting for players"),
    N_("the game has not started: some seats are still free"),
    N_("only the player who created this table may cancel it"),
    N_("the game has started: resign instead of cancelling"),
    N_("the game is over"),
    N_("the game is over: time ran out"),
    N_("a time control needs a seat for a person: AI seats have no clock"),
    N_("a time control is minutes + increment, or days per move"),
    N_("days must be from 1 to {most} (got {days})"),
    N_("the time per seat must be from {least} seconds to {most} minutes (got {seconds} s)"),
    N_("increment must be from 0 to {most} seconds (got {increment})"),
    N_(
        "a time control reads like '5+3' (minutes + seconds per move), '30s+0' or "
        "'d2' (days per move), not {text}"
    ),
    N_(
        "'time_control' is null, '5+3', 'd2', an object of minutes and increment, "
        "or an object of days"
    ),
    N_("time_control: {key} must be a whole number from 0 up"),
    N_("time_control: give 'minutes' or 'seconds', not both"),
    N_("that game is over"),
    N_(
        "too late: seat {seat}'s time ran out at ply {ply} and the clock moved for it; "
        "the game is at ply {now}"
    ),
    N_("that move was for ply {ply}, but the game is at ply {now}"),
    N_("too late: seat {seat}'s time ran out and the clock chose for it"),
    N_("seat {seat} has already chosen this turn"),
    N_("action {action} is not legal for seat {seat} here"),
    N_("action {action} is not legal for {who} here"),
    N_("it is not seat {seat}'s turn"),
    N_("table {table} is no longer at ply {ply}"),
    # the worker tier and the cluster (tables/hub.py, cluster/node.py, web/study.py)
    N_("you have {cap} unfinished tables with AI seats already: finish or resign one first"),
    N_(
        "the server that holds table {table} did not answer in time; look at the table and "
        "try again"
    ),
    N_("the analysis failed: {reason}"),
    N_("no operation {op}"),
    # requests (tables/protocol.py, web/guards.py, web/ratelimit.py, app.py)
    N_("message too large ({size} bytes; the limit is {limit})"),
    N_("request too large (over {size} bytes; the limit is {limit})"),
    N_("request too large"),
    N_("malformed JSON: nested too deeply"),
    N_("malformed JSON: {reason}"),
    N_("numbers must be finite: NaN and Infinity are not JSON"),
    N_("{what} must be a JSON object"),
    N_("{what} needs an integer {key}"),
    N_("a name is a text of at most 40 characters"),
    N_("this request needs your seat's 'token'"),
    N_("name the 'game' to play"),
    N_("'options' must be an object"),
    N_("'options' must be a JSON object"),
    N_("new tables play the newest rules; 'rules_version' is no option"),
    N_('\'seats\' must list every seat: [{"kind": "open"}, ...]'),
    N_("seat {seat}: kind must be one of {kinds}"),
    N_("seat {seat}: an AI seat needs an 'agent' like 'mcts:1s'"),
    N_("seat {seat}: an agent spec has at most {max} characters"),
    N_("an agent spec has at most {max} characters"),
    N_("the host {host} is not served here"),
    N_("requests from {origin} are not allowed here"),
    N_("'invite' must be the code from the invite link"),
    N_('claim a seat with {"seat": n} or {"invite": code}'),
    N_("unknown message type {kind} (action, resign, ping, sync)"),
    N_("unknown message type {kind} (action, resign, offer, ping, sync)"),
    # draw offers, takebacks, rematches (tables/social.py, live.py)
    N_("an offer must be a JSON object"),
    N_("'offer' is one of draw, takeback, rematch"),
    N_("'do' is one of offer, accept, decline"),
    N_("only the people at the table make offers"),
    N_("draw offers are made while the game is played"),
    N_("the computer does not agree to draws: there is nobody to offer one to"),
    N_("you have offered a draw already: wait for the answer"),
    N_("a draw is offered to you already: accept or decline it"),
    N_("you have offered a draw {count} times in this game: no more"),
    N_("you may offer a draw again after {count} moves of your own"),
    N_("there is no draw offer to answer"),
    N_("that draw offer is your own"),
    N_("you have accepted that draw offer already"),
    N_("takebacks are for casual games only: this game is rated"),
    N_("you have asked for a takeback already: wait for the answer"),
    N_("a takeback is asked of you already: accept or decline it"),
    N_("you have taken back {count} moves in this game: no more"),
    N_("you have asked for {count} takebacks in this game: no more"),
    N_("you may ask for a takeback again after your next move"),
    N_("there is no takeback request to answer"),
    N_("that takeback request is your own"),
    N_(
        "no takebacks in a game with hidden information: a move taken back could show what "
        "is hidden"
    ),
    N_("a secret choice is under way: nothing can be taken back now"),
    N_("a move cannot be taken back past a die roll, a deal or another chance outcome"),
    N_("a move cannot be taken back past a secret choice"),
    N_("you have no move to take back"),
    N_("a rematch is offered when the game is over"),
    N_("this game was never played: it has no rematch"),
    N_("a tournament game has no rematch: the tournament pairs the next game"),
    N_("the rematch is made already: table {table}"),
    N_("you have offered a rematch already: wait for the answer"),
    N_("a rematch is offered to you already: accept or decline it"),
    N_("you have offered a rematch {count} times: no more"),
    N_("there is no rematch offer to answer"),
    N_("that rematch offer is your own"),
    N_("too many requests to {what}: at most {amount} per {multiples} {unit}"),
    N_("agent {spec} asks for {seconds} s a move; this server allows at most {limit} s"),
    N_("agent {spec} asks for {iterations} iterations a move; this server allows at most {limit}"),
    # an AI seat's agent that does not play the table's game (ai/spec.py and its kinds)
    N_("{kind} plays {games}, not {game}"),
    N_("{spec} is a plan for {plays}, not {game}"),
    N_("no levels for {game} (games: {games})"),
    N_("{game} has no evaluation {name} for {kind}"),
    N_("the portfolio agent needs scripted plans; {game} has none"),
    N_("server error: nothing changed"),
    N_("Not Found"),
    N_("Method Not Allowed"),
    # games and options (core)
    N_("no game named {name} (games: {games})"),
    N_("{game} has no option {name} (options: {options})"),
    N_("option {name} takes true or false; got {value}"),
    N_("option {name} must be one of {allowed}; got {value}"),
    N_("{text} is not a legal action here"),
    # records (records.py)
    N_("not a game record (format must be {format})"),
    N_("a record needs 'game', 'options' and a list of 'moves'"),
    N_("the record cannot be replayed here: {reason}"),
    N_("move {seq} ({move}) does not fit the position"),
    N_("the record does not finish the game; only finished games import"),
    N_("this address has stored {count} records: the limit is {limit} records"),
    N_("this address has stored {size} bytes of records: the limit is {limit} bytes"),
    # pages (pages.py)
    N_("the page {name} is missing from this installation"),
    N_("no file {file} here"),
    N_("{game} has no web renderer"),
    # accounts and tournaments (players/, tournaments/)
    N_("give a 'name'"),
    N_("a name has {low} to {high} characters"),
    N_("a name mixes scripts (such as Latin and Cyrillic letters): write it in one"),
    N_("give a 'password'"),
    N_("a password has {low} to {high} characters"),
    N_("this password is one of the most common ones: choose another"),
    N_("a password must not be your name or the site's name"),
    N_("wrong password"),
    N_("send {'password': ..., 'new_password': ...}"),
    N_("no such player"),
    N_("no player {name}"),
    N_("the name {name} is taken"),
    N_("the name {name} belongs to a registered player: choose another"),
    N_("a seat's name may not hold invisible or control characters ({char})"),
    N_("a seat's name needs a visible character"),
    N_("a tournament's name may not hold invisible or control characters ({char})"),
    N_("a tournament's name needs a visible character"),
    N_("wrong name or password"),
    N_("too many wrong passwords for this name from your address: try again in {seconds} s"),
    N_("sign in first"),
    N_("a rated table has no local seats: each player signs in"),
    N_("a rated game is played between two sides"),
    N_("sign in to create a tournament"),
    N_("sign in to join a tournament"),
    N_("sign in to leave a tournament"),
    N_("sign in to take your seat"),
    N_("give the tournament a 'name' of 1 to 80 characters"),
    N_("the tournament {name} has already started"),
    N_("the tournament has already started"),
    N_("the tournament has started: entrants are fixed"),
    N_("{who} has already joined this tournament"),
    N_("the tournament is full ({limit} entrants)"),
    N_("you are not in this tournament"),
    N_("only the organizer of this tournament may do that"),
    N_("no such table in this tournament"),
    N_("you have no seat at this table: it is another player's"),
    N_("no tournament {tournament}"),
    # records, study, lab and tournament details (records.py, study.py, lab.py, ...)
    N_("a name starts with a letter or digit and has only letters, digits, '_' and '-'"),
    N_("{game} with these options has {n} seats; got {count}"),
    N_("no lab report {study}"),
    N_("no rules document for {game} yet ({file})"),
    N_("send {'name': ..., 'password': ...}"),
    N_("'timeouts' must be a list of [ply, seat] pairs"),
    N_("a record gives its rules version as 'version', not as an option"),
    N_("'timeouts' names move {move}, which the record lacks"),
    N_(
        "table {table} ({game}, rules version {version}) cannot be replayed by this "
        "installation: {reason}"
    ),
    N_(
        "the record is not a legal game under {game} rules version {version}: move {seq} "
        "({move}) at ply {ply}: {reason}"
    ),
    N_("'resigned' must be the seat that resigned an unfinished game"),
    N_("'timeouts': no such seat at move {ply}"),
    N_("'timeouts': seat {seat} did not move at {ply}"),
    N_('expected {"move": "<move in notation>"}'),
    N_("expected a JSON object"),
    N_('expected {"position": "<position text>", "options": {...}, "seconds": 1.0}'),
    N_("seconds must be a positive number"),
    N_(
        "'starts_at' must be a time in epoch seconds from {behind} seconds ago to {ahead} "
        "seconds ahead"
    ),
    N_("'format' must be one of {formats}"),
    N_("'options' must be an object of game options"),
    N_("a knockout is played at two-seat tables, but {game} with these options has {n} seats"),
    N_(
        "a round robin is played at two- or four-seat tables, but {game} with these options "
        "has {n} seats"
    ),
    N_("'show_up_seconds' must be a whole number from 1 to {max}"),
    N_("a tournament that starts now needs at least {need} entrants; {count} listed"),
    N_("'entrants' must be a list of at most {max}"),
    N_("an entrant is listed twice"),
    N_("give the AI entrant's 'agent' spec, e.g. 'mcts:200ms'"),
    N_("'starts_in' must be 0 to {max} seconds"),
    N_("a tournament needs at least {need} entrants; it has {count}"),
    N_(
        "a tournament that starts now needs at least {need} entrants who have accepted; "
        "{count} have (invited players accept before the start)"
    ),
    N_("you have no invitation to this tournament"),
    N_("the tournament {name} is already {status}"),
    N_("the tournament has started: only an operator can cancel it"),
    N_("you have already accepted: you are in this tournament"),
    N_('entrant {n}: give {"ai": "<agent spec>"} or {"player": "<name>"}'),
    N_("this game hides information and is still running: export it when it is over"),
    N_("no game offers {feature}"),
    N_("{game} hides information: a live game is not analysed, only a finished one"),
    N_("a live game is analysed only by the player to move: spectators wait until it is finished"),
    N_("a live game is analysed only by the player to move"),
    N_("a live game is analysed only at its current position"),
    N_("no engine analysis while people play each other: this game is analysed when it is over"),
    N_(
        "this is the position of a live game between people (table {table}): "
        "no engine analysis until it is over"
    ),
    N_("ply must be 0..{last}, got {ply}"),
    N_("the game is over at this ply: there is nothing to analyse"),
    N_("step must be 1 or 2, got {step}"),
    N_('expected {"position": "<position text>", "move": "<move>"}'),
    N_("move must be a move's text of at most {n} characters"),
    N_("the game is over in this position: no move can be played"),
    # game tools (tools.py, core/tools.py) and Omringad's battle calculator (odds.py)
    N_("{game}'s {name} has no page"),
    N_("{game} has no tool {name} (tools: {tools})"),
    N_("{field}: required"),
    N_("{field}: a text"),
    N_("{field}: at most {max} characters"),
    N_("{field}: one of {choices}"),
    N_("{name} takes a JSON object"),
    N_("{name} takes {takes}; not {unknown}"),
    N_("the calculator takes at most {max} units a side"),
    N_("a force text has at most {max} characters"),
    N_(
        "cannot read {item} as units: write e.g. '2 mercenaries, 1 rider (damaged)' or the "
        "letters M E A R K G (D Z H I X W P S), lower case when damaged"
    ),
    N_("the attacker needs a unit that can be hit (horses alone are no side, R112)"),
    N_("the defender needs a unit that can be hit (horses alone are no side, R112)"),
    N_("a side has at most {n} {kind} (one of each special unit, R100)"),
    N_("a side has at most {n} {kind} (its pool, R6)"),
    N_("the dragon never moves, so it never attacks (R111)"),
    N_("the dragon stands alone: it belongs to nobody (R111)"),
)

PLACEHOLDER = re.compile(r"\{(\w+)\}")
NESTED = frozenset({"reason"})
"""Placeholders whose value is itself a message (translated in turn)."""


@functools.cache
def _pattern(template: str) -> re.Pattern[str]:
    """``template`` as a regular expression: each ``{name}`` matches any text."""
    parts = PLACEHOLDER.split(template)
    regex = "".join(
        f"(?P<{part}>.+?)" if i % 2 else re.escape(part) for i, part in enumerate(parts)
    )
    return re.compile(regex, re.DOTALL)


def _specificity(template: str) -> int:
    return len(PLACEHOLDER.sub("", template))


ORDERED = tuple(sorted(TEMPLATES, key=_specificity, reverse=True))
"""Templates with the most fixed text first, so the most specific one matches."""


@functools.cache
def catalogue(code: str) -> dict[str, str]:
    """The translated templates of language ``code`` (empty for English or a missing file)."""
    path = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if code == "en" or not path.is_file():
        return {}
    with path.open("rb") as file:
        po = read_po(file, locale=code)
    return {str(m.id): str(m.string) for m in po if m.id and m.string and not m.fuzzy}


def translate(message: str, code: str) -> str:
    """``message`` (an English server message) in language ``code``; English if unknown."""
    texts = catalogue(code)
    if not texts:
        return message
    if message in texts:
        return texts[message]
    for template in ORDERED:
        if template not in texts or "{" not in template:
            continue
        found = _pattern(template).fullmatch(message)
        if found is None:
            continue
        values = {k: translate(v, code) if k in NESTED else v for k, v in found.groupdict().items()}
        return _fill(texts[template], values)
    return message


def _fill(template: str, values: dict[str, str]) -> str:
    return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), template)


def connection_language(conn: HTTPConnection) -> str:
    """The language of a request or WebSocket: its ``lang`` parameter, else the page's
    ``spelbord_lang`` cookie, else its ``Accept-Language`` header, else English."""
    chosen = conn.query_params.get("lang") or conn.cookies.get(COOKIE)
    return spoken_language(chosen, conn.headers.get("accept-language"))


def error_body(message: str, code: str) -> dict[str, str]:
    """An error as the API answers it: ``error`` the stable English text, ``message`` the
    same in the player's language (identical in English).

    >>> error_body("sign in first", "da")
    {'error': 'sign in first', 'message': 'log ind først'}
    """
    return {"error": message, "message": translate(message, code)}


def socket_error(message: str, code: str) -> str:
    """A WebSocket error: ``message`` in English (stable) and ``text`` in language ``code``.

    >>> socket_error("the game is over", "nb")
    '{"type": "error", "message": "the game is over", "text": "spillet er over"}'
    """
    return json.dumps({"type": "error", "message": message, "text": translate(message, code)})
