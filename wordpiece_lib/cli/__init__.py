"""The command line: ``wordpiece COMMAND ...`` (or ``python -m wordpiece_lib COMMAND ...``).

Every command reports a problem as one line on stderr (``error: ...``) and
exits with status 2; it never prints a traceback (set ``WORDPIECE_TRACEBACK=1``
to see one) and never leaves a partial output file behind (outputs are written
atomically, and temporary files are removed on Ctrl-C, SIGTERM and SIGHUP).
The exit statuses are listed in ``EXIT_STATUSES`` and at the end of ``--help``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
import warnings
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any

from wordpiece_lib import __version__

# Nothing heavy is imported here: the installed ``wordpiece`` command imports this module before ``main``
# runs, and a Ctrl-C during an import outside ``main`` would print Python's traceback. The commands (and
# the library under them) are imported inside ``main``, where an interrupt is one line and status 130.

#: The command modules, in the order ``--help`` lists them; each has ``register(subparsers)``.
COMMAND_NAMES = ("train", "encode", "top_down", "count", "fetch")

#: The line printed when Ctrl-C stops a command, at any moment.
INTERRUPTED = "error: interrupted (Ctrl-C); output files were left as they were"


def command_modules() -> tuple[ModuleType, ...]:
    """The command modules (imported on first use), in the order ``--help`` lists them.

    >>> [module.__name__.rsplit(".", 1)[1] for module in command_modules()]
    ['train', 'encode', 'top_down', 'count', 'fetch']
    """
    import importlib

    return tuple(importlib.import_module(f"wordpiece_lib.cli.{name}") for name in COMMAND_NAMES)


def __getattr__(name: str) -> Any:
    if name == "COMMANDS":  # the old constant, now built on first use
        return command_modules()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The program name when run as a module; the installed command is named after its file (``wordpiece``).
MODULE_PROGRAM = "python -m wordpiece_lib"

#: Exit status -> meaning, as ``--help`` lists them.
EXIT_STATUSES = {
    0: "success",
    1: "an internal error (please report it, with the command that caused it)",
    2: "a usage error or bad input (the message says which)",
    130: "interrupted (Ctrl-C)",
    141: "standard output was closed early (as by head); the output was cut short",
    143: "terminated (SIGTERM); 129 for SIGHUP",
}

#: What to try when a command runs out of memory.
MEMORY_ADVICE = {
    "train": "a smaller --vocab-size, or train from counts (count first, then train --counts)",
    "top-down": "a smaller --max-input-tokens or --max-token-length, or a smaller --vocab-size",
    "encode": "a smaller --max-line-bytes, --pad or --max-length, or --format ids instead of jsonl",
    "count": "fewer --workers (each holds the distinct words of its part), or a smaller --max-word-bytes",
    "fetch": "freeing some memory; the download is streamed, so this is unusual",
}

DESCRIPTION = """\
Train and use WordPiece vocabularies (the subword tokenizer behind BERT).

