"""What the HTML panel beside the board shows (templates/games/dragon_flagon.html): the state of play in
a sentence, the crews' scores, the time track with its Game End tokens, and a card per character with
its reputation, place, held object, statuses, face-up cards, Dragon card and plan.

Built from the seat's view alone (never the state), so it can show nothing the seat may not see: a
seat's own planned cards and hand appear only in its own view. Card texts are those of the printed card
table (`cardtext`); the planning buttons (hints) read the game's own table.
"""

from __future__ import annotations

# The panel sees only the view, which carries no card table: it reads the printed one (printed_data).
from ..base import N_, Phrase, counted, listed, said
from .cardtext import card_anchor, card_text, character_anchor, printed_data
from .data import DEFAULTS
from .phrases import between, card_phrase, card_tags
from .phrases import character as the_character
from .phrases import character_name, direction, object_phrase
from .svg import badge, legend_icon, team_colour

ROMAN = ("I", "II", "III")
LEGEND = ("mug", "chair", "barrel", "chest", "flagon", "familiar")
FACE_DOWN = N_("Game End token, face down")
LEGEND_WORDS = {"mug": N_("mug"), "chair": N_("chair"), "barrel": N_("barrel"), "chest": N_("chest"),
                "flagon": N_("Flagon"), "familiar": N_("the Wizard's familiar")}
DRAGON_STATE = {"locked": N_("locked"), "unlocked": N_("unlocked"), "spent": N_("used")}


def seat_name(names, seat: int) -> Phrase | str:
    return names[seat] if seat < len(names) and names[seat] else said("Seat %(n)s", n=seat + 1)


def _card(card_id: str) -> dict:
    card = printed_data().cards.get(card_id)
    if card is None:
        return {"id": card_id, "name": card_id, "text": "", "flags": "", "anchor": "cards", "time": None}
    return {"id": card_id, "name": card_phrase(card_id, card.name), "text": card_text(card, DEFAULTS),
            "flags": card_tags(card), "anchor": card_anchor(card_id), "time": card.time}


def _dragon_card(cid: str) -> dict:
    data = printed_data()
    return _card(next(c.id for c in data.cards.values() if c.owner == cid and c.kind == "dragon"))


def _names(names, seats) -> Phrase:
    return listed([seat_name(names, s) for s in seats]) if seats else N_("nobody")


def status_line(view: dict, names, seat=None) -> Phrase:
    """What the game waits for, in a sentence; for a seat, what it owes first."""
    p = view["pending"]
    kind = p["kind"]
    others = [s for s in p["seats"] if s != seat]
    you = seat is not None and seat in p["seats"] and not others
    who = _names(names, p["seats"])
    the = the_character(p["character"]) if p.get("character") else ""
    space = view["space"]
    if kind == "over":
        return N_("The game is over.")
    if kind == "setup":
        return said("Setting up: you place %(character)s on a start square.", character=the) if you else \
            said("Setting up: %(who)s places %(character)s on a start square.", who=who, character=the)
    if kind in ("returns", "drawn_return"):
        return said("Time %(space)s: %(character)s climbs back aboard; you choose where.", space=space, character=the) \
            if you else said("Time %(space)s: %(character)s climbs back aboard; %(who)s chooses where.", space=space,
                             character=the, who=who)
    if kind in ("planning", "replan"):
        mine = {c["id"] for c in view["characters"] if seat is not None and c["seat"] == seat}
        owed = p.get("owed", {})
        parts = [counted("%(n)s card for %(character)s", "%(n)s cards for %(character)s", n, character=the_character(c))
                 for c, n in owed.items() if c in mine]
        args = {"space": space, "waiting": _names(names, others), "owes": between(parts, ", ")}
        if kind == "replan":
            if parts:
                return said("Time %(space)s: overboard, new cards! You plan %(owes)s. Also waiting for %(waiting)s.",
                            **args) if others else said("Time %(space)s: overboard, new cards! You plan %(owes)s.", **args)
            return said("Time %(space)s: overboard, new cards! Waiting for %(waiting)s.", **args) if others else \
                said("Time %(space)s: overboard, new cards!", **args)
        if parts:
            return said("Time %(space)s: planning, in secret. You plan %(owes)s. Also waiting for %(waiting)s.",
                        **args) if others else said("Time %(space)s: planning, in secret. You plan %(owes)s.", **args)
        return said("Time %(space)s: planning, in secret. Waiting for %(waiting)s.", **args) if others else \
            said("Time %(space)s: planning, in secret.", **args)
    if kind == "choose":
        card = _card(p["card"])["name"] if p.get("card") else N_("its card")
        return said("Time %(space)s: %(character)s plays %(card)s; you choose how.", space=space, character=the,
                    card=card) if you else \
            said("Time %(space)s: %(character)s plays %(card)s; %(who)s chooses how.", space=space, character=the,
                 card=card, who=who)
    return said("Time %(space)s.", space=space)


