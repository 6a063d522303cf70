"""Which words of a fixed list a lower-cased text holds, found in one pass over its words.

A step that tests many words with ``word in low`` (each a scan of the whole text) can ask a
:class:`WordList` once per text instead: it splits the text at white space and looks each of
its words up in a memo of the listed words that word holds, filled as words are first seen
(a reply's words are mostly words seen before). Exact: a listed word with no white space is
in the text exactly where it is in one of the text's words (a run of characters without white
space, as ``str.split`` cuts them); a listed word with white space is looked for in the text
itself, only where its longest run without white space was found.
"""

from __future__ import annotations

_MEMO_LIMIT = 100_000
"""Words remembered per list at most (the memo starts again when full: memory stays bounded
on untrusted text)."""


class WordList:
    """A fixed list of lower-case words, and the ones a lowered text holds (:meth:`found`)."""

    __slots__ = ("_by_run", "_last", "_memo", "_pieces", "_runless", "_runs", "words")

    def __init__(self, words):
        self._build(frozenset(words))

    def _build(self, words: frozenset[str]) -> None:
        """Index ``words`` for :meth:`found` (the memo starts empty)."""
        self.words = words
        spaced = [
            (word, max(word.split(), key=len, default=""))
            for word in sorted(self.words)
            if word.split() != [word]
        ]  # (a word with white space, and its longest run without: "set aside", "aside")
        self._by_run: dict[str, tuple[str, ...]] = {}
        for word, run in spaced:
            if run:
                self._by_run[run] = (*self._by_run.get(run, ()), word)
        self._runs = frozenset(self._by_run)
        self._runless = tuple(word for word, run in spaced if not run)  # (white space only)
        solid = {word for word in self.words if word.split() == [word]}
        self._pieces = tuple(sorted(solid | self._runs))
        self._memo: dict[str, frozenset[str]] = {}
        self._last: tuple[str, frozenset[str]] = ("", frozenset())  # (the last text's words)

    def extend(self, words) -> WordList:
        """Return this list with ``words`` added to it, in place (at import, each module that
        shares :data:`REPLY_WORDS` adds its own, so that a reply's words are found once for
        all of them; a list no other module shares is built with ``WordList(words)``)."""
        self._build(self.words | frozenset(words))
        return self

    def _held_by(self, piece: str) -> frozenset[str]:
        """Return the listed words (and runs) that ``piece`` holds, remembered for it."""
        if len(self._memo) >= _MEMO_LIMIT:
            self._memo.clear()
        held = self._memo[piece] = frozenset([w for w in self._pieces if w in piece])
        return held

    def found(self, low: str) -> frozenset[str]:
        """Return a set that holds each listed word that ``low`` holds (``word in low``) and
        no other listed word (it may hold runs of listed words besides). The last text's set
        is remembered: two steps that ask of the same text find its words once."""
        if low == self._last[0]:
            return self._last[1]
        found: set[str] = set()
        memo = self._memo
        for piece in low.split():  # (no set first: a repeated word is one more look-up)
            held = memo.get(piece)  # (inline: most words are in the memo)
            if held is None:
                held = self._held_by(piece)
            if held:
                found |= held
        for run in found & self._runs:  # a word with white space: where its longest run is
            for word in self._by_run[run]:
                if word in low:
                    found.add(word)
        for word in self._runless:
            if word in low:
                found.add(word)
        self._last = (low, frozenset(found))
        return self._last[1]


REPLY_WORDS = WordList(())
"""The words of the guards that read a whole reply: the voice rules' (:mod:`voice`) and
without_unclaimed's (:mod:`discourse`), one list that each module extends with its own at
import, so that a reply's words are found once for both steps (the text is the same at both
unless a step between them changed it)."""