examples:
  {prog} train book.txt --vocab-size 8000 -o vocab.txt
  {prog} encode --vocab vocab.txt book.txt -o tokens.txt
  cat book.txt | {prog} encode --vocab vocab.txt - -o - | head
  {prog} count corpus/*.txt.gz --lowercase --workers 0 -o counts.tsv
  {prog} train --counts counts.tsv --vocab-size 30000 -o vocab.txt
  {prog} fetch treasure-island

A file name of - means standard input (for an input) or standard output (for -o).
"""


def exit_status_help() -> str:
    """The exit statuses, as the end of ``--help`` shows them.

    >>> print(exit_status_help().splitlines()[1])
      0    success
    """
    rows = [f"  {status:<4} {meaning}" for status, meaning in EXIT_STATUSES.items()]
    return "exit status:\n" + "\n".join(rows) + "\n"


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, like every other error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"error: {message} (see: {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


def program_name(argv0: str | None = None) -> str:
    """How the program was called: ``wordpiece`` for the installed command, else ``python -m wordpiece_lib``.

    >>> program_name("/usr/local/bin/wordpiece"), program_name("/src/wordpiece_lib/__main__.py")
    ('wordpiece', 'python -m wordpiece_lib')
    """
    name = os.path.basename(argv0 if argv0 is not None else (sys.argv[0] if sys.argv else ""))
    if not name or name in ("__main__.py", "-c", "-m") or name.endswith(".py"):
        return MODULE_PROGRAM
    return name


def build_parser(prog: str = MODULE_PROGRAM) -> argparse.ArgumentParser:
    """The argument parser with every available command registered."""
    parser = OneLineParser(
        prog=prog,
        description=DESCRIPTION.format(prog=prog),
        epilog=exit_status_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    version = f"wordpiece_lib {__version__}" if prog == MODULE_PROGRAM else f"{prog} (wordpiece_lib) {__version__}"
    parser.add_argument("--version", action="version", version=version)
    subparsers = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND", parser_class=OneLineParser)
    for command in command_modules():
        command.register(subparsers)
    _register_classroom(subparsers)
    for command_parser in subparsers.choices.values():
        command_parser.epilog = exit_status_help()
    return parser


def _register_classroom(subparsers: argparse._SubParsersAction) -> None:
    """Add ``classroom``, the teacher's commands, which the classroom layer owns.

    The one place the command line reaches into the classroom: a small module that
    loads each command's module only when ``classroom`` runs (the import contract allows
    exactly this edge).
    """
    from wordpiece_lib.classroom.teacher import commands

    commands.register(subparsers)


def _show_warning(message: Warning | str, *_: object, **__: object) -> None:
    print(f"warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None, *, prog: str | None = None) -> int:
    """Run the command line and return the exit status.

    >>> main(["--help"], prog="wordpiece")  # doctest: +ELLIPSIS
    usage: wordpiece [-h] [--version] COMMAND ...
    ...
    0
    """
    try:
        return _run(argv, prog)
    except KeyboardInterrupt:  # while the commands are imported, or the arguments read
        print(INTERRUPTED, file=sys.stderr)
        if argv is None:
            _end_now(130)
        return 130


@contextlib.contextmanager
def _interrupt_after_imports() -> Iterator[None]:
    """Hold a Ctrl-C that comes while the commands are imported, and raise it once they are.

    Python raises ``KeyboardInterrupt`` wherever the interpreter is when the
    signal arrives; inside an import that can be one of importlib's weakref
    callbacks, where the exception is printed ("Exception ignored in ...") and
    dropped, so the command went on reading its input as if nothing happened.
    Only the default handler is replaced, only in the main thread, and only
    for the imports: the commands themselves stop at once.
    """
    if threading.current_thread() is not threading.main_thread() or (
        signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    held: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, _frame: held.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if held:
        raise KeyboardInterrupt


def _run(argv: Sequence[str] | None, prog: str | None) -> int:
    with _interrupt_after_imports():
        from wordpiece_lib.atomic import TerminatedBySignal, terminate_cleanly
        from wordpiece_lib.cli.common import STDIO

        closed = reopen_closed_streams() if argv is None else set()
        parser = build_parser(prog or (program_name() if argv is None else program_name("wordpiece")))
        try:
            args = parser.parse_args(argv)
        except SystemExit as stop:
            return int(stop.code or 0)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return 2
    if 1 in closed and STDIO in (getattr(args, "output", None), getattr(args, "output_file", None)):
        print("error: standard output is closed, so -o - has nowhere to go; give -o FILE", file=sys.stderr)
        return 2
    try:
        with terminate_cleanly(), warnings.catch_warnings():
            warnings.showwarning = _show_warning  # the library's warnings as the commands' own one-line ones
            return int(args.run(args) or 0)
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        if argv is None:  # the program itself, not a caller of main() who goes on afterwards
            _end_now(130)
        return 130
    except TerminatedBySignal as stop:
        print(f"error: stopped by {stop.name}; output files were left as they were", file=sys.stderr)
        if argv is None:
            _end_now(int(stop.code))  # type: ignore[arg-type]
        return int(stop.code)  # type: ignore[arg-type]  # type: ignore[arg-type]
    except BrokenPipeError:
        # The reader of the output went away (``... -o - | head``): quietly, as other Unix tools do.
        _silence_stdout()
        return 141
    except MemoryError:
        advice = MEMORY_ADVICE.get(getattr(args, "command", ""), "a smaller input")
        print(f"error: out of memory; try {advice}", file=sys.stderr)
        return 2
    except (ValueError, TypeError, OSError) as error:
        print(f"error: {_first_line(error)}", file=sys.stderr)
        return 2
    except Exception as error:
        if os.environ.get("WORDPIECE_TRACEBACK"):
            raise
        print(
            f"error: internal error ({type(error).__name__}: {_first_line(error)}); please report it with the "
            "command you ran (WORDPIECE_TRACEBACK=1 shows the traceback)",
            file=sys.stderr,
        )
        return 1


def reopen_closed_streams() -> set[int]:
    """Put ``/dev/null`` on standard input, output or error when the command started with them closed
    (``>&-``, ``2>&-``); the numbers of those that were closed.

    Otherwise the first file the command opens takes the closed number, and
    an error line meant for standard error lands in the output file (or the
    data meant for standard output does), and Python's ``sys.stdout`` is
    ``None``.
    """
    closed = set()
    for number, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(number)
            continue
        except OSError:
            closed.add(number)
        handle = os.open(os.devnull, os.O_RDWR)
        if handle != number:
            os.dup2(handle, number)
            os.close(handle)
        stream = open(number, "r" if number == 0 else "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        setattr(sys, name, stream)
    return closed


def _end_now(status: int) -> None:
    """After the one line that says the command stopped, end with ``status`` and nothing more.

    Outputs are already cleaned up; what the interpreter would still close on
    its way out (a Dask cluster's tasks and threads, say) logged tracebacks,
    and a second interrupt among them turned the exit status 130 into death
    by SIGINT.
    """
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
    os._exit(status)


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so Python's final flush does not fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _first_line(error: BaseException) -> str:
    text = str(error)
    return text.splitlines()[0] if text.strip() else type(error).__name__
