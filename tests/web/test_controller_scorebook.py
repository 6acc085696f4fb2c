"""The score sheet for a live game and the statistics (issue 11 items 3, 4) in the table:
the controller against the real engine (LocalEngine) and the fake page, drawn by the real
renderers.  The sheet's scores must be the engine's (scoresheet.ScoreSheet, the one
scoring path) for the same entries, and nothing here may touch the game's save."""
import json
from pathlib import Path

from webkit import make, run_async, settle
from test_controller import do, start
from thousand import Conventions, Game
from thousand.scoresheet import ScoreSheet
from thousand.web import intents, scorebook
from thousand.web.scorebook import SHEET_KEY, STATS_KEY

RECORDS = Path(__file__).resolve().parents[1] / "records"


def click(ctrl, action, **data):
    do(ctrl, intents.INTENTS[action](ctrl, data))


def type_in(ctrl, fid, value="", checked=None):
    intents.field(ctrl, fid, value, checked)
    ctrl.draw()


def text(page, id_):
    el = page.el(id_)
    return el.textContent if el is not None else None


def new_sheet(ctrl, names=("Аня", "Борис", "Вера"), start=(800, 0, 0), dealer=0):
    click(ctrl, "settings")
    click(ctrl, "scorebook")                    # the settings' button opens the sheet
    assert ctrl.ui.overlay == "scorebook" and ctrl.ui.scorebook["mode"] == "setup"
    for i, n in enumerate(names):
        type_in(ctrl, "set-name-%d" % i, n)
    for i, x in enumerate(start):
        type_in(ctrl, "sb-start-%d" % i, str(x))
    type_in(ctrl, "sb-dealer", str(dealer))
    click(ctrl, "sb-start")


def enter(ctrl, declarer, contract, points, melds=None, result="made", kind="played"):
    type_in(ctrl, "sb-kind", kind)
    type_in(ctrl, "sb-declarer", str(declarer))
    type_in(ctrl, "sb-contract", str(contract))
    if kind == "played":
        type_in(ctrl, "sb-result", result)
        for s, p in enumerate(points):
            if p is not None:
                type_in(ctrl, "sb-points-%d" % s, str(p))
        for s, ms in enumerate(melds or []):
            for m in ms:
                type_in(ctrl, "sb-meld-%d-%s" % (s, m), "", True)
    click(ctrl, "sb-add")


ENTRIES = [   # what the player types, and the same deal as a ScoreSheet entry
    ((0, 100, [None, 10, 10]), {"declarer": 0, "contract": 100, "points": [None, 10, 10]}),
    ((1, 120, [30, None, 0], [[], ["H"], []]),
     {"declarer": 1, "contract": 120, "points": [30, None, 0], "marriages": [[], ["H"], []]}),
    ((2, 140, [40, 40, None], None, "failed"), {"declarer": 2, "contract": 140, "points": [40, 40, None]}),
]


def engine_sheet(n_deals):
    sheet = ScoreSheet(Conventions(), ["Аня", "Борис", "Вера"], 0,
                       {"scores": [800, 0, 0], "barrel": [None, None, None]})
    for _, e in ENTRIES[:n_deals]:
        sheet.add(e)
    return sheet


def test_a_three_deal_live_game_is_scored_by_the_engine_and_saved_apart(storage):
    """§4.1: 800 + a made 100 puts Аня on the barrel (880); the next deals are scored with
    the barrel, the bolt of a player with no trick (§5.3) and a failed contract (§5.2)."""
    ctrl, page = start(storage, "#seed=7")
    game_save = storage["thousand.save"]
    new_sheet(ctrl)
    assert ctrl.ui.scorebook["mode"] == "sheet"
    assert json.loads(storage[SHEET_KEY])["sheet"]["names"] == ["Аня", "Борис", "Вера"]
    # the first form: the first hand declares 100 (dealer Аня, first hand Борис)
    assert page.el("sb-declarer").value == "1"
    for typed, _ in ENTRIES:
        enter(ctrl, *typed)
        assert not ctrl.ui.scorebook["errors"], ctrl.ui.scorebook["errors"]
    want = engine_sheet(3)
    st = ctrl.ui.scorebook["state"]
    assert st["rows"] == want.rows and st["scores"] == want.scores
    assert want.rows[0]["barrel"][0]["on"] and [e["kind"] for e in want.rows[0]["events"]] == ["barrel_sit"]
    # on the page: the totals of the foot, the barrel mark, the event in words
    foot = page.el("sheet-table").select(lambda n: n.tag == "tfoot")[0]
    assert [c.textContent for c in foot.children[0].children[2:5]] == [str(x) for x in want.scores]
    assert "бочк" in page.el("sheet-table").textContent
    assert ScoreSheet.from_json(json.loads(storage[SHEET_KEY])["sheet"]).rows == want.rows
    assert storage["thousand.save"] == game_save          # the game's save is never touched


