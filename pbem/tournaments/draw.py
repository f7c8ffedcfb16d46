"""The draw of a tournament and its standings, as pure functions anyone can run again (issue 32, item 3).

Nothing here reads a clock, a database or the network: given the entrants, the seats a game takes and
the seed revealed at the end, `round_robin` and `league_divisions` give back the same tables in the same
seat orders as the server drew; given the finished games, `standings` gives back the same points.

The draw (README "Tournaments" says the same in words):

- The entrants are put in order by name (case-folded), then shuffled by the seed's chance
  (pbem/play/chance.py's SeededChance, batch `season * 100 + division`, the way a game draws its dice).
- Two seats: the circle method (Berger tables) on the shuffled order, a bye when the count is odd: n - 1
  rounds (n when odd), every pair once, nobody twice in a round; seats by Berger's rule (`circle_rounds`).
- k > 2 seats: tables of k chosen one after another until every pair has met at least once; each table
  starts with the entrant who has most pairs still to meet (then fewest games so far, then the drawn
  order) and adds, seat by seat, the one who meets most new opponents at it (same ties). Tables go into
  the first round in which none of their entrants plays yet.
- Seat orders (k > 2): the least sum, over entrants and seats, of the square of how often the entrant
  sits there, searched locally: each table's best order given the others' (of all its orders up to 5
  seats, the first best in the drawn order; above 5, seat by seat, whoever sat there least), over all
  tables until none improves; then, up to 4 seats, two tables sharing an entrant reordered together; and
  again, at most 20 times.
- League divisions: the first season deals the shuffled order (batch `season * 100`) into the divisions,
  one at a time, top division first; later seasons follow the last one's standings (promotion and
  relegation, `next_divisions`).

Standings: a game of k seats gives the entrant at place p (1 = best) (k - p) / (k - 1) points (2 seats:
a win 1, a loss 0; a draw shares places, 0.5 each); entrants sharing places share their points. The
games' own tie-breaks already decide their ranking. Entrants level on points are split by a
Sonneborn-Berger sum: for each game, each opponent's total points, counted in full when the entrant
placed above them, half when level, not at all when below.
"""

from __future__ import annotations

import hashlib
import itertools
from typing import Mapping, Sequence

from ..play.chance import SeededChance

EXACT_SEAT_ORDERS_UP_TO = 5  # seats: every order of a table is tried up to this many (5! = 120 orders)
PAIRS_OF_TABLES_UP_TO = 4  # seats: two tables' orders are tried together up to this many (24 x 24 pairs)


def ordered(names: Sequence[str]) -> list[str]:
    """The entrants in the order the draw starts from: by name, case-folded (then as written)."""
    return sorted(names, key=lambda name: (name.casefold(), name))


def shuffled(names: Sequence[str], seed: bytes, batch: int) -> list[str]:
    return list(SeededChance(seed, batch).shuffle(ordered(names)))


