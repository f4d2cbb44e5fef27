"""The message catalogues' upkeep: extract the messages, update the ``.po`` files, check them.

For developers, from the source tree (Babel's extractors; no build step, the ``.po`` files
are read as they are at run time by :mod:`regalia.core.i18n`)::

    python -m regalia.core.catalogues update   # extract, then add new messages to de/*.po
    python -m regalia.core.catalogues check    # what is missing, fuzzy, stale or mismatched

The source is split in *areas*, one ``.po`` file each per language (so the web's and each
game's messages can be translated side by side): ``web`` (``regalia/web``: Python,
ES modules ``t("…")``/``tn(…)``, Jinja templates), one area per game (``regalia/games/<game>``)
``study`` (the balance lab), ``review`` (the game review) and ``main`` (everything else:
the command line, core errors, agents, the arena).
"""

from __future__ import annotations

import re
import string
import sys
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

from regalia.core.i18n import LANGUAGES, DEFAULT_LANGUAGE, catalogue_dir

__all__ = ["AREAS", "Problem", "extract", "update", "check", "conflicts", "main"]

PACKAGE = Path(__file__).resolve().parent.parent
GAMES = ("kingdomino", "two_heirs", "cascadito", "inheritors")

#: area -> the folders (relative to the ``regalia`` package) whose messages it holds.
AREAS: dict[str, tuple[str, ...]] = {
    "main": ("core", "agents", "arena", "adapters", "cli", "testing", "__init__.py",
             "__main__.py"),
    "study": ("study",),
    "review": ("review",),
    "web": ("web",),
    **{game: (f"games/{game}",) for game in GAMES},
}

#: Python and Jinja: ``_``, ``N_``, ``ngettext``, ``pgettext``, ``npgettext``;
#: the web's ES modules: ``t("…")``, ``tn("…", "…", n)``, ``tp("context", "…")``.
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2),
            "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
