"""A real headless Chromium, phone-sized, driven through selenium with Debian's chromedriver
(``/usr/bin/chromedriver``, given to selenium as it is: no driver is looked up or fetched).

``chromium()`` opens one browser; ``Page`` is what the tests say to it (open an address, run a
line of JavaScript, read text, tap, type, pick an option, a DevTools command)."""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

CHROMEDRIVER = "/usr/bin/chromedriver"
PHONE = (390, 844)  # an upright phone, in CSS pixels


def chromium_missing() -> str:
    """Why the browser tests cannot run here; "" when they can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if shutil.which("chromium") is None:
        return "chromium is not installed (Debian: apt-get install chromium chromium-driver)"
    if not Path(CHROMEDRIVER).exists():
        return f"{CHROMEDRIVER} is missing (Debian: apt-get install chromium-driver)"
    return ""


class Page:
    """One Chromium tab, as the tests drive it."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.tolerated: list[str] = []  # console messages a test expects (words in them)

    def go(self, url: str) -> None:
        self.driver.get(url)

    def run(self, script: str, *args: Any) -> Any:
        """Run a function body in the page; its ``return`` comes back."""
        return self.driver.execute_script(script, *args)

    def text(self, selector: str = "body") -> str:
        return str(self.run("const e = document.querySelector(arguments[0]);"
                            "return e ? e.innerText : '';", selector))

    def shown(self, selector: str) -> bool:
        """Whether the element is on screen (neither hidden nor inside something hidden)."""
        return bool(self.run("const e = document.querySelector(arguments[0]);"
                             "return !!e && e.getClientRects().length > 0;", selector))

    def find(self, selector: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def click(self, selector: str) -> None:
        self.find(selector).click()

    def type(self, selector: str, text: str) -> None:
        field = self.find(selector)
        field.clear()
        field.send_keys(text)

    def choose(self, selector: str, label: str) -> None:
        """Pick the enabled option of a <select> whose text is ``label``, as a tap would
        (the value, then the events a pick fires; in one call, not selenium's several)."""
        picked = self.run(
            "const select = document.querySelector(arguments[0]);"
            "const option = [...select.options].find((o) => o.text === arguments[1]);"
            "if (!option || option.disabled) return false;"
            "select.value = option.value;"
            "select.dispatchEvent(new Event('input', {bubbles: true}));"
            "select.dispatchEvent(new Event('change', {bubbles: true}));"
            "return true;", selector, label)
        assert picked, f"no option {label!r} to pick in {selector}"

    def labelled(self, words: str) -> Any:
        """The control on screen whose label reads ``words``, as a player finds it."""
        found = self.run(
            "for (const label of document.querySelectorAll('label')) {"
            "  if (label.textContent.trim() === arguments[0] && label.getClientRects().length)"
            "    return label.control; }"
            "return null;", words)
        assert found is not None, f"no control labelled {words!r} on screen"
        return found

    def fill(self, words: str, text: str) -> None:
        """Type ``text`` into the field labelled ``words`` (what was there first goes)."""
        field = self.labelled(words)
        field.clear()
        field.send_keys(text)

    def tap(self, words: str) -> None:
        """Tap the choice (a radio button) labelled ``words``."""
        self.labelled(words).click()

    def labels(self) -> list[str]:
        """The labels of the controls on screen, in order."""
        return list(self.run(
            "return [...document.querySelectorAll('label, legend')]"
            ".filter((l) => l.getClientRects().length).map((l) => l.textContent.trim());"))

    def cdp(self, command: str, params: dict[str, Any] | None = None) -> Any:
        """A Chrome DevTools command (the colour scheme, the screen's size, the accessibility
        tree)."""
        return self.driver.execute_cdp_cmd(command, params or {})

    def wait(self, condition: Callable[[], object], timeout: float = 10,
             message: str = "") -> None:
        """Until ``condition()`` holds (the page and its server run on their own threads)."""
        from selenium.webdriver.support.wait import WebDriverWait

        WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(
            lambda _driver: condition(), message)

    def screen(self, width: int, height: int) -> None:
        """Be a phone's screen of this many CSS pixels (195 wide: 390 at 200% zoom)."""
        self.cdp("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})

    def scheme(self, value: str) -> None:
        """Light or dark, as the phone is set."""
        self.cdp("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": value}]})

    def screenshot(self) -> bytes:
        """The screen as a PNG."""
        return bytes(self.driver.get_screenshot_as_png())


@contextlib.contextmanager
def chromium(size: tuple[int, int] = PHONE) -> Iterator[Page]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with tempfile.TemporaryDirectory(prefix="page-chromium-") as profile:
        options = webdriver.ChromeOptions()
        width, height = size
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--disable-background-networking",
                         "--disable-component-update", "--disable-sync", "--no-first-run",
                         f"--user-data-dir={profile}", f"--window-size={width},{height}"):
            options.add_argument(argument)
        driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER),
                                  options=options)
        try:
            page = Page(driver)
            # A window is at least 500 pixels wide; the page's own screen is the phone's.
            page.screen(width, height)
            yield page
        finally:
            driver.quit()
