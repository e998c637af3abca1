"""`make lab`'s server, started exactly as the README says: it serves the notebook list, binds only
to 127.0.0.1 and refuses a request without its token. Jupyter state goes to temp dirs; the server is
shut down through its API and only the process started here is ended."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
import labdriver  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _listeners(port: int) -> list[str]:
    """Local addresses (hex, as in /proc/net/tcp*) of the sockets listening on ``port``."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            addr, p = local.split(":")
            if int(p, 16) == port and state == "0A":  # 0A = LISTEN
                found.append(addr)
    return found


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_lab_serves_notebooks_on_loopback_with_a_token(tmp_path):
    port = labdriver.free_port()
    env = labdriver.isolated_env(tmp_path)
    log = open(tmp_path / "lab.log", "w+")
    proc = subprocess.Popen(["make", "-s", "lab", f"LAB_PORT={port}"], cwd=ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    base, token = f"http://127.0.0.1:{port}", None
    try:
        deadline = time.monotonic() + 90
        while token is None and time.monotonic() < deadline:
            assert proc.poll() is None, "make lab exited: " + (tmp_path / "lab.log").read_text()[-2000:]
            m = re.search(rf"http://127\.0\.0\.1:{port}/lab\?token=([0-9a-f]+)", (tmp_path / "lab.log").read_text())
            token = m.group(1) if m else None
            time.sleep(0.2)
        assert token, "make lab never printed a URL with a token"
        labdriver.wait_for_status(base, token, proc)

        with urllib.request.urlopen(f"{base}/api/contents?token={token}", timeout=10) as r:
            names = {item["name"] for item in json.loads(r.read())["content"]}
        stored = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
        assert stored and stored <= names

        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}/api/contents", timeout=10)
        assert refused.value.code == 403

        listeners = _listeners(port)
        if Path("/proc/net/tcp").exists():
            assert listeners == ["0100007F"], f"listening on {listeners}, not only 127.0.0.1"
    finally:
        if token:
            labdriver.stop_server(base, token, proc)
        else:
            proc.terminate()
            proc.wait(timeout=10)
        log.close()
