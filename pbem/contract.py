"""The published contract: marshmallow schemas of the JSON API and of every event type, and the
OpenAPI document and JSON Schemas generated from them into the top-level schemas/ folder.

Follows `shared/specs/architecture.md` section 6. Requests are loaded through these schemas at the
edge; `python -m pbem.contract` (or `pbem schemas`) rewrites schemas/, and a test fails when the
committed files drift from what this module generates.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, validate, validates_schema

from .between import contract as between_contract
from .config import SCHEMAS_DIR
from .games import GAMES

API_VERSION = "1.0.0"


# --- requests ----------------------------------------------------------------------------------------


class PlayerIn(Schema):
    class Meta:
        unknown = RAISE

    name = fields.String(validate=validate.Length(min=1, max=40), metadata={"description": "required unless open"})
    email = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=254))
    webhook = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=2000))
    bot = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=40),
                        metadata={"description": "a computer player level of the game (`bots` in /api/games/types): "
                                                 "the server plays this seat; no email or webhook then"})
    open = fields.Boolean(metadata={"description": "an open seat: the next person to follow the game's "
                                                   "invitation takes it (issue 14)"})

    @validates_schema
    def named_unless_open(self, data, **kwargs):
        if not data.get("open") and "name" not in data:
            raise ValidationError("Missing data for required field.", "name")


class CreateGameIn(Schema):
    class Meta:
        unknown = RAISE

    game = fields.String(required=True, metadata={"description": "a game name from /api/games/types"})
    players = fields.List(fields.Nested(PlayerIn), required=True, validate=validate.Length(min=1, max=16),
                          metadata={"description": "in seat (turn) order"})
    options = fields.Dict(keys=fields.String(), load_default=dict,
                          metadata={"description": "the game's options; unknown ones are refused. The clock: "
                                                   "\"clock\": {\"kind\": \"fischer\", \"initial\", \"increment\", "
                                                   "\"max\"} or {\"kind\": \"per_move\", \"per_move\"} (durations "
                                                   "like 7d, or seconds); \"time_per_move\" is the same as per_move"})


class HandoverIn(Schema):
    class Meta:
        unknown = RAISE

    name = fields.String(required=True, validate=validate.Length(min=1, max=40),
                         metadata={"description": "the seat's new holder"})
    email = fields.String(required=True, validate=validate.Length(min=3, max=254),
                          metadata={"description": "where the new holder's link is sent (and nowhere else)"})


class MoveIn(Schema):
    class Meta:
        unknown = RAISE

    move = fields.String(required=True, validate=validate.Length(min=1, max=500),
                         metadata={"description": "the move in the game's notation"})
    seq = fields.Integer(required=True, strict=True,
                         metadata={"description": "the seq of the position you saw"})


# --- responses ---------------------------------------------------------------------------------------


class OptionOut(Schema):
    kind = fields.String(required=True)
    default = fields.Raw(allow_none=True)
    help = fields.String(metadata={"description": "what it does for play, in players' words"})
    label = fields.String(metadata={"description": "its name, in players' words"})
    min = fields.Integer()
    max = fields.Integer()
    choices = fields.List(fields.String())
    choice_labels = fields.Dict(keys=fields.String(), values=fields.String(),
                                metadata={"description": "each choice in players' words"})


class GameTypeOut(Schema):
    name = fields.String(required=True)
    title = fields.String(required=True)
    players = fields.List(fields.Integer(), required=True, metadata={"description": "[min, max]"})
    options = fields.Dict(keys=fields.String(), values=fields.Nested(OptionOut), required=True)
    notation = fields.String()
    rules_version = fields.Integer(required=True, metadata={"description": "the version new games are played under"})
    bots = fields.List(fields.String(), required=True, metadata={"description": "computer player levels"})


class SeatOut(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    token = fields.String(metadata={"description": "the seat's secret; shown only here (absent: an open seat)"})
    url = fields.String(metadata={"description": "the seat's page (its magic link; absent: an open seat)"})
    open = fields.Boolean(metadata={"description": "an open seat, taken through the invitation"})
    token = fields.String(metadata={"description": "the seat's secret; shown only here (not for a computer seat)"})
    url = fields.String(metadata={"description": "the seat's page (its magic link; not for a computer seat)"})
    bot = fields.String(metadata={"description": "the computer player's level, for a seat the server plays"})


class CreatedOut(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    url = fields.String(required=True, metadata={"description": "the spectator page"})
    seats = fields.List(fields.Nested(SeatOut), required=True)
    status = fields.String(required=True, validate=validate.OneOf(["active", "waiting"]),
                           metadata={"description": "waiting: open seats are left; the game begins with the last"})
    invite_url = fields.String(metadata={"description": "the link that takes the open seats, one each"})


# --- a player's home across games (issue 14) ---------------------------------------------------------


class SigninIn(Schema):
    class Meta:
        unknown = RAISE

    email = fields.String(required=True, validate=validate.Length(min=3, max=254))


class JoinIn(Schema):
    class Meta:
        unknown = RAISE

    name = fields.String(required=True, validate=validate.Length(min=1, max=40))
    email = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=254),
                          metadata={"description": "optional: notices, and this game on your /me"})


class JoinedOut(Schema):
    id = fields.String(required=True)
    seat = fields.Integer(required=True)
    token = fields.String(required=True, metadata={"description": "the seat's secret"})
    url = fields.String(required=True, metadata={"description": "the seat's page (its magic link)"})


class AcceptedOut(Schema):
    status = fields.String(required=True)


class MyGameOut(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    seat = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["active", "waiting", "finished"]))
    your_turn = fields.Boolean(required=True)
    deadline = fields.String(allow_none=True, required=True,
                             metadata={"description": "yours when it is your turn, else the earliest of those who owe"})
    url = fields.String(required=True, metadata={"description": "your seat's link"})
    updated = fields.String(required=True)
    summary = fields.String(allow_none=True, required=True, metadata={"description": "the last move in words"})


class RotatedOut(Schema):
    token = fields.String(required=True)
    url = fields.String(required=True)


class OutcomeOut(Schema):
    termination = fields.String(required=True)
    winners = fields.List(fields.Integer(), required=True)
    ranking = fields.List(fields.List(fields.Integer()), required=True)
    scores = fields.Dict()


class ClockOut(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(["per_move", "fischer"]))
    left = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                       metadata={"description": "seat -> seconds left: until its deadline while it owes a decision, "
                                                "else what its next turn starts with (its bank, or the time per move)"})
    paused = fields.Boolean(required=True, metadata={"description": "stopped by agreement (none yet)"})


class GameOut(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["active", "waiting", "finished"]))
    seq = fields.Integer(required=True)
    to_move = fields.List(fields.Integer(), required=True)
    you = fields.Integer(allow_none=True, required=True)
    legal = fields.List(fields.String(), required=True)
    view = fields.Dict(required=True)
    outcome = fields.Nested(OutcomeOut, allow_none=True, required=True)
    deadline = fields.String(allow_none=True, required=True)
    rules_version = fields.Integer(required=True, metadata={"description": "the rules version the game plays"})
    clock = fields.Nested(ClockOut, allow_none=True, required=True,
                          metadata={"description": "null: the game has no clock, or the answer is of a past position"})


class EventOut(Schema):
    seq = fields.Integer(required=True)
    type = fields.String(required=True)
    actor = fields.String(required=True)
    at = fields.String(required=True)
    data = fields.Dict(required=True)
    hash = fields.String(required=True)


class PlayedOut(Schema):
    seq = fields.Integer(required=True)
    events = fields.List(fields.Nested(EventOut), required=True)


class VerifyOut(Schema):
    ok = fields.Boolean(required=True)
    problems = fields.List(fields.String(), required=True)
    seed = fields.String(allow_none=True, metadata={"description": "revealed once the game is over"})
    events = fields.Integer()


class HandoverOut(Schema):
    seq = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    name = fields.String(required=True, metadata={"description": "the new holder; their link went to their address"})


class HealthOut(Schema):
    database = fields.String(required=True, validate=validate.OneOf(["ok"]))
    engine = fields.String(required=True, validate=validate.OneOf(["sqlite", "postgresql"]))
    node = fields.String(required=True, metadata={"description": "this node: its host and the pid of its "
                                                                 "`pbem serve`, host:pid"})


class HeadOut(Schema):
    seq = fields.Integer(required=True, metadata={"description": "the seq of the game's last event"})
    hash = fields.String(required=True, metadata={"description": "that event's hash"})


class ErrorOut(Schema):
    error = fields.String(required=True)


class InboundOut(Schema):
    status = fields.String(required=True, validate=validate.OneOf(["played", "answered", "refused", "stale", "ignored"]),
                           metadata={"description": "ignored: no valid reply address, an automatic reply, "
                                                    "a sender other than the seat's own address, or too large; "
                                                    "answered: accept, decline or takeback was done"})
    detail = fields.String(required=True)
    game = fields.String(allow_none=True, required=True)
    seat = fields.Integer(allow_none=True, required=True)


# --- platform events (games declare theirs in EVENT_SCHEMAS) -------------------------------------------


class SeatRecord(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    email = fields.String(allow_none=True, required=True)
    webhook = fields.String(allow_none=True, required=True)
    token_sha256 = fields.String(required=True)
    open = fields.Boolean(metadata={"description": "left open for the invitation (issue 14)"})
    bot = fields.String(metadata={"description": "a computer seat: the level of the player the server plays it with"})


class ClockRecord(Schema):
    time_per_move = fields.Integer(allow_none=True, required=True,
                                   metadata={"description": "seconds; null: no clock, or a bank (kind fischer)"})
    kind = fields.String(validate=validate.OneOf(["fischer"]), metadata={"description": "absent: a time per move"})
    initial = fields.Integer(metadata={"description": "a bank's seconds at the start"})
    increment = fields.Integer(metadata={"description": "seconds added to a bank after each turn"})
    max = fields.Integer(metadata={"description": "the most seconds a bank may hold"})
    reminders = fields.List(fields.Integer(), required=True, metadata={"description": "seconds before the deadline"})
    on_timeout = fields.String(required=True, validate=validate.OneOf(["remind", "skip", "forfeit", "bot"]))
    vacation_days = fields.Integer(required=True)


class GameCreated(Schema):
    game = fields.String(required=True)
    clock = fields.Nested(ClockRecord, required=True)
    seat_count = fields.Integer(required=True)
    options = fields.Dict(required=True)
    seats = fields.List(fields.Nested(SeatRecord), required=True)
    commitment = fields.String(required=True, metadata={"description": "hex SHA-256 of the secret seed"})
    rules_version = fields.Integer(metadata={"description": "the version of the game's rules it is played under "
                                                             "(absent: 1)"})


class SeedRevealed(Schema):
    seed = fields.String(required=True, metadata={"description": "the game's 256-bit seed, hex"})


class SeatSettingsChanged(Schema):
    seat = fields.Integer(required=True)
    email_on = fields.Boolean(required=True)
    digest = fields.Boolean(required=True)
    webhook = fields.String(allow_none=True, required=True)
    confirm = fields.Boolean(metadata={"description": "moves are confirmed before they are sent (absent: yes)"})


class SeatOnly(Schema):
    seat = fields.Integer(required=True)


class TurnTimedOut(Schema):
    seat = fields.Integer(required=True)
    action = fields.String(required=True, validate=validate.OneOf(["remind", "skip", "forfeit", "bot"]),
                           metadata={"description": "bot: the computer plays for the seat until its person is back"})


class SeatHandedOver(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True, metadata={"description": "the new holder"})
    previous = fields.String(required=True, metadata={"description": "the holder who handed the seat on"})
    email = fields.String(required=True, metadata={"description": "the new holder's address (their seat only)"})
    token_sha256 = fields.String(required=True, metadata={"description": "the new link's hash (their seat only)"})
    generation = fields.Integer(required=True, metadata={"description": "the seat link's generation"})


class SeatsOpened(Schema):
    seats = fields.List(fields.Integer(), required=True, metadata={"description": "the open seats"})


class SeatJoined(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    email = fields.String(allow_none=True, required=True)


class SeatAddressChanged(Schema):
    seat = fields.Integer(required=True)
    email = fields.String(required=True)
    email_on = fields.Boolean(required=True)


class SeatLinkRotated(Schema):
    seat = fields.Integer(required=True)
    generation = fields.Integer(required=True, metadata={"description": "the new link's generation"})
    token_sha256 = fields.String(required=True, metadata={"description": "hex SHA-256 of the new token"})


PLATFORM_EVENT_SCHEMAS = {"game_created": GameCreated, "seed_revealed": SeedRevealed,
                          "seat_settings_changed": SeatSettingsChanged, "vacation_started": SeatOnly,
                          "vacation_ended": SeatOnly, "turn_timed_out": TurnTimedOut,
                          # issue 14
                          "seats_opened": SeatsOpened, "seat_joined": SeatJoined,
                          "seat_address_changed": SeatAddressChanged, "seat_link_rotated": SeatLinkRotated,
                          **between_contract.EVENT_SCHEMAS,  # issue 15
                          "seat_handed_over": SeatHandedOver, "computer_stopped": SeatOnly}  # issue 17


def event_schemas() -> dict[str, dict[str, type[Schema]]]:
    """Event data schemas by owner ("platform" or a game name) and event type. A game declares its
    own in `EVENT_SCHEMAS` of its `events` submodule."""
    out = {"platform": dict(PLATFORM_EVENT_SCHEMAS)}
    for name, module in sorted(GAMES.items()):
        try:
            events = importlib.import_module(f"{module.__name__}.events")
        except ModuleNotFoundError:
            events = None
        out[name] = dict(getattr(events, "EVENT_SCHEMAS", {}))
    return out


def validate_event_data(owner: str, type_: str, data: dict) -> dict:
    """Errors of one event's data against its schema (empty when it conforms)."""
    schema = event_schemas()[owner][type_]
    try:
        schema(unknown=RAISE).load(data)
    except ValidationError as error:
        return error.messages
    return {}


