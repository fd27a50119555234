"""The rules service survives any request: each is rolled or failed, and the next one is served.

One service runs through all the examples, as it does through a whole evening at the table:
a request that killed its worker would leave every later one unanswered.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QObject, Signal

from encounter_app.domain import RollRow
from encounter_app.domain.requests import DiceRequest
from encounter_app.domain.roll_text import describe
from encounter_app.services.rolls.rules_service import RulesService
from encounter_app.systems.daggerheart.requests import AttackRequest, ReactionRequest, Target

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])

ANYTHING = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20) \
    | st.binary(max_size=8) | st.lists(st.integers(), max_size=3) \
    | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)
TERM = r"(\d{0,3}d\d{0,4}(k[hl]\d{0,2})?|\d{1,4})"
DICE_LIKE = st.from_regex(rf"\A\s?{TERM}([+-]{TERM}){{0,3}}( (phy|mag|\w{{0,4}}))?\s?\Z")
EXPRESSIONS = DICE_LIKE | st.text(max_size=40)
NUMBERS = st.integers(-10**6, 10**6) | st.sampled_from([0, -1, 10**30, -10**30])

WELL_TYPED = st.one_of(
    st.builds(AttackRequest, attacker=st.text(max_size=20), modifier=NUMBERS, damage=EXPRESSIONS,
              targets=st.lists(st.builds(Target, st.text(max_size=10), NUMBERS),
                               max_size=4).map(tuple),
              attack_name=st.text(max_size=10), advantage=st.booleans(),
              disadvantage=st.booleans(), experience=NUMBERS),
    st.builds(ReactionRequest, actor=st.text(max_size=20), difficulty=NUMBERS, bonus=NUMBERS,
              advantage=st.booleans(), disadvantage=st.booleans()),
    st.builds(DiceRequest, expression=EXPRESSIONS, label=st.text(max_size=10)),
)
WRONG_TYPES = st.one_of(
    st.builds(AttackRequest, attacker=ANYTHING, modifier=ANYTHING, damage=ANYTHING,
              targets=ANYTHING | st.lists(ANYTHING, max_size=3).map(tuple),
              advantage=ANYTHING, disadvantage=ANYTHING, experience=ANYTHING),
    st.builds(ReactionRequest, actor=ANYTHING, difficulty=ANYTHING, bonus=ANYTHING,
              advantage=ANYTHING, disadvantage=ANYTHING),
    st.builds(DiceRequest, expression=ANYTHING, label=ANYTHING),
    ANYTHING,  # not a request at all
)


@pytest.fixture(scope="module")
def service(qapp):
    service = RulesService(seed=11)
    yield service
    assert service.shutdown()


class Answers(QObject):
    """Every answer the service gave, by request id: ("rolled", result) or ("failed", text)."""

    answered = Signal(int)

    def __init__(self, service: RulesService) -> None:
        super().__init__()
        self.by_id: dict[int, tuple[str, object]] = {}
        service.rolled.connect(lambda answer: self._got(answer.request_id, "rolled", answer))
        service.failed.connect(lambda request_id, text: self._got(request_id, "failed", text))

    def _got(self, request_id: int, kind: str, answer: object) -> None:
        self.by_id[request_id] = (kind, answer)
        self.answered.emit(request_id)


@pytest.fixture(scope="module")
def answers(service) -> Answers:
    return Answers(service)


def ask(qtbot, service: RulesService, answers: Answers, request: object
        ) -> tuple[str, object]:
    with qtbot.waitSignal(answers.answered, timeout=5000,
                          check_params_cb=lambda answered: answered == request_id):
        request_id = service.submit(request)
    return answers.by_id.pop(request_id)


def still_serving(qtbot, service: RulesService, answers: Answers) -> None:
    kind, answer = ask(qtbot, service, answers, DiceRequest("1d6"))
    assert kind == "rolled" and 1 <= answer.result.total <= 6


@FUZZ
@given(request=WELL_TYPED)
def test_a_well_typed_request_is_rolled_or_explained_and_a_rolled_one_can_be_logged(
        qtbot, service, answers, request) -> None:
    kind, answer = ask(qtbot, service, answers, request)
    if kind == "failed":
        assert isinstance(answer, str) and answer.strip()
        assert "Internal error" not in answer, f"{request!r} hit a bug: {answer}"
    else:
        assert isinstance(describe(answer), RollRow)  # the window writes it to the log
    still_serving(qtbot, service, answers)


@FUZZ
@given(request=WRONG_TYPES)
def test_any_object_at_all_gets_an_answer_and_the_worker_keeps_serving(
        qtbot, service, answers, request) -> None:
    kind, answer = ask(qtbot, service, answers, request)
    assert kind in ("rolled", "failed")
    if kind == "failed":
        assert isinstance(answer, str) and answer.strip()
    still_serving(qtbot, service, answers)
