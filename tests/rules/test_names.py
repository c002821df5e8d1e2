"""The Japanese names of the game's words and of chapters and sections (rules_data/terms.tsv,
sections.tsv)."""

from __future__ import annotations

from judge.rules import models
from judge.rules.names import term_table, title_ja


def test_title_ja_names_chapters_and_sections_only() -> None:
    assert title_ja(models.Rule(number="903", kind="section", title="Commander")) == "統率者戦"
    assert (
        title_ja(models.Rule(number="9", kind="chapter", title="Casual Variants")) == "カジュアル変種ルール"
    )
    assert title_ja(models.Rule(number="903.8", kind="rule", title="", text="...")) == ""


def test_the_words_a_rule_defines_leave_out_obsolete_ones() -> None:
    table = term_table()
    assert [t.name_ja for t in table.by_rule["903.8"]] == ["統率者税"]
    assert table.english["commander tax"].name_ja == "統率者税"
    # 103.5 once defined the Paris mulligan: the word is in the table, not among the words of today's rule.
    assert "パリ・マリガン" in {t.name_ja for t in table.terms}
    assert "パリ・マリガン" not in {t.name_ja for t in table.by_rule.get("103.5", [])}
    assert term_table() is table  # read once per process
