"""The idea each wrong answer's message must name: ``{exercise: {wrong answer's label: phrase}}``.

One phrase per wrong answer of the tables (``nb01`` ... ``nb12``) that is not a
library call: the words, from the message, that name the idea that went wrong
(``test_message_ideas.py`` checks that the message holds them, case aside). A
new wrong answer gets its line here; a message that names another idea than
its own fails.
"""

from __future__ import annotations

CONTAINER = "the course's rule: an answer comes in the container its exercise names"

IDEAS: dict[str, dict[str, str]] = {
    # 01 · character splitting
    "count_words": {
        "every count 1": "add one to a word's count every time the word appears",
        "sorted, not first-seen order": "not in first-seen order",
        "the printed counts of the course sentences": "every distinct word of the list needs one",
        "the worked character count, wrapped": "counts single characters",
        "lowercased": "count each word as it is written",
        "most frequent first": "not in first-seen order",
        "the pairs as a list, not a dict": CONTAINER,
    },
    "split_with_prefix": {
        "no prefix": "every character after the first needs the '##' prefix",
        "prefix on the first character too": "the first piece is the bare first character",
        "the rest as one piece": "one piece per character",
        "lowercased": "splitting changes no capital and no accent",
        "the printed hugs example": "should spell the word again",
        "the worked marker line, wrapped": "should spell the word again",
        "a tuple, not a list": CONTAINER,
    },
    "split_with_end_marker": {
        "the marker as a piece of its own": "not a piece of its own",
        "the marker on every piece": "only the word's last character carries",
        "the marker on the first character": "the word's last piece carries",
        "## prefix kept": "no piece carries the '##' prefix",
        "lowercased": "splitting changes no capital and no accent",
        "the worked begin-of-word line, wrapped": "no '_' opens the word",
        "the printed low example": "should spell the word again",
        "a tuple, not a list": CONTAINER,
    },
    "my_alphabet": {
        "no ## pieces": "write the letters after the first one as '##' pieces",
        "a piece twice": "list each piece once",
        "first letter of gnu forgotten": "a word-initial letter is missing",
        "the hug/pug alphabet printed above": "is not a first piece of these words",
        "a set, not a list": CONTAINER,
    },
    # 02 · pair scores
    "count_pairs": {
        "one per word, ignoring counts": "a word seen n times adds n",
        "a pair counted once per word": "a pair that stands twice in one word counts twice",
        "the worked piece count, wrapped": "not a pair of neighbouring pieces",
        "pairs of every two pieces, not neighbours": "not a pair of neighbouring pieces",
        "every word's last pair missed": "each word's LAST pair is missing",
        "every word's first pair missed": "each word's FIRST pair is missing",
        "the pairs as a list of (pair, count)": CONTAINER,
    },
    "wordpiece_score": {
        "a float": "must be an exact Fraction",
        "counts added": "multiplied, not added",
        "a Fraction made from a float": "built from a float",
        "upside down": "the pair count goes on top",
        "the BPE count": "that is the BPE score",
        "the printed 1/20": "divided by the product of the two piece counts",
    },
    "best_after_ug": {
        "the best pair before the merge, printed earlier": "the words of this corpus as they stand now",
        "the most frequent pair": "compute the score of every pair",
        "pieces that never stand side by side": "not a pair of neighbouring pieces",
        "the pair just merged": "it was merged already",
        "without the ## prefix": "pieces inside a word carry the '##' prefix",
        "a list, not a tuple": CONTAINER,
        "the right pair turned round": "a pair is written left piece first",
    },
    "bpe_first": {
        "WordPiece's choice": "the pair WordPiece would merge",
        "hug/pug's BPE pair, printed above": "the words of this corpus",
        "without the ## prefix": "pieces inside a word carry the '##' prefix",
        "the most frequent pair read backwards": "a pair is written left piece first",
        "WordPiece's best pair of hug/pug, printed in section 2": "the words of this corpus",
        "a list, not a tuple": CONTAINER,
    },
    # 03 · merge steps
    "merge_all": {
        "keeps the right piece's ##": "drop the '##' of the right piece",
        "overlapping merges": "the pieces must still spell the word",
        "the first occurrence only": "merge it at every place it stands",
        "the pairs in reverse order": "apply the pairs in the list's order",
        "each pair looked for in the original splits": "not in the original splits",
        "only the first pair": "only the first pair was merged",
        "section 1's worked cell, wrapped in a def": "crashed",
        "the printed ##gs result": "every word keeps its entry",
        "the left piece's ## dropped too": "keeps its '##' at the front",
    },
    "first_three": {
        "hug/pug's first three, printed above": "recompute every score after each merge",
        "BPE's choices": "BPE's choice",
        "a tie broken alphabetically": "the 'first' policy takes the pair met first",
        "a tuple, not a list": CONTAINER,
        "the pairs turned into tokens without their ##": "keeps the left piece's '##'",
    },
    "lexical_four": {
        "the 'first' order printed in the trace": "the 'lexical' policy takes the alphabetically smallest pair",
        "SELENE's lexical four, printed in the table": "score every pair",
        "no recount after merge 2": "the 'lexical' policy takes the alphabetically smallest pair",
        "the 'first' policy's fourth merge kept": "recompute every score after each merge",
        "a tuple, not a list": CONTAINER,
    },
    "final_size": {
        "no merges counted": "you counted no merge",
        "the size with two special tokens": "count every one you passed",
        "every letter twice in the alphabet": "count each piece that occurs, once",
        "the special tokens forgotten": "the special tokens you passed are in the vocab too",
    },
    # 04 · encoding
    "my_encode": {
        "no 100-character rule": "a word longer than 100 characters is [UNK]",
        "[UNK] for one position only": "the WHOLE word becomes one [UNK]",
        "shortest match first": "take the LONGEST piece",
        "[UNK] from 100 characters on": "a word of exactly 100 characters is still looked up",
        "the marker on every piece": "only the first piece carries '_'",
        "no marker at all": "the first piece is looked up with the marker '_' in front",
        "'##' for the pieces after the first": "the pieces after it carry no '##'",
        "section 1's longest_match with the 100 rule, as it stands": "the pieces after it carry no '##'",
        "the 100 rule on bytes, not characters": "not the bytes of its UTF-8 encoding",
        "the word lowercased first": "look the word up as it is given",
        "'_' + word, then a plain longest match": "the marker '_' is not a piece on its own",
        "a tuple, not a list": CONTAINER,
        "the notebook's longest_match": "the notebook's own version",
    },
    "my_word": {
        "the table's word, which disagreed before": "disagreed on 'pugs' already before the corpus changed",
        "the old exercise's way: a table word and a letter more": "already before the corpus changed",
        "the new corpus word, now one piece": "both give",
        "a word both cut alike": "both give",
        "a letter longest match cannot start with": "no token of the vocab starts a word with 'n'",
        "the new suffix on a word piece that has it": "both give",
        "a word written as its pieces, with '##'": "a word is plain text",
    },
    "my_decode": {
        "spaces everywhere": "glued to the piece before it, without its '##'",
        "a space in front": "the text starts with a space",
        "## dropped but not glued": "a '##' piece continues the word before it",
        "the printed example": "the text holds other characters than the tokens it was given",
        "one '#' taken for the prefix, lstrip": "a token such as '#' is a word of its own",
        "one '#' taken for the prefix, [2:]": "a token such as '#' is a word of its own",
        "the pieces glued with no space at all": "a piece without '##' starts a new word",
    },
    # 05 · top-down
    "hug_keeps": {
        "the total count": "how often 'hug' occurs in all",
        "only kept substrings taken off (the guide)": "the guide's rule",
        "taken off twice": "you took off too much",
        "hug plus hugs": "gives back what it still counts",
        "only the longer word's count": "you took off too much",
        "section 2's worked one_pass, run on the exercise's corpus": "the notebook's worked example",
        "section 2's worked one_pass, through a helper of another cell": "the notebook's worked example",
    },
    "survivors": {
        "the guide's rule": "the guide's rule",
        "a prefix that gave its count away": "the longer substrings that start with it take their share first",
        "only counts above the threshold": "your set misses word endings",
        "one missing": "your set misses word endings",
        "the whole word dropped": "a word is a substring of itself",
        "section 2's worked one_pass, run on the exercise's corpus": "the notebook's worked example",
        "a list, not a set": CONTAINER,
    },
    "my_split_points": {
        "## counted in the length": "do not count the '##' of a piece in its length",
        "every position of an unsplittable word": "return None",
        "the pieces instead of positions": "return the START POSITIONS",
        "the printed shells example": "the longest matching piece is taken",
        "the shortest match at each position": "take the LONGEST piece",
        "a tuple, not a list": CONTAINER,
    },
    "threshold_tries": {
        "section 8's search for 2,000, as its table prints it": "the first try is the middle of the bounds",
        "a walk up from 1, one threshold a try": "that is a walk, not the search",
        "the last try alone": "the first try is the middle of the bounds",
        "the first try off by one": "the first try is the middle of the bounds",
        "the bounds moved the wrong way after a try": "the search moves upper below it",
        "stopped one try early": "the search goes on",
        "a tuple, not a list": CONTAINER,
    },
}
