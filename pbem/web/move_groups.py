"""Long lists of legal moves, grouped for the seat page's list (`<optgroup>`), so that a player facing
two hundred Buccaneer courses or eighty Rigadoon sailings finds "sail B1 ..." together under one label.

Grouping reads only the move strings, so it works for every game's notation: moves sharing their first
two words ("sail B1", "place barbarian") form a group when that gives real groups; otherwise the first
word alone ("forward") does. Order is kept: the groups appear as their first move does."""

from __future__ import annotations

GROUP_AT_LEAST = 2  # on average, a grouping must put this many moves in each group to be worth showing


def group_moves(legal: list[str]) -> list[tuple[str, list[str]]]:
    """[(label, moves)] in the order of `legal`; one group labelled "" when grouping would not help."""
    for words in (2, 1):
        groups: dict[str, list[str]] = {}
        for move in legal:
            groups.setdefault(" ".join(move.split()[:words]), []).append(move)
        if 1 < len(groups) and len(legal) >= GROUP_AT_LEAST * len(groups):
            return list(groups.items())
    return [("", list(legal))]
