"""Settings shared by every environment; secrets and DATABASE_URL come from the environment."""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
DEBUG = False
ALLOWED_HOSTS: list[str] = [
    h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1").split(",") if h
]

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "judge.web",
    "judge.rules",
    "judge.cards",
    "judge.calc",
    "judge.rulings",
    "judge.tracker",
    "judge.limits",
]

MIDDLEWARE = [
    # First: a needlessly escaped path answers 301 to the one spelling caches may keep (issue 31 item 7).
    "judge.web.canonical.CanonicalPathMiddleware",
    # A repeated public GET of the search answered from memory, with the headers the whole stack gave it.
    "judge.web.repeats.RepeatAnswerMiddleware",
    "judge.web.middleware.HeadAsGetMiddleware",
    # Outside the session, locale and CSRF middleware, so it sees every cookie and Vary they add.
    "judge.web.middleware.PublicCacheMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "judge.web.middleware.NulInPathMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "judge.web.middleware.ContentSecurityPolicyMiddleware",
    "judge.web.middleware.ApiMethodNotAllowedMiddleware",
    "judge.web.middleware.DatabaseBusyMiddleware",
    "judge.limits.middleware.HeavyRequestMiddleware",
    "judge.rules.middleware.NoCorpusMiddleware",
    # The engine's citations in the current release's numbers, for everything the view renders.
    "judge.web.middleware.CitationMiddleware",
]

# Sessions are signed cookies: the site keeps no per-user server state.
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"

