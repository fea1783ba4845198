"""A page's DOM as chromium dumps it, parsed with the standard library: elements with their attributes, text and children."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Element:
    """One element: its tag, attributes and children (elements and text, in order)."""

    tag: str
    attrs: dict[str, str]
    children: list = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    @property
    def text(self) -> str:
        """The text inside, whitespace collapsed (what a reader sees)."""
        return " ".join("".join(c if isinstance(c, str) else f" {c.text} " for c in self.children).split())

    def all(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> list[Element]:
        """Every element below this one with the tag, the class and the attribute values given, in document order."""
        out = []
        for c in self.children:
            if isinstance(c, Element):
                if (tag is None or c.tag == tag) and (cls is None or cls in c.classes) and all(c.attrs.get(k) == v for k, v in attrs.items()):
                    out.append(c)
                out.extend(c.all(tag, cls, **attrs))
        return out

    def one(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> Element:
        """The one element that matches (an assertion names what was looked for otherwise)."""
        found = self.all(tag, cls, **attrs)
        assert len(found) == 1, f"{len(found)} elements match {tag} .{cls} {attrs}"
        return found[0]


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        el = Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(el)
        if tag not in VOID:
            self.stack.append(el)

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse(html: str) -> Element:
    """The document's root element."""
    b = _Builder()
    b.feed(html)
    b.close()
    return b.root
