"""Linear-time WordPiece encoding: LinMaxMatch (Song et al., "Fast WordPiece Tokenization", EMNLP 2021).

Why plain longest-match-first is slow
-------------------------------------
``encode_word`` (in ``encode.py``) looks up ``word[start:end]`` for ``end`` from
the end of the word down to ``start + 1``. A word of ``n`` characters can cost
up to ``n`` lookups for *each* token: with the vocab ``{a, ##a}`` the word
``aaaa...a`` is split into ``n`` one-letter tokens, the search for each one
starts from the far end of the word again, and that makes ``n * (n + 1) / 2``
lookups (each of which also copies and hashes the candidate string).

The idea: read every character once
-----------------------------------
Put every vocab token in a *trie* (a tree whose edges are characters, so each
node spells the string on its path from the root). Walk the trie while reading
the word left to right. As long as the next character has an edge, the token
being built can still grow. When it has none, the longest token that starts
where we started is some prefix of the string spelled by the current node
(nothing longer is in the vocab, or the edge would exist). So we do not need
to go back to the word: everything we need to know was already seen, and can
be *precomputed for each node* once, when the vocab is loaded.

Two roots
---------
Tokens that start a word (``hug``) and continuation tokens (``##s``) are looked
up in different ways, so the automaton has two roots:

* ``START`` (node 0): the word's first token. Its trie holds *every* vocab
  string, exactly as written (a word that itself starts with ``##`` may match
  a ``##`` token, as in ``encode_word``).
* ``CONTINUATION`` (node 1, shown as the prefix, e.g. ``##``): any later token.
  Its trie holds the continuation tokens with the prefix removed, so node
  ``##cd`` means "a continuation token that so far reads ``cd``".

Keeping the two apart (rather than reaching ``##`` by reading ``#``, ``#``
from the start root) means a word that starts with ``#`` can never be
mistaken for a continuation; any prefix string works (``##``, ``@@``, ``_``).

Failure pops and failure links
------------------------------
For each node ``v`` spelling the string ``s`` (``s`` is the pending text: the
characters read since the last emitted token, plus the prefix under
``CONTINUATION``), two things are precomputed:

* the *failure pops* ``F(v)``: the tokens longest-match-first emits from ``s``
  when it cannot grow any further: take the longest token that is a prefix of
  ``s`` (under ``CONTINUATION``: the longest continuation token), then the
  longest continuation token at the rest, and so on, *until the rest is
  itself a node of the continuation trie* (it may still grow into a token
  with the next characters, so we stop popping there);
* the *failure link* ``f(v)``: that continuation node (``CONTINUATION`` itself
  when nothing is left), or *none* when at some point no token fits: then the
  word cannot be encoded and becomes ``[UNK]``.

Example with the vocab ``a abcdx ##b ##c ##cdy ##dz``: node ``abcd`` (not a
token) has ``F = [a, ##b]`` and ``f = ##cd``: reading ``abcd`` and then a letter
other than ``x`` means ``abcdx`` is out of reach, so ``a`` and ``##b`` are
certain, and ``cd`` is still pending (it could become ``##cdy``).

Encoding a word
---------------
Start at ``START``. For each character ``c``: while the current node has no
edge ``c``, emit ``F(node)`` and jump to ``f(node)`` (no link: the word is
``[UNK]``); then follow the edge. At the end of the word, keep emitting
``F(node)`` and following ``f(node)`` until the ``CONTINUATION`` root is
reached (nothing pending). Every jump along a failure link emits at least one
token, and a word of ``n`` characters has at most ``n`` tokens: at most ``n``
edges, ``n`` jumps and ``n`` tokens copied, so the work grows like ``n``, not
``n * n``.

Computing the links
-------------------
Like the failure links of Aho-Corasick, breadth-first (shorter strings first).
For the node ``v`` reached from ``u`` by the character ``c``:

* if ``v`` spells a token: ``F(v) = [that token]`` and ``f(v) = CONTINUATION``
  (the longest match is the whole pending string; nothing is left);
* otherwise start from ``z = f(u)`` and collect ``Z = []``: while ``z`` has no
  edge ``c``, append ``F(z)`` to ``Z`` and move to ``z = f(z)``. If ``z`` runs
  out, ``f(v)`` is none; else ``f(v)`` is the child of ``z`` along ``c`` and
  ``F(v) = F(u) + Z``. The roots have no link.

End to end
----------
``LinMaxMatch.tokenize_normalized`` also does BERT's pre-tokenization in the
same left-to-right pass: whitespace ends the word in progress, a punctuation
character ends it and is encoded as a word of its own. Whole texts go through
:class:`~wordpiece_lib.fast_tokenizer.FastWordPieceTokenizer`, which adds a
word cache.

>>> LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"]).encode_word("abcdz")
['a', '##b', '##c', '##dz']
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ._validate import check_instance, check_int, check_str, check_str_list
from .encode import MAX_INPUT_CHARS_PER_WORD
from .pieces import DEFAULT_PREFIX
from .pretokenize import is_bert_whitespace, is_punctuation
from .vocab import UNK_TOKEN, Vocab

#: Node id of the root for a word's first token.
START = 0


#: Node id of the root for continuation tokens (it is drawn as the prefix, e.g. ``##``).
CONTINUATION = 1


_NO_NODE = -1

_LETTER, _SPACE, _PUNCT = 0, 1, 2


@dataclass(frozen=True)
class TrieNode:
    """One node of the automaton, as plain data for drawing.

    ``text`` is the string the node spells from its root (continuation nodes
    start with the prefix); ``failure_link`` is ``None`` when failing here
    makes the word ``[UNK]``.
    """

    id: int
    text: str
    continuation: bool
    depth: int
    parent: int | None
    char: str | None
    token: str | None
    children: tuple[tuple[str, int], ...]
    failure_link: int | None
    failure_pops: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (children as a mapping char -> node id).

        >>> LinMaxMatch(["a", "##b"]).nodes[2].to_dict()["text"]
        'a'
        """
        return {
            "id": self.id,
            "text": self.text,
            "continuation": self.continuation,
            "depth": self.depth,
            "parent": self.parent,
            "char": self.char,
            "token": self.token,
            "children": dict(self.children),
            "failure_link": self.failure_link,
            "failure_pops": list(self.failure_pops),
        }


