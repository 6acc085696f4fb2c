"""Shared helpers for the engine tests: build games from hand-written deals.

The "role" hands below are used across the test files: relative to the dealer D,
F (first hand, the forced bidder) holds all the hearts and 9D, N (the seat after F)
all the spades and JD, D all the clubs and QD; the talon is AD TD KD.  With one suit
per player, the tricks of a deal are easy to follow by hand.
"""
from __future__ import annotations

import json
import random
import re

from thousand import Conventions, Game

F_H = "AH TH KH QH JH 9H 9D".split()
N_H = "AS TS KS QS JS 9S JD".split()
D_H = "AC TC KC QC JC 9C QD".split()
TALON = "AD TD KD".split()


def role_hands(dealer: int = 0) -> list[list[str]]:
    h: list = [None] * 3
    h[dealer] = list(D_H)
    h[(dealer + 1) % 3] = list(F_H)
    h[(dealer + 2) % 3] = list(N_H)
    return h


def record(deals, conventions=None, start=None, first_dealer=0) -> dict:
    n = len(deals[0]["hands"]) if deals and "hands" in deals[0] else \
        Conventions.from_dict(conventions or {}).players
    r = {"format": "thousand/1", "conventions": conventions or {"preset": "classic"},
         "names": [chr(65 + i) for i in range(n)], "first_dealer": first_dealer, "deals": deals}
    if start is not None:
        r["start"] = start
    return r


def deal_spec(actions, hands=None, talon=None, dealer=0) -> dict:
    return {"hands": hands or role_hands(dealer), "talon": list(talon or TALON), "actions": list(actions)}


def game_with(actions=(), hands=None, talon=None, conventions=None, start=None, dealer=0) -> Game:
    """One explicit deal, replayed through Game.from_record (illegal actions raise)."""
    conv = conventions
    if isinstance(conv, Conventions):
        conv = conv.to_dict()
    return Game.from_record(record([deal_spec(actions, hands, talon, dealer)], conv, start, dealer))


def table_game(hands, talon=None, actions=(), conventions=None, start=None, dealer=0,
               dead=None, stock=None) -> Game:
    """One explicit deal at any table of RULES.md §7 (hands per seat, a sitting-out dealer's
    []; `talon` one pile or a list of piles; the dead hand; the stock in drawing order)."""
    spec = {"hands": [list(h) for h in hands], "actions": list(actions)}
    if talon is not None:
        spec["talon"] = talon
    if dead is not None:
        spec["dead"] = list(dead)
    if stock is not None:
        spec["stock"] = list(stock)
    conv = conventions
    if isinstance(conv, Conventions):
        conv = conv.to_dict()
    return Game.from_record(record([spec], conv, start, dealer))


CARD_RE = re.compile(r"(?<![A-Za-z0-9])(?:10|[9JQKTA])[SCDH](?![A-Za-z0-9])")


def cards_in(view: dict) -> set[str]:
    """Every card named anywhere in a view (its JSON text): what the seat is shown."""
    return set(CARD_RE.findall(json.dumps(view)))


def cards(text: str) -> list[str]:
    return text.split()


# The plays of deal "A" (dealer 0: D = 0, F = 1, N = 2): F gives AD to D and TD to N.
# Tricks: F wins AH JS JC (15), F declares KH (+100) 9S 9C (4), D wins KD JD AD (17),
# N wins QD 9D TD (13), F trumps AS QC 9H (14), TH TS TC (30), QH KS KC (11), JH QS AC (16):
# F 90 cards + 100 marriage, D 17, N 13.
PLAYS_A = ["play AH", "play JS", "play JC",
           "meld KH", "play 9S", "play 9C",
           "play KD", "play JD", "play AD",
           "play QD", "play 9D", "play TD",
           "play AS", "play QC", "play 9H",
           "play TH", "play TS", "play TC",
           "play QH", "play KS", "play KC",
           "play JH", "play QS", "play AC"]


def deal_a_actions(contract="contract 100", bids=("pass", "pass")) -> list[str]:
    return list(bids) + ["give AD 0", "give TD 2", contract] + PLAYS_A


