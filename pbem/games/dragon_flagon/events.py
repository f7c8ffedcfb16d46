"""The data of each Dragon & Flagon event type, as marshmallow schemas (the published contract: the
JSON Schemas under schemas/events/dragon_flagon/ are generated from these). Event table of
`shared/specs/dragon-flagon.md` section 17.2; hidden parts (a planned card, Game End faces) are
redacted per seat by `redact`, never by leaving them out of the stored event."""

from marshmallow import Schema, fields

CHARACTER = fields.String(required=True, metadata={"description": "character id"})


class GameStarted(Schema):
    data = fields.Dict(required=True, metadata={"description": "the effective card and board data"})
    deal = fields.Raw(required=True)
    game_end = fields.List(fields.Dict(), required=True, metadata={"description": "[{space, face}], faces hidden"})
    options = fields.Dict(required=True)
    placement_order = fields.List(fields.String(), required=True)
    seats = fields.Integer(required=True)
    teams = fields.Raw(required=True)


class StandeePlaced(Schema):
    character = CHARACTER
    square = fields.Raw(required=True)
    facing = fields.Raw(required=True)
    reason = fields.String(required=True)


class CardPlanned(Schema):
    character = CHARACTER
    slot = fields.Integer(required=True)
    card = fields.Raw(required=True, metadata={"description": "visible only to the owning seat until revealed"})
    reason = fields.String(required=True)


class CharacterDrawn(Schema):
    space = fields.Integer(required=True)
    bag = fields.List(fields.String(), required=True)
    index = fields.Integer(required=True, metadata={"description": "the chance outcome"})
    character = CHARACTER
    forced = fields.Boolean()


class CardRevealed(Schema):
    character = CHARACTER
    card = fields.Raw(required=True)


class CardResolved(Schema):
    character = CHARACTER
    card = fields.Raw(required=True)
    choices = fields.Raw()
    whiff = fields.Boolean()
    log = fields.List(fields.String(), metadata={"description": "display lines built from public facts"})


class GameEndRevealed(Schema):
    space = fields.Integer(required=True)
    face = fields.Raw(required=True)


class GameEnded(Schema):
    totals = fields.Raw(required=True)
    ranking = fields.Raw(required=True)
    winners = fields.Raw(required=True)
    termination = fields.String(required=True)


class SeatResigned(Schema):
    seat = fields.Integer(required=True)


EVENT_SCHEMAS = {"game_started": GameStarted, "standee_placed": StandeePlaced, "card_planned": CardPlanned,
                 "character_drawn": CharacterDrawn, "card_revealed": CardRevealed, "card_resolved": CardResolved,
                 "game_end_revealed": GameEndRevealed, "game_ended": GameEnded, "seat_resigned": SeatResigned}