def test_points_that_do_not_add_up_are_refused_by_their_field_in_russian(storage):
    ctrl, page = start(storage, "#seed=7")
    new_sheet(ctrl)
    before = storage[SHEET_KEY]
    enter(ctrl, 2, 120, [70, 60, None])                    # 130 of the deck's 120
    err = text(page, "err-sb-points")
    assert err == "Очки в картах дают в сумме 130, а в колоде 120"
    assert storage[SHEET_KEY] == before and ctrl.ui.scorebook["state"]["rows"] == []
    # the user says "made" but the points say otherwise: by the result's field
    enter(ctrl, 2, 120, [60, 30, None], result="made")
    assert text(page, "err-sb-result").startswith("По этим очкам заказ не сыгран (30 из 120)")
    assert page.el("sb-result").attrs.get("aria-invalid") == "true"
    # a typo in a number: the form's own check, nothing sent to the engine
    n = len(ctrl.engine.requests)
    type_in(ctrl, "sb-points-0", "6x")
    click(ctrl, "sb-add")
    assert text(page, "err-sb-points-0") == "Очки в картах: целое число от 0 до 120"
    assert len(ctrl.engine.requests) == n and storage[SHEET_KEY] == before


def test_the_declarers_points_are_derived_and_the_deck_check_is_shown(storage):
    ctrl, page = start(storage, "#seed=7")
    new_sheet(ctrl)
    type_in(ctrl, "sb-declarer", "1")
    type_in(ctrl, "sb-points-0", "35")
    assert text(page, "sb-derived") == "…"                # Вера's points still missing
    type_in(ctrl, "sb-points-2", "25")
    assert text(page, "sb-derived") == "60"
    assert text(page, "sb-points-sum") == "Очки в картах: 120 из 120"
    type_in(ctrl, "sb-points-0", "95")                    # the others took it all
    assert text(page, "sb-derived") == "0"
    type_in(ctrl, "sb-points-0", "100")                   # more than the deck: no rest
    assert text(page, "sb-derived") == "—"
    assert text(page, "sb-points-sum") == "Очки в картах: 125 из 120"
    assert "field-error" in page.el("sb-points-sum").attrs["class"]


def test_another_tabs_sheet_is_shown_unless_a_deal_is_being_edited(storage):
    ctrl, page = start(storage, "#seed=7")
    new_sheet(ctrl)
    other, _ = make(storage)                  # a second tab over the same storage
    run_async(other.book._open())
    enter(other, *ENTRIES[0][0])              # it adds a deal
    run_async(_storage_event(ctrl))
    assert len(ctrl.ui.scorebook["state"]["rows"]) == 1 and page.el("sb-edit-0") is not None


async def _storage_event(ctrl):
    ctrl.on_storage(SHEET_KEY)
    await settle(ctrl)


