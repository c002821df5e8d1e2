"""The judge's documents (MTR, IPG, JAR): reading the official PDFs, the editions installed, their pages.

``extract`` reads a PDF's text (pypdf), ``editions`` is the data of the current editions Wizards publishes,
``ingest`` writes an edition through its one service function, ``selectors`` reads what is installed,
``views`` serves the pages. The parser itself is pure: judge.parsing.judge_documents.
"""
