"""House rules as data (RULES.md §6, §8).

One frozen dataclass, ``Conventions``, has a field for every id of the convention
catalog with its default.  Presets are plain dicts of field values.  The share-link
codec writes a preset name plus the fields that differ from it:

    classic                                  every default
    table000                                 a preset
    classic,target=1001,ace_marriage=on      a preset plus changed fields

Values: ``on``/``off`` for switches, numbers, or the value names of the catalog.
Every field is implemented; combinations that cannot be played together (a golden round
or a blind game without bidding, ``must_lead_trump`` with ``no_lead_foreign_trump``) are
refused with a ConventionError naming the fields.  Every error carries a ``code``
(``unknown_preset``, ``unknown_convention``, ``bad_value``, ``incompatible``, ``no_value``)
and ``params`` for the table to translate.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from .errors import ConventionError, shown

OFF = "off"
# A number in a rules code (share link) has at most CODE_NUMBER_CHARS characters: every number
# a convention takes fits, and a hostile link cannot bring one of thousands of digits (str()
# of one raises).  A penalty is any positive multiple of 5 (§6.1) within that bound, so that
# every table can be shared and a record brings no longer number either: up to 999,995,
# far above any penalty a table plays.
CODE_NUMBER_CHARS = 6
MAX_PENALTY = 10 ** CODE_NUMBER_CHARS - 5


def _f(default, values=None, section="", en="", ru="", kind=None):
    return field(default=default, metadata={
        "values": values, "section": section, "en": en, "ru": ru,
        "kind": kind or type(default).__name__,
    })


@dataclass(frozen=True)
class Conventions:
    # §6.1 Table
    players: int = _f(3, [3, 2, 4, 5, 6], "6.1", "Number of players", "Число игроков")
    target: int = _f(1000, [1000, 1001], "6.1", "Game target", "Игра до")
    win_above_target: bool = _f(False, None, "6.1", "Barrel contract must exceed the target (125/105)", "Для выхода с бочки нужно больше цели (125/105)")
    barrel_at: int = _f(880, [880, 900], "6.1", "Barrel score", "Бочка на")
    penalty: int = _f(120, None, "6.1", "Penalty for bolts and barrel falls (multiple of 5)", "Штраф за болты и слёт с бочки (кратно 5)", kind="penalty")
    forced_bidder: str = _f("first_hand", ["first_hand", "dealer"], "6.1", "Who sits on 100", "Кто сидит на сотне")
    bid_step: int = _f(5, [5, 10], "6.1", "Bid step", "Шаг торговли")
    max_bid: int = _f(300, [300], "6.1", "Highest bid", "Максимальная ставка")
    bid_cap: str = _f("marriages", ["marriages", "any_marriage", "none"], "6.1", "Bids above 120 need marriages in hand", "Торговля выше 120 только с марьяжами")
    no_jump_bids: bool = _f(False, None, "6.1", "Each raise exactly one step", "Повышать только на шаг")
    silence_below: Any = _f(OFF, [OFF, 0, -100, -120, -200, -300, -1000], "6.1", "Players below this score are silent in bidding", "Молчание в минусе", kind="silence")
    end_at_minus_1000: bool = _f(True, None, "6.1", "Game ends when a score reaches −1000", "Игра заканчивается на −1000")
    # §6.2 Play and trumps
    meld_on_first_lead: bool = _f(False, None, "6.2", "Marriage may be declared before taking a trick", "Марьяж можно объявить без взятки")
    ace_marriage: bool = _f(False, None, "6.2", "Four aces are a 200 marriage", "Тузовый марьяж (200)")
    must_beat: bool = _f(False, None, "6.2", "Follower must beat the trick if he can", "Обязательно перебивать")
    no_lead_foreign_trump: bool = _f(False, None, "6.2", "May not lead someone else's trump while holding other suits", "Нельзя ходить с чужого козыря")
    must_lead_trump: bool = _f(False, None, "6.2", "Must lead a trump when holding one", "Обязательно ходить с козыря")
    hide_talon_at_100: bool = _f(False, None, "6.2", "Talon taken at 100 without bidding is not shown", "Прикуп на сотне не показывается")
    give_face_down: bool = _f(False, None, "6.2", "Given cards are seen only by their receiver", "Карты отдаются втёмную")
    round_declarer: bool = _f(False, None, "6.2", "Round the declarer's points before comparing", "Округлять очки играющего")
    four_nines_bonus: bool = _f(False, None, "6.2", "Four nines after the giving: +120", "Четыре девятки: +120")
    # §6.3 Redeals
    redeal_four_nines_dealt: bool = _f(False, None, "6.3", "Redeal: four nines dealt", "Пересдача: четыре девятки на руках")
    redeal_low_hand: Any = _f(OFF, None, "6.3", "Redeal: hand below N points", "Пересдача: мало очков на руке", kind="threshold")
    redeal_low_talon: Any = _f(OFF, None, "6.3", "Redeal: talon below N points", "Пересдача: мало очков в прикупе", kind="threshold")
    redeal_two_nines_talon: bool = _f(False, None, "6.3", "Redeal: two nines in the talon", "Пересдача: две девятки в прикупе")
    redeal_four_nines_after: bool = _f(False, None, "6.3", "Redeal: four nines after the giving", "Пересдача: четыре девятки после сноса")
    redeal_only_at_100: bool = _f(False, None, "6.3", "Talon redeals only at 100", "Пересдача по прикупу только на сотне")
    # §6.4 Bolts and penalties
    bolt_on: str = _f("no_tricks", ["no_tricks", "zero_points"], "6.4", "A bolt for no tricks (or no points)", "Болт за отсутствие взяток (или очков)")
    bolts_mode: str = _f("total", ["total", "in_a_row", "none"], "6.4", "Three bolts: in total, in a row, or never penalised", "Три болта: всего, подряд или без штрафа")
    fail_by: str = _f("contract", ["contract", "shortfall"], "6.4", "A failed declarer loses his contract (or only the shortfall)", "Недобор: минус заказ (или только недостающее)")
    no_bolt_on_own_game: bool = _f(False, None, "6.4", "No bolt for the declarer's own deal", "Нет болта в своей игре")
    dump_555: bool = _f(True, None, "6.4", "Dump truck: exactly 555 becomes 0", "Самосвал: 555 → 0")
    dump_minus_555: bool = _f(False, None, "6.4", "Dump truck: −555 becomes 0", "Самосвал: −555 → 0")
    three_barrels_zero: bool = _f(False, None, "6.4", "Third fall from the barrel resets the score to 0", "Три бочки — на ноль")
    # §6.5 Concession
    concede_allowed: bool = _f(True, None, "6.5", "The declarer may concede", "Можно расписать")
    concede_award: str = _f("half_bid", ["half_bid", "sixty", "split_120"], "6.5", "What opponents get from a concession", "Сколько получают противники при росписи")
    concede_penalty: str = _f("bid", ["bid", "bolt", "none"], "6.5", "What a concession costs the declarer", "Штраф на росписи")
    concede_limit_three: bool = _f(False, None, "6.5", "At most three free concessions per player", "Не более трёх бесплатных росписей")
    concede_third_penalty: bool = _f(False, None, "6.5", "Every third concession costs the penalty", "Каждая третья роспись — штраф")
    concede_on_barrel: bool = _f(False, None, "6.5", "A player on the barrel may concede", "Роспись на бочке")
    concede_when_anyone_on_barrel: bool = _f(True, None, "6.5", "Concessions allowed while someone is on the barrel", "Роспись, когда кто-то на бочке")
    concede_on_golden: bool = _f(False, None, "6.5", "Concessions allowed in the golden round", "Роспись в золотом коне")
    # §6.5a Barrel
    barrel_deals: int = _f(3, [3], "6.5a", "Attempts on the barrel", "Попыток на бочке")
    barrel_bidding: str = _f("normal", ["normal", "auto"], "6.5a", "The barrel player bids (or takes the talon automatically)", "Торговля на бочке")
    round_need: bool = _f(True, None, "6.5a", "Round the barrel contract up to a multiple of 5", "Округлять заказ на бочке")
    barrel_failed_contract: str = _f("attempt", ["attempt", "minus_bid_if_raised", "minus_bid"], "6.5a", "A failed contract on the barrel", "Недобор на бочке")
    barrel_knockoff: bool = _f(True, None, "6.5a", "A newcomer knocks others off the barrel", "Сброс с бочки")
    barrel_simultaneous: bool = _f(True, None, "6.5a", "Simultaneous entries: nobody sits, all get the penalty", "Двое на бочке одновременно")
    barrel_freezes_opponents: bool = _f(False, None, "6.5a", "Opponents score nothing when the barrel player plays exactly the need", "Противники стоят на месте при игре бочки")
    settlement: bool = _f(False, None, "6.5a", "Show the settlement at game end", "Расчёт выигрыша")
    # §6.6 Golden round
    golden_round: str = _f("off", ["off", "on", "double_only"], "6.6", "Golden round", "Золотой кон")
    golden_double_bolts: bool = _f(False, None, "6.6", "Golden round doubles bolts", "Двойные болты в золотом коне")
    golden_reset: bool = _f(False, None, "6.6", "Golden round without a make resets scores", "Сброс счёта в золотом коне")
    golden_can_raise: bool = _f(False, None, "6.6", "Golden 120 may be raised", "Можно повышать в золотом коне")
    # §6.7 Blind game
    blind: str = _f("off", ["off", "on"], "6.7", "Blind game", "Игра втёмную")
    blind_hide_talon: bool = _f(False, None, "6.7", "Blind: talon hidden", "Втёмную: прикуп не показывается")
    blind_not_on_barrel: bool = _f(False, None, "6.7", "No blind game while anyone is on the barrel", "Не темнить на бочке")
    blind_allow_concede: bool = _f(False, None, "6.7", "Blind game may be conceded", "Роспись втёмную")
    blind_max_240: bool = _f(False, None, "6.7", "Blind score capped at 240", "Втёмную не более 240")
    blind_double_bolts: bool = _f(False, None, "6.7", "Blind game doubles bolts", "Двойные болты втёмную")
    unblind: bool = _f(False, None, "6.7", "Unblinding with a marriage (125)", "Растемнение")
    unblind_takes_talon: bool = _f(False, None, "6.7", "The unblinder takes the talon", "Растемнивший берёт прикуп")
    # §7 Other player counts
    two_mode: str = _f("eleven", ["eleven", "two_talons", "dead_hand", "draw"], "7", "Two-player variant", "Вариант на двоих")
    four_mode: str = _f("all_play", ["all_play", "dealer_sits_out"], "7", "Four-player variant", "Вариант на четверых")
    sitter_marriage: str = _f("full", ["full", "half"], "7", "Resting dealer's marriage in the talon", "Марьяж в прикупе у сидящего")

    # The preset this object was derived from; not a convention, used by the codec.
    preset: str = field(default="classic", compare=False, metadata={"internal": True})

    def __post_init__(self):
        for f in _FIELDS:
            _validate(f, getattr(self, f.name))
        if not isinstance(self.preset, str) or self.preset not in PRESETS:
            raise _unknown_preset(self.preset)
        if self.no_lead_foreign_trump and self.must_lead_trump:
            raise _incompatible("must_lead_trump", "no_lead_foreign_trump", "6.2")
        if not self.layout.bidding:
            # nobody declares in two_mode=draw: no golden declarer, no blind declarer (§7)
            if self.golden_round == "on":
                raise _incompatible("golden_round", "two_mode", "6.6")
            if self.blind != "off":
                raise _incompatible("blind", "two_mode", "6.7")

    # ---- derived values -------------------------------------------------
    @property
    def layout(self):
        """The §7 layout these conventions imply (hand and talon sizes, who plays, ...)."""
        from .layout import Layout
        return Layout.of(self)

    @property
    def need(self) -> int:
        """What the barrel player must make to win (RULES.md §4.1)."""
        n = self.target - self.barrel_at + (1 if self.win_above_target else 0)
        if self.round_need:
            n = -(-n // 5) * 5
        return n

    # ---- presets and codec ---------------------------------------------
    @classmethod
    def from_preset(cls, name: str, **changes) -> "Conventions":
        if not isinstance(name, str) or name not in PRESETS:
            raise _unknown_preset(name)
        for k in changes:
            if k not in _BY_NAME:
                raise _unknown_convention(k)
        return cls(**{**PRESETS[name], **changes, "preset": name})

    def replace(self, **changes) -> "Conventions":
        for k in changes:
            if k not in _BY_NAME and k != "preset":
                raise _unknown_convention(k)
        return replace(self, **changes)

    def changed(self) -> dict:
        """Fields that differ from this object's preset."""
        base = PRESETS[self.preset]
        default = {f.name: f.default for f in _FIELDS}
        out = {}
        for f in _FIELDS:
            ref = base.get(f.name, default[f.name])
            v = getattr(self, f.name)
            if v != ref:
                out[f.name] = v
        return out

    def to_dict(self) -> dict:
        """The record form (RULES.md §9): {"preset": name, ...changed fields}."""
        return {"preset": self.preset, **self.changed()}

    @classmethod
    def from_dict(cls, d: dict) -> "Conventions":
        if not isinstance(d, dict):
            raise ConventionError("conventions must be an object", "bad_record_field",
                                  field="conventions")
        d = dict(d)
        preset = d.pop("preset", "classic")
        if not isinstance(preset, str):
            raise ConventionError(f"preset: a preset name expected, not {shown(preset)} "
                                  f"(known: {', '.join(PRESETS)})", "bad_type", field="preset",
                                  expected="text")
        for k in d:
            if k not in _BY_NAME:
                raise _unknown_convention(k)
        return cls.from_preset(preset, **d)

    def to_code(self) -> str:
        parts = [self.preset]
        for k, v in self.changed().items():
            parts.append(f"{k}={_fmt(v)}")
        return ",".join(parts)

    @classmethod
    def from_code(cls, code: str) -> "Conventions":
        """Read a rules code strictly: any problem raises a ConventionError with the first
        problem's code and params, and all of them (as JSON) in params["problems"]."""
        conv, problems = cls.read_code(code)
        if problems:
            first = problems[0]
            raise ConventionError("; ".join(str(e) for e in problems), first.code,
                                  **first.params, problems=[e.to_json() for e in problems])
        return conv

    @classmethod
    def from_code_lenient(cls, code: str) -> tuple["Conventions", list[str]]:
        """Read what can be read; return the conventions and a list of what was ignored."""
        conv, errors = cls.read_code(code)
        return conv, [str(e) for e in errors]

    @classmethod
    def read_code(cls, code: str) -> tuple["Conventions", list[ConventionError]]:
        """Like from_code_lenient, with the problems as ConventionErrors (code, params)."""
        from .schema import code_text, MAX_CODE_PROBLEMS
        code, problems = code_text(code)       # the type and the length (docs/record-format.md)
        parts = [p for p in code.strip().split(",") if p.strip()]
        preset = "classic"
        if parts and "=" not in parts[0]:
            name = parts.pop(0).strip()
            if name in PRESETS:
                preset = name
            else:
                problems.append(_unknown_preset(name))
        conv = cls.from_preset(preset)
        seen = set()
        for p in parts:
            if len(problems) >= MAX_CODE_PROBLEMS:
                problems.append(ConventionError(f"more problems in the rules code (only the "
                                                f"first {MAX_CODE_PROBLEMS} are listed)",
                                                "too_many_problems", limit=MAX_CODE_PROBLEMS))
                break
            key, eq, raw = p.partition("=")
            key = key.strip()
            if key in seen:
                problems.append(ConventionError(f"{shown(key)} is given twice (the first "
                                                f"value is kept)", "duplicate", field=key))
                continue
            if not eq:
                problems.append(ConventionError(f"{shown(key)} has no value", "no_value",
                                                field=key[:40]))
                continue
            if key not in _BY_NAME:
                problems.append(_unknown_convention(key))
                continue
            try:
                value = _parse(_BY_NAME[key], raw.strip())
                conv = conv.replace(**{key: value})
                seen.add(key)
            except ConventionError as e:
                problems.append(e)
        return conv, problems

    @staticmethod
    def catalog() -> list[dict]:
        """Every convention with its section, default, values and labels (for the settings UI)."""
        out = []
        for f in _FIELDS:
            m = f.metadata
            values = m["values"]
            if values is None and m["kind"] == "bool":
                values = [False, True]
            out.append({"id": f.name, "section": m["section"], "default": f.default,
                        "values": values, "kind": m["kind"], "label_en": m["en"],
                        "label_ru": m["ru"]})
        return out


