"""The sections of RULES.md revised in this round, sentence by sentence: §4.1 (barrel), §4.2
(winning), §5.3 (bolts), §6.1 `penalty`, §6.4 `fail_by`, §7 `two_mode=draw`.  Each test quotes
the sentence it holds the engine to (§8 presets: tests/test_presets.py).  Scoring is tested
through ``scoring.score_deal`` on a ``Standing`` and a ``DealSummary`` (no cards needed),
mostly as hypothesis properties over many deals; the play rules through real deals."""
import pytest
from hypothesis import given, settings, strategies as st

from thousand import Conventions, ConventionError, Game, IllegalAction
from thousand.conventions import MAX_PENALTY
from thousand.scoring import Standing, DealSummary, score_deal
from thousand_helpers import table_game

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


# ---- §7 two_mode=draw ----------------------------------------------------------------------

SUITS = "SCDH"


def draw_game(seed, **conv):
    return Game.new(Conventions(players=2, two_mode="draw", **conv), seed=seed,
                    first_dealer=seed % 2)


def play_draw_deal(g, rng, check):
    """Random legal actions to the end of the first deal; `check(g, view)` before each."""
    while not g.sheet:
        v = g.view(g.current_seat)
        check(g, v)
        g.apply(rng.choice(v["legal"]))


def section_3_7(hand, trick, trump):
    """§3.7 written out: follow suit if you can; else a trump if you have one; else any."""
    led = [c for c in hand if c[1] == trick[0][1][1]]
    trumps = [c for c in hand if trump and c[1] == trump]
    return set(led or trumps or hand)


@given(seed=st.integers(0, 10 ** 6), lead_rule=st.sampled_from(["", "must_lead_trump",
                                                                 "no_lead_foreign_trump"]))
@settings(max_examples=40, deadline=None, derandomize=True)
def test_s7_draw_any_card_while_the_stock_lasts_then_3_7(seed, lead_rule):
    """§7 two_mode=draw: "while it lasts any card may be played, after that §3.7 applies"
    (follow suit, else trump) — the lead rules of §6.2 included: none while the stock lasts."""
    import random
    g = draw_game(seed, **({lead_rule: True} if lead_rule else {}))

    def check(g, v):
        plays = {a.split()[1] for a in v["legal"] if a.startswith("play ")}
        if v["stock_size"]:
            assert plays == set(v["hand"])
        elif v["trick"]:
            assert plays == section_3_7(v["hand"], v["trick"], v["trump"])
    play_draw_deal(g, random.Random(seed), check)


@given(seed=st.integers(0, 10 ** 6))
@settings(max_examples=40, deadline=None, derandomize=True)
def test_s7_draw_the_winner_then_the_other_draws_while_the_stock_lasts(seed):
    """§7 two_mode=draw: "after each trick its winner, then the other, draws one card while
    the stock lasts" — the stock in drawing order (§9); 6 draws each, then none."""
    import random
    from thousand.cards import name
    g = draw_game(seed)
    stock = [name(c) for c in g.deal.cards.stock]
    assert len(stock) == 12 and g.view(0)["layout"]["hand"] == 6
    rng = random.Random(seed)
    k = 0
    while not g.sheet:
        before = [set(g.view(s)["hand"]) for s in range(2)]
        tricks = len(g.view(0)["tricks"])
        g.apply(rng.choice(g.legal_actions()))
        v = g.deal_view(0, 0)
        if len(v["tricks"]) == tricks:
            continue                                  # the trick is not complete yet
        w = v["tricks"][-1]["winner"]
        played = {c for _, c in v["tricks"][-1]["cards"]}
        drawn = [set(g.deal_view(0, s)["hand"]) - (before[s] - played) for s in (w, 1 - w)]
        if k < 12:
            assert drawn == [{stock[k]}, {stock[k + 1]}]
            k += 2
        else:
            assert drawn == [set(), set()]
        assert v["stock_size"] == 12 - k
    assert k == 12 and len(g.deal_view(0, 0)["tricks"]) == 12


