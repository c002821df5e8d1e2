"""Delete the tracker games idle for longer than the retention (JUDGE_TRACKER_RETENTION_DAYS, 30 by default).

Run it daily from cron or a scheduler; a new game also sweeps at most once an
hour (judge.tracker.services.start_game), so a site without the job stays bounded too.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from judge.tracker.services import expire_games, retention


class Command(BaseCommand):
    help = "Delete tracker games without a change for longer than JUDGE_TRACKER_RETENTION_DAYS."

    def handle(self, *args: Any, **options: Any) -> None:
        deleted = expire_games()
        self.stdout.write(f"expired {deleted} game(s) idle for more than {retention().days} days")