def circle_rounds(order: Sequence[str]) -> list[list[tuple[str, ...]]]:
    """Every pair once, in rounds where each entrant plays at most once (the circle method, Berger's
    seat rule: the first entrant, who stays in place, takes the first seat in every other round; of each
    other pair, the one in the first half of the circle sits first), so each sits first as often as
    second, or once more."""
    players: list[str | None] = list(order) + ([None] if len(order) % 2 else [])
    n = len(players)
    rounds = []
    for number in range(n - 1):
        pairs = [(players[i], players[n - 1 - i]) for i in range(n // 2)]
        if number % 2:
            pairs[0] = (pairs[0][1], pairs[0][0])
        rounds.append([pair for pair in pairs if None not in pair])
        players = [players[0], players[-1], *players[1:-1]]
    return rounds


def covering_tables(order: Sequence[str], k: int) -> list[tuple[str, ...]]:
    """Tables of k in which every pair of entrants meets at least once (greedy; see the module's text)."""
    index = {name: i for i, name in enumerate(order)}
    uncovered = {frozenset(pair) for pair in itertools.combinations(order, 2)}
    played = dict.fromkeys(order, 0)
    tables = []
    while uncovered:
        def still_to_meet(name):
            return sum(1 for pair in uncovered if name in pair)

        table = [min(order, key=lambda name: (-still_to_meet(name), played[name], index[name]))]
        while len(table) < k:
            def new_at_table(name):
                return sum(1 for other in table if frozenset((name, other)) in uncovered)

            table.append(min((name for name in order if name not in table),
                             key=lambda name: (-new_at_table(name), played[name], index[name])))
        for pair in itertools.combinations(table, 2):
            uncovered.discard(frozenset(pair))
        for name in table:
            played[name] += 1
        tables.append(tuple(table))
    return tables


def into_rounds(tables: Sequence[tuple[str, ...]]) -> list[list[tuple[str, ...]]]:
    rounds: list[list[tuple[str, ...]]] = []
    for table in tables:
        for round_ in rounds:
            if not any(set(table) & set(other) for other in round_):
                round_.append(table)
                break
        else:
            rounds.append([table])
    return rounds


def seat_orders(rounds: Sequence[Sequence[tuple[str, ...]]], passes: int = 20) -> list[list[tuple[str, ...]]]:
    """The same tables, each in the seat order that keeps every entrant's seats most even (the least sum,
    over entrants and seats, of the square of how often the entrant sits there): table by table, the best
    order given every other table's; again over all tables until no order improves; then, up to 4 seats,
    the best orders of two tables that share an entrant at once, and all again (at most `passes` times)."""
    tables = [table for round_ in rounds for table in round_]
    counts: dict[str, list[int]] = {}
    for table in tables:
        for name in table:
            counts.setdefault(name, [0] * len(table))
    seated: list[tuple[str, ...]] = []

    def cost(order) -> int:
        """What seating `order` adds to the sum of squares, given the counts as they stand."""
        return sum(2 * counts[name][seat] + 1 for seat, name in enumerate(order))

    def sit(order, step: int = 1) -> None:
        for seat, name in enumerate(order):
            counts[name][seat] += step

    def orders(table):
        return itertools.permutations(table) if len(table) <= EXACT_SEAT_ORDERS_UP_TO else [greedy(table)]

    def greedy(table):
        left, chosen = list(table), []
        for seat in range(len(table)):
            name = min(left, key=lambda name: counts[name][seat])
            left.remove(name)
            chosen.append(name)
        return tuple(chosen)

    for table in tables:
        seated.append(min(orders(table), key=cost))
        sit(seated[-1])
    for _ in range(passes):
        changed = False
        for i, table in enumerate(tables):
            sit(seated[i], -1)
            best = min(orders(table), key=cost)
            if cost(best) < cost(seated[i]):
                seated[i], changed = best, True
            sit(seated[i])
        if not changed and tables and len(tables[0]) <= PAIRS_OF_TABLES_UP_TO:
            for i, j in itertools.combinations(range(len(tables)), 2):
                if not set(tables[i]) & set(tables[j]):
                    continue
                sit(seated[j], -1)
                sit(seated[i], -1)
                kept = cost(seated[i])
                sit(seated[i])
                kept += cost(seated[j])
                sit(seated[i], -1)
                best = (kept, seated[i], seated[j])
                for first in itertools.permutations(tables[i]):
                    paid = cost(first)
                    sit(first)
                    second = min(itertools.permutations(tables[j]), key=cost)
                    if paid + cost(second) < best[0]:
                        best = (paid + cost(second), first, second)
                    sit(first, -1)
                if best[0] < kept:
                    seated[i], seated[j], changed = best[1], best[2], True
                sit(seated[i])
                sit(seated[j])
        if not changed:
            break
    out, at = [], iter(seated)
    for round_ in rounds:
        out.append([next(at) for _ in round_])
    return out


def round_robin(names: Sequence[str], k: int, seed: bytes, season: int = 1,
                division: int = 1) -> list[list[tuple[str, ...]]]:
    """The rounds of a round robin among `names` at tables of `k`: each round a list of tables, each table
    the entrants' names in seat order. A round robin is division 1 of season 1; a league's divisions are
    numbered from 1, the top one."""
    if len(names) < k:
        raise ValueError(f"a round robin at tables of {k} needs at least {k} entrants, not {len(names)}")
    order = shuffled(names, seed, season * 100 + division)
    if k == 2:
        return circle_rounds(order)
    return seat_orders(into_rounds(covering_tables(order, k)))


def league_divisions(names: Sequence[str], count: int, seed: bytes, season: int = 1) -> list[list[str]]:
    """The first season's divisions (top first): the shuffled entrants dealt into `count` divisions."""
    order = shuffled(names, seed, season * 100)
    return [ordered(order[d::count]) for d in range(count)]


def next_divisions(standings_by_division: Sequence[Sequence[str]], movers: int) -> list[list[str]]:
    """The next season's divisions from each division's standings (names best first, top division first):
    the last `movers` of a division go down one, the first `movers` of the one below come up."""
    divisions = [list(names) for names in standings_by_division]
    out = [list(names) for names in divisions]
    for upper in range(len(divisions) - 1):
        lower = upper + 1
        moving = min(movers, len(divisions[upper]) // 2, len(divisions[lower]) // 2)
        if moving <= 0:
            continue
        down, up = divisions[upper][-moving:], divisions[lower][:moving]
        out[upper] = [name for name in out[upper] if name not in down] + up
        out[lower] = down + [name for name in out[lower] if name not in up]
    return [ordered(names) for names in out]


# --- standings -------------------------------------------------------------------------------------------


def places(outcome: Mapping, seats: int) -> list[tuple[int, ...]]:
    """The groups of seats, best first: the game's ranking, else its winners above the rest."""
    ranking = [tuple(group) for group in outcome.get("ranking") or () if group]
    if not ranking:
        winners = tuple(outcome.get("winners") or ())
        rest = tuple(seat for seat in range(seats) if seat not in winners)
        ranking = [group for group in (winners, rest) if group]
    ranked = {seat for group in ranking for seat in group}
    missing = tuple(seat for seat in range(seats) if seat not in ranked)
    return ranking + ([missing] if missing else [])


def game_points(outcome: Mapping, seats: int) -> dict[int, float]:
    """Each seat's points from one game: (k - place) / (k - 1), shared among seats sharing places."""
    points, place = {}, 1
    for group in places(outcome, seats):
        shared = sum((seats - p) / (seats - 1) for p in range(place, place + len(group))) / len(group)
        for seat in group:
            points[seat] = shared
        place += len(group)
    return points


def standings(names: Sequence[str], games: Sequence[Mapping]) -> list[dict]:
    """The standings of `names` over finished games ({"seats": [names in seat order], "outcome"}), best
    first: [{"name", "points", "tiebreak", "played"}]."""
    points = dict.fromkeys(names, 0.0)
    played = dict.fromkeys(names, 0)
    scored = []
    for game in games:
        seats = list(game["seats"])
        gained = game_points(game["outcome"], len(seats))
        group_of = {seat: g for g, group in enumerate(places(game["outcome"], len(seats))) for seat in group}
        for seat, name in enumerate(seats):
            if name in points:
                points[name] += gained[seat]
                played[name] += 1
        scored.append((seats, group_of))
    tiebreak = dict.fromkeys(names, 0.0)
    for seats, group_of in scored:
        for seat, name in enumerate(seats):
            for other_seat, other in enumerate(seats):
                if other_seat == seat or name not in tiebreak or other not in points:
                    continue
                above = group_of[seat] < group_of[other_seat]
                level = group_of[seat] == group_of[other_seat]
                tiebreak[name] += points[other] * (1.0 if above else 0.5 if level else 0.0)
    rows = [{"name": name, "points": round(points[name], 4), "tiebreak": round(tiebreak[name], 4),
             "played": played[name]} for name in names]
    return sorted(rows, key=lambda row: (-row["points"], -row["tiebreak"], row["name"].casefold(), row["name"]))


# --- checking a tournament's answer ------------------------------------------------------------------------


def check(answer: Mapping) -> list[str]:
    """What is wrong with a tournament's draw as `GET /api/tournaments/<id>` answers it once its season has
    ended (an empty list: nothing): the seed against its committed hash, then each division's games, drawn
    again from the seed, against the games the answer lists (their rounds and seat orders); for a league's
    first season, its divisions too."""
    if not answer.get("seed"):
        return ["the seed is not revealed yet: it is, once the season has ended"]
    seed = bytes.fromhex(answer["seed"])
    problems = []
    if hashlib.sha256(seed).hexdigest() != answer.get("seed_hash"):
        problems.append("the revealed seed's SHA-256 is not the hash committed at the start")
    k, season = answer["players_per_game"], answer.get("season", 1)
    divisions: dict[int, list] = {}
    for game in answer["games"]:
        divisions.setdefault(game.get("division", 1), []).append(game)
    for number, games in sorted(divisions.items()):
        names = sorted({name for game in games for name in game["seats"]})
        drawn = [(r, list(table)) for r, round_ in enumerate(round_robin(names, k, seed, season, number), 1)
                 for table in round_]
        listed = [(game["round"], list(game["seats"])) for game in games]
        if drawn != listed:
            problems.append(f"division {number}: the games are not the ones the seed draws")
    if answer.get("format") == "league" and season == 1:
        everyone = sorted({name for game in answer["games"] for name in game["seats"]})
        drawn_divisions = league_divisions(everyone, len(divisions), seed, season)
        listed_divisions = [ordered({n for g in games for n in g["seats"]}) for _, games in sorted(divisions.items())]
        if drawn_divisions != listed_divisions:
            problems.append("the divisions are not the ones the seed draws")
    return problems
