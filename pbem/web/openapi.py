"""The OpenAPI document and the events' JSON Schemas, generated from the marshmallow schemas of
pbem/web/contract.py into the top-level schemas/ folder: `pbem schemas` rewrites them, GET /api/openapi.json
serves the document, and tests/test_schemas.py fails when the committed files drift from what this module
generates."""

from __future__ import annotations

import json
from pathlib import Path

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from ..between import contract as between_contract
from ..config import SCHEMAS_DIR
from .contract import (API_VERSION, AcceptedOut, CreatedOut, CreateGameIn, ErrorOut, EventOut, GameOut, GameTypeOut,
                       HandoverIn, HandoverOut, HeadOut, HealthOut, InboundOut, JoinedOut, JoinIn, LobbyGameOut, MoveIn,
                       MyGameOut, MySettingsIn, MyVacationIn, MyVacationOut, PlayedOut, PlayerOut, PushKeyOut,
                       PushSubscribedOut, PushSubscriptionIn, RatingListOut, RatingOut, ReliabilityOut, RotatedOut,
                       SeatSettingsIn, SeatSettingsOut, SeekIn, SeekOut, SigninIn, VerifyOut, event_schemas)


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
                   HandoverIn, HandoverOut, HealthOut, SeatSettingsIn, SeatSettingsOut, MySettingsIn, MyVacationIn,
                   MyVacationOut, PushKeyOut, PushSubscriptionIn, PushSubscribedOut, LobbyGameOut, ReliabilityOut,
                   RatingOut, RatingListOut, PlayerOut, SeekIn, SeekOut, *between_contract.SCHEMAS):
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
    spec.path("/api/games/{id}/settings", parameters=[game_id], operations={"put": {
        "summary": "The bearer seat's settings: notices, confirmation of moves, the language of its pages",
        "description": "A field left out keeps its value. `language` null: the pages follow the reader's "
                       "browser (Accept-Language), else English.",
        "security": [{"seatToken": []}], "requestBody": json_body("SeatSettingsIn"),
        "responses": {**ok("SeatSettingsOut"), **_error_responses(400, 401, 403, 404, 413, 415, 422, 429)}}})
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
    spec.path("/api/me/settings", operations={"put": {
        "summary": "The signed-in address's settings: its public name (issue 31), the language of its pages "
                   "(issue 26), its time zone and rest days (issue 28)",
        "description": "With the session cookie of a signed-in browser, or the personal token shown on /me. "
                       "A seat's own language still decides on that seat's pages. Rest days are recorded in "
                       "every game the address sits in that allows them, from each seat's next turn on. "
                       "Answers the settings.",
        "security": [{"personalToken": []}], "requestBody": json_body("MySettingsIn"),
        "responses": {**ok("MySettingsIn"), **_error_responses(400, 401, 409, 413, 415, 422)}}})
    spec.path("/api/me/vacation", operations={"put": {
        "summary": "One vacation for all the signed-in address's games, scheduled ahead (issue 28)",
        "description": "Whole days in the address's zone, within its yearly allowance (422 beyond it); each "
                       "game records it as its own vacation, as much of it as the game's vacation days allow.",
        "security": [{"personalToken": []}], "requestBody": json_body("MyVacationIn"),
        "responses": {**ok("MyVacationOut"), **_error_responses(400, 401, 413, 415, 422)}},
        "delete": {"summary": "End the address's vacation now in every game (one not yet begun is dropped)",
                   "security": [{"personalToken": []}],
                   "responses": {**ok("MyVacationOut"), **_error_responses(401)}}})
    push_paths(spec, json_body, ok)
    lobby_paths(spec, ok)
    seek_paths(spec, json_body, ok)
    tournament_paths(spec)
    spec.path("/api/join/{invite}", parameters=[invite], operations={"post": {
        "summary": "Take the next open seat of the invitation's game; the last one starts the game",
        "requestBody": json_body("JoinIn"),
        "responses": {**ok("JoinedOut", "201"), **_error_responses(400, 404, 409, 413, 422, 429)}}})
    spec.path("/api/games/{id}/rotate", parameters=[game_id], operations={"post": {
        "summary": "Replace the bearer's seat link; the old token gets 403 here and 404 on pages",
        "security": [{"seatToken": []}],
        "responses": {**ok("RotatedOut", "201"), **_error_responses(401, 403, 404, 409)}}})


