"""What the site's search reads: the rules, glossary entries, the words of each idea, cards and
pages.

The search (``static/rulekeeper-search.js``, on MiniSearch, see
:mod:`rulekeeper.sphinx.searchlibrary`) looks through one small file the build writes,
``_static/rulekeeper-data.js`` (see :mod:`rulekeeper.sphinx.ruledata`), rather than Sphinx's
page index and the pages it finds: rules first, then glossary entries, then cards and the other
pages, by section. The API reference and the generated source are left to Sphinx's own search,
which a reader asks for. :func:`search_data` is everything this module adds to that file.

The words that name one idea come from the glossaries: an entry's terms, and the other games'
words for the same idea, which its definition marks ``[trample]{.same-idea}`` (see the
contributor guide). A search for any of them finds the others too.

Everything here is read from the doctrees of the last build, in page order, so the same site
gives the same file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from rulekeeper.sphinx.domain import rules_domain
from rulekeeper.sphinx.gallery import card_anchor
from rulekeeper.sphinx.overview import GLOSSARY_KEY

SAME_IDEA = "same-idea"
"""The class of another game's word for a glossary entry's idea (``[trample]{.same-idea}``)."""

API_PAGES = ("api/", "_modules/")
"""Pages only Sphinx's search looks through, when a reader asks for them."""

SECTION_TEXT = 1000
"""The most characters of a page section the index keeps: enough to find it by."""

# Never part of a section's text: code, rules (searched on their own), glossaries (likewise)
# and the sections under this one.
_SKIPPED = (
    nodes.literal_block,
    nodes.doctest_block,
    nodes.section,
    nodes.comment,
    nodes.raw,
    addnodes.desc,
    addnodes.glossary,
    addnodes.toctree,
    nodes.table,
)


def _text(node: nodes.Node) -> str:
    """The words of a node a reader sees, without the skipped kinds."""
    if isinstance(node, nodes.Text):
        return str(node.astext())
    if isinstance(node, _SKIPPED):
        return ""
    sep = " " if isinstance(node, nodes.Element) and not isinstance(node, nodes.TextElement) else ""
    return sep.join(_text(child) for child in node.children) + sep


def _flat(text: str) -> str:
    return " ".join(text.split())


def search_data(env: BuildEnvironment, uri: Callable[[str], str]) -> dict[str, object]:
    """What the search reads besides the rules: ``glossary``, ``synonyms`` and ``pages``."""
    return {
        "glossary": glossary_entries(env, uri),
        "synonyms": synonym_groups(env),
        "pages": page_entries(env, uri),
    }


def _glossary_items(env: BuildEnvironment) -> list[tuple[str, nodes.definition_list_item]]:
    """Every entry of every glossary page, with its page, in page order."""
    glossaries = sorted(d for d in env.all_docs if env.metadata.get(d, {}).get(GLOSSARY_KEY))
    return [
        (docname, item)
        for docname in glossaries
        for item in env.get_doctree(docname).findall(nodes.definition_list_item)
        if any(True for _ in item.findall(nodes.term))
    ]


def glossary_entries(
    env: BuildEnvironment, uri: Callable[[str], str]
) -> list[tuple[list[str], str, str, list[str]]]:
    """Every glossary entry: its terms, its address, its definition and the rules it cites."""
    entries = []
    order = list(rules_domain(env).rulebook())
    for docname, item in _glossary_items(env):
        terms = list(item.findall(nodes.term))
        if not terms[0]["ids"]:
            continue
        definition = item.next_node(nodes.definition)
        cited = cited_rules(item, order)
        entries.append(
            (
                [_flat(term.astext()) for term in terms],
                f"{uri(docname)}#{terms[0]['ids'][0]}",
                _flat(definition.astext()) if definition is not None else "",
                cited,
            )
        )
    return entries


