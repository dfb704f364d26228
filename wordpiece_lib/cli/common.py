"""What the commands share: inputs and outputs (``-`` is standard input/output), the summary line,
the progress bar, token lists and writing a vocab.

Every command opens its files through :func:`read_input_text` and :func:`open_output`, reports
through a :class:`Report`, so the rules below hold for all of them:

* ``-`` names standard input (as an input) or standard output (as ``-o``); standard input can be
  read once per command;
* an output file is replaced atomically, a device or a pipe is written through, and an output that
  is also one of the inputs is refused before anything is read;
* on success one line on stderr says what was written, its size and the time taken (``--quiet``:
  nothing); a progress bar shows only on a terminal, and ends with a newline.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

from wordpiece_lib.atomic import NAME_MAX, atomic_writer, check_writable, resolve_output
from wordpiece_lib.model.vocab import MAX_VOCAB_FILE_BYTES, UNK_TOKEN, Vocab
from wordpiece_lib.pipeline.tokenizer_json import (
    CONFIG_FILE,
    SPECIAL_TOKENS_MAP_FILE,
    TOKENIZER_FILE,
    VOCAB_FILE,
    is_folder_name,
)
from wordpiece_lib.pipeline.wordpiece_tokenizer import WordPieceTokenizer
from wordpiece_lib.side_files import SETTINGS_SUFFIX, legacy_settings_path, settings_path, side_file_of
from wordpiece_lib.textfiles import decode_utf8, describe_size, read_stream, read_text_file

#: The name that means standard input or standard output.
STDIO = "-"


def where(name: str | os.PathLike[str]) -> str:
    """How a message names a file (``-`` is a stream, not a file).

    >>> where("-"), where("vocab.txt")
    ('standard output', 'vocab.txt')
    """
    return "standard output" if str(name) == STDIO else str(name)


def _regular_file(name: str) -> os.stat_result | None:
    try:
        info = os.stat(name)
    except OSError:
        return None
    return info if stat.S_ISREG(info.st_mode) else None


def _input_files(name: str) -> list[tuple[str, str]]:
    """An input file and its side files (settings now and under the old name): ``(path, what it is)``."""
    files = [(name, "an input file")]
    for side in (settings_path(name), legacy_settings_path(name)):
        files.append((str(side), f"the settings file of the input {name}"))
    return files


def _refuse_overwriting(output: str, inputs: Sequence[str | None]) -> None:
    """Stop before the output file would replace one of the input files or their settings (also through a link).

    Devices and pipes are no files to protect: ``/dev/stdin`` and ``/dev/stdout`` may both be the terminal.
    """
    target = _regular_file(output)
    if target is None:
        return
    for name in inputs:
        if name is None or name == STDIO:
            continue
        for path, what in _input_files(name):
            source = _regular_file(path)
            if source is not None and os.path.samestat(source, target):
                article = "also " if what.startswith("an ") else ""
                raise ValueError(f"output {output} is {article}{what}; write the result to another file")


#: The files of a tokenizer saved as a folder (what ``-o FOLDER/`` writes, and what loaders read there).
FOLDER_FILES = (VOCAB_FILE, CONFIG_FILE, SPECIAL_TOKENS_MAP_FILE, TOKENIZER_FILE)


class Output(NamedTuple):
    """An output checked before the work (``checked_output``): the name given, and every file that writing it
    replaces (none for a stream: ``-``, a device, a pipe)."""

    name: str
    files: tuple[str, ...]

    def refuse_inputs(self, inputs: Sequence[str | None]) -> None:
        """Stop before a file of the output would replace an input, or an input's settings (also through a link).

        >>> import tempfile, pathlib
        >>> book = pathlib.Path(tempfile.mkdtemp()) / "book.txt"
        >>> _ = book.write_text("hug")
        >>> checked_output(str(book)).refuse_inputs([str(book.parent / "." / "book.txt")])
        Traceback (most recent call last):
        ...
        ValueError: output .../book.txt is also an input file; write the result to another file
        """
        for file in self.files:
            _refuse_overwriting(file, inputs)


def checked_output(name: str, *, folder_ok: bool = False, side_file: bool = False) -> Output:
    """The output ``name``, after checking that each of its files can be written where it will go.

    Said before any input is looked at, never after the work: a missing folder, a folder or a socket in the
    way, a file the user may not replace, and (by making and removing a temporary file beside each) a folder
    that takes no new file, a read-only mount, an immutable or append-only file. ``-``, devices and pipes are
    written as they are, and nothing is tried on them.

    With ``folder_ok`` the output is a tokenizer: an existing folder, a name ending with ``/`` or a name
    without a suffix is a folder to save it into (its four files are checked), and a ``vocab.txt`` or
    ``tokenizer.json`` alone is refused in a folder that holds another tokenizer's files. With
    ``side_file``, the output gets ``NAME.settings.json`` beside it (unless it is a stream), which is
    checked too. No output may be the settings file of another file.

    >>> checked_output("vocab.txt", side_file=True).files, checked_output("-").files
    (('vocab.txt', 'vocab.txt.settings.json'), ())
    >>> checked_output("my-tokenizer/", folder_ok=True).name
    'my-tokenizer/'
    """
    if name == STDIO:
        return Output(name, ())
    if folder_ok and is_folder_name(name):
        folder = Path(name)
        if not folder.is_dir():
            if not folder.parent.is_dir():
                raise FileNotFoundError(f"cannot create the folder {folder}: {folder.parent} does not exist")
            check_writable(str(folder).rstrip("/") or ".")  # the folder will be made in its parent
            return Output(name, ())
        files = tuple(str(folder / part) for part in FOLDER_FILES)
        for file in files:
            check_writable(file)
        return Output(name, files)
    if check_writable(name):  # a device or a pipe: written through, nothing beside it
        return Output(name, ())
    owner = side_file_of(name)
    if owner is not None:
        raise ValueError(
            f"output {name} is the settings file of {owner}; write the result to another file (a name not ending "
            f"with {SETTINGS_SUFFIX})"
        )
    if folder_ok:
        refuse_mixing_a_tokenizer_folder(name)
    if not side_file:
        return Output(name, (name,))
    side = settings_path(name)
    if len(side.name.encode("utf-8", "surrogateescape")) > NAME_MAX:
        raise ValueError(
            f"output name {name} is too long to keep its settings beside it in {side.name[:20]}...{SETTINGS_SUFFIX} "
            f"(a file name has at most {NAME_MAX} bytes): use a name at most {NAME_MAX - len(SETTINGS_SUFFIX)} "
            "bytes long"
        )
    check_writable(str(side))
    return Output(name, (name, str(side)))


def refuse_mixing_a_tokenizer_folder(name: str) -> None:
    """Refuse to write ``vocab.txt`` or ``tokenizer.json`` alone into a folder that holds another tokenizer's files.

    Loaders read the folder's files together (``transformers`` the ``tokenizer.json``,
    ``BertWordPieceTokenizer`` the ``vocab.txt``): a new one beside an old other would make
    the folder two tokenizers, each loader getting a different one.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "tokenizer.json").write_text("{}")
    >>> refuse_mixing_a_tokenizer_folder(str(folder / "vocab.txt"))
    Traceback (most recent call last):
    ...
    ValueError: .../vocab.txt would put a vocab.txt beside the tokenizer.json of another tokenizer in ...: write the whole folder (-o .../) or write the vocab.txt elsewhere
    """
    output = Path(name)
    if output.name not in (VOCAB_FILE, TOKENIZER_FILE):
        return
    others = [part for part in FOLDER_FILES if part != output.name and (output.parent / part).is_file()]
    if others:
        raise ValueError(
            f"{name} would put a {output.name} beside the {', '.join(others)} of another tokenizer in "
            f"{output.parent}: write the whole folder (-o {output.parent}/) or write the {output.name} elsewhere"
        )


def check_stdin_once(names: Sequence[str | None]) -> None:
    """Standard input can be read once: at most one input may be ``-``.

    >>> check_stdin_once(["-", "book.txt"])
    >>> check_stdin_once(["-", "-"])
    Traceback (most recent call last):
    ...
    ValueError: standard input (-) is named twice; it can be read only once
    """
    if sum(1 for name in names if name == STDIO) > 1:
        raise ValueError("standard input (-) is named twice; it can be read only once")


def read_input_text(name: str, *, what: str = "input file") -> str:
    """The UTF-8 text of the file ``name``, or of standard input for ``-``."""
    if name == STDIO:
        return decode_utf8(read_stream(sys.stdin.buffer, "standard input"), "standard input")
    return read_text_file(name, name=what)


def input_source(name: str) -> str | BinaryIO:
    """What a streaming reader reads for the input ``name``: standard input's bytes for ``-``, else the name.

    >>> input_source("book.txt")
    'book.txt'
    """
    return sys.stdin.buffer if name == STDIO else name


def writes_through(name: str) -> bool:
    """True when the output ``name`` is a stream (``-``, a device, a pipe): nothing can be written beside it.

    >>> writes_through("-"), writes_through("/dev/null"), writes_through("vocab.txt")
    (True, True, False)
    """
    return name == STDIO or resolve_output(name)[1]


def load_vocab(name: str, *, max_bytes: int | None = None) -> Vocab:
    """The vocab in the file ``name``, or on standard input for ``-`` (at most ``max_bytes``, by default
    ``MAX_VOCAB_FILE_BYTES``; the error for more names ``max_bytes``)."""
    cap = MAX_VOCAB_FILE_BYTES if max_bytes is None else max_bytes
    if name == STDIO:
        data = read_stream(
            sys.stdin.buffer, "vocab on standard input", refuse_nul=True, max_bytes=cap, raise_with="max_bytes"
        )
        text = decode_utf8(data, "standard input")
        return Vocab.from_text(text, source="vocab on standard input")
    return Vocab.load(name, max_bytes=cap)


class CountingStream:
    """A binary stream that counts the bytes written through it (for the summary line)."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.written = 0

    def write(self, data: bytes) -> int:
        self.written += len(data)
        return self.stream.write(data)