_FIELDS = [f for f in fields(Conventions) if not f.metadata.get("internal")]
_BY_NAME = {f.name: f for f in _FIELDS}


_OF_VIEW: dict = {}


def of_view(view: dict) -> Conventions:
    """The conventions a view shows (its ``conventions``, the record form; none: the classic
    table), one object per table for the clients that decide from views (the bots)."""
    shown = view.get("conventions") or {}
    key = repr(sorted(shown.items()))
    conv = _OF_VIEW.get(key)
    if conv is None:
        conv = _OF_VIEW[key] = Conventions.from_dict(shown)
    return conv


def _unknown_preset(name) -> ConventionError:
    return ConventionError(f"unknown preset {shown(name)} (known: {', '.join(PRESETS)})",
                           "unknown_preset", preset=shown(name))


def _unknown_convention(key) -> ConventionError:
    return ConventionError(f"unknown convention {shown(key)}", "unknown_convention",
                           field=key[:40] if isinstance(key, str) else shown(key))


def _incompatible(a: str, b: str, section: str) -> ConventionError:
    return ConventionError(f"{a} cannot be on together with {b} (§{section})", "incompatible",
                           field=a, other=b, section=section)


def _bad(name: str, v, text: str, **params) -> ConventionError:
    return ConventionError(f"{name}: {text}", "bad_value", field=name, value=_shown(v),
                           **params)


