"""The data of each Buccaneer event type, as marshmallow schemas (the published contract: the JSON
Schemas under schemas/events/buccaneer/ are generated from these). Every event carries `effects`, the
small state changes the reducer applies in order; moves carry who may read their secret parts
(`seen_by`) and what everyone else sees (`public_move`). See `shared/specs/buccaneer.md` section 17.1."""

from marshmallow import Schema, fields, validate

EFFECTS = fields.List(fields.Dict(), required=True,
                      metadata={"description": "state changes applied in order; each has a kind `k`"})
SEAT = fields.Integer(validate=validate.Range(min=0, max=3))


class EffectsOnly(Schema):
    """Setup and automatic steps: the dealer cut, the shuffles, the deal, a turn's start."""

    effects = EFFECTS


class GameStarted(Schema):
    effects = EFFECTS
    home_ports = fields.List(fields.String(), required=True)
    seats = fields.Integer(required=True)


class MovePlayed(Schema):
    """A seat's move, or one the rules made (a forced option, a default on resignation)."""

    effects = EFFECTS
    seat = SEAT
    move = fields.String(required=True)
    public_move = fields.String(metadata={"description": "the move as seats outside `seen_by` see it"})
    seen_by = fields.List(fields.Integer(), metadata={"description": "seats that may read the whole move"})
    standing_order = fields.Boolean(metadata={"description": "the seat's standing order answered for it"})
    default = fields.Boolean(metadata={"description": "played by the rules for a seat that left"})


class RulesStep(Schema):
    effects = EFFECTS
    step = fields.String(required=True)


class Resigned(Schema):
    effects = EFFECTS
    seat = SEAT


EVENT_SCHEMAS = {
    "crew_dealt": EffectsOnly, "dealer_cut": EffectsOnly, "decks_shuffled": EffectsOnly, "turn_began": EffectsOnly,
    "game_started": GameStarted, "move_played": MovePlayed, "standing_order": MovePlayed,
    "rules_step": RulesStep, "resigned": Resigned,
}
