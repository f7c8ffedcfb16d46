"""The published contract: marshmallow schemas of the JSON API and of every event type, and the
events as they are stored. pbem/web/openapi.py generates the OpenAPI document and the events' JSON Schemas
from them into the top-level schemas/ folder.

Follows `shared/specs/architecture.md` section 6. Requests are loaded through these schemas at the
edge.
"""

from __future__ import annotations

import importlib

from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, validate, validates_schema

from ..between import contract as between_contract
from ..games import GAMES

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
                                                   "like 7d, or seconds); \"time_per_move\" is the same as per_move. "
                                                   "\"public\": true lists a game with open seats in the lobby (signed "
                                                   "in with a public name; 422 otherwise), \"min_reliability\" (0-100) "
                                                   "the share of decisions in time a joiner needs; \"rated\": true "
                                                   "counts the finished game in the ratings when every human seat is "
                                                   "a signed-in address with a public name"})


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


WEEKDAY_NAMES = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


class MySettingsIn(Schema):
    """PUT /api/me/settings: a signed-in address's settings: its public name, the language, the time zone,
    the rest days and the quiet hours. A field left out keeps its value."""
    class Meta:
        unknown = RAISE

    public_name = fields.String(metadata={"description": "the name other players read instead of the address: "
                                                         "3 to 24 letters, digits, _ or -, unique (409 when it or a "
                                                         "name that looks the same is taken)"})
    language = fields.String(allow_none=True, validate=validate.OneOf(["en", "de", "fr"]),
                             metadata={"description": "the language of this address's pages (null: as the "
                                                      "browser asks); a seat's own setting wins on its pages"})
    time_zone = fields.String(validate=validate.Length(min=1, max=60),
                              metadata={"description": "an IANA time zone (Europe/Berlin) the rest days and "
                                                       "vacation dates are in"})
    rest_days = fields.List(fields.String(validate=validate.OneOf(WEEKDAY_NAMES)),
                            metadata={"description": "at most two weekdays on which this address's clocks do not "
                                                     "run, in every game it sits in that allows rest days, from each "
                                                     "seat's next turn on"})
    quiet_hours = fields.List(fields.String(validate=validate.Length(max=5)), allow_none=True,
                              metadata={"description": 'when this address\'s quiet hours begin and end, in its time '
                                                       'zone, like ["22:00", "07:00"]: its pushes (and its mail, with '
                                                       'quiet_mail) wait until they end; null or [] for none'})
    quiet_mail = fields.Boolean(metadata={"description": "whether a game's mail to this address waits for the end of "
                                                         "its quiet hours too (pushes always do)"})


class MyVacationIn(Schema):
    """PUT /api/me/vacation: one vacation for all of the address's games, scheduled ahead."""
    class Meta:
        unknown = RAISE

    start = fields.String(required=True, validate=validate.Length(max=10),
                          metadata={"description": "its first day (ISO date, in the address's zone), today or later"})
    end = fields.String(required=True, validate=validate.Length(max=10),
                        metadata={"description": "its last day (ISO date), within the yearly allowance"})


class PushKeysIn(Schema):
    class Meta:
        unknown = RAISE

    p256dh = fields.String(required=True, validate=validate.Length(max=200))
    auth = fields.String(required=True, validate=validate.Length(max=100))


class PushSubscriptionIn(Schema):
    """POST /api/push/subscriptions: a browser's PushSubscription as its toJSON() gives it (issue 30)."""
    class Meta:
        unknown = EXCLUDE  # a browser adds fields of its own (expirationTime)

    endpoint = fields.String(required=True, validate=validate.Length(min=1, max=2000))
    keys = fields.Nested(PushKeysIn, required=True)


class SeatSettingsIn(Schema):
    """PUT /api/games/<id>/settings: what a seat's settings page sets; a field left out keeps its value."""
    class Meta:
        unknown = RAISE

    email_on = fields.Boolean(metadata={"description": "e-mail notices on or off"})
    digest = fields.Boolean(metadata={"description": "one daily digest instead of a mail per move"})
    webhook = fields.String(allow_none=True, validate=validate.Length(max=2000),
                            metadata={"description": "a URL each notice is POSTed to (null or empty: none)"})
    confirm = fields.Boolean(metadata={"description": "moves are confirmed on the seat page before they are sent"})
    language = fields.String(allow_none=True, validate=validate.OneOf(["en", "de", "fr"]),
                             metadata={"description": "the language of the seat's pages (null: as the browser asks)"})
    rest_days = fields.List(fields.String(validate=validate.OneOf(WEEKDAY_NAMES)),
                            metadata={"description": "at most two weekdays on which this seat's clock does not run, "
                                                     "from its next turn on (422 where the game forbids them)"})
    time_zone = fields.String(validate=validate.Length(min=1, max=60),
                              metadata={"description": "the IANA time zone of the seat's rest days (default UTC)"})


# --- responses ---------------------------------------------------------------------------------------


