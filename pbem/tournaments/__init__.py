"""Tournaments (issue 32, item 3; architecture section 23): round robins and leagues that anyone can check.

- draw.py: the pure part, run again by anyone: the tables and seat orders drawn from a seed, a league's
  divisions, promotion and relegation, the standings as a fold over finished games.
- running.py: the verbs: create, enter, withdraw, start (the games made at once or round after round),
  a season's end (its seed revealed), and the answer the API and the pages show.

The rows are the store's (pbem/store/tournaments.py); the pages and the API are pbem/web/tournament_pages.py.
It sits beside the lobby: it reads public names (pbem/lobby/) and makes games through the play service,
with the computer standing in for an entrant who left (pbem/people/computer.py's seats).
"""
