"""Every one of the SRD's 129 adversaries, written out as people paste it (the book's layout, the
SRD's markdown, a PDF copy: tests/exchange/stat_text_layouts.py), reads back as the same stat
block, its texts compared after whitespace, dashes and quotes are normalised.

``make test`` draws STAT_TEXT_EXAMPLES (default 2) ways of writing each adversary in each
layout; STAT_TEXT_EXAMPLES=100 for a heavy run. The reader never raises, whatever the text.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encounter_app.domain.rows import StatBlock
from encounter_app.exchange.reader import read_path
from encounter_app.exchange.stat_text import read_stat_text
from tests.exchange import stat_text_layouts as layouts
from tests.helpers.srd import srd_path
from tests.helpers.systems import SYSTEMS

EXAMPLES = int(os.environ.get("STAT_TEXT_EXAMPLES", "2"))
ROUND_TRIP = settings(max_examples=EXAMPLES, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow])
LAYOUTS = {"book": layouts.book, "markdown": layouts.markdown, "pdf": layouts.pdf}


def _srd() -> tuple[StatBlock, ...]:
    path = srd_path()
    return () if path is None else read_path(SYSTEMS, Path(path)).adversaries


SRD = _srd()


def test_the_srd_has_its_129() -> None:
    if not SRD:
        pytest.skip("the SRD adversaries are not beside the repository")
    assert len(SRD) == 129


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("stats", SRD, ids=[s.name for s in SRD])
@ROUND_TRIP
@given(data=st.data())
def test_each_srd_adversary_reads_back_in_each_layout(stats: StatBlock, layout: str,
                                                      data: st.DataObject) -> None:
    text = LAYOUTS[layout](stats, data.draw)
    read = read_stat_text(text)
    assert len(read) == 1, [b.name for b in read]
    assert read[0].problems == (), [str(p) for p in read[0].problems]
    assert read[0].block is not None
    assert layouts.same_texts(read[0].block) == layouts.same_texts(stats)


@ROUND_TRIP
@given(data=st.data())
def test_all_129_in_one_pasted_text_read_in_order(data: st.DataObject) -> None:
    if not SRD:
        pytest.skip("the SRD adversaries are not beside the repository")
    layout = data.draw(st.sampled_from(sorted(LAYOUTS)))
    text = "\n".join(LAYOUTS[layout](stats, data.draw) for stats in SRD)
    read = read_stat_text(text)
    assert [layouts.same_texts(b.block) if b.block else b.problems for b in read] == \
        [layouts.same_texts(s) for s in SRD]
    # Each block's lines are its own: they follow one another through the text.
    assert all(a.last_line < b.first_line for a, b in itertools.pairwise(read))


PIECES = ["Tier 1 Solo", "ACID BURROWER", "Difficulty: x", "Thresholds: 4/", "ATK: +",
          "| Claws:", "FEATURES", "A - Action:", "attack-", "12", "", "> **HP:** 99999",
          "Experience: +", "***Tier 2 Horde (0/HP).*** x", "Countdown (", "Motives & Tactics:",
          "\u2014", "\r", "\u2028", "# ", "***", "*", "Tier 9 Brute", "Thresholds: None/None"]
ANY_TEXT = st.text(max_size=400) | st.lists(
    st.sampled_from(PIECES) | st.text(max_size=20), max_size=40).map("\n".join)


@settings(max_examples=max(50, EXAMPLES * 10), deadline=None)
@given(text=ANY_TEXT)
def test_whatever_the_text_the_reader_answers(text: str) -> None:
    for block in read_stat_text(text):
        assert not any(p.message.startswith("could not be read") for p in block.problems), \
            block.problems
        assert (block.block is None) == bool(block.problems)
        assert all(p.line >= 1 for p in block.problems + block.unusual)


def test_200_kb_of_pasted_text_reads_every_block() -> None:
    """200 KB of blocks (the SRD's 129 a few times over) is read whole; no timing assertion:
    a reader gone quadratic shows as this test taking minutes."""
    if not SRD:
        pytest.skip("the SRD adversaries are not beside the repository")
    once = "\n".join(layouts.book(s) for s in SRD)
    copies = 200_000 // len(once) + 1
    read = read_stat_text("\n".join([once] * copies))
    assert len(read) == 129 * copies
    assert all(block.block is not None for block in read)


def test_no_srd_adversary_is_unusual_for_its_tier() -> None:
    """The bands round the benchmarks are wide enough for every published adversary: a mark
    says a number is off, not that the SRD is."""
    if not SRD:
        pytest.skip("the SRD adversaries are not beside the repository")
    read = read_stat_text("\n".join(layouts.book(s) for s in SRD))
    assert [str(p) for block in read for p in block.unusual] == []
