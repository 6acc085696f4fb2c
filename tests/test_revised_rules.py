"""The sections of RULES.md revised in this round, sentence by sentence: §4.1 (barrel), §4.2
(winning), §5.3 (bolts), §6.1 `penalty`, §6.4 `fail_by`, §7 `two_mode=draw`.  Each test quotes
the sentence it holds the engine to (§8 presets: tests/test_presets.py).  Scoring is tested
through ``scoring.score_deal`` on a ``Standing`` and a ``DealSummary`` (no cards needed),
mostly as hypothesis properties over many deals; the play rules through real deals."""
from hypothesis import given, settings, strategies as st

from thousand import Conventions
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
