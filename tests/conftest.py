"""Shared test set-up: the helpers module (tests/thousand_helpers.py) is importable from
every test folder, and the engine under test is this tree's ``py/thousand`` — in this process
and in every ``python -m thousand`` a test starts — whatever ``thousand`` the machine has
installed (another clone's editable install would otherwise be the one tested)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PY = os.path.join(os.path.dirname(HERE), "py")

sys.path.insert(0, HERE)
sys.path.insert(0, PY)
os.environ["PYTHONPATH"] = os.pathsep.join(
    [PY] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and p != PY])