def _shown(v) -> str:
    """A value in a message: on/off for switches, else errors.shown (safe for any value)."""
    return _fmt(v) if isinstance(v, bool) else shown(v)


def _fmt(v) -> str:
    if v is True:
        return "on"
    if v is False:
        return "off"
    return str(v)


def _parse(f, raw: str):
    kind = f.metadata["kind"]
    low = raw.lower()
    if kind == "bool":
        if low in ("on", "1", "true", "yes"):
            return True
        if low in ("off", "0", "false", "no"):
            return False
        raise _bad(f.name, raw, f"{shown(raw)} is not on/off", expected="on_off")
    if kind in ("int", "penalty", "silence", "threshold"):
        if low == OFF and kind in ("silence", "threshold"):
            return OFF
        digits = raw[1:] if raw.startswith("-") else raw
        if not (digits.isascii() and digits.isdigit()) or len(raw) > CODE_NUMBER_CHARS:
            raise _bad(f.name, raw, f"{shown(raw)} is not a number", expected="number")
        return int(raw)
    return raw


def _validate(f, v):
    kind = f.metadata["kind"]
    values = f.metadata["values"]
    name = f.name
    isint = isinstance(v, int) and not isinstance(v, bool)
    if kind == "bool":
        if not isinstance(v, bool):
            raise _bad(name, v, f"{_shown(v)} is not on/off", expected="on_off")
        return
    if kind == "penalty":
        if not isint or v <= 0 or v % 5 or v > MAX_PENALTY:
            raise _bad(name, v, f"{_shown(v)} must be a positive multiple of 5 (of at most "
                       f"{CODE_NUMBER_CHARS} digits)", expected="multiple_of_5")
        return
    if kind == "threshold":
        if not (v == OFF and isinstance(v, str)) and (not isint or v < 0 or v > 120):
            raise _bad(name, v, f"{_shown(v)} must be off or a number of points (0–120)",
                       expected="points")
        return
    # exactly one of the values, of its type: not True for 1, nor 3.0 for 3, nor -100.0
    if values is not None and not any(type(v) is type(x) and v == x for x in values):
        allowed = ", ".join(_fmt(x) for x in values)
        raise _bad(name, v, f"{_shown(v)} is not one of {allowed}", allowed=allowed)
    if kind == "int" and not isint:
        raise _bad(name, v, f"{_shown(v)} is not a number", expected="number")