_REQUEST_SCHEMAS: dict[type[Schema], Schema] = {}


def load_request(schema: type[Schema], payload) -> dict:
    """Load a JSON body; raises ValidationError with a readable message. One instance per schema serves
    every request (making one copies its fields, most of the cost of a small body's validation; `load`
    keeps nothing between calls)."""
    if not isinstance(payload, dict):
        raise ValidationError("the body must be a JSON object")
    instance = _REQUEST_SCHEMAS.get(schema)
    if instance is None:
        instance = _REQUEST_SCHEMAS[schema] = schema()
    return instance.load(payload)


def describe_errors(error: ValidationError) -> str:
    messages = error.messages
    if isinstance(messages, dict):
        parts = []
        for key, value in messages.items():
            text = value if isinstance(value, str) else "; ".join(map(str, _flatten(value)))
            parts.append(f"{key}: {text}")
        return "; ".join(parts)
    return "; ".join(map(str, _flatten(messages)))


def _flatten(value):
    if isinstance(value, dict):
        for key, inner in value.items():
            for text in _flatten(inner):
                yield f"{key}: {text}"
    elif isinstance(value, (list, tuple)):
        for inner in value:
            yield from _flatten(inner)
    else:
        yield str(value)


# --- generation --------------------------------------------------------------------------------------


