"""The command line: ``wordpiece COMMAND ...`` (or ``python -m wordpiece_lib COMMAND ...``).

``main`` reads the arguments with ``cli.parser``, which loads nothing of the library,
so ``--help`` and a usage error come back at once; then it imports the one command
that runs (``cli/<command>.py``, and the part of the library it uses) and runs it.

Every command reports a problem as one line on stderr (``error: ...``) and
exits with status 2; it never prints a traceback (set ``WORDPIECE_TRACEBACK=1``
to see one) and never leaves a partial output file behind (outputs are written
atomically, and temporary files are removed on Ctrl-C, SIGTERM and SIGHUP). The
three signals are answered alike at every moment (``cli.signals``): held while the
command starts, stopping it while it works, and too late to matter once its result
is whole, which then exits 0. The exit statuses are listed at the end of ``--help``
(``cli.parser.EXIT_STATUSES``).
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wordpiece_lib.cli.signals import Answer

# Nothing of the library is imported here: the installed ``wordpiece`` command imports this module before
# ``main`` runs. ``main`` reads the arguments with ``cli.parser`` (the standard library only), then imports
# the one command that runs, with the signals held (``cli.signals``).

#: The program name when run as a module; the installed command is named after its file (``wordpiece``).
MODULE_PROGRAM = "python -m wordpiece_lib"

#: The line printed when Ctrl-C stops a command, at any moment.
INTERRUPTED = "error: interrupted (Ctrl-C); output files were left as they were"

#: What to try when a command runs out of memory.
MEMORY_ADVICE = {
    "train": "a smaller --vocab-size, or train from counts (count first, then train --counts)",
    "top-down": "a smaller --max-input-tokens or --max-token-length, or a smaller --vocab-size",
    "encode": "a smaller --max-line-bytes, --pad or --max-length, or --format ids instead of jsonl",
    "count": "fewer --workers (each holds the distinct words of its part), or a smaller --max-word-bytes",
    "fetch": "freeing some memory; the download is streamed, so this is unusual",
}


def program_name(argv0: str | None = None) -> str:
    """How the program was called: ``wordpiece`` for the installed command, else ``python -m wordpiece_lib``.

    >>> program_name("/usr/local/bin/wordpiece"), program_name("/src/wordpiece_lib/__main__.py")
    ('wordpiece', 'python -m wordpiece_lib')
    """
    name = os.path.basename(argv0 if argv0 is not None else (sys.argv[0] if sys.argv else ""))
    if not name or name in ("__main__.py", "-c", "-m") or name.endswith(".py"):
        return MODULE_PROGRAM
    return name


def _show_warning(message: Warning | str, *_: object, **__: object) -> None:
    print(f"warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None, *, prog: str | None = None) -> int:
    """Run the command line and return the exit status.

    ``argv=None`` is the program itself (``sys.argv``): it then ends the process when a signal stops it.

    >>> main(["--help"], prog="wordpiece")  # doctest: +ELLIPSIS
    usage: wordpiece [-h] [--version] COMMAND ...
    ...
    0
    """
    from wordpiece_lib.cli.signals import Answer

    answer = Answer()
    answer.install()
    try:
        return _run(argv, prog, answer)
    except KeyboardInterrupt:  # while the arguments were read or the command imported
        print(INTERRUPTED, file=sys.stderr)
        return _stopped(130, argv)
    finally:
        if argv is not None:  # a caller goes on: its handlers back; the program keeps its answer to the end
            answer.restore()


def _stopped(status: int, argv: Sequence[str] | None) -> int:
    if argv is None:  # the program itself, not a caller of main() who goes on afterwards
        _end_now(status)
    return status


def _parse(argv: Sequence[str] | None, prog: str | None) -> tuple[Any, Callable[[Any], Any]] | int:
    """The parsed arguments and the function that runs the command; or the exit status of ``--help``,
    ``--version`` or a usage error."""
    from wordpiece_lib import __version__
    from wordpiece_lib.cli.parser import build_parser, chosen_command

    name = prog or (program_name() if argv is None else program_name("wordpiece"))
    version = f"wordpiece_lib {__version__}" if name == MODULE_PROGRAM else f"{name} (wordpiece_lib) {__version__}"
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(name, version=version, more=(_register_classroom,), only=chosen_command(words))
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
    run = getattr(args, "run", None)
    if run is None and getattr(args, "module", None):
        import importlib

        run = importlib.import_module(f"wordpiece_lib.cli.{args.module}").run
    if run is None:
        parser.print_help(sys.stderr)
        return 2
    return args, run


def _register_classroom(subparsers: Any) -> None:
    """Add ``classroom``, the teacher's commands, which the classroom layer owns.

    The one place the command line reaches into the classroom: a small module that
    loads each command's module only when ``classroom`` runs (the import contract allows
    exactly this edge).
    """
    from wordpiece_lib.classroom.teacher import commands

    commands.register(subparsers)


def _run(argv: Sequence[str] | None, prog: str | None, answer: Answer) -> int:
    closed = reopen_closed_streams() if argv is None else set()
    parsed = _parse(argv, prog)
    if isinstance(parsed, int):
        return parsed
    args, run = parsed
    if 1 in closed and "-" in (getattr(args, "output", None), getattr(args, "output_file", None)):
        print("error: standard output is closed, so -o - has nowhere to go; give -o FILE", file=sys.stderr)
        return 2
    from wordpiece_lib.atomic import TerminatedBySignal, when_written

    try:
        with contextlib.ExitStack() as stack, warnings.catch_warnings():
            warnings.showwarning = _show_warning  # the library's warnings as the commands' own one-line ones
            if getattr(args, "one_result", False):
                stack.enter_context(when_written(answer.result_written))
            answer.start_working()
            status = int(run(args) or 0)
        answer.whole = True  # the status is decided: a signal from now on changes nothing
        return status
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return _stopped(130, argv)
    except TerminatedBySignal as stop:
        print(f"error: stopped by {stop.name}; output files were left as they were", file=sys.stderr)
        return _stopped(int(stop.code), argv)  # type: ignore[arg-type]
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
    """The first line of an error's message; an ``OSError`` the library worded (no file name of its own) without
    Python's ``[Errno N]`` in front.

    >>> _first_line(OSError(28, "cannot write v.txt: No space left on device"))
    'cannot write v.txt: No space left on device'
    """
    worded = isinstance(error, OSError) and error.strerror and error.filename is None
    text = str(error.strerror) if worded else str(error)
    return text.splitlines()[0] if text.strip() else type(error).__name__