# ---- presets (RULES.md §8) -----------------------------------------------
PRESETS: dict[str, dict] = {
    "classic": {},
    "table000": {
        "target": 1001, "round_need": False, "ace_marriage": True,
        "barrel_failed_contract": "minus_bid_if_raised", "barrel_freezes_opponents": True,
        "concede_penalty": "bid", "concede_award": "half_bid",
        "dump_555": True, "dump_minus_555": True, "end_at_minus_1000": True,
    },
    "club001": {
        "redeal_two_nines_talon": True, "redeal_low_talon": 5,
        "redeal_four_nines_after": True, "three_barrels_zero": True,
    },
    "site002": {
        "forced_bidder": "dealer", "bid_cap": "any_marriage", "bolt_on": "zero_points",
        "concede_award": "split_120", "concede_penalty": "none",
    },
    "polish": {"bid_step": 10, "must_beat": True},
    "two": {"players": 2, "two_mode": "eleven", "concede_award": "sixty"},
    "four": {"players": 4, "four_mode": "all_play"},
}
# club001 with 4 players is four_mode=dealer_sits_out (§8): the preset says so; the field
# matters only at 4 players.
PRESETS["club001"]["four_mode"] = "dealer_sits_out"

# Every preset can be played (kept for clients that ask which ones).
SUPPORTED_PRESETS = tuple(PRESETS)