def test_undo_and_edit_rescore_every_later_deal(storage):
    ctrl, page = start(storage, "#seed=7")
    new_sheet(ctrl)
    for typed, _ in ENTRIES:
        enter(ctrl, *typed)
    click(ctrl, "sb-undo")
    assert ctrl.ui.scorebook["state"]["rows"] == engine_sheet(2).rows
    # edit deal 1: Аня failed her 100 (she took 20) — deal 2 is scored again after it
    click(ctrl, "sb-edit", value="0")
    b = ctrl.ui.scorebook
    assert b["editing"] == 0 and page.el("sb-form").attrs["data-editing"] == "0"
    assert page.el("sb-points-1").value == "10"    # the deal's entry in the form
    type_in(ctrl, "sb-result", "failed")
    type_in(ctrl, "sb-points-1", "60")
    type_in(ctrl, "sb-points-2", "40")
    click(ctrl, "sb-add")
    want = ScoreSheet(Conventions(), ["Аня", "Борис", "Вера"], 0,
                      {"scores": [800, 0, 0], "barrel": [None, None, None]})
    want.add({"declarer": 0, "contract": 100, "points": [None, 60, 40]})
    want.add(ENTRIES[1][1])
    assert b["editing"] is None and b["state"]["rows"] == want.rows
    assert not want.rows[0]["barrel"][0]["on"]              # no barrel any more
    assert ScoreSheet.from_json(json.loads(storage[SHEET_KEY])["sheet"]).rows == want.rows


def test_link_round_trip_and_a_hostile_link_changes_nothing(storage):
    ctrl, page = start(storage, "#seed=7")
    new_sheet(ctrl)
    enter(ctrl, *ENTRIES[0][0])
    click(ctrl, "sb-share")
    url = ctrl.ui.scorebook["share_url"]
    assert url.startswith("http://x/#sheet=1") and page.shared == [url]
    assert page.el("sb-share-url").value == url
    sheet = ctrl.ui.scorebook["state"]["sheet"]
    # a fresh browser opens the link: the same sheet, on screen and stored
    from webkit import fast_storage
    other = fast_storage()
    c2, p2 = start(other, url[len("http://x/"):])
    assert c2.ui.overlay == "scorebook" and c2.ui.scorebook["state"]["sheet"] == sheet
    assert json.loads(other[SHEET_KEY])["sheet"] == sheet
    assert p2.el("sheet-table") is not None and "thousand.save" in other
    # a hostile link: a short notice, nothing stored, the game as it was
    for bad in ("#sheet=1" + "A" * 80, "#sheet=%00%ff", "#sheet=" + "9" * 70000):
        third = fast_storage()
        c3, p3 = start(third, bad)
        notice = p3.root.select(lambda n: n.attrs.get("data-notice") == "sheet-link")
        assert notice and len(notice[0].textContent) < 300
        assert SHEET_KEY not in third and c3.ui.overlay != "scorebook"
        assert c3.view is not None and c3.view["action_count"] >= 0
    # a link while a sheet of one's own has deals: asked first, kept aside if replaced
    enter(ctrl, *ENTRIES[1][0])                   # my sheet goes on: it differs from the link
    mine = storage[SHEET_KEY]
    c4, p4 = start(storage, "#sheet=" + c2.ui.scorebook["state"]["link"])
    assert any(n["kind"] == "sheet-pending" for n in c4.ui.notices)
    click(c4, "sb-link-keep")
    assert storage[SHEET_KEY] == mine and not c4.ui.notices
    c5, p5 = start(storage, "#sheet=" + c2.ui.scorebook["state"]["link"])
    click(c5, "sb-link-open")
    assert json.loads(storage[SHEET_KEY])["sheet"] == sheet
    assert storage["thousand.sheet.previous"] == mine      # mine is kept aside, never lost


def test_export_and_import_a_sheet_file_and_print(storage):
    ctrl, page = start(storage, "#seed=7")
    new_sheet(ctrl)
    enter(ctrl, *ENTRIES[0][0])
    click(ctrl, "sb-export")
    name, text_ = page.downloads[-1]
    assert name.startswith("thousand-sheet-") and json.loads(text_) == ctrl.ui.scorebook["state"]["sheet"]
    click(ctrl, "sb-undo")
    before = storage[SHEET_KEY]
    run_async(ctrl.book.import_file(text_))
    assert len(ctrl.ui.scorebook["state"]["rows"]) == 1
    assert storage["thousand.sheet.previous"] == before      # the replaced sheet is kept
    run_async(ctrl.book.import_file('{"format": "thousand-sheet/1", "deals": 3}'))
    assert any(n["kind"] == "sheet-import" for n in ctrl.ui.notices)
    assert len(ctrl.ui.scorebook["state"]["rows"]) == 1
    click(ctrl, "sb-print")
    assert page.events[-1] == "print"


