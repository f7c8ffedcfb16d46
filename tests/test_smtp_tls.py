"""PBEM_SMTP_URL against a real SMTP server on loopback that insists on TLS and a login: `smtp://` with
STARTTLS when offered, `smtps://` with TLS from the start, user and password from the URL. The server's
certificate is a fresh self-signed one that the client is told to trust through SSL_CERT_FILE, the
standard OpenSSL variable (no option of ours)."""

import ssl
import subprocess
from email.message import EmailMessage

import pytest

from pbem.notify import mail
from pbem.site import Site
from tests.conftest import SmtpSink, free_port


@pytest.fixture
def certificate(tmp_path):
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return key, cert


def check_login(server, session, envelope, mechanism, auth_data):
    from aiosmtpd.smtp import AuthResult

    return AuthResult(success=(auth_data.login, auth_data.password) == (b"pbem", b"s3cret: pass"))


@pytest.fixture
def tls_server(certificate, monkeypatch):
    from aiosmtpd.controller import Controller

    key, cert = certificate
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(str(cert), str(key))
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    started = []

    def start(implicit: bool):
        sink = SmtpSink()
        # With TLS from the start the session is encrypted before any command, so AUTH needs no STARTTLS.
        options = {"ssl_context": context, "auth_require_tls": False} if implicit else \
            {"tls_context": context, "require_starttls": True}
        controller = Controller(sink, hostname="127.0.0.1", port=free_port(), authenticator=check_login,
                                auth_required=True, auth_exclude_mechanism=["LOGIN"], server_hostname="127.0.0.1",
                                **options)
        controller.start()
        started.append(controller)
        return sink, controller.port

    yield start
    for controller in started:
        controller.stop()


def message(to="ann@example.org"):
    out = EmailMessage()
    out["From"], out["To"], out["Subject"] = "pbem@pbem.test", to, "hello"
    out.set_content("a move is due")
    return out


def site(url, tmp_path):
    return Site(base_url="http://pbem.test", secret_key="k", var_dir=tmp_path, smtp_url=url)


def test_starttls_and_login(tls_server, tmp_path):
    sink, port = tls_server(implicit=False)
    mail.send(site(f"smtp://pbem:s3cret%3A%20pass@127.0.0.1:{port}", tmp_path), message())
    assert [m["To"] for m in sink.wait_for(1)] == ["ann@example.org"]


def test_smtps_and_login(tls_server, tmp_path):
    sink, port = tls_server(implicit=True)
    mail.send(site(f"smtps://pbem:s3cret%3A%20pass@127.0.0.1:{port}", tmp_path), message())
    assert [m["To"] for m in sink.wait_for(1)] == ["ann@example.org"]


def test_an_untrusted_certificate_is_refused(tls_server, tmp_path, monkeypatch):
    _, port = tls_server(implicit=True)
    monkeypatch.delenv("SSL_CERT_FILE")
    with pytest.raises(ssl.SSLError):
        mail.send(site(f"smtps://pbem:s3cret%3A%20pass@127.0.0.1:{port}", tmp_path), message())
