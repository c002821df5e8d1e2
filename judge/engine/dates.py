"""Dates as a reader reads them, in both languages: a release of the rules ("20260116") is the date it took
effect (「2026年1月16日発効」, "effective January 16, 2026"), never its number. The one formatter of dates
for a reader: the engine's and the search's messages take :func:`effective` as a parameter, and the site's
templates reach the same functions through judge.web.dates."""

from __future__ import annotations

from judge.engine.messages import Text

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def reader_date(value: str, lang: str) -> str:
    """A date ("2021-09-13", or a release "20260116") as the reader writes it: 「2021年9月13日」,
    "September 13, 2021"; anything else as it is.

    >>> reader_date("2021-09-13", "ja"), reader_date("20260116", "en"), reader_date("", "ja")
    ('2021年9月13日', 'January 16, 2026', '')
    """
    digits = value.replace("-", "")
    if len(digits) != 8 or not digits.isdigit():
        return value
    year, month, day = int(digits[:4]), int(digits[4:6]), int(digits[6:])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return value
    if lang == "ja":
        return f"{year}年{month}月{day}日"
    return f"{MONTHS[month - 1]} {day}, {year}"


def effective(version: str) -> Text:
    """A release shown on its own (the version switch, a list of releases, a search notice), in both
    languages; anything not a date as it is.

    >>> effective("20260116").in_("ja"), effective("20260116").in_("en"), effective("1999").in_("ja")
    ('2026年1月16日発効', 'effective January 16, 2026', '1999')
    """
    ja, en = reader_date(version, "ja"), reader_date(version, "en")
    if ja == version:
        return Text(en=version, ja=version)
    return Text(en=f"effective {en}", ja=f"{ja}発効")


__all__ = ["MONTHS", "effective", "reader_date"]
