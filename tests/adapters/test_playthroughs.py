"""docs/playthroughs: one generated playthrough per game and chance mode; a change in the
rules or the encodings shows as a diff there. Regenerate after such a change with
``python -m cosmodrome.adapters.playthrough docs/playthroughs --write`` (and say why in the
commit)."""

from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from cosmodrome.adapters.playthrough import CASES, MODES, file_name, main, playthrough  # noqa: E402

DIR = Path(__file__).resolve().parents[2] / "docs" / "playthroughs"


@pytest.mark.parametrize("game,players,options", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("mode", MODES)
def test_the_playthrough_is_what_the_code_plays(game, players, options, mode):
    path = DIR / file_name(game, mode)
    assert path.is_file(), (f"{path.name} is missing: "
                            "python -m cosmodrome.adapters.playthrough docs/playthroughs --write")
    assert playthrough(game, players, options, mode) == path.read_text(encoding="utf-8"), (
        f"{path.name} differs from what the code plays: if the rules or an encoding changed on "
        "purpose, regenerate with python -m cosmodrome.adapters.playthrough docs/playthroughs --write")


def test_the_generator_writes_and_checks(tmp_path):
    assert main([str(tmp_path), "--write"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(file_name(g, m) for g, _, _ in CASES for m in MODES)
    assert main([str(tmp_path)]) == 0
    victim = tmp_path / file_name("venus", "explicit")
    victim.write_text(victim.read_text() + "x")
    assert main([str(tmp_path)]) == 1
