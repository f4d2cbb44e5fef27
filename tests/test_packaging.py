"""The wheel ships every component data file: each file under ``games/*/data`` matches a
``[tool.setuptools.package-data]`` pattern of pyproject.toml (issue 10: Cascadito's sheets
were missing from the wheel). CI also installs the built wheel in a fresh virtual
environment and plays every game from it (``.ci/wheel_smoke.py``)."""

from __future__ import annotations

import glob
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "regalia"


def test_every_data_file_is_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["regalia"]
    shipped = {Path(p) for pattern in patterns
               for p in glob.glob(pattern, root_dir=PACKAGE)}
    data = {p.relative_to(PACKAGE) for p in PACKAGE.glob("games/*/data/**/*") if p.is_file()}
    assert data, "no component data found"
    assert Path("games/cascadito/data/sheets/sheet1.toml") in data
    missing = sorted(str(p) for p in data - shipped)
    assert not missing, f"data files the wheel would not ship: {missing}"


def test_every_game_with_a_compiled_engine_has_its_extension_built_by_setup_py():
    """Each game package offering a compiled engine (a ``compiled.py`` beside an
    ``_engine.pyx``) is built by ``pip install .``: setup.py lists its extension (issue 29:
    every game has one; the wheel smoke test then checks the wheel uses them)."""
    setup = (ROOT / "setup.py").read_text()
    games = sorted(p.parent.name for p in PACKAGE.glob("games/*/_engine.pyx"))
    assert games == sorted(p.parent.name for p in PACKAGE.glob("games/*/compiled.py"))
    assert games == ["cascadito", "inheritors", "kingdomino", "two_heirs"]
    for name in games:
        assert f'Extension("regalia.games.{name}._engine"' in setup, name
        assert f'"src/regalia/games/{name}/_engine.pyx"' in setup, name


def test_every_store_migration_is_package_data():
    """The web store upgrades itself from the revisions under ``web/store/migrations``
    (Alembic's env.py, the revision template, ``versions/*.py``): each ships in the wheel."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["regalia"]
    shipped = {Path(p) for pattern in patterns
               for p in glob.glob(pattern, root_dir=PACKAGE)}
    files = {p.relative_to(PACKAGE) for p in PACKAGE.glob("web/store/migrations/**/*")
             if p.is_file() and "__pycache__" not in p.parts}
    assert Path("web/store/migrations/env.py") in files
    assert any(p.parent.name == "versions" for p in files)
    missing = sorted(str(p) for p in files - shipped)
    assert not missing, f"migration files the wheel would not ship: {missing}"


def test_every_message_catalogue_is_package_data():
    """The translations (``locale/<lang>/LC_MESSAGES/<area>.po``, read at run time by
    :mod:`regalia.core.i18n`) ship in the wheel, one per area and language."""
    from regalia.core.catalogues import AREAS
    from regalia.core.i18n import LANGUAGES, DEFAULT_LANGUAGE

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["regalia"]
    shipped = {Path(p) for pattern in patterns
               for p in glob.glob(pattern, root_dir=PACKAGE)}
    wanted = {Path(f"locale/{lang}/LC_MESSAGES/{area}.po")
              for lang in LANGUAGES if lang != DEFAULT_LANGUAGE for area in AREAS}
    assert wanted <= {p.relative_to(PACKAGE) for p in PACKAGE.glob("locale/*/*/*.po")}
    missing = sorted(str(p) for p in wanted - shipped)
    assert not missing, f"catalogues the wheel would not ship: {missing}"
