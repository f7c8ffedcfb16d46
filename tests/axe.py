"""axe-core, the accessibility checker, run inside the tests' Chromium (architecture section 25): the npm
package is installed once per machine into `var/test-tools/` (pinned, with the machine's npm; nothing of it
is committed) and injected into the page under test, whose serious and critical violations come back.

Several test processes (pytest-xdist) may ask at once: one installs under a file lock, the others wait."""

from __future__ import annotations

import fcntl
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT

VERSION = "4.14.1"  # pinned: a new release may add rules, and a test should change only when we change it
TOOLS = ROOT / "var" / "test-tools" / f"axe-core-{VERSION}"
SCRIPT = TOOLS / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def axe_source() -> str:
    """The text of axe.min.js, installed with npm the first time."""
    if not SCRIPT.is_file():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("the accessibility tests need npm to install axe-core: run `apt-get install -y nodejs npm` "
                        "(as .ci/run does)", pytrace=False)
        TOOLS.mkdir(parents=True, exist_ok=True)
        with open(TOOLS / ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not SCRIPT.is_file():
                done = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--no-save", "--prefix", str(TOOLS),
                                       f"axe-core@{VERSION}"], capture_output=True, text=True, timeout=300)
                if done.returncode or not SCRIPT.is_file():
                    pytest.fail(f"npm could not install axe-core {VERSION}: {done.stderr[-2000:]}", pytrace=False)
    return SCRIPT.read_text()


def violations(driver, impacts=SERIOUS) -> list[dict]:
    """axe-core's violations of the page now in `driver` whose impact is in `impacts`, each as
    {"id", "impact", "help", "nodes": [target selectors and the failure summary]}."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(axe_source())
    driver.set_script_timeout(60)
    found = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, {resultTypes: ["violations"]})
           .then(result => done(JSON.stringify(result.violations)))
           .catch(error => done(JSON.stringify({error: String(error)})));
    """)
    found = json.loads(found)
    if isinstance(found, dict):
        raise AssertionError(f"axe-core failed: {found['error']}")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [{"target": node["target"], "summary": node.get("failureSummary", "")[:300],
                        "html": node.get("html", "")[:200]} for node in v["nodes"][:6]]}
            for v in found if v["impact"] in impacts]


def said(found: list[dict]) -> str:
    """The violations told for an assertion message."""
    return "\n".join(f"{v['impact']} {v['id']}: {v['help']}\n" +
                     "\n".join(f"    {n['target']} {n['html']!r}\n      {n['summary']}" for n in v["nodes"])
                     for v in found)
