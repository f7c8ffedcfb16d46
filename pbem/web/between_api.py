"""The JSON API of what passes between players (architecture section 17): messages, notes, takebacks,
offers and conditional moves, on the /api blueprint (pbem/web/api.py imports this module).

Status codes as the contract says: 201 for what was appended, 202 for a proposal the others must accept,
200 for conditional lines; 401 without a token, 403 with one of no seat here, 409 when another seat's
proposal is open (or none is, for an answer), 422 with the reason when it is not possible, 429 over a
limit.
"""

from __future__ import annotations

from flask import jsonify

from ..between import agreements, conditionals
from ..between import contract as schemas
from ..between import talk
from ..play import service
from . import contract, limits
from .api import bearer, bp, int_arg, json_body, viewer
from .db import get_db, get_site


def answer(body: dict, status: int):
    response = jsonify(body)
    response.status_code = status
    return response


def needs_token() -> str:
    token = bearer()
    if token is None:
        raise service.Unauthorized("this needs a seat token: Authorization: Bearer <token>")
    return token


def loaded_seat(game_id: str):
    """The game and the bearer's seat: 404, then 401, then 403, before anything about the body."""
    loaded = service.load(get_db(), game_id)
    token = needs_token()
    return loaded, service.seat_of(loaded, token), token


@bp.post("/games/<game_id>/messages")
def post_message(game_id):
    _, _, token = loaded_seat(game_id)
    body = contract.load_request(schemas.MessageIn, json_body())
    limits.limit("message")
    played = talk.post_message(get_db(), get_site(), game_id, token, body["text"])
    return answer({"seq": played.seq}, 201)


@bp.get("/games/<game_id>/messages")
def get_messages(game_id):
    loaded = service.load(get_db(), game_id)
    return jsonify(talk.messages(get_db(), loaded, viewer(loaded), int_arg("since", 0)))


@bp.post("/games/<game_id>/notes")
def post_note(game_id):
    _, _, token = loaded_seat(game_id)
    body = contract.load_request(schemas.NoteIn, json_body())
    limits.limit("message")
    played = talk.seal_note(get_db(), get_site(), game_id, token, body["text"], body["seq"])
    return answer({"seq": played.events[0].seq, "hash": played.events[0].hash}, 201)


@bp.get("/games/<game_id>/notes")
def get_notes(game_id):
    loaded, seat, _ = loaded_seat(game_id)
    return jsonify([n for n in talk.notes(get_db(), loaded, seat) if n["seat"] == seat])  # its own, as the contract says


def applied_or_proposed(done: agreements.Done):
    if done.proposal is not None:
        return answer({"proposal": done.proposal}, 202)
    return answer(applied(done), 201)


def applied(done: agreements.Done) -> dict:
    """What a carried-out takeback or offer answers; an agreed reopening adds the seat's invitation."""
    body = {"seq": done.played.seq, "applied": done.applied}
    seat = agreements.reopened_by(done)
    if seat is not None:
        body["invite_url"] = get_site().reopen_url(done.played.loaded.id, seat,
                                                   int(done.played.loaded.seats[seat].get("generation", 0)))
    return body


@bp.post("/games/<game_id>/takeback")
def takeback(game_id):
    _, _, token = loaded_seat(game_id)
    body = contract.load_request(schemas.TakebackIn, json_body())
    return applied_or_proposed(agreements.take_back(get_db(), get_site(), game_id, token, body["to_seq"]))


def answer_open(game_id, group: str):
    """The bearer's answer to the open proposal of this group ("takeback" or "offer")."""
    _, _, token = loaded_seat(game_id)
    body = contract.load_request(schemas.AnswerIn, json_body())
    done = agreements.answer(get_db(), get_site(), game_id, token, body["accept"], group)
    return answer(applied(done), 201)


@bp.post("/games/<game_id>/takeback/answer")
def takeback_answer(game_id):
    return answer_open(game_id, "takeback")


@bp.post("/games/<game_id>/offers")
def offers(game_id):
    _, _, token = loaded_seat(game_id)
    body = contract.load_request(schemas.OfferIn, json_body())
    return applied_or_proposed(agreements.offer(get_db(), get_site(), game_id, token, body["kind"],
                                                until=body["until"], seat=body["seat"]))


@bp.post("/games/<game_id>/resume")
def resume(game_id):
    """End the pause under way (any seat): 201; 409 when the game is not paused."""
    _, _, token = loaded_seat(game_id)
    played = agreements.resume(get_db(), get_site(), game_id, token)
    return answer({"seq": played.seq}, 201)


@bp.post("/games/<game_id>/offers/answer")
def offers_answer(game_id):
    return answer_open(game_id, "offer")


@bp.put("/games/<game_id>/conditionals")
def put_conditionals(game_id):
    _, _, token = loaded_seat(game_id)
    body = contract.load_request(schemas.ConditionalsIn, json_body())
    db = get_db()
    played = conditionals.set_lines(db, get_site(), game_id, token, body["lines"], body["seq"])
    sealed = played.events[0]
    head = service.load(db, game_id)  # a reply due at once has been played by now
    seat = service.seat_of(head, token)
    return answer({"lines": conditionals.live_lines(db, head, seat), "seq": head.seq, "hash": sealed.hash}, 200)


@bp.get("/games/<game_id>/conditionals")
def get_conditionals(game_id):
    loaded, seat, _ = loaded_seat(game_id)
    return jsonify({"lines": conditionals.live_lines(get_db(), loaded, seat), "seq": loaded.seq})
