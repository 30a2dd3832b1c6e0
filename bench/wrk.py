"""Load from wrk (Debian's package `wrk`): one C thread sends the requests, so that a bench measures the
server and not a Python client sharing its cores (and its GIL with the clock that times the answers).

`run` sends `connections` connections for `seconds` at one URL, or in turn at each of `paths`, and gives
(requests, socket errors, answers not 2xx/3xx, p50 ms, p95 ms)."""
from __future__ import annotations

import json
import shutil
import subprocess
import tempfile

FIGURES = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("wrk-figures %d %d %d %d %d\\n", summary.requests,
    e.connect + e.read + e.write + e.timeout, e.status, latency:percentile(50), latency:percentile(95)))
end
"""
"""wrk's last words: requests, socket errors, answers not 2xx/3xx, p50 and p95 in microseconds."""

IN_TURN = """
local paths, at = %s, 0
request = function()
  at = at %% #paths + 1
  return wrk.format("GET", paths[at])
end
"""
"""Each connection's next request asks the next of `paths` (a Lua table)."""


def available() -> bool:
    return shutil.which("wrk") is not None


def run(url: str, connections: int, seconds: float, paths: list[str] | None = None,
        headers: tuple[str, ...] = ()) -> tuple[int, int, int, float, float]:
    script = FIGURES + (IN_TURN % ("{" + ", ".join(json.dumps(p) for p in paths) + "}") if paths else "")
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as file:
        file.write(script)
        file.flush()
        command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds:g}s", "--timeout", "30s", "-s", file.name]
        command += [arg for header in headers for arg in ("-H", header)]
        out = subprocess.run([*command, url], capture_output=True, text=True, timeout=seconds + 60)
    figures = [line.split()[1:] for line in out.stdout.splitlines() if line.startswith("wrk-figures ")]
    if out.returncode or not figures:
        raise RuntimeError(f"wrk failed ({out.returncode}): {out.stderr or out.stdout}")
    requests, errors, statuses, p50, p95 = (int(x) for x in figures[0])
    return requests, errors, statuses, p50 / 1000, p95 / 1000
