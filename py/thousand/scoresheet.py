"""The score sheet (запись) of a game played with real cards: the user enters what happened
in each deal, the engine scores it with every convention (RULES.md §4–§6) through the same
``scoring.score_deal`` as its own deals.

    sheet = ScoreSheet(Conventions.from_code("table000"), ["Аня", "Борис", "Вера"])
    sheet.add({"declarer": 1, "contract": 120,
               "points": [30, None, 12], "marriages": [[], ["H"], []]})
    sheet.rows[-1]["scores"]        # the running scores
    sheet.undo(); sheet.edit(0, {...})   # everything after an edited deal is rescored

An entry (JSON) describes one deal:

    declarer    seat, or null when nobody declares (two_mode=draw)
    contract    the contract (or the bid he conceded at)
    conceded    true: the declarer conceded (§5.4)
    redeal      true: the deal was dealt again (same dealer; declarer and contract, when the
                redeal came after the bidding, are recorded but change nothing)
    blind       true: a blind game (§6.7)
    points      per seat: card points of the tricks taken (null for the declarer: derived
                as the rest of the deck's 120 when no cards are out of play)
    marriages   per seat: the marriages declared, "S" "C" "D" "H" (and "A": ace marriage)
    no_trick    per seat: took no trick (default: no points and no marriage)
    four_nines  seats holding four nines after the giving (four_nines_bonus)
    sitter      a dealer sitting out (§7): {"talon_points": N, "marriage": "H" or null}

The dealer moves on clockwise (stays after a redeal); the golden round's deals (§6.6) are
counted from the standing, so its doubling and its automatic declarer follow by themselves.
"""
from __future__ import annotations

import base64
import binascii
import copy
import json
import zlib

from . import schema
from .conventions import Conventions
from .errors import RecordError
from .records import set_start
from .scoring import DealSummary, Standing, multipliers, score_deal
from .cards import MARRIAGE_VALUE, ACE_MARRIAGE_VALUE

FORMAT = "thousand-sheet/1"
SUITS = "SCDH"
DECK_POINTS = 120
ENTRY_KEYS = ("declarer", "contract", "conceded", "redeal", "blind", "points", "marriages",
              "no_trick", "four_nines", "sitter")
MAX_DEALS = 2000
LINK_PREFIX = "1"            # the link text's version: "1" + base64url(deflate(JSON))
MAX_LINK = 60_000            # characters of a #sheet= text (a 100-deal sheet: about 3,000)
MAX_LINK_JSON = 1_000_000    # bytes its JSON may inflate to (a 2000-deal sheet: ~300 kB)


def _bad(text: str, field: str, deal: int, **params) -> RecordError:
    return RecordError(f"deal {deal}: {text}", "bad_sheet_entry", field=field, deal=deal,
                       **params)


