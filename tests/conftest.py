"""Shared test set-up: the helpers module (tests/thousand_helpers.py) is importable from
every test folder."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
