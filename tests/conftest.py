"""Shared fixtures: where the reference data lives.

The book and BERT's vocab are not part of the repository. Tests read them
from ``WORDPIECE_DATA_DIR`` (CI and the README set it to ``../shared/data``);
when unset, the folder ``../shared/data`` beside the checkout is used.

No test may touch the network: ``_no_network`` (autouse) refuses every
connection and name lookup that is not for this machine (127.0.0.1, ::1,
localhost), so the local HTTP-server tests still work.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]


def data_dir_path() -> Path:
    """The folder holding ``treasure-island.txt`` and BERT's vocab."""
    configured = os.environ.get("WORDPIECE_DATA_DIR")
    return Path(configured) if configured else REPO_ROOT.parent / "shared" / "data"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    folder = data_dir_path()
    if not (folder / "treasure-island.txt").is_file():
        pytest.fail(
            f"reference data not found in {folder}: set WORDPIECE_DATA_DIR to the folder holding treasure-island.txt"
        )
    return folder


@pytest.fixture(scope="session")
def book_text(data_dir: Path) -> str:
    """The full text of Treasure Island."""
    return (data_dir / "treasure-island.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def bert_vocab_path(data_dir: Path) -> Path:
    """BERT base uncased ``vocab.txt`` (30,522 tokens)."""
    return data_dir / "bert-base-uncased-vocab.txt"


LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})


class NetworkBlockedError(ConnectionRefusedError):
    """Raised instead of reaching another machine from a test."""


def is_loopback(host: object) -> bool:
    """True for a host name or address on this machine."""
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str):
        return False
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refuse connections and DNS look-ups to anything but loopback for the duration of each test."""
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex
    real_getaddrinfo = socket.getaddrinfo

    def refuse(address: object) -> NetworkBlockedError:
        return NetworkBlockedError(f"network access blocked in tests: {address!r} is not loopback")

    def inet(sock: socket.socket) -> bool:
        return sock.family in (socket.AF_INET, socket.AF_INET6)

    def connect(self: socket.socket, address: object) -> None:
        if inet(self) and not is_loopback(address[0]):  # type: ignore[index]
            raise refuse(address)
        return real_connect(self, address)

    def connect_ex(self: socket.socket, address: object) -> int:
        if inet(self) and not is_loopback(address[0]):  # type: ignore[index]
            raise refuse(address)
        return real_connect_ex(self, address)

    def getaddrinfo(host: object, *args: object, **kwargs: object) -> object:
        if host is not None and not is_loopback(host):
            raise refuse(host)
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


@pytest.fixture(scope="session")
def bert_pipelines(bert_vocab_path: Path) -> dict[bool, tuple[object, object]]:
    """Ours and Hugging Face's BERT pipeline on BERT's vocab, keyed by ``lowercase`` (built once)."""
    tokenizers = pytest.importorskip("tokenizers")
    from wordpiece_lib import Vocab, WordPieceTokenizer

    vocab = Vocab.load(bert_vocab_path)
    pipelines = {}
    for lowercase in (True, False):
        peer = tokenizers.Tokenizer(tokenizers.models.WordPiece.from_file(str(bert_vocab_path), unk_token="[UNK]"))
        peer.normalizer = tokenizers.normalizers.BertNormalizer(lowercase=lowercase)
        peer.pre_tokenizer = tokenizers.pre_tokenizers.BertPreTokenizer()
        pipelines[lowercase] = (WordPieceTokenizer(vocab, lowercase=lowercase), peer)
    return pipelines
