"""Explorers while dragged, in a real browser: frames per second and last-move lag (issues 11, 21).

Starts JupyterLab (default settings) on a temporary folder with one small notebook per explorer
that shows it twice: live (``rbteach.explorers.live``, the notebooks' explorer) and through the
PNG path (``rbteach.explorers.build``, the notebooks' explorer before it), and drives headless
Debian chromium:

* live: for ``--seconds``, a driver inside the page moves the main slider one step (back and forth
  between its ends) ``--hz`` times a second (60) with ``setInterval`` and fires its "input" event,
  so that every input is a new value; fps = distinct pictures painted during the drag / its
  duration; shown/s = display frames (requestAnimationFrame) in which a new picture was painted,
  beside rAF/s, the display's own rate; inputs/s = the inputs the driver achieved (a row below
  95 % of ``--hz`` says "driver-limited": there the driver, not the explorer, set the figure);
  lag = from the last input to the picture of the final value (computed by rbteach in the kernel)
  drawn, timed in the page. ``--mouse``: Playwright's mouse instead (27–31 moves/s here);
* 3-D: ``--seconds`` of orbiting each 3-D panel; frames/s drawn;
* PNG path, same drag: pictures during the drag (its sliders redraw on release) and the lag from
  the release to the new picture painted (``--no-png`` skips it).

Before each drag the bench moves the pointer over the explorer (the page prefetches only once
something shows interest) and waits, for a condition with a deadline (``--prefetch-wait``, 180 s),
until the page's prefetch has settled: nothing in flight and every step of the main control it means
to prefetch in its cache (``rbteachLive.prefetchDone()``; a page without a prefetch, e.g.
``--before-rev`` of a revision before it, is settled once its first answer is in), as a user pauses
before dragging; it prints how long that took and how many answers the page holds. The drag then
counts the messages sent to the kernel (requests and prefetch batches) and the pictures drawn from
the page's cache.

Targets: ≥ 50 frames/s while dragging (issue 21, §5; it was 30 in issue 11), ≤ 150 ms last move →
final picture, ≥ 30 frames/s orbiting. Also printed: requests sent per second, their mean round trip
(page → kernel → page), the kernel's share of it (the reply's ``ms``) and the page's mean paint
per frame. Before/after on one machine state, each explorer measured alternately in the same run:
``--before 2`` with at most 2 requests in flight (the page before issue 21); ``--before-rev REV``
with rbteach (kernel code and page) as it was at git revision REV. Prints one line per explorer and
run, PASS/FAIL, then a side-by-side table; not a test: exits 0 either way.
Usage: python benchmarks/bench_explorer_drag.py [--notebook 07|02,04|all] [--seconds 2] [--hz 60]
       [--before 2] [--before-rev REV] [--no-png] [--mouse] [--prefetch-wait 180]
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
import labdriver  # noqa: E402

TARGET_FPS, TARGET_LAG_MS, TARGET_ORBIT_FPS = 50.0, 150.0, 30.0

_PNG_COUNTER_JS = """(root) => {
  const out = root.querySelector('.widget-output');
  window.__pngFrames = 0; window.__pngLast = null;
  const obs = new MutationObserver(() => {
    const img = out.querySelector('.jp-OutputArea-output img');
    if (img && img !== window.__pngSeen) { window.__pngSeen = img; window.__pngFrames++;
      img.decode().then(() => requestAnimationFrame(() => { window.__pngLast = performance.now(); })); }
  });
  obs.observe(out, {childList: true, subtree: true});
  window.__pngSeen = out.querySelector('.jp-OutputArea-output img');
}"""


def _bench_notebook(directory: Path, nn: str, inflight: int | None = None, package: Path | None = None,
                    tag: str = "") -> str:
    """A notebook showing explorer ``nn`` live (with ``inflight`` requests at most in flight, if given:
    the page's setting before issue 21 was 2) and through the PNG path. ``package``: a folder holding
    another copy of ``rbteach`` (``--before-rev``), imported instead of the one under test."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    first = f"import sys\nsys.path.insert(0, {str(package)!r})\n" if package else ""
    show = f"w = live(nb{nn})\n" + (f"w.spec = dict(w.spec, inflight={inflight})\n" if inflight else "") + "w"
    nb.cells = [nbformat.v4.new_code_cell(f"{first}from rbteach.explorers import nb{nn}\nfrom rbteach.explorers.live import live\n{show}"),
                nbformat.v4.new_code_cell(f"nb{nn}.widget()")]
    name = f"bench_{nn}{'_' + str(inflight) if inflight else ''}{'_' + tag if tag else ''}.ipynb"
    nbformat.write(nb, directory / name)
    return name


def _export(rev: str, directory: Path) -> Path:
    """``rbteach`` as it was at git revision ``rev``, unpacked under ``directory``; returns the folder
    to put first on ``sys.path``."""
    import io
    import subprocess
    import tarfile

    data = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "rbteach"], check=True, capture_output=True).stdout
    out = directory / "before"
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(out, filter="data")
    return out


