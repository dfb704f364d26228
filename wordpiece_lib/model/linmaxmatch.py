"""Linear-time WordPiece encoding: LinMaxMatch (Song et al., "Fast WordPiece Tokenization", EMNLP 2021).

Why plain longest-match-first is slow
-------------------------------------
``encode_word`` (in ``longest_match.py``) looks up ``word[start:end]`` for ``end`` from
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

Storage
-------
A vocab of a million tokens makes a trie of millions of nodes, so a node is
not a Python object: it is a number, and everything about it sits in four
flat integer arrays (``array.array``, 4 bytes an entry): the character on the
edge into it, where its children start (ids are given breadth-first with the
children of a node sorted by character, so they are consecutive and found by
binary search), its failure link, and its failure pops. ``F(v) = F(u) + Z``
is stored as the one token it usually is, or else as the list of nodes whose
pops follow each other, so the pops of all nodes together take space in
proportion to the vocab, not to the square of its longest token. Tokens
longer than ``max_input_chars_per_word`` can never match (a longer word is
``[UNK]`` before it is read), so they are left out of the trie.

What it trades
--------------
Time at load for time at use: building the trie and its links costs a pass
over the whole vocab (about 0.4 s for BERT's) and about 12 bytes per vocab
character, which pays off only on long words or many texts; so
``encode_word`` keeps plain lookups for short words and builds the automaton
only when a long word needs it. It matches ``encode_word``, the readable
longest-match-first of ``longest_match.py``, token for token (tests compare
the two on every word of the novel and on random vocabs).

End to end
----------
``LinMaxMatch.tokenize_normalized`` also does BERT's pre-tokenization in the
same left-to-right pass: whitespace ends the word in progress, a punctuation
character ends it and is encoded as a word of its own. Whole texts go through
:class:`~wordpiece_lib.pipeline.fast_tokenizer.FastWordPieceTokenizer`, which adds a
word cache.

>>> LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"]).encode_word("abcdz")
['a', '##b', '##c', '##dz']
"""

from __future__ import annotations

import sys
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from .._validate import check_bool, check_instance, check_int, check_str, check_str_list
from ..text.pretokenizers import is_bert_whitespace, is_punctuation
from .pieces import DEFAULT_PREFIX
from .vocab import MAX_INPUT_CHARS_PER_WORD, UNK_TOKEN, Vocab

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

        >>> LinMaxMatch(["a", "##b"]).nodes[3].to_dict()["text"]
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


def _vocab_tokens(vocab: Vocab | Iterable[str]) -> Sequence[str]:
    if isinstance(vocab, Vocab):
        return vocab.tokens
    tokens = check_str_list(vocab, "vocab")
    if "" in tokens:
        raise ValueError(f"vocab[{tokens.index('')}] is an empty string; a vocab token must not be empty")
    return tokens