class ScoreSheet:
    def __init__(self, conventions: Conventions | None = None, names=None,
                 first_dealer: int = 0, start: dict | None = None):
        self.conv = conventions or Conventions()
        self.layout = self.conv.layout
        n = self.n = self.conv.players
        names = names if names is not None else [f"{i + 1}" for i in range(n)]
        if not (isinstance(names, list) and len(names) == n
                and all(isinstance(x, str) and 0 < len(x) <= 40 for x in names)):
            raise RecordError(f"names: {n} names expected", "bad_record_field", field="names")
        if not (type(first_dealer) is int and 0 <= first_dealer < n):
            raise RecordError(f"first_dealer must be a seat 0..{n - 1}", "bad_record_field",
                              field="first_dealer")
        self.names = list(names)
        self.first_dealer = first_dealer
        # a starting position, as a record's (§9), checked before it is kept
        self.start = None if start is None else schema.read_start(start, self.conv)
        self.entries: list[dict] = []
        self._rescore()

    # ---- editing -----------------------------------------------------------------------------
    def add(self, entry: dict) -> dict:
        """Score one more deal; returns its row.  A bad entry raises RecordError and
        changes nothing."""
        if self.standing.finished:
            raise RecordError("the game is over", "game_over")
        self._check_all(self.entries + [entry])
        self.entries.append(copy.deepcopy(entry))
        self._rescore()
        return self.rows[-1]

    def undo(self) -> None:
        if self.entries:
            self.entries.pop()
            self._rescore()

    def edit(self, index: int, entry: dict) -> None:
        """Replace deal `index`; every later deal is scored again."""
        if not 0 <= index < len(self.entries):
            raise RecordError(f"no deal {index + 1}", "bad_sheet_entry", deal=index + 1)
        entries = self.entries[:index] + [entry] + self.entries[index + 1:]
        self._check_all(entries)
        self.entries = copy.deepcopy(entries)
        self._rescore()

    # ---- reading -----------------------------------------------------------------------------
    @property
    def scores(self) -> list:
        return list(self.standing.scores)

    @property
    def next_deal(self) -> dict:
        """Who deals next and what the next deal is: its dealer, first hand, and whether it
        is a deal of the golden round (and its automatic declarer)."""
        lay = self.layout
        playing = lay.playing(self.dealer)
        golden = self.standing.golden_left > 0
        return {"dealer": self.dealer, "first_hand": playing[0], "playing": list(playing),
                "doubled": golden, "golden_declarer": playing[0]
                if golden and self.conv.golden_round == "on" else None,
                "finished": self.standing.finished}

    def to_json(self) -> dict:
        out = {"format": FORMAT, "conventions": self.conv.to_dict(), "names": list(self.names),
               "first_dealer": self.first_dealer, "deals": copy.deepcopy(self.entries)}
        if self.start is not None:
            out["start"] = copy.deepcopy(self.start)
        return out

    @classmethod
    def from_json(cls, data) -> "ScoreSheet":
        if not isinstance(data, dict) or data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"a score sheet is a JSON object of format {FORMAT}", "bad_format")
        deals = data.get("deals", [])
        if not isinstance(deals, list) or len(deals) > MAX_DEALS:
            raise RecordError("deals: a list expected", "bad_record_field", field="deals")
        sheet = cls(schema.read_conventions(data.get("conventions")), data.get("names"),
                    data.get("first_dealer", 0), data.get("start"))
        sheet._check_all(deals)
        sheet.entries = copy.deepcopy(deals)
        sheet._rescore()
        return sheet

    # ---- a link: #sheet=TEXT --------------------------------------------------------------------
    def to_link(self) -> str:
        """The sheet as the text of a ``#sheet=`` link: URL-safe, compressed (from_link)."""
        raw = json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))
        packed = zlib.compress(raw.encode("utf-8"), 9)
        return LINK_PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")

    @classmethod
    def from_link(cls, text) -> "ScoreSheet":
        """A sheet from its link text, checked like a saved one (from_json); anything else —
        too long, not base64, not deflate, a zip bomb, bad JSON — is a RecordError."""
        if not isinstance(text, str) or not text or len(text) > MAX_LINK:
            raise RecordError(f"a score-sheet link is a text of at most {MAX_LINK} characters",
                              "bad_sheet_link", limit=MAX_LINK)
        if text[0] != LINK_PREFIX:
            raise RecordError("not a score-sheet link of this version", "bad_sheet_link")
        body = text[1:]
        try:
            packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
            inflate = zlib.decompressobj()
            raw = inflate.decompress(packed, MAX_LINK_JSON)
            if inflate.unconsumed_tail or not inflate.eof:
                raise ValueError("too large or cut short")
        except (binascii.Error, ValueError, zlib.error):
            raise RecordError("not a score-sheet link (unreadable)", "bad_sheet_link") from None
        return cls.from_json(schema.loads(raw, "sheet"))

    # ---- scoring -----------------------------------------------------------------------------
    def _rescore(self) -> None:
        self.standing = Standing.fresh(self.n, self.conv)
        if self.start is not None:
            set_start(self, self.start)
        self.rows: list[dict] = []
        self.dealer = self.first_dealer
        for i, e in enumerate(self.entries):
            self._score(i, e)

    def _check_all(self, entries) -> None:
        """Score `entries` on a scratch copy: raises on the first bad one, changes nothing."""
        if not isinstance(entries, list) or len(entries) > MAX_DEALS:
            raise RecordError("deals: a list expected", "bad_record_field", field="deals")
        scratch = ScoreSheet.__new__(ScoreSheet)
        scratch.__dict__.update(conv=self.conv, layout=self.layout, n=self.n, names=self.names,
                                first_dealer=self.first_dealer, start=self.start,
                                entries=entries)
        scratch._rescore()

    def _score(self, i: int, e) -> None:
        if self.standing.finished:
            raise _bad("the game was already over", "deals", i + 1)
        summary = self.summary(i, e)
        row = score_deal(self.conv, self.standing, summary)
        self.rows.append(row)
        if summary.outcome != "redeal":
            self.dealer = (self.dealer + 1) % self.n

    def summary(self, i: int, e) -> DealSummary:
        """An entry → the DealSummary scoring needs, checked against the rules."""
        conv, lay, n, st = self.conv, self.layout, self.n, self.standing
        deal = i + 1
        if not isinstance(e, dict):
            raise _bad("an entry is an object", "deals", deal)
        unknown = [k for k in e if k not in ENTRY_KEYS]
        if unknown:
            raise _bad(f"unknown key {str(unknown[0])[:40]!r}", str(unknown[0])[:40], deal)
        for flag in ("redeal", "blind", "conceded"):
            if flag in e and type(e[flag]) is not bool:
                raise _bad(f"{flag}: true or false", flag, deal)
        playing = lay.playing(self.dealer)
        in_play = [s in playing for s in range(n)]
        doubled = st.golden_left > 0
        golden = doubled and conv.golden_round == "on"
        if e.get("redeal") is True:
            extra = [k for k in e if k not in ("redeal", "declarer", "contract")]
            if extra:
                raise _bad(f"a redeal has no {extra[0]}", extra[0], deal)
            # who had declared, and at what, when the redeal came after the bidding (if known)
            decl, contract = e.get("declarer"), e.get("contract", 0)
            if not ((decl is None or (type(decl) is int and decl in playing))
                    and type(contract) is int and 0 <= contract <= conv.max_bid):
                raise _bad("a redeal: declarer and contract, if any, as in a deal", "redeal", deal)
            return DealSummary(declarer=decl, contract=contract, outcome="redeal",
                               points=[0] * n, tricks=[0] * n, playing=in_play, number=i,
                               dealer=self.dealer)
        decl = e.get("declarer")
        if lay.bidding:
            if not (type(decl) is int and decl in playing):
                raise _bad("declarer: a seat that plays this deal", "declarer", deal)
            if golden and decl != playing[0]:
                raise _bad("in the golden round first hand declares (§6.6)", "declarer", deal)
        elif decl is not None:
            raise _bad("nobody declares at this table (§7 draw)", "declarer", deal)
        blind = e.get("blind", False) is True
        if blind and (decl is None or conv.blind == "off"):
            raise _bad("blind: only a declarer plays blind, at a table with blind on (§6.7)",
                       "blind", deal)
        contract = e.get("contract", 0 if decl is None else None)
        if decl is None and not (type(contract) is int and contract == 0):
            raise _bad("contract: nobody declared", "contract", deal)
        if decl is not None:
            low = conv.need if st.on_barrel[decl] else 100
            if not (type(contract) is int and 100 <= contract <= conv.max_bid
                    and (contract % conv.bid_step == 0 or contract == conv.need)):
                raise _bad(f"contract: a bid of 100..{conv.max_bid} in steps of {conv.bid_step}",
                           "contract", deal)
            if blind and contract != 120:
                raise _bad("a blind contract is 120 (§6.7)", "contract", deal)
        conceded = e.get("conceded", False) is True
        if conceded and decl is None:
            raise _bad("nobody declared, so nobody conceded", "conceded", deal)
        points, tricks = self._points(e, decl, in_play, conceded, deal)
        four = e.get("four_nines", [])
        if not (isinstance(four, list) and all(type(s) is int and 0 <= s < n for s in four)):
            raise _bad("four_nines: a list of seats", "four_nines", deal)
        if conceded and st.on_barrel[decl]:
            contract = max(contract, conv.need)     # never below need on the barrel (§4.1)
        elif decl is not None and contract < low and not conceded:
            raise _bad(f"on the barrel the contract is at least {conv.need} (§4.1)", "contract",
                       deal)
        mult, bolt_mult = multipliers(conv, n, doubled, blind, decl)
        return DealSummary(
            declarer=decl, contract=contract, outcome="conceded" if conceded else "played",
            points=points, tricks=tricks, playing=in_play,
            four_nines=[s in four for s in range(n)], multiplier=mult,
            bolt_multiplier=bolt_mult, penalty_multiplier=2 if doubled else 1, blind=blind,
            golden=golden, doubled=doubled,
            number=i, dealer=self.dealer)

    def _points(self, e, decl, in_play, conceded, deal):
        """Per seat: card points + marriages (the sitter: talon points + its marriage), and
        tricks (1 or 0: only 'no trick' matters to scoring)."""
        conv, lay, n = self.conv, self.layout, self.n
        cards = e.get("points", [None] * n)
        melds = e.get("marriages", [[] for _ in range(n)])
        no_trick = e.get("no_trick")
        if not (isinstance(cards, list) and len(cards) == n and isinstance(melds, list)
                and len(melds) == n):
            raise _bad(f"points and marriages: {n} entries each", "points", deal)
        declared = []
        meld_pts = [0] * n
        for s, ms in enumerate(melds):
            if not (isinstance(ms, list) and all(isinstance(m, str) for m in ms)):
                raise _bad("marriages: a list of suits per seat", "marriages", deal)
            for m in ms:
                if m == "A" and conv.ace_marriage:
                    meld_pts[s] += ACE_MARRIAGE_VALUE
                elif len(m) == 1 and m in SUITS:
                    meld_pts[s] += MARRIAGE_VALUE[SUITS.index(m)]
                else:
                    raise _bad(f"marriages: {m[:4]!r} is not a suit", "marriages", deal)
                if m in declared or (ms and not in_play[s]):
                    raise _bad("marriages: each one at most once, by a player", "marriages", deal)
                declared.append(m)
        out_of_play = lay.dead or len(lay.talons) > 1      # cards that count for nobody
        pts = [0] * n
        for s in range(n):
            v = cards[s]
            if not in_play[s]:
                if not (v is None or (type(v) is int and 0 <= v <= DECK_POINTS)):
                    raise _bad(f"points of seat {s}: null or 0..120 (he sits out)", "points",
                               deal, seat=s)
                continue
            if v is None and s == decl and not out_of_play:
                continue
            if v is None and conceded:
                continue
            if not (type(v) is int and 0 <= v <= DECK_POINTS):
                raise _bad(f"points of seat {s}: card points 0..120", "points", deal, seat=s)
            pts[s] = v
        total = sum(pts[s] for s in range(n) if in_play[s])
        if decl is not None and cards[decl] is None and not out_of_play and not conceded:
            if total > DECK_POINTS:
                raise _bad(f"the others' card points add up to {total}, more than the deck's "
                           f"{DECK_POINTS}", "points", deal, total=total)
            pts[decl] = DECK_POINTS - total
            total = DECK_POINTS
        if not conceded and (total > DECK_POINTS or (not out_of_play and total != DECK_POINTS)):
            raise _bad(f"the card points add up to {total}, not the deck's {DECK_POINTS}",
                       "points", deal, total=total)
        if no_trick is None:
            no_trick = [in_play[s] and pts[s] == 0 and not meld_pts[s] for s in range(n)]
        if not (isinstance(no_trick, list) and len(no_trick) == n
                and all(isinstance(x, bool) for x in no_trick)):
            raise _bad("no_trick: true/false per seat", "no_trick", deal)
        points = [pts[s] + meld_pts[s] for s in range(n)]
        sitter = e.get("sitter")
        for s in range(n):
            if not in_play[s]:
                points[s] = self._sitter(sitter, deal)
        tricks = [0 if no_trick[s] or not in_play[s] else 1 for s in range(n)]
        return points, tricks

    def _sitter(self, sitter, deal) -> int:
        """§7 dealer_sits_out: the talon's card points plus a whole marriage in it."""
        if sitter is None:
            return 0
        if not (isinstance(sitter, dict) and type(sitter.get("talon_points", 0)) is int
                and 0 <= sitter.get("talon_points", 0) <= 33):
            raise _bad("sitter: {talon_points, marriage}", "sitter", deal)
        m = sitter.get("marriage")
        extra = 0
        if m is not None:
            if not (isinstance(m, str) and len(m) == 1 and m in SUITS):
                raise _bad("sitter.marriage: a suit", "sitter", deal)
            extra = MARRIAGE_VALUE[SUITS.index(m)] // (2 if self.conv.sitter_marriage == "half"
                                                        else 1)
        return sitter.get("talon_points", 0) + extra


__all__ = ["ScoreSheet", "FORMAT"]
