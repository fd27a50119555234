"""The campaign view's Rules page: the Daggerheart SRD's optional rules, each with its words and
a switch, kept per campaign. Each switch (or the number of spotlight tokens) is one undo step
(``services/campaigns/rules.py``); the open fight plays by them from the next action on.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain.optional_rules import RULES, TOKENS_MAX, TOKENS_MIN
from encounter_app.services.campaigns.actions import CampaignOperations
from encounter_app.ui.widgets.message import MessageLine

INTRO = ("The Daggerheart SRD's optional rules, each off until you turn it on for this "
         "campaign. A change is one step of Undo; the open fight plays by it from the next "
         "action.")


class RulesTab(QWidget):
    """One box per optional rule: the SRD's words and its switch."""

    def __init__(self, operations: CampaignOperations, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        book = operations.book
        self._operations, self._book = operations, book
        # Its room kept for the longer of its words: another campaign viewed moves nothing.
        self.intro = MessageLine("rulesIntro", lines=2)
        self.intro.reserve([INTRO])
        self.switches: dict[str, QCheckBox] = {}
        inner = QWidget()
        boxes = QVBoxLayout(inner)
        boxes.addWidget(self.intro)
        for rule in RULES:
            box = QGroupBox(rule.title, objectName=f"ruleBox:{rule.key}")
            words = QLabel(rule.words, objectName=f"ruleWords:{rule.key}", wordWrap=True)
            words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            switch = QCheckBox("Play with this rule", objectName=f"ruleSwitch:{rule.key}")
            switch.setAccessibleName(f"Play with {rule.title}")
            switch.setAccessibleDescription(rule.words)
            switch.toggled.connect(lambda on, key=rule.key: self._set(key, on))
            self.switches[rule.key] = switch
            layout = QVBoxLayout(box)
            layout.addWidget(words)
            layout.addWidget(switch)
            if rule.key == "spotlight_tracker":
                self.tokens = QSpinBox(objectName="spotlightTokens", minimum=TOKENS_MIN,
                                       maximum=TOKENS_MAX)
                self.tokens.setAccessibleName("Spotlight tokens per PC per scene")
                self.tokens.setSuffix(" per PC per scene")
                self.tokens.setKeyboardTracking(False)  # one undo step per number, not per key
                self.tokens.valueChanged.connect(lambda n: self._set("spotlight_tokens", n))
                row = QHBoxLayout()
                label = QLabel("&Tokens:")
                label.setBuddy(self.tokens)
                row.addWidget(label)
                row.addWidget(self.tokens)
                row.addStretch(1)
                layout.addLayout(row)
            boxes.addWidget(box)
        boxes.addStretch(1)
        scroll = QScrollArea(objectName="rulesScroll", widgetResizable=True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self._showing = False
        book.viewed_changed.connect(self.show_campaign)
        book.campaigns.changed.connect(lambda _row: self.show_campaign())
        self.show_campaign()

    def show_campaign(self) -> None:
        """The viewed campaign's choices, without pushing them back as changes."""
        campaign = self._book.campaign
        daggerheart = self._book.system.has_fear
        self.intro.say(
            INTRO if daggerheart else
            f"These are Daggerheart's optional rules: {campaign.name} plays "
            f"{self._book.system.name}, so they do not apply.")
        self._showing = True
        try:
            for key, switch in self.switches.items():
                switch.setChecked(bool(getattr(campaign.options, key)))
                switch.setEnabled(daggerheart)
            self.tokens.setValue(campaign.options.spotlight_tokens)
            self.tokens.setEnabled(daggerheart and campaign.options.spotlight_tracker)
        finally:
            self._showing = False

    def _set(self, key: str, value: bool | int) -> None:
        if self._showing:
            return
        if getattr(self._book.campaign.options, key) == value:
            return
        if not self._operations.set_option(key, value):
            self.show_campaign()  # refused (the disk): show what is kept