def random_conventions(rng: random.Random, players: int | None = None) -> Conventions:
    """A random draw of every convention of RULES.md §6–§7 (players and their modes too,
    unless `players` is given); impossible combinations are drawn again."""
    ch = rng.choice
    kw = dict(
        players=players or ch([2, 3, 3, 4, 5, 6]),
        two_mode=ch(["eleven", "two_talons", "dead_hand", "draw"]),
        four_mode=ch(["all_play", "dealer_sits_out"]), sitter_marriage=ch(["full", "half"]),
        target=ch([1000, 1001]), win_above_target=ch([False, True]), barrel_at=ch([880, 900]),
        penalty=ch([120, 100, 150]), forced_bidder=ch(["first_hand", "dealer"]),
        bid_step=ch([5, 10]), bid_cap=ch(["marriages", "any_marriage", "none"]),
        no_jump_bids=ch([False, True]), silence_below=ch(["off", 0, -100, -200]),
        end_at_minus_1000=ch([True, False]), meld_on_first_lead=ch([False, True]),
        ace_marriage=ch([False, True]), must_beat=ch([False, True]),
        hide_talon_at_100=ch([False, True]), give_face_down=ch([False, True]),
        round_declarer=ch([False, True]), four_nines_bonus=ch([False, True]),
        bolt_on=ch(["no_tricks", "zero_points"]), bolts_mode=ch(["total", "in_a_row", "none"]),
        fail_by=ch(["contract", "shortfall"]),
        no_bolt_on_own_game=ch([False, True]), dump_555=ch([True, False]),
        dump_minus_555=ch([False, True]), three_barrels_zero=ch([False, True]),
        concede_allowed=ch([True, False]), concede_award=ch(["half_bid", "sixty", "split_120"]),
        concede_penalty=ch(["bid", "bolt", "none"]), concede_limit_three=ch([False, True]),
        concede_third_penalty=ch([False, True]), concede_on_barrel=ch([False, True]),
        concede_when_anyone_on_barrel=ch([True, False]), concede_on_golden=ch([False, True]),
        barrel_bidding=ch(["normal", "auto"]), round_need=ch([True, False]),
        barrel_failed_contract=ch(["attempt", "minus_bid_if_raised", "minus_bid"]),
        barrel_knockoff=ch([True, False]), barrel_simultaneous=ch([True, False]),
        barrel_freezes_opponents=ch([False, True]), settlement=ch([False, True]),
        redeal_four_nines_dealt=ch([False, True]), redeal_low_hand=ch(["off", "off", 14, 20]),
        redeal_low_talon=ch(["off", "off", 5, 10]), redeal_two_nines_talon=ch([False, True]),
        redeal_four_nines_after=ch([False, True]), redeal_only_at_100=ch([False, True]),
        golden_round=ch(["off", "off", "on", "double_only"]), golden_double_bolts=ch([False, True]),
        golden_reset=ch([False, True]), golden_can_raise=ch([False, True]),
        blind=ch(["off", "on"]), blind_hide_talon=ch([False, True]),
        blind_not_on_barrel=ch([False, True]), blind_allow_concede=ch([False, True]),
        blind_max_240=ch([False, True]), blind_double_bolts=ch([False, True]),
        unblind=ch([False, True]), unblind_takes_talon=ch([False, True]),
    )
    lead = ch(["none", "foreign", "must"])
    kw["no_lead_foreign_trump"] = lead == "foreign"
    kw["must_lead_trump"] = lead == "must"
    if kw["players"] == 2 and kw["two_mode"] == "draw":
        if kw["golden_round"] == "on":
            kw["golden_round"] = "double_only"
        kw["blind"] = "off"
    return Conventions(**kw)


# ---- the solver's tests: play conventions and the reference search -------------------------

def play_rule_sets() -> list:
    """One PlayRules per convention of §6.2 that changes the play (and two combinations)."""
    from thousand.bots.solver import PlayRules
    return [
        PlayRules(),
        PlayRules(must_beat=True),
        PlayRules(meld_on_first_lead=True),
        PlayRules(ace_marriage=True, meld_on_first_lead=True),
        PlayRules(no_lead_foreign_trump=True),
        PlayRules(must_lead_trump=True, must_beat=True),
    ]


def minimax(st) -> int:
    """The declarer's future points by plain minimax over the solver's move generation
    (thousand.play's rules): the reference the solver's searches are checked against."""
    from thousand.bots.solver import legal_moves, play
    if not st.trick and not st.hands[st.leader]:
        return 0
    vals = []
    for mv in legal_moves(st):
        nxt, g = play(st, mv)
        vals.append(g + minimax(nxt))
    return max(vals) if st.to_move == st.declarer else min(vals)
