"""Rate-limit counters in their own database table (one row per client, thing and window), never in a cache.

A cache may drop what it holds whenever it likes (Django's database cache culls the first third of its keys
at MAX_ENTRIES), so counters kept there could be wiped by anything else cached: 300 tracker presses once
reset every address's count of new games (issue 31). Here a count goes only when its window is over.

Its own app, not the tracker's tables: any app may count (the tracker does, today), and the table's migrations
stay apart from each app's own. The tracker asks :mod:`judge.limits.counters`.
"""
