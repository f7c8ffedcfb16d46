"""Strangers who find each other (issue 31, architecture section 22): public names (names.py), public
games listed in the lobby (listing.py), each public name's reliability (reliability.py), and seeks that
start games (seeks.py). The rows are the store's (pbem/store/lobby.py, pbem/store/seeks.py); the pages and
the API are pbem/web/lobby_pages.py and pbem/web/seek_routes.py.
"""
