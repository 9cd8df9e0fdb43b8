"""Every relative link in the README, the root's Markdown files and docs/*.md leads to a file in
the repository, and a link to a heading (``rules.md#10-information``) to a heading that exists.
The README stays a front door: about 8 KB, linking to every page of docs/.

Headings are turned into anchors as MkDocs does (Python-Markdown's ``toc`` slugs), so a link
that works here works on the site too; ``mkdocs build --strict`` (run by ``dev.py test``) checks
the built site as well."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
FILES = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md",
                *DOCS.glob("*.md")])
README_LIMIT = 8 * 1024

FENCE = re.compile(r"^ *(```|~~~).*?^ *\1", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+).+?\1", re.DOTALL)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.MULTILINE)
EXPLICIT_ID = re.compile(r"""\{[^}]*#([\w-]+)[^}]*\}\s*$|<a\s+(?:id|name)=["']([^"']+)["']""")


def prose(text: str) -> str:
    """The text without fenced code blocks and code spans, where brackets are not links."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """Python-Markdown's default ``toc`` slug: what MkDocs uses as a heading's id."""
    text = re.sub(r"\{[^}]*\}\s*$", "", heading)  # an attr_list suffix is not part of the text
    text = re.sub(r"<[^>]+>", "", text).replace("`", "")
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link in a heading: its text
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(path: Path) -> set[str]:
    """The ids a page's headings get (duplicates numbered ``_1``, ``_2`` as MkDocs does)."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for match in HEADING.finditer(text):
        base = slug(match.group(2))
        name, n = base, 0
        while name in found:
            n += 1
            name = f"{base}_{n}"
        found.add(name)
    for match in EXPLICIT_ID.finditer(text):
        found.add(match.group(1) or match.group(2))
    return found


def links(path: Path) -> list[str]:
    return [m.group(1) for m in LINK.finditer(prose(path.read_text(encoding="utf-8")))]


def is_external(target: str) -> bool:
    return bool(re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE)) or target.startswith("//")


def test_the_link_pattern_finds_links_and_skips_code() -> None:
    text = "see [the rules](rules.md#8-scoring) and ![shot](images/a.png)\n`[not](a.md)`\n"
    text += "```\n[nor](b.md)\n```\n"
    assert [m.group(1) for m in LINK.finditer(prose(text))] == ["rules.md#8-scoring",
                                                                "images/a.png"]
    assert slug("6. Ending a hand: knock, gin, big gin") == "6-ending-a-hand-knock-gin-big-gin"
    assert slug("Showing melds (capability `show`)") == "showing-melds-capability-show"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_inside_the_repository(path: Path) -> None:
    broken = []
    for target in links(path):
        if is_external(target):
            continue
        file_part, _, anchor = target.partition("#")
        destination = (path.parent / file_part).resolve() if file_part else path
        if not destination.is_relative_to(ROOT):
            broken.append(f"{target}: outside the repository")
        elif not destination.exists():
            broken.append(f"{target}: no such file")
        elif anchor and destination.suffix == ".md" and anchor not in anchors(destination):
            broken.append(f"{target}: no heading #{anchor} in {destination.relative_to(ROOT)}")
    assert not broken, f"{path.relative_to(ROOT)}: " + "; ".join(broken)


def test_readme_is_a_front_door() -> None:
    readme = ROOT / "README.md"
    size = len(readme.read_bytes())
    assert size <= README_LIMIT, f"README.md is {size} bytes; move the detail into docs/"
    targets = {(readme.parent / t.partition("#")[0]).resolve() for t in links(readme)
               if not is_external(t)}
    pages = {p.resolve() for p in DOCS.glob("*.md")}
    missing = sorted(str(p.relative_to(ROOT)) for p in pages - targets)
    assert not missing, f"README.md links to no {missing}"
    assert (DOCS / "rules.md").resolve() in targets
    for name in ("LICENSE", "CONTRIBUTING.md", "CHANGELOG.md"):
        assert (ROOT / name).resolve() in targets, f"README.md does not link to {name}"


def test_every_page_is_in_the_site_nav() -> None:
    """mkdocs --strict fails on a page left out of the nav too; this says which, without MkDocs."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = set(re.findall(r"^\s*-\s*[^:\n]+:\s*(\S+\.md)\s*$", config, re.MULTILINE))
    pages = {p.name for p in DOCS.glob("*.md")}
    assert pages <= nav, f"not in the nav of mkdocs.yml: {sorted(pages - nav)}"
