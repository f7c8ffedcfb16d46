"""What the HTML panel beside the board shows (templates/games/dragon_flagon.html): the state of play in
a sentence, the crews' scores, the time track with its Game End tokens, and a card per character with
its reputation, place, held object, statuses, face-up cards, Dragon card and plan.

Built from the seat's view alone (never the state), so it can show nothing the seat may not see: a
seat's own planned cards and hand appear only in its own view. Card texts are those of the printed card
table (`cardtext`); the planning buttons (hints) read the game's own table.
"""

from __future__ import annotations

# The panel sees only the view, which carries no card table: it reads the printed one (printed_data).
from .cardtext import (card_anchor, card_flags, card_text, character_anchor, character_name, facing_word,
                       object_word, printed_data)
from .data import DEFAULTS
from .svg import badge, legend_icon, team_colour

ROMAN = ("I", "II", "III")
LEGEND = ("mug", "chair", "barrel", "chest", "flagon", "familiar")
DRAGON_STATE = {"locked": "locked", "unlocked": "unlocked", "spent": "used"}


def seat_name(names, seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def _card(card_id: str) -> dict:
    card = printed_data().cards.get(card_id)
    if card is None:
        return {"id": card_id, "name": card_id, "text": "", "flags": "", "anchor": "cards", "time": None}
    return {"id": card_id, "name": card.name, "text": card_text(card, DEFAULTS), "flags": card_flags(card),
            "anchor": card_anchor(card_id), "time": card.time}


def _dragon_card(cid: str) -> dict:
    data = printed_data()
    return _card(next(c.id for c in data.cards.values() if c.owner == cid and c.kind == "dragon"))


def _names(names, seats) -> str:
    listed = [seat_name(names, s) for s in seats]
    return ", ".join(listed[:-1]) + " and " + listed[-1] if len(listed) > 1 else "".join(listed) or "nobody"


def status_line(view: dict, names, seat=None) -> str:
    """What the game waits for, in a sentence; for a seat, what it owes first."""
    p = view["pending"]
    kind = p["kind"]
    others = [s for s in p["seats"] if s != seat]
    yours = seat is not None and seat in p["seats"]
    who = "you" if yours and not others else _names(names, p["seats"])
    character = f"the {character_name(p['character'])}" if p.get("character") else ""
    if kind == "over":
        return "The game is over."
    if kind == "setup":
        return f"Setting up: {who} {'place' if who == 'you' else 'places'} {character} on a start square."
    if kind in ("returns", "drawn_return"):
        return f"Time {view['space']}: {character} climbs back aboard; {who} {'choose' if who == 'you' else 'chooses'} where."
    if kind in ("planning", "replan"):
        mine = {c["id"] for c in view["characters"] if seat is not None and c["seat"] == seat}
        owed = p.get("owed", {})
        parts = [f"{n} card{'s' if n > 1 else ''} for the {character_name(c)}" for c, n in owed.items() if c in mine]
        head = f"Time {view['space']}: " + ("overboard, new cards! " if kind == "replan" else "planning, in secret. ")
        text = head + (f"You plan {', '.join(parts)}." if parts else "")
        if others:
            text += f" Also waiting for {_names(names, others)}." if parts else f"Waiting for {_names(names, others)}."
        return text.strip()
    if kind == "choose":
        card = _card(p["card"])["name"] if p.get("card") else "its card"
        return f"Time {view['space']}: {character} plays {card}; {who} {'choose' if who == 'you' else 'chooses'} how."
    return f"Time {view['space']}."


def crews(view: dict, names, seat) -> list[dict]:
    pirate = view["board"]["id"] == "pirate"
    out = []
    for t in view["scores"]:
        players = ", ".join(seat_name(names, s) for s in t["seats"])
        if pirate:
            label = ("Crew A, left ship" if t["team"] == 0 else "Crew B, right ship") + f" ({players})"
            parts = [f"reputation {t['reputation']}"]
            if t["chests"]:
                parts.append(f"{t['chests']} chest{'s' if t['chests'] != 1 else ''}")
            if t["bonus"]:
                parts.append(f"{t['bonus']} for a smaller crew")
            detail = " + ".join(parts)
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
            end = {"watch": "City Watch", "blank": "blank"}.get(face, "Game End token, face down") if face else \
                "Game End token, face down"
        tokens = [{"badge": badge(c["id"]), "name": character_name(c["id"]), "colour": team_colour(c["team"])}
                  for c in chars if c["time"] == space]
        spaces.append({"space": space, "now": space == view["space"], "past": space < view["space"],
                       "end": end, "face": ("Watch" if face == "watch" else "–" if face == "blank" else "?")
                       if end else "", "tokens": tokens})
    return spaces


def _where(entry) -> str:
    if entry["resigned"]:
        return "out of the game"
    if entry["square"] is None:
        return "overboard, swimming back" if entry["overboard"] else "not on board yet"
    level = ", on a table" if entry.get("level") == "table" else ""
    return f"on {entry['square']}{level}, facing {facing_word(entry['facing'])}"


def character(entry, view: dict, names, seat) -> dict:
    pending = view["pending"]
    plan = []
    for i, slot in enumerate(entry["plan"]):
        if "token" in slot:
            word = "Dazed" if slot["token"] == "dazed" else "Fallen"
            plan.append({"slot": ROMAN[i], "kind": "token", "name": word, "text": (
                "Dazed: this character loses time recovering" if word == "Dazed" else
                "Fallen: this character gets up before acting"), "anchor": "dazed-fallen"})
        elif slot["card"]:
            plan.append(dict(_card(slot["card"]), slot=ROMAN[i], kind="card"))
        else:
            plan.append({"slot": ROMAN[i], "kind": "hidden", "name": "face down", "text": "", "anchor": "planning"})
    durations = []
    for d in entry["durations"]:
        card = _card(d["card"])
        note = " It lost reputation since, so it pays nothing." if d["lost"] and card["id"] in ("boast", "flourish") else ""
        durations.append(dict(card, note=note))
    owes = pending.get("owed", {}).get(entry["id"], 0) if pending["kind"] in ("planning", "replan") else 0
    hand = [_card(c) for c in entry.get("hand", [])]
    dragon = _dragon_card(entry["id"])
    return {
        "id": entry["id"], "name": character_name(entry["id"]), "badge": badge(entry["id"]),
        "colour": team_colour(entry["team"]), "player": seat_name(names, entry["seat"]),
        "mine": seat is not None and entry["seat"] == seat, "reputation": entry["reputation"],
        "time": entry["time"], "where": _where(entry),
        "holds": f"holds the {object_word(entry['holds'])}" if entry["holds"] else "",
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
        "legend": [{"kind": k, "word": object_word(k) if k != "familiar" else "the Wizard's familiar",
                    "icon": legend_icon(k)} for k in LEGEND
                   if view["board"]["id"] == "pirate" or k != "chest"],
        "box": view.get("box", 0), "pirate": view["board"]["id"] == "pirate",
    }
