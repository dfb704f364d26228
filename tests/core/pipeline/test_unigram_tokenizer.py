"""``UnigramTokenizer`` on its own: it travels (pickle, copy), its settings change its engine, its refusals name what."""

from __future__ import annotations

import copy
import pickle

import pytest

from wordpiece_lib import BertNormalizer, UnigramTokenizer
from wordpiece_lib.model import UnigramModel
from wordpiece_lib.text import Metaspace

MODEL = UnigramModel([("<unk>", 0.0), ("▁hug", -2.0), ("s", -3.0), ("▁", -4.0), ("hug", -2.5), ("!", -3.0)])


def test_a_used_tokenizer_pickles_and_copies():
    tokenizer = UnigramTokenizer(MODEL)
    expected = tokenizer.encode_plus("hugs hug!").tokens
    for copied in [pickle.loads(pickle.dumps(tokenizer, protocol=p)) for p in range(pickle.HIGHEST_PROTOCOL + 1)]:
        assert copied.encode_plus("hugs hug!").tokens == expected
    assert copy.deepcopy(tokenizer).tokenize("hugs") == copy.copy(tokenizer).tokenize("hugs") == ["▁hug", "s"]


def test_changed_settings_rebuild_the_engine():
    tokenizer = UnigramTokenizer(MODEL)
    assert tokenizer.tokenize("hug!") == ["▁hug", "!"]
    tokenizer.pretokenizer = "bert"
    assert tokenizer.tokenize("hug!") == ["hug", "!"]
    tokenizer.pretokenizer = Metaspace(prepend_scheme="never")
    assert tokenizer.tokenize("hug hug") == ["hug", "▁hug"]
    tokenizer.normalizer = BertNormalizer(lowercase=False)
    tokenizer.lowercase = True
    assert tokenizer.normalizer.lowercase and tokenizer.tokenize("HUG") == ["hug"]


def test_refusals_name_what_is_wrong():
    with pytest.raises(TypeError, match="model must be a UnigramModel"):
        UnigramTokenizer("pieces")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="pretokenizer must be a Metaspace or one of"):
        UnigramTokenizer(MODEL, pretokenizer="gpt2")
    with pytest.raises(ValueError, match="has no normalizer, so it cannot lowercase"):
        UnigramTokenizer(MODEL).lowercase = True
    with pytest.raises(ValueError, match="replacement must be one character"):
        Metaspace(replacement="__")
