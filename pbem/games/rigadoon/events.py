"""The data of each Rigadoon event type, as marshmallow schemas (the published contract: the JSON
Schemas under schemas/events/rigadoon/ are generated from these). `shared/specs/rigadoon.md`, "State,
events and views"; the platform's resignation adds `resigned`."""

from marshmallow import Schema, fields, validate

SEAT = fields.Integer(required=True, validate=validate.Range(min=0, max=1))


class FirstPlayerDrawn(Schema):
    """The chance outcome of `first: random`: the seat that chooses its fleet colour first."""

    seat = SEAT


class MovePlayed(Schema):
    """A move in canonical notation, by a seat or (a forced single option) by the rules; the chain it
    sets off is recomputed by the reducer."""

    move = fields.String(required=True)


class WindDrawn(Schema):
    """The chance outcome of a `wind` move: the new wind direction."""

    direction = fields.String(required=True)


class Resigned(Schema):
    """The seat left the game; the other fleet wins."""

    seat = SEAT


EVENT_SCHEMAS = {"first_player_drawn": FirstPlayerDrawn, "move_played": MovePlayed, "wind_drawn": WindDrawn,
                 "resigned": Resigned}
