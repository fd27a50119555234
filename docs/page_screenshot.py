"""Draw the README's picture of the players' page: the fight in progress (docs/screenshots.py)
shared on the loopback address and opened in a headless Chromium the size of an upright phone
(390x844), a character picked and a roll half typed. Run by `make screenshot`, or alone;
skipped without Chromium."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tests/players_page/webdriver.py: the browser tests' client

from encounter_app.app import launch  # noqa: E402
from tests.players_page.webdriver import chromium, chromium_missing  # noqa: E402


def main(out: Path) -> int:
    if missing := chromium_missing():
        print(f"players' page picture skipped: {missing}")
        return 0
    from screenshots import application, fight_in_progress, settle  # beside this file

    app = application()
    with tempfile.TemporaryDirectory(prefix="encounter-shot-") as folder:
        launched = launch(Path(folder), seed=7)
        try:
            fight_in_progress(launched)
            settle(app)
            page = launched.window.players_page
            assert page is not None
            url = page.share("127.0.0.1")
            assert page.server is not None and page.server.ready.wait(10)
            with chromium() as browser:
                browser.go(url)
                for _ in range(100):
                    settle(app, 50)
                    if "Live" in browser.text("#link"):
                        break
                # Brannoc's phone: picked, and once the program answers with his sheet and
                # his forms, a roll half typed from the table's dice.
                browser.choose("#character", "Brannoc (Guardian)")
                browser.click("#claim-button")
                for _ in range(100):
                    settle(app, 50)
                    if browser.shown("#dice") or browser.text("#claim-answer"):
                        break
                if browser.shown("#dice"):
                    browser.tap("I rolled them at the table")
                    browser.run("return [...document.querySelectorAll('#table-dice input')]"
                                ".find((i) => i.getClientRects().length);").send_keys("9")
                browser.run("document.activeElement.blur(); window.scrollTo(0, 0);")
                path = out / "screenshot-players-page.png"
                path.write_bytes(browser.screenshot())
                print(f"saved {path}")
        finally:
            launched.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs"))
