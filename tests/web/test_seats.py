"""The renderers of issue 9 on real engine views: seats around the table, what was given,
points, marriages, bids, the talon, the dead hand, a sitting-out dealer, the summary, the
end of the game, the word phases' buttons, the golden round and the blind game."""
import random

import pytest

from thousand import Conventions, Game
from thousand.web.render_dialogs import overlay, over_reason
from thousand.web.render_seats import POSITIONS, positions
from thousand.web.render_table import table
from thousand.web.i18n import Text
from thousand.web.ui_state import UIState


def ui(**kw):
    u = UIState({"lang": kw.pop("lang", "ru"), "names": [], "speed": "instant",
                 "show_points": kw.pop("show_points", True)})
    u.ready = True
    for k, v in kw.items():
        setattr(u, k, v)
    return u


def play_until(code, want, seed=1, pick=None, limit=3000):
    """A game of `code` played by random legal moves until want(game) holds."""
    g = Game.new(conventions=Conventions.from_code(code), seed=seed)
    rnd = random.Random(seed)
    for _ in range(limit):
        if want(g):
            return g
        if g.finished:
            break
        legal = g.legal_actions()
        g.apply(pick(g, legal) if pick else rnd.choice(legal))
    pytest.skip("never reached")


def texts(node):
    return node.all_text()


def attr_nodes(tree, name, value=None):
    return tree.find(lambda n: name in n.attrs and (value is None or n.attrs[name] == str(value)))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_every_opponent_has_a_place_clockwise_from_the_human(n):
    code = {2: "two", 4: "four"}.get(n, "classic,players=%d" % n)
    g = Game.new(conventions=Conventions.from_code(code), seed=2)
    v = g.view(0)
    pos = positions(v)
    assert pos[0] == "bottom" and [pos[s] for s in range(1, n)] == POSITIONS[n]
    assert len(set(pos.values())) == n                      # no two seats in one place
    t = table(v, ui(), "ru")
    assert t.by_id("ring").attrs["class"] == "ring ring-%d" % n
    for s in range(1, n):
        box = attr_nodes(t, "data-seat", s)[0]
        assert box.attrs["data-pos"] == pos[s] and "pos-" + pos[s] in box.attrs["class"]


def test_trick_cards_lie_in_front_of_who_played_them_and_a_taken_trick_goes_to_its_winner():
    g = play_until("four", lambda g: g.phase == "play" and len(g.deal.trick) == 3)
    v = g.view(0)
    pos = positions(v)
    t = table(v, ui(), "en")
    slots = t.by_id("trick").children
    assert [int(s.attrs["data-played-by"]) for s in slots] == [s for s, _ in v["trick"]]
    for s in slots:
        assert "pos-" + pos[int(s.attrs["data-played-by"])] in s.attrs["class"]
    g.apply(g.legal_actions()[0])                           # the fourth card takes the trick
    v = g.view(0)
    assert not v["trick"] and v["last_trick"]
    tr = table(v, ui(), "en").by_id("trick")
    assert tr.attrs.get("data-done") == "true"
    assert "to-" + pos[v["last_trick"]["winner"]] in tr.attrs["class"]


def test_given_cards_face_up_for_everybody_face_down_only_for_their_receiver():
    def after_giving(code):
        return play_until(code, lambda g: g.phase == "play" and g.deal.declarer != 0,
                          pick=lambda g, legal: "pass" if "pass" in legal else legal[0])
    g = after_giving("classic")
    v = g.view(0)
    t = table(v, ui(), "ru")
    for give in v["gives"]:
        box = attr_nodes(t, "data-given", give["to"])[0]
        assert attr_nodes(box, "data-card", give["card"]), give
    mine = [x["card"] for x in v["gives"] if x["to"] == 0][0]
    hand_card = [c for c in t.by_id("hand").children if c.attrs["data-card"] == mine][0]
    assert hand_card.attrs.get("data-received") == "true"
    # give_face_down: the human sees his own card, a back for the other's
    g = after_giving("classic,give_face_down=on")
    v = g.view(0)
    t = table(v, ui(), "ru")
    other = [x for x in v["gives"] if x["to"] not in (0,)][0]
    assert other["card"] is None
    box = attr_nodes(t, "data-given", other["to"])[0]
    backs = box.find(lambda n: "back" in n.attrs.get("class", "").split())
    assert backs and backs[0].attrs["aria-label"] == "карта рубашкой вверх"
    assert not attr_nodes(box, "data-card")


