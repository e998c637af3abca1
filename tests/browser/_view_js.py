"""Page-side measurements shared by the browser tests of what a person sees (test_view.py, test_wall.py)."""

#: Whether an element's text is set in a monospace font: the same text of narrow and of wide
#: letters, in the element's own computed font, has the same width.
MONOSPACE_JS = """e => {
  const probe = (t) => { const s = document.createElement('span'); s.textContent = t; e.appendChild(s);
    const w = s.getBoundingClientRect().width; s.remove(); return w; };
  const narrow = probe('iiiiiiiiii'), wide = probe('MMMMMMMMMM');
  return {narrow, wide, family: getComputedStyle(e).fontFamily};
}"""

#: A live explorer's canvas as shown: CSS box, backing store, the spec's size, the scale and the
#: smallest text on the screen (13 picture px × text magnification × scale), the labels' boxes.
CANVAS_JS = """root => {
  const c = root.querySelector('.rbteach-live-canvas'), s = root.parentElement.rbteachLive;
  const b = c.getBoundingClientRect();
  return {cssW: b.width, cssH: b.height, storeW: c.width, storeH: c.height, dpr: window.devicePixelRatio,
          specW: s.spec.width, specH: s.spec.height, scale: s.fit.scale, text: s.text,
          placed: s.placed || []};
}"""

#: The left edges of a live explorer's slider rows (CSS px).
SLIDERS_JS = """root => [...root.querySelectorAll('.rbteach-live-controls input[type=range], .rbteach-live-controls select')]
  .map(e => e.getBoundingClientRect().x)"""


def overlapping(rects, min_px: float = 1.0):
    """Pairs of rectangles [x, y, w, h] that overlap by more than ``min_px`` both ways."""
    bad = []
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
            h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
            if w > min_px and h > min_px:
                bad.append((a, b))
    return bad
