"""The website's explorers while dragged (issue 21 §1): frames per second in headless Chromium.

Builds the site (``site/build_site.py``, the student edition; or takes a built one with ``--site``),
serves it on 127.0.0.1 and, on every notebook page, drags the explorer's main control with the mouse
at 60 Hz for ``--seconds``, back and forth across its track, each move long enough to reach the next
precomputed value (so that the drag, not the grid, sets the pace); frames/s = distinct pictures drawn
(frames answered by the page's data source and painted) / the drag's duration, at most the mouse's
60 Hz. The same drag inside the page (one value per animation frame, the slider's "input" event
fired as a dragged thumb fires it) gives the page's own frames/s and ms per frame, free of the
driver's pace; "idle rAF/s" is the animation frames per second of the page doing nothing (the
machine's ceiling: under load fewer than 60). Then each 3-D panel is orbited for ``--seconds``:
frames/s painted. Target: ≥ 50 frames/s (page drag).
Prints one line per explorer and the median; not a test: exits 0 either way.

Usage: python benchmarks/bench_site_drag.py [--site BUILT_HTML] [--notebook 07|all] [--seconds 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "site"))
import labdriver  # noqa: E402

TARGET_FPS = 50.0

#: A drag inside the page: at every animation frame the main slider moves one precomputed value
#: (back and forth) and fires its "input" event, as a dragged thumb does; returns the frames drawn
#: per second and the mean ms from the event to the frame painted (live.js paints synchronously).
_IN_PAGE_DRAG_JS = """async ([root, seconds]) => {
  const s = root.querySelector('input.rbteach-live-slider'), st = root.parentElement.rbteachLive;
  const lo = +s.min, hi = +s.max, step = +s.step;
  let v = +s.value, d = 1, work = 0, n = 0;
  const f0 = st.frames, t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    await new Promise((r) => requestAnimationFrame(r));
    if (v + d * step > hi + 1e-9 || v + d * step < lo - 1e-9) d = -d;
    v += d * step; s.value = String(v);
    const a = performance.now();
    s.dispatchEvent(new Event('input', { bubbles: true }));
    await Promise.resolve(); await Promise.resolve();       // the data source answers in a microtask
    work += performance.now() - a; n++;
  }
  return { fps: (st.frames - f0) / ((performance.now() - t0) / 1000), ms: work / Math.max(1, n) };
}"""


def _paced(page, points, hz=60.0):
    t_next = time.perf_counter()
    for x, y in points:
        page.mouse.move(x, y)
        t_next += 1.0 / hz
        pause = t_next - time.perf_counter()
        if pause > 0:
            time.sleep(pause)


def measure(page, base: str, name: str, seconds: float) -> dict:
    page.goto(f"{base}/notebooks/{name}.html", wait_until="load")
    page.wait_for_selector(".rbteach-site-explorer[data-ready] .rbteach-live-canvas", timeout=60_000)
    root = page.locator(".rbteach-site-explorer .rbteach-live").first
    root.evaluate("e => e.scrollIntoView({block: 'center'})")
    labdriver.live_settled(root)
    s = labdriver.live_slider(root)
    lo, hi, n = (float(s.get_attribute("min")), float(s.get_attribute("max")),
                 root.evaluate("r => r.closest('.rbteach-site-explorer').rbteachSite.axes[0].values.length"))
    box = s.bounding_box()
    v = float(s.input_value())
    x0, y = box["x"] + 8 + (v - lo) / (hi - lo) * (box["width"] - 16), box["y"] + box["height"] / 2
    step = 1.3 * (box["width"] - 16) / max(1, n - 1)          # each move reaches the next value
    left, right = box["x"] + 8, box["x"] + box["width"] - 8
    points, x, d = [], x0, 1
    for _ in range(int(seconds * 60)):
        if not left <= x + d * step <= right:
            d = -d
        x += d * step
        points.append((x, y))
    st0 = labdriver.live_state(root)
    page.mouse.move(x0, y)
    page.mouse.down()
    t0 = time.perf_counter()
    _paced(page, points)
    dur = time.perf_counter() - t0
    mid = labdriver.live_state(root)
    page.mouse.up()
    st = labdriver.live_settled(root)
    res = {"fps": (mid["frames"] - st0["frames"]) / dur, "moves": len(points) / dur,
           "final_ok": st["lastValues"] == st["values"], "orbit": []}
    inpage = page.evaluate(_IN_PAGE_DRAG_JS, [root.element_handle(), seconds])
    res["page_fps"], res["frame_ms"] = inpage["fps"], inpage["ms"]
    # the machine's ceiling: animation frames per second of this page doing nothing (a loaded
    # machine gives fewer than the display's 60, and no drag can be faster)
    res["raf"] = page.evaluate("""async (s) => { let n = 0; const t0 = performance.now();
        while (performance.now() - t0 < s * 1000) { await new Promise((r) => requestAnimationFrame(r)); n++; }
        return n / ((performance.now() - t0) / 1000); }""", min(seconds, 1.0))
    res["final_ok"] = res["final_ok"] and labdriver.live_settled(root)["lastValues"] == labdriver.live_state(root)["values"]
    for i, kind in enumerate(st["panels"]):
        if kind != "3d":
            continue
        o0 = labdriver.live_state(root)["orbitFrames"]
        c = root.locator(".rbteach-live-canvas").first.bounding_box()
        b = root.evaluate("(r, i) => r.parentElement.rbteachLive.boxes()[i]", i)
        k = c["width"] / root.evaluate("r => r.parentElement.rbteachLive.spec.width")
        cx, cy = c["x"] + k * (b[0] + b[2] / 2), c["y"] + k * (b[1] + b[3] / 2)
        page.mouse.move(cx, cy)
        page.mouse.down()
        m = int(seconds * 60)
        t1 = time.perf_counter()
        _paced(page, [(cx + 60 * j / m, cy + 20 * j / m) for j in range(1, m + 1)])
        page.mouse.up()
        res["orbit"].append((labdriver.live_state(root)["orbitFrames"] - o0) / (time.perf_counter() - t1))
    return res


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", help="a built site's html folder (default: build one in a temp dir)")
    ap.add_argument("--notebook", default="all", help="07, or all")
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    if labdriver.chromium_path() is None:
        print("chromium is not installed: nothing measured")
        return 0
    names = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    if args.notebook != "all":
        names = [n for n in names if n.startswith(args.notebook)]
    with tempfile.TemporaryDirectory(prefix="rbteach-bench-site-") as tmp:
        if args.site:
            html = Path(args.site)
        else:
            import build_site
            html = build_site.build(Path(tmp) / "site", "student")
        rows = []
        with labdriver.static_server(html) as base, labdriver.chromium_context() as ctx:
            page = ctx.new_page()
            print(f"{'notebook':>22} | {'page drag fps':>13} | {'ms/frame':>8} | {'mouse drag fps':>14} | "
                  f"{'mouse moves/s':>13} | {'orbit fps':>10} | {'idle rAF/s':>10} | verdict")
            for name in names:
                r = measure(page, base, name, args.seconds)
                rows.append(r)
                orbit = "/".join(f"{v:.0f}" for v in r["orbit"]) or "—"
                ok = r["page_fps"] >= TARGET_FPS and r["final_ok"]
                print(f"{name[:22]:>22} | {r['page_fps']:13.1f} | {r['frame_ms']:8.1f} | {r['fps']:14.1f} | "
                      f"{r['moves']:13.1f} | {orbit:>10} | {r['raf']:10.1f} | {'PASS' if ok else 'FAIL'}")
        if rows:
            print(f"median page drag fps {statistics.median(r['page_fps'] for r in rows):.1f} "
                  f"(target ≥ {TARGET_FPS:.0f}); median mouse drag fps {statistics.median(r['fps'] for r in rows):.1f} "
                  f"(at most the mouse moves Playwright delivers per second)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
