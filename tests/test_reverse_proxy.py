"""The reverse proxy example (issue 10, item 3; pbem/deploy/nginx.conf and the README's "Running behind a
reverse proxy"): the file names every setting the README promises, and Debian's nginx runs this very
file on loopback in front of a real `pbem serve`: TLS, the redirect from http, the body limit, the
client's address as pbem counts it (a header the client forges changes nothing), and an access log
without seat keys. Needs Debian's `nginx` (installed by .ci/run); without it the second test fails and
says so."""

import http.client
import re
import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, free_port
from tests.support import start_nginx, start_pbem

EXAMPLE = ROOT / "pbem" / "deploy" / "nginx.conf"


def directives(text: str) -> list[list[str]]:
    """The example's statements, each as its words, comments dropped."""
    text = re.sub(r"#[^\n]*", "", text)
    return [statement.split() for statement in re.split(r"[;{}]", text) if statement.split()]


PROMISED = [
    ["client_max_body_size", "1100k"],
    ["client_header_timeout", "10s"],
    ["client_body_timeout", "10s"],
    ["send_timeout", "20s"],
    ["proxy_read_timeout", "30s"],
    ["proxy_request_buffering", "on"],
    ["proxy_set_header", "X-Forwarded-For", "$remote_addr"],
    ["proxy_set_header", "Host", "$host"],
    ["listen", "443", "ssl", "http2"],
    ["return", "301", "https://$host$request_uri"],
    ["limit_conn", "pbem_per_client", "20"],
    ["access_log", "/var/log/nginx/pbem.access.log", "pbem_no_keys"],
]


def test_the_example_names_every_setting_the_readme_promises():
    statements = directives(EXAMPLE.read_text())
    for wanted in PROMISED:
        assert wanted in statements, f"{' '.join(wanted)} is missing from {EXAMPLE.name}"
    assert any(s[0] == "ssl_certificate" for s in statements) and any(s[0] == "proxy_pass" for s in statements)
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Running behind a reverse proxy"):]
    section = section[:section.index("\n## ", 3)]
    assert "pbem/deploy/nginx.conf" in section and "PBEM_TRUSTED_PROXIES" in section
    for setting in ("client_max_body_size", "client_body_timeout", "proxy_read_timeout", "X-Forwarded-For",
                    "ssl_certificate", "1100k"):
        assert setting in section, f"the README's proxy section does not mention {setting}"


def certificate(tmp_path):
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=pbem.example.org", "-addext", "subjectAltName=DNS:pbem.example.org",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return key, cert


@pytest.fixture
def proxied(tmp_path, var_dir, database):
    """nginx running the example on loopback in front of pbem serve (which trusts it): yields
    (https port, http port, tls context, access log)."""
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    assert nginx, "these tests need Debian's nginx: sudo apt-get install -y nginx-light"
    key, cert = certificate(tmp_path)
    app_port, https_port, http_port = free_port(), free_port(), free_port()
    pbem = start_pbem(var_dir, app_port, database, PBEM_TRUSTED_PROXIES="127.0.0.1", PBEM_RATE_LIMITS="create=1/1h",
                      PBEM_BASE_URL="https://pbem.example.org")
    site = EXAMPLE.read_text()
    site = site.replace("127.0.0.1:5000", f"127.0.0.1:{app_port}")
    site = re.sub(r"\n\s*listen \[::\]:\d+[^;]*;", "", site)  # loopback IPv4 only in the test
    site = site.replace("listen 80;", f"listen 127.0.0.1:{http_port};")
    site = site.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;")
    site = site.replace("/etc/letsencrypt/live/pbem.example.org/fullchain.pem", str(cert))
    site = site.replace("/etc/letsencrypt/live/pbem.example.org/privkey.pem", str(key))
    log = tmp_path / "access.log"
    site = site.replace("/var/log/nginx/pbem.access.log", str(log))
    try:
        process = start_nginx(tmp_path, site, https_port)
    except AssertionError:
        pbem.terminate()
        raise
    context = ssl.create_default_context(cafile=str(cert))
    yield https_port, http_port, context, log
    process.terminate()
    process.wait(10)
    pbem.terminate()
    pbem.wait(10)


def ask(port, context, method, path, body=None, headers=None, client="127.0.0.2"):
    """One request through nginx, from the loopback address `client`, to https://pbem.example.org."""
    connection = http.client.HTTPSConnection("127.0.0.1", port, timeout=15, context=context,
                                             source_address=(client, 0))
    connection.sock = context.wrap_socket(socket.create_connection(("127.0.0.1", port), 15, (client, 0)),
                                          server_hostname="pbem.example.org")
    connection.request(method, path, body=body, headers={"Host": "pbem.example.org", **(headers or {})})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, response.headers, data  # header names in any case: granian writes them in lower case


GAME = b'{"game": "mississippi", "players": [{"name": "Ann"}, {"name": "Bob"}]}'
JSON = {"Content-Type": "application/json"}


@pytest.mark.slow
def test_nginx_runs_the_example_in_front_of_a_real_server(proxied):
    https_port, http_port, context, log = proxied
    status, headers, page = ask(https_port, context, "GET", "/")
    assert status == 200 and b"Start a game" in page
    assert headers["Strict-Transport-Security"] and headers["Referrer-Policy"] == "no-referrer"
    # plain http is sent to https
    plain = http.client.HTTPConnection("127.0.0.1", http_port, timeout=10)
    plain.request("GET", "/play/secret", headers={"Host": "pbem.example.org"})
    answer = plain.getresponse()
    assert answer.status == 301 and answer.getheader("Location") == "https://pbem.example.org/play/secret"
    # the client's address is what nginx saw, whatever the client writes in X-Forwarded-For
    forged = {**JSON, "X-Forwarded-For": "198.51.100.7"}
    status, _, created = ask(https_port, context, "POST", "/api/games", GAME, forged, client="127.0.0.2")
    assert status == 201
    assert ask(https_port, context, "POST", "/api/games", GAME, {**JSON, "X-Forwarded-For": "203.0.113.9"},
               client="127.0.0.2")[0] == 429
    assert ask(https_port, context, "POST", "/api/games", GAME, JSON, client="127.0.0.3")[0] == 201
    # a body over the limit stops at nginx
    status, _, _ = ask(https_port, context, "POST", "/api/mail/inbound", b"x" * (2 * 1024 * 1024), JSON)
    assert status == 413
    # the access log keeps no seat key
    token = re.search(rb'"token": ?"([^"]+)"', created).group(1).decode()
    assert ask(https_port, context, "GET", f"/play/{token}/history?at=1")[0] == 200
    time.sleep(0.2)
    logged = log.read_text()
    assert "/play/-/history" in logged and token not in logged and "at=1" not in logged