@given(seed=st.integers(0, 10 ** 6), bolt_on=st.sampled_from(["no_tricks", "zero_points"]))
@settings(max_examples=40, deadline=None, derandomize=True)
def test_s7_draw_no_bidding_both_score_like_defenders(seed, bolt_on):
    """§7 two_mode=draw: "no bidding, both score like defenders (§5.1)" — first hand leads at
    once, nobody declares; each seat's change is his points rounded (§5.1), and a bolt goes
    by §5.3 `bolt_on` (no trick, or no points)."""
    import random
    from thousand.scoring import round5
    g = draw_game(seed, bolt_on=bolt_on)
    v = g.view(g.current_seat)
    assert v["phase"] == "play" and g.current_seat == v["first_hand"] and v["declarer"] is None
    assert all(a.split()[0] in ("play", "meld") for a in v["legal"])
    play_draw_deal(g, random.Random(seed), lambda g, v: None)
    row = g.sheet[0]
    end = g.deal_view(0, 0)
    assert row["declarer"] is None and row["outcome"] == "played"
    assert row["points"] == end["points"] and sum(end["card_points"]) == 120
    assert row["delta"] == [round5(p) for p in row["points"]]
    empty = end["tricks_taken"] if bolt_on == "no_tricks" else end["points"]
    assert row["bolted"] == [x == 0 for x in empty] and row["bolts"] == [int(x == 0) for x in empty]


@given(points=st.lists(st.integers(0, 220), min_size=2, max_size=2),
       bolts=st.lists(st.integers(0, 2), min_size=2, max_size=2),
       mode=st.sampled_from(["total", "in_a_row", "none"]))
@SETTINGS
def test_s7_draw_scores_like_defenders_with_bolts_per_5_3(points, bolts, mode):
    """§7 two_mode=draw: both score like defenders (§5.1: rounded) with bolts per §5.3 (the
    third costs `penalty`, in a row a deal without one ends the streak), through score_deal."""
    from thousand.scoring import round5
    conv = Conventions(players=2, two_mode="draw", bolts_mode=mode, dump_555=False)
    st_ = standing([0, 0], on=(False, False), attempts=(0, 0), bolts=bolts, falls=(0, 0))
    tricks = [6 if p else 0 for p in points]
    score_deal(conv, st_, DealSummary(None, 0, "played", points, tricks, [True, True]))
    for x in range(2):
        bolt = points[x] == 0
        third = bolt and bolts[x] == 2 and mode != "none"
        assert st_.scores[x] == round5(points[x]) - (120 if third else 0)
        if bolt:
            assert st_.bolts[x] == (0 if third else bolts[x] + 1)
        else:
            assert st_.bolts[x] == (0 if mode == "in_a_row" else bolts[x])


def test_s7_draw_marriages_as_usual():
    """§7 two_mode=draw: "marriages as usual" — the right to declare needs a trick taken
    (§3.7) unless `meld_on_first_lead`, and a declared marriage counts for its declarer and
    makes its suit trump.  Record two_draw: seat 1 leads first holding KH QH."""
    import json
    from pathlib import Path
    rec = json.loads((Path(__file__).parent / "records" / "two_draw.json").read_text())
    deal = rec["deals"][0]

    def at(k, **conv):
        c = dict(rec["conventions"], **conv)
        return table_game(deal["hands"], None, deal["actions"][:k], c, stock=deal["stock"])
    g = at(0)
    assert g.current_seat == 1 and not [a for a in g.legal_actions() if a.startswith("meld")]
    with pytest.raises(IllegalAction) as e:
        g.apply("meld KH")
    assert e.value.code == "meld_without_trick"
    g = at(0, meld_on_first_lead=True)
    assert {"meld KH", "meld QH"} <= set(g.legal_actions())
    g.apply("meld KH")
    assert g.view(0)["trump"] == "H" and g.view(0)["meld_points"] == [0, 100]
    g = at(2)                                   # seat 1 took the first trick: now he may
    assert {"meld KH", "meld QH"} <= set(g.legal_actions())
    g = at(len(deal["actions"]))
    assert g.sheet[0]["points"] == [71 + 40, 49 + 100]          # both marriages count


# ---- §5.3 bolts ----------------------------------------------------------------------------

