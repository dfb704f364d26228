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
}