def _drag_noui(page, ex, seconds: float) -> tuple[float, float]:
    """Drag the PNG path's main slider (noUiSlider) for ``seconds``; page time of the release."""
    handle = labdriver.main_slider(ex).locator(".noUi-handle").first
    handle.scroll_into_view_if_needed()
    track = labdriver.main_slider(ex).locator(".noUi-target").first.bounding_box()
    box = handle.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    room = track["x"] + track["width"] - x
    dx = 0.3 * track["width"] * (1 if room > 0.35 * track["width"] else -1)
    page.mouse.move(x, y)
    page.mouse.down()
    n = max(2, int(seconds * 60))
    t_next = time.perf_counter()
    for i in range(1, n + 1):
        page.mouse.move(x + dx * i / n, y)
        t_next += 1 / 60
        pause = t_next - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
    page.mouse.up()
    return page.evaluate("() => performance.now()")


#: A drag driven inside the page at a fixed rate (``setInterval``, not the display's animation
#: frames: headless Chromium here gives requestAnimationFrame only 45–57 ticks a second under load,
#: and Playwright's mouse 27–31 moves a second). Every tick moves the main slider ONE step (back and
#: forth between its ends) and fires its "input" event, as a dragged thumb does, so that every input
#: is a new value: a 30 % sweep in 2 s (the previous driver) offered only 48–57 distinct values a
#: second on sliders of 320–380 steps (nb11, nb07, nb02, nb03, nb01, nb06). Meanwhile a
#: requestAnimationFrame loop counts the display's frames and those in which a new picture was
#: painted (what reaches the screen). Returns page times and counts.
_IN_PAGE_DRAG_JS = """async ([root, seconds, hz]) => {
  const st = root.parentElement.rbteachLive;
  const s = root.querySelector('input.rbteach-live-slider');
  const lo = +s.min, hi = +s.max, step = +s.step || (hi - lo) / 100;
  const nSteps = Math.round((hi - lo) / step);
  let k = Math.round((+s.value - lo) / step), dir = k + 1 <= nSteps ? 1 : -1;
  let inputs = 0, ticks = 0, shownFrames = 0, running = true, seen = st.frames;
  const raf = () => {
    if (!running) return;
    ticks++;
    if (st.frames !== seen) { shownFrames++; seen = st.frames; }
    requestAnimationFrame(raf);
  };
  requestAnimationFrame(raf);
  const sentNow = () => (st.sent === undefined ? st.seq : st.sent);    // messages to the kernel (a page before the cache: seq)
  const f0 = st.frames, q0 = sentNow(), h0 = st.cacheHits || 0, t0 = performance.now();
  let last = t0;
  await new Promise((resolve) => {
    const id = setInterval(() => {
      if (k + dir > nSteps || k + dir < 0) dir = -dir;
      k += dir;
      s.value = String(lo + k * step);
      s.dispatchEvent(new Event('input', { bubbles: true }));
      inputs++;
      last = performance.now();
      if (last - t0 >= seconds * 1000) { clearInterval(id); resolve(); }
    }, 1000 / hz);
  });
  const t1 = performance.now();
  running = false;
  const dur = (t1 - t0) / 1000;
  return {lastMove: last, inputs: inputs / dur, painted: (st.frames - f0) / dur, shown: shownFrames / dur,
          raf: ticks / dur, sent: (sentNow() - q0) / dur, hits: ((st.cacheHits || 0) - h0) / dur};
}"""

