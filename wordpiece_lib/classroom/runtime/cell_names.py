"""Names in a notebook cell's code: what it assigns, what it calls, what it writes; and the cell that assigned a name.

Read from the code, never run: a cell that is a magic (``%%ipytest``) is no
Python and names nothing. In IPython, :func:`answer_cell_source` finds the
latest cell that assigned an answer in the input history.

>>> calls_in_source("first = train_fast(counts, 100).steps[:3]", ["train_fast", "train_bottom_up"])
['train_fast']
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from typing import Any


def _assigned_names(tree: ast.Module) -> set[str]:
    """Names the cell binds, at its top level or inside its loops, ``if``, ``with`` and ``try`` blocks.

    An answer found in a loop (``for n in ...: answer = n``) is assigned by its cell all the same; a name a
    function, a class or a comprehension binds is local to it.
    """
    names: set[str] = set()
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        pending.extend(ast.iter_child_nodes(node))
    return names


def assigns(source: str, name: str) -> bool:
    """True when ``source`` (one notebook cell) assigns ``name`` at its top level.

    >>> assigns("x = 1\\nfirst_three = ['a']", "first_three"), assigns("print(first_three)", "first_three")
    (True, False)
    >>> assigns("%%ipytest\\ndef test(): pass", "first_three")  # a magic cell is not Python
    False
    >>> assigns("for n in range(9):\\n    if n > 2:\\n        first_three = n", "first_three")  # found in a loop
    True
    >>> assigns("def mine():\\n    first_three = 1", "first_three")  # the function's own name
    False
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    return name in _assigned_names(tree)


def _running_shell() -> Any:
    """The IPython shell this code runs in, or None (a plain Python session, or IPython not installed)."""
    try:
        from IPython import get_ipython
    except ModuleNotFoundError:  # pragma: no cover - IPython comes with Jupyter
        return None
    return get_ipython()


def answer_cell_source(name: str, shell: Any = None) -> str | None:
    """The source of the latest notebook cell that assigned ``name``, or None outside IPython (or if none did).

    >>> answer_cell_source("first_three") is None  # a plain Python session has no cells
    True
    """
    shell = shell if shell is not None else _running_shell()
    if shell is None:
        return None
    history = getattr(getattr(shell, "history_manager", None), "input_hist_raw", None)
    if not history:
        return None
    for source in reversed(history):
        if isinstance(source, str) and assigns(source, name):
            return source
    return None


def calls_in_source(source: str, names: Iterable[str]) -> list[str]:
    """Which of ``names`` the code calls or refers to as ``name(...)`` / ``x.name(...)`` / ``name.attr``.

    >>> calls_in_source("big = train_bottom_up(c, 9)\\nn = len(big.tokens())", ["train_bottom_up", "big"])
    ['big', 'train_bottom_up']
    >>> calls_in_source("answer = 18  # train_bottom_up would say so", ["train_bottom_up"])
    []
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    wanted = set(names)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in wanted and isinstance(node.ctx, ast.Load):
            found.add(node.id)
        elif isinstance(node, ast.Attribute) and node.attr in wanted:
            found.add(node.attr)
    return sorted(found)


#: Methods that change the object they are called on: ``found.append(...)`` writes ``found``.
_MUTATING_METHODS = frozenset({"append", "extend", "insert", "add", "update", "setdefault", "__setitem__"})


def _written_names(statement: ast.stmt) -> set[str]:
    """Names one top-level statement binds or changes in the cell's namespace.

    Assignments, ``for`` and ``with`` targets, ``:=``, ``x[k] = ...`` and
    ``x.append(...)``-like calls; never the loop variables of a comprehension
    or the names inside a function or class, which are local to them.
    """
    names: set[str] = set()
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue  # its loop variables are its own
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
            names.add(node.value.id)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _MUTATING_METHODS
            and isinstance(node.func.value, ast.Name)
        ):
            names.add(node.func.value.id)
        pending.extend(ast.iter_child_nodes(node))
    return names


def _local_names(tree: ast.AST) -> set[str]:
    """Names local to a comprehension, a lambda or a function in the code: never the cell's own variables."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.comprehension):
            names.update(part.id for part in ast.walk(node.target) if isinstance(part, ast.Name))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            names.update(_argument_names(node))
    return names


