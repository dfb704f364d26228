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

import argparse
import contextlib
import json
import os
import re
import stat
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from wordpiece_lib.atomic import NAME_MAX, atomic_writer, resolve_output
from wordpiece_lib.model.vocab import MAX_VOCAB_FILE_BYTES, UNK_TOKEN, Vocab
from wordpiece_lib.pipeline.compat import COMPAT_MODES
from wordpiece_lib.pipeline.tokenizer_json import (
    CONFIG_FILE,
    SETTINGS_SUFFIX,
    SPECIAL_TOKENS_MAP_FILE,
    TOKENIZER_FILE,
    VOCAB_FILE,
    is_folder_name,
    legacy_settings_path,
    settings_path,
    side_file_of,
)
from wordpiece_lib.pipeline.wordpiece_tokenizer import WordPieceTokenizer
from wordpiece_lib.text.pretokenizers import PRETOKENIZERS
from wordpiece_lib.textfiles import decode_utf8, describe_size, read_stream, read_text_file

#: The name that means standard input or standard output.
STDIO = "-"


def new_command(subparsers: Any, name: str, summary: str, description: str) -> argparse.ArgumentParser:
    """Add the command ``name`` (one line of ``summary`` in the list, ``description`` in its own help).

    >>> commands = argparse.ArgumentParser().add_subparsers()
    >>> new_command(commands, "hug", "say hello", "Say hello.\\n").prog.split()[-1]
    'hug'
    """
    parser = subparsers.add_parser(
        name, help=summary, description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quiet", action="store_true", help="print nothing on success (no summary, no progress)")
    return parser


def add_vocab_output(parser: argparse.ArgumentParser) -> None:
    """The ``-o/--output`` and ``--lowercase`` options that every training command has."""
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="OUT",
        help="vocab.txt (with its settings beside it in vocab.txt.settings.json), NAME.json (Hugging Face's "
        "tokenizer.json) or FOLDER/ (tokenizer.json, tokenizer_config.json, special_tokens_map.json and "
        "vocab.txt: transformers.AutoTokenizer.from_pretrained loads it); - for standard output (vocab.txt)",
    )
    parser.add_argument("--lowercase", action="store_true", help="lowercase and strip accents first (uncased BERT)")


def add_compat_option(parser: argparse.ArgumentParser) -> None:
    """``--compat``: whose BERT rules cut the text, Hugging Face's (default) or Google's reference file's.

    >>> parser = argparse.ArgumentParser()
    >>> add_compat_option(parser)
    >>> parser.parse_args([]).compat, parser.parse_args(["--compat", "google"]).compat
    (None, 'google')
    """
    parser.add_argument(
        "--compat",
        choices=COMPAT_MODES,
        default=None,
        help="whose BERT rules cut the text: Hugging Face's (default) or Google's tokenization.py (google)",
    )


def add_pretokenizer_option(parser: argparse.ArgumentParser, *, extra: Sequence[str] = ()) -> None:
    """``--pretokenizer``: how the commands that cut text into words cut it (BERT's way unless told).

    >>> parser = argparse.ArgumentParser()
    >>> add_pretokenizer_option(parser)
    >>> parser.parse_args([]).pretokenizer, parser.parse_args(["--pretokenizer", "whitespace"]).pretokenizer
    ('bert', 'whitespace')
    """
    parser.add_argument(
        "--pretokenizer",
        choices=sorted([*PRETOKENIZERS, *extra]),
        default="bert",
        action=_Given,
        help="how to cut text into words (default: bert" + (f"; {', '.join(extra)}: see below" if extra else "") + ")",
    )