def _error_responses(*codes: int) -> dict:
    reasons = {400: "malformed request", 401: "no seat token", 403: "not a seat, or no legal move now",
               404: "unknown game", 409: "stale: the game moved on since the seq you saw (joining: no seat left)",
               413: "body too large", 415: "the body is not sent as application/json",
               422: "invalid or illegal, with the rule in the reason",
               429: "too many requests from this address: wait the seconds in Retry-After",
               503: "the database cannot be reached: come back after the seconds in Retry-After"}
    out = {str(code): {"description": reasons[code], "content": {"application/json": {"schema": "ErrorOut"}}}
           for code in codes}
    for code in ("429", "503"):
        if code in out:
            out[code]["headers"] = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}
    return out


def openapi() -> dict:
    spec = APISpec(title="pbem", version=API_VERSION, openapi_version="3.0.3",
                   plugins=[MarshmallowPlugin()],
                   info={"description": "The JSON API of pbem, a play-by-message server. A seat's token "
                                        "goes in `Authorization: Bearer <token>`; without one you see "
                                        "what a spectator sees."})
    spec.components.security_scheme("seatToken", {"type": "http", "scheme": "bearer"})
    spec.components.security_scheme("inboundSecret", {"type": "http", "scheme": "bearer",
                                                       "description": "the server's PBEM_INBOUND_SECRET"})
    for schema in (CreateGameIn, MoveIn, GameTypeOut, CreatedOut, GameOut, EventOut, PlayedOut, VerifyOut, HeadOut,
                   ErrorOut, InboundOut, SigninIn, JoinIn, JoinedOut, AcceptedOut, MyGameOut, RotatedOut,
                   HandoverIn, HandoverOut, HealthOut, *between_contract.SCHEMAS):
        spec.components.schema(schema.__name__, schema=schema)
    game_id = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}

    def json_body(name):
        return {"required": True, "content": {"application/json": {"schema": name}}}

    def ok(name, code="200", many=False):
        schema = {"type": "array", "items": name} if many else name
        return {code: {"description": "success", "content": {"application/json": {"schema": schema}}}}

    spec.path("/api/health", operations={"get": {
        "summary": "Whether this node can reach its database (one round trip to it)",
        "responses": {**ok("HealthOut"), **_error_responses(503)}}})
    spec.path("/api/games/types", operations={"get": {
        "summary": "The games this server hosts", "responses": ok("GameTypeOut", many=True)}})
    spec.path("/api/games", operations={"post": {
        "summary": "Create a game", "requestBody": json_body("CreateGameIn"),
        "responses": {**ok("CreatedOut", "201"), **_error_responses(400, 413, 422, 429)}}})
    spec.path("/api/games/{id}", parameters=[game_id], operations={"get": {
        "summary": "The game as the bearer's seat (or a spectator) sees it", "security": [{}, {"seatToken": []}],
        "responses": {**ok("GameOut"), **_error_responses(403, 404)}}})
    spec.path("/api/games/{id}/moves", parameters=[game_id], operations={"post": {
        "summary": "Play a move", "security": [{"seatToken": []}], "requestBody": json_body("MoveIn"),
        "responses": {**ok("PlayedOut", "201"), **_error_responses(400, 401, 403, 404, 409, 413, 422)}}})
    spec.path("/api/games/{id}/events", parameters=[game_id], operations={"get": {
        "summary": "The log, each event redacted for the bearer", "security": [{}, {"seatToken": []}],
        "parameters": [{"name": "since", "in": "query", "schema": {"type": "integer", "minimum": 0}}],
        "responses": {**ok("EventOut", many=True), **_error_responses(400, 403, 404)}}})
    spec.path("/api/games/{id}/state", parameters=[game_id], operations={"get": {
        "summary": "The view as it stood right after event `at`", "security": [{}, {"seatToken": []}],
        "parameters": [{"name": "at", "in": "query", "required": True, "schema": {"type": "integer", "minimum": 1}}],
        "responses": {**ok("GameOut"), **_error_responses(400, 403, 404)}}})
    spec.path("/api/games/{id}/verify", parameters=[game_id], operations={"get": {
        "summary": "Check the hash chain, the seed and every recorded outcome",
        "responses": {**ok("VerifyOut"), **_error_responses(404)}}})
    spec.path("/api/games/{id}/head", parameters=[game_id], operations={"get": {
        "summary": "The game's head: the seq and hash of its last event, read without loading the game",
        "description": "A client that keeps the latest head it saw knows the server lost moves when a later "
                       "head is at a lower seq, or has another hash at a seq already seen.",
        "responses": {**ok("HeadOut"), **_error_responses(404)}}})
    spec.path("/api/games/{id}/resign", parameters=[game_id], operations={"post": {
        "summary": "The bearer's seat leaves the game", "security": [{"seatToken": []}],
        "responses": {**ok("PlayedOut", "201"), **_error_responses(401, 403, 404)}}})
    spec.path("/api/games/{id}/handover", parameters=[game_id], operations={"post": {
        "summary": "Hand the bearer's seat on to someone else",
        "description": "The seat's record takes the new holder's name and address; a new link is mailed to "
                       "that address only, and the bearer's token stops working (403 here, 404 on the pages).",
        "security": [{"seatToken": []}], "requestBody": json_body("HandoverIn"),
        "responses": {**ok("HandoverOut", "201"), **_error_responses(400, 401, 403, 404, 413, 422, 429)}}})
    spec.path("/api/mail/inbound", operations={"post": {
        "summary": "A raw e-mail reply to a notice, as a mail server's webhook delivers it",
        "description": "The body is the whole message (RFC 5322), at most 1 MiB. The move is the first line "
                       "of the reply; the answer goes back by mail. Automatic replies, mail to no valid reply "
                       "address and mail from another address than the seat's own are ignored, with no answer.",
        "security": [{"inboundSecret": []}],
        "requestBody": {"required": True, "content": {"message/rfc822": {"schema": {"type": "string",
                                                                                    "format": "binary"}}}},
        "responses": {**ok("InboundOut"), **_error_responses(401, 403, 404, 413, 429)}}})
    home_paths(spec, json_body, ok, game_id)
    between_contract.add_paths(spec, ok, json_body, _error_responses, game_id)  # messages ... (issue 15)
    document = spec.to_dict()
    _with_heads(document)
    refused = _error_responses(415, 503)
    for code in refused:
        refused[code]["content"]["application/json"]["schema"] = {"$ref": "#/components/schemas/ErrorOut"}
    for item in document["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            # any request is answered 503 while the database cannot be reached
            operation["responses"].setdefault("503", refused["503"])
            if "application/json" in operation.get("requestBody", {}).get("content", {}):
                operation["responses"].update({"415": refused["415"]})  # a JSON body in any other type
    return document


HEAD_HEADER = {"description": "the game's head as <seq>:<hash>, as it stands when the answer leaves",
               "schema": {"type": "string", "pattern": "^[0-9]+:[0-9a-f]+$"}}


def _with_heads(document: dict) -> None:
    """Every successful answer about one game (a path under /api/games/{id}, a game made or joined) carries
    the game's head: the header X-Pbem-Head, lists included, and `head` in an answer that is an object (not
    in /head's own). It is the head when the answer leaves, so a state?at= answer gives the head of the game
    now, not of the position shown, and a move's answer may give a later head than its seq if another seat
    played since. The schemas of those objects answer nothing else, so `head` is added to them here."""
    heads, others = set(), set()
    for path, item in document["paths"].items():
        about_a_game = path.startswith(("/api/games/{id}", "/api/join/")) or path == "/api/games"
        for operation in item.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            for code, response in operation["responses"].items():
                ref = response.get("content", {}).get("application/json", {}).get("schema", {}).get("$ref")
                if not (about_a_game and code.startswith("2")):
                    others.add(ref)
                    continue
                response["headers"] = {**response.get("headers", {}), "X-Pbem-Head": HEAD_HEADER}
                if ref and path != "/api/games/{id}/head":
                    heads.add(ref)
    assert not heads & others, f"a schema answers both about a game and not: {heads & others}"
    for ref in heads:
        schema = document["components"]["schemas"][ref.rsplit("/", 1)[1]]
        schema["properties"]["head"] = {"$ref": "#/components/schemas/HeadOut"}
        schema["required"] = sorted({*schema.get("required", []), "head"})


def home_paths(spec, json_body, ok, game_id) -> None:
    """A player's home across games (issue 14)."""
    spec.components.security_scheme("personalToken", {"type": "http", "scheme": "bearer",
                                                       "description": "the personal token shown on /me"})
    invite = {"name": "invite", "in": "path", "required": True, "schema": {"type": "string"}}
    spec.path("/api/signin", operations={"post": {
        "summary": "Mail a one-time sign-in link to an address that has seats here (the same answer for any)",
        "requestBody": json_body("SigninIn"),
        "responses": {**ok("AcceptedOut", "202"), **_error_responses(400, 413, 429)}}})
    spec.path("/api/me/games", operations={"get": {
        "summary": "Every seat of the signed-in address: your turn first (earliest deadline first), then "
                   "waiting for others, then finished lately",
        "description": "With the session cookie of a signed-in browser, or the personal token shown on /me.",
        "security": [{"personalToken": []}],
        "responses": {**ok("MyGameOut", many=True), **_error_responses(401)}}})
    spec.path("/api/join/{invite}", parameters=[invite], operations={"post": {
        "summary": "Take the next open seat of the invitation's game; the last one starts the game",
        "requestBody": json_body("JoinIn"),
        "responses": {**ok("JoinedOut", "201"), **_error_responses(400, 404, 409, 413, 422, 429)}}})
    spec.path("/api/games/{id}/rotate", parameters=[game_id], operations={"post": {
        "summary": "Replace the bearer's seat link; the old token gets 403 here and 404 on pages",
        "security": [{"seatToken": []}],
        "responses": {**ok("RotatedOut", "201"), **_error_responses(401, 403, 404, 409)}}})


def event_json_schemas() -> dict[str, dict]:
    """JSON Schema documents by relative path under schemas/events/."""
    plugin = MarshmallowPlugin()
    APISpec(title="events", version=API_VERSION, openapi_version="3.0.3", plugins=[plugin])
    out = {}
    for owner, schemas in event_schemas().items():
        for type_, schema in sorted(schemas.items()):
            document = plugin.converter.schema2jsonschema(schema)
            document = {"$schema": "http://json-schema.org/draft-07/schema#", "title": f"{owner} {type_}",
                        **document}
            out[f"events/{owner}/{type_}.json"] = document
    return out


def generated_files() -> dict[str, str]:
    files = {"openapi.json": _dump(openapi())}
    for path, document in event_json_schemas().items():
        files[path] = _dump(document)
    return files


def _dump(document: dict) -> str:
    return json.dumps(document, indent=2, sort_keys=True) + "\n"


def write_schemas(directory: Path = SCHEMAS_DIR) -> list[Path]:
    written = []
    for relative, text in generated_files().items():
        path = directory / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_schemas():
        print(path)
