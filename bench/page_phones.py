"""Simulated phones for ``make bench``: N aiohttp WebSocket clients on the players' page, in a
process of their own (so they do not take the GM's process's interpreter lock).

``python -m bench.page_phones URL N``: prints "ready" once every phone has its first view,
then records when each later view arrives (time.monotonic, the clock every process shares);
on a line "report" from stdin it prints those times as JSON (one list per phone) and exits.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time

import aiohttp


async def phone(session: aiohttp.ClientSession, url: str, times: list[float],
                first: asyncio.Event) -> None:
    async with session.ws_connect(url, max_msg_size=0) as ws:
        async for message in ws:
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            if message.data.startswith('{"type":"view"'):
                if first.is_set():
                    times.append(time.monotonic())
                else:
                    first.set()


async def main(url: str, count: int) -> None:
    times: list[list[float]] = [[] for _ in range(count)]
    firsts = [asyncio.Event() for _ in range(count)]
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        tasks = [asyncio.create_task(phone(session, url, times[n], firsts[n]))
                 for n in range(count)]
        await asyncio.gather(*(f.wait() for f in firsts))
        print("ready", flush=True)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, sys.stdin.readline)
        print(json.dumps(times), flush=True)
        for task in tasks:
            task.cancel()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
