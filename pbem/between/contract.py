"""The API contract of what passes between players (architecture section 17): the marshmallow schemas of
its requests, answers and events, and its paths in the OpenAPI document (pbem/web/contract.py takes them in).

Lengths and legality are not checked here but by the verbs, which answer 422 with the reason (the
contract's status for an empty or too long message, an impossible takeback, a line that is not legal);
a body of the wrong shape is a 400, as everywhere.
"""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate


class MessageIn(Schema):
    class Meta:
        unknown = RAISE

    text = fields.String(required=True, metadata={"description": "at most 1,000 characters"})


class NoteIn(Schema):
    class Meta:
        unknown = RAISE

    text = fields.String(required=True, metadata={"description": "at most 2,000 characters"})
    seq = fields.Integer(strict=True, load_default=None, allow_none=True,
                         metadata={"description": "the position the note is about (default: now)"})


class TakebackIn(Schema):
    class Meta:
        unknown = RAISE

    to_seq = fields.Integer(strict=True, required=True, metadata={"description": "the position to go back to"})


class AnswerIn(Schema):
    class Meta:
        unknown = RAISE

    accept = fields.Boolean(required=True, truthy={True}, falsy={False})


class OfferIn(Schema):
    class Meta:
        unknown = RAISE

    kind = fields.String(required=True, validate=validate.OneOf(["draw", "abandon", "upgrade", "pause", "reopen"]),
                         metadata={"description": "draw, abandon, upgrade: move the game to the current rules "
                                                  "(issue 16; 422 when it plays them already), pause: stop "
                                                  "every clock until `until` (issue 28; 422 when the game "
                                                  "forbids pauses), or reopen: give the abandoned seat `seat` "
                                                  "to someone new (issue 31; 422 while it is not abandoned)"})
    until = fields.String(load_default=None, allow_none=True,
                          metadata={"description": "with pause: when the pause ends, an ISO date and time with its "
                                                   "zone, at most 30 days ahead"})
    seat = fields.Integer(load_default=None, allow_none=True, strict=True,
                          metadata={"description": "with reopen: the seat to reopen (counted from 0), one that ran "
                                                   "out of time, or that the computer has stood in for for a week"})


class ConditionalsIn(Schema):
    class Meta:
        unknown = RAISE

    seq = fields.Integer(strict=True, load_default=None, allow_none=True,
                         metadata={"description": "the position the lines start at (default: now)"})
    lines = fields.List(fields.Raw(), required=True,
                        metadata={"description": "each [[their moves], your move, [their moves], your move, ...]"})


class SeqOut(Schema):
    seq = fields.Integer(required=True)


class MessageOut(Schema):
    seq = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    at = fields.String(required=True)
    text = fields.String(required=True)


class ReceiptOut(Schema):
    seq = fields.Integer(required=True)
    hash = fields.String(required=True, metadata={"description": "the note's event hash: your receipt"})


class NoteOut(Schema):
    seq = fields.Integer(required=True)
    position = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    at = fields.String(required=True)
    text = fields.String(required=True)
    hash = fields.String(required=True)


class AppliedOut(Schema):
    seq = fields.Integer(required=True)
    applied = fields.Boolean(required=True)


class ProposalOut(Schema):
    proposal = fields.Integer(required=True, metadata={"description": "the seq of the proposal"})


class ConditionalsOut(Schema):
    lines = fields.List(fields.Raw(), required=True)
    seq = fields.Integer(required=True, metadata={"description": "the position the lines stand at"})
    hash = fields.String(metadata={"description": "when set: the hash of the event that sealed them"})


# --- events --------------------------------------------------------------------------------------------


class MessagePosted(Schema):
    seat = fields.Integer(required=True)
    text = fields.String(required=True)


class NoteSealed(Schema):
    seat = fields.Integer(required=True)
    seq = fields.Integer(required=True, metadata={"description": "the position the note is about"})
    text = fields.String(required=True)


class ProposalMade(Schema):
    seat = fields.Integer(required=True)
    kind = fields.String(required=True, metadata={"description": "takeback, draw, abandon, upgrade, pause or reopen"})
    needed = fields.List(fields.Integer(), required=True, metadata={"description": "the seats that must accept"})
    to_seq = fields.Integer(metadata={"description": "a takeback's position"})
    from_ = fields.Integer(data_key="from", metadata={"description": "an upgrade's rules version now"})
    to = fields.Integer(metadata={"description": "an upgrade's rules version to come"})
    until = fields.String(metadata={"description": "a pause's end (issue 28)"})
    reopen = fields.Integer(metadata={"description": "the seat a reopening gives to someone new (issue 31)"})
    holder = fields.String(metadata={"description": "a reopening: the name of the seat's vanished holder"})


class ProposalAnswered(Schema):
    seat = fields.Integer(required=True)
    proposal = fields.Integer(required=True)
    accept = fields.Boolean(required=True)
    withdrawn = fields.Boolean(metadata={"description": "the proposer's own no"})


class GameRewound(Schema):
    to_seq = fields.Integer(required=True)
    proposal = fields.Integer(metadata={"description": "the proposal agreed to, when the others had to agree"})


class EndingAgreed(Schema):
    termination = fields.String(required=True, validate=validate.OneOf(["agreed_draw", "abandoned"]))
    proposal = fields.Integer(required=True)
    seats = fields.List(fields.Integer(), required=True, metadata={"description": "the seats still in the game"})