def test_a_stored_sheet_that_is_not_one_is_kept_aside_and_a_new_one_offered(storage):
    storage[SHEET_KEY] = "{not json"
    ctrl, page = start(storage, "#seed=7")
    click(ctrl, "scorebook")
    assert ctrl.ui.scorebook["mode"] == "setup"
    assert storage["thousand.sheet.backup"] == "{not json"
    assert any(n["kind"] == "sheet-corrupt" for n in ctrl.ui.notices)


def finished_record():
    for p in sorted(RECORDS.glob("*.json")):
        rec = json.loads(p.read_text(encoding="utf-8"))
        if "error" in rec.get("expected", {}):
            continue
        g = Game.from_record(rec)
        if g.finished:
            return rec, g
    raise AssertionError("no finished record")


def test_a_game_that_ends_is_recorded_once_and_shown_with_a_chart(storage):
    ctrl, page = start(storage, "#seed=7")
    rec, g = finished_record()
    # the game on the table ends: the reply that finishes it (the last position)
    reply = run_async(ctrl.engine.request({"op": "load", "record": rec}))
    ctrl.review_lost = {0: 20, 1: 0}                  # what the deal review (item 1) fills

    async def ends():
        ctrl.view = dict(ctrl.view, finished=False)   # the position before the last action
        ctrl.take(reply)
        await settle(ctrl)
    run_async(ends())
    stored = json.loads(storage[STATS_KEY])
    assert len(stored) == 1 and stored[0]["finished"] and stored[0]["deals"] == sum(
        r["outcome"] != "redeal" for r in g.sheet)
    assert stored[0]["lost"] == 20 and stored[0]["reviewed"] == 2
    run_async(ends())                                  # the same game again: not twice
    assert len(json.loads(storage[STATS_KEY])) == 1
    click(ctrl, "stats")
    assert ctrl.ui.overlay == "stats" and ctrl.ui.stats["status"] == "done"
    chart = page.el("stats-chart")
    assert chart.tag == "svg" and getattr(chart, "namespace", "") == "http://www.w3.org/2000/svg"
    bars = chart.select(lambda n: n.tag == "rect")
    assert len(bars) == 1 and bars[0].attrs["data-won"] == ("true" if g.winner == 0 else "false")
    assert page.el("stats-lost-line") is not None        # the review's line
    figures = {r.attrs["data-stat"]: r.children[1].textContent
               for r in page.el("stats-figures").select(lambda n: n.tag == "tr")}
    assert figures["games"] == "1" and figures["lost_per_deal"] == "10"


def test_every_word_of_the_dialogs_is_in_the_catalogs(storage):
    """No id shown raw (sb_…, stats_…) in any language, in any face of the dialogs."""
    for lang in ("ru", "uk", "pl", "en"):
        ctrl, page = start(storage, "#seed=7")
        ctrl.ui.lang = lang
        new_sheet(ctrl, start=(0, 0, 0))
        enter(ctrl, 0, 120, [70, 60, None])
        ctrl.draw()
        shown = page.root.textContent + " ".join(
            n.attrs.get("aria-label", "") for n in page.root.walk())
        assert "sb_" not in shown and "stats_" not in shown, lang
        click(ctrl, "sb-new")
        assert "sb_" not in page.root.textContent
        click(ctrl, "close")
        click(ctrl, "stats")
        assert "stats_" not in page.root.textContent
        storage.pop(SHEET_KEY)
        click(ctrl, "close")


def test_to_int_reads_only_whole_numbers():
    assert [scorebook.to_int(x) for x in ("12", " 7 ", "−5", "-5", "", "1.5", "x", "1234567")] == [
        12, 7, -5, -5, None, None, None, None]


def setup_with(ctrl, preset, changes=(), names=("A", "B", "C", "D")):
    click(ctrl, "scorebook")
    assert ctrl.ui.catalog is not None                 # the settings' rules fieldset
    type_in(ctrl, "set-preset", preset)
    for cid, value in changes:
        type_in(ctrl, "conv-" + cid, value)
    for i, n in enumerate(names):
        type_in(ctrl, "set-name-%d" % i, n)
    click(ctrl, "sb-start")
    assert ctrl.ui.scorebook["mode"] == "sheet", ctrl.ui.draft


