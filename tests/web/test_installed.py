"""`pip install 'seeplog[web]'` from the wheel, in a fresh virtual environment outside the checkout, serves
every page and the API with `flask --app seeplog.web.factory run`, run from a folder outside the checkout.

Marked `slow`: it builds the wheel and installs the service's requirements into the new environment
(from the package index, as a user's install does).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.helpers import ROOT
from tests.web.served import Server, free_port, stop, wait_until_served

pytestmark = pytest.mark.slow
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "seeplog", "templates", "schema")
"""What a wheel is built from (a copy, so that no build folder is left in the checkout, nor read from it)."""
PAGES = ("/", "/upload", "/notation",
         "/games/1", "/games/1/deals/1/plays/1", "/games/1.seep", "/games/1.csv", "/live/new",
         "/api/docs", "/api/docs/assets/swagger-ui-bundle.js", "/api/openapi.json", "/assets/seeplog.css",
         "/favicon.ico", "/api/games/1/report")


def run(*command: str | Path, cwd: Path | None = None) -> str:
    done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True, timeout=540)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def build_wheel(tmp: Path) -> Path:
    source = tmp / "source"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            # the .mo files are left out: the build compiles them
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            source.mkdir(exist_ok=True)
            shutil.copy(ROOT / name, source / name)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", source, "-w", tmp / "wheels")
    (wheel,) = (tmp / "wheels").glob("seeplog-*.whl")
    with zipfile.ZipFile(wheel) as built:
        assert {"hi", "pa"} <= {Path(n).parts[3] for n in built.namelist() if n.endswith("LC_MESSAGES/messages.mo")}
    return wheel


def install(tmp: Path, wheel: Path) -> Path:
    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", venv)
    run(venv / "bin" / "pip", "install", "--quiet", f"seeplog[web] @ {wheel.as_uri()}")
    return venv


def test_the_installed_package_serves_every_page_and_the_api(tmp_path):
    venv = install(tmp_path, build_wheel(tmp_path))
    where = tmp_path / "elsewhere"
    where.mkdir()
    package = run(venv / "bin" / "python", "-c", "import seeplog.web.factory as f; print(f.__file__)", cwd=where)
    assert Path(package).is_relative_to(venv)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(SEEPLOG_DB=str(where / "seeplog.db"), SEEPLOG_SECRET_KEY="test")
    log = where / "flask.log"
    with log.open("w") as out:
        process = subprocess.Popen([venv / "bin" / "flask", "--app", "seeplog.web.factory", "run", "--port",
                                    str(port)], cwd=where, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    server = Server(process, port, log)
    try:
        wait_until_served(server, 60)
        for path in PAGES:
            assert server.request("GET", path)[0] == 200, (path, log.read_text())
        hindi = server.request("GET", "/", None, {"Accept-Language": "hi"})[1].decode()
        assert '<html lang="hi">' in hindi and "<h1>खेल</h1>" in hindi  # the wheel's compiled catalogs
        listed = json.loads(server.request("GET", "/api/games")[1])
        assert len(listed["games"]) == len(list((ROOT / "seeplog" / "web" / "samples").glob("*.seep")))
        status, body = server.request("POST", "/api/live", json.dumps({"variant": "standard"}).encode(),
                                      {"Content-Type": "application/json"})
        assert status == 201, body
        live = json.loads(body)["id"]
        for path in (f"/live/{live}", f"/live/{live}/board", f"/live/{live}/keep", f"/live/{live}/started"):
            assert server.request("GET", path)[0] == 200, (path, log.read_text())
    finally:
        stop(process)
    assert "Traceback" not in log.read_text(), log.read_text()
