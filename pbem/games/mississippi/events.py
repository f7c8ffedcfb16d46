"""The data of each Mississippi event type, as marshmallow schemas (the published contract: the JSON
Schemas under schemas/events/mississippi/ are generated from these). Event table of
`shared/specs/mississippi.md`, "Events and the protocol", plus the platform ruling `seat_resigned`."""

from marshmallow import Schema, fields, validate

SEAT = fields.Integer(required=True, validate=validate.Range(min=0, max=5))


class DieRolled(Schema):
    """The entry die of a seat whose first turn begins (A21)."""

    seat = SEAT
    value = fields.Integer(required=True, validate=validate.Range(min=1, max=6))


class MovePlayed(Schema):
    """A seat's move, in canonical notation; its reactions are recomputed by the reducer."""

    seat = SEAT
    move = fields.String(required=True, metadata={"description": "forward <k> | back <k> | rotate <+-s> forward|back <k>"})


class TurnSkipped(Schema):
    """The rules pass over a seat that has no legal move."""

    seat = SEAT


class SeatResigned(Schema):
    """The seat left the game; its boat stays on the river."""

    seat = SEAT


EVENT_SCHEMAS = {"die_rolled": DieRolled, "move_played": MovePlayed, "turn_skipped": TurnSkipped,
                 "seat_resigned": SeatResigned}
