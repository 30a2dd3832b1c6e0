"""Followers sent by wrk (Debian: apt-get install -y wrk) for bench/championship.py --followers-with wrk.

The Python load generator cannot send 10,000 polls a second on the development machine's 2 cores; wrk (C,
one event loop a thread) can. wrk keeps C connections and has no rate of its own: each connection waits
`delay()` between its requests, so that the C connections together send about F / 2 polls a second — each
connection stands for F / C followers. A poll asks a random table's board with If-None-Match: the ETag last
seen for that table by the wrk thread (the live ETag names its game, `"live-<id>-<version>-<language>"`).
"""
from __future__ import annotations

import asyncio
import re
import resource
import shutil
from dataclasses import dataclass
from pathlib import Path

SCRIPT = r"""
local games = {%(games)s}
local every = %(every_ms)f
local threads = {}
local etags = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  n200, n304, nother, lastother = 0, 0, 0, 0
  math.randomseed(os.time() + #threads)
end

function delay()
  return every * (0.8 + 0.4 * math.random())
end

function request()
  local id = games[math.random(#games)]
  local tag = etags[id]
  if tag then
    return wrk.format("GET", "/live/" .. id .. "/board", {["If-None-Match"] = tag})
  end
  return wrk.format("GET", "/live/" .. id .. "/board")
end

function response(status, headers, body)
  if status == 304 then n304 = n304 + 1 elseif status == 200 then n200 = n200 + 1
  else nother = nother + 1; lastother = status end
  local tag = headers["ETag"] or headers["Etag"] or headers["etag"]
  if tag then
    -- the origin's ETag names the game; a board nginx served as a published file names it in its body
    local id = tonumber(string.match(tag, "live%%-(%%d+)%%-") or string.match(body, 'data%%-game="(%%d+)"') or "")
    if id then etags[id] = tag end
  end
end

function done(summary, latency, requests)
  local a, b, c, last = 0, 0, 0, 0
  for _, t in ipairs(threads) do
    a = a + t:get("n200"); b = b + t:get("n304"); c = c + t:get("nother")
    if t:get("lastother") ~= 0 then last = t:get("lastother") end
  end
  local e = summary.errors
  io.write(string.format("FOLLOWERS %%d %%d %%d %%d %%d %%.3f %%.3f %%.3f %%d\n", a, b, c,
           e.connect + e.read + e.write + e.timeout, e.status,
           latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, last))
end
"""

CONNECTIONS = 256
"""wrk's connections at most (each stands for F / CONNECTIONS followers)."""


@dataclass
class WrkFollowers:
    ok: int
    not_modified: int
    other_status: int
    socket_errors: int
    p50_ms: float
    p95_ms: float
    p99_ms: float
    cpu: float
    """CPU seconds of the wrk process."""
    last_other: int = 0
    """The status of the last answer that was neither 200 nor 304 (0: none)."""

    @property
    def polls(self) -> int:
        return self.ok + self.not_modified + self.other_status


def wrk_path() -> str:
    found = shutil.which("wrk")
    if found is None:
        raise SystemExit("wrk is not installed (Debian: apt-get install -y wrk); see requirements-bench.txt")
    return found


async def follow_with_wrk(port: int, games: list[int], followers: int, seconds: float, folder: Path,
                          poll_every: float) -> WrkFollowers:
    """F followers polling the games' boards every `poll_every` s through 127.0.0.1:port, for `seconds`."""
    connections = max(1, min(followers, CONNECTIONS))
    every_ms = 1000 * poll_every * connections / max(1, followers)
    script = folder / "followers.lua"
    script.write_text(SCRIPT % {"games": ", ".join(map(str, games)), "every_ms": every_ms}, encoding="utf-8")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    process = await asyncio.create_subprocess_exec(
        wrk_path(), "-t", "2", "-c", str(connections), "-d", f"{max(1, round(seconds))}s", "--timeout", "10s",
        "-s", str(script), f"http://127.0.0.1:{port}", stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT)
    out, _ = await process.communicate()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    found = re.search(rb"^FOLLOWERS (.+)$", out, re.MULTILINE)
    if process.returncode != 0 or found is None:
        raise SystemExit(f"wrk failed (exit {process.returncode}): {out.decode(errors='replace')[-800:]}")
    a, b, c, errors, status, p50, p95, p99, last_other = found.group(1).split()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return WrkFollowers(int(a), int(b), int(c), int(errors), float(p50), float(p95), float(p99), cpu, int(last_other))
