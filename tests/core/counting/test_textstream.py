"""Reading files as a stream: blocks end at line ends, compressed files read the same, parts tile a file."""

from __future__ import annotations

import bz2
import gzip
import lzma
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordpiece_lib.counting import (
    FilePart,
    compression,
    decode_block,
    expand_inputs,
    read_blocks,
    read_lines,
    split_file,
)

QUICK = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture], derandomize=True)
COMPRESSORS = {"gzip": gzip.compress, "bzip2": bz2.compress, "xz": lzma.compress}
LINES = st.lists(st.text(st.sampled_from("ab é\t\r我"), max_size=12), max_size=30)


def text_lines(text: str) -> list[str]:
    """The lines ``encode`` has always read: split at ``\\n``, without the empty piece after a final one."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def write(folder, name: str, data: bytes):
    path = folder / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("kind", sorted(COMPRESSORS))
def test_a_compressed_file_is_recognised_by_its_bytes_and_reads_as_the_plain_one(tmp_path, kind, book_text):
    data = book_text.encode()
    plain = write(tmp_path, "book.txt", data)
    # A misleading name on purpose: the first bytes decide.
    packed = write(tmp_path, "book.txt.data", COMPRESSORS[kind](data))
    assert compression(plain) is None and compression(packed) == kind
    assert b"".join(read_blocks(packed)) == data
    assert list(read_lines(packed)) == list(read_lines(plain)) == text_lines(book_text)


def test_a_text_starting_like_bzip2_is_still_plain(tmp_path):
    assert compression(write(tmp_path, "a.txt", b"BZh9 is a word here\n")) is None


def test_blocks_end_at_line_ends_and_rebuild_the_file(tmp_path, book_text):
    data = book_text.encode()
    blocks = list(read_blocks(write(tmp_path, "book.txt", data), block_bytes=1000))
    assert b"".join(blocks) == data
    assert all(block.endswith(b"\n") for block in blocks[:-1]) and len(blocks) > 300


def test_a_line_longer_than_the_limit_is_cut_after_a_space(tmp_path, monkeypatch):
    import wordpiece_lib.counting.textstream as textstream

    monkeypatch.setattr(textstream, "MAX_LINE_BYTES", 64)
    data = b"word " * 100 + b"end\n" + b"x" * 200 + b"\n"
    blocks = list(read_blocks(write(tmp_path, "long.txt", data), block_bytes=16))
    assert b"".join(blocks) == data
    assert all(block.endswith((b" ", b"\n")) for block in blocks)
    assert max(len(block) for block in blocks) < 300  # the long word itself must stay whole
    parts = split_file(tmp_path / "long.txt", 100)
    assert b"".join(b"".join(read_blocks(part)) for part in parts) == data
    assert all(data[part.end - 1 : part.end] in (b" ", b"\n") for part in parts) and len(parts) > 3


@settings(QUICK, max_examples=60)
@given(lines=LINES, part_bytes=st.integers(1, 40), trailing_newline=st.booleans())
def test_parts_tile_a_file_and_end_at_line_ends(tmp_path, lines, part_bytes, trailing_newline):
    text = "\n".join(lines) + ("\n" if trailing_newline else "")
    data = text.encode()
    path = write(tmp_path, "a.txt", data)
    parts = split_file(path, part_bytes)
    if not data:
        assert parts == []
        return
    assert [part.start for part in parts] == [0, *(part.end for part in parts[:-1])]
    assert parts[-1].end == len(data)
    assert all(data[part.end - 1 : part.end] == b"\n" for part in parts[:-1])
    assert b"".join(b"".join(read_blocks(part, block_bytes=7)) for part in parts) == data


def test_a_compressed_file_is_one_part(tmp_path):
    path = write(tmp_path, "a.gz", gzip.compress(b"a\n" * 1000))
    assert split_file(path, 10) == [FilePart(str(path), 0, None)]


@pytest.mark.parametrize("kind", [None, "gzip", "xz"])
def test_progress_adds_up_to_the_bytes_on_disk(tmp_path, kind, book_text):
    data = book_text.encode()
    path = write(tmp_path, "book", data if kind is None else COMPRESSORS[kind](data))
    reported = []
    for _ in read_blocks(path, block_bytes=4096, progress=reported.append):
        pass
    assert sum(reported) == os.path.getsize(path) and len(reported) > 1


@settings(QUICK, max_examples=60)
@given(lines=LINES, trailing_newline=st.booleans())
def test_lines_are_the_texts_lines(tmp_path, lines, trailing_newline):
    text = "\n".join(lines) + ("\n" if trailing_newline else "")
    assert list(read_lines(write(tmp_path, "a.txt", text.encode()), block_bytes=5)) == text_lines(text)


def test_a_bad_byte_is_reported_with_its_offset_in_the_file(tmp_path):
    path = write(tmp_path, "a.txt", b"fine line\n" * 10 + b"caf\xe9\n")
    with pytest.raises(ValueError, match=r"a\.txt is not valid UTF-8: byte 0xe9 at offset 103 \(convert"):
        list(read_lines(path, block_bytes=8))
    packed = write(tmp_path, "b.gz", gzip.compress(b"caf\xe9\n"))
    with pytest.raises(ValueError, match=r"byte 0xe9 at offset \(in the decompressed text\) 3"):
        decode_block(b"caf\xe9\n", packed, 0)


def test_inputs_expand_globs_in_name_order_and_name_what_is_missing(tmp_path):
    for name in ("b.txt", "a.txt", "c.md"):
        write(tmp_path, name, b"x\n")
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", "d.txt", b"x\n")
    assert [path.name for path in expand_inputs([tmp_path / "*.txt"])] == ["a.txt", "b.txt"]
    assert [path.name for path in expand_inputs([str(tmp_path / "**" / "*.txt")])] == ["a.txt", "b.txt", "d.txt"]
    assert [path.name for path in expand_inputs([tmp_path / "c.md", tmp_path / "c.md"])] == ["c.md", "c.md"]
    with pytest.raises(FileNotFoundError, match=r"input pattern .*\*\.csv matches no file"):
        expand_inputs([tmp_path / "*.csv"])
    with pytest.raises(FileNotFoundError, match=r"input file .*nope\.txt does not exist"):
        expand_inputs([tmp_path / "nope.txt"])
    with pytest.raises(IsADirectoryError, match=r"is a folder, not a file"):
        expand_inputs([tmp_path / "sub"])
    with pytest.raises(TypeError, match="inputs must be a list of paths or patterns"):
        expand_inputs(str(tmp_path / "a.txt"))


def test_part_size_must_be_positive(tmp_path):
    with pytest.raises(ValueError, match="part_bytes must be a positive int, got 0"):
        split_file(write(tmp_path, "a.txt", b"x\n"), 0)