@dataclass(frozen=True)
class AutomatonStep:
    """One move of the automaton on a word, for a widget to replay.

    ``kind`` is one of:

    * ``"read"``: followed the edge for ``char`` from ``node`` to ``next_node``;
    * ``"fail"``: ``node`` has no edge for ``char``: emitted its failure pops
      and jumped along its failure link to ``next_node`` (``char`` is ``None``
      when this happens at the end of the word);
    * ``"unk"``: no edge and no failure link: the word is ``[UNK]``;
    * ``"too_long"``: the word has more than ``max_input_chars_per_word`` characters;
    * ``"done"``: the word is encoded; ``tokens`` is the result.

    ``position`` is the index of ``char`` in the word (the word's length at
    the end); ``emitted`` are the tokens this step produced, ``tokens`` all
    tokens so far.
    """

    kind: str
    position: int
    char: str | None
    node: int
    next_node: int | None
    emitted: tuple[str, ...]
    tokens: tuple[str, ...]


def _vocab_tokens(vocab: Vocab | Iterable[str]) -> list[str]:
    tokens = list(vocab) if isinstance(vocab, Vocab) else check_str_list(vocab, "vocab")
    for position, token in enumerate(tokens):
        if token == "":
            raise ValueError(f"vocab[{position}] is an empty string; a vocab token must not be empty")
    return tokens