class SeatSettingsOut(Schema):
    email_on = fields.Boolean(required=True)
    digest = fields.Boolean(required=True)
    webhook = fields.String(allow_none=True, required=True)
    confirm = fields.Boolean(required=True)
    language = fields.String(allow_none=True, required=True,
                             metadata={"description": "en, de or fr; null: as the reader's browser asks"})
    rest_days = fields.List(fields.String(), metadata={"description": "the seat's rest days as last set"})
    time_zone = fields.String(allow_none=True, metadata={"description": "their zone; null: none set"})


class MyVacationOut(Schema):
    start = fields.String(allow_none=True, required=True, metadata={"description": "its first day; null: none ahead"})
    end = fields.String(allow_none=True, required=True, metadata={"description": "its last day"})
    left_this_year = fields.Integer(required=True, metadata={"description": "days of the yearly allowance left"})
    games = fields.List(fields.Dict(), metadata={"description": "each game that took part of it: id, seat, and "
                                                                "start and end in UTC (a game whose own vacation "
                                                                "days allow less takes as much as they allow)"})


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


class LobbyGameOut(Schema):
    """A public game waiting for players (GET /api/lobby, issue 31)."""
    id = fields.String(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    open = fields.Integer(required=True, metadata={"description": "seats still open"})
    taken = fields.Integer(required=True, metadata={"description": "seats taken"})
    clock = fields.Dict(required=True, metadata={"description": "{\"kind\": \"per_move\", \"per_move\"}, {\"kind\": "
                                                                "\"fischer\", \"initial\", \"increment\", \"max\"} "
                                                                "(seconds) or {\"kind\": \"none\"}"})
    created_by = fields.String(required=True, metadata={"description": "the creator's public name"})
    invite_url = fields.String(required=True, metadata={"description": "the join page (sign-in needed to take a seat)"})
    min_reliability = fields.Integer(allow_none=True, required=True,
                                     metadata={"description": "the share of decisions in time a joiner needs, or null"})


class ReliabilityOut(Schema):
    finished = fields.Integer(required=True, metadata={"description": "games finished"})
    timed_out = fields.Integer(required=True, metadata={"description": "games in which the player's time ran out"})
    abandoned = fields.Integer(required=True, metadata={"description": "finished games whose last decision of the "
                                                                       "player's was a timeout"})
    in_time = fields.Integer(required=True, metadata={"description": "percent of decisions owed made in time"})


class PlayerOut(Schema):
    """GET /api/players/<public_name> (issue 31)."""
    name = fields.String(required=True)
    reliability = fields.Nested(ReliabilityOut, required=True)
    ratings = fields.Dict(keys=fields.String(), values=fields.Nested("RatingOut"), required=True,
                          metadata={"description": "per game: the name's rating (issue 32)"})


class RatingOut(Schema):
    """A rating (issue 32): OpenSkill's Plackett-Luce mu and sigma, the ordinal mu - 3 sigma, games rated."""
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    ordinal = fields.Float(required=True)
    games = fields.Integer(required=True)


class RatingListOut(RatingOut):
    """GET /api/ratings/<game>: one name's line of the rating list."""
    name = fields.String(required=True)


class RotatedOut(Schema):
    token = fields.String(required=True)
    url = fields.String(required=True)


class PushKeyOut(Schema):
    key = fields.String(required=True, metadata={"description": "the VAPID public key: an uncompressed P-256 "
                                                                 "point, base64url (PushManager's applicationServerKey)"})


class SeekIn(Schema):
    """POST /api/seeks (issue 31)."""
    game = fields.String(required=True)
    players = fields.Integer(required=True)
    clock = fields.Dict(allow_none=True, metadata={"description": "as POST /api/games's options take it; null or "
                                                                  "absent: no clock"})
    expires = fields.String(allow_none=True, metadata={"description": "an ISO time; absent: in 7 days; at most 30"})


class SeekOut(Schema):
    id = fields.String(required=True)
    game_id = fields.String(metadata={"description": "present when this seek completed a match and started a game"})
    url = fields.String(metadata={"description": "with game_id: the poster's own seat link"})


class PushSubscribedOut(Schema):
    id = fields.String(required=True)


class OutcomeOut(Schema):
    termination = fields.String(required=True)
    winners = fields.List(fields.Integer(), required=True)
    ranking = fields.List(fields.List(fields.Integer()), required=True)
    scores = fields.Dict()


class ClockOut(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(["per_move", "fischer"]))
    left = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                       metadata={"description": "seat -> seconds left on its clock: while it owes a decision, its "
                                                "turn's time less what its clock ran (standing still on vacation or a "
                                                "rest day; the deadline lies later by any stop ahead), else what its "
                                                "next turn starts with (its bank, or the time per move)"})
    paused = fields.Boolean(required=True, metadata={"description": "every seat owing a decision has its clock "
                                                                    "stopped now (on vacation, a rest day, or a pause the players "
                                                                    "agreed to)"})
    stopped = fields.List(fields.Integer(), metadata={"description": "the seats owing a decision whose clock "
                                                                     "stands still now (vacation, rest day or pause)"})


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
    error = fields.String(required=True, metadata={"description": "the reason, in the reader's language "
                                                                  "(Accept-Language) where pbem has it translated"})
    code = fields.String(metadata={"description": "a refusal's reason as the server words it in English, the "
                                                  "same whatever the language of `error`"})


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


