"""The reasons the server's verbs give for a refusal that a page shows a person (a seat link that opens
nothing, a finished game, a vacation already taken), marked for the extractor so that `page_message`
(pbem/web/languages.py) finds them in the reader's catalog. The verbs keep raising them in English, as the
API and the command line say them; a reason that names a value of its own (a move, a number) stays English
on the page, and the games' own refusals (their rules' words) too."""

from __future__ import annotations

from ..i18n import N_

PAGE_REASONS = (
    N_("no seat has that link; check it was copied whole"),
    N_("no game has that invitation; check it was copied whole"),
    N_("no such game here"),
    N_("the game is over"),
    N_("the game is over: there is no seat to hand on"),
    N_("you have no move to make now: it is not your turn"),
    N_("the game has not begun: it waits for players to take its open seats"),
    N_("this game has no clock, so there is nothing to pause"),
    N_("you are already on vacation"),
    N_("the creator of this game does not allow pauses"),
    N_("the game is not paused"),
    N_("until must be in the future"),
    N_("a pause ends at most 30 days ahead"),
    N_("you are not on vacation"),
    N_("you have used all your vacation for this year"),
    N_("the computer is not playing for you: your seat is yours"),
    N_("every seat of this game is taken already"),
    N_("a newer proposal was made since the notice you answered: look at it first"),
    N_("you have accepted this proposal already"),
    N_("it is your own proposal: the others answer it"),
    N_("your answer is not asked for this proposal"),
    N_("that changes nothing now"),
    N_("that seat is not one of your games"),
    N_("the seat's link was replaced after this address was asked for; ask again from the seat"),
    N_("the game is too busy right now; try again"),
    N_("give an e-mail address"),
    N_("email: that does not look like an e-mail address"),
    # rest days and one vacation for all games (issue 28)
    N_("this game does not allow rest days"),
    N_("at most 2 rest days a week"),
    N_("start and end are dates like 2026-12-24"),
    N_("the vacation ends before it begins"),
    N_("a vacation for all your games is scheduled ahead: it cannot begin before today"),
    N_("you have a vacation under way or ahead already: end it first"),
    # public names and the lobby (issue 31)
    N_("public_name: a public name is 3 to 24 letters, digits, _ or -"),
    N_("public_name: that name, or one that looks the same, is taken"),
    N_("public: sign in first (a public game shows its creator's public name)"),
    N_("public: choose a public name on /me first (other players read it instead of your address)"),
    N_("public: a public game needs at least one open seat"),
    N_("min_reliability: a whole number from 0 to 100 (the share of decisions made in time)"),
    N_("min_reliability: only a public game asks a minimum"),
    N_("choose a public name on /me first: you join a public game under it"),
    N_("clock: per_move, fischer, none, or a time per move such as 3d (games that give at most that per move)"),
    # seeks (issue 31)
    N_("sign in first: a seek is posted by a signed-in address"),
    N_("choose a public name on /me first: other players read it instead of your address"),
    N_("you have five open seeks already: cancel one first"),
    N_("you have no open seek of that id"),
    N_("expires: an ISO time such as 2026-12-01T12:00:00Z"),
    N_("expires: a time in the future"),
    N_("clock: an object such as {\"kind\": \"per_move\", \"per_move\": \"2d\"}"),
    # reopening an abandoned seat (issue 31)
    N_("you cannot reopen your own seat: hand it on to someone instead"),
    N_("that seat has been taken already: this invitation opens nothing any more"),
    N_("the game is over: there is no seat to take"),
    # tournaments (issue 32)
    N_("no tournament has that id"),
    N_("sign in first"),
    N_("choose a public name on /me first: tournaments show it instead of your address"),
    N_("the entries are closed"),
    N_("the tournament is full"),
    N_("you have entered already"),
    N_("you are not in this tournament"),
    N_("only the organiser starts the tournament"),
    N_("the tournament has started already"),
    N_("name: 1 to 80 printable characters"),
    N_("format: round_robin or league"),
    N_("rounds: at_once or one_after_another"),
    N_("entries_close: a date and time such as 2026-12-01T18:00:00Z"),
)
