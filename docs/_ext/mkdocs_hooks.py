"""MkDocs hooks (``hooks:`` in ``mkdocs.yml``): the site's Home, Contributing, Changelog and
License pages are the repository's own ``README.md``, ``CONTRIBUTING.md``, ``CHANGELOG.md`` and
``LICENSE``, so each is written once and reads the same on GitHub and on the site.

Links are written as they work in the repository, and rewritten here to the site's pages: in
those four, written from the root (``docs/rules.md`` becomes ``rules.md``); in ``docs/*.md``,
``../CONTRIBUTING.md`` becomes ``contributing.md``. A link to anything else outside ``docs/``
stays as it is, so MkDocs reports it and ``--strict`` fails."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
# site page -> repository file
PAGES = {
    "index.md": "README.md",
    "contributing.md": "CONTRIBUTING.md",
    "changelog.md": "CHANGELOG.md",
    "license.md": "LICENSE",
}
SITE_PAGE = {source: page for page, source in PAGES.items()}
LINK = re.compile(r"(\]\()(?!https?://|#|mailto:)([^)\s]+)(\))")


def site_link(target: str) -> str:
    """A link written from the repository root, as it reads from a page in ``docs/``."""
    path, hash_, anchor = target.partition("#")
    if path.startswith("docs/"):
        path = path.removeprefix("docs/")
    elif path in SITE_PAGE:
        path = SITE_PAGE[path]
    else:
        path = "../" + path  # outside docs/: MkDocs reports it, and --strict fails
    return path + hash_ + anchor


def page_text(source: str) -> str:
    text = (ROOT / source).read_text(encoding="utf-8")
    if not source.endswith(".md"):
        return f"# {source.title()}\n\n```text\n{text.rstrip()}\n```\n"
    return LINK.sub(lambda m: m.group(1) + site_link(m.group(2)) + m.group(3), text)


def docs_link(target: str) -> str:
    """A link written from ``docs/`` to one of the root's files, as the site names that page."""
    path, hash_, anchor = target.partition("#")
    if path.startswith("../") and path[3:] in SITE_PAGE:
        path = SITE_PAGE[path[3:]]
    return path + hash_ + anchor


def on_page_markdown(markdown: str, *, page: Any, **kwargs: Any) -> str:
    if page.file.src_uri in PAGES:
        return markdown
    return LINK.sub(lambda m: m.group(1) + docs_link(m.group(2)) + m.group(3), markdown)


def on_files(files: Files, config: Any, **kwargs: Any) -> Files:
    for page, source in PAGES.items():
        files.append(File.generated(config, page, content=page_text(source)))
    return files