def _int_array(size_hint: int) -> array:
    """An empty array of node ids: 4 bytes each while they fit, else 8."""
    return array("i" if size_hint < 2**31 - 1 else "q")


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
        self._tokens = tokens
        self._build(tokens)
        self._char_kinds: dict[str, int] = {}
        self._punctuation_tokens: dict[str, list[str]] = {}

    # -- construction -------------------------------------------------------------------------------------------

    def _build(self, tokens: Sequence[str]) -> None:
        """Number the nodes breadth-first (siblings by character), then compute every failure link and pop."""
        prefix, skip, limit = self.prefix, len(self.prefix), self.max_input_chars_per_word
        # A token longer than the character limit can never be matched: leave it out.
        start = sorted(t for t in tokens if len(t) <= limit)
        after = sorted(t for t in tokens if skip < len(t) < limit + skip and t.startswith(prefix))
        ids = tokens.lookup_table() if isinstance(tokens, Vocab) else dict(zip(tokens, range(len(tokens))))
        # Level by level, each root's nodes are the distinct prefixes of its sorted tokens: listing them in
        # order gives breadth-first ids with siblings sorted by character, and each node's parent is the
        # prefix one character shorter. Lists of strings keep this at C speed; only numbers are kept.
        sides = [(start, 0, [""]), (after, skip, [prefix])]  # per root: (its tokens, prefix length, last level)
        level_start = [START, CONTINUATION]  # id of each root's first node on the last level
        next_id = 2
        self._edge_char = array("i", [0, 0])
        self._first_child = _int_array(len(tokens))
        token_of = _int_array(len(tokens))
        token_of.extend((_NO_NODE, _NO_NODE))
        parent_of = _int_array(len(tokens))
        parent_of.extend((_NO_NODE, _NO_NODE))
        depth = 0
        while any(alive for alive, _, _ in sides):
            depth += 1
            children_per_node: list[int] = []  # for the last level's nodes, in id order
            new_sides = []
            for (alive, offset, above), base in zip(sides, level_start):
                alive = [t for t in alive if len(t) >= offset + depth]
                strings = list(dict.fromkeys([t[: offset + depth] for t in alive]))
                position = {text: index for index, text in enumerate(above)}
                parents = [position[text[:-1]] for text in strings]
                counts = [0] * len(above)
                for index in parents:
                    counts[index] += 1
                children_per_node += counts
                parent_of.extend([base + index for index in parents])
                self._edge_char.extend([ord(text[-1]) for text in strings])
                token_of.extend([ids.get(text, _NO_NODE) for text in strings])
                new_sides.append((alive, offset, strings))
            self._first_child.extend(list(accumulate(children_per_node, initial=next_id))[:-1])
            level_start = [next_id, next_id + len(new_sides[0][2])]
            next_id += len(new_sides[0][2]) + len(new_sides[1][2])
            sides = new_sides
        self._first_child.extend([next_id] * (next_id + 1 - len(self._first_child)))
        self._root_children = [
            {self._edge_char[child]: child for child in range(self._first_child[root], self._first_child[root + 1])}
            for root in (START, CONTINUATION)
        ]
        self._add_failures(token_of, parent_of)

    def _add_failures(self, token_of: Sequence[int], parent_of: Sequence[int]) -> None:
        """Every node's failure link and pops, breadth-first (the rule in the module docstring)."""
        edge_char, first = self._edge_char, self._first_child
        link = self._link = _int_array(len(edge_char))
        pop_token = self._pop_token = _int_array(len(edge_char))
        pop_parts: dict[int, tuple[int, ...]] = {}
        link.extend((_NO_NODE, _NO_NODE))
        pop_token.extend((_NO_NODE, _NO_NODE))
        for node in range(2, len(edge_char)):
            token = token_of[node]
            if token != _NO_NODE:  # a token: the longest match is the whole pending text, nothing is left
                link.append(CONTINUATION)
                pop_token.append(token)
                continue
            parent, code = parent_of[node], edge_char[node]
            passed: list[int] = []
            target = link[parent]
            while target != _NO_NODE:
                high = first[target + 1]
                child = bisect_left(edge_char, code, first[target], high)
                if child < high and edge_char[child] == code:
                    break
                passed.append(target)
                target = link[target]
            if target == _NO_NODE:
                link.append(_NO_NODE)
                pop_token.append(_NO_NODE)
            elif passed:  # F(node) = F(parent) + F(passed[0]) + ...: kept as those nodes, expanded when popped
                link.append(child)
                pop_token.append(_NO_NODE)
                pop_parts[node] = (parent, *passed)
            else:
                link.append(child)
                pop_token.append(pop_token[parent])
                if pop_token[parent] == _NO_NODE:
                    pop_parts[node] = pop_parts[parent]
        self._pop_parts = pop_parts

    def _child_by_code(self, node: int, code: int) -> int:
        """The child of ``node`` along the character with code point ``code``, or ``_NO_NODE``."""
        low, high = self._first_child[node], self._first_child[node + 1]
        index = bisect_left(self._edge_char, code, low, high)
        return index if index < high and self._edge_char[index] == code else _NO_NODE

    def _child(self, node: int, char: str) -> int:
        return self._child_by_code(node, ord(char))

    def _pops(self, node: int) -> tuple[str, ...]:
        if self._link[node] == _NO_NODE:
            return ()
        out: list[str] = []
        self._emit(node, out)
        return tuple(out)

    def _emit(self, node: int, out: list[str]) -> None:
        """Append the failure pops of ``node`` (which has a failure link) to ``out``."""
        pop_token, tokens = self._pop_token, self._tokens
        token = pop_token[node]
        if token != _NO_NODE:
            out.append(tokens[token])
            return
        pending = list(reversed(self._pop_parts[node]))
        while pending:
            part = pending.pop()
            token = pop_token[part]
            if token != _NO_NODE:
                out.append(tokens[token])
            else:
                pending.extend(reversed(self._pop_parts[part]))

    def _token_at(self, node: int) -> str | None:
        if node > CONTINUATION and self._link[node] == CONTINUATION:
            return self._tokens[self._pop_token[node]]
        return None

    def _parent(self, node: int) -> int:
        return bisect_right(self._first_child, node) - 1 if node > CONTINUATION else _NO_NODE

    def _children(self, node: int) -> tuple[tuple[str, int], ...]:
        low, high = self._first_child[node], self._first_child[node + 1]
        return tuple((chr(self._edge_char[child]), child) for child in range(low, high))

    def memory_bytes(self) -> int:
        """Bytes held by the automaton's tables (not counting the token strings, which the vocab owns).

        >>> LinMaxMatch(["a", "##b"]).memory_bytes() > 0
        True
        """
        arrays = (self._edge_char, self._first_child, self._link, self._pop_token)
        shared = {id(parts): parts for parts in self._pop_parts.values()}  # a tuple may serve many nodes
        parts = sys.getsizeof(self._pop_parts) + sum(map(sys.getsizeof, shared.values()))
        return sum(table.itemsize * len(table) for table in arrays) + parts

    # -- plain-data view for drawing ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._edge_char)

    def __repr__(self) -> str:
        return f"LinMaxMatch({len(self)} nodes, prefix={self.prefix!r}, unk_token={self.unk_token!r})"

    def label(self, node: int) -> str:
        """The string node ``node`` spells; continuation nodes start with the prefix.

        >>> automaton = LinMaxMatch(["a", "##bc"])
        >>> [automaton.label(node) for node in range(len(automaton))]
        ['', '##', '#', 'a', '##b', '##', '##bc', '##b', '##bc']
        """
        self._check_node(node)
        chars = []
        while node > CONTINUATION:
            chars.append(chr(self._edge_char[node]))
            node = self._parent(node)
        head = self.prefix if node == CONTINUATION else ""
        return head + "".join(reversed(chars))

    def find(self, label: str, *, continuation: bool = False) -> int | None:
        """The id of the node spelling ``label`` (from ``START``, or from ``CONTINUATION``
        when ``continuation``: the label then starts with the prefix); ``None`` if absent.

        >>> automaton = LinMaxMatch(["a", "##cd"])
        >>> automaton.find("a"), automaton.find("##c", continuation=True), automaton.find("b")
        (3, 4, None)
        """
        check_str(label, "label")
        check_bool(continuation, "continuation")
        node = START
        if continuation:
            if not label.startswith(self.prefix):
                raise ValueError(f"label {label!r} of a continuation node must start with the prefix {self.prefix!r}")
            node, label = CONTINUATION, label[len(self.prefix) :]
        for char in label:
            node = self._child(node, char)
            if node == _NO_NODE:
                return None
        return node

    def _check_node(self, node: int) -> None:
        check_int(node, "node", minimum=0)
        if node >= len(self):
            raise ValueError(f"node {node} is out of range for an automaton of {len(self)} nodes")

    def node(self, node: int) -> TrieNode:
        """Everything about one node, as a ``TrieNode``.

        >>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
        >>> node = automaton.node(automaton.find("abcd"))
        >>> node.failure_pops, automaton.label(node.failure_link)
        (('a', '##b'), '##cd')
        """
        self._check_node(node)
        parent = self._parent(node)
        link = self._link[node]
        depth, up = 0, node
        while up > CONTINUATION:
            depth, up = depth + 1, self._parent(up)
        return TrieNode(
            id=node,
            text=self.label(node),
            continuation=up == CONTINUATION,
            depth=depth,
            parent=None if parent == _NO_NODE else parent,
            char=None if node <= CONTINUATION else chr(self._edge_char[node]),
            token=self._token_at(node),
            children=self._children(node),
            failure_link=None if link == _NO_NODE else link,
            failure_pops=self._pops(node),
        )

    @property
    def nodes(self) -> tuple[TrieNode, ...]:
        """All nodes in id order (breadth-first: roots, then depth 1, ...; siblings by character).

        The start trie holds ``##b`` as a plain string too (nodes 2, 5, 6), for
        words that really begin with ``##``; node 4 is the continuation ``##b``.

        >>> for n in LinMaxMatch(["a", "##b"]).nodes:
        ...     print(n.id, repr(n.text), "continuation" if n.continuation else "start", n.failure_link, n.failure_pops)
        0 '' start None ()
        1 '##' continuation None ()
        2 '#' start None ()
        3 'a' start 1 ('a',)
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
        return [(node, char, child) for node in range(len(self)) for char, child in self._children(node)]

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
                while node is not None and node != _NO_NODE and node not in keep:
                    keep.add(node)
                    node = self._parent(node)
        return sorted(keep)

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
        # _advance and _finish, written out: this loop runs once per character of every word.
        first, edge_char, link, roots = self._first_child, self._edge_char, self._link, self._root_children
        pop_token, vocab_tokens = self._pop_token, self._tokens
        tokens: list[str] = []
        node = START
        for char in word:
            code = ord(char)
            while True:
                if node <= CONTINUATION:
                    node = roots[node].get(code, _NO_NODE)
                    if node == _NO_NODE:
                        return [self.unk_token]
                    break
                high = first[node + 1]
                index = bisect_left(edge_char, code, first[node], high)
                if index < high and edge_char[index] == code:
                    node = index
                    break
                target = link[node]
                if target == _NO_NODE:
                    return [self.unk_token]
                token = pop_token[node]
                if token != _NO_NODE:
                    tokens.append(vocab_tokens[token])
                else:
                    self._emit(node, tokens)
                node = target
        return self._finish(node, tokens)

    def _advance(self, node: int, char: str, tokens: list[str]) -> int:
        """Read ``char`` at ``node`` (popping into ``tokens`` as needed); the next node, or none."""
        first, edge_char, link, roots = self._first_child, self._edge_char, self._link, self._root_children
        code = ord(char)
        while True:
            if node <= CONTINUATION:  # the roots have thousands of children: a dict beats a binary search
                return roots[node].get(code, _NO_NODE)
            high = first[node + 1]
            index = bisect_left(edge_char, code, first[node], high)
            if index < high and edge_char[index] == code:
                return index
            target = link[node]  # cannot grow: pop what is certain, retry from the failure link
            if target == _NO_NODE:
                return _NO_NODE
            self._emit(node, tokens)
            node = target

    def _finish(self, node: int, tokens: list[str]) -> list[str]:
        """End of word: pop until nothing is pending (the continuation root)."""
        link = self._link
        while node > CONTINUATION:
            target = link[node]
            if target == _NO_NODE:
                return [self.unk_token]
            self._emit(node, tokens)
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
        link = self._link
        tokens: tuple[str, ...] = ()
        if len(word) > self.max_input_chars_per_word:
            yield AutomatonStep("too_long", 0, None, START, None, (self.unk_token,), (self.unk_token,))
            return
        node = START
        for position, char in enumerate(word):
            while (child := self._child(node, char)) == _NO_NODE:
                target = link[node]
                if target == _NO_NODE:
                    yield AutomatonStep("unk", position, char, node, None, (self.unk_token,), (self.unk_token,))
                    return
                pops = self._pops(node)
                tokens += pops
                yield AutomatonStep("fail", position, char, node, target, pops, tokens)
                node = target
            yield AutomatonStep("read", position, char, node, child, (), tokens)
            node = child
        while node > CONTINUATION:
            target = link[node]
            if target == _NO_NODE:
                yield AutomatonStep("unk", len(word), None, node, None, (self.unk_token,), (self.unk_token,))
                return
            pops = self._pops(node)
            tokens += pops
            yield AutomatonStep("fail", len(word), None, node, target, pops, tokens)
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


def automaton_for(
    vocab: Vocab,
    *,
    prefix: str = DEFAULT_PREFIX,
    unk_token: str | None = None,
    max_input_chars_per_word: int = MAX_INPUT_CHARS_PER_WORD,
) -> LinMaxMatch:
    """The automaton of ``vocab`` for these settings, built on first use and kept by the vocab.

    Building BERT's automaton takes about a second, so every tokenizer over
    the same vocab (and ``encode_word``) shares one per setting.

    >>> vocab = Vocab(["[UNK]", "hug", "##s"])
    >>> automaton_for(vocab).encode_word("hugs"), automaton_for(vocab) is automaton_for(vocab)
    (['hug', '##s'], True)
    """
    unk = vocab.unk_token if unk_token is None else unk_token
    return vocab.built(
        (LinMaxMatch, prefix, unk, max_input_chars_per_word),
        lambda: LinMaxMatch(vocab, prefix=prefix, unk_token=unk, max_input_chars_per_word=max_input_chars_per_word),
    )


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


__all__ = ["CONTINUATION", "START", "AutomatonStep", "LinMaxMatch", "TrieNode", "automaton_for", "trace_automaton"]
