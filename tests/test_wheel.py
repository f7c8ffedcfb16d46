"""A real install (issue 10, item 12): a wheel built from the repository, installed into a fresh venv in a
temporary folder, serves pages, the OpenAPI document and mail from any working folder, with var/ in that
working folder by default; and the package list in pyproject.toml misses no package under pbem/."""

import email
import email.policy
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
import urllib.request

import pytest
import setuptools

from tests.conftest import ROOT, free_port


def test_pyproject_lists_every_package_under_pbem():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = set(setuptools.find_namespace_packages(where=str(ROOT), include=["pbem*"]))
    assert found - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert {"pbem.templates", "pbem.schemas"} <= listed


def clean_env(**extra):
    """The environment of a user's shell: nothing pointing back into this checkout."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("PBEM_") and key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**env, **extra}


def run(command, cwd, env, timeout=600):
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, timeout=timeout)
    assert result.returncode == 0, (command, result.stdout.decode()[-2000:], result.stderr.decode()[-2000:])
    return result.stdout.decode()


@pytest.mark.slow
def test_a_wheel_serves_pages_openapi_and_mail_from_any_folder(tmp_path):
    dist, venv, work = tmp_path / "dist", tmp_path / "venv", tmp_path / "somewhere" / "else"
    work.mkdir(parents=True)
    env = clean_env()
    # built from a copy of what a wheel is made of, so no build/ folder of the checkout (stale files
    # included) takes part, and none is left behind in it
    source = tmp_path / "source"
    for name in ("pbem", "templates", "schemas"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(source)], tmp_path, env)
    (wheel,) = dist.glob("pbem-*.whl")
    run([sys.executable, "-m", "venv", str(venv)], tmp_path, env)
    run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)], tmp_path, env)

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    served = clean_env(PBEM_BASE_URL=base, PBEM_RATE_LIMITS="off")
    server = subprocess.Popen([str(venv / "bin" / "pbem"), "serve", "--port", str(port), "--no-scheduler"], cwd=work,
                              env=served, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                home = urllib.request.urlopen(base + "/", timeout=5).read().decode()
                break
            except OSError:
                assert server.poll() is None, server.stdout.read().decode()[-3000:]
                assert time.monotonic() < deadline, "the installed pbem serve did not answer"
                time.sleep(0.2)
        assert "Start a game" in home
        # the catalogs come from the wheel too, compiled when first read
        german = urllib.request.Request(base + "/", headers={"Accept-Language": "de"})
        assert "Partie starten" in urllib.request.urlopen(german, timeout=10).read().decode()
        assert "Mississippi" in urllib.request.urlopen(base + "/rules/mississippi", timeout=10).read().decode()
        document = json.loads(urllib.request.urlopen(base + "/api/openapi.json", timeout=10).read())
        assert "/api/mail/inbound" in document["paths"]
        body = {"game": "mississippi", "players": [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob"}]}
        request = urllib.request.Request(base + "/api/games", data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        created = json.loads(urllib.request.urlopen(request, timeout=30).read())
        seat_page = urllib.request.urlopen(created["seats"][0]["url"], timeout=10).read().decode()
        assert "Ann" in seat_page and created["seats"][0]["url"].startswith(base + "/play/")
    finally:
        server.terminate()
        server.wait(15)

    # the mail templates come from the wheel too: one sweep writes the invitation as a file under ./var
    run([str(venv / "bin" / "pbem"), "worker", "--once"], work, served)
    # SQLite's file where a user who names no database finds it (no PBEM_DB here, not the `database` fixture's)
    assert (work / "var" / "pbem.sqlite").exists()
    (invitation,) = (work / "var" / "outbox").glob("*.eml")
    message = email.message_from_bytes(invitation.read_bytes(), policy=email.policy.default)
    assert message["To"] == "ann@example.org"
    assert created["seats"][0]["url"] in message.get_body(("plain",)).get_content()
    site_packages = next((venv / "lib").glob("python3*/site-packages"))
    assert not (site_packages / "var").exists() and (site_packages / "pbem" / "templates" / "base.html").exists()
