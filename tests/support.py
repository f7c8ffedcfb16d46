"""Small helpers the platform tests share (not fixtures: plain functions over the service)."""

from pbem import service

THREE = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}, {"name": "Cy"}]

# Ann's boat three empty fields from the goal, the others far away: `forward 3` wins.
NEAR_GOAL = {"boats": {"0": {"field": 80, "east": 1, "logs": 20}, "1": {"field": 10, "east": 1, "logs": 20},
                       "2": {"field": 30, "east": 1, "logs": 20}}, "supply": 0, "to_move": 0}


def play_out(db, site, created, choose=lambda legal: legal[0], limit=500):
    """Play a game through the service to its end, each seat choosing with `choose`; returns the moves."""
    played = []
    for _ in range(limit):
        loaded = service.load(db, created.id)
        if loaded.finished:
            return played
        seat = min(loaded.module.to_move(loaded.state))
        legal = loaded.module.legal_moves(loaded.state, seat)
        move = choose(legal)
        service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq)
        played.append((seat, move))
    raise AssertionError(f"game did not end within {limit} moves")


def play_randomly(db, site, created, steps, rng):
    """Up to `steps` moves through the service, each by a seat that owes one, chosen with `rng` among
    its legal moves; returns the game as loaded at the end."""
    for _ in range(steps):
        loaded = service.load(db, created.id)
        if loaded.finished:
            break
        seat = rng.choice(sorted(loaded.to_move))
        move = rng.choice(loaded.module.legal_moves(loaded.state, seat))
        service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq)
    return service.load(db, created.id)
