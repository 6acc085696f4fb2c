"""The frozen normal bot, level "normal1" (issue 10 item 6): it gives the answers the
normal bot gave when it was frozen, on views from seeded games at every table of RULES.md
§7 (the fixture written once by scripts/make_normal1_fixture.py), so strength measured
against normal1 stays comparable across versions of the normal bot."""
import collections
import gzip
import json
import os

import pytest

from thousand.bots import make_bot

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "normal1_views.json.gz")


@pytest.fixture(scope="module")
def entries():
    with open(FIXTURE, "rb") as f:
        return json.loads(gzip.decompress(f.read()))["entries"]


def test_fixture_covers_every_table_and_window(entries):
    tables = {e["table"] for e in entries}
    assert tables == {"2 eleven", "2 two_talons", "2 dead_hand", "2 draw", "3",
                      "4 all_play", "4 dealer_sits_out", "5", "6"}
    phases = collections.Counter(e["view"]["phase"] for e in entries)
    for phase in ("bidding", "blind", "unblind", "redeal", "talon", "discard", "giving",
                  "contract", "play"):
        assert phases[phase] > 0, phase


def test_normal1_gives_the_frozen_answers(entries):
    wrong = []
    for e in entries:
        got = make_bot("normal1", seed=e["bot_seed"]).choose(e["view"])
        if got != e["answer"]:
            wrong.append((e["table"], e["view"]["phase"], e["answer"], got))
    assert not wrong, f"{len(wrong)} of {len(entries)} answers changed, e.g. {wrong[:5]}"