def test_running_points_per_seat_and_the_declarers_against_his_contract():
    g = play_until("classic", lambda g: g.phase == "play" and g.deal.tricks and g.deal.declarer is not None
                   and g.deal.declarer >= 0)
    v = g.view(0)
    t = table(v, ui(), "ru")
    pts = {int(p.attrs["data-points"]): p for p in attr_nodes(t, "data-points")}
    seats_shown = sorted(int(n.attrs["data-seat"]) for n in attr_nodes(t, "data-seat")
                         if attr_nodes(n, "data-points"))
    assert seats_shown == sorted(v["playing"])
    for s in v["playing"]:
        node = [p for p in attr_nodes(attr_nodes(t, "data-seat", s)[0], "data-points")][0]
        assert node.attrs["data-points"] == str(v["points"][s])
        if s == v["declarer"]:
            assert node.all_text().endswith(" из " + str(v["contract"]))
    # the display option switches them off
    assert not attr_nodes(table(v, ui(show_points=False), "ru"), "data-points")


def test_a_declared_marriage_is_announced_politely_and_marked_at_its_seat():
    g = play_until("classic", lambda g: g.phase == "play" and g.deal.melds,
                   pick=lambda g, legal: next((a for a in legal if a.startswith("meld")), random.Random(len(legal)).choice(legal)))
    v = g.view(0)
    m = v["melds"][-1]
    t = table(v, ui(), "ru")
    ann = t.by_id("announce")
    assert ann.attrs["aria-live"] == "polite" and ann.attrs["data-meld"] == "%d:%s" % (m["seat"], m["suit"])
    text = ann.all_text()
    name = ui().names(v)[m["seat"]]
    assert text.startswith(name + ": ") and str(m["value"]) in text
    seat = attr_nodes(t, "data-seat", m["seat"])[0]
    assert attr_nodes(seat, "data-meld", m["suit"])


def test_the_bidding_stays_through_the_talon_and_the_giving():
    g = play_until("classic", lambda g: g.phase == "giving" and g.deal.bids)
    v = g.view(0)
    bids = table(v, ui(), "en").by_id("bids")
    assert bids is not None
    listed = [(int(li.attrs["data-bid-seat"]), li.attrs["data-bid"]) for li in bids.children]
    assert [b for b in listed if b[1] != "forced"] == [(s, a) for s, a in v["bids"]]


def test_talon_cards_are_marked_in_the_declarers_hand_until_the_play():
    g = play_until("classic", lambda g: g.phase == "giving" and g.current_seat == 0,
                   pick=lambda g, legal: legal[-1] if g.current_seat == 0 and g.phase == "bidding"
                   else ("pass" if "pass" in legal else legal[0]))
    v = g.view(0)
    assert v["declarer"] == 0 and v["talon"]
    hand = table(v, ui(), "ru").by_id("hand")
    marked = {c.attrs["data-card"] for c in hand.children if c.attrs.get("data-from-talon") == "true"}
    assert marked == set(v["talon"])
    label = [c for c in hand.children if c.attrs["data-card"] == v["talon"][0]][0].attrs["aria-label"]
    assert label.endswith("(из прикупа)")


def test_a_sitting_out_dealer_and_a_dead_hand_are_shown_as_such():
    g = play_until("four,four_mode=dealer_sits_out", lambda g: g.phase == "play" and g.deal.dealer != 0)
    v = g.view(0)
    t = table(v, ui(), "ru")
    sitter = attr_nodes(t, "data-seat", v["sitting_out"])[0]
    assert sitter.attrs.get("data-sitting-out") == "true" and "отдыхает" in sitter.all_text()
    g = play_until("two,two_mode=dead_hand", lambda g: g.phase == "play")
    v = g.view(0)
    dead = table(v, ui(), "ru").by_id("dead-hand")
    assert dead is not None and "Мёртвая рука" in dead.all_text()
    assert attr_nodes(dead, "data-given", "dead")


def test_giving_buttons_say_whom_in_the_dative_and_what_in_the_accusative():
    g = play_until("classic", lambda g: g.phase == "giving" and g.current_seat == 0,
                   pick=lambda g, legal: legal[-1] if g.current_seat == 0 and g.phase == "bidding"
                   else ("pass" if "pass" in legal else legal[0]))
    v = g.view(0)
    card = v["hand"][0]
    t = table(v, ui(selected=card), "ru")
    labels = [b.text for b in t.find(lambda n: n.attrs.get("data-action") == "give")]
    acc = Text("ru").card(card, "acc")
    assert labels == ["Отдать %s Боту 1" % acc, "Отдать %s Боту 2" % acc]


def test_word_phases_say_what_they_ask():
    g = play_until("classic,blind=on", lambda g: g.phase == "blind" and g.current_seat == 0)
    t = table(g.view(0), ui(), "ru")
    assert "не глядя" in t.by_id("window-prompt").all_text()
    assert t.by_id("btn-blind").text == "Играть втёмную (120, очки ×2)"
    assert t.by_id("hand").attrs["aria-label"].startswith("Ваши карты закрыты")
    g = play_until("classic,redeal_low_hand=60", lambda g: g.phase == "redeal" and g.current_seat == 0)
    v = g.view(0)
    prompt = table(v, ui(), "ru").by_id("window-prompt").all_text()
    assert prompt.startswith("Можно попросить пересдачу: на руках всего")
    assert "(меньше 60)" in prompt


