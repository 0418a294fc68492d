"""The report in a real browser: headless Chromium renders it from disk, with no network.

The numbers are read from the DOM Chromium built (``--dump-dom``) and compared
with ``razzlog audit --format json`` on the same input; a screenshot is taken;
Chromium's network log must hold no request made for the page.  A control
page that does fetch from the network shows that the log would see it.

Chromium is the Debian package ``chromium`` (``.ci/run`` installs it).  Without
it the test fails when ``CI`` is set and is skipped otherwise.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .helpers import (
    REPO,
    VIOLATION_SAMPLES,
    assert_offline,
    assert_page_matches,
    audit_json,
    generate,
    page_numbers,
)
from .test_players import stats_json, table_values

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--host-resolver-rules=MAP * ~NOTFOUND",  # a name looked up resolves to nothing
]


def chromium() -> str:
    found = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    if found is None:
        message = "chromium is not installed: apt-get install -y chromium (.ci/run does it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


def browse(page: Path, tmp_path: Path, *args: str) -> tuple[str, list[str]]:
    """Chromium's DOM of ``page`` and the URLs it requested for the page (its network log)."""
    net_log = tmp_path / f"{page.stem}-net.json"
    profile = tmp_path / f"{page.stem}-profile"
    done = subprocess.run(
        [
            chromium(),
            *CHROMIUM_FLAGS,
            f"--user-data-dir={profile}",
            f"--log-net-log={net_log}",
            *args,
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout, page_requests(json.loads(net_log.read_text(encoding="utf-8")))


def page_requests(log: dict[str, Any]) -> list[str]:
    """The URLs of the requests made for a page (a ``file://`` one), not for the browser itself
    (its update checks, made from no origin)."""
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    urls = []
    for event in log["events"]:
        params = event.get("params") or {}
        if event["type"] == start and "url" in params:
            for_page = params.get("initiator") != "not an origin" or "file://" in str(
                params.get("network_isolation_key", "")
            )
            if for_page:
                urls.append(params["url"])
    return urls


def test_the_network_log_sees_what_a_page_fetches(tmp_path: Path) -> None:
    control = tmp_path / "control.html"
    control.write_text(
        '<html><body><img src="http://example.invalid/a.png">'
        '<link rel="stylesheet" href="https://cdn.example.invalid/a.css"></body></html>',
        encoding="utf-8",
    )
    _, requests = browse(control, tmp_path, "--dump-dom")
    assert set(requests) >= {"http://example.invalid/a.png", "https://cdn.example.invalid/a.css"}


def test_chromium_shows_the_audits_numbers_and_fetches_nothing(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    generate(logs, 400, 41, 0.1)
    shutil.copytree(VIOLATION_SAMPLES, logs / "violations")
    page = tmp_path / "report.html"
    made = subprocess.run(
        [sys.executable, "-m", "razzlog", "report", str(logs), "--player", "Hero", "-o", str(page)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
    )
    audit_code, doc = audit_json(logs)
    assert made.returncode == audit_code == 1, made.stderr
    html = page.read_text(encoding="utf-8")
    assert_offline(html)

    dom, requests = browse(page, tmp_path, "--dump-dom")
    assert requests == []
    numbers = assert_page_matches(dom, doc)  # the numbers as the browser built the page
    assert numbers.hand_articles == numbers.shown["shown"] == doc["hands_with_violations"]
    assert page_numbers(html).counts == numbers.counts
    # the players part as the browser built it: the figures of razzlog stats
    shown = table_values(dom, "player-stats")
    want = stats_json(str(logs), "--player", "Hero", "--by", "player,currency")
    assert shown and shown == [{k: row[k] for k in shown[0]} for row in want]

    shot = tmp_path / "report.png"
    _, requests = browse(
        page, tmp_path, f"--screenshot={shot}", "--window-size=1280,2000", "--hide-scrollbars"
    )
    assert requests == []
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 20_000  # a page drawn, not a blank one
