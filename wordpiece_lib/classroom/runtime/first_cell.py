"""What a notebook's first cell runs: the versions printed, and the exercise checks turned on.

A course notebook opens with a few lines that find the library (installed for the
kernel, or else the checkout the notebook sits in) and then call :func:`start_notebook`
with the notebook's title. A teacher's own notebook calls :func:`setup_checks`, the
same without the versions.

What the checks need from ipytest and pytest, and why:

* ``raise_on_error=True``: a failing check stops Run All, for the student and for CI alike;
* ``-rs``: a skipped check says why ("not done yet", naming the exercise), and the
  pytest plugin :mod:`~wordpiece_lib.classroom.runtime.not_done_report` names the notebook
  rather than the kernel's temporary file;
* ``--tb=short``: a failure keeps to the student's test line and the check's message;
* ``--color=no``: pytest's green and red are too faint to read, and the words say passed or failed;
* no other pytest plugin is loaded (hypothesis, xdist...): the first check is a second or two quicker.

>>> print(NOT_INSTALLED.format(name="ipytest"))
ipytest is not installed for this kernel: in the workshop folder run `bash tools/notebooks.sh` (or `pip install -e '.[notebooks]'` with this kernel's Python), then open this notebook again.
"""

from __future__ import annotations

import os
import platform
from collections.abc import Iterable
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from wordpiece_lib._validate import check_str, check_str_list
from wordpiece_lib.classroom.runtime.answer_watch import install_answer_watch
from wordpiece_lib.classroom.runtime.failure_report import report_failures_briefly
from wordpiece_lib.classroom.runtime.variants import activate

#: What a kernel without a package the notebooks need is told; each notebook's first cell says the same of
#: ``wordpiece_lib`` itself (it cannot ask this module, which it failed to import).
NOT_INSTALLED = (
    "{name} is not installed for this kernel: in the workshop folder run `bash tools/notebooks.sh` "
    "(or `pip install -e '.[notebooks]'` with this kernel's Python), then open this notebook again."
)

#: The packages whose versions every notebook prints; a notebook names the others it uses.
COMMON_PACKAGES = ("pandas", "matplotlib", "ipywidgets", "ipytest")

#: How ipytest runs a check cell (see the module's docstring for why).
PYTEST_OPTIONS = ("-q", "-rs", "--tb=short", "--color=no", "-p", "wordpiece_lib.classroom.runtime.not_done_report")


def versions(packages: Iterable[str] = COMMON_PACKAGES) -> list[str]:
    """Python's version, the library's, the data folder's place and each package's version, a line each.

    Handy when asking for help; a package that is missing says how to install it.

    >>> versions(["no-such-package"])[-1]
    'no-such-package NOT INSTALLED: pip install no-such-package'
    >>> versions([])[0].split()[0], versions([])[1].split()[0]
    ('Python', 'wordpiece_lib')
    """
    import wordpiece_lib
    from wordpiece_lib import data

    packages = check_str_list(packages, "packages")
    lines = [
        f"{'Python':<14} {platform.python_version()}",
        f"{'wordpiece_lib':<14} {wordpiece_lib.__version__}",
        f"{'data folder':<14} {data.cache_dir()}  (data sets: python -m wordpiece_lib fetch)",
    ]
    for package in packages:
        try:
            lines.append(f"{package:<14} {version(package)}")
        except PackageNotFoundError:
            lines.append(f"{package:<14} NOT INSTALLED: pip install {package}")
    return lines


def setup_checks(shell: Any = None) -> bool:
    """Make ``%%ipytest`` cells check answers, as the course notebooks' first cell does; False outside IPython.

    ipytest is set to stop Run All at a failing check (``raise_on_error=True``), to say why a
    check skipped (an exercise not done yet, by its title) and to keep a failure to the
    student's line and the check's message; a failure ends with one short line; a cell that
    assigns a watched answer is watched (see :func:`~wordpiece_lib.classroom.runtime.call_count.forbid`
    and :func:`~wordpiece_lib.classroom.runtime.answer_watch.watch_answer`).

    >>> setup_checks()  # a plain Python session has no cells to check
    False
    """
    if shell is None:
        try:
            from IPython import get_ipython
        except ModuleNotFoundError:
            return False
        shell = get_ipython()
    if shell is None:
        return False
    try:
        import ipytest
    except ModuleNotFoundError:
        raise ModuleNotFoundError(NOT_INSTALLED.format(name="ipytest")) from None
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    ipytest.autoconfig(raise_on_error=True, addopts=list(PYTEST_OPTIONS))
    report_failures_briefly(shell)
    install_answer_watch(shell)
    return True


def start_notebook(title: str, *packages: str, variant: str | None = None) -> None:
    """A course notebook's first cell: print the versions (the common ones and ``packages``), turn the checks on.

    ``variant`` is the student's own variant id in a graded release (written
    there by ``wordpiece classroom release --roster``): the exercises' data are
    then that variant's (see :mod:`~.variants`); without it they are the course's own.

    The last line says whether the checks are on: in a Jupyter kernel they are; a plain Python
    session has no cells to check.

    >>> start_notebook("99 · An example", "no-such-package")  # doctest: +ELLIPSIS
    Python         ...
    no-such-package NOT INSTALLED: pip install no-such-package
    99 · An example: the library is loaded; outside Jupyter, the exercise checks are off.
    """
    check_str(title, "title", allow_empty=False)
    if variant is not None:
        activate(variant)
    for line in versions([*COMMON_PACKAGES, *packages]):
        print(line)
    checks = "the exercise checks are on." if setup_checks() else "outside Jupyter, the exercise checks are off."
    mine = f" Your exercises' data are your own (variant {variant})." if variant is not None else ""
    print(f"{title}: the library is loaded; {checks}{mine}")


__all__ = ["COMMON_PACKAGES", "NOT_INSTALLED", "PYTEST_OPTIONS", "setup_checks", "start_notebook", "versions"]