@st.composite
def bolt_deals(draw):
    """A played 3-player deal far from the barrel (or with defenders sitting on it): the
    conventions of §5.3, the counts before, each seat's tricks and points."""
    conv = Conventions(bolt_on=draw(st.sampled_from(["no_tricks", "zero_points"])),
                       bolts_mode=draw(st.sampled_from(["total", "in_a_row", "none"])),
                       no_bolt_on_own_game=draw(st.booleans()), dump_555=False,
                       end_at_minus_1000=False)
    decl = draw(st.integers(0, 2))
    on = [x != decl and draw(st.booleans()) for x in range(3)]
    scores = [880 if on[x] else 5 * draw(st.integers(-100, 100)) for x in range(3)]
    bolts = [draw(st.integers(0, 2)) for _ in range(3)]
    tricks = [draw(st.integers(0, 8)) for _ in range(3)]
    points = [draw(st.sampled_from([0, 4, 13, 120])) for _ in range(3)]
    contract = 5 * draw(st.integers(20, 60))
    return conv, decl, on, scores, bolts, tricks, points, contract, draw(st.sampled_from([1, 2]))


@given(bolt_deals())
@SETTINGS
def test_s5_3_bolts(case):
    """§5.3, sentence by sentence, against score_deal:
    "A player who took no trick in the deal gets a bolt (bolt_on: no_tricks, or zero_points)."
    "On the third bolt the player loses penalty (120) and the count restarts."
    "bolts_mode: total (any three in the game) or in_a_row (a deal without a bolt sets the
    count back to 0; ... a player on the barrel gets no bolt, but a deal that would have given
    him none (by bolt_on) still sets his in-a-row count back to 0, and one that would have
    given him one leaves it as it was)."
    "no_bolt_on_own_game: the declarer gets no bolt for his own deal" (§6.4: "neither adds a
    bolt nor breaks a streak").
    "Golden round / blind game may double a bolt; a count that passes 3 pays penalty once and
    keeps the remainder (2 + 2 → penalty, count 1)."
    §6.4 bolts_mode=none: "bolts are recorded but cost nothing"."""
    conv, decl, on, scores, bolts, tricks, points, contract, double = case
    from thousand.scoring import round5
    st_ = standing(scores, on=on, bolts=bolts)
    s = played(decl, contract, points, tricks, bolt_multiplier=double)
    made = points[decl] >= contract
    row = score_deal(conv, st_, s)
    for x in range(3):
        empty = tricks[x] == 0 if conv.bolt_on == "no_tricks" else points[x] == 0
        count, paid = bolts[x], 0
        if conv.no_bolt_on_own_game and x == decl:
            pass
        elif empty and not on[x]:
            count += double
            if conv.bolts_mode != "none" and count >= 3:
                count, paid = count - 3, 120
        elif not empty and conv.bolts_mode == "in_a_row":
            count = 0
        change = 0 if on[x] else (contract if made else -contract) if x == decl \
            else round5(points[x])
        assert st_.bolts[x] == count, x
        assert st_.scores[x] == scores[x] + change - paid, x
        assert row["bolted"][x] == (empty and not on[x] and not (conv.no_bolt_on_own_game
                                                                  and x == decl))
        assert [e["seat"] for e in row["events"] if e["kind"] == "third_bolt"].count(x) \
            == (1 if paid else 0)


def test_s5_3_a_doubled_bolt_passing_3_pays_once_and_keeps_the_remainder():
    """§5.3: "a count that passes 3 pays penalty once and keeps the remainder (2 + 2 →
    penalty, count 1)" — the example itself, in both counting modes."""
    for mode in ("total", "in_a_row"):
        st_ = standing([0, 0, 0], bolts=(0, 0, 2))
        score_deal(Conventions(bolts_mode=mode), st_,
                   played(0, 100, [110, 10, 0], [6, 2, 0], bolt_multiplier=2))
        assert st_.bolts == [0, 0, 1]
        assert st_.scores == [100, 10, -120]


def test_s5_3_a_conceded_deal_changes_no_count():
    """§5.3 "a conceded deal changes no count, §5.5", §5.5 "A conceded deal gives nobody a
    bolt and leaves every bolt count unchanged, in-a-row streaks included (but
    concede_penalty=bolt gives the declarer one)"."""
    for mode in ("total", "in_a_row", "none"):
        for cost in ("bid", "bolt", "none"):
            conv = Conventions(bolts_mode=mode, concede_penalty=cost)
            st_ = standing([0, 0, 0], bolts=(1, 2, 2))
            s = DealSummary(0, 100, "conceded", [0, 0, 0], [0, 0, 0], [True] * 3)
            score_deal(conv, st_, s)
            if cost == "bolt":
                assert st_.bolts == [2, 2, 2]
            else:
                assert st_.bolts == [1, 2, 2]


