"""Message texts of the deck domain: code -> {"en": ..., "ja": ...} (see judge.engine.messages)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {}
