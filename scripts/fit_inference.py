#!/usr/bin/env python3
"""How well the inference's model of a bidder (``thousand.bots.inference``) fits real bidders:
seeded deals played by one kind of bot at every seat, and at each bidding turn where a bid
and a pass were both legal, the bidder's hand against the next bid.  The inference weighs a
bid of N by Φ((limit − N − BID_SHIFT)/SPREAD) (a pass by one minus that, each factor at least
FLOOR), where ``limit`` is the hard bot's bidding rule (``inference.bid_limit``).  Prints
the log-likelihood of those choices over a grid of SPREAD and BID_SHIFT: the higher, the
better the model says what a bid or a pass means about the hand.

    python3 scripts/fit_inference.py [--bots normal] [--deals 1000] [--seed 5000]
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent / "py"))

from thousand.bots import inference, make_bot  # noqa: E402
from thousand.bots.match import fresh_deal  # noqa: E402
from thousand.cards import card as parse_card, mask_of  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402

SPREADS = (10, 15, 20, 25, 30)
SHIFTS = (0, 3, 6, 9)


def bidding_turns(kind: str, deals: int, seed: int) -> list[tuple[float, bool]]:
    """(the bidder's limit minus the next bid, did he bid) at every free bidding turn."""
    conv = Conventions()
    n = conv.players
    rows = []
    for d in range(deals):
        bots = [make_bot(kind, seed=d * 7 + i) for i in range(n)]
        g = fresh_deal(conv, seed + d, d % n, None)
        while g.phase == "bidding":
            seat = g.current_seat
            v = g.view(seat)
            a = bots[seat].choose(v)
            bids = sorted(int(x.split()[1]) for x in v["legal"] if x.startswith("bid"))
            if bids and "pass" in v["legal"]:
                hand = mask_of(parse_card(c) for c in v["hand"])
                rows.append((inference.bid_limit(hand, seat, v) - bids[0], a != "pass"))
            g.apply(a)
    return rows


def log_likelihood(rows, spread: float, shift: float) -> float:
    """Of the choices in `rows` under the inference's weight (``inference.bid_weight``)."""
    return sum(math.log(inference.bid_weight(x, bid, spread, shift)) for x, bid in rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="normal")
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=5000)
    args = ap.parse_args(argv)
    rows = bidding_turns(args.bots, args.deals, args.seed)
    print(f"{args.bots}: {len(rows)} free bidding turns of {args.deals} deals, "
          f"{sum(b for _, b in rows)} bids; log-likelihood by BID_SHIFT (rows) and SPREAD")
    print("shift " + "".join(f"{s:>9}" for s in SPREADS))
    for shift in SHIFTS:
        print(f"{shift:>5} " + "".join(f"{log_likelihood(rows, s, shift):>9.1f}"
                                       for s in SPREADS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
