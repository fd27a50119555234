"""The packaging benchmark's baseline: a bare PySide6 QtWidgets window and nothing else.

`--smoke-test` builds the window, runs the event loop once and exits, as the program's own
smoke test does (which also builds its window without showing it).
"""

import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setCentralWidget(QLabel("A bare QtWidgets window"))
    if "--smoke-test" in sys.argv:
        QTimer.singleShot(0, app.quit)
    else:
        window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