def lobby_paths(spec, ok) -> None:
    """The lobby and the players' public pages (issue 31)."""
    text = {"schema": {"type": "string"}}
    spec.path("/api/lobby", operations={"get": {
        "summary": "Public games waiting for players, newest first, 50 a page (the next page: the Link header's "
                   "rel=\"next\", ?after=)",
        "parameters": [{"name": "game", "in": "query", **text, "description": "one game's name"},
                       {"name": "clock", "in": "query", **text,
                        "description": "per_move, fischer, none, or a time per move such as 3d (at most that)"},
                       {"name": "after", "in": "query", **text, "description": "the cursor of the Link header"}],
        "responses": {**ok("LobbyGameOut", many=True), **_error_responses(400)}}})
    spec.path("/api/players/{name}", parameters=[{"name": "name", "in": "path", "required": True, **text}],
              operations={"get": {"summary": "A public name's reliability and ratings",
                                  "responses": {**ok("PlayerOut"), **_error_responses(404)}}})
    spec.path("/api/ratings/{game}", parameters=[{"name": "game", "in": "path", "required": True, **text}],
              operations={"get": {"summary": "A game's rating list, best first (issue 32)",
                                  "responses": {**ok("RatingListOut", many=True), **_error_responses(404)}}})


def seek_paths(spec, json_body, ok) -> None:
    """Seeks (issue 31): what a signed-in address wants to play; compatible ones start a game."""
    seek = {"name": "seek", "in": "path", "required": True, "schema": {"type": "string"}}
    spec.path("/api/seeks", operations={"post": {
        "summary": "Post a seek (signed in, with a public name); compatible seeks (same game, players and clock, "
                   "other addresses) start a game at once",
        "security": [{"personalToken": []}], "requestBody": json_body("SeekIn"),
        "responses": {**ok("SeekOut", "201"), **_error_responses(400, 403, 409, 413, 415, 422, 429)}}})
    spec.path("/api/seeks/{seek}", parameters=[seek], operations={"delete": {
        "summary": "Cancel one's own open seek",
        "security": [{"personalToken": []}],
        "responses": {"204": {"description": "cancelled"}, **_error_responses(404)}}})


def tournament_paths(spec) -> None:
    """Tournaments (issue 32): round robins and leagues; README "Tournaments" gives each body's fields."""
    tournament = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
    body = {"content": {"application/json": {"schema": {"type": "object"}}}}

    def answered(status: str, what: str, kind: str = "object") -> dict:
        return {status: {"description": what, "content": {"application/json": {"schema": {"type": kind}}}}}

    spec.path("/api/tournaments", operations={
        "post": {"summary": "Create a round robin or a league (signed in, with a public name); its seed is "
                            "committed now", "security": [{"personalToken": []}], "requestBody": body,
                 "responses": {**answered("201", "{id, url}"), **_error_responses(400, 401, 415, 422)}},
        "get": {"summary": "The newest tournaments", "responses": answered("200", "[{id, name, game, ...}]", "array")}})
    spec.path("/api/tournaments/{id}", parameters=[tournament], operations={"get": {
        "summary": "A tournament: entrants, games, standings, the seed's hash, and the seed once finished",
        "responses": {**answered("200", "{name, game, format, status, entrants, games, standings, seed_hash}"),
                      **_error_responses(404)}}})
    spec.path("/api/tournaments/{id}/entries", parameters=[tournament], operations={
        "post": {"summary": "Enter under the public name", "security": [{"personalToken": []}],
                 "responses": {**answered("201", "{name}"), **_error_responses(401, 404, 409, 422)}},
        "delete": {"summary": "Withdraw: the computer stands in at the entrant's games",
                   "security": [{"personalToken": []}],
                   "responses": {**answered("200", "{withdrawn, computer_stands_in}"),
                                 **_error_responses(401, 404, 409)}}})
    spec.path("/api/tournaments/{id}/start", parameters=[tournament], operations={"post": {
        "summary": "The organiser starts it (or a league's next season): the draw, then the games",
        "security": [{"personalToken": []}],
        "responses": {**answered("201", "{games}"), **_error_responses(401, 403, 404, 409)}}})


def push_paths(spec, json_body, ok) -> None:
    """Web Push (issue 30): the server's key, and a device's subscription for a seat or an address."""
    subscription = {"name": "subscription", "in": "path", "required": True, "schema": {"type": "string"}}
    spec.path("/api/push/key", operations={"get": {
        "summary": "The server's VAPID public key, for PushManager.subscribe",
        "responses": ok("PushKeyOut")}})
    spec.path("/api/push/subscriptions", operations={"post": {
        "summary": "Subscribe a device to Web Push: for the bearer's seat, or for every seat of the signed-in "
                   "address (session cookie or personal token)",
        "description": "The body is a browser's PushSubscription as its toJSON() gives it. 422 for an endpoint "
                       "that is not https or that the webhooks' address checks refuse.",
        "security": [{"seatToken": []}, {"personalToken": []}], "requestBody": json_body("PushSubscriptionIn"),
        "responses": {**ok("PushSubscribedOut", "201"), **_error_responses(400, 401, 413, 415, 422, 429)}}})
    spec.path("/api/push/subscriptions/{subscription}", parameters=[subscription], operations={"delete": {
        "summary": "Remove a device's subscription: the seat or address that made it",
        "security": [{"seatToken": []}, {"personalToken": []}],
        "responses": {"204": {"description": "removed"}, **_error_responses(401, 404)}}})


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

