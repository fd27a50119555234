"""Simulated phones for ``make bench``: N aiohttp WebSocket clients on the players' page, in a
process of their own (so they do not take the GM's process's interpreter lock).

``python -m bench.page_phones URL N``: each phone names a device of its own; prints "ready" once
every phone has its first view, then records each later change it is sent (a ``delta``, or a
whole ``view``: when it arrives, by time.monotonic, the clock every process shares, and its
size in bytes); on a line "report" from stdin it prints them as JSON (one list of [time, bytes]
per phone) and exits.

``python -m bench.page_phones URL N flood SECONDS PER_SECOND``: each phone claims a character
of its own (the fight's Nth PC, in order) and prints "ready" once each has it; on a line "go"
each sends PER_SECOND rolls a second (its character's first form, its dice rolled for it) for
SECONDS, far past the limit the server keeps per character, and then prints what came back
as JSON ({"sent": n, "answers": {"sent": n, "refused": n, ...}}) and exits.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections import Counter

import aiohttp


def device(n: int) -> str:
    return f"bench-phone-{n:010d}"


async def phone(session: aiohttp.ClientSession, url: str, n: int, times: list[list[float]],
                first: asyncio.Event) -> None:
    async with session.ws_connect(f"{url}?device={device(n)}", max_msg_size=0) as ws:
        async for message in ws:
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            if message.data.startswith(('{"type":"view"', '{"type":"delta"')):
                if first.is_set():
                    times.append([time.monotonic(), len(message.data.encode())])
                else:
                    first.set()


async def watch(url: str, count: int) -> None:
    times: list[list[list[float]]] = [[] for _ in range(count)]
    firsts = [asyncio.Event() for _ in range(count)]
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        tasks = [asyncio.create_task(phone(session, url, n, times[n], firsts[n]))
                 for n in range(count)]
        await asyncio.gather(*(f.wait() for f in firsts))
        print("ready", flush=True)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, sys.stdin.readline)
        print(json.dumps(times), flush=True)
        for task in tasks:
            task.cancel()


class Flooder:
    """One phone holding a character, sending rolls as fast as it is told to."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.form = ""
        self.held = asyncio.Event()
        self.answers: Counter[str] = Counter()
        self.sent = 0

    async def run(self, session: aiohttp.ClientSession, url: str, go: asyncio.Event,
                  seconds: float, per_second: float) -> None:
        async with session.ws_connect(f"{url}?device={device(self.n)}", max_msg_size=0) as ws:
            reader = asyncio.create_task(self.read(ws))
            await go.wait()
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                roll: dict[str, object] = {"type": "roll", "form": self.form, "numbers": {},
                                           "choices": {}, "dice": None}
                await ws.send_str(json.dumps(roll))
                self.sent += 1
                await asyncio.sleep(1 / per_second)
            await asyncio.sleep(1.0)  # the last answers
            reader.cancel()

    async def read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        claimed = False
        async for message in ws:
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            data = json.loads(message.data)
            kind = data["type"]
            if kind == "view" and not claimed:
                pcs = data["characters"]
                await ws.send_str(json.dumps({"type": "claim",
                                              "pick": pcs[self.n % len(pcs)]["pick"]}))
                claimed = True
            elif kind == "own" and data["character"] is not None:
                forms = data["character"]["forms"]
                self.form = forms[0]["key"] if forms else "none"
                self.held.set()
            elif kind in ("sent", "refused", "told") and self.held.is_set():
                self.answers[kind] += 1


async def flood(url: str, count: int, seconds: float, per_second: float) -> None:
    phones = [Flooder(n) for n in range(count)]
    go = asyncio.Event()
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        tasks = [asyncio.create_task(p.run(session, url, go, seconds, per_second))
                 for p in phones]
        await asyncio.wait_for(asyncio.gather(*(p.held.wait() for p in phones)), 60)
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        go.set()
        await asyncio.gather(*tasks)
    answers: Counter[str] = Counter()
    for p in phones:
        answers.update(p.answers)
    print(json.dumps({"sent": sum(p.sent for p in phones), "answers": dict(answers)}),
          flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 3 and sys.argv[3] == "flood":
        asyncio.run(flood(sys.argv[1], int(sys.argv[2]), float(sys.argv[4]),
                          float(sys.argv[5])))
    else:
        asyncio.run(watch(sys.argv[1], int(sys.argv[2])))
