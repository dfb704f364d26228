"""Incremental pair statistics: the pair table and priority queue behind the fast trainers.

The reference trainer (``bottom_up.py``) recounts every pair of every word at
every step. ``PairStats`` keeps the counts and updates only what a merge
touches, and finds the best pair with heaps. It makes exactly the choices of
the reference: same counts, exact scores and tie-breaks.

What is stored
--------------
* every piece gets an integer id; each word is a list of ids (its current
  split) with its count;
* ``freq(piece)`` per id and, per adjacent pair (keyed by one int,
  ``left << shift | right``): its count, the words it may occur in (a
  superset, cleaned lazily) and, for the ``"first"`` tie-break, the position
  of its first occurrence: ``word_index * stride + offset``, where ``offset``
  counts the initial pieces before the pair's left piece (untouched pieces
  never move, and the order of positions is the reading order);
* per piece, the pairs it is the guest of (see the grouping below).

A merge of ``(a, b)`` visits only the words that hold the pair. In each word
it removes the pair occurrences that touched a merged ``a`` or ``b``, adds
those that touch a new token, and moves the piece counts: ``freq(a)`` and
``freq(b)`` fall, ``freq(ab)`` rises.

Exact integer keys
------------------
Scores are compared as integers: ``floor(count * 2**K / denominator)``. When
``2**K >= D**2`` and every denominator is at most ``D``, two different
fractions are at least ``1/D**2`` apart, so the integer keys order them
exactly like the fractions (equal scores give equal keys). No piece occurs
more often than the corpus has initial pieces ``N``, so ``D = N**2`` bounds
the WordPiece denominators ``freq(a) * freq(b)``.

The problem: one merge changes many scores
------------------------------------------
Merging ``(a, b)`` lowers ``freq(a)`` and ``freq(b)``, so the WordPiece score
``freq(xy) / (freq(x) * freq(y))`` of *every* pair that contains ``a`` or
``b`` rises, not only of the merge's neighbours. A plain heap would need a
new entry for each of them: on Treasure Island ``##e`` sits in ~2,700 pairs
and its count falls at thousands of merges (~5 million pushes).

The answer: group each pair under one of its pieces
---------------------------------------------------
Each pair is *owned* by one of its two pieces (the more frequent one when the
pair appears); the other piece is its *guest*. Within the owner's group the
score is ``freq(xy) / freq(guest)`` divided by the same ``freq(owner)``, so the
order inside a group does not depend on ``freq(owner)`` at all. Two levels of
lazy heaps follow:

* one heap per owner over its pairs, keyed by ``(freq(xy) / freq(guest), tie)``
  (with the guest's count rounded, see below);
* one global heap over the groups, keyed by the full score and tie of each
  group's best pair.

When ``freq(a)`` falls, group ``a`` only needs a new global entry (one push),
and only the pairs in which ``a`` is the *guest* need new entries in their
owners' heaps; a big piece owns nearly all its pairs, so that set is small.
Under ``"bpe"`` the score ignores piece counts and only pairs that gain
occurrences are touched.

Why lazy heaps stay right
-------------------------
Every live pair keeps one "latest" entry in its group whose key is *at least
as good* as its true key (and every group one latest global entry at least as
good as its true best). Popping then meets everything no later than its true
rank; an entry found out of date is replaced by the true key and popping goes
on; older entries are dropped without arithmetic. So a new entry is needed
exactly when a key gets *better*:

* a pair that gains occurrences (one with the new token): new count, and maybe
  an earlier first occurrence;
* the guest's count fell below the count its key assumed (see below);
* a group's owner count fell (groups ``a`` and ``b``), or a pair in it got better.

Keys that get worse are left alone: a pair losing occurrences, a first
occurrence disappearing (the stored position stays a lower bound), the new
token's count growing when the token already existed. For ``"first"``, a
pair that lost occurrences has its first position looked up again when it
reaches the top of its group (the lower bound's word first, then later words
holding the pair). Heaps are rebuilt from the latest entries when stale ones
make up most of them, which bounds memory.

Rounded guest counts
--------------------
Re-keying the pairs whose guest was merged was still most of the pushes:
``##s`` is the guest of pairs such as ``(##e, ##s)``, and its count falls at
hundreds of merges. So a key inside a group assumes the guest's count rounded
down to its three leading bits (at most a quarter less than the true count).
That key is a little *too good*, which a lazy heap allows, and it stays good
enough for as long as the true count is at least the rounded one. Each token
keeps the rounded count that its guest pairs assume; they are re-keyed only
when its count falls below that, and then they assume the new count rounded.
A pair that reaches the top of its group is made exact with the true count;
an exact key is too good no longer once the count falls at all, so such
pairs are kept apart (a handful per token) and re-keyed at the token's next
fall. On the cased book this cuts the pushes from 157,410 to 44,702.

Cost of a merge: the words holding the pair, plus a push for each pair that
gained occurrences or whose key's guest count was passed, plus a few heap
pops; nothing proportional to the number of pairs in the corpus. The book
(15,482 merges) trains in under a second.

Recording candidates (``ranks=True``)
-------------------------------------
The reference's ``Candidate.first_seen`` is the rank of a pair among all
pairs in reading order. With ``ranks=True`` every first position is kept
exact after each merge (positions of removed occurrences are compared with
the stored ones) and counted in a Fenwick tree, so a rank is a prefix sum.

Results never depend on hash order: ties are broken by the explicit key, and
ids are handed out in reading order.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import NamedTuple

from .._validate import check_bool, check_choice, check_int, check_str_list
from .scores import TIE_BREAKS

#: The criteria whose scores ``PairStats`` keeps up to date (the likelihood
#: gain depends on corpus totals, so every score changes at every merge).
FAST_CRITERIA = ("wordpiece", "bpe")

#: The longest word (in characters) trained on unless ``max_word_chars`` says more. A merge walks the whole
#: of each word holding its pair, and a word of L characters takes part in up to L - 1 merges, so training
#: costs up to L * L steps for it: with the cap, at most the cap times the corpus's characters (a word of
#: 10,000 characters trains in about 10 s and 180 MB; a run of 4 MB without a space, as ``count`` lets through,
#: would take days). Hugging Face trains on any word (and encodes a word over 100 characters as [UNK]).
MAX_TRAINING_WORD_CHARS = 10_000


def check_word_lengths(words: Iterable[str], max_word_chars: int = MAX_TRAINING_WORD_CHARS) -> None:
    """Raise ``ValueError`` naming the first word longer than ``max_word_chars`` characters.

    >>> check_word_lengths({"hug": 3, "pug": 1})
    >>> check_word_lengths({"hug": 3, "x" * 40: 2}, max_word_chars=30)
    Traceback (most recent call last):
    ...
    ValueError: the word 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (seen 2 times) has 40 characters, over max_word_chars=30: ...
    """
    check_int(max_word_chars, "max_word_chars", minimum=1)
    if not isinstance(words, (Mapping, Sequence)):
        words = list(words)
    lengths = list(map(len, words))
    if not lengths or max(lengths) <= max_word_chars:  # the common case, at C speed
        return
    position = next(index for index, length in enumerate(lengths) if length > max_word_chars)
    word = next(word for index, word in enumerate(words) if index == position)
    times = words[word] if isinstance(words, Mapping) else None
    seen = "" if times is None else " (seen once)" if times == 1 else f" (seen {times:,} times)"
    raise ValueError(
        f"the word {word[:30]!r}{'...' if len(word) > 30 else ''}{seen} has {len(word):,} characters, over "
        f"max_word_chars={max_word_chars:,}: training walks a whole word at each of its merges, so one word "
        "costs its length squared; if it is a word, raise max_word_chars, else leave it out (text without "
        "spaces: cut it into words first)"
    )


class PairChoice(NamedTuple):
    """A pair the queue offers, with the counts behind its score."""

    pair: tuple[str, str]
    pair_count: int
    left_count: int
    right_count: int


class PairStats:
    """Pair and piece counts of a corpus's current splits, kept up to date under merges.

    ``splits`` and ``counts`` list the words in reading order (the order the
    ``"first"`` tie-break reads them). ``criterion`` is ``"wordpiece"``
    (``freq(ab) / (freq(a) * freq(b))``) or ``"bpe"`` (``freq(ab)``).
    ``ranks=True`` keeps every pair's first occurrence exact in a Fenwick
    tree, so that ``first_seen_ranks`` answers at once (a little more work
    per merge; the trainer asks for it when recording candidates).
    ``min_count`` hides the pairs that occur fewer times from ``best`` and
    ``top`` (a pair that later gains occurrences comes back).
    ``max_word_pieces`` refuses a longer word: each merge walks all of it (``pieces_walked`` counts that work).

    >>> stats = PairStats([["h", "##u", "##g"], ["p", "##u", "##g"], ["h", "##u", "##g", "##s"]], [10, 5, 5])
    >>> stats.best()  # 15/(15*20) ties with ('##g', '##s') at 5/(20*5); met first
    PairChoice(pair=('h', '##u'), pair_count=15, left_count=15, right_count=20)
    >>> stats.merge("##g", "##s", "##gs")
    5
    >>> stats.splits()[2], stats.piece_count("##g"), stats.pair_count(("##u", "##gs"))
    (['h', '##u', '##gs'], 15, 5)
    """

    def __init__(
        self,
        splits: Iterable[Sequence[str]],
        counts: Iterable[int],
        *,
        criterion: str = "wordpiece",
        tie_break: str = "first",
        ranks: bool = False,
        min_count: int = 1,
        max_word_pieces: int = MAX_TRAINING_WORD_CHARS + 1,
    ) -> None:
        check_choice(criterion, "criterion", FAST_CRITERIA)
        check_int(max_word_pieces, "max_word_pieces", minimum=1)
        # Pairs seen fewer times are never offered (a trainer's min_frequency); 1 offers every pair.
        self._min_count = check_int(min_count, "min_count", minimum=1)
        check_choice(tie_break, "tie_break", TIE_BREAKS)
        check_bool(ranks, "ranks")
        for value, name in ((splits, "splits"), (counts, "counts")):
            if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
                raise TypeError(f"{name} must be a list (one item per word), got {type(value).__name__}")
        self.criterion = criterion
        self.tie_break = tie_break
        self._by_count = criterion == "bpe"
        self._lexical = tie_break == "lexical"
        self._ranks = ranks
        self._track_first = ranks or not self._lexical
        # per token
        self._texts: list[str] = []
        self._ids: dict[str, int] = {}
        self._span: list[int] = []  # how many initial pieces a token covers
        self._freq: list[int] = []
        self._guest_of: list[set[int]] = []  # pairs owned by the other member (or by the token itself, for (t, t))
        self._assumed: list[int] = []  # the count of the token its guest pairs' keys assume (see "Rounded guests")
        self._exact_guests: list[set[int]] = []  # guest pairs whose keys assume the token's count itself
        self._group: list[list[tuple]] = []  # the owner's heap of its pairs
        # per word
        self._words: list[list[int]] = []
        self._counts: list[int] = []
        known = self._ids
        for index, (pieces, count) in enumerate(zip(splits, counts, strict=True)):
            check_int(count, f"counts[{index}]", minimum=1)
            check_str_list(pieces, f"splits[{index}]")
            if not pieces or not all(pieces):
                raise ValueError(f"splits[{index}] must be a non-empty list of non-empty pieces, got {pieces!r}")
            if len(pieces) > max_word_pieces:
                raise ValueError(
                    f"splits[{index}] has {len(pieces):,} pieces, over max_word_pieces={max_word_pieces:,}: each merge "
                    "in a word walks all of it, so one word costs its length squared"
                )
            ids = [known[piece] if piece in known else self._token_id(piece, 1) for piece in pieces]
            self._words.append(ids)
            self._counts.append(count)
            for token in ids:
                self._freq[token] += count
        total_pieces = sum(self._freq)
        self._assumed = [_rounded_down(count) for count in self._freq]
        max_tokens = len(self._texts) + sum(max(len(word) - 1, 0) for word in self._words)
        self._shift = max(max_tokens.bit_length(), 1)
        self._mask = (1 << self._shift) - 1
        self._stride = max((len(word) for word in self._words), default=0) + 1
        self._inner_bits = 2 * total_pieces.bit_length()
        self._full_bits = 2 * (total_pieces * total_pieces).bit_length()
        # per pair
        self._pair_count: dict[int, int] = {}
        self._pair_words: dict[int, set[int]] = {}
        self._first: dict[int, int] = {}
        self._removed_at: list[tuple[int, int]] = []  # (pair, position) of occurrences a merge removed
        self._first_unsure: set[int] = set()  # pairs that lost occurrences since their first was checked
        self._first_counts = _PositionCounts(len(self._words) * self._stride) if ranks else None
        self._registered: dict[int, int] = {}  # the first position each pair has in ``_first_counts``
        self._owner: dict[int, int] = {}
        self._entry: dict[int, tuple] = {}  # latest entry in the owner's heap
        self._group_entries = 0
        # the global heap over groups
        self._heap: list[tuple] = []
        self._group_entry: dict[int, tuple] = {}  # latest global entry of each group
        #: The pieces merges have walked through, summed over the words they visited: the work of training
        #: that grows with word length (at most the longest word's pieces times the corpus's pieces).
        self.pieces_walked = 0
        self._count_initial_pairs()

    # ----------------------------------------------------------------- setup

    def _token_id(self, text: str, span: int) -> int:
        token = self._ids.get(text)
        if token is None:
            token = len(self._texts)
            self._ids[text] = token
            self._texts.append(text)
            self._span.append(span)
            self._freq.append(0)
            self._guest_of.append(set())
            self._assumed.append(0)
            self._exact_guests.append(set())
            self._group.append([])
        return token

    def _count_initial_pairs(self) -> None:
        shift, stride = self._shift, self._stride
        pair_count, pair_words, first = self._pair_count, self._pair_words, self._first
        for index, (pieces, count) in enumerate(zip(self._words, self._counts)):
            base = index * stride
            for offset in range(len(pieces) - 1):
                code = pieces[offset] << shift | pieces[offset + 1]
                if code in pair_count:
                    pair_count[code] += count
                    pair_words[code].add(index)
                else:
                    pair_count[code] = count
                    pair_words[code] = {index}
                    first[code] = base + offset
        self._assign_owners(pair_count)
        self._push_pairs(pair_count)
        if self._ranks:
            for code in pair_count:
                self._register_first(code)

    def _assign_owners(self, codes: Iterable[int]) -> None:
        """Give each new pair an owner: its more frequent member (the left one on a tie).

        A frequent piece sits in many pairs and is merged again and again;
        owning them, it spares their re-keying when its count falls.
        """
        shift, mask = self._shift, self._mask
        freq, owner_of, guest_of = self._freq, self._owner, self._guest_of
        for code in codes:
            if code in owner_of:
                continue
            left, right = code >> shift, code & mask
            if freq[right] > freq[left]:
                owner_of[code] = right
                guest_of[left].add(code)
            else:
                owner_of[code] = left
                guest_of[right].add(code)

    # ------------------------------------------------------------- the heaps

    def _full_key(self, code: int) -> int:
        """The key across groups: the exact score as an integer (bigger is better)."""
        count = self._pair_count[code]
        if self._by_count:
            return count
        return (count << self._full_bits) // (self._freq[code >> self._shift] * self._freq[code & self._mask])

    def _push_pairs(self, codes: Collection[int]) -> None:
        """Give each pair a new entry in its owner's heap (its key got better).

        The owner's global entry must stay at least as good as the group's
        best pair; the pair may now beat it, and then it is pushed as the
        group's new global entry (no other pair of the group got better).
        """
        shift, mask = self._shift, self._mask
        pair_count, freq, owner_of, first, texts = self._pair_count, self._freq, self._owner, self._first, self._texts
        entries, groups, push = self._entry, self._group, heapq.heappush
        group_entry, heap = self._group_entry, self._heap
        lexical, by_count, inner_bits, full_bits = self._lexical, self._by_count, self._inner_bits, self._full_bits
        min_count = self._min_count
        assumed_of = self._assumed
        pushed = 0
        for code in codes:
            count = pair_count[code]
            if count < min_count:
                # Not offered; forgetting its entry marks any older one as stale. It is pushed again if it gains.
                entries.pop(code, None)
                continue
            pushed += 1
            left, right = code >> shift, code & mask
            owner = owner_of[code]
            tie = (texts[left], texts[right]) if lexical else first[code]
            if by_count:
                inner = full = -count
            else:
                assumed = assumed_of[right if owner == left else left]
                inner = -((count << inner_bits) // assumed)
                full = -((count << full_bits) // (freq[owner] * assumed))
            entry = (inner, tie, code)
            entries[code] = entry
            push(groups[owner], entry)
            current = group_entry.get(owner)
            if current is None or full < current[0] or (full == current[0] and tie < current[1]):
                offer = (full, tie, owner)
                group_entry[owner] = offer
                push(heap, offer)
        self._group_entries += pushed
        if self._group_entries > 4 * len(entries) + 4096:
            self._compact_groups()
        self._compact_heap()

    def _compact_groups(self) -> None:
        """Rebuild every group's heap from its pairs' latest entries."""
        groups: list[list[tuple]] = [[] for _ in self._texts]
        owner_of = self._owner
        for code, entry in self._entry.items():
            groups[owner_of[code]].append(entry)
        for heap in groups:
            heapq.heapify(heap)
        self._group = groups
        self._group_entries = len(self._entry)

    def _group_best(self, owner: int) -> int | None:
        """The best live pair of ``owner``'s group (its entry made exact and left on top)."""
        heap, entries = self._group[owner], self._entry
        while heap:
            entry = heap[0]
            code = entry[2]
            if entries.get(code) is entry:
                exact = self._exact_inner(code)
                if exact == entry:
                    return code
                if exact is not None:
                    entries[code] = exact
                    heapq.heapreplace(heap, exact)
                    continue
                del entries[code]
            heapq.heappop(heap)
            self._group_entries -= 1
        return None

    def _exact_inner(self, code: int) -> tuple[int, int, int] | None:
        """A pair's up-to-date key and tie inside its owner's group (and the pair itself); ``None`` if not offered.

        The key is ``count / freq(guest)`` (negated: heaps pop the smallest).
        """
        count = self._pair_count[code]
        if count < self._min_count:
            return None  # dropped from its group; it is pushed again if it gains occurrences
        tie = self._entry[code][1]
        if not self._lexical:
            if code in self._first_unsure:
                self._first[code] = self._exact_first(code)
                self._first_unsure.discard(code)
            tie = self._first[code]
        if self._by_count:
            return -count, tie, code
        left, right = code >> self._shift, code & self._mask
        guest = right if self._owner[code] == left else left
        # This key assumes the guest's count itself: it must be renewed when that count falls at all.
        self._exact_guests[guest].add(code)
        return -((count << self._inner_bits) // self._freq[guest]), tie, code

    def _refresh_group(self, owner: int) -> None:
        """Give ``owner``'s group a global entry with the exact key of its best pair (or none)."""
        code = self._group_best(owner)
        if code is None:
            self._group_entry.pop(owner, None)
            return
        entry = (-self._full_key(code), self._entry[code][1], owner)
        self._group_entry[owner] = entry
        heapq.heappush(self._heap, entry)
        self._compact_heap()

    def _compact_heap(self) -> None:
        """Rebuild the global heap from the live group entries once stale ones outnumber them."""
        if len(self._heap) > 4 * len(self._group_entry) + 4096:
            self._heap = list(self._group_entry.values())
            heapq.heapify(self._heap)

    def _peek_best(self) -> int | None:
        """The best pair overall (its entries made exact and left on top of both heaps)."""
        heap, offers = self._heap, self._group_entry
        while heap:
            entry = heap[0]
            owner = entry[2]
            if offers.get(owner) is entry:
                code = self._group_best(owner)
                if code is not None:
                    exact = (-self._full_key(code), self._entry[code][1], owner)
                    if exact == entry:
                        return code
                    offers[owner] = exact
                    heapq.heapreplace(heap, exact)
                    continue
                del offers[owner]
            heapq.heappop(heap)
        return None

    def _exact_first(self, code: int) -> int:
        """The true position of the pair's first occurrence (the stored one is a lower bound)."""
        lower = self._first[code]
        word = lower // self._stride
        position = self._first_in_word(word, code)
        if position >= 0:
            return position
        holders = self._pair_words[code]
        for index in sorted(holders):
            if index > word:
                position = self._first_in_word(index, code)
                if position >= 0:
                    return position
            holders.discard(index)  # no occurrence here (before ``word`` the lower bound says so)
        raise AssertionError(f"live pair {self._pair_of(code)} has no occurrence")  # pragma: no cover

    def _first_in_word(self, index: int, code: int) -> int:
        left, right = code >> self._shift, code & self._mask
        pieces, span = self._words[index], self._span
        offset = 0
        for position in range(len(pieces) - 1):
            if pieces[position] == left and pieces[position + 1] == right:
                return index * self._stride + offset
            offset += span[pieces[position]]
        return -1

    def _pair_of(self, code: int) -> tuple[str, str]:
        return self._texts[code >> self._shift], self._texts[code & self._mask]

    def _choice(self, code: int) -> PairChoice:
        left, right = code >> self._shift, code & self._mask
        return PairChoice(self._pair_of(code), self._pair_count[code], self._freq[left], self._freq[right])

    # ------------------------------------------------------------ public API

    def best(self) -> PairChoice | None:
        """The pair to merge next (best score, ties by the policy), or ``None`` if no pair is left.

        >>> PairStats([["a", "##b"]], [3], criterion="bpe").best().pair
        ('a', '##b')
        >>> PairStats([["a"]], [3]).best() is None
        True
        """
        code = self._peek_best()
        return None if code is None else self._choice(code)

    def top(self, k: int) -> list[PairChoice]:
        """The ``k`` best pairs, best first (the first is what ``best()`` picks).

        >>> [c.pair for c in PairStats([["a", "##b", "##c"]], [1], tie_break="lexical").top(5)]
        [('##b', '##c'), ('a', '##b')]
        """
        codes: list[int] = []
        while len(codes) < k:
            code = self._peek_best()
            if code is None:
                break
            codes.append(code)
            owner = self._owner[code]
            heapq.heappop(self._group[owner])  # set it aside: its entry is on top of its group
            self._refresh_group(owner)
        for code in codes:
            heapq.heappush(self._group[self._owner[code]], self._entry[code])
        for owner in {self._owner[code] for code in codes}:
            self._refresh_group(owner)
        return [self._choice(code) for code in codes]

    def first_seen_ranks(self, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], int]:
        """For each pair, how many distinct pairs occur first before it (reading order).

        This is ``Candidate.first_seen`` of the reference. Without ``ranks=True``
        it reads the corpus up to the last pair asked for. Pairs not in the
        corpus are left out.

        >>> PairStats([["a", "##b"], ["c", "##d", "##b"]], [1, 1]).first_seen_ranks([("##d", "##b")])
        {('##d', '##b'): 2}
        """
        wanted = {}
        for pair in pairs:
            left, right = self._ids.get(pair[0]), self._ids.get(pair[1])
            if left is not None and right is not None and left << self._shift | right in self._pair_count:
                wanted[left << self._shift | right] = pair
        ranks: dict[tuple[str, str], int] = {}
        if self._first_counts is not None:
            for code, pair in wanted.items():
                ranks[pair] = self._first_counts.before(self._first[code])
            return ranks
        seen: set[int] = set()
        shift = self._shift
        for pieces in self._words:
            if len(ranks) == len(wanted):
                break
            for position in range(len(pieces) - 1):
                code = pieces[position] << shift | pieces[position + 1]
                if code not in seen:
                    if code in wanted:
                        ranks[wanted[code]] = len(seen)
                    seen.add(code)
        return ranks

    def merge(self, left: str, right: str, new_token: str) -> int:
        """Merge every occurrence of ``(left, right)`` (left to right, no overlaps) into ``new_token``.

        Returns the number of occurrences merged, weighted by word count.

        >>> stats = PairStats([["x", "##a", "##a", "##a"]], [2])
        >>> stats.merge("##a", "##a", "##aa"), stats.splits()
        (2, [['x', '##aa', '##a']])
        """
        if new_token in (left, right):
            raise ValueError(f"new_token {new_token!r} must differ from the pieces it joins")
        left_id, right_id = self._ids.get(left), self._ids.get(right)
        if left_id is None or right_id is None:
            return 0
        shift = self._shift
        holders = self._pair_words.get(left_id << shift | right_id)
        if holders is None:
            return 0
        new_id = self._token_id(new_token, self._span[left_id] + self._span[right_id])
        lost, gained, merged_total = self._merge_words(holders, left_id, right_id, new_id)
        freq = self._freq
        freq[left_id] -= merged_total
        freq[right_id] -= merged_total
        freq[new_id] += merged_total
        if not 0 < self._assumed[new_id] <= freq[new_id]:
            # A new token, or one rebuilt after it had gone (its guest pairs went with it; none assume anything).
            self._assumed[new_id] = _rounded_down(freq[new_id])
        self._drop(left_id << shift | right_id)
        self._apply_changes(lost, gained)
        if self._ranks:
            self._sync_first_positions(gained)
        touched = set(gained)
        if not self._by_count:
            # Every score in the groups of the merged pieces rose; their guest pairs are re-keyed once a count
            # their keys assumed is passed.
            for token in (left_id, right_id):
                if freq[token]:
                    touched |= self._guests_to_renew(token)
                    self._refresh_group(token)
        self._push_pairs(touched)
        return merged_total

    def _guests_to_renew(self, token: int) -> set[int]:
        """The guest pairs of ``token`` whose keys assumed a larger count of it than it has now."""
        count = self._freq[token]
        if count < self._assumed[token]:
            self._assumed[token] = _rounded_down(count)
            self._exact_guests[token].clear()
            return self._guest_of[token]
        renew = self._exact_guests[token]
        self._exact_guests[token] = set()
        return renew

    def _merge_words(
        self, holders: set[int], left_id: int, right_id: int, new_id: int
    ) -> tuple[dict[int, int], dict[int, int], int]:
        """Merge in every word; return the pair counts lost and gained, and the occurrences merged.

        The merged pair itself is left out of ``lost``: none of it is left.
        """
        shift, stride = self._shift, self._stride
        words, counts, span = self._words, self._counts, self._span
        pair_words, first = self._pair_words, self._first
        track_first, ranks = self._track_first, self._ranks
        removed_at = self._removed_at
        merged_code = left_id << shift | right_id
        lost: defaultdict[int, int] = defaultdict(int)
        gained: defaultdict[int, int] = defaultdict(int)
        merged_total = 0

        # ``index`` and ``count`` are the word being merged (set by the loop below, read when called).
        def lose(code: int, position: int) -> None:
            lost[code] += count
            if ranks:
                removed_at.append((code, position))

        def gain(code: int, position: int) -> None:
            gained[code] += count
            holder_set = pair_words.get(code)
            if holder_set is None:
                pair_words[code] = {index}
            else:
                holder_set.add(index)
            if track_first and position < first.get(code, position + 1):
                first[code] = position

        walked = 0
        for index in holders:
            pieces = words[index]
            size = len(pieces)
            walked += size
            if left_id not in pieces:
                continue
            count = counts[index]
            base = index * stride
            if left_id != right_id and pieces.count(left_id) == 1:
                # The common case, one occurrence: patch the word in place.
                at = pieces.index(left_id)
                if at + 1 == size or pieces[at + 1] != right_id:
                    continue
                merged_total += count
                offset = sum(map(span.__getitem__, pieces[:at])) if track_first and at else 0
                if at:
                    before = pieces[at - 1]
                    lose(before << shift | left_id, base + offset - span[before])
                    gain(before << shift | new_id, base + offset - span[before])
                if at + 2 < size:
                    after = pieces[at + 2]
                    lose(right_id << shift | after, base + offset + span[left_id])
                    gain(new_id << shift | after, base + offset)
                pieces[at : at + 2] = [new_id]
                continue
            out: list[int] = []
            merged_at: list[int] = []
            fresh: list[int] = []
            position = 0
            while position < size:
                piece = pieces[position]
                if piece == left_id and position + 1 < size and pieces[position + 1] == right_id:
                    merged_at.append(position)
                    fresh.append(len(out))
                    out.append(new_id)
                    position += 2
                else:
                    out.append(piece)
                    position += 1
            if not merged_at:
                continue
            merged_total += count * len(merged_at)
            # The pair occurrences that touched a merged piece are gone ...
            starts = set()
            for position in merged_at:
                starts.update((position - 1, position, position + 1))
            last = size - 1
            old_offsets = _offsets(pieces, span) if ranks else None
            for start in starts:
                if 0 <= start < last:
                    code = pieces[start] << shift | pieces[start + 1]
                    if code != merged_code:
                        lose(code, base + old_offsets[start] if old_offsets is not None else 0)
            # ... and those that touch a new piece appear.
            starts = set()
            for position in fresh:
                starts.add(position - 1)
                starts.add(position)
            last = len(out) - 1
            offsets = None
            for start in starts:
                if 0 <= start < last:
                    if track_first and offsets is None:
                        offsets = _offsets(out, span)
                    position = base + offsets[start] if offsets is not None else 0
                    gain(out[start] << shift | out[start + 1], position)
            words[index] = out
        self.pieces_walked += walked
        return lost, gained, merged_total

    def _apply_changes(self, lost: dict[int, int], gained: dict[int, int]) -> None:
        pair_count = self._pair_count
        new_codes = []
        for code, amount in gained.items():
            if code in pair_count:
                pair_count[code] += amount
            else:
                pair_count[code] = amount
                new_codes.append(code)
        unsure = self._first_unsure if not self._ranks else set()
        for code, amount in lost.items():
            remaining = pair_count[code] - amount
            if remaining:
                pair_count[code] = remaining
                unsure.add(code)
            else:
                self._drop(code)
        self._assign_owners(new_codes)

    def _sync_first_positions(self, gained: Iterable[int]) -> None:
        """Make the first positions of the pairs this merge touched exact again, and register them."""
        first, pair_count = self._first, self._pair_count
        moved = set(gained)
        for code, position in self._removed_at:
            if first.get(code) == position and code in pair_count:
                first[code] = self._exact_first(code)
                moved.add(code)
        self._removed_at.clear()
        for code in moved:
            self._register_first(code)

    def _register_first(self, code: int) -> None:
        position = self._first[code]
        old = self._registered.get(code)
        if old != position:
            if old is not None:
                self._first_counts.add(old, -1)
            self._first_counts.add(position, 1)
            self._registered[code] = position

    def _drop(self, code: int) -> None:
        left, right = code >> self._shift, code & self._mask
        del self._pair_count[code]
        del self._pair_words[code]
        self._first.pop(code, None)
        self._first_unsure.discard(code)
        if self._ranks:
            self._first_counts.add(self._registered.pop(code), -1)
        self._entry.pop(code, None)
        owner = self._owner.pop(code)
        guest = right if owner == left else left
        self._guest_of[guest].discard(code)
        self._exact_guests[guest].discard(code)

    def splits(self) -> list[list[str]]:
        """Every word's current pieces, in reading order.

        >>> PairStats([["a", "##b"]], [1]).splits()
        [['a', '##b']]
        """
        texts = self._texts
        return [[texts[token] for token in pieces] for pieces in self._words]

    def piece_count(self, piece: str) -> int:
        """``freq(piece)`` over the current splits (0 for an unknown piece).

        >>> PairStats([["a", "##b"]], [4]).piece_count("##b")
        4
        """
        token = self._ids.get(piece)
        return 0 if token is None else self._freq[token]

    def pair_count(self, pair: tuple[str, str]) -> int:
        """``freq(left, right)`` over the current splits (0 if absent).

        >>> PairStats([["a", "##b"]], [4]).pair_count(("a", "##b"))
        4
        """
        left, right = self._ids.get(pair[0]), self._ids.get(pair[1])
        if left is None or right is None:
            return 0
        return self._pair_count.get(left << self._shift | right, 0)

    def __len__(self) -> int:
        """The number of distinct adjacent pairs left.

        >>> len(PairStats([["a", "##b", "##b"]], [1]))
        2
        """
        return len(self._pair_count)


def _rounded_down(count: int) -> int:
    """``count`` with all but its three leading bits cleared (at most a quarter less)."""
    low_bits = count.bit_length() - 3
    return count >> low_bits << low_bits if low_bits > 0 else count


def _offsets(pieces: Sequence[int], span: Sequence[int]) -> list[int]:
    """Where each piece starts, counted in initial pieces."""
    offsets = []
    total = 0
    for token in pieces:
        offsets.append(total)
        total += span[token]
    return offsets


class _PositionCounts:
    """How many marked positions lie before a position (a Fenwick tree)."""

    def __init__(self, size: int) -> None:
        self._tree = [0] * (size + 1)

    def add(self, position: int, delta: int) -> None:
        tree = self._tree
        index = position + 1
        while index < len(tree):
            tree[index] += delta
            index += index & -index

    def before(self, position: int) -> int:
        tree = self._tree
        total = 0
        index = position
        while index > 0:
            total += tree[index]
            index -= index & -index
        return total


__all__ = [
    "FAST_CRITERIA",
    "MAX_TRAINING_WORD_CHARS",
    "PairChoice",
    "PairStats",
    "check_word_lengths",
]