ROOT_URLCONF = "judge.urls"
# A form posted without its CSRF token: a page in the reader's language (Django's is for developers).
CSRF_FAILURE_VIEW = "judge.web.views.csrf_failure"
WSGI_APPLICATION = "judge.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csrf",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'var' / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers keep serving the old data while an ingest writes the new.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        # Seconds a write waits for another's lock: well under gunicorn's worker timeout (30 s), so a long
        # lock (an ingest, a backup) answers 503 with Retry-After (judge.web.middleware), not a killed worker.
        "timeout": float(os.environ.get("JUDGE_DB_BUSY_TIMEOUT", "5")),
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Internationalisation: Japanese first for browsers that ask for it (LocaleMiddleware reads Accept-Language).
LANGUAGE_CODE = "en"
LANGUAGES = [("ja", _("Japanese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "judge" / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT: Path | None = BASE_DIR / "var" / "staticfiles"

# How long a browser or a CDN may keep a public page or API answer before asking again with its ETag
# (judge.web.middleware.PublicCacheMiddleware); a new corpus generation changes the ETag.
JUDGE_PUBLIC_MAX_AGE = int(os.environ.get("JUDGE_PUBLIC_MAX_AGE", "300"))
# The live corpus generation, as the web layer reads it (the home page, the health check, the ETags above):
# web imports no app, so it calls this function, the rules app's (judge.web.generation).
JUDGE_GENERATION_FUNCTION = "judge.rules.selectors.live_generation"
# The live generation's renumbering since a release (number then -> number now), the same way: the engine's
# citations, written against one release, are shown in the current release's numbers (judge.web.citations).
JUDGE_RENUMBERING_FUNCTION = "judge.rules.selectors.citation_renumbering"
# The cards a search names (judge.web.card_finder): the cards app reads the rules, so no import back.
JUDGE_CARD_FINDER_FUNCTION = "judge.cards.selectors.cards_for_search"
# Card names in worked rulings link to their card page (judge.web.card_finder.card_links), the same way.
JUDGE_CARD_SLUGS_FUNCTION = "judge.cards.selectors.card_url_names"
# What changes with each card import, for the ETags of the answers that show card data (judge.web.middleware).
JUDGE_CARD_STAMP_FUNCTION = "judge.cards.selectors.data_stamp"
# Each worker reads that stamp at most once in this many seconds (a repeated search then makes no database
# query: judge.web.card_finder); an import is seen by every worker within it. 0: read it on every request.
JUDGE_CARD_STAMP_SECONDS = float(os.environ.get("JUDGE_CARD_STAMP_SECONDS", "2"))

# Request size limits: bodies (decklists, board states) and search queries.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 5000

# The corpus and the search index.
# The corpus is the site's own: the official texts fetched into var/corpus (git-ignored) by `make setup` and
# `manage.py refresh_rules`. Any other folder of the same layout (../shared/rules_data) is an option.
JUDGE_CORPUS_DIR = Path(os.environ.get("JUDGE_CORPUS_DIR", BASE_DIR / "var" / "corpus"))
JUDGE_INDEX_DIR = Path(os.environ.get("JUDGE_INDEX_DIR", BASE_DIR / "var" / "index"))
JUDGE_RULES_DATA_DIR = BASE_DIR / "rules_data"
# Magic card data: `make setup` / `make run` (`import_cards --refresh`) download Scryfall's Oracle Cards and
# Rulings and MTGJSON's AtomicCards into JUDGE_CARDS_DIR when missing or older than JUDGE_CARDS_MAX_AGE_DAYS,
# then import them (or JUDGE_CARDS_FILE) when they changed since the last import.
JUDGE_CARDS_DIR = Path(os.environ.get("JUDGE_CARDS_DIR", BASE_DIR / "var" / "cards"))
JUDGE_CARDS_FILE = os.environ.get("JUDGE_CARDS_FILE", "")
JUDGE_CARDS_MAX_AGE_DAYS = int(os.environ.get("JUDGE_CARDS_MAX_AGE_DAYS", "7"))
# Commander Spellbook's combo export (every combo, several hundred MB), downloaded with the card files: the
# Commander Brackets estimate reads its two-card combos.
JUDGE_COMMANDER_SPELLBOOK_URL = os.environ.get(
    "JUDGE_COMMANDER_SPELLBOOK_URL", "https://json.commanderspellbook.com/variants.json"
)

# Where `manage.py fetch_rules` looks for a new Comprehensive Rules release: the official rules page (its
# "TXT" link).
JUDGE_RULES_URL = os.environ.get("JUDGE_RULES_URL", "https://magic.wizards.com/en/rules")
# Where `manage.py fetch_rules --lang ja` finds the community's Japanese translation (JPN_CR_YYYYMMDD_N.txt,
# or a
# page linking to it). No default: its address changes with each release, so it is given or set per
# deployment.
JUDGE_RULES_JA_URL = os.environ.get("JUDGE_RULES_JA_URL", "")
# The official Japanese translation of the whole rules, as Wizards' Japanese site publishes it (a web page,
# read by judge.parsing.ja_cr_web): `manage.py refresh_rules` stores it as ja/JPN_CR_YYYYMMDD_N.txt. "": none.
JUDGE_RULES_JA_PAGE_URL = os.environ.get(
    "JUDGE_RULES_JA_PAGE_URL", "https://mtg-jp.com/gameplay/rules/docs/0006836/"
)
# The official rules-documents page linking the judge's documents (MTR, IPG, JAR as PDF): `manage.py
# refresh_rules` stores a new edition in judge/ of the corpus. "": none.
JUDGE_RULES_DOCUMENTS_URL = os.environ.get(
    "JUDGE_RULES_DOCUMENTS_URL", "https://wpn.wizards.com/en/rules-documents"
)
# The official releases since 2009 with their addresses, sizes and SHA-256 (judge.rules.releases):
# `refresh_rules` fetches those the corpus lacks and checks each download against its row.
JUDGE_CR_RELEASES_FILE = Path(
    os.environ.get("JUDGE_CR_RELEASES_FILE", BASE_DIR / "rules_data" / "cr_releases.tsv")
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# The ingest measures what the offline save downloads as a new generation goes live (judge.rules.offline,
# about a second), so the save button only reads it; off, the button measures on its first request.
JUDGE_OFFLINE_SIZE_AT_INGEST = True

# The table tracker (judge/tracker; docs/tracker.md, docs/deploy.md). A game is removed after this many
# days without a change (`manage.py expire_games`, and a sweep at most once an hour when a game starts); one
# client address may start this many games (judge.tracker.limits: "30/h" is 30 an hour).
JUDGE_TRACKER_RETENTION_DAYS = int(os.environ.get("JUDGE_TRACKER_RETENTION_DAYS", "30"))
JUDGE_TRACKER_NEW_GAME_RATE = os.environ.get("JUDGE_TRACKER_NEW_GAME_RATE", "30/h")
# Heavy requests (the calculators' API, the brackets table page) one client may have in flight, and how long
# a slot's lease lasts when its worker is killed (above gunicorn's 30 s timeout): judge.limits.heavy.
JUDGE_HEAVY_AT_ONCE = int(os.environ.get("JUDGE_HEAVY_AT_ONCE", "1"))
JUDGE_HEAVY_LEASE_SECONDS = int(os.environ.get("JUDGE_HEAVY_LEASE_SECONDS", "40"))
# The brackets table page's deck checks run in a thread whose niceness is raised by this much (0: off), so a
# light request on the other worker gets the CPU first: judge.limits.heavy.niced.
JUDGE_HEAVY_NICENESS = int(os.environ.get("JUDGE_HEAVY_NICENESS", "10"))
# Refused writes (400/409) one client may send to one game; past it, 429 with Retry-After.
JUDGE_TRACKER_REFUSED_RATE = os.environ.get("JUDGE_TRACKER_REFUSED_RATE", "30/m")
# The rate limits count in their own database table (judge.limits), never in this cache, which may cull
# any entry. The cache, which every worker shares, holds nothing whose loss voids a limit (the hourly
# expiry sweep's mark): by default a table in the database (created by the tracker's migration 0003), or
# one shared cache (DJANGO_CACHE_URL=redis://host:6379/0 needs the `redis` package). Behind a proxy,
# DJANGO_RATELIMIT_IP_META_KEY names the header with the client's address (docs/limits.md).
CACHE_TABLE = "judge_cache"
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ["DJANGO_CACHE_URL"],
    }
    if os.environ.get("DJANGO_CACHE_URL")
    else {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": CACHE_TABLE},
}
# The header with the client's address behind a proxy (HTTP_X_REAL_IP); read defensively by
# judge.web.client_address, which the rate limits ask for the address (the variable keeps the name it had
# when django-ratelimit counted).
JUDGE_CLIENT_ADDRESS_HEADER = os.environ.get("DJANGO_RATELIMIT_IP_META_KEY", "")
# How many proxies in front of the site append to that header (X-Forwarded-For): the client's address is the
# entry this many from the right; what is left of it the client wrote (docs/limits.md).
JUDGE_TRUSTED_PROXIES = int(os.environ.get("JUDGE_TRUSTED_PROXIES", "1"))