# ---- §6.4 fail_by --------------------------------------------------------------------------

@given(contract=st.integers(20, 60).map(lambda k: 5 * k), points=st.integers(0, 300),
       round_declarer=st.booleans(), doubled=st.booleans())
@SETTINGS
def test_s6_4_fail_by_shortfall(contract, points, round_declarer, doubled):
    """§6.4 fail_by: "contract (a failed declarer loses his contract), shortfall (he loses
    only what he fell short by: contract − points, rounded per §5.1)"; with round_declarer
    (§5.2 "rounds first") the points compared and subtracted are the rounded ones; made is
    + contract either way; a golden-round deal doubles it (§6.6)."""
    from thousand.scoring import round5
    pts = round5(points) if round_declarer else points
    for fail_by in ("contract", "shortfall"):
        conv = Conventions(fail_by=fail_by, round_declarer=round_declarer)
        st_ = standing([0, 0, 0])
        mult = 2 if doubled else 1
        s = played(0, contract, [points, 0, 0], [1, 0, 0], multiplier=[mult] * 3,
                   penalty_multiplier=mult, doubled=doubled)
        row = score_deal(conv, st_, s)
        if pts >= contract:
            want = contract
        elif fail_by == "contract":
            want = -contract
        else:
            want = -round5(contract - pts)
        assert row["outcome"] == ("made" if pts >= contract else "failed")
        assert row["delta"][0] == want * mult


def test_s6_4_shortfall_on_the_barrel_and_in_a_blind_game():
    """§6.4 fail_by=shortfall with the barrel (§4.1) and the blind game (§6.7): a blind game
    failed is −240 whatever fail_by says ("Failed or conceded: −240"); on the barrel a failure
    is a used attempt (`barrel_failed_contract=attempt`: no points lost), and where it costs
    (`minus_bid`) it "costs the contract and he falls": barrel_at − contract, the barrel's own
    rule (the barrel player has no §5.2 change for fail_by to shorten)."""
    short = Conventions(fail_by="shortfall")
    st_ = standing([0, 0, 0])
    score_deal(short, st_, played(0, 120, [110, 5, 5], [4, 2, 2], multiplier=[2, 1, 1],
                                  blind=True))
    assert st_.scores[0] == -240
    st_ = standing([880, 0, 0], on=(True, False, False))
    score_deal(short, st_, played(0, 150, [140, 5, 5], [4, 2, 2]))
    assert st_.scores[0] == 880 and st_.on_barrel[0] and st_.attempts[0] == 1
    st_ = standing([880, 0, 0], on=(True, False, False))
    row = score_deal(short.replace(barrel_failed_contract="minus_bid"), st_,
                     played(0, 150, [140, 5, 5], [4, 2, 2]))
    assert st_.scores[0] == 730 and not st_.on_barrel[0] and falls_of(row) == {0: "failed"}


# ---- §4.1 barrel, §4.2 winning: a model of the sentences against score_deal ----------------

@st.composite
def barrel_deals(draw):
    """A played 3-player deal around the barrel: some seats on it (attempts and falls used),
    others below it or far from it; every seat takes a trick (no bolts here)."""
    conv = Conventions(
        barrel_failed_contract=draw(st.sampled_from(["attempt", "minus_bid_if_raised",
                                                     "minus_bid"])),
        barrel_knockoff=draw(st.booleans()), barrel_simultaneous=draw(st.booleans()),
        three_barrels_zero=draw(st.booleans()), penalty=draw(st.sampled_from([120, 100, 150])),
        target=draw(st.sampled_from([1000, 1001])), round_need=draw(st.booleans()),
        dump_555=False, end_at_minus_1000=False)
    on = [draw(st.booleans()) for _ in range(3)]
    scores = [880 if on[x] else draw(st.sampled_from([0, 600, 790, 800, 860, 875]))
              for x in range(3)]
    attempts = [draw(st.integers(0, 2)) if on[x] else 0 for x in range(3)]
    falls = [draw(st.integers(0, 2)) for _ in range(3)]
    decl = draw(st.integers(0, 2))
    contract = draw(st.sampled_from([conv.need, 150, 200] if on[decl] else [100, 150, 200]))
    points = [draw(st.sampled_from([5, 40, 88, 120, 250])) for _ in range(3)]
    return conv, on, scores, attempts, falls, decl, contract, points