def cited_rules(entry: nodes.Element, order: list[str]) -> list[str]:
    """The rules a glossary entry cites, in order, with every rule of a range it gives
    ("RR 8.1a to RR 8.1d" cites RR 8.1b and RR 8.1c too); ``order`` is every rule in rule
    order."""
    refs = [r for r in entry.findall(addnodes.pending_xref) if r.get("refdomain") == "rules"]
    cited: list[str] = []
    for ref in refs:
        target = str(ref["reftarget"])
        between = ref.previous_sibling()
        opened = cited and isinstance(between, nodes.Text) and between.astext().strip() == "to"
        if opened and cited[-1] in order and target in order:
            start, end = order.index(cited[-1]), order.index(target)
            cited += order[start + 1 : end]
        cited.append(target)
    return list(dict.fromkeys(cited))


def synonym_groups(env: BuildEnvironment) -> list[list[str]]:
    """The words that name one idea, lower-cased: each glossary entry's terms and the other
    games' words its definition gives (``{.same-idea}``), where there are two or more."""
    groups = []
    for _, item in _glossary_items(env):
        words = [_flat(term.astext()).lower() for term in item.findall(nodes.term)]
        words += [
            _flat(node.astext()).lower()
            for node in item.findall(nodes.inline)
            if SAME_IDEA in node["classes"]
        ]
        unique = list(dict.fromkeys(words))
        if len(unique) > 1:
            groups.append(unique)
    return groups


def page_entries(
    env: BuildEnvironment, uri: Callable[[str], str]
) -> list[tuple[str, str, str, str]]:
    """Every section of every reader page, and every card of the galleries: its title, its
    address, its text and its kind (``card`` or ``page``)."""
    found = index_pages(env)
    return [
        (title, uri(docname) + anchor, text, kind)
        for docname in sorted(found)
        for title, anchor, text, kind in found[docname]
    ]


def note_search_entries(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Connected to ``env-updated``: index the pages just read while the environment, which is
    saved next, can keep their entries; no page need be written for it."""
    index_pages(env)
    return []


def index_pages(env: BuildEnvironment) -> dict[str, list[tuple[str, str, str, str]]]:
    """The search entries of every reader page, each with its anchor rather than its address.

    Kept with the build environment (connected to ``env-updated``, before it is saved) and
    forgotten with a page when it is read again, so that an incremental build opens only the
    doctrees of the pages it read: opening every page's doctree was half a second of each
    build.
    """
    known = cast(
        "dict[str, list[tuple[str, str, str, str]]]",
        rules_domain(env).data.setdefault("search_entries", {}),
    )
    for docname in list(known):
        if docname not in env.all_docs:
            del known[docname]
    for docname in sorted(env.all_docs):
        if docname.startswith(API_PAGES) or env.metadata.get(docname, {}).get(GLOSSARY_KEY):
            continue
        if docname not in known:
            known[docname] = _page_entries(env, docname)
    return known


def _page_entries(env: BuildEnvironment, docname: str) -> list[tuple[str, str, str, str]]:
    entries: list[tuple[str, str, str, str]] = []
    doctree = env.get_doctree(docname)
    page_title = _flat(env.titles[docname].astext()) if docname in env.titles else docname
    for index, section in enumerate(doctree.findall(nodes.section)):
        title_node = section.next_node(nodes.title)
        title = _flat(title_node.astext()) if title_node is not None else ""
        text = _flat(" ".join(_text(child) for child in section.children[1:]))
        if not text and index:
            continue
        anchor = f"#{section['ids'][0]}" if index and section["ids"] else ""
        shown = title if not index or title == page_title else f"{page_title}: {title}"
        entries.append((shown, anchor, text[:SECTION_TEXT], "page"))
    return entries + card_entries(doctree, "")


def card_entries(doctree: nodes.Node, page: str) -> list[tuple[str, str, str, str]]:
    """One entry per card of a gallery table: its name, its address (``page`` and the card's
    anchor) and the rest of its row."""
    found = []
    for table in doctree.findall(nodes.table):
        if "card-gallery" not in table["classes"]:
            continue
        for row in table.findall(nodes.row):
            cells = [_flat(entry.astext()) for entry in row.findall(nodes.entry)]
            if not cells or not row.next_node(nodes.strong):
                continue
            name = cells[0]
            found.append((name, f"{page}#{card_anchor(name)}", " · ".join(cells[1:]), "card"))
    return found
