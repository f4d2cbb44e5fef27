"""Languages: every text a person reads goes through these message catalogues.

regalia speaks English (the source language of every message) and German. A message is
written in English in the code, wrapped in :func:`_` (or :func:`ngettext` for plurals,
:func:`pgettext` where one English word needs two German ones), and translated through the
gettext catalogues in ``regalia/locale/<lang>/LC_MESSAGES/<area>.po``; Babel extracts the
messages (``python -m regalia.i18n update``) and formats numbers, dates and lists by locale.

The language in force is, in order: the one set for the current context with
:func:`using` (the web server sets it per request and per socket, so one process serves
players in several languages), else the process's default (:func:`set_default_language`:
the terminal's ``--lang`` or ``LANG``), else English.

Messages defined at import time (a module-level table of labels) are marked with :func:`N_`
(extracted, left in English) and translated where they are shown with ``_(label)``.

Raises nothing on a missing translation: an untranslated message is shown in English (the
completeness test, ``tests/i18n``, keeps the German catalogue complete).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import os
from datetime import date, datetime
from pathlib import Path
from typing import Iterable, Iterator, Literal, Sequence

__all__ = ["LANGUAGES", "DEFAULT_LANGUAGE", "LANGUAGE_NAMES", "_", "N_", "gettext",
           "ngettext", "pgettext", "npgettext", "language", "using", "set_default_language",
           "default_language", "normalize", "negotiate", "from_environment",
           "format_number", "format_decimal", "format_percent", "format_date",
           "format_datetime", "format_list", "messages", "catalogue_dir"]

#: The languages regalia speaks, English first (the source language).
LANGUAGES: tuple[str, ...] = ("en", "de")
DEFAULT_LANGUAGE = "en"
#: Each language's name in itself (for the language switch).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch"}

_CONTEXT: contextvars.ContextVar[str | None] = contextvars.ContextVar("regalia_language",
                                                                      default=None)
_default = DEFAULT_LANGUAGE


def catalogue_dir() -> Path:
    """The directory holding ``<lang>/LC_MESSAGES/*.po`` (inside the installed package)."""
    return Path(__file__).resolve().parent.parent / "locale"


def normalize(tag: str | None) -> str | None:
    """The regalia language for a language tag or locale name, or None if not spoken.

    ``"de"``, ``"de-AT"``, ``"de_DE.UTF-8"``, ``"DE"`` -> ``"de"``; ``"en_GB"`` -> ``"en"``;
    ``"C"``, ``"POSIX"``, ``"fr"``, ``""``, None -> None.
    """
    if not tag:
        return None
    base = tag.strip().replace("_", "-").split(".")[0].split("@")[0].split("-")[0].lower()
    return base if base in LANGUAGES else None


def negotiate(accept_language: str | None) -> str:
    """The language to answer an HTTP ``Accept-Language`` header in (RFC 9110 §12.5.4).

    Weighted tags are tried by quality (ties keep their order); ``q=0`` refuses a language;
    a header naming nothing regalia speaks (or none, or a malformed one) gives English.
    At most 32 tags of the header are read.
    """
    if not accept_language:
        return DEFAULT_LANGUAGE
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")[:32]):
        fields = part.strip().split(";")
        tag, quality = fields[0].strip(), 1.0
        for field in fields[1:]:
            name, _sep, value = field.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0 and not quality != quality:  # NaN refused
            ranked.append((-quality, index, tag))
    for _q, _i, tag in sorted(ranked):
        lang = normalize(tag)
        if lang is not None:
            return lang
    return DEFAULT_LANGUAGE


def from_environment(environ: "os._Environ[str] | dict[str, str] | None" = None) -> str:
    """The terminal's language from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``.

    As gettext reads them: the first one set decides (``LANGUAGE`` may list several,
    ``de:en``); a locale regalia does not speak (``C``, ``fr_FR``) gives English.
    """
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            for tag in value.split(":"):
                lang = normalize(tag)
                if lang is not None:
                    return lang
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def set_default_language(lang: str) -> None:
    """Set the process's language (the terminal's ``--lang``). ValueError if not spoken."""
    global _default
    found = normalize(lang)
    if found is None:
        raise ValueError(f"unknown language {lang!r}: regalia speaks "
                         + ", ".join(LANGUAGES))
    _default = found


def default_language() -> str:
    """The process's language (see :func:`set_default_language`)."""
    return _default


def language() -> str:
    """The language in force here: the context's (:func:`using`), else the process's."""
    return _CONTEXT.get() or _default


@contextlib.contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Run a block in ``lang`` (normalized; None or unknown -> the process's language)."""
    found = normalize(lang) or _default
    token = _CONTEXT.set(found)
    try:
        yield found
    finally:
        _CONTEXT.reset(token)


class _Catalogue:
    """One language's messages, merged from its ``.po`` files (all areas)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.singular: dict[str, str] = {}
        self.plural: dict[str, list[str]] = {}
        self.plural_index = _gettext.c2py("(n != 1)")
        folder = catalogue_dir() / lang / "LC_MESSAGES"
        if lang == DEFAULT_LANGUAGE or not folder.is_dir():
            return
        from babel.messages.pofile import read_po

        for path in sorted(folder.glob("*.po")):
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
            expr = catalog.plural_expr
            if expr:
                self.plural_index = _gettext.c2py(expr)
            for message in catalog:
                if not message.id or message.fuzzy:
                    continue
                key_id = message.id
                if isinstance(key_id, (tuple, list)):
                    raw = (list(message.string) if isinstance(message.string, (tuple, list))
                           else [message.string])
                    forms = [str(s) for s in raw if s]
                    if forms and len(forms) == len(raw):
                        self.plural[_key(message.context, key_id[0])] = forms
                elif message.string:
                    self.singular[_key(message.context, key_id)] = str(message.string)


def _key(context: str | None, msgid: str) -> str:
    return f"{context}\x04{msgid}" if context else msgid


@functools.lru_cache(maxsize=None)
def _catalogue(lang: str) -> _Catalogue:
    return _Catalogue(lang)


def messages(lang: str) -> _Catalogue:
    """One language's loaded catalogue (cached for the process)."""
    return _catalogue(normalize(lang) or DEFAULT_LANGUAGE)


def gettext(message: str) -> str:
    """``message`` (English) in the language in force; English where not translated."""
    lang = _CONTEXT.get() or _default
    if lang == DEFAULT_LANGUAGE:
        return message
    return _catalogue(lang).singular.get(message, message)


_ = gettext


def N_(message: str) -> str:
    """Mark ``message`` for extraction only (translated later, where shown, with ``_``)."""
    return message


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in force, told apart by ``context`` (gettext's msgctxt)."""
    lang = _CONTEXT.get() or _default
    if lang == DEFAULT_LANGUAGE:
        return message
    return _catalogue(lang).singular.get(_key(context, message), message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the language in force.

    Returns the template unformatted: ``ngettext("{n} point", "{n} points", n).format(n=n)``.
    """
    return npgettext("", singular, plural, n)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` told apart by ``context``."""
    lang = _CONTEXT.get() or _default
    if lang != DEFAULT_LANGUAGE:
        catalogue = _catalogue(lang)
        forms = catalogue.plural.get(_key(context or None, singular))
        if forms:
            index = catalogue.plural_index(abs(int(n)))
            return forms[min(index, len(forms) - 1)]
    return singular if n == 1 else plural


def _locale() -> str:
    return language()


def format_number(value: int) -> str:
    """An integer with the locale's grouping: 12345 -> ``12,345`` (en), ``12.345`` (de)."""
    from babel.numbers import format_decimal as fmt
    return fmt(value, locale=_locale())


def format_decimal(value: float, digits: int = 1) -> str:
    """A number with ``digits`` decimals: 51.94 -> ``51.9`` (en), ``51,9`` (de)."""
    from babel.numbers import format_decimal as fmt
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return fmt(value, format=pattern, locale=_locale())


def format_percent(fraction: float, digits: int = 0) -> str:
    """A fraction as a percentage: 0.519 -> ``52%`` (en), ``52 %`` (de)."""
    import re

    from babel import Locale
    from babel.numbers import format_percent as fmt
    pattern = Locale.parse(_locale()).percent_formats[None].pattern.split(";")[0]
    if digits > 0:  # the locale's pattern (its spacing, its sign's place) with decimals
        pattern = re.sub(r"0(?=[^0#]*$)", "0." + "0" * digits, pattern, count=1)
    return fmt(fraction, format=pattern, locale=_locale())


def format_date(value: date, format: str = "medium") -> str:
    """A date by locale: ``Nov 26, 2026`` (en), ``26.11.2026`` (de)."""
    from babel.dates import format_date as fmt
    return fmt(value, format=format, locale=_locale())


def format_datetime(value: datetime, format: str = "medium") -> str:
    """A date and time by locale (Babel's ``short``/``medium``/``long`` patterns)."""
    from babel.dates import format_datetime as fmt
    return fmt(value, format=format, locale=_locale())


def format_list(items: Sequence[str] | Iterable[str],
                style: Literal["standard", "or"] = "standard") -> str:
    """Items joined by locale: ``a, b, and c`` (en), ``a, b und c`` (de)."""
    from babel.lists import format_list as fmt
    return fmt(list(items), style=style, locale=_locale())