class _Given(argparse.Action):
    """Store the value, and that it was given (``pretokenizer_given``): a default may yield to saved
    settings, a flag the user typed may not."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: Any = None
    ) -> None:
        setattr(namespace, self.dest, values)
        setattr(namespace, f"{self.dest}_given", True)


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


def refuse_overwriting_inputs(output: str | os.PathLike[str], inputs: Sequence[str | None]) -> None:
    """Stop before the output file would replace one of the input files or their settings (also through a link).

    Devices and pipes are no files to protect: ``/dev/stdin`` and ``/dev/stdout``
    may both be the terminal.

    >>> refuse_overwriting_inputs("vocab.txt", ["book.txt"])
    >>> import tempfile, pathlib
    >>> book = pathlib.Path(tempfile.mkdtemp()) / "book.txt"
    >>> _ = book.write_text("hug")
    >>> refuse_overwriting_inputs(book, [str(book.parent / "." / "book.txt")])
    Traceback (most recent call last):
    ...
    ValueError: output .../book.txt is also an input file; write the result to another file
    """
    target = _regular_file(str(output))
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


def checked_output(name: str, inputs: Sequence[str | None], *, folder_ok: bool = False, side_file: bool = False) -> str:
    """The output name, after checking it can be written without harm (before any input is read).

    With ``folder_ok``, an existing folder, a name ending with ``/`` or a
    name without a suffix is a folder to save a tokenizer into (its four files
    are checked). With ``side_file``, the output gets ``NAME.settings.json``
    beside it (unless it is a stream), which is checked too. No output may be
    an input, an input's settings file, or the settings file of another file.

    >>> checked_output("vocab.txt", ["book.txt"]), checked_output("-", ["-"])
    ('vocab.txt', '-')
    >>> checked_output("my-tokenizer/", ["book.txt"], folder_ok=True)
    'my-tokenizer/'
    """
    if name == STDIO:
        return name
    if folder_ok and is_folder_name(name):
        output = Path(name)
        if not output.is_dir() and not output.parent.is_dir():
            raise FileNotFoundError(f"cannot create the folder {output}: {output.parent} does not exist")
        for part in (VOCAB_FILE, CONFIG_FILE, SPECIAL_TOKENS_MAP_FILE, TOKENIZER_FILE):
            if output.is_dir():
                _checked_file(str(output / part), inputs)
        return name
    through = _checked_file(name, inputs)
    owner = side_file_of(name)
    if owner is not None:
        raise ValueError(
            f"output {name} is the settings file of {owner}; write the result to another file (a name not ending "
            f"with {SETTINGS_SUFFIX})"
        )
    if side_file and not through:
        side = settings_path(name)
        if len(side.name.encode("utf-8", "surrogateescape")) > NAME_MAX:
            raise ValueError(
                f"output name {name} is too long to keep its settings beside it in {side.name[:20]}...{SETTINGS_SUFFIX} "
                f"(a file name has at most {NAME_MAX} bytes): use a name at most {NAME_MAX - len(SETTINGS_SUFFIX)} "
                "bytes long"
            )
        _checked_file(str(side), inputs)
    return name


def _checked_file(name: str, inputs: Sequence[str | None]) -> bool:
    """Check one output file (a folder, a missing folder, a symlink loop, a socket, a file the user may not write,
    an input: said now, not after the work); True when it is written through (a device or a pipe)."""
    through = resolve_output(name)[1]
    refuse_overwriting_inputs(name, inputs)
    return through


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


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (a bad one is argparse's one-line usage error).

    >>> positive_int("4096")
    4096
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


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


def add_trainer_options(parser: argparse.ArgumentParser, *, limit_alphabet: bool = True) -> None:
    """Hugging Face's trainer options, with its meanings (``trainer_options.py``).

    ``limit_alphabet=False`` leaves ``--limit-alphabet`` to the command (top-down has it as another name
    of ``--max-unique-chars``, which means the same).
    """
    options = parser.add_argument_group("Hugging Face's trainer options")
    options.add_argument(
        "--min-frequency",
        type=int,
        default=0,
        metavar="N",
        help="never learn a token seen fewer than N times (a pair bottom-up, a substring top-down; default: 0)",
    )
    if limit_alphabet:
        options.add_argument(
            "--limit-alphabet",
            type=int,
            default=None,
            metavar="N",
            help="keep the N most frequent characters; words with any other are left out (default: all)",
        )
    options.add_argument(
        "--initial-alphabet",
        default="",
        metavar="CHARS",
        help="characters put in the vocab even if the corpus lacks them (every character of CHARS)",
    )


#: The trainer options' parameter names, as ``with_flag_names`` turns them into flags.
TRAINER_OPTION_NAMES = ("min_frequency", "limit_alphabet", "initial_alphabet")


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
        if Path(output).suffix == ".json" or is_folder_name(output):
            raise ValueError(
                f"cannot write {output} with --compat google: tokenizer.json cannot express Google's rules; "
                "write a vocab.txt and encode it with --compat google"
            )
        if output == STDIO or writes_through(output):
            return write_output(output, vocab.to_text().encode("utf-8"))
        return vocab.save(output).stat().st_size
    if output == STDIO or (not is_folder_name(output) and writes_through(output)):
        if Path(output).suffix == ".json":
            tokenizer = WordPieceTokenizer(vocab, lowercase=lowercase, pretokenizer=pretokenizer, prefix=prefix)
            text = json.dumps(tokenizer.to_json(), ensure_ascii=False, indent=2) + "\n"
            return write_output(output, text.encode("utf-8"))
        return write_output(output, vocab.to_text().encode("utf-8"))
    tokenizer = WordPieceTokenizer(vocab, lowercase=lowercase, pretokenizer=pretokenizer, prefix=prefix)
    saved = tokenizer.save(output)
    if saved.is_dir():
        return sum(path.stat().st_size for path in saved.iterdir() if path.is_file())
    return saved.stat().st_size


def size_of(path: str | os.PathLike[str]) -> int:
    """The size of a written file (0 for a stream).

    >>> size_of("-")
    0
    """
    return Path(path).stat().st_size if str(path) != STDIO and _regular_file(str(path)) else 0