@given(barrel_deals())
@settings(max_examples=400, deadline=None, derandomize=True)
def test_s4_1_s4_2_the_barrel(case):
    """§4.1 and §4.2 written out as a model and held against score_deal:
    "A player whose score reaches barrel_at or more sits on the barrel: his score is set to
    exactly barrel_at, also when he jumped over it as declarer."  "Nobody wins without sitting
    on the barrel first."  "On the barrel he gets no points ... as a defender."  "To win he
    must be declarer and make a contract of at least need."  "Attempts: every deal completed
    while he is on the barrel counts ..., whoever declared."  "A failed ... contract on the
    barrel is just a used attempt (barrel_failed_contract=attempt).  ... minus_bid_if_raised:
    failing at need is a used attempt, but failing a contract he raised above need costs the
    contract and he falls from the barrel.  minus_bid: any failure costs the contract and he
    falls."  "When the barrel_deals-th (3rd) attempt has not won, he falls: his score becomes
    barrel_at − penalty."  barrel_knockoff: "when another player sits down on the barrel,
    everyone who was already on it falls (score barrel_at − penalty); the knock-off replaces
    that deal's attempt count for them."  barrel_simultaneous: "when two or more players
    reach the barrel in the same deal, none of them sits down: each gets barrel_at − penalty.
    Nobody sat down, so nobody is knocked off by them, and this is not a fall for
    three_barrels_zero."  three_barrels_zero: "a player's third fall (by attempts, knock-off
    or a failed contract) sets his score to 0, and his count of falls starts again."
    §4.2: "The barrel player who makes his barrel contract wins: his score becomes his old
    score plus the contract (≥ target).  ... In that last deal the others' points are still
    added (a score reaching barrel_at is capped there), but nobody sits down, falls or is
    knocked off.\""""
    from thousand.scoring import round5
    conv, on, scores, attempts, falls, decl, contract, points = case
    at, need = conv.barrel_at, conv.need
    st_ = standing(scores, on=on, attempts=attempts, falls=falls)
    row = score_deal(conv, st_, played(decl, contract, points, [1, 1, 1]))
    made = points[decl] >= contract
    # (1) the changes: nothing for a seat on the barrel
    score = list(scores)
    for x in range(3):
        if not on[x]:
            score[x] += (contract if made else -contract) if x == decl else round5(points[x])
    want_on, want_att, want_falls = list(on), list(attempts), list(falls)
    why = {}
    if on[decl] and made:                           # §4.2 the win
        assert contract >= need
        score[decl] = scores[decl] + contract
        score = [v if x == decl or on[x] else min(v, at) for x, v in enumerate(score)]
        assert (st_.finished, st_.winner) == (True, decl) and score[decl] >= conv.target
    else:
        def fall(x, to, reason):
            score[x], want_on[x], want_att[x], why[x] = to, False, 0, reason
            want_falls[x] += 1
            if conv.three_barrels_zero and want_falls[x] == 3:
                score[x], want_falls[x] = 0, 0
        newcomers = [x for x in range(3) if not on[x] and score[x] >= at]
        together = len(newcomers) >= 2 and conv.barrel_simultaneous
        knock = bool(newcomers) and not together and conv.barrel_knockoff
        for x in range(3):
            if not on[x]:
                continue
            mode = conv.barrel_failed_contract
            if x == decl and not made and (mode == "minus_bid" or (
                    mode == "minus_bid_if_raised" and contract > need)):
                fall(x, at - contract, "failed")
            elif knock:
                fall(x, at - conv.penalty, "knocked_off")
            else:
                want_att[x] += 1
                if want_att[x] == conv.barrel_deals:
                    fall(x, at - conv.penalty, "attempts")
        for x in newcomers:
            if together:
                score[x] = at - conv.penalty            # not a fall
            else:
                score[x], want_on[x], want_att[x] = at, True, 0
        assert not st_.finished
    assert st_.scores == score
    assert st_.on_barrel == want_on and st_.attempts == want_att and st_.falls == want_falls
    assert falls_of(row) == why


# ---- §4.1 bidding, contract and attempts with real deals -----------------------------------
# Dealer 0: first hand (seat 1, the forced bidder) and seat 2 hold no marriage, nor does seat
# 1 after taking the talon (no queen); seat 0 none either (KC is his, QC seat 2's).
NO_MARRIAGE = ["QH QS AC TC KC JC QD".split(), "AH TH JH 9H AS TS 9D".split(),
               "KH KS JS 9S JD QC 9C".split()]
