"""Make the real tokenizers bundled in data/tokenizers/ (notebook 13, tests/peers): each from a pinned input.

    python tools/make_real_tokenizers.py [--check]

Needs network once (two `pip download`s) and, in the Python that runs it, `transformers`, `tokenizers`,
`sentencepiece` and `protobuf` (a converter's tools, never the library's or a notebook's):

    python -m venv /tmp/convert && /tmp/convert/bin/pip install transformers tokenizers sentencepiece protobuf
    /tmp/convert/bin/python tools/make_real_tokenizers.py

What it writes (data/README.md lists sources, licences, sizes and checksums):

* `botchan-unigram.json`, `botchan-bpe.json`, `kyoto-unigram.json`: the SentencePiece test models of the
  `sentencepiece` 0.2.3 source distribution (Apache-2.0), converted by `transformers`' own `SpmConverter`
  (SentencePiece's character map as a `Precompiled` normalizer; the BPE model through its
  `build_tokenizer_from_spm_proto`, which follows the model's own settings and ranks merges by piece score);
* `clip-bpe.json`: CLIP's byte-level BPE (48,894 merges, `</w>` ending a word), from the merges file in the
  `open_clip_torch` 3.3.0 wheel (MIT), converted by `transformers`' `CLIPConverter`;
* `treasure-bpe.json`: a GPT-2-style byte-level BPE trained by Hugging Face's `BpeTrainer` on the bundled novel
  (4,000 tokens): no GPT-2 merge list was at hand to pin (none ships in the packages this project installs).

Every input is checked against its pinned SHA-256 before use; `--check` rebuilds into a temporary folder and
fails if any bundled file differs.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "tokenizers"

SENTENCEPIECE = ("sentencepiece==0.2.3", "sentencepiece-0.2.3.tar.gz",
                 "21618ad31f0453a1ebf5ec58defed99758d54af0b670546ecac639ddd8b86fbd")  # fmt: skip
OPEN_CLIP = ("open_clip_torch==3.3.0", "open_clip_torch-3.3.0-py3-none-any.whl",
             "c549ad5ed6bfc119cc11105033c0a2b9d7a2a4afeb40a58a09aab3da1a0043ce")  # fmt: skip
MODELS = {
    "botchan-unigram.json": ("test/botchan_en_unigram_1000.model", "f8c7e5e0fa9e948783d20ea9dccf0e2611f567bc1a4e468a658becd5015f458e"),
    "botchan-bpe.json": ("test/botchan_en_bpe_1000.model", "c8636a43e913dad9d5eb5d2eee2077706a55589fd2d6caf1e7ee4a7d03e4360a"),
    "kyoto-unigram.json": ("test/kyoto_ja_unigram_8000.model", "e39551e7ab937745b25edf55a7399d3c78948fda1dabca6b1781df2fcec67f65"),
}  # fmt: skip
NOVEL = (ROOT / "data" / "treasure-island.txt", "a9672a29af9d8b30b3ae6b310a315745464805b82a5cb09acdcf1a8d5d644a3a")
#: CLIP's vocab: 49,408 tokens, so the first 49,152 - 256 - 2 merges of the file (as CLIP's own tokenizer reads it).
CLIP_MERGES = 49152 - 256 - 2
TREASURE_VOCAB = 4000


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pinned(data: bytes, expected: str, what: str) -> bytes:
    if sha256(data) != expected:
        sys.exit(f"{what}: sha256 {sha256(data)} is not the pinned {expected}")
    return data


def download(requirement: str, name: str, expected: str, folder: Path, *, source: bool) -> bytes:
    """One pinned distribution, through pip (its source distribution, or its wheel)."""
    kind = ["--no-binary", ":all:"] if source else ["--only-binary", ":all:"]
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", *kind, "-d", str(folder), requirement],
        check=True,
    )
    return pinned((folder / name).read_bytes(), expected, name)


def spm_tokenizer(model: Path, converter_name: str):
    import sentencepiece
    import transformers.convert_slow_tokenizer as convert_slow_tokenizer

    processor = sentencepiece.SentencePieceProcessor(model_file=str(model))
    # The converters read a slow tokenizer's vocab_file and a few settings; this stands in for one.
    original = SimpleNamespace(
        vocab_file=str(model),
        legacy=True,
        add_prefix_space=True,
        convert_ids_to_tokens=processor.id_to_piece,
    )
    converter = getattr(convert_slow_tokenizer, converter_name)
    if converter_name != "SpmConverter":
        return converter(original).converted()
    proto = convert_slow_tokenizer.import_protobuf().ModelProto()
    proto.ParseFromString(model.read_bytes())
    if proto.trainer_spec.model_type == 1:  # Unigram
        return converter(original).converted()
    # transformers 5.24's SpmConverter cannot read a BPE model any more (its extractor's signature changed):
    # its builder from the model's own settings makes the BPE tokenizer, merges ranked by piece score.
    vocab = {piece.piece: index for index, piece in enumerate(proto.pieces)}
    return converter.build_tokenizer_from_spm_proto(proto, vocab)


def clip_tokenizer(wheel: bytes):
    import io

    import transformers.convert_slow_tokenizer as convert_slow_tokenizer

    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        lines = gzip.decompress(archive.read("open_clip/bpe_simple_vocab_16e6.txt.gz")).decode("utf-8").split("\n")
    merges = [tuple(line.split()) for line in lines[1 : CLIP_MERGES + 1]]
    alphabet = list(convert_slow_tokenizer.bytes_to_unicode().values())
    vocab_list = alphabet + [char + "</w>" for char in alphabet] + ["".join(pair) for pair in merges]
    vocab_list += ["<|startoftext|>", "<|endoftext|>"]
    original = SimpleNamespace(
        encoder={token: index for index, token in enumerate(vocab_list)},
        bpe_ranks={pair: rank for rank, pair in enumerate(merges)},
        unk_token="<|endoftext|>",
        bos_token="<|startoftext|>",
        eos_token="<|endoftext|>",
        bos_token_id=len(vocab_list) - 2,
        eos_token_id=len(vocab_list) - 1,
    )
    tokenizer = convert_slow_tokenizer.CLIPConverter(original).converted()
    tokenizer.add_special_tokens(["<|startoftext|>", "<|endoftext|>"])
    return tokenizer


def treasure_tokenizer():
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers

    text = pinned(NOVEL[0].read_bytes(), NOVEL[1], NOVEL[0].name).decode("utf-8")
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    tokenizer.post_processor = processors.ByteLevel(trim_offsets=True)
    trainer = trainers.BpeTrainer(
        vocab_size=TREASURE_VOCAB,
        special_tokens=["<|endoftext|>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tokenizer.train_from_iterator(text.split("\n"), trainer)
    return tokenizer


def build(folder: Path) -> dict[str, Path]:
    with tempfile.TemporaryDirectory() as scratch:
        where = Path(scratch)
        sdist = download(*SENTENCEPIECE, where, source=True)
        wheel = download(*OPEN_CLIP, where, source=False)
        (where / "sdist.tar.gz").write_bytes(sdist)
        made = {}
        with tarfile.open(where / "sdist.tar.gz") as archive:
            for name, (member, expected) in MODELS.items():
                extracted = archive.extractfile(f"sentencepiece-0.2.3/{member}")
                assert extracted is not None
                model = where / Path(member).name
                model.write_bytes(pinned(extracted.read(), expected, member))
                made[name] = spm_tokenizer(model, "SpmConverter")
        made["clip-bpe.json"] = clip_tokenizer(wheel)
        made["treasure-bpe.json"] = treasure_tokenizer()
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name, tokenizer in made.items():
        # One line, no spaces: the files stay small (CLIP's is 1.7 MB so, 2.8 MB indented).
        text = json.dumps(json.loads(tokenizer.to_str()), ensure_ascii=False, separators=(",", ":")) + "\n"
        paths[name] = folder / name
        paths[name].write_text(text, encoding="utf-8")
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="rebuild into a temporary folder and compare")
    args = parser.parse_args()
    if not args.check:
        for name, path in build(OUT).items():
            data = path.read_bytes()
            print(f"{name}\t{len(data):,} bytes\t{sha256(data)}")
        return
    with tempfile.TemporaryDirectory() as scratch:
        differ = [name for name, path in build(Path(scratch)).items() if path.read_bytes() != (OUT / name).read_bytes()]
    if differ:
        sys.exit(f"differ from data/tokenizers/: {', '.join(differ)}")
    print("every bundled tokenizer is rebuilt byte for byte")


if __name__ == "__main__":
    main()