def test_four_players_with_a_dealer_sitting_out_score_the_talon_for_him(storage):
    """§7 dealer_sits_out: the form asks the sitter's talon points and marriage; the row is
    the engine's for the same entry."""
    ctrl, page = start(storage, "#seed=7")
    setup_with(ctrl, "four", [("four_mode", "dealer_sits_out")])
    ctx = ctrl.ui.scorebook["ctx"]
    assert ctx["sitter"] == [0] and page.el("sb-points-0") is None
    assert page.el("sb-talon-points") is not None
    type_in(ctrl, "sb-declarer", "1")
    type_in(ctrl, "sb-contract", "105")
    type_in(ctrl, "sb-points-2", "10")
    type_in(ctrl, "sb-points-3", "5")
    type_in(ctrl, "sb-talon-points", "14")
    type_in(ctrl, "sb-talon-marriage", "C")
    click(ctrl, "sb-add")
    assert not ctrl.ui.scorebook["errors"], ctrl.ui.scorebook["errors"]
    want = ScoreSheet(Conventions.from_code("four,four_mode=dealer_sits_out"), ["A", "B", "C", "D"])
    want.add({"declarer": 1, "contract": 105, "points": [None, None, 10, 5],
              "sitter": {"talon_points": 14, "marriage": "C"}})
    assert ctrl.ui.scorebook["state"]["rows"] == want.rows
    assert ctrl.ui.scorebook["ctx"]["sitter"] == [1]          # the next dealer sits out


def test_a_table_without_bidding_asks_no_declarer(storage):
    """§7 two_mode=draw: nobody declares; every player's card points are entered."""
    ctrl, page = start(storage, "#seed=7")
    setup_with(ctrl, "two", [("two_mode", "draw")], names=("A", "B"))
    assert page.el("sb-declarer") is None and page.el("sb-contract") is None
    kinds = [o.attrs["value"] for o in page.el("sb-kind").children]
    assert kinds == ["played", "redeal"]
    type_in(ctrl, "sb-points-0", "70")
    type_in(ctrl, "sb-points-1", "50")
    click(ctrl, "sb-add")
    want = ScoreSheet(Conventions.from_code("two,two_mode=draw"), ["A", "B"])
    want.add({"declarer": None, "points": [70, 50]})
    assert ctrl.ui.scorebook["state"]["rows"] == want.rows


def test_the_setup_takes_rules_from_a_pasted_link_and_names_what_it_ignored(storage):
    ctrl, page = start(storage, "#seed=7")
    click(ctrl, "scorebook")
    type_in(ctrl, "sb-rules-link", "https://x.org/t/#rules=classic%2Cace_marriage%3Don%2Cbogus%3D1")
    click(ctrl, "sb-rules-link")
    assert ctrl.ui.draft["conv"] == {"preset": "classic", "ace_marriage": True}
    assert text(page, "err-sb-rules-link").startswith("Из ссылки не принято")
    click(ctrl, "sb-start")
    assert ctrl.ui.scorebook["state"]["rules_code"] == "classic,ace_marriage=on"
    assert page.el("sb-meld-1-A") is not None                 # the ace marriage is offered
    assert scorebook.rules_code_of("four%2Cpenalty%3D60") == "four,penalty=60"
    assert scorebook.rules_code_of(" classic ") == "classic"


def test_the_table_waits_while_the_live_sheet_is_open(storage):
    """A deal of the bots ending behind the dialog would put its summary over the form
    being typed: the bots wait until the dialog is closed."""
    ctrl, page = start(storage, "#seed=7")
    click(ctrl, "scorebook")
    bots = sum(r.get("op") == "bot" for r in ctrl.engine.requests)
    v = ctrl.view
    ctrl.view = dict(v, current_seat=1)            # a bot's turn, as after the human's move
    ctrl.draw()
    run_async(settle(ctrl))
    assert not ctrl.bot_running and ctrl.view["action_count"] == v["action_count"]
    assert sum(r.get("op") == "bot" for r in ctrl.engine.requests) == bots


