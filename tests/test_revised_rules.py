"""The sections of RULES.md revised in this round, sentence by sentence: §4.1 (barrel), §4.2
(winning), §5.3 (bolts), §6.1 `penalty`, §6.4 `fail_by`, §7 `two_mode=draw`.  Each test quotes
the sentence it holds the engine to (§8 presets: tests/test_presets.py).  Scoring is tested
through ``scoring.score_deal`` on a ``Standing`` and a ``DealSummary`` (no cards needed),
mostly as hypothesis properties over many deals; the play rules through real deals."""
import pytest
from hypothesis import given, settings, strategies as st

from thousand import Conventions, ConventionError, Game
from thousand.conventions import MAX_PENALTY
from thousand.scoring import Standing, DealSummary, score_deal

SETTINGS = settings(max_examples=200, deadline=None, derandomize=True)


def standing(scores, on=(False, False, False), attempts=(0, 0, 0), bolts=(0, 0, 0),
             falls=(0, 0, 0)) -> Standing:
    n = len(scores)
    return Standing(list(scores), list(bolts), list(on), list(attempts), list(falls), [0] * n)


def played(declarer, contract, points, tricks=None, **kw) -> DealSummary:
    """A played deal: per seat points and tricks (a trick for every seat with points)."""
    if tricks is None:
        tricks = [1 if p else 0 for p in points]
    return DealSummary(declarer=declarer, contract=contract, outcome="played",
                       points=list(points), tricks=list(tricks), playing=[True] * len(points),
                       **kw)


def falls_of(row) -> dict:
    """{seat: why} of the barrel falls in a score-sheet row."""
    return {e["seat"]: e["why"] for e in row["events"] if e["kind"] == "barrel_fall"}


# ---- §4.1 barrel_knockoff ------------------------------------------------------------------

@given(attempts=st.integers(0, 2), knocked_is_declarer=st.booleans())
@SETTINGS
def test_s4_1_the_knockoff_replaces_that_deals_attempt_count(attempts, knocked_is_declarer):
    """§4.1 barrel_knockoff: "when another player sits down on the barrel, everyone who was
    already on it falls (score barrel_at − penalty); the knock-off replaces that deal's
    attempt count for them."  Seat 1 is on the barrel with 0–2 attempts used (2: this deal
    would be his third); seat 0 sits down this deal (as declarer, or as a defender while seat
    1 declares at need and fails, barrel_failed_contract=attempt).  Seat 1 falls by the
    knock-off, never by attempts, and only once."""
    conv = Conventions()
    st_ = standing([800, 880, 0], on=(False, True, False), attempts=(0, attempts, 0))
    if knocked_is_declarer:
        s = played(1, 120, [90, 20, 10])            # 800 + 90 -> 890: seat 0 sits down
    else:
        s = played(0, 100, [150, 0, 10])            # 800 + 100 -> 900
    row = score_deal(conv, st_, s)
    assert falls_of(row) == {1: "knocked_off"}
    assert st_.scores[:2] == [880, 760] and st_.on_barrel[:2] == [True, False]
    assert st_.attempts[:2] == [0, 0] and st_.falls[1] == 1
    assert [e["kind"] for e in row["events"]] == ["barrel_sit", "barrel_fall"]


# ---- §6.1 penalty --------------------------------------------------------------------------

@given(k=st.integers(1, MAX_PENALTY // 5))
@SETTINGS
def test_s6_1_penalty_is_any_positive_multiple_of_5(k):
    """§6.1 `penalty`: "120 (any positive multiple of 5)" — accepted from the constructor, a
    record's conventions and a rules code alike, and it is what the third bolt costs and where
    a fall from the barrel lands (§5.3, §4.1).  (Above 1000 it was refused.)  The only bound is
    the rules code's six characters (conventions.MAX_PENALTY = 999,995), explained there."""
    penalty = 5 * k
    conv = Conventions(penalty=penalty, dump_555=False)     # 880 − 325 is 555
    assert Conventions.from_code(conv.to_code()) == conv
    assert Conventions.from_dict(conv.to_dict()) == conv
    assert Game.from_record({"conventions": conv.to_dict(), "deals": []}).conv.penalty == penalty
    st_ = standing([0, 880, 0], on=(False, True, False), attempts=(0, 2, 0), bolts=(2, 0, 0))
    score_deal(conv, st_, played(1, 120, [0, 100, 20], tricks=[0, 6, 2]))
    assert st_.scores == [-penalty, 880 - penalty, 20] and st_.bolts[0] == 0


@pytest.mark.parametrize("bad", [0, -5, -120, 3, 121, 1001, 120.0, True, "120",
                                 MAX_PENALTY + 5, 10 ** 6,
                                 pytest.param(10 ** 5000, id="5000-digits")])
def test_s6_1_penalty_refuses_what_is_not_a_positive_multiple_of_5(bad):
    """§6.1: not a positive whole multiple of 5 — or longer than a rules code carries (six
    digits: a record or a link cannot bring a number of thousands of digits)."""
    with pytest.raises(ConventionError) as e:
        Conventions(penalty=bad)
    assert e.value.code == "bad_value" and e.value.params["field"] == "penalty"
