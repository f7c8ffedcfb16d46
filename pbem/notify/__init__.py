"""Notices leave the server here: the outbox, e-mail over SMTP (or .eml files), signed webhooks, the
scheduler's sweep, and moves that come back by e-mail (architecture section 8)."""