def test_the_russian_dialogs_have_no_english_word(storage):
    """Every face of the sheet and the statistics in Russian: no English word, no raw id
    (aria labels included), as test_l10n's russian_clean asks of the engine's errors."""
    from test_l10n import russian_clean
    ctrl, page = start(storage, "#seed=7")
    seen = []

    def grab():
        ctrl.draw()
        root = page.el("overlay-root")
        seen.append(root.textContent + " " + " ".join(
            n.attrs.get("aria-label", "") + " " + n.attrs.get("placeholder", "").replace("#rules=", "")
            for n in root.walk()))
    click(ctrl, "scorebook")
    type_in(ctrl, "sb-start-0", "7")
    click(ctrl, "sb-start")
    grab()                                            # the setup with an error
    type_in(ctrl, "sb-start-0", "800")
    click(ctrl, "sb-start")
    enter(ctrl, 0, 100, [None, 10, 10])
    enter(ctrl, 1, 120, [70, None, 60])               # refused: 130 of 120
    grab()
    click(ctrl, "sb-edit", value="0")
    grab()
    click(ctrl, "sb-share")
    grab()
    click(ctrl, "close")
    click(ctrl, "stats")
    grab()
    for text_ in seen:
        # (the Polish preset is named in Polish too, as in the settings)
        assert russian_clean(text_.replace("…", "").replace("(Tysiąc)", "")), text_


def test_a_barrel_win_ends_the_sheet_and_the_golden_round_names_its_declarer(storage):
    """§4.1: on the barrel at 880, a made 120 wins the game: the winner is named and no
    further deal is asked.  §6.6 golden_round=on: first hand declares, the form says so."""
    ctrl, page = start(storage, "#seed=7")
    new_sheet(ctrl, start=(880, 0, 0))
    assert "Аня на бочке (нужно 120)" in text(page, "sb-deal-info")
    assert page.el("sb-contract").value == "100"           # first hand (Борис) declares
    enter(ctrl, 0, 120, [None, 0, 0])
    st = ctrl.ui.scorebook["state"]
    assert st["finished"] and st["winner"] == 0
    assert text(page, "sb-winner") == "Партия окончена, победитель: Аня"
    assert page.el("sb-form") is None and page.el("sb-edit-0") is not None
    assert "barrel_win" in [e["kind"] for e in st["rows"][0]["events"]]
    # the golden round
    click(ctrl, "sb-new")
    type_in(ctrl, "conv-golden_round", "on")
    click(ctrl, "sb-start")
    ctx = ctrl.ui.scorebook["ctx"]
    assert ctx["golden_declarer"] == 1 and ctx["doubled"]
    sel = page.el("sb-declarer")
    assert "disabled" in sel.attrs and sel.value == "1"
    assert "золотой кон" in text(page, "sb-deal-info")
    assert storage["thousand.sheet.previous"]                # the finished sheet kept aside


def test_an_edit_that_a_later_deal_no_longer_fits_is_refused_and_says_which(storage):
    """Deal 1 edited so that Аня sits on the barrel: her 100 in deal 2 is then below the
    barrel's need (§4.1) — refused, naming deal 2, and nothing changes."""
    ctrl, page = start(storage, "#seed=7")
    new_sheet(ctrl, start=(700, 0, 0))
    enter(ctrl, 0, 100, [None, 60, 40], result="failed")      # 600
    enter(ctrl, 0, 100, [None, 10, 10])                        # 700
    assert len(ctrl.ui.scorebook["state"]["rows"]) == 2
    before = storage[SHEET_KEY]
    click(ctrl, "sb-edit", value="0")                          # deal 1: a made 200 (900)
    type_in(ctrl, "sb-contract", "200")
    type_in(ctrl, "sb-result", "made")
    type_in(ctrl, "sb-points-1", "0")
    type_in(ctrl, "sb-points-2", "0")
    type_in(ctrl, "sb-meld-0-H", "", True)
    type_in(ctrl, "sb-meld-0-S", "", True)
    click(ctrl, "sb-add")
    assert text(page, "sb-error") == ("После этого исправления не сходится раздача 2. Такой заказ "
                                      "здесь невозможен: от 100 до 300 с шагом 5, на бочке не "
                                      "меньше 120, втёмную 120")
    assert storage[SHEET_KEY] == before and ctrl.ui.scorebook["editing"] == 0
