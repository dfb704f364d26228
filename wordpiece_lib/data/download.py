"""Downloading one file with pooch: a progress bar, a checksum, and failures said in words.

pooch writes the download to a temporary file and moves it into place only when it is
complete (and, given a checksum, when it matches), so a failed download leaves nothing
behind. pooch and requests are imported only when a file is downloaded.

>>> download_problem("https://example.org/a.txt", ValueError("SHA256 hash of downloaded file does not match. More."), 30)
'download from https://example.org/a.txt failed its check: SHA256 hash of downloaded file does not match'
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def _quiet_pooch() -> Iterator[None]:
    """pooch logs each download with its scratch file name; the caller's own line and the progress bar say enough."""
    import logging

    import pooch

    logger = pooch.get_logger()
    level = logger.level
    logger.setLevel(logging.WARNING)
    try:
        yield
    finally:
        logger.setLevel(level)


def download(
    url: str, folder: Path, filename: str, *, sha256: str | None = None, timeout: float = 30.0, progress: bool = True
) -> Path:
    """Download ``url`` into ``folder/filename`` and return that path; with ``sha256``, a mismatch keeps nothing.

    Raises what requests and pooch raise (``download_problem`` says it in words).
    """
    import pooch

    downloader = pooch.HTTPDownloader(progressbar=progress, timeout=timeout)
    known_hash = f"sha256:{sha256}" if sha256 else None
    with _quiet_pooch():
        return Path(pooch.retrieve(url, known_hash, fname=filename, path=folder, downloader=downloader))


def _innermost_reason(error: BaseException) -> str:
    """The root cause of a requests/urllib3 connection error, without the connection-pool preamble."""
    reason: object = error
    for _ in range(5):
        inner = getattr(reason, "reason", None) or (reason.args[0] if getattr(reason, "args", None) else None)
        if not isinstance(inner, BaseException):
            break
        reason = inner
    return re.sub(r"^\w+\(host=[^)]*\): ", "", str(reason))


def download_problem(url: str, error: Exception, timeout: float) -> str:
    """One line saying why downloading ``url`` failed, in words rather than a library's traceback.

    >>> download_problem("https://example.org/a.txt", OSError(28, "No space left on device"), 30)
    'download from https://example.org/a.txt could not be saved: [Errno 28] No space left on device'
    """
    import requests

    if isinstance(error, requests.exceptions.HTTPError) and error.response is not None:
        return f"the server answered {error.response.status_code} {error.response.reason} for {url}"
    text = str(error)
    if isinstance(error, requests.exceptions.Timeout) or "timed out" in text.lower():
        return f"download from {url} timed out after {timeout:g} s without data from the server"
    if isinstance(error, requests.exceptions.ChunkedEncodingError) or "IncompleteRead" in text:
        return f"download from {url} was cut short (the connection closed before the announced length)"
    if isinstance(error, requests.exceptions.RequestException):
        return f"could not reach {url}: {_innermost_reason(error)}"
    if isinstance(error, OSError):
        return f"download from {url} could not be saved: {error}"
    if isinstance(error, ValueError):  # pooch: the checksum differs (it has deleted the file already)
        return f"download from {url} failed its check: {text.split('. ')[0]}"
    first = text.splitlines()[0] if text else type(error).__name__
    return f"download from {url} failed: {first}"


__all__ = ["download_problem"]