NO_MARRIAGE_TALON = "AD TD KD".split()


def barrel_start(scores, barrel):
    return {"scores": list(scores), "bolts": [0, 0, 0], "barrel": list(barrel)}


def bids_of(g):
    return [int(a.split()[1]) for a in g.legal_actions() if a.startswith("bid ")]


def test_s4_1_bid_cap_never_forbids_need_in_the_contract_either():
    """§4.1: "His bids and his contract may not be below need (... bid_cap never forbids need
    itself); as forced bidder his committed 100 stands, but if he becomes declarer at 100 his
    contract must be at least need."  Seat 1 on the barrel, declarer at 100 without a
    marriage (cap 120), need 125 (win_above_target): his one contract is 125."""
    from thousand_helpers import game_with
    g = game_with(["pass", "pass", "give 9D 0", "give TD 2"], hands=NO_MARRIAGE,
                  talon=NO_MARRIAGE_TALON, conventions=Conventions(win_above_target=True),
                  start=barrel_start([0, 880, 0], [None, 0, None]))
    assert g.deal.contract == 100 and g.phase == "contract"
    assert [a for a in g.legal_actions() if a.startswith("contract")] == ["contract 125"]


def test_s4_1_round_need_off_121_is_a_legal_bid():
    """§4.1: "seed 000 plays it exact (round_need off: he must take 121, and 121 is then a
    legal contract for him)" — and a legal bid; the next bid above it is 125 (bid_step)."""
    from thousand_helpers import game_with
    conv = Conventions(target=1001, round_need=False, bid_cap="none")
    g = game_with([], hands=NO_MARRIAGE, talon=NO_MARRIAGE_TALON, conventions=conv,
                  start=barrel_start([0, 0, 880], [None, None, 0]))
    assert g.current_seat == 2 and min(bids_of(g)) == 121
    g.apply("bid 121")
    assert min(bids_of(g)) == 125


def test_s4_1_barrel_bidding_auto_two_on_the_barrel_forced_bidder_last():
    """§4.1 barrel_bidding=auto: "he takes the talon at need and nobody bids (if two are on
    the barrel, the first of them in bidding order)".  Bidding order is the order of speaking
    (§3.3: "Bidding then goes clockwise from the seat after the forced bidder"), so the forced
    bidder, who commits without speaking, comes last: with the forced bidder (seat 1) and
    the dealer (seat 0) on the barrel, seat 0 takes the talon (a reading: see the report)."""
    from thousand_helpers import game_with
    conv = Conventions(barrel_bidding="auto", barrel_knockoff=False)
    g = game_with([], conventions=conv, start=barrel_start([880, 880, 0], [0, 0, None]))
    assert g.deal.declarer == 0 and g.deal.contract == 120 and g.view(0)["bids"] == []


def test_s4_1_redeals_are_not_attempts():
    """§4.1: "Attempts: every deal completed while he is on the barrel counts ...; redeals do
    not count."  Seat 0 on the barrel with one attempt used; seat 2 asks for a redeal
    (redeal_four_nines_dealt, §6.3): the attempt count stays 1, his score 880."""
    from thousand_helpers import game_with
    hands = ["AC TC KC QC JC AD TD".split(), "AH TH KH QH JH AS TS".split(),
             "9H 9S 9C 9D KS QS JS".split()]
    g = game_with(["redeal"], hands=hands, talon="KD QD JD".split(),
                  conventions=Conventions(redeal_four_nines_dealt=True),
                  start=barrel_start([880, 0, 0], [1, None, None]))
    row = g.sheet[-1]
    assert row["outcome"] == "redeal" and row["barrel"][0] == {"on": True, "attempts": 1}
    assert g.on_barrel[0] and g.barrel_attempts[0] == 1 and g.scores[0] == 880
    # and through score_deal: a redeal changes nothing of the standing
    st_ = standing([880, 880, 0], on=(True, True, False), attempts=(2, 1, 0))
    before = st_.copy()
    score_deal(Conventions(), st_, DealSummary(0, 100, "redeal", [0] * 3, [0] * 3, [True] * 3))
    assert st_ == before
