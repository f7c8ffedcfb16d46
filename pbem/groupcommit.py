"""Moved to pbem/store/groupcommit.py, the store's write path; this name is kept for code that imports it
from here."""

from .store.groupcommit import IDLE_SECONDS, MOST_PER_COMMIT, Committer, begin, committer_for, run  # noqa: F401