def test_a_presets_own_redeal_threshold_is_named_in_the_prompt():
    """club001's talon redeal is "below 5" (RULES.md §6.3, §8): a preset's own value, which the
    view's record-form conventions do not list; the prompt reads it from the table's rules."""
    from thousand.web.service import Service
    g = play_until("club001", lambda g: g.phase == "redeal" and g.current_seat == 0
                   and "redeal_low_talon" in (g.view(0).get("redeal_reasons") or []), seed=4)
    v = g.view(0)
    assert "redeal_low_talon" not in (v.get("conventions") or {})
    prompt = table(v, ui(catalog=Service().op_hello({})), "ru").by_id("window-prompt").all_text()
    assert "в прикупе всего" in prompt and "(меньше 5)" in prompt, prompt


def test_golden_round_and_blind_game_are_marked_on_the_table_and_the_sheet():
    g = play_until("classic,golden_round=on", lambda g: g.phase == "play")
    v = g.view(0)
    t = table(v, ui(), "ru")
    assert t.attrs.get("data-golden") == "true"
    assert t.by_id("golden-badge").all_text() == "Золотой кон: раздача %d из 3, очки ×2" % v["golden_deal"]
    g = play_until("classic,golden_round=on", lambda g: g.sheet)
    sheet = overlay(g.view(0), ui(overlay="sheet"), "ru")
    row = attr_nodes(sheet, "data-deal-row", 0)[0]
    assert row.attrs.get("data-doubled") == "true" and attr_nodes(row, "data-mark", "doubled")
    g = play_until("classic,blind=on", lambda g: g.sheet and g.sheet[0]["blind"],
                   pick=lambda g, legal: "blind" if "blind" in legal else random.Random(len(g.deal.actions)).choice(legal),
                   seed=3)
    row = attr_nodes(overlay(g.view(0), ui(overlay="sheet"), "ru"), "data-deal-row", 0)[0]
    assert row.attrs.get("data-blind") == "true" and attr_nodes(row, "data-mark", "blind")


def test_the_deal_summary_has_every_seats_card_points_marriages_bolt_and_change():
    g = play_until("classic", lambda g: g.sheet and g.sheet[0]["outcome"] in ("made", "failed"))
    row = g.sheet[0]
    dv = g.deal_view(0, 0)
    o = overlay(g.view(0), ui(overlay="summary", summary={"row": row, "view": dv}), "ru")
    rows = attr_nodes(o, "data-summary-seat")
    assert len(rows) == 3
    pts = [int(r.find(lambda n: "data-card-points" in n.attrs)[0].attrs["data-card-points"]) for r in rows]
    assert pts == dv["card_points"] and sum(pts) == 120
    outcome = o.by_id("summary-outcome").all_text()
    decl = row["declarer"]
    assert ("взято %s из %d" % (Text("ru").points(row["points"][decl]), row["contract"])) in outcome
    for s, r in enumerate(rows):
        assert r.all_text().split()[-2:] == [("+" if row["delta"][s] > 0 else "") + str(row["delta"][s]),
                                           str(row["scores"][s])]


def test_game_over_says_why_the_game_ended():
    t = Text("ru", ["Вы", "Бот 1", "Бот 2"])
    barrel = {"sheet": [{"events": [{"kind": "barrel_win", "seat": 1, "value": 1000}]}],
              "scores": [300, 1000, 120], "winner": 1}
    assert over_reason(barrel, t) == ["Бот 1 вышел с бочки: 1000"]
    minus = {"sheet": [{"events": [{"kind": "minus_1000", "seat": None, "value": -1000}]}],
             "scores": [-1010, 420, 300], "winner": 1}
    assert over_reason(minus, t) == ["Вы: -1010 — игра заканчивается на −1000", "Больше всех очков: Бот 1, 420"]
    tie = dict(minus, scores=[-1010, 420, 420], winner=None)
    assert over_reason(tie, t)[1].startswith("Наибольший счёт (420) у нескольких игроков")


def test_the_declarers_laid_off_cards_are_shown_to_him_only():
    g = play_until("two,two_mode=two_talons", lambda g: g.phase == "contract" and g.current_seat == 0,
                   pick=lambda g, legal: legal[-1] if g.current_seat == 0 and g.phase == "bidding"
                   else ("pass" if "pass" in legal else legal[0]))
    v = g.view(0)
    shown = table(v, ui(), "ru").by_id("discards")
    assert shown is not None and sorted(n.attrs["data-card"] for n in attr_nodes(shown, "data-card")) \
        == sorted(v["discards"])
    assert table(g.view(1), ui(), "ru").by_id("discards") is None
