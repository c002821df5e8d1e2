"""The database cache table the rate limits count in when no shared cache is configured (settings CACHES):
created by ``migrate`` so a fresh set-up and every worker share it."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):  # type: ignore[no-untyped-def]
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("tracker", "0002_snapshots")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
