"""Saves and records of every earlier version load in this one (issue 12: saves outlive
versions).  tests/fixtures/saves/LABEL/ holds what each version stored, written by
scripts/save_fixtures.py from that version's own code: 75d28b0-v1 the table before issue 13
(save format 1, no view), 80b701e-v1 issue 13's table (format 1 with the view), and the
fixtures of every format since.  A change that cannot read one of them must add a migration
(persist.MIGRATIONS, or the engine's reading of old records) — never edit the fixtures."""
import json
from pathlib import Path

import pytest

from webkit import FakePage, fast_storage, run_async, settle
from thousand.web import persist
from thousand.web.controller import Controller
from thousand.web.engine_client import LocalEngine
from thousand.web.service import Service

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
SAVES = sorted(FIXTURES.glob("*/save-*.json"))
RECORDS = sorted(FIXTURES.glob("*/record-*.json"))


def ident(p):
    return p.parent.name + "/" + p.stem


def test_every_version_has_fixtures():
    versions = {p.parent.name for p in SAVES}
    assert {"75d28b0-v1", "80b701e-v1"} <= versions
    # the format written today has fixtures of its own
    assert any(v.endswith("-v" + str(persist.SAVE_VERSION)) for v in versions)
    assert len(RECORDS) == len(SAVES)


def actions(record):
    return sum(len(d["actions"]) for d in record["deals"])


def replay(record):
    svc = Service()
    reply = json.loads(svc.handle(json.dumps({"op": "load", "record": record})))
    assert reply.get("ok"), reply
    return svc, reply


@pytest.mark.parametrize("path", SAVES, ids=ident)
def test_an_old_save_is_read_migrated_and_replayed(path):
    raw = path.read_text(encoding="utf-8")
    data = persist.parse_save(raw)
    assert data["v"] == persist.SAVE_VERSION
    assert set(data) >= {"game_id", "tab", "rev", "saved", "by", "record"}
    if json.loads(raw)["v"] < 2:
        assert data["saved"] is None            # v1's was the page's clock, not a time
    svc, reply = replay(data["record"])
    assert reply["view"]["action_count"] == actions(data["record"])
    assert svc.game.to_record()["deals"] == data["record"]["deals"]


@pytest.mark.parametrize("path", SAVES, ids=ident)
def test_the_table_resumes_an_old_save(path):
    """The whole start of a repeat visit: the save is read, the saved view (if any) drawn,
    the record replayed by the engine, and the game goes on."""
    storage = fast_storage()
    storage.setItem(persist.SAVE_KEY, path.read_text(encoding="utf-8"))
    page = FakePage()
    ctrl = Controller(LocalEngine(), storage, page, build="test")

    async def go():
        await ctrl.start()
        await settle(ctrl)
    run_async(go())
    assert not ctrl.ui.notices, ctrl.ui.notices
    record = persist.parse_save(path.read_text(encoding="utf-8"))["record"]
    assert ctrl.view["action_count"] >= actions(record)
    assert ctrl.view["finished"] or ctrl.view["current_seat"] == 0 or ctrl.ui.overlay == "summary"
    assert "thousand.save.backup" not in storage
    if ctrl.view["finished"]:
        assert ctrl.ui.overlay == "over"
    else:                                      # and it plays on: the human's move is saved
        legal = ctrl.view["legal"]
        if legal and ctrl.ui.can_act(ctrl.view) and ctrl.view["phase"] != "giving":
            async def move():
                ctrl.perform(ctrl.act("pass" if "pass" in legal else legal[0]))
                await settle(ctrl)
            run_async(move())
            saved = json.loads(storage["thousand.save"])
            assert saved["v"] == persist.SAVE_VERSION and actions(saved["record"]) > actions(record)


@pytest.mark.parametrize("path", RECORDS, ids=ident)
def test_an_old_record_file_imports(path):
    record = persist.parse_import(path.read_text(encoding="utf-8"))
    svc, reply = replay(record)
    assert reply["view"]["action_count"] == actions(record)


def test_migrations_cover_every_version():
    assert sorted(persist.MIGRATIONS) == list(range(1, persist.SAVE_VERSION))
    v1 = {"v": 1, "game_id": "g", "tab": "t", "rev": 3, "saved": 12.5, "record": {"deals": []},
          "view": "not a view"}
    out = persist.migrate(dict(v1))
    assert out == {"v": 2, "game_id": "g", "tab": "t", "rev": 3, "saved": None,
                   "by": {"build": ""}, "record": {"deals": []}}
