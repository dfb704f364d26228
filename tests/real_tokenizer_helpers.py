"""The real tokenizers bundled in data/tokenizers/ and BERT's vocab, and the text sets they are checked on.

Three text sets: every line of the novel; notebook 09's multilingual texts (the CLDR parallel phrases
and the 300 most frequent words of each of its eleven languages); and the edge cases below.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
TOKENIZER_FOLDER = REPO_ROOT / "data" / "tokenizers"
BUNDLED = sorted(path.name for path in TOKENIZER_FOLDER.glob("*.json"))
#: BERT's uncased vocab, as Hugging Face's BertWordPieceTokenizer makes its tokenizer.json.
BERT = "bert-base-uncased"
ALL_TOKENIZERS = [BERT, *BUNDLED]
LANGUAGES = ["en", "fr", "vi", "ru", "el", "ar", "he", "hi", "zh", "ja", "ko"]

#: Accents (composed and decomposed), combining marks in and out of order, CJK, emoji (with joiners and
#: skin tones), control characters, private-use and unassigned code points, odd spaces, and the offsets case a
#: differential run found (a stripped accent before a kept mark of a newer Unicode).
EDGE_TEXTS = [
    "",
    " ",
    "Héllo wörld! naïve café, ÉCOLE Ça",
    "e\u0301 a\u0301\u0c3c ŭ\u302f q\u0307\u0323 \u1e69 a\u0328\u0301",
    "\u0915\u094d\u0937 \u0e01\u0e34\u0e4c a\u0334\u0301\u0300",
    "東京は日本の首都です。 北京欢迎你 한국어 텍스트",
    "I ❤️ emoji 😀👍🏽 👨‍👩‍👧 🇫🇷 ☕",
    "tab\there\nnew line\rcr \x00nul \x1fctl \x7fdel \u200bzw \u200d\u2060",
    "private \ue000\uf8ff \U000f0001 unassigned \u0378 \U0001fbfa",
    "  leading  and   trailing  ",
    "ﬁne Ⅻ ① ＡＢＣ ﹏ ㍿ ½ ²",
    "İstanbul ΣΑΣ ß ǅ ﬀ",
    "don't you've we'll I'M SHE'S",
    "1883 and 2024! ٣٤ ௪ 一二三",
    "<s> </s> <unk> <|endoftext|> [CLS] [UNK]",
    "a\u0301\u0c3c",
    "\u3000ideographic\u3000space\u00a0nbsp\u2009thin",
    "x" * 120 + " " + "é" * 30,
]


def bert_tokenizer_json(vocab_path: Path, folder: Path) -> Path:
    """BERT's uncased vocab as Hugging Face's ``BertWordPieceTokenizer`` writes its tokenizer.json."""
    from tokenizers.implementations import BertWordPieceTokenizer

    path = folder / "bert-base-uncased.json"
    BertWordPieceTokenizer(str(vocab_path), lowercase=True).save(str(path))
    return path


def language_texts() -> list[str]:
    """Notebook 09's texts: the parallel phrases and each language's 300 most frequent words."""
    pytest.importorskip("babel")
    pytest.importorskip("wordfreq")
    from wordpiece_lib.data.language_data import frequency_list, parallel_phrases

    phrases = parallel_phrases(LANGUAGES)
    texts = [phrase for language in LANGUAGES for phrase in phrases[language]]
    texts += [word for language in LANGUAGES for word, _ in frequency_list(language, top=300)]
    return texts


def read_json(path: Path) -> dict:  # type: ignore[type-arg]
    return json.loads(path.read_text(encoding="utf-8"))