class RulesUpgraded(Schema):
    from_ = fields.Integer(required=True, data_key="from", metadata={"description": "the version played until now"})
    to = fields.Integer(required=True, metadata={"description": "the version played from now on"})
    proposal = fields.Integer(required=True, metadata={"description": "the proposal every seat accepted"})


class SeatOnly(Schema):
    seat = fields.Integer(required=True)


class PauseAgreed(Schema):
    until = fields.String(required=True, metadata={"description": "when every clock runs again, unless resumed sooner"})
    proposal = fields.Integer(required=True, metadata={"description": "the proposal every seat accepted"})


class ConditionalsSet(Schema):
    seat = fields.Integer(required=True)
    seq = fields.Integer(required=True, metadata={"description": "the position the lines start at"})
    lines = fields.List(fields.Raw(), required=True)


EVENT_SCHEMAS = {"message_posted": MessagePosted, "note_sealed": NoteSealed, "proposal_made": ProposalMade,
                 "proposal_answered": ProposalAnswered, "game_rewound": GameRewound, "ending_agreed": EndingAgreed,
                 "conditionals_set": ConditionalsSet, "rules_upgraded": RulesUpgraded,  # rules_upgraded: issue 16
                 "pause_agreed": PauseAgreed, "pause_resumed": SeatOnly}  # issue 28

SCHEMAS = (MessageIn, NoteIn, TakebackIn, AnswerIn, OfferIn, ConditionalsIn, SeqOut, MessageOut, ReceiptOut,
           NoteOut, AppliedOut, ProposalOut, ConditionalsOut)


def add_paths(spec, ok, json_body, errors, game_id) -> None:
    """The paths of section 17's between-players rows, in the OpenAPI document."""
    seat = [{"seatToken": []}]
    general = errors

    def errors(*codes):
        out = general(*codes)
        if "409" in out:  # not a stale move here
            out["409"] = {**out["409"], "description": "another seat's proposal is open, or no proposal is"}
        return out

    spec.path("/api/games/{id}/messages", parameters=[game_id], operations={
        "post": {"summary": "Post a message to the other players (spectators read them once the game is over)",
                 "security": seat, "requestBody": json_body("MessageIn"),
                 "responses": {**ok("SeqOut", "201"), **errors(400, 401, 403, 404, 413, 422, 429)}},
        "get": {"summary": "The game's messages; a spectator gets [] while the game runs",
                "security": [{}, {"seatToken": []}],
                "parameters": [{"name": "since", "in": "query", "schema": {"type": "integer", "minimum": 0}}],
                "responses": {**ok("MessageOut", many=True), **errors(400, 403, 404)}}})
    spec.path("/api/games/{id}/notes", parameters=[game_id], operations={
        "post": {"summary": "Seal a note about a position: yours until the game ends; its hash is your receipt",
                 "security": seat, "requestBody": json_body("NoteIn"),
                 "responses": {**ok("ReceiptOut", "201"), **errors(400, 401, 403, 404, 413, 422, 429)}},
        "get": {"summary": "The bearer's own notes", "security": seat,
                "responses": {**ok("NoteOut", many=True), **errors(401, 403, 404)}}})
    applied_or_proposed = {**ok("AppliedOut", "201"),
                           "202": {"description": "proposed: the other seats still in the game must accept",
                                   "content": {"application/json": {"schema": "ProposalOut"}}}}
    spec.path("/api/games/{id}/takeback", parameters=[game_id], operations={"post": {
        "summary": "Take the game back to a position: at once when the log allows it alone, else proposed",
        "security": seat, "requestBody": json_body("TakebackIn"),
        "responses": {**applied_or_proposed, **errors(400, 401, 403, 404, 409, 413, 422)}}})
    for path, what in (("takeback/answer", "the open takeback proposal"), ("offers/answer", "the open offer")):
        spec.path(f"/api/games/{{id}}/{path}", parameters=[game_id], operations={"post": {
            "summary": f"Accept or decline {what} (the proposer's decline withdraws it)", "security": seat,
            "requestBody": json_body("AnswerIn"),
            "responses": {**ok("AppliedOut", "201"), **errors(400, 401, 403, 404, 409, 413, 422)}}})
    spec.path("/api/games/{id}/offers", parameters=[game_id], operations={"post": {
        "summary": "Offer a draw, to abandon the game, to move it to the current rules or to pause it: every "
                   "other seat still in the game must accept",
        "security": seat, "requestBody": json_body("OfferIn"),
        "responses": {**applied_or_proposed, **errors(400, 401, 403, 404, 409, 413, 422)}}})
    spec.path("/api/games/{id}/resume", parameters=[game_id], operations={"post": {
        "summary": "End the pause the players agreed to, early: every clock runs again (any seat)",
        "security": seat, "responses": {**ok("SeqOut", "201"), **errors(401, 403, 404, 409, 422)}}})
    spec.path("/api/games/{id}/conditionals", parameters=[game_id], operations={
        "put": {"summary": "Replace the bearer's conditional lines (sealed until the game ends)", "security": seat,
                "requestBody": json_body("ConditionalsIn"),
                "responses": {**ok("ConditionalsOut"), **errors(400, 401, 403, 404, 413, 422)}},
        "get": {"summary": "The bearer's conditional lines as they stand now", "security": seat,
                "responses": {**ok("ConditionalsOut"), **errors(401, 403, 404)}}})
