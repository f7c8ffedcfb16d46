"""The words the board client (templates/play.js) writes into a page after it is drawn: what is chosen,
what a move would do, the countdown, lost moves. They are marked here so the extractor finds them
(babel.cfg) and handed to the script in the reader's language with the page's other data; the script
fills in their %(name)s values (tests/test_languages.py checks that every word it says is here)."""

from __future__ import annotations

from ..i18n import N_, translations

CLIENT_WORDS = (
    N_("Or, with %(piece)s:"), N_("%(piece)s chosen."),
    N_("%(num)s place it can reach is marked: choose one."), N_("%(num)s places it can reach are marked: choose one."),
    N_("Choose it again or press Escape to cancel."), N_("Which move to %(square)s?"),
    N_("%(num)s moves end on %(square)s: choose one below."), N_("This move would be refused:"),
    N_("Your move, not sent yet:"), N_("%(reason)s. Nothing was sent."), N_("The board after this move, not sent yet."),
    N_("Choose one:"), N_("Choose %(piece)s"), N_("Cancelled: nothing was sent."),
    N_("%(num)s day"), N_("%(num)s days"), N_("%(num)s hour"), N_("%(num)s hours"), N_("%(num)s minute"),
    N_("%(num)s minutes"), N_("%(time)s left"), N_("%(time)s left, paused"), N_("overdue by %(time)s"), N_("(due %(when)s)"),
    N_("You saw it at move %(top)s; it now stands at move %(seq)s."),
    N_("Move %(from)s as you saw it is no longer on the server"),
    N_("Moves %(from)s to %(top)s as you saw them are no longer on the server"),
    N_("(up to move %(same)s it is as you saw it)"), N_("Your turn"),
    N_("square %(square)s"),  # a square's accessible name where the game gave none (section 25)
    N_("The game moved on: the move you had chosen is no longer possible."),
    # the item picker (issue 27): a trade or a card return chosen item by item
    N_("Choose this move"), N_("Clear"), N_("nothing yet"), N_("%(label)s: %(items)s"),
    N_("Choose the items one by one: the move builds up here."), N_("Choose at least one item on each side."),
    N_("Value for value: you give %(give)s and take %(take)s."), N_("A ship carries at most two pieces of treasure."),
    N_("Not finished: choose more."), N_("No allowed move has these together: take one away."),
    N_("It can be played: choose it to see it before it is sent."),
)


def client_words(language: str) -> dict[str, str]:
    """The script's words that read otherwise in this language (none in English: it says its ids)."""
    catalog = translations(language)
    return {word: catalog.gettext(word) for word in CLIENT_WORDS if catalog.gettext(word) != word}