#: The page's own account of a drag: mean round trip, paint, and the kernel's time per answer (the
#: reply's ``ms``, where the page's live.py sends it).
_PREFETCH_DONE_JS = """r => { const s = r.parentElement.rbteachLive;
  return s.prefetchDone ? s.prefetchDone() : (s.inflight === 0 && !s.pending && s.shown === s.seq); }"""

_STATS_JS = """r => { const s = r.parentElement.rbteachLive;
  return [s.rttSum / s.rtts, s.paintMs / s.frames, s.kernelMs ? s.kernelMs / s.kernelN : NaN]; }"""


def _cpu_now() -> dict:
    """CPU seconds (user + system) so far of the processes a frame goes through, all started by this
    script: the kernel(s), the Jupyter server, Chromium (all its processes) and, apart, the main
    thread of its renderers (one thread: it cannot give more than 1 s per second). Empty without psutil."""
    try:
        import psutil
    except ImportError:
        return {}
    out = {"kernel": 0.0, "server": 0.0, "browser": 0.0, "page main": 0.0}
    for p in psutil.Process().children(recursive=True):
        try:
            cmd = " ".join(p.cmdline())
            t = p.cpu_times()
            if "ipykernel" in cmd:
                out["kernel"] += t.user + t.system
            elif "-m jupyterlab" in cmd or "-m notebook" in cmd:
                out["server"] += t.user + t.system
            elif "chrom" in p.name():
                out["browser"] += t.user + t.system
                if "--type=renderer" in cmd:
                    out["page main"] += sum(th.user_time + th.system_time for th in p.threads() if th.id == p.pid)
        except Exception:                 # a process that ended meanwhile
            continue
    return out


def measure(page, lab, name: str, seconds: float, png: bool = True, mouse: bool = False, hz: float = 60.0,
            prefetch_wait: float = 180.0) -> dict:
    labdriver.open_notebook(page, lab, name)
    labdriver.run_all(page)
    root = labdriver.wait_for_live(page)
    labdriver.live_settled(root)
    # a user pauses before dragging, the pointer over the explorer (the prefetch starts at such a sign
    # of interest): wait until the page's prefetch has settled (a condition)
    root.hover()
    t_pf = time.perf_counter()
    labdriver.wait_until(lambda: root.evaluate(_PREFETCH_DONE_JS), prefetch_wait,
                         f"{name}: the page's prefetch did not settle")
    prefetch_s = time.perf_counter() - t_pf
    cached = root.evaluate("r => { const s = r.parentElement.rbteachLive; return s.cacheSize ? s.cacheSize() : 0; }")
    # reset the page's running sums, so that they cover the drag alone
    root.evaluate("r => { const s = r.parentElement.rbteachLive; s.rttSum = 0; s.rtts = 0; s.paintMs = 0; "
                  "s.kernelMs = 0; s.kernelN = 0; s.frames0 = s.frames; }")
    if mouse:
        root.evaluate("r => { r.__inputs = 0; r.querySelector('input[type=range]').addEventListener('input', () => r.__inputs++); }")
        st0 = labdriver.live_state(root)
        t0 = time.perf_counter()
        last_move = labdriver.live_drag(page, root, fraction=0.3, moves=max(2, int(seconds * hz)), hz=hz)
        dur = time.perf_counter() - t0
        mid = labdriver.live_state(root)
        drag = {"painted": (mid["frames"] - st0["frames"]) / dur, "inputs": root.evaluate("r => r.__inputs") / dur,
                "sent": (mid["seq"] - st0["seq"]) / dur, "shown": float("nan"), "raf": float("nan"), "hits": float("nan")}
        cpu0 = cpu1 = {}
    else:
        cpu0, t0 = _cpu_now(), time.perf_counter()
        drag = page.evaluate(_IN_PAGE_DRAG_JS, [root.element_handle(), seconds, hz])
        cpu1, dur = _cpu_now(), time.perf_counter() - t0
        last_move = drag["lastMove"]
        root.locator("input.rbteach-live-slider").first.dispatch_event("change")
    st = labdriver.live_settled(root, timeout=10)
    drawn_at = root.evaluate("r => r.parentElement.rbteachLive.lastFrameAt")
    res = {"fps": drag["painted"], "shown": drag["shown"], "raf": drag["raf"], "inputs": drag["inputs"],
           "sent": drag["sent"], "hits": drag["hits"], "lag_ms": drawn_at - last_move,
           "final_ok": st["lastValues"] == st["values"], "orbit": [], "prefetch_s": prefetch_s, "cached": cached}
    # CPU ms each process spent per picture shown: robust to a loaded machine, and their sum says how
    # many pictures a second the machine's cores could give at most (the page's main thread: 1000 / its ms)
    pictures = max(1.0, drag["shown"] * dur) if cpu0 else 0
    res["cpu"] = {k: 1e3 * (cpu1[k] - cpu0[k]) / pictures for k in cpu0} if cpu0 else {}
    # where a frame's time goes: the request's round trip (kernel, server, page), the page's paint,
    # and the kernel's own share of the round trip
    res["rtt_ms"], res["paint_ms"], res["kernel_ms"] = root.evaluate(_STATS_JS)
    panels = st["panels"]
    for i, kind in enumerate(panels):
        if kind != "3d":
            continue
        o0 = labdriver.live_state(root)["orbitFrames"]
        c = root.locator(".rbteach-live-canvas").first.bounding_box()
        b = root.evaluate("(r, i) => r.parentElement.rbteachLive.boxes()[i]", i)
        x, y = c["x"] + b[0] + b[2] / 2, c["y"] + b[1] + b[3] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        n = int(seconds * 60)
        t1, t_next = time.perf_counter(), time.perf_counter()
        for k in range(1, n + 1):
            page.mouse.move(x + 60 * (k / n), y + 20 * (k / n))
            t_next += 1 / 60
            pause = t_next - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
        page.mouse.up()
        res["orbit"].append((labdriver.live_state(root)["orbitFrames"] - o0) / (time.perf_counter() - t1))
    if not png:
        labdriver.shutdown_kernels(lab)
        res["png_frames_during"], res["png_lag_ms"] = 0, float("nan")
        return res
    # the PNG path, same drag
    ex = labdriver.scroll_to(page, ".rbteach-explorer", 60)
    ex.locator(".widget-output .jp-OutputArea-output img").first.wait_for(timeout=60_000)
    ex.scroll_into_view_if_needed()
    time.sleep(0.5)
    ex.evaluate(_PNG_COUNTER_JS)
    released = _drag_noui(page, ex, seconds)
    frames_during = page.evaluate("() => window.__pngFrames")
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and page.evaluate("() => window.__pngLast") is None:
        time.sleep(0.02)
    painted = page.evaluate("() => window.__pngLast")
    res["png_frames_during"] = frames_during
    res["png_lag_ms"] = (painted - released) if painted else float("nan")
    labdriver.shutdown_kernels(lab)
    return res