@contextlib.contextmanager
def open_output(name: str) -> Iterator[CountingStream]:
    """A binary stream for the output ``name``: standard output for ``-``, else an atomic file writer."""
    if name == STDIO:
        stream = CountingStream(sys.stdout.buffer)
        yield stream
        sys.stdout.buffer.flush()
        return
    with atomic_writer(name) as raw:
        yield CountingStream(raw)


def write_output(name: str, data: bytes) -> int:
    """Write all of ``data`` to the output ``name``; the number of bytes written."""
    with open_output(name) as stream:
        stream.write(data)
    return len(data)


class ProgressBar:
    """A tqdm bar on stderr, only when stderr is a terminal and the work lasts over ``delay`` seconds.

    It always ends with a newline (the bar stays, complete), so what is
    printed next starts on a line of its own; in a log file or a pipe there is
    no bar at all, so no carriage-return frames either. Work that ends before
    ``delay`` prints nothing.
    """

    def __init__(
        self,
        *,
        enabled: bool,
        unit: str,
        description: str,
        total: int | None = None,
        delay: float = 0.5,
        unit_scale: bool = False,
    ) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.unit, self.description, self.total, self.delay = unit, description, total, delay
        self.unit_scale = unit_scale
        self.started = time.perf_counter()
        self.done = 0
        self.bar: Any = None

    def advance(self, amount: int) -> None:
        """``amount`` more done (for work reported in steps, such as bytes read)."""
        self.update(self.done + amount)

    def update(self, done: int, total: int | None = None) -> None:
        """Show ``done`` of ``total`` (``total`` may change, e.g. when training stops early)."""
        self.done = done
        if not self.enabled:
            return
        if total is not None:
            self.total = total
        if self.bar is None:
            if time.perf_counter() - self.started < self.delay:
                return
            from tqdm import tqdm

            self.bar = tqdm(
                total=self.total,
                unit=self.unit,
                unit_scale=self.unit_scale,
                desc=self.description,
                leave=True,
                file=sys.stderr,
            )
        if self.total is not None and self.total != self.bar.total:
            self.bar.total = self.total
        self.bar.update(done - self.bar.n)

    def __call__(self, done: int, total: int) -> None:
        self.update(done, total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.total = self.bar.n  # stopped early: show the bar as complete
            self.bar.refresh()
            self.bar.close()
            self.bar = None


class Report:
    """Timing, the progress bar and the one summary line of a command run.

    >>> report = Report(quiet=False)
    >>> report.summary_line("vocab.txt", "8,000 tokens", 63_200, seconds=2.34)
    'wrote vocab.txt: 8,000 tokens, 63.2 kB in 2.3 s'
    """

    def __init__(self, *, quiet: bool) -> None:
        self.quiet = quiet
        self.started = time.perf_counter()

    def progress(self, unit: str, description: str, total: int | None = None) -> ProgressBar:
        """A progress bar (shown only on a terminal, never when quiet); a unit of ``B`` counts bytes in kB, MB..."""
        return ProgressBar(
            enabled=not self.quiet, unit=unit, description=description, total=total, unit_scale=unit == "B"
        )

    def summary_line(self, output: str, what: str, size: int, *, seconds: float | None = None) -> str:
        taken = time.perf_counter() - self.started if seconds is None else seconds
        return f"wrote {where(output)}: {what}, {describe_size(size)} in {taken:.1f} s"

    def done(self, output: str, what: str, size: int) -> None:
        """Print the summary line on stderr (stdout may be the output itself), unless quiet."""
        if not self.quiet:
            print(self.summary_line(output, what, size), file=sys.stderr)

    def note(self, text: str) -> None:
        """A remark about the result, on stderr, unless quiet."""
        if not self.quiet:
            print(f"note: {text}", file=sys.stderr)


def parse_token_list(text: str, flag: str) -> list[str]:
    """Split a comma-separated token list given to ``flag``; an empty item is an error.

    >>> parse_token_list("[PAD],[UNK]", "--special-tokens"), parse_token_list("", "--special-tokens")
    (['[PAD]', '[UNK]'], [])
    """
    if text == "":
        return []
    tokens = [token.strip() for token in text.split(",")]
    if any(not token for token in tokens):
        raise ValueError(f"{flag} has an empty item: {text!r}")
    return tokens


def require_unknown_token(tokens: Sequence[str], flag: str) -> None:
    """The vocab a command writes must be usable by ``encode``, which needs ``[UNK]``.

    >>> require_unknown_token(["[PAD]", "[UNK]"], "--special-tokens")
    >>> require_unknown_token([], "--special-tokens")
    Traceback (most recent call last):
    ...
    ValueError: --special-tokens '' leaves out the unknown token [UNK], which encoding needs for words it cannot split; add it (for example --special-tokens [UNK])
    """
    if UNK_TOKEN not in tokens:
        given = ",".join(tokens)
        raise ValueError(
            f"{flag} {given!r} leaves out the unknown token {UNK_TOKEN}, which encoding needs for words it cannot "
            f"split; add it (for example {flag} {','.join([*tokens, UNK_TOKEN])})"
        )


def with_flag_names(error: Exception, names: Sequence[str]) -> Exception:
    """The same error, naming ``--max-token-length`` where it said ``max_token_length`` (for each of ``names``).

    >>> with_flag_names(ValueError("min_frequency must be at least 0"), ["min_frequency"])
    ValueError('--min-frequency must be at least 0')
    """
    message = str(error)
    for name in names:
        message = re.sub(rf"\b{name}\b", "--" + name.replace("_", "-"), message)
    return type(error)(message)


#: The trainer options' parameter names, as ``with_flag_names`` turns them into flags.
TRAINER_OPTION_NAMES = ("min_frequency", "limit_alphabet", "initial_alphabet")


def refuse_google_output(output: str) -> None:
    """A vocab of Google's rules is a ``vocab.txt`` alone: ``tokenizer.json`` (a file or a folder) cannot say them.

    >>> refuse_google_output("vocab.txt")
    >>> refuse_google_output("bert.json")
    Traceback (most recent call last):
    ...
    ValueError: cannot write bert.json with --compat google: tokenizer.json cannot express Google's rules; write a vocab.txt and encode it with --compat google
    """
    if Path(output).suffix == ".json" or is_folder_name(output):
        raise ValueError(
            f"cannot write {output} with --compat google: tokenizer.json cannot express Google's rules; "
            "write a vocab.txt and encode it with --compat google"
        )


def save_tokens(
    tokens: Sequence[str],
    special_tokens: Sequence[str],
    output: str,
    *,
    lowercase: bool = False,
    pretokenizer: str = "bert",
    prefix: str = "##",
    compat: str | None = None,
) -> int:
    """Save a learned vocab with the settings it was learned with; the bytes written.

    The format follows ``output``'s name: ``NAME.json``, Hugging Face's
    ``tokenizer.json``; a folder, the layout ``transformers.AutoTokenizer.from_pretrained``
    loads; ``-``, a device or a pipe, ``vocab.txt`` alone (there is no "beside" to
    keep settings in); anything else, ``vocab.txt`` and ``vocab.txt.settings.json`` beside
    it (so ``encode`` knows whether the vocab is lowercased, its pre-tokenizer,
    prefix and special tokens).

    A vocab learned with ``compat="google"`` is written as ``vocab.txt`` alone:
    Hugging Face's files (and the settings file) cannot say "Google's rules",
    so ``.json`` and folder outputs are refused.
    """
    vocab = Vocab(tokens, unk_token=UNK_TOKEN, special_tokens=list(dict.fromkeys(special_tokens)))
    if compat == "google":
        refuse_google_output(output)
        if output == STDIO or writes_through(output):
            return write_output(output, vocab.to_text().encode("utf-8"))
        return vocab.save(output).stat().st_size
    if _streams(output) and Path(output).suffix != ".json":
        return write_output(output, vocab.to_text().encode("utf-8"))
    return save_tokenizer(
        WordPieceTokenizer(vocab, lowercase=lowercase, pretokenizer=pretokenizer, prefix=prefix), output
    )


def _streams(output: str) -> bool:
    """Whether a tokenizer written to ``output`` goes out as one stream (no folder, nothing beside it)."""
    return output == STDIO or (not is_folder_name(output) and writes_through(output))


def save_tokenizer(tokenizer: Any, output: str) -> int:
    """Write a tokenizer to ``output``; the bytes written. A stream (``-``, a device, a pipe) gets its
    ``tokenizer.json`` text; a name is saved as it says (``NAME.json``, or a folder ``transformers`` loads).

    >>> import os, tempfile
    >>> from wordpiece_lib.model.vocab import Vocab
    >>> path = os.path.join(tempfile.mkdtemp(), "tokenizer.json")
    >>> save_tokenizer(WordPieceTokenizer(Vocab(["[UNK]", "hug"])), path) == os.path.getsize(path)
    True
    """
    if _streams(output):
        text = json.dumps(tokenizer.to_json(), ensure_ascii=False, indent=2) + "\n"
        return write_output(output, text.encode("utf-8"))
    saved = tokenizer.save(output)
    if saved.is_dir():
        return sum(path.stat().st_size for path in saved.iterdir() if path.is_file())
    size: int = saved.stat().st_size
    return size


def size_of(path: str | os.PathLike[str]) -> int:
    """The size of a written file (0 for a stream).

    >>> size_of("-")
    0
    """
    return Path(path).stat().st_size if str(path) != STDIO and _regular_file(str(path)) else 0
