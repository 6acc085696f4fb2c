"""scripts/fit_inference.py: the bidding turns it reads are real free choices, and its
log-likelihood prefers the model that generated the choices."""
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import fit_inference as F  # noqa: E402
from thousand.bots import inference  # noqa: E402


def test_the_turns_are_free_choices_of_seeded_deals():
    rows = F.bidding_turns("normal1", 5, 17)
    assert rows == F.bidding_turns("normal1", 5, 17)
    assert rows and {bid for _, bid in rows} <= {True, False}
    assert any(not bid for _, bid in rows)      # every deal's bidding ends in passes


def test_the_likelihood_peaks_near_the_model_that_made_the_choices():
    rng = random.Random(3)
    shift, spread = 6.0, 12.0
    xs = [rng.uniform(-60, 60) for _ in range(3000)]
    rows = [(x, rng.random() < inference._phi((x - shift) / spread)) for x in xs]
    best = max(((s, d) for s in (5, 12, 30) for d in (0, 6, 15)),
               key=lambda m: F.log_likelihood(rows, m[0], m[1]))
    assert best == (12, 6)