def _cpu_text(cpu: dict) -> str:
    if not cpu:
        return "-"
    return f"{cpu['kernel']:.1f} / {cpu['server']:.1f} / {cpu['browser']:.1f} ({cpu['page main']:.1f})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--notebook", default="all", help="07, 02,04, or 'all' (every explorer)")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--hz", type=float, default=60.0, help="inputs per second the driver fires (default 60)")
    ap.add_argument("--before", type=int, default=0, metavar="N",
                    help="also measure each explorer with at most N requests in flight (2: the page before issue 21), "
                         "alternating with the current page in the same run")
    ap.add_argument("--before-rev", default="", metavar="REV",
                    help="also measure each explorer with rbteach as it was at git revision REV (kernel and page), "
                         "alternating with the current code in the same run")
    ap.add_argument("--no-png", action="store_true", help="skip the PNG path")
    ap.add_argument("--prefetch-wait", type=float, default=180.0, metavar="S",
                    help="deadline (s) for the page's prefetch to settle before each drag (a condition, not a sleep)")
    ap.add_argument("--mouse", action="store_true",
                    help="drag with Playwright's mouse instead of the in-page driver (the mouse delivers ~30 moves/s here)")
    args = ap.parse_args()
    if labdriver.chromium_path() is None:
        print("chromium is not installed (apt-get install chromium): nothing measured")
        return 0
    nns = sorted(p.name[2:4] for p in (ROOT / "rbteach" / "explorers").glob("nb[0-9][0-9].py"))
    if args.notebook != "all":
        nns = args.notebook.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        variants = [("now", None, None)]
        if args.before:
            variants.insert(0, (f"{args.before} in fl.", args.before, None))
        if args.before_rev:
            variants.insert(0, (args.before_rev[:10], None, _export(args.before_rev, tmp)))
        runs = [(nn, v) for nn in nns for v in variants]            # alternating: one machine state for both
        files = [tmp / _bench_notebook(tmp, nn, k, pkg, tag=str(i)) for i, (nn, (_, k, pkg)) in enumerate(runs)]
        with labdriver.running_lab(extra_files=files) as lab, labdriver.chromium_context(viewport=(1280, 1000)) as ctx:
            print(f"driver: {'mouse' if args.mouse else 'in page'}, {args.hz:.0f} inputs/s asked, one slider step each; "
                  f"{args.seconds:g} s per drag")
            print(f"{'explorer':>22} | {'fps':>5} | {'shown/s':>7} | {'rAF/s':>5} | {'inputs/s':>8} | {'sent/s':>6} | "
                  f"{'cache/s':>7} | {'prefetch':>13} | {'RTT ms':>6} | {'kernel ms':>9} | {'paint ms':>8} | {'lag ms':>6} | {'orbit fps':>9} | "
                  f"{'PNG frames':>10} | {'PNG lag ms':>10} | CPU ms per picture: kernel / server / browser (page main) | verdict")
            rows: dict[str, list] = {v[0]: [] for v in variants}
            for (nn, (label, _k, _pkg)), f in zip(runs, files):
                page = ctx.new_page()
                try:
                    r = measure(page, lab, f.name, args.seconds, png=not args.no_png, mouse=args.mouse, hz=args.hz,
                                prefetch_wait=args.prefetch_wait)
                finally:
                    page.close()
                ok = (r["fps"] >= TARGET_FPS and r["lag_ms"] <= TARGET_LAG_MS and r["final_ok"]
                      and all(o >= TARGET_ORBIT_FPS for o in r["orbit"]))
                orbit = ",".join(f"{o:.0f}" for o in r["orbit"]) or "-"
                tag = f"nb{nn} ({label})"
                limit = " (driver-limited)" if r["inputs"] < 0.95 * args.hz else ""
                print(f"{tag:>22} | {r['fps']:5.1f} | {r['shown']:7.1f} | {r['raf']:5.1f} | {r['inputs']:8.1f} | "
                      f"{r['sent']:6.1f} | {r['hits']:7.1f} | {r['prefetch_s']:5.1f} s {r['cached']:4d} fr | {r['rtt_ms']:6.0f} | {r['kernel_ms']:9.1f} | {r['paint_ms']:8.1f} | "
                      f"{r['lag_ms']:6.0f} | {orbit:>9} | {r['png_frames_during']:10d} | "
                      f"{r['png_lag_ms']:10.0f} | {_cpu_text(r['cpu']):>57} | {'PASS' if ok else 'FAIL'}{limit}", flush=True)
                rows[label].append((nn, r))
            print()
            print("side by side (pictures drawn/s, shown/s, inputs/s achieved, messages sent to the kernel/s, CPU ms per picture shown, all processes):")
            print(f"{'explorer':>8} | " + " | ".join(f"{v[0]:>46}" for v in variants))
            for i, nn in enumerate(nns):
                print(f"{'nb' + nn:>8} | " + " | ".join(
                    f"{rows[v[0]][i][1]['fps']:5.1f} drawn {rows[v[0]][i][1]['shown']:5.1f} shown "
                    f"{rows[v[0]][i][1]['inputs']:5.1f} in {rows[v[0]][i][1]['sent']:5.1f} sent {sum(rows[v[0]][i][1]['cpu'].values()) - rows[v[0]][i][1]['cpu'].get('page main', 0):4.0f} ms"
                    for v in variants))
            for v in variants:
                rs = [r for _, r in rows[v[0]]]
                print(f"{v[0]:>10}: median fps {statistics.median(r['fps'] for r in rs):.1f} (target ≥ {TARGET_FPS:.0f}), "
                      f"median shown/s {statistics.median(r['shown'] for r in rs):.1f}, "
                      f"{sum(r['fps'] >= TARGET_FPS for r in rs)}/{len(rs)} at target, median inputs/s "
                      f"{statistics.median(r['inputs'] for r in rs):.1f}, median lag {statistics.median(r['lag_ms'] for r in rs):.0f} ms "
                      f"(target ≤ {TARGET_LAG_MS:.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