class LinMaxMatch:
    """The LinMaxMatch automaton for one vocab: trie, failure links and failure pops.

    Gives exactly the tokens of ``encode_word`` (longest-match-first), in time
    linear in the word's length.

    >>> automaton = LinMaxMatch(["[UNK]", "a", "abcdx", "##b", "##c", "##cdy", "##dz"])
    >>> automaton.encode_word("abcdz")
    ['a', '##b', '##c', '##dz']
    >>> automaton.encode_word("abcdx"), automaton.encode_word("abd")
    (['abcdx'], ['[UNK]'])
    """

    def __init__(
        self,
        vocab: Vocab | Iterable[str],
        *,
        prefix: str = DEFAULT_PREFIX,
        unk_token: str | None = None,
        max_input_chars_per_word: int = MAX_INPUT_CHARS_PER_WORD,
    ) -> None:
        tokens = _vocab_tokens(vocab)
        self.prefix = check_str(prefix, "prefix", allow_empty=False)
        if unk_token is None:
            unk_token = vocab.unk_token if isinstance(vocab, Vocab) else UNK_TOKEN
        self.unk_token = check_str(unk_token, "unk_token", allow_empty=False)
        self.max_input_chars_per_word = check_int(max_input_chars_per_word, "max_input_chars_per_word", minimum=0)
        self._build_trie(tokens)
        self._build_failure_links()
        self._char_kinds: dict[str, int] = {}
        self._punctuation_tokens: dict[str, list[str]] = {}

    # -- construction -------------------------------------------------------------------------------------------

    def _build_trie(self, tokens: list[str]) -> None:
        # Built with provisional ids, then renumbered breadth-first so that ids
        # grow with depth (roots 0 and 1 first): nicer to read and to draw.
        children: list[dict[str, int]] = [{}, {}]
        token_at: list[str | None] = [None, None]

        def insert(root: int, chars: str, token: str) -> None:
            node = root
            for char in chars:
                child = children[node].get(char)
                if child is None:
                    child = len(children)
                    children[node][char] = child
                    children.append({})
                    token_at.append(None)
                node = child
            token_at[node] = token

        skip = len(self.prefix)
        for token in tokens:
            insert(START, token, token)
            if len(token) > skip and token.startswith(self.prefix):
                insert(CONTINUATION, token[skip:], token)

        order = [START, CONTINUATION]
        for node in order:  # the list grows while we walk it: breadth-first
            order.extend(children[node].values())
        new_id = {old: new for new, old in enumerate(order)}
        self._goto: list[dict[str, int]] = [{c: new_id[t] for c, t in children[old].items()} for old in order]
        self._token: list[str | None] = [token_at[old] for old in order]
        self._parent: list[int] = [_NO_NODE] * len(order)
        self._char: list[str | None] = [None] * len(order)
        self._depth: list[int] = [0] * len(order)
        for node, edges in enumerate(self._goto):
            for char, child in edges.items():
                self._parent[child] = node
                self._char[child] = char
                self._depth[child] = self._depth[node] + 1

    def _build_failure_links(self) -> None:
        goto, token_at = self._goto, self._token
        link = [_NO_NODE] * len(goto)
        pops: list[tuple[str, ...]] = [()] * len(goto)
        queue = deque([START, CONTINUATION])
        while queue:
            parent = queue.popleft()
            for char, node in goto[parent].items():
                queue.append(node)
                token = token_at[node]
                if token is not None:
                    link[node], pops[node] = CONTINUATION, (token,)
                    continue
                extra: list[str] = []
                target = link[parent]
                while target != _NO_NODE and char not in goto[target]:
                    extra.extend(pops[target])
                    target = link[target]
                if target != _NO_NODE:
                    link[node] = goto[target][char]
                    pops[node] = pops[parent] + tuple(extra)
        self._link = link
        self._pops = pops

    # -- plain-data view for drawing ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._goto)

    def __repr__(self) -> str:
        return f"LinMaxMatch({len(self)} nodes, prefix={self.prefix!r}, unk_token={self.unk_token!r})"

    def label(self, node: int) -> str:
        """The string node ``node`` spells; continuation nodes start with the prefix.

        >>> automaton = LinMaxMatch(["a", "##bc"])
        >>> [automaton.label(node) for node in range(len(automaton))]
        ['', '##', 'a', '#', '##b', '##', '##bc', '##b', '##bc']
        """
        chars = []
        while node > CONTINUATION:
            chars.append(self._char[node])
            node = self._parent[node]
        head = self.prefix if node == CONTINUATION else ""
        return head + "".join(reversed(chars))  # type: ignore[arg-type]

    def find(self, label: str, *, continuation: bool = False) -> int | None:
        """The id of the node spelling ``label`` (from ``START``, or from ``CONTINUATION``
        when ``continuation``: the label then starts with the prefix); ``None`` if absent.

        >>> automaton = LinMaxMatch(["a", "##cd"])
        >>> automaton.find("a"), automaton.find("##c", continuation=True), automaton.find("b")
        (2, 4, None)
        """
        check_str(label, "label")
        node = START
        if continuation:
            if not label.startswith(self.prefix):
                raise ValueError(f"label {label!r} of a continuation node must start with the prefix {self.prefix!r}")
            node, label = CONTINUATION, label[len(self.prefix) :]
        for char in label:
            child = self._goto[node].get(char)
            if child is None:
                return None
            node = child
        return node

    def node(self, node: int) -> TrieNode:
        """Everything about one node, as a ``TrieNode``.

        >>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
        >>> node = automaton.node(automaton.find("abcd"))
        >>> node.failure_pops, automaton.label(node.failure_link)
        (('a', '##b'), '##cd')
        """
        check_int(node, "node", minimum=0)
        if node >= len(self):
            raise ValueError(f"node {node} is out of range for an automaton of {len(self)} nodes")
        parent = self._parent[node]
        link = self._link[node]
        return TrieNode(
            id=node,
            text=self.label(node),
            continuation=self._root_of(node) == CONTINUATION,
            depth=self._depth[node],
            parent=None if parent == _NO_NODE else parent,
            char=self._char[node],
            token=self._token[node],
            children=tuple(self._goto[node].items()),
            failure_link=None if link == _NO_NODE else link,
            failure_pops=self._pops[node],
        )

    @property
    def nodes(self) -> tuple[TrieNode, ...]:
        """All nodes in id order (breadth-first: roots, then depth 1, ...).

        The start trie holds ``##b`` as a plain string too (nodes 3, 5, 6), for
        words that really begin with ``##``; node 4 is the continuation ``##b``.

        >>> for n in LinMaxMatch(["a", "##b"]).nodes:
        ...     print(n.id, repr(n.text), "continuation" if n.continuation else "start", n.failure_link, n.failure_pops)
        0 '' start None ()
        1 '##' continuation None ()
        2 'a' start 1 ('a',)
        3 '#' start None ()
        4 '##b' continuation 1 ('##b',)
        5 '##' start None ()
        6 '##b' start 1 ('##b',)
        """
        return tuple(self.node(node) for node in range(len(self)))

    def edges(self) -> list[tuple[int, str, int]]:
        """Every trie edge as ``(parent, char, child)``.

        >>> LinMaxMatch(["ab"]).edges()
        [(0, 'a', 2), (2, 'b', 3)]
        """
        return [(node, char, child) for node, out in enumerate(self._goto) for char, child in out.items()]

    def to_dict(self) -> dict[str, Any]:
        """The whole automaton as JSON-ready plain data.

        >>> data = LinMaxMatch(["a", "##b"]).to_dict()
        >>> data["start"], data["continuation"], len(data["nodes"])
        (0, 1, 7)
        """
        return {
            "prefix": self.prefix,
            "unk_token": self.unk_token,
            "max_input_chars_per_word": self.max_input_chars_per_word,
            "start": START,
            "continuation": CONTINUATION,
            "nodes": [node.to_dict() for node in self.nodes],
        }

    def relevant_nodes(self, word: str) -> list[int]:
        """The nodes a drawing of ``word``'s run needs: every node visited and all their ancestors.

        A full BERT trie has about 100,000 nodes; this is the small part of it a
        widget should draw for one word.

        >>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
        >>> [automaton.label(node) for node in automaton.relevant_nodes("ab")]
        ['', '##', 'a', '##b', 'ab']
        """
        keep: set[int] = {START, CONTINUATION}
        for step in self.trace(word):
            for node in (step.node, step.next_node):
                while node is not None and node not in keep:
                    keep.add(node)
                    node = self._parent[node]
        return sorted(keep)

    def _root_of(self, node: int) -> int:
        while node > CONTINUATION:
            node = self._parent[node]
        return node

    # -- encoding -----------------------------------------------------------------------------------------------

    def encode_word(self, word: str) -> list[str]:
        """The longest-match-first tokens of ``word``, reading each character once.

        >>> LinMaxMatch(["[UNK]", "hug", "##s", "p", "##u", "##g"]).encode_word("hugs")
        ['hug', '##s']
        """
        if not isinstance(word, str):
            check_str(word, "word")  # raises the usual clear error
        if len(word) > self.max_input_chars_per_word:
            return [self.unk_token]
        goto, link, pops = self._goto, self._link, self._pops
        tokens: list[str] = []
        node = START
        for char in word:
            child = goto[node].get(char)
            while child is None:  # cannot grow: pop what is certain, retry from the failure link
                target = link[node]
                if target == _NO_NODE:
                    return [self.unk_token]
                tokens += pops[node]
                node = target
                child = goto[node].get(char)
            node = child
        while node > CONTINUATION:  # end of word: pop until nothing is pending
            target = link[node]
            if target == _NO_NODE:
                return [self.unk_token]
            tokens += pops[node]
            node = target
        return tokens

    def _advance(self, node: int, char: str, tokens: list[str]) -> int:
        """Read ``char`` at ``node`` (popping into ``tokens`` as needed); the next node, or none."""
        goto, link, pops = self._goto, self._link, self._pops
        child = goto[node].get(char)
        while child is None:
            target = link[node]
            if target == _NO_NODE:
                return _NO_NODE
            tokens.extend(pops[node])
            node = target
            child = goto[node].get(char)
        return child

    def _finish(self, node: int, tokens: list[str]) -> list[str]:
        """End of word: pop until nothing is pending (the continuation root)."""
        link, pops = self._link, self._pops
        while node > CONTINUATION:
            target = link[node]
            if target == _NO_NODE:
                return [self.unk_token]
            tokens.extend(pops[node])
            node = target
        return tokens

    def trace(self, word: str) -> Iterator[AutomatonStep]:
        """Every move the automaton makes on ``word``, ending with ``"done"``, ``"unk"`` or ``"too_long"``.

        >>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
        >>> for step in automaton.trace("abcdz"):
        ...     print(step.kind, step.char, automaton.label(step.node), "->", automaton.label(step.next_node), step.emitted)
        read a  -> a ()
        read b a -> ab ()
        read c ab -> abc ()
        read d abc -> abcd ()
        fail z abcd -> ##cd ('a', '##b')
        fail z ##cd -> ##d ('##c',)
        read z ##d -> ##dz ()
        fail None ##dz -> ## ('##dz',)
        done None ## -> ## ()
        """
        check_str(word, "word")
        goto, link, pops = self._goto, self._link, self._pops
        tokens: tuple[str, ...] = ()
        if len(word) > self.max_input_chars_per_word:
            yield AutomatonStep("too_long", 0, None, START, None, (self.unk_token,), (self.unk_token,))
            return
        node = START
        for position, char in enumerate(word):
            while char not in goto[node]:
                target = link[node]
                if target == _NO_NODE:
                    yield AutomatonStep("unk", position, char, node, None, (self.unk_token,), (self.unk_token,))
                    return
                tokens += pops[node]
                yield AutomatonStep("fail", position, char, node, target, pops[node], tokens)
                node = target
            child = goto[node][char]
            yield AutomatonStep("read", position, char, node, child, (), tokens)
            node = child
        while node > CONTINUATION:
            target = link[node]
            if target == _NO_NODE:
                yield AutomatonStep("unk", len(word), None, node, None, (self.unk_token,), (self.unk_token,))
                return
            tokens += pops[node]
            yield AutomatonStep("fail", len(word), None, node, target, pops[node], tokens)
            node = target
        yield AutomatonStep("done", len(word), None, node, node, (), tokens)

    def tokenize_normalized(self, text: str) -> list[str]:
        """Split already-normalized ``text`` BERT-style and encode it, in one pass.

        Whitespace ends the word being read; a punctuation character ends it
        and is encoded as a word of its own. Same tokens as encoding each word
        of ``bert_split(text)``.

        >>> LinMaxMatch(["[UNK]", "hug", "##s", "!", "p", "##u", "##g"]).tokenize_normalized("hugs pug!? x")
        ['hug', '##s', 'p', '##u', '##g', '!', '[UNK]', '[UNK]']
        """
        check_str(text, "text")
        kinds = self._char_kinds
        limit, unk = self.max_input_chars_per_word, self.unk_token
        out: list[str] = []
        pending: list[str] = []
        node, length, failed = START, 0, False
        for char in text:
            kind = kinds.get(char)
            if kind is None:
                kind = kinds[char] = _char_kind(char)
            if kind != _LETTER:
                if length:
                    out.extend([unk] if failed else self._finish(node, pending))
                    pending, node, length, failed = [], START, 0, False
                if kind == _PUNCT:
                    out.extend(self._punctuation_word(char))
                continue
            length += 1
            if failed:
                continue
            if length > limit:
                failed = True
                continue
            node = self._advance(node, char, pending)
            failed = node == _NO_NODE
        if length:
            out.extend([unk] if failed else self._finish(node, pending))
        return out

    def _punctuation_word(self, char: str) -> list[str]:
        tokens = self._punctuation_tokens.get(char)
        if tokens is None:
            tokens = self._punctuation_tokens[char] = self.encode_word(char)
        return tokens


def _char_kind(char: str) -> int:
    if is_bert_whitespace(char):
        return _SPACE
    return _PUNCT if is_punctuation(char) else _LETTER


def trace_automaton(automaton: LinMaxMatch, word: str) -> list[AutomatonStep]:
    """All steps of ``automaton`` on ``word`` as a list (see ``LinMaxMatch.trace``).

    >>> steps = trace_automaton(LinMaxMatch(["a", "##a"]), "aa")
    >>> [(step.kind, step.emitted) for step in steps]
    [('read', ()), ('fail', ('a',)), ('read', ()), ('fail', ('##a',)), ('done', ())]
    >>> steps[-1].tokens
    ('a', '##a')
    """
    check_instance(automaton, "automaton", LinMaxMatch)
    return list(automaton.trace(word))


__all__ = ["CONTINUATION", "START", "AutomatonStep", "LinMaxMatch", "TrieNode", "trace_automaton"]
