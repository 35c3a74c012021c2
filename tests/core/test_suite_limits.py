"""The suite's own guard rails: an endless loop in a rule fails its test, it does not hang CI."""

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_test_has_a_time_limit():
    ini = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert 0 < int(ini["timeout"]) <= 600


def test_an_endless_test_fails_instead_of_hanging(tmp_path):
    (tmp_path / "test_loop.py").write_text(textwrap.dedent("""
        def test_forever():
            while True:
                pass
    """))
    # the project's configuration, with the limit shortened so this check is quick
    res = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                          "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path), "-o", "timeout=2",
                          str(tmp_path / "test_loop.py")], capture_output=True, text=True, timeout=120)
    assert res.returncode == 1, res.stdout + res.stderr
    assert "Timeout" in res.stdout
