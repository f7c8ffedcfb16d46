"""Moving a running game to the current rules (issue 16, architecture section 15).

A game plays the rules version recorded in its `game_created` for good, unless every seat agrees to move
it on: a proposal of the kind `upgrade {from, to}` (see `pbem/events/agreements.py`), which the last
acceptance carries out with `rules_upgraded {from, to}`. Folding that event asks the game for the same
position under the newer rules (its `upgrade(state, version)`, which refuses a position that is not valid
under them), so from then on deciding, folding and verifying follow the new version; the log keeps the
old version's events as they were, and `verify` re-runs them under the version in force when they came.
"""

from __future__ import annotations

from ..games.base import Event, Phrase, said
from .agreements import PROPOSALS, ProposalKind
from .kinds import Kind, Working

RULES_UPGRADED = "rules_upgraded"
FACT = "rules_version"  # the version in force once upgraded (before: the one game_created recorded)


def upgraded_to(data, proposal: int) -> list[Event]:
    return [Event(RULES_UPGRADED, {"from": data["from"], "to": data["to"], "proposal": proposal}, "rules")]


PROPOSALS["upgrade"] = ProposalKind(
    "a move to the current rules", upgraded_to, fields=("from", "to"),
    words=lambda data: said("to move the game from version %(old)s to version %(new)s of the rules", old=data["from"],
                            new=data["to"]))


def rules_upgraded(work: Working, event) -> None:
    work.state = work.module.upgrade(work.state, event.data["to"])
    work.facts[FACT] = event.data["to"]
    work.facts["proposal"] = None


def upgraded_words(names, event) -> Phrase:
    return said("Everyone agreed: the game now plays version %(new)s of the rules (it played version %(old)s).",
                new=event.data["to"], old=event.data["from"])


KINDS = {RULES_UPGRADED: Kind(rules_upgraded, words=upgraded_words)}
