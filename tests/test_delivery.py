"""Delivery can never hold up the scheduler (the audit's N1 and part of N10): a webhook or an SMTP server
that drips its answer one byte at a time is cut off at the call's deadline; while one game's webhook
drips, other games' mail and a computer seat's answer still come at once, through real `pbem serve`
processes with one worker and with two; a killed process's claimed notices and scheduler lease are taken
over within a minute; a fractional PBEM_COMPUTER_DELAY answers at once."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time

import pytest

from pbem import store
from pbem.notify import courier, mail, sender, webhook
from pbem.play import service
from tests.conftest import ROOT
from tests.support import json_call as call
from tests.support import serving, wait_for


class Dripper:
    """A peer on loopback that answers one byte every `interval` seconds, for `seconds` at most per
    connection (an HTTP peer reads the request first; an SMTP one drips its greeting at once).
    `cut` counts the connections the caller closed before the answer was complete."""

    def __init__(self, answer: bytes, interval: float, seconds: float, read_request: bool):
        self.answer, self.interval, self.seconds, self.read_request = answer, interval, seconds, read_request
        self.connections = 0
        self.cut = 0
        self.done = threading.Event()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.done.is_set():
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._drip, args=(connection,), daemon=True).start()

    def _drip(self, connection: socket.socket) -> None:
        with connection:
            if self.read_request:
                received = b""
                while b"\r\n\r\n" not in received:
                    received += connection.recv(65536) or b"\r\n\r\n"
            ends = time.monotonic() + self.seconds
            answer = self.answer * int(self.seconds / self.interval / len(self.answer) + 1)
            for byte in answer:
                if self.done.is_set() or time.monotonic() > ends:
                    return
                try:
                    connection.sendall(bytes([byte]))
                except OSError:
                    self.cut += 1
                    return
                time.sleep(self.interval)

    def close(self) -> None:
        self.done.set()
        self.listener.close()


@pytest.fixture
def dripper():
    made = []

    def make(answer: bytes, interval: float = 0.5, seconds: float = 120, read_request: bool = True) -> Dripper:
        made.append(Dripper(answer, interval, seconds, read_request))
        return made[-1]

    yield make
    for peer in made:
        peer.close()


def ends_within(seconds: float, call) -> BaseException | None:
    """Run `call` in a thread; the exception it raised once it ends, failing if it has not ended after
    `seconds` (a generous bound: what is checked is that it ends at all while the peer still drips)."""
    outcome: list = []

    def run() -> None:
        try:
            call()
            outcome.append(None)
        except BaseException as error:  # noqa: BLE001 - handed to the test
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"the call was still waiting on its peer after {seconds} s"
    return outcome[0]


def test_a_webhook_that_drips_its_answer_is_cut_off_at_the_deadline(dripper, monkeypatch):
    """A per-read timeout never fires when a byte comes every half second: the POST must end as a whole."""
    monkeypatch.setattr(webhook, "DEADLINE", 2, raising=False)
    peer = dripper(b"HTTP/1.1 200 OK\r\nX-Slow: " + b"y" * 400)
    error = ends_within(30, lambda: webhook.post(f"http://127.0.0.1:{peer.port}/hook", b"{}", "key", delivery="d",
                                                 allow_private=True))
    assert isinstance(error, TimeoutError), error
    deadline = time.monotonic() + 10
    while peer.cut == 0 and time.monotonic() < deadline:  # the peer finds its connection closed mid-answer
        time.sleep(0.1)
    assert peer.cut == 1


def test_an_smtp_server_that_drips_its_greeting_is_cut_off_at_the_deadline(dripper, monkeypatch, site):
    from dataclasses import replace
    from email.message import EmailMessage

    monkeypatch.setattr(mail, "DEADLINE", 2, raising=False)
    peer = dripper(b"220 " + b"slow" * 200, read_request=False)
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "pbem@pbem.test", "ann@example.org", "hello"
    message.set_content("hello")
    mailing = replace(site, smtp_url=f"smtp://127.0.0.1:{peer.port}")
    error = ends_within(30, lambda: mail.send(mailing, message))
    assert isinstance(error, TimeoutError), error



def test_a_notice_queued_while_a_slow_call_is_under_way_leaves_at_once(mail_db, mail_site, smtp_sink, dripper,
                                                                       monkeypatch):
    """A courier's pass goes on as long as a call is under way; a notice queued meanwhile (its time a
    whole second, the append's) must be due by the pass's clock at once. The pass begins late in a
    second and the notice is queued early in a later one: a clock counted on from the pass's first
    second, truncated, lagged behind it until the slow call ended."""
    monkeypatch.setattr(webhook, "DEADLINE", 60)
    peer = dripper(b"HTTP/1.1 200 OK\r\nX-Slow: " + b"y" * 400)
    slow = [{"name": "Ann", "webhook": f"http://127.0.0.1:{peer.port}/"}, {"name": "Bob"}]
    service.create_game(mail_db, mail_site, "mississippi", slow)
    post = courier.Courier(str(store.path_of(mail_db)), mail_site)
    try:
        time.sleep((0.9 - time.time()) % 1)  # the pass begins at .9 of a second
        post.kick()
        deadline = time.monotonic() + 10
        while peer.connections == 0:
            assert time.monotonic() < deadline, "the courier never called the webhook"
            time.sleep(0.05)
        time.sleep((0.1 - time.time()) % 1)  # the notice is queued at .1 of a later one
        service.create_game(mail_db, mail_site, "mississippi", [{"name": "Cy", "email": "cy@example.org"},
                                                                {"name": "Di"}])
        post.kick()  # as the append's hook does
        assert [m["To"] for m in smtp_sink.wait_for(1, timeout=20)] == ["cy@example.org"]
    finally:
        post.stop()



@pytest.mark.sqlite_only("the fault is made with SQLite's authorizer, which refuses one table's reads")
def test_a_pass_that_fails_still_marks_the_notices_it_sent(mail_db, mail_site, webhook_sink, smtp_sink):
    """A pass claims several notices and begins them one by one; when the database fails it while one is
    under way (here: the block list of the next one cannot be read), the one under way is still marked
    sent before the pass gives up. Dropped, its mark would send it again once its claim ran out: a CI run
    of tests/test_nodes.py saw exactly that when PostgreSQL stopped between two rows of one claim."""
    hooked = [{"name": "Ann", "webhook": webhook_sink.url}, {"name": "Bob"}]
    first = service.create_game(mail_db, mail_site, "mississippi", hooked).id
    service.create_game(mail_db, mail_site, "mississippi", [{"name": "Cy", "email": "cy@example.org"},
                                                            {"name": "Di"}])
    failing = store.connect(str(store.path_of(mail_db)))
    failing.conn.set_authorizer(lambda action, table, *_: sqlite3.SQLITE_DENY
                                if action == sqlite3.SQLITE_READ and table == "unsubscribed" else sqlite3.SQLITE_OK)
    try:
        with pytest.raises(sqlite3.DatabaseError, match="prohibited"):
            sender.deliver_due(failing, mail_site, None)
    finally:
        failing.close()
    assert len(webhook_sink.requests) == 1
    statuses = {row["game_id"]: row["status"] for row in mail_db.query("select game_id, status from outbox")}
    assert statuses[first] == "sent", statuses


# --- through real servers -------------------------------------------------------------------------


def new_game(base, players):
    status, created = call(base + "/api/games", {"game": "mississippi", "players": players})
    assert status == 201, created
    return created["id"], [seat.get("token") for seat in created["seats"]]


def play(base, game_id, tokens) -> int:
    """One move by the seat (with a token) that owes one; returns the seq the game had before it."""
    seat = call(f"{base}/api/games/{game_id}")[1]["to_move"][0]
    mine = call(f"{base}/api/games/{game_id}", token=tokens[seat])[1]
    status, answer = call(f"{base}/api/games/{game_id}/moves", {"move": mine["legal"][0], "seq": mine["seq"]},
                          tokens[seat])
    assert status == 201, answer
    return mine["seq"]


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_webhook_that_drips_holds_up_no_other_game_s_mail_nor_a_computer_seat(var_dir, database, smtp_sink,
                                                                              dripper, workers):
    """The audit's N1: one game's webhook answers one byte every 2 seconds. Each of its moves queues a
    notice to it (40 moves, each delivered from its own wake-up), yet ten other games' invitations reach
    the SMTP server and a computer seat answers, within seconds, with one worker and with two."""
    peer = dripper(b"HTTP/1.1 200 OK\r\nX-Slow: " + b"y" * 400, interval=2, seconds=600)
    env = {"PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test", "PBEM_ALLOW_PRIVATE_WEBHOOKS": "1",
           "PBEM_COMPUTER_DELAY": "1"}
    with serving(var_dir, database, "--workers", workers, env=env) as base:
        slow, slow_tokens = new_game(base, [{"name": "Ann", "webhook": f"http://127.0.0.1:{peer.port}/ann"},
                                            {"name": "Bob", "webhook": f"http://127.0.0.1:{peer.port}/bob"}])
        for _ in range(40):
            play(base, slow, slow_tokens)
            time.sleep(0.2)  # each move's notice asked for on its own, as moves a while apart are
        wait_for(lambda: peer.connections >= 2, 30, "the webhook's first calls")
        addresses = [f"player{game}.{seat}@example.org" for game in range(10) for seat in range(2)]
        for game in range(10):
            new_game(base, [{"name": f"P{seat}", "email": f"player{game}.{seat}@example.org"} for seat in range(2)])
        versus, versus_tokens = new_game(base, [{"name": "Cy"}, {"name": "Computer", "bot": "standard"}])
        play(base, versus, versus_tokens)

        smtp_sink.wait_for(len(addresses), timeout=30)
        assert sorted(m["To"] for m in smtp_sink.messages) == sorted(addresses)
        wait_for(lambda: call(f"{base}/api/games/{versus}", token=versus_tokens[0])[1]["legal"], 30,
                 "the computer's answer")


def lease_holder(db) -> str | None:
    rows = list(db.query("select owner from locks where name = 'scheduler'"))
    return rows[0]["owner"] if rows else None


@pytest.mark.slow
def test_a_killed_process_s_notices_and_lease_are_taken_over_within_a_minute(mail_db, mail_site, smtp_sink,
                                                                             var_dir, database):
    """Part of the audit's N10: a `pbem worker` killed (SIGKILL) while the SMTP server holds its five
    messages unanswered. Another worker takes the scheduler's lease within 15 seconds of the last
    renewal (not 3 minutes) and sends the five, each once, as their claims run out (45 seconds, not 5
    minutes)."""
    players = [{"name": f"P{i}", "email": f"p{i}@example.org"} for i in range(5)]
    service.create_game(mail_db, mail_site, "mississippi", players)
    smtp_sink.hold = threading.Event()
    env = {**os.environ, "PBEM_VAR": str(var_dir), "PBEM_DB": database,
           "PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test", "PBEM_BASE_URL": "http://pbem.test"}
    first = subprocess.Popen([sys.executable, "-m", "pbem.cli", "worker"], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    second = None
    try:
        assert smtp_sink.waiting.wait(30), "the worker never reached the SMTP server"
        wait_for(lambda: len(list(mail_db.query("select id from outbox where claimed_until is not null"))) == 5, 30,
                 "the five claims")
        assert lease_holder(mail_db).split(":")[1] == str(first.pid)
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        assert smtp_sink.let_go(), "the SMTP server never saw the killed worker hang up"
        smtp_sink.hold.set()
        second = subprocess.Popen([sys.executable, "-m", "pbem.cli", "worker"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(lambda: (lease_holder(mail_db) or "").split(":")[1:2] == [str(second.pid)], 60,
                 "the second worker to take the lease")
        messages = smtp_sink.wait_for(5, timeout=120)
        assert sorted(m["To"] for m in messages) == [f"p{i}@example.org" for i in range(5)]
        time.sleep(1)
        assert len(smtp_sink.messages) == 5  # each once
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(10)


@pytest.mark.slow
def test_a_fractional_computer_delay_answers_at_once(var_dir, database):
    """PBEM_COMPUTER_DELAY=0.2: the moment the computer owes its move falls between two whole seconds,
    and the wake-up made for it read a `now` of whole seconds, earlier than that moment: the seat waited
    for the minute's sweep. Three answers in a row, each within seconds."""
    with serving(var_dir, database, env={"PBEM_COMPUTER_DELAY": "0.2"}) as base:
        game_id, tokens = new_game(base, [{"name": "Ann"}, {"name": "Computer", "bot": "standard"}])
        for _ in range(3):
            play(base, game_id, tokens)
            wait_for(lambda: call(f"{base}/api/games/{game_id}", token=tokens[0])[1]["legal"], 15,
                     "the computer's answer")
