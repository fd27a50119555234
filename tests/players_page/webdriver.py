"""A tiny W3C WebDriver client over urllib, for a real headless Chromium driven by Debian's
chromedriver. A dozen JSON requests are all the tests need, so no Selenium: one dependency
less, and nothing between the test and the protocol to hide what the browser answered."""

from __future__ import annotations

import base64
import contextlib
import json
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
PHONE = (390, 844)  # an upright phone, in CSS pixels


def chromium_missing() -> str:
    """Why the browser tests cannot run here; "" when they can."""
    for program in ("chromium", "chromedriver"):
        if shutil.which(program) is None:
            return (f"{program} is not installed (Debian: apt-get install chromium "
                    "chromium-driver)")
    return ""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Browser:
    """One Chromium session, phone-sized."""

    def __init__(self, base: str, session: str) -> None:
        self._base, self.session = base, session

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self._base}/session/{self.session}{path}",
                                         data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return json.loads(answer.read())["value"]
        except urllib.error.HTTPError as error:
            raise AssertionError(f"WebDriver {method} {path}: {error.read()[:500]!r}") from error

    def go(self, url: str) -> None:
        self._call("POST", "/url", {"url": url})

    def run(self, script: str, *args: Any) -> Any:
        """Run a function body in the page; its ``return`` comes back."""
        return self._call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def text(self, selector: str = "body") -> str:
        return str(self.run("const e = document.querySelector(arguments[0]);"
                            "return e ? e.innerText : '';", selector))

    def find(self, selector: str) -> str:
        found = self._call("POST", "/element", {"using": "css selector", "value": selector})
        return str(found[ELEMENT])

    def click(self, selector: str) -> None:
        self._call("POST", f"/element/{self.find(selector)}/click", {})

    def type(self, selector: str, text: str) -> None:
        element = self.find(selector)
        self._call("POST", f"/element/{element}/clear", {})
        self._call("POST", f"/element/{element}/value", {"text": text})

    def choose(self, selector: str, label: str) -> None:
        """Pick the option of a <select> whose text is ``label``, as a tap would."""
        self.click(selector)
        option = self._call("POST", f"/element/{self.find(selector)}/elements",
                            {"using": "xpath", "value": f"option[text()='{label}']"})
        assert option, f"no option {label!r} in {selector}"
        self._call("POST", f"/element/{option[0][ELEMENT]}/click", {})

    def cdp(self, command: str, params: dict[str, Any] | None = None) -> Any:
        """A Chrome DevTools command (colour scheme, the accessibility tree)."""
        return self._call("POST", "/goog/cdp/execute", {"cmd": command,
                                                         "params": params or {}})

    def screenshot(self) -> bytes:
        return base64.b64decode(self._call("GET", "/screenshot"))


@contextlib.contextmanager
def chromium(size: tuple[int, int] = PHONE) -> Iterator[Browser]:
    port = _free_port()
    driver = subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            with contextlib.suppress(OSError), urllib.request.urlopen(f"{base}/status",
                                                                      timeout=2) as answer:
                if json.loads(answer.read())["value"]["ready"]:
                    break
            time.sleep(0.05)
        width, height = size
        options = {"binary": shutil.which("chromium"),
                   "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                            "--disable-dev-shm-usage", "--no-first-run",
                            f"--window-size={width},{height}"],
                   "mobileEmulation": {"deviceMetrics": {"width": width, "height": height,
                                                         "pixelRatio": 2.0}}}
        request = urllib.request.Request(
            f"{base}/session", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"capabilities": {"alwaysMatch": {
                "browserName": "chrome", "goog:chromeOptions": options}}}).encode())
        with urllib.request.urlopen(request, timeout=60) as answer:
            session = json.loads(answer.read())["value"]["sessionId"]
        browser = Browser(base, session)
        try:
            yield browser
        finally:
            with contextlib.suppress(OSError, AssertionError):
                browser._call("DELETE", "")
    finally:
        driver.terminate()
        driver.wait(10)
