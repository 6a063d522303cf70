"""The retrieval condition's search tool: TF-IDF search over a local document collection.

The collection is a folder of ``.txt`` files. A file may start with header lines
``TITLE: ...`` and ``URL: ...`` (and any other ``KEY: value`` lines) before a blank line;
the rest is split into passages at blank lines (read by
:func:`clinbench.curate.passages.read_documents`, the project's one passage model). Search
ranks passages by cosine similarity of TF-IDF vectors (scikit-learn), so it runs offline
and deterministically. The bundled collection (``data/docs``) holds current summaries and,
on purpose, some superseded or overseas pages, as a real search would.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from clinbench.curate.passages import Passage, read_documents
from clinbench.suites.ausclin.items import DOCS_DIR


@dataclass(frozen=True)
class Hit:
    """A search result: the passage and its similarity score."""

    passage: Passage
    score: float


class DocumentIndex:
    """A TF-IDF index over a document folder's passages (scikit-learn)."""

    def __init__(self, docs_dir: str | Path = DOCS_DIR):
        from sklearn.feature_extraction.text import TfidfVectorizer

        self.passages = read_documents(docs_dir)
        self.vectorizer = TfidfVectorizer(
            sublinear_tf=True,
            ngram_range=(1, 2),
            stop_words="english",
            token_pattern=r"(?u)\b\w+\b",
        )
        documents = [f"{p.citation} {p.text}" for p in self.passages]
        self.matrix = self.vectorizer.fit_transform(documents)

    def search(self, query: str, top_k: int = 3) -> list[Hit]:
        """Return up to ``top_k`` passages most similar to the query (score > 0), best first."""
        from sklearn.metrics.pairwise import linear_kernel

        if not query.strip():
            return []
        scores = linear_kernel(self.vectorizer.transform([query]), self.matrix).ravel()
        order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        return [Hit(self.passages[i], float(scores[i])) for i in order[:top_k] if scores[i] > 0]


def format_hits(hits: list[Hit]) -> str:
    """Return search hits as the text a model reads: numbered, with title and URL."""
    if not hits:
        return "No matching documents."
    parts = []
    for number, hit in enumerate(hits, start=1):
        source = f"{hit.passage.citation}" + (f" <{hit.passage.url}>" if hit.passage.url else "")
        parts.append(f"[{number}] {source}\n{hit.passage.text}")
    return "\n\n".join(parts)


_INDEXES: dict[str, DocumentIndex] = {}


def document_index(docs_dir: str | Path = DOCS_DIR) -> DocumentIndex:
    """Return the (cached) index of a document folder."""
    key = str(Path(docs_dir).resolve())
    if key not in _INDEXES:
        _INDEXES[key] = DocumentIndex(docs_dir)
    return _INDEXES[key]


def search_documents_tool(docs_dir: str | Path = DOCS_DIR, top_k: int = 3):
    """Return an Inspect tool that searches the local document collection."""
    from inspect_ai.tool import tool

    index = document_index(docs_dir)

    @tool(name="search_documents")
    def search_documents():
        async def execute(query: str) -> str:
            """Search a collection of clinical policy documents and return matching passages.

            Args:
                query: Keywords describing what to look up (e.g. "bowel screening age").

            Returns:
                The best-matching passages, each with its document title and URL.
            """
            return format_hits(index.search(query, top_k))

        return execute

    return search_documents()