JS_KEYWORDS = {"t": None, "tn": (1, 2), "tp": ((1, "c"), 2)}
OPTIONS = {"**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}
COMMENT_TAGS = ["Translators:"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a catalogue: ``area``, ``lang``, ``msgid`` and what is wrong."""
    area: str
    lang: str
    msgid: str
    what: str

    def __str__(self) -> str:
        return f"{self.lang}/{self.area}.po: {self.what}: {self.msgid!r}"


def _sources(area: str) -> Iterable[Path]:
    for rel in AREAS[area]:
        path = PACKAGE / rel
        if path.is_file():
            yield path
        else:
            for suffix in ("*.py", "*.js", "*.html"):
                for found in sorted(path.rglob(suffix)):
                    if "vendor" not in found.parts and "__pycache__" not in found.parts:
                        yield found


def extract(area: str) -> "Catalog":
    """The template catalogue (English messages) of one area, from its source files."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    template = Catalog(project="regalia", domain=area, fuzzy=False)
    for path in _sources(area):
        method = ("python" if path.suffix == ".py" else "javascript" if path.suffix == ".js"
                  else "jinja2.ext:babel_extract")
        options = OPTIONS["**.html"] if path.suffix == ".html" else {}
        rel = path.relative_to(PACKAGE).as_posix()
        for lineno, message, comments, context in extract_from_file(
                method, str(path), keywords=JS_KEYWORDS if path.suffix == ".js" else KEYWORDS, comment_tags=COMMENT_TAGS,
                options=options, strip_comment_tags=True):
            template.add(message, None, [(rel, lineno)], auto_comments=comments,
                         context=context)
    return template


def _po_path(lang: str, area: str) -> Path:
    return catalogue_dir() / lang / "LC_MESSAGES" / f"{area}.po"


def _read(lang: str, area: str) -> "Catalog":
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = _po_path(lang, area)
    if not path.exists():
        return Catalog(locale=lang, domain=area, project="regalia", fuzzy=False)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=area)


def _write(lang: str, area: str, catalog: "Catalog") -> None:
    from babel.messages.pofile import write_po

    path = _po_path(lang, area)
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = BytesIO()
    write_po(buffer, catalog, width=0, no_location=True, sort_output=True,
             ignore_obsolete=True, include_previous=False)
    text = re.sub(rb'"POT-Creation-Date: [^"]*"\n', b"", buffer.getvalue())
    text = re.sub(rb'"PO-Revision-Date: [^"]*"\n', b"", text)
    path.write_bytes(text)


def update(areas: Iterable[str] | None = None) -> dict[str, int]:
    """Extract each area and add its new messages to every translation (old ones dropped).

    Returns area -> number of messages. Translations already made are kept; no fuzzy guesses.
    """
    counts: dict[str, int] = {}
    for area in areas or AREAS:
        template = extract(area)
        counts[area] = len(template)
        for lang in LANGUAGES:
            if lang == DEFAULT_LANGUAGE:
                continue
            catalog = _read(lang, area)
            catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
            _write(lang, area, catalog)
    return counts


_FIELDS = string.Formatter()


def _placeholders(text: str) -> set[str]:
    try:
        named = {field for _lit, field, _spec, _conv in _FIELDS.parse(text) if field is not None}
    except ValueError:
        named = {"<unbalanced braces>"}
    printf = set(re.findall(r"%(?:\([a-z_]+\))?[sdif]", text))
    return named | printf


def check(areas: Iterable[str] | None = None) -> list[Problem]:
    """Every extracted message translated in every language, with the same placeholders.

    Problems: ``missing`` (extracted, not in the ``.po``: run ``update``), ``untranslated``
    (empty or fuzzy), ``placeholders differ`` (a ``{name}``/``%s`` lost or added),
    ``stale`` (in the ``.po``, no longer in the source: run ``update``).
    """
    problems: list[Problem] = []
    for area in areas or AREAS:
        template = extract(area)
        for lang in LANGUAGES:
            if lang == DEFAULT_LANGUAGE:
                continue
            catalog = _read(lang, area)
            extracted = set()
            for message in template:
                if not message.id:
                    continue
                extracted.add((message.context, _ident(message.id)))
                found = catalog.get(message.id, context=message.context)
                shown = _ident(message.id)
                if found is None:
                    problems.append(Problem(area, lang, shown, "missing"))
                    continue
                strings = (list(found.string) if isinstance(found.string, (tuple, list))
                           else [found.string])
                if found.fuzzy or not all(strings):
                    problems.append(Problem(area, lang, shown, "untranslated"))
                    continue
                ids = list(message.id) if isinstance(message.id, (tuple, list)) else [message.id]
                wanted = set().union(*(_placeholders(i) for i in ids))
                for s in strings:
                    got = _placeholders(s or "")
                    # a plural form may leave the count out ("ein Punkt"), nothing else
                    if not got <= wanted or not (wanted - {"n", "count"}) <= got:
                        problems.append(Problem(area, lang, shown, "placeholders differ"))
                        break
            for message in catalog:
                if message.id and (message.context, _ident(message.id)) not in extracted:
                    problems.append(Problem(area, lang, _ident(message.id), "stale"))
    return problems


def conflicts() -> list[Problem]:
    """Messages translated differently in two areas (the areas' catalogues are merged into
    one at run time, so one English message has one German text; use ``pgettext`` where
    the meanings differ)."""
    problems: list[Problem] = []
    for lang in LANGUAGES:
        if lang == DEFAULT_LANGUAGE:
            continue
        seen: dict[tuple[str | None, str], tuple[str, Any]] = {}
        for area in AREAS:
            for message in _read(lang, area):
                if not message.id or message.fuzzy:
                    continue
                key = (message.context, _ident(message.id))
                text = message.string
                if key in seen and seen[key][1] != text and text and seen[key][1]:
                    problems.append(Problem(area, lang, key[1],
                                            f"translated otherwise in {seen[key][0]}.po"))
                seen.setdefault(key, (area, text))
    return problems


def _ident(msgid: Any) -> str:
    return str(msgid[0] if isinstance(msgid, (tuple, list)) else msgid)


def main(argv: list[str] | None = None) -> int:
    """``update [AREA...]`` or ``check [AREA...]``; exit 1 when ``check`` finds problems."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in ("update", "check"):
        print("usage: python -m regalia.core.catalogues update|check [AREA ...]\n"
              "areas: " + ", ".join(AREAS), file=sys.stderr)
        return 2
    command, areas = args[0], args[1:] or list(AREAS)
    unknown = [a for a in areas if a not in AREAS]
    if unknown:
        print(f"unknown area(s) {', '.join(unknown)}; known: {', '.join(AREAS)}",
              file=sys.stderr)
        return 2
    if command == "update":
        for area, count in update(areas).items():
            print(f"{area}: {count} messages")
        return 0
    problems = check(areas) + [p for p in conflicts() if p.area in areas]
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
