"""Stat blocks as short rich text, for the library's preview and the sidebar's environment panel.

Qt's rich text is a subset of HTML 4: tables and inline styles are all it needs here. Every
text is escaped: a stat block typed by the GM or imported may hold "<" and "&".
"""

from __future__ import annotations

from html import escape

from encounter_app.domain import EnvironmentBlock, Feature, StatBlock
from encounter_app.systems.daggerheart.ui.card_layout import FEAR_LABEL
from encounter_app.ui.shell import theme

COUNTDOWN_LINK = "countdown:"  # + the feature's index: "start this feature's countdown"


def _feature(feature: Feature, index: int | None = None) -> str:
    """A feature; with ``index``, its countdown is a link that starts it in the fight."""
    flags = []
    if feature.fear:
        flags.append(f"<span style='color:{theme.FEAR.name()}'><b>{FEAR_LABEL}</b></span>")
    if feature.countdown is not None:
        flags.append(f"Countdown ({feature.countdown})" if index is None else
                     f"<a href='{COUNTDOWN_LINK}{index}'>Start countdown "
                     f"({feature.countdown})</a>")
    extra = f" — {', '.join(flags)}" if flags else ""
    return (f"<p style='margin:4px 0'><b>{escape(feature.name)}</b> "
            f"<i>({escape(feature.kind)})</i>{extra}<br>{escape(feature.text)}</p>")


def _line(label: str, text: str) -> str:
    return f"<p style='margin:2px 0'><b>{label}:</b> {escape(text)}</p>" if text else ""


def adversary_html(stats: StatBlock) -> str:
    thresholds = ("none" if stats.major is None or stats.severe is None
                  else f"{stats.major}/{stats.severe}")
    experiences = ", ".join(str(e) for e in stats.experiences)
    return "".join([
        f"<h3 style='margin:0'>{escape(stats.name)}</h3>",
        f"<p style='margin:2px 0'><i>Tier {stats.tier} {escape(stats.type)}</i></p>",
        f"<p style='margin:2px 0'>{escape(stats.description)}</p>" if stats.description else "",
        _line("Motives &amp; tactics", stats.motives),
        f"<p style='margin:4px 0'><b>Difficulty</b> {stats.difficulty} · <b>Thresholds</b> "
        f"{thresholds} · <b>HP</b> {stats.hp} · <b>Stress</b> {stats.stress}</p>",
        f"<p style='margin:2px 0'><b>ATK</b> {stats.attack_modifier:+d} · "
        f"{escape(stats.attack_name)}: {escape(stats.attack_range)} · "
        f"{escape(stats.damage)}</p>",
        _line("Experience", experiences),
        "".join(_feature(f) for f in stats.features),
    ])


def environment_html(block: EnvironmentBlock, *, heading: bool = True,
                     links: bool = False) -> str:
    """The whole stat block; without ``heading`` (name, tier, type, Difficulty) when those
    are shown beside it already; with ``links``, features' countdowns can be started."""
    return "".join([
        f"<h3 style='margin:0'>{escape(block.name)}</h3>"
        f"<p style='margin:2px 0'><i>Tier {block.tier} {escape(block.type)}</i> · "
        f"<b>Difficulty</b> {block.difficulty}</p>" if heading else "",
        f"<p style='margin:2px 0'>{escape(block.description)}</p>" if block.description else "",
        _line("Impulses", block.impulses),
        _line("Potential adversaries", block.potential_adversaries),
        "".join(_feature(f, n if links else None) for n, f in enumerate(block.features)),
    ])
