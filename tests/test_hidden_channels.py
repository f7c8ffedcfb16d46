"""Hidden information stays hidden on every channel the platform adds: the API's view, event log and
history, the seat page, and the e-mails and webhooks. Each game's own tests check what its `view`,
`redact` and renderers hide; here we check the platform only ever shows a seat what those give for
that seat, for the games with secrets (Buccaneer's hands, The Dragon & Flagon's plans)."""

import json
import random

import pytest
from markupsafe import escape  # as Jinja escapes the page

from pbem import store
from pbem.games import GAMES
from pbem.games.base import Event
from pbem.notify import outbox
from pbem.play import service
from pbem.play.folding import PLATFORM_EVENTS, fold
from tests.support import play_randomly

SECRET_GAMES = {"buccaneer": 3, "dragon_flagon": 4}


@pytest.mark.parametrize("name", sorted(SECRET_GAMES))
def test_every_channel_shows_a_seat_only_its_own_view(name, db, site, client):
    seats = SECRET_GAMES[name]
    players = [{"name": f"P{i}", "email": f"p{i}@example.org"} for i in range(seats)]
    created = service.create_game(db, site, name, players)
    loaded = play_randomly(db, site, created, 25, random.Random(name))
    module = GAMES[name]
    texts = {s: module.render_text(loaded.state, s) for s in range(seats)}
    assert len(set(texts.values())) > 1, "the seats' boards should differ: each shows its own secrets"
    for seat in range(seats):
        auth = {"Authorization": f"Bearer {created.tokens[seat]}"}
        body = client.get(f"/api/games/{created.id}", headers=auth).json
        assert body["view"] == json.loads(json.dumps(module.view(loaded.state, seat)))
        log = client.get(f"/api/games/{created.id}/events", headers=auth).json
        for shown, stored in zip(log, store.read_events(db, loaded.id)):
            if stored.type not in PLATFORM_EVENTS:
                expected = module.redact(Event(stored.type, stored.data, stored.actor), seat)
                assert shown["data"] == json.loads(json.dumps(expected))
        middle = loaded.seq // 2
        then = client.get(f"/api/games/{created.id}/state?at={middle}", headers=auth).json
        assert then["view"] == json.loads(json.dumps(module.view(fold(created.id, store.read_events(db, loaded.id)[:middle], complete=False).state, seat)))
        page = client.get(f"/play/{created.tokens[seat]}").data.decode()
        assert str(escape(texts[seat])) in page  # the seat's own board is there
        for other in range(seats):
            if texts[other] != texts[seat]:
                assert str(escape(texts[other])) not in page
        own = [n for n in outbox.for_game(db, created.id) if n["seat"] == seat]
        assert own, "each seat has at least its invitation"
        for notice in own:
            for other in range(seats):
                if other != seat and texts[other] != texts[seat]:
                    assert texts[other] not in (notice["body_text"] or "")
    spectator = client.get(f"/api/games/{created.id}").json
    assert spectator["view"] == json.loads(json.dumps(module.view(loaded.state, None)))
