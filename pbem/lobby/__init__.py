"""Strangers who find each other (issue 31, architecture section 22): public names (names.py), public
games listed in the lobby (listing.py), and each public name's reliability (reliability.py). The rows
are the store's (pbem/store/lobby.py); the pages and the API are pbem/web/lobby_pages.py and lobby_api.py.
"""
