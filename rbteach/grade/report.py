"""The grader's three files: ``gradebook.csv``, ``misconceptions.csv`` and ``report.html`` (offline)."""

from __future__ import annotations

import csv
import html
from collections import Counter, defaultdict
from pathlib import Path

__all__ = ["write"]

_COLOURS = {"right": "#009E73", "close": "#56B4E9", "wrong": "#D55E00", "blank": "#BBBBBB", "error": "#000000"}


def _hint_texts(fresh) -> dict:
    """``{(exercise, hint id): text}`` of every hint of every check."""
    from ..exercises import hint_id

    return {(name, hint_id(text)): str(text) for name, check in fresh.items()
            for text in (getattr(check, "hints", None) or {})}


def write(out: Path, chosen, rejected, results, fresh, *, sandboxed: bool) -> dict:
    """Write the files; returns ``{student: {exercise: verdict, ..., "notes": ...}}``."""
    students = sorted({s for s, _ in chosen} | {sub.student for sub in rejected})
    exercises = sorted({e for v, _, _ in results.values() for e in v})
    rows = {s: {"notes": []} for s in students}
    for sub in rejected:
        rows[sub.student]["notes"] += sub.notes
    for (student, _), (verdict, _, notes) in sorted(results.items()):
        rows[student].update(verdict)
        rows[student]["notes"] += notes
    with open(out / "gradebook.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["student", *exercises, "notes"])
        for s in students:
            w.writerow([s, *(rows[s].get(e, "") for e in exercises), "; ".join(rows[s]["notes"])])

    texts = _hint_texts(fresh)
    made = Counter()
    takers = Counter()
    for (student, nn), (verdict, hints, _) in results.items():
        for e in verdict:
            takers[e] += 1
        for e, hid in hints.items():
            made[(e, hid)] += 1
    mistakes = sorted(made.items(), key=lambda kv: (kv[0][0], -kv[1], kv[0][1]))
    with open(out / "misconceptions.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["exercise", "hint", "students", "share"])
        for (e, hid), n in mistakes:
            w.writerow([e, f"{hid}: {texts.get((e, hid), '')}".rstrip(": "), n, f"{n / takers[e]:.2f}"])

    counts = defaultdict(Counter)
    for s in students:
        for e in exercises:
            if e in rows[s]:
                counts[e][rows[s][e]] += 1
    (out / "report.html").write_text(_html(exercises, counts, mistakes, texts, takers, rows, sandboxed),
                                     encoding="utf-8")
    return {s: {**{e: rows[s][e] for e in exercises if e in rows[s]}, "notes": rows[s]["notes"]} for s in students}


def _html(exercises, counts, mistakes, texts, takers, rows, sandboxed) -> str:
    esc = html.escape
    parts = ["<!doctype html><html lang='en'><head><meta charset='utf-8'><title>rbteach: the class's answers</title>",
             "<style>body{font:20px/1.4 sans-serif;max-width:1100px;margin:1em auto;padding:0 1em}"
             "table{border-collapse:collapse;width:100%}td,th{padding:4px 8px;text-align:left;vertical-align:top}"
             ".bar{display:flex;height:1.3em;min-width:300px;border:1px solid #999}.bar span{display:block}"
             ".key span{display:inline-block;width:1em;height:1em;margin:0 .3em 0 1em;vertical-align:middle}"
             "code{font-size:90%}</style></head><body>",
             "<h1>The class's answers</h1>",
             f"<p>{len(rows)} students. "
             + ("Each notebook ran in a bubblewrap sandbox." if sandboxed else
                "<strong>Graded without a sandbox</strong> (no working bubblewrap).") + "</p>",
             "<p class='key'>" + "".join(f"<span style='background:{c}'></span>{v}" for v, c in _COLOURS.items())
             + "</p>"]
    for nn in sorted({e[:2] for e in exercises}):
        parts.append(f"<h2>Notebook {nn}</h2><table><tr><th>exercise</th><th>answers</th><th>counts</th></tr>")
        for e in (x for x in exercises if x.startswith(nn + ".")):
            c = counts[e]
            total = sum(c.values()) or 1
            bar = "".join(f"<span title='{v}: {c[v]}' style='width:{100 * c[v] / total:.1f}%;background:{col}'></span>"
                          for v, col in _COLOURS.items() if c[v])
            label = ", ".join(f"{c[v]} {v}" for v in _COLOURS if c[v])
            parts.append(f"<tr><td><code>{esc(e)}</code></td><td><div class='bar' role='img' aria-label='{esc(label)}'>"
                         f"{bar}</div></td><td>{esc(label)}</td></tr>")
        parts.append("</table>")
        top = [(e, hid, n) for (e, hid), n in mistakes if e.startswith(nn + ".")]
        top.sort(key=lambda x: (-x[2], x[0], x[1]))
        if top:
            parts.append("<h3>The most common mistakes</h3><ol>")
            for e, hid, n in top[:8]:
                parts.append(f"<li><strong>{n} of {takers[e]}</strong> in <code>{esc(e)}</code> "
                             f"(<code>{esc(hid)}</code>): {esc(texts.get((e, hid), ''))}</li>")
            parts.append("</ol>")
    noted = [(s, r["notes"]) for s, r in sorted(rows.items()) if r["notes"]]
    if noted:
        parts.append("<h2>Notes</h2><ul>")
        parts += [f"<li><strong>{esc(s)}</strong>: {esc('; '.join(n))}</li>" for s, n in noted]
        parts.append("</ul>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