def _argument_names(function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> set[str]:
    """The names of a function's or lambda's parameters, of every kind."""
    arguments = function.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
    return {argument.arg for argument in every if argument is not None}


def _function_reads(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.Name]:
    """The names a function's body reads and does not bind itself: what it reads from the cell when called.

    Python makes a name local to the whole function when the function binds it anywhere (an
    assignment, a loop, an import, an inner definition), unless it is declared ``global``.
    """
    own = _argument_names(function)
    declared: set[str] = set()
    for statement in function.body:
        for part in ast.walk(statement):
            if isinstance(part, ast.Name) and isinstance(part.ctx, (ast.Store, ast.Del)):
                own.add(part.id)
            elif isinstance(part, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                own.add(part.name)
            elif isinstance(part, (ast.Import, ast.ImportFrom)):
                own.update((alias.asname or alias.name).partition(".")[0] for alias in part.names)
            elif isinstance(part, ast.ExceptHandler) and part.name:
                own.add(part.name)
            elif isinstance(part, ast.Global):
                declared.update(part.names)
    own -= declared
    return [
        part
        for statement in function.body
        for part in ast.walk(statement)
        if isinstance(part, ast.Name) and isinstance(part.ctx, ast.Load) and part.id not in own
    ]


def _free_reads(tree: ast.AST) -> list[ast.Name]:
    """The names the code reads before it binds them itself: the values an earlier cell left, in the order read.

    Statements in the order they run (an assignment's value before its
    target, a loop's iterable before its variable, then its body): a name
    the cell bound already, a loop variable, is the cell's own value there,
    never what an earlier cell left under that name. Names local to a
    comprehension, a lambda or a function are never read from the cell.
    """
    local = _local_names(tree)
    bound: set[str] = set()
    found: list[ast.Name] = []

    def read(node: ast.AST | None) -> None:
        for part in ast.walk(node) if node is not None else ():
            if isinstance(part, ast.Name) and isinstance(part.ctx, ast.Load) and part.id not in bound | local:
                found.append(part)

    def bind(target: ast.AST | None) -> None:
        read(target)  # ``x[k] = ...`` reads x and k
        for part in ast.walk(target) if target is not None else ():
            if isinstance(part, ast.Name) and isinstance(part.ctx, (ast.Store, ast.Del)):
                bound.add(part.id)

    def run(statements: Iterable[ast.stmt]) -> None:
        for statement in statements:
            if isinstance(statement, ast.Assign):
                read(statement.value)
                for target in statement.targets:
                    bind(target)
            elif isinstance(statement, ast.AugAssign):
                if isinstance(statement.target, ast.Name) and statement.target.id not in bound:
                    found.append(ast.Name(statement.target.id, ast.Load()))
                read(statement.value)
                bind(statement.target)
            elif isinstance(statement, ast.AnnAssign):
                read(statement.value)
                bind(statement.target)
            elif isinstance(statement, (ast.For, ast.AsyncFor)):
                read(statement.iter)
                bind(statement.target)
                run(statement.body)
                run(statement.orelse)
            elif isinstance(statement, (ast.While, ast.If)):
                read(statement.test)
                run(statement.body)
                run(statement.orelse)
            elif isinstance(statement, (ast.With, ast.AsyncWith)):
                for item in statement.items:
                    read(item.context_expr)
                    bind(item.optional_vars)
                run(statement.body)
            elif isinstance(statement, ast.Try):
                run(statement.body)
                for handler in statement.handlers:
                    read(handler.type)
                    if handler.name:
                        bound.add(handler.name)
                    run(handler.body)
                run(statement.orelse)
                run(statement.finalbody)
            elif isinstance(statement, (ast.Import, ast.ImportFrom)):
                bound.update((alias.asname or alias.name).partition(".")[0] for alias in statement.names)
            elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for part in (*statement.decorator_list, *statement.args.defaults, *statement.args.kw_defaults):
                    read(part)  # evaluated where the function is defined, in the cell
                found.extend(name for name in _function_reads(statement) if name.id not in bound | local)
                bound.add(statement.name)
            elif isinstance(statement, ast.ClassDef):
                read(statement)
                bound.add(statement.name)
            else:
                read(statement)
                bound.update(  # a ``:=`` binds too
                    part.id
                    for part in ast.walk(statement)
                    if isinstance(part, ast.Name) and isinstance(part.ctx, ast.Store)
                )

    run(tree.body if isinstance(tree, ast.Module) else [tree] if isinstance(tree, ast.stmt) else [])
    if not isinstance(tree, (ast.Module, ast.stmt)):
        read(tree)
    return found


def free_reads(source: str) -> list[str]:
    """The names a cell's code reads that an earlier cell left: read before the cell binds them itself.

    >>> sorted(free_reads("total = 0\\nfor w in words:\\n    total += len(w) + bonus"))  # not total, not w
    ['bonus', 'len', 'words']
    >>> free_reads("x = x + 1")  # the value read is the earlier cell's
    ['x']
    >>> free_reads("def best(words):\\n    longest = max(words, key=len)\\n    return longest + suffix")  # longest is its own
    ['max', 'len', 'suffix']
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return list(dict.fromkeys(node.id for node in _free_reads(tree)))


__all__ = ["answer_cell_source", "assigns", "calls_in_source", "free_reads"]
