"""Helpers the between-players tests share (issue 15): games played to a useful point, the API as a
seat, and every channel a viewer has, gathered for leak checks."""

from __future__ import annotations

import json
import random

from pbem import store
from pbem.games.base import Event
from pbem.notify import outbox
from pbem.play import service
from pbem.play.folding import PLATFORM_EVENTS

DUO = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]


def auth(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


def call(client, method, path, token=None, body=None):
    """(status, JSON) of an API call through Flask's test client. The game's head that every successful
    answer about a game carries (tests/test_head.py holds what it is) is taken out, so these compare the
    rest."""
    response = client.open(path, method=method, json=body, headers=auth(token))
    answer = response.get_json(silent=True)
    if isinstance(answer, dict) and response.status_code < 300 and "/api/games/" in path:
        assert set(answer.pop("head")) == {"seq", "hash"}
    return response.status_code, answer


def move(db, site, created, seat, choose=None, rng=None):
    loaded = service.load(db, created.id)
    legal = service.legal_moves(loaded, seat)
    chosen = choose(legal) if choose else (rng or random.Random(0)).choice(legal)
    service.submit_move(db, site, created.id, created.tokens[seat], chosen, loaded.seq)
    return chosen


def revealing(db, game_id, first, last) -> bool:
    """Whether any game event in seqs first..last reveals (chance or hidden information)."""
    loaded = service.load(db, game_id)
    for event in store.read_events_after(db, game_id, first - 1, upto=last):
        if event.type not in PLATFORM_EVENTS and loaded.module.reveals(Event(event.type, event.data, event.actor)):
            return True
    return False


def play_until_quiet(db, site, created, rng, at_least=2, most=200):
    """Play random moves (at least `at_least`) until the last move revealed nothing, so its seat may take
    it back alone; returns (that seat, the position before its move)."""
    for count in range(most):
        loaded = service.load(db, created.id)
        assert not loaded.finished, "the game ended before a quiet move came"
        seat = rng.choice(sorted(loaded.to_move))
        before = loaded.seq
        move(db, site, created, seat, rng=rng)
        after = service.load(db, created.id)
        if count + 1 >= at_least and not revealing(db, created.id, before + 1, after.seq) \
                and seat not in after.to_move and not after.finished:
            return seat, before
    raise AssertionError("no quiet move came")


def everything_seen_by(client, db, game_id, token=None, seat=None) -> str:
    """Every channel a viewer has, through Flask's test client (see `seen_through`), and, for a seat,
    the notices written to it."""
    def get(path, token):
        response = client.get(path, headers=auth(token))
        return response.status_code, response.data.decode()

    return seen_through(get, game_id, token) + "\n" + notices_to(db, game_id, seat)


def http_getter(server):
    """A `get(path, token)` over real HTTP, for `seen_through`."""
    import urllib.error
    import urllib.request

    def get(path, token):
        request = urllib.request.Request(server + path, headers=auth(token))
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    return get


def seen_through(get, game_id, token=None) -> str:
    """Every channel a viewer has, as one text: the API (game, log, messages, notes, conditionals, states),
    the pages (seat or spectator, history at every position with the audit view, the conditional moves
    page), and the records."""
    status, game = get(f"/api/games/{game_id}", None)
    assert status == 200, game
    head = json.loads(game)["seq"]
    paths = [f"/api/games/{game_id}", f"/api/games/{game_id}/events", f"/api/games/{game_id}/messages"]
    paths += [f"/api/games/{game_id}/state?at={k}" for k in range(1, head + 1)]
    if token:
        paths += [f"/api/games/{game_id}/notes", f"/api/games/{game_id}/conditionals"]
        base = f"/play/{token}"
        paths += [base, f"{base}/conditionals"]
    else:
        base = f"/games/{game_id}"
        paths += [base]
    paths += [f"{base}/export.json", f"{base}/record.txt"]
    paths += [f"{base}/history?at={k}&audit=1" for k in range(1, head + 1)]
    parts = []
    for path in paths:
        status, text = get(path, token)
        assert status == 200, (path, status, text[:300])
        parts.append(text)
    return "\n".join(parts)


def notices_to(db, game_id, seat) -> str:
    if seat is None:
        return ""
    parts = []
    for row in outbox.for_game(db, game_id):
        if row["seat"] == seat:
            parts += [row["subject"] or "", row["body_text"] or "", row["body_html"] or "", row["payload"] or ""]
    return "\n".join(parts)