def crews(view: dict, names, seat) -> list[dict]:
    pirate = view["board"]["id"] == "pirate"
    out = []
    for t in view["scores"]:
        players = between([seat_name(names, s) for s in t["seats"]], ", ")
        if pirate:
            label = said("Crew A, left ship (%(players)s)", players=players) if t["team"] == 0 else \
                said("Crew B, right ship (%(players)s)", players=players)
            parts = [said("reputation %(n)s", n=t["reputation"])]
            if t["chests"]:
                parts.append(counted("%(n)s chest", "%(n)s chests", t["chests"]))
            if t["bonus"]:
                parts.append(said("%(n)s for a smaller crew", n=t["bonus"]))
            detail = between(parts, " + ")
        else:
            label, detail = players, ""
        out.append({"label": label, "total": t["total"], "detail": detail, "colour": team_colour(t["team"]),
                    "yours": seat is not None and seat in t["seats"]})
    return out


def track(view: dict) -> list[dict]:
    chars = [c for c in view["characters"] if not c["resigned"]]
    ends = {t["space"]: t["face"] for t in view["game_end"]}
    last = max([30, view["space"]] + [c["time"] for c in chars] + list(ends))
    spaces = []
    for space in range(last + 1):
        face = ends.get(space, False)
        end = None
        if face is not False:
            end = {"watch": N_("City Watch"), "blank": N_("blank")}.get(face, FACE_DOWN) if face else FACE_DOWN
        tokens = [{"badge": badge(c["id"]), "name": character_name(c["id"]), "colour": team_colour(c["team"])}
                  for c in chars if c["time"] == space]
        spaces.append({"space": space, "now": space == view["space"], "past": space < view["space"],
                       "end": end, "face": (N_("Watch") if face == "watch" else "–" if face == "blank" else "?")
                       if end else "", "tokens": tokens})
    return spaces


def _where(entry) -> Phrase:
    if entry["resigned"]:
        return N_("out of the game")
    if entry["square"] is None:
        return N_("overboard, swimming back") if entry["overboard"] else N_("not on board yet")
    if entry.get("level") == "table":
        return said("on %(square)s, on a table, facing %(direction)s", square=entry["square"],
                    direction=direction(entry["facing"]))
    return said("on %(square)s, facing %(direction)s", square=entry["square"], direction=direction(entry["facing"]))


def character(entry, view: dict, names, seat) -> dict:
    pending = view["pending"]
    plan = []
    for i, slot in enumerate(entry["plan"]):
        if "token" in slot:
            dazed = slot["token"] == "dazed"
            plan.append({"slot": ROMAN[i], "kind": "token", "name": N_("Dazed") if dazed else N_("Fallen"), "text": (
                N_("Dazed: this character loses time recovering") if dazed else
                N_("Fallen: this character gets up before acting")), "anchor": "dazed-fallen"})
        elif slot["card"]:
            plan.append(dict(_card(slot["card"]), slot=ROMAN[i], kind="card"))
        else:
            plan.append({"slot": ROMAN[i], "kind": "hidden", "name": N_("face down"), "text": "", "anchor": "planning"})
    durations = []
    for d in entry["durations"]:
        card = _card(d["card"])
        note = N_(" It lost reputation since, so it pays nothing.") if d["lost"] and card["id"] in ("boast", "flourish") \
            else ""
        durations.append(dict(card, note=note))
    owes = pending.get("owed", {}).get(entry["id"], 0) if pending["kind"] in ("planning", "replan") else 0
    hand = [_card(c) for c in entry.get("hand", [])]
    dragon = _dragon_card(entry["id"])
    return {
        "id": entry["id"], "name": character_name(entry["id"]), "badge": badge(entry["id"]),
        "colour": team_colour(entry["team"]), "player": seat_name(names, entry["seat"]),
        "mine": seat is not None and entry["seat"] == seat, "reputation": entry["reputation"],
        "time": entry["time"], "where": _where(entry),
        "holds": said("holds %(thing)s", thing=object_phrase(entry["holds"])) if entry["holds"] else "",
        "fallen": entry["fallen"], "dazed": entry["dazed"], "durations": durations, "plan": plan,
        "dragon": dict(dragon, state=DRAGON_STATE.get(entry["dragon"], entry["dragon"])),
        "hand": hand, "has_hand": "hand" in entry, "owes": owes,
        "active": entry["time"] == view["space"] and not entry["resigned"] and view["phase"] not in ("over", "setup"),
        "drawn": pending.get("character") == entry["id"] and pending["kind"] != "setup",
        "placing": pending.get("character") == entry["id"] and pending["kind"] == "setup",
        "anchor": character_anchor(entry["id"]),
        "resigned": entry["resigned"],
    }


def panel(view: dict, seat, names=()) -> dict:
    """Everything the HTML panel shows, from the seat's view (None: a spectator)."""
    if view.get("phase") == "pregame":
        return {"started": False}
    chars = [character(e, view, names, seat) for e in view["characters"]]
    chars.sort(key=lambda c: (not c["mine"], 0))  # the seat's own characters first, then in character order
    return {
        "started": True, "status": status_line(view, names, seat), "crews": crews(view, names, seat),
        "track": track(view), "space": view["space"], "characters": chars,
        "legend": [{"kind": k, "word": LEGEND_WORDS[k],
                    "icon": legend_icon(k)} for k in LEGEND
                   if view["board"]["id"] == "pirate" or k != "chest"],
        "box": view.get("box", 0), "pirate": view["board"]["id"] == "pirate",
    }
