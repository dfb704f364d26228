"""Where the library used to differ from Hugging Face without saying so: ids no token has, and tokens vocab.txt cannot hold.

Both peers run in the test: ``tokenizers`` decodes the same ids, and ``transformers`` and
``tokenizers`` load the folder the library saves.
"""

from __future__ import annotations

import json
import warnings

import pytest

from wordpiece_lib import AddedToken, UnigramTokenizer, Vocab, WordPieceTokenizer, load_tokenizer
from wordpiece_lib.model import UnigramModel

tokenizers = pytest.importorskip("tokenizers")

VOCAB = Vocab(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "hug", "##s", "pug", "!"])


@pytest.mark.parametrize(
    "ours",
    [
        WordPieceTokenizer(VOCAB, special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "<added>"]),
        UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁hug", -1.0), ("s", -2.0), ("▁pug", -1.5)])),
    ],
    ids=["wordpiece", "unigram"],
)
def test_decode_leaves_out_ids_no_token_has_as_hugging_face_does(ours):
    peer = tokenizers.Tokenizer.from_str(json.dumps(ours.to_json()))
    size = peer.get_vocab_size(with_added_tokens=True)
    for ids in ([4, size, 5], [size + 7, 2, 3], [0, 1, 2, 3, size - 1], [2**32 - 1], [size, size + 1]):
        for skip in (True, False):
            assert ours.decode(ids, skip_special_tokens=skip) == peer.decode(ids, skip_special_tokens=skip), ids
    assert ours.decode_batch([[4, 99], [99]]) == peer.decode_batch([[4, 99], [99]])
    for impossible in (-1, 2**32):  # an id no vocab can have: both refuse it (docs/hf-differences.md says how)
        with pytest.raises(OverflowError):
            peer.decode([4, impossible])
        with pytest.raises(ValueError, match=rf"ids\[1\] is {impossible}: an id is a number from 0 to 2\*\*32 - 1"):
            ours.decode([4, impossible])


def test_a_token_with_surrounding_whitespace_saves_as_a_folder_every_loader_reads(tmp_path):
    """Before, save(folder) stopped at vocab.txt, which cannot hold " <x> "; tokenizer.json can."""
    transformers = pytest.importorskip("transformers")
    vocab = Vocab(["[UNK]", "[CLS]", "[SEP]", "hug", "##s", " <x> ", "\n"])
    ours = WordPieceTokenizer(
        vocab, lowercase=True, special_tokens=["[UNK]", "[CLS]", "[SEP]", AddedToken(" <x> ", lstrip=True), "\n"]
    )
    ours.add_tokens([AddedToken("  <y>", special=False)])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        folder = ours.save(tmp_path / "saved")
    assert sorted(path.name for path in folder.iterdir()) == [
        "special_tokens_map.json",
        "tokenizer.json",
        "tokenizer_config.json",
    ]
    assert [str(warning.message) for warning in caught if "no vocab.txt" in str(warning.message)]
    auto = transformers.AutoTokenizer.from_pretrained(str(folder))
    peer = tokenizers.Tokenizer.from_file(str(folder / "tokenizer.json"))
    again = load_tokenizer(folder)
    for text in ["Hugs <x> hug", "hug  <x>  <y> hugs", "a\nb <x>"]:
        expected = ours.encode_plus(text)
        assert auto(text)["input_ids"] == peer.encode(text).ids == again.encode_plus(text).ids == expected.ids
        assert peer.encode(text).offsets == expected.offsets
        assert ours.decode(expected.ids, skip_special_tokens=False) == peer.decode(
            expected.ids, skip_special_tokens=False
        )
