"""A Griffe extension for the API reference: the core's docstrings are reStructuredText-flavoured
prose with doctests, which Markdown would misread. This turns each doctest into a ``pycon`` code
block and each Sphinx role (:func:`name`, :class:`~a.b.C`) into inline code, so the docstrings
in ``src/`` stay as they are and still render cleanly. Used by ``mkdocs.yml``."""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:func|class|mod|meth|attr|data|exc|obj):`~?([^`]+)`")


def doctests_as_code(text: str) -> str:
    """Wrap every run of ``>>>`` lines, with their ``...`` lines and expected output up to the
    next blank line, in a fenced ``pycon`` block."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
                i += 1
            if out and out[-1].strip():
                out.append("")
            out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def rewrite(text: str) -> str:
    return ROLE.sub(lambda m: f"`{m.group(1)}`", doctests_as_code(text))


class DocstringsAsMarkdown(griffe.Extension):
    """Rewrite the docstrings of a loaded package in place, every member included."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        seen: set[int] = set()

        def visit(obj: griffe.Object) -> None:
            if id(obj) in seen:
                return
            seen.add(id(obj))
            if obj.docstring is not None:
                obj.docstring.value = rewrite(obj.docstring.value)
            for member in obj.members.values():
                if not member.is_alias:
                    visit(member)  # type: ignore[arg-type]

        visit(pkg)