class PublicRecord(Schema):
    """A public game's listing in the lobby, as its creation records it (issue 31)."""
    created_by = fields.String(required=True, metadata={"description": "the creator's public name"})
    creator_sha256 = fields.String(required=True, metadata={"description": "hex SHA-256 of the creator's address"})
    min_reliability = fields.Integer(allow_none=True, required=True)


class SeatsDrawn(Schema):
    """A game started by matched seeks: the seekers' public names in the order they came, and the order of
    the seats drawn from the game's seed (batch 0): seat s holds from[order[s]] (issue 31)."""
    from_ = fields.List(fields.String(), required=True, data_key="from")
    order = fields.List(fields.Integer(), required=True)


class GameCreated(Schema):
    game = fields.String(required=True)
    clock = fields.Nested(ClockRecord, required=True)
    seat_count = fields.Integer(required=True)
    options = fields.Dict(required=True)
    seats = fields.List(fields.Nested(SeatRecord), required=True)
    commitment = fields.String(required=True, metadata={"description": "hex SHA-256 of the secret seed"})
    rules_version = fields.Integer(metadata={"description": "the version of the game's rules it is played under "
                                                             "(absent: 1)"})
    public = fields.Nested(PublicRecord, metadata={"description": "present when the game is listed in the lobby"})
    seats_drawn = fields.Nested(SeatsDrawn, metadata={"description": "present when matched seeks started the game"})
    rated = fields.Boolean(metadata={"description": "created rated (issue 32; absent: not rated)"})


class SeedRevealed(Schema):
    seed = fields.String(required=True, metadata={"description": "the game's 256-bit seed, hex"})


class SeatSettingsChanged(Schema):
    seat = fields.Integer(required=True)
    email_on = fields.Boolean(required=True)
    digest = fields.Boolean(required=True)
    webhook = fields.String(allow_none=True, required=True)
    confirm = fields.Boolean(metadata={"description": "moves are confirmed before they are sent (absent: yes)"})
    language = fields.String(allow_none=True, validate=validate.OneOf(["en", "de", "fr"]),
                             metadata={"description": "the language of the seat's pages (null: as the browser asks; "
                                                      "absent: as before)"})


class SeatOnly(Schema):
    seat = fields.Integer(required=True)


class VacationEvent(Schema):
    seat = fields.Integer(required=True)
    start = fields.String(metadata={"description": "a vacation scheduled ahead (for all of an address's games): "
                                                   "when it begins; absent: now, until the seat is back"})
    end = fields.String(metadata={"description": "when a scheduled vacation ends"})
    scheduled = fields.Boolean(metadata={"description": "vacation_ended: scheduled vacations end too"})


class RestDaysSet(Schema):
    seat = fields.Integer(required=True)
    days = fields.List(fields.String(validate=validate.OneOf(["mon", "tue", "wed", "thu", "fri", "sat", "sun"])),
                       required=True, validate=validate.Length(max=2),
                       metadata={"description": "the days its clock does not run, from the seat's next turn on"})
    zone = fields.String(required=True, metadata={"description": "the IANA time zone the days are in"})


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


class SeatReopened(Schema):
    seat = fields.Integer(required=True)
    holder = fields.String(required=True, metadata={"description": "the name of the seat's vanished holder"})
    proposal = fields.Integer(required=True, metadata={"description": "the agreed proposal to reopen it"})


class SeatTaken(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True, metadata={"description": "the newcomer"})
    previous = fields.String(required=True, metadata={"description": "the seat's vanished holder"})
    email = fields.String(allow_none=True, required=True,
                          metadata={"description": "the newcomer's address (their seat only)"})
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
                          "seat_settings_changed": SeatSettingsChanged, "vacation_started": VacationEvent,
                          "vacation_ended": VacationEvent, "turn_timed_out": TurnTimedOut,
                          "rest_days_set": RestDaysSet,  # issue 28
                          # issue 14
                          "seats_opened": SeatsOpened, "seat_joined": SeatJoined,
                          "seat_address_changed": SeatAddressChanged, "seat_link_rotated": SeatLinkRotated,
                          **between_contract.EVENT_SCHEMAS,  # issue 15
                          "seat_handed_over": SeatHandedOver, "computer_stopped": SeatOnly,  # issue 17
                          "seat_reopened": SeatReopened, "seat_taken": SeatTaken,  # issue 31
                          "computer_stood_in": SeatOnly}  # issue 32


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
