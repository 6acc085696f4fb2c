"""The suite itself: every test module's basename is unique across tests/.

The folders are not packages (rootdir-relative imports, pytest's default "prepend" mode), so
two files called test_x.py in tests/web and tests/e2e make the whole run stop at collection
("import file mismatch") — but only when both are collected in one run, as `.ci/run` does
and a single folder's run does not.  This happened three times while merging branches."""
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_every_test_module_name_is_unique():
    seen = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        if path.name.startswith("test_") or path.name == "conftest.py":
            seen[path.name].append(str(path.relative_to(TESTS)))
    twice = {name: paths for name, paths in seen.items() if len(paths) > 1 and name != "conftest.py"}
    assert not twice, twice


def test_the_engine_tested_is_this_trees():
    """Tests import this tree's py/thousand, and so do the `python -m thousand` they start,
    even where the machine's installed `thousand` is another clone's."""
    import subprocess
    import sys
    import thousand
    here = TESTS.parent / "py" / "thousand" / "__init__.py"
    assert Path(thousand.__file__).resolve() == here
    out = subprocess.run([sys.executable, "-c", "import thousand; print(thousand.__file__)"],
                         cwd="/", capture_output=True, text=True, check=True).stdout.strip()
    assert Path(out).resolve() == here
