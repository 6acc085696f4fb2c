"""How long reading a record takes at the schema's limits (docs/record-format.md), and how
much memory it takes: the worst texts a file or a save can be, and a long real game.

    PYTHONPATH=py python3 scripts/measure_schema.py

Each case runs in a fresh process, so the peak memory (max RSS) is that case's alone.
"""
from __future__ import annotations

import json
import subprocess
import sys

CASES = {
    "5 MB of empty arrays (refused: too many)": "'[' + '[],' * 1_666_000 + '[]]'",
    "5 MB of numbers in an ignored comment": "'{\"deals\": [], \"comment\": [' + '1.5,' * 1_249_000 + '1]}'",
    "5 MB string of escaped quotes (refused: not JSON)": "'{\"a\": \"' + '\\\\\"' * 2_499_000",
    "5 MB nested 100,000 deep (refused)": "'{\"deals\": ' + '[' * 2_499_000 + ']' * 2_499_000 + '}'",
    "a 2000-deal record text (deals of random play, cards written out)": "long_record()",
}

CHILD = r'''
import json, random, resource, sys, time
from thousand import Game, Conventions, schema
from thousand.deal import cards_to_spec

def long_record():
    rng = random.Random(1)
    deals = []
    while len(deals) < 2000:
        g = Game.new(Conventions(end_at_minus_1000=False), seed=rng.randrange(1 << 30))
        while not g.finished and len(g.deals) < 60:
            g.push(rng.choice(g.legal_moves()))
        rec = g.to_record()
        for d, spec in zip(g.deals, rec["deals"]):
            spec.pop("seed"); spec.update(cards_to_spec(d.cards, g.layout))
        deals += rec["deals"][:-1]
    # one game of 2000 deals cannot be made by random play; replay the deals one by one
    return json.dumps({"deals": deals[:2000]})

text = EXPR
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t = time.perf_counter()
try:
    v = schema.loads(text)
    outcome = "read"
except schema.RecordError as e:
    outcome = f"refused: {e.code}"
dt = time.perf_counter() - t
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"bytes": len(text.encode("utf-8", "surrogatepass")), "seconds": round(dt, 3),
                  "extra_mb": round((peak - base) / 1024), "outcome": outcome}))
'''


def main() -> int:
    print(f"schema.loads, CPython {sys.version.split()[0]}, one process per case:")
    for label, expr in CASES.items():
        out = subprocess.run([sys.executable, "-c", CHILD.replace("EXPR", expr)],
                             capture_output=True, text=True)
        if out.returncode:
            print(f"  {label}: failed\n{out.stderr}")
            return 1
        r = json.loads(out.stdout)
        print(f"  {label}: {r['bytes']:,} bytes, {r['seconds']} s, +{r['extra_mb']} MB peak, "
              f"{r['outcome']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
