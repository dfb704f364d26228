"""Move the worked answers a checks module still declares (``Exercise(..., answer=...)``) out of the package.

Usage (from the repository root), then ``ruff check --fix`` and ``ruff format`` on the files it names::

    python tools/move_answers.py              # every topic whose checks still hold an answer=
    python tools/move_answers.py unigram      # one topic

Each ``answer=`` of the topic's ``Workbook`` goes to ``notebooks/solutions/answers/<topic>.py``
(``ANSWERS = {key: answer}``) with the constants and functions only the answers use; the
workbook gets ``answers="<topic>"``. Names the checks still use stay there and are imported.
This is how the course's answers were moved (issue 31); a notebook written before that scheme
(or a branch merged after it) is brought in line the same way. See docs/authoring.md.
"""

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "notebooks" / "solutions" / "answers"


def names_in(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def top_defs(tree):
    defs = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defs[node.name] = node
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    defs[t.id] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            defs[node.target.id] = node
    return defs


def move(checks: Path) -> None:
    topic = checks.parent.name
    src = checks.read_text()
    lines = src.splitlines(keepends=True)
    tree = ast.parse(src)
    defs = top_defs(tree)
    # the Exercise(...) answer= keywords
    answers = {}  # key -> (expr source, keyword node)
    kw_nodes = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Workbook":
            pass
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Exercise":
            key = node.args[0].value
            for kw in node.keywords:
                if kw.arg == "answer":
                    answers[key] = ast.get_source_segment(src, kw.value)
                    kw_nodes.append(kw)
    needed = set()
    for kw in kw_nodes:
        needed |= names_in(kw.value)
    # transitively: top-level defs referenced by moved defs
    moved = set()
    todo = [n for n in needed if n in defs]
    while todo:
        name = todo.pop()
        if name in moved:
            continue
        moved.add(name)
        for inner in names_in(defs[name]):
            if inner in defs and inner not in moved:
                todo.append(inner)
    # keep in checks any moved name still used by the rest of checks (outside moved nodes and answer kws)
    moved_nodes = {id(defs[n]) for n in moved}
    used_elsewhere = set()
    kw_ids = {id(k) for k in kw_nodes}

    def visit(node, inside):
        if id(node) in moved_nodes or id(node) in kw_ids:
            inside = True
        if isinstance(node, ast.Name) and not inside:
            used_elsewhere.add(node.id)
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, False)
    # docstrings' doctests may use names too
    doc_text = "\n".join(
        ast.get_docstring(n) or "" for n in ast.walk(tree) if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef))
    )
    really_moved = []
    shared = []
    for name in moved:
        node = defs[name]
        if name in used_elsewhere or re.search(rf"\b{name}\b", doc_text):
            shared.append(name)
        else:
            really_moved.append(name)
    # line ranges to cut (with comment lines right above)
    cut = []
    for name in really_moved:
        node = defs[name]
        start = (node.decorator_list[0].lineno if getattr(node, "decorator_list", None) else node.lineno) - 1
        while start > 0 and lines[start - 1].lstrip().startswith("#"):
            start -= 1
        cut.append((start, node.end_lineno, name))
    cut.sort()
    moved_src = "".join("".join(lines[a:b]) + "\n\n" for a, b, _ in cut)
    # imports of checks
    imports = "".join(
        ast.get_source_segment(src, n) + "\n"
        for n in tree.body
        if isinstance(n, (ast.Import, ast.ImportFrom))
        and not (isinstance(n, ast.ImportFrom) and n.module == "__future__")
    )
    checks_names = sorted(n for n in defs if n not in really_moved)
    imports += f"from wordpiece_lib.classroom.{topic}.checks import {', '.join(checks_names)}\n" if checks_names else ""
    number = None
    m = re.search(r'Workbook\(\s*"(\d\d) ·', src)
    number = m.group(1) if m else "??"
    body = ",\n".join(f"    {k!r}: {v}" for k, v in answers.items())
    text = (
        f'"""The worked answers of notebook {number} ({topic}): what ``show_answer`` gives, kept with the solutions.\n\n'
        f'Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.\n"""\n\n'
        "from __future__ import annotations\n\n" + imports + "\n\n" + moved_src + f"ANSWERS = {{\n{body},\n}}\n"
    )
    (OUT / f"{topic}.py").write_text(text)
    # edit checks: remove answer keywords and moved nodes (from the bottom up)
    edits = []
    for kw in kw_nodes:
        # from the start of the keyword's line to the end of its value, plus a trailing comma
        a = (kw.value.lineno, kw.value.col_offset)
        line_start = kw.value.lineno - 1
        kwline = lines[line_start]
        idx = kwline.index("answer=")
        edits.append(("kw", line_start, idx, kw.value.end_lineno - 1, kw.value.end_col_offset))
    new_lines = lines[:]
    # process edits in reverse order
    for _, l0, c0, l1, c1 in sorted(edits, reverse=True, key=lambda e: (e[1], e[2])):
        before = new_lines[l0][:c0]
        after = new_lines[l1][c1:]
        if after.startswith(","):
            after = after[1:]
        merged = before + after
        if merged.strip() == "":
            merged = ""
        new_lines[l0 : l1 + 1] = [merged]
    # remove moved nodes: recompute by text matching since indices shifted only after edits in Workbook, which is below the answers? do cuts on the original offsets, adjusting
    text_new = "".join(new_lines)
    for a, b, name in reversed(cut):
        chunk = "".join(lines[a:b])
        assert chunk in text_new, (checks, name)
        text_new = text_new.replace(chunk, "", 1)
    text_new = re.sub(r"(WORKBOOK = Workbook\(\n    \"[^\"]+\",\n)", r"\1", text_new)
    text_new = re.sub(r"\n\n\n\n+", "\n\n\n", text_new)
    # name the answer set
    text_new = re.sub(
        r"(WORKBOOK = Workbook\(\n)((?:.|\n)*?)\n\)\n",
        lambda m: m.group(1) + m.group(2) + f'\n    answers="{topic}",\n)\n',
        text_new,
        count=1,
    )
    checks.write_text(text_new)
    print(f"{topic}: answers {list(answers)} -> {OUT / (topic + '.py')}; kept in checks and imported: {shared}")


def main(argv: list[str]) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    topics = argv or [path.parent.name for path in sorted(ROOT.glob("wordpiece_lib/classroom/*/checks.py"))]
    for topic in topics:
        checks = ROOT / "wordpiece_lib" / "classroom" / topic / "checks.py"
        if not checks.is_file():
            print(f"error: no {checks}", file=sys.stderr)
            return 2
        if re.search(r"^\s+answer=", checks.read_text(encoding="utf-8"), re.M):
            move(checks)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
