"""What the head of a seat or spectator page says (issue 27 items 4 and 6), in the reader's language: who
moves, by name, and, once the game is over, its result in words ("Ann won by 3 points", "Drawn by
agreement"), so that a page and its tab title lead with what a player looks for first. The same words go
in the tab's title, so a tab in the background tells whose turn it is."""

from __future__ import annotations

from babel.lists import format_list

from ..i18n import N_
from . import languages
from .languages import gettext, ngettext

ENDINGS = {
    "resigned": N_("everyone else resigned"),
    "round_cap": N_("the last round was played"),
    "turn_limit": N_("the last turn was played"),
    "goal": N_("a boat reached the goal"),
    "stalled": N_("no one could move any more"),
    "agreed_draw": N_("the players agreed a draw"),
    "abandoned": N_("the players agreed to abandon the game"),
}


def ending_in_words(termination: str) -> str:
    """Why the game ended, as a player reads it."""
    known = ENDINGS.get(termination)
    return gettext(known) if known else termination.replace("_", " ")


def names_in_words(names: list[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy", in the reader's language."""
    if not names:
        return ""
    try:
        return format_list(list(names), locale=languages.current())
    except (ValueError, LookupError):  # a language babel does not know
        return ", ".join(names)


def points_by_seat(outcome: dict) -> dict[int, int]:
    """Each seat's points where the game counts them: a number per seat ("home": treasure brought home)
    or per team ("total", with the team's "seats"); empty where the game ranks without points."""
    points = {}
    for key, value in (outcome.get("scores") or {}).items():
        if not isinstance(value, dict):
            continue
        if isinstance(value.get("home"), int) and key.isdigit():
            points[int(key)] = value["home"]
        elif isinstance(value.get("total"), int) and isinstance(value.get("seats"), list):
            for seat in value["seats"]:
                points[seat] = value["total"]
    return points


def margin(outcome: dict) -> int | None:
    """By how many points the winners came ahead of the best of the others, where points decided it."""
    points = points_by_seat(outcome)
    winners = outcome.get("winners") or []
    others = [points[s] for s in points if s not in winners]
    if not winners or not others or any(s not in points for s in winners) or outcome.get("termination") == "resigned":
        return None
    ahead = min(points[s] for s in winners) - max(others)
    return ahead if ahead > 0 else None


def result_in_words(outcome: dict, names: list[str]) -> str:
    """The result first, in words: who won and by how much, or how it was drawn."""
    termination = outcome.get("termination")
    winners = outcome.get("winners") or []
    if termination == "agreed_draw":
        return gettext("Drawn by agreement.")
    if termination == "abandoned":
        return gettext("Abandoned by agreement.")
    if not winners:
        return gettext("A draw: %(ending)s.", ending=ending_in_words(termination))
    who = names_in_words([names[s] for s in winners])
    by = margin(outcome)
    if by is not None:
        return ngettext("%(names)s won by %(num)s point.", "%(names)s won by %(num)s points.", by, names=who, num=by)
    return gettext("%(names)s won: %(ending)s.", names=who, ending=ending_in_words(termination))


def title_words(outcome: dict | None, to_move: list[int], names: list[str], seat: int | None) -> str:
    """The head of the tab's title: "Your turn", "Ann to move", or how the game ended."""
    if outcome is not None:
        return result_in_words(outcome, names).rstrip(".")
    if seat is not None and seat in to_move:
        return gettext("Your turn")
    if not to_move:
        return ""
    return movers_in_words(to_move, names)


def movers_in_words(to_move: list[int], names: list[str]) -> str:
    return ngettext("%(names)s to move", "%(names)s to move", len(to_move),
                    names=names_in_words([names[s] for s in to_move]))
