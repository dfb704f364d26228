"""The pipeline: from text to a model's input and back, and Hugging Face's ``tokenizer.json`` (notebooks 04, 10, 12).

- ``added_tokens``: Added tokens: special tokens such as ``[MASK]`` that stay whole when typed in raw text
- ``encoding``: ``Encoding``: everything a model needs from one text (or one pair of texts)
- ``template``: Post-processing: the template that wraps a text (or a pair) in a model's special tokens
- ``truncation``: Truncation and padding: making encodings fit a model, with Hugging Face's meaning of every option
- ``decoder``: Decoding: from tokens back to readable text, the way Hugging Face's WordPiece (and Metaspace) decoders do it
- ``fast_tokenizer``: Whole texts, fast: ``FastWordPieceTokenizer``, the engine behind ``WordPieceTokenizer.tokenize``
- ``engine``: Texts to tokens through any parts: normalize, pre-tokenize, cut each word with the model, and keep the offsets
- ``parts``: The parts of a tokenizer, slot by slot: what the pipeline asks of each, and every part this library reads, by type
- ``serialization``: ``tokenizer.json``, both ways: a tokenizer's parts to Hugging Face's JSON, and back, each part by its ``type``
- ``compat``: Which reference the tokenizer reproduces: ``compat="huggingface"`` (the default) or ``"google"``
- ``hf_config``: ``tokenizer_config.json`` and ``special_tokens_map.json``: what ``transformers``' loaders read beside the vocab
- ``tokenizer_json``: Hugging Face's ``tokenizer.json`` on disk: where it is, reading it (size, encoding, JSON), and the files beside a vocab
- ``tokenizer``: ``Tokenizer``: Hugging Face's pipeline in one object, five slots and a model among them, from text to a model's input and back
- ``wordpiece_tokenizer``: ``WordPieceTokenizer``: the whole BERT pipeline in one object, from text to a model's input and back
- ``unigram_tokenizer``: ``UnigramTokenizer``: a Unigram model (SentencePiece's) in the same pipeline, from text to a model's input and back
- ``loader``: One loader for every saved tokenizer: the file read and parsed once, and the class its model asks for
- ``processors``: Hugging Face's other post-processors: ``BertProcessing``, ``RobertaProcessing``, ``ByteLevel``, a chain
- ``decoders``: Hugging Face's other decoders, each a step of a chain: byte-level, BPE, byte fallback, fuse, strip, replace
- ``explanation``: Why a tokenizer cut a text the way it did: every token with its edits, its word and the model's decision
"""

from typing import TYPE_CHECKING

from wordpiece_lib._lazy_face import lazy_face

#: Every module of the folder, in the order of ``__all__``; a name is imported from its module on first use.
__getattr__, __dir__ = lazy_face(
    __name__,
    (
        "added_tokens",
        "encoding",
        "template",
        "truncation",
        "decoder",
        "fast_tokenizer",
        "engine",
        "parts",
        "serialization",
        "compat",
        "hf_config",
        "tokenizer_json",
        "tokenizer",
        "wordpiece_tokenizer",
        "unigram_tokenizer",
        "loader",
        "processors",
        "decoders",
        "explanation",
    ),
)

if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .added_tokens import *
    from .compat import *
    from .decoder import *
    from .decoders import *
    from .encoding import *
    from .engine import *
    from .explanation import *
    from .fast_tokenizer import *
    from .hf_config import *
    from .loader import *
    from .parts import *
    from .processors import *
    from .serialization import *
    from .template import *
    from .tokenizer import *
    from .tokenizer_json import *
    from .truncation import *
    from .unigram_tokenizer import *
    from .wordpiece_tokenizer import *
