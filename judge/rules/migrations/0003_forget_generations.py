# The corpus tables change shape in 0004 (releases shared by generations, judge/rules/models.py). Their rows
# are derived data, emptied here in a migration of their own: PostgreSQL refuses to alter a table in the
# transaction that deleted rows under deferred foreign keys.

from django.db import migrations


def forget_generations(apps, schema_editor):
    """The corpus is derived data: the next ingest writes it again in the new shape. Until then pages
    answer "run ingest" (no live corpus) instead of showing a generation without its rules."""
    for name in ("DocSection", "Source", "Citation", "GlossaryTerm", "Renumbering", "Rule", "Corpus"):
        apps.get_model("rules", name).objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0002_document_alignment_status"),
    ]

    operations = [
        migrations.RunPython(forget_generations, migrations.RunPython.noop),
    ]
