"""The pages' part of time away (issue 28), registered on the pages' and the home's blueprints: a seat's
own rest days from its settings page (`/play/<token>/rest`), and from /me the address's rest days for all
its games (`/me/rest`), one vacation for all of them (`/me/vacation`) and the quiet hours its notices
wait through (`/me/quiet`, issue 30)."""

from __future__ import annotations

from flask import current_app, flash, redirect, request, url_for

from ..games.base import GameError
from ..notify import quiet
from ..people import away
from ..play import clock, service
from . import home, pages
from .db import get_db, get_site
from .languages import gettext, page_message


def chosen_days() -> list[str]:
    return [day for day in clock.WEEKDAYS if request.form.get(f"rest_{day}")]


def rest_form(kept: dict) -> dict:
    """What the rest-day form (templates/_rest_days.html) shows: the days as last set, their zone."""
    return {"weekdays": clock.WEEKDAYS, "rest_days": kept.get("rest_days") or [],
            "time_zone": kept.get("time_zone") or away.DEFAULT_ZONE}


def seat_rest(loaded, seat: int) -> dict:
    """The seat's rest days as last set, for its settings page; whether the game allows them; the part of
    an address's vacation (from /me) this game holds for it, under way or ahead."""
    rest = clock.latest_rest(loaded.vacations, seat)
    now = clock.parse_time(service.utcnow())
    scheduled = next((v for v in loaded.vacations if isinstance(v, clock.Vacation) and v.seat == seat
                      and v.end is not None and v.end > now), None)
    kept = {"rest_days": clock.day_names(rest.days) if rest else [], "time_zone": rest.zone if rest else None}
    return {**rest_form(kept), "rests_allowed": clock.rests_allowed(loaded.clock) and clock.has_clock(loaded.clock),
            "scheduled": {"start": clock.format_time(scheduled.start), "end": clock.format_time(scheduled.end)}
            if scheduled else None}


@pages.bp.post("/play/<token>/rest")
def seat_rest_days(token):
    pages.check_csrf()
    loaded, _ = pages.seat_from_token(token)
    try:
        away.set_seat_rest(get_db(), get_site(), loaded.id, token, chosen_days(), request.form.get("time_zone", "").strip(),
                           service.utcnow())
    except (GameError, service.ServiceError) as exc:
        flash(gettext("Not done: %(reason)s", reason=page_message(str(exc))))
    else:
        flash(gettext("Your rest days are saved: they count from your next turn on."))
    return redirect(url_for("pages.seat_settings", token=token) + "#rest", code=303)


@home.bp.post("/me/rest")
def my_rest_days():
    pages.check_csrf()
    address = home.signed_in()
    if address is None:
        return redirect(url_for("home.signin_form"), code=303)
    try:
        away.set_rest(get_db(), get_site(), address, chosen_days(), request.form.get("time_zone", "").strip(),
                      service.utcnow())
    except (GameError, service.ServiceError) as exc:
        flash(gettext("Not done: %(reason)s", reason=page_message(str(exc))))
    else:
        flash(gettext("Your rest days are saved: they count from your next turn on in each game that allows them."))
    return redirect(url_for("home.me") + "#away", code=303)


@home.bp.post("/me/quiet")
def my_quiet_hours():
    pages.check_csrf()
    address = home.signed_in()
    if address is None:
        return redirect(url_for("home.signin_form"), code=303)
    begin, end = request.form.get("quiet_from", "").strip(), request.form.get("quiet_until", "").strip()
    try:
        quiet.set_quiet(get_db(), address, [begin, end] if begin or end else None,
                        bool(request.form.get("quiet_mail")), service.utcnow())
    except service.ServiceError as exc:
        flash(gettext("Not done: %(reason)s", reason=page_message(str(exc))))
    else:
        flash(gettext("Your quiet hours are saved.") if begin or end else gettext("You have no quiet hours now."))
    return redirect(url_for("home.me") + "#quiet", code=303)


@home.bp.post("/me/vacation")
def my_vacation():
    pages.check_csrf()
    address = home.signed_in()
    if address is None:
        return redirect(url_for("home.signin_form"), code=303)
    db, now, allowance = get_db(), service.utcnow(), current_app.config["ADDRESS_VACATION_DAYS"]
    try:
        if request.form.get("action") == "end":
            away.end_vacation(db, get_site(), address, allowance, now)
            flash(gettext("Your vacation has ended: your clocks run again."))
        else:
            away.schedule_vacation(db, get_site(), address, request.form.get("start", ""), request.form.get("end", ""),
                                   allowance, now)
            flash(gettext("Your vacation is set: your clock stands still then in each of your games."))
    except (GameError, service.ServiceError) as exc:
        flash(gettext("Not done: %(reason)s", reason=page_message(str(exc))))
    return redirect(url_for("home.me") + "#away", code=303)


def my_away(db, address: str, now: str) -> dict:
    """What /me shows of time away: the rest-day form, and the vacation under way or ahead."""
    return {**rest_form(away.settings_of(db, address)), "quiet": quiet.settings_of(db, address),
            "vacation": away.vacation_of(db, address, now, current_app.config["ADDRESS_VACATION_DAYS"]),
            "allowance": current_app.config["ADDRESS_VACATION_DAYS"]}
