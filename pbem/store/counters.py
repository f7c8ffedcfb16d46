"""The rate limits' counters (pbem/ratelimit.py decides what they mean): one row per (limit, address,
window) in a small SQLite file of their own beside the database, run with `synchronous=NORMAL` (counts,
not truth: no fsync per request)."""
