// rbteach live explorer: the controls and the picture live in the page; the kernel computes.
// The page keeps the kernel's answers in a cache keyed by the complete values (answers.js, which
// live.py's page_module() puts before this file); a control moved to
// values in the cache is drawn at the next display frame with no message to the kernel. Otherwise
// the values are sent to the kernel (at most four requests in flight; a newer value waiting replaces
// an older one, so nothing stale queues up) and the newest answer is drawn at the next display
// frame. When nothing is in flight the page prefetches: one "compute_many" message asks for the
// main control's slider steps around its value, answered in one message (live.py's docstring);
// it starts at a sign of interest (the pointer over the explorer, the focus in it, a control moved),
// so an explorer scrolled past costs the kernel nothing beyond its first answer.
// Each answer is a scene: panels of curves (2-D) or polylines in space (3-D), arrays as binary
// buffers. The picture is drawn on a <canvas>; a 3-D panel turns with the mouse without asking the kernel.
// A 3-D panel's solid bodies (live.py's solid3d) are drawn first, lit and back to front at every
// redraw (solidCamera, solidOrder, solidFill: rbteach/solids.js, which live.py's page_module() puts
// before this file), then the lines on top; the "wireframe" box draws the bodies' edges instead.
// Accessibility: the canvas is focusable (tabindex 0, a visible ring) and its arrow keys turn every
// 3-D panel (ORBIT_STEP degrees, 1 with Shift), Home or Escape resets it, as does "reset view". It is
// role="img" with a label built from the scene (describeScene, kept current); the summary is also
// written to a polite live region when a control is released (not on every frame of a drag); every
// slider has an aria-valuetext with its value and unit (a log slider: its real value).

const DASHES = { "-": [], "--": [7, 4], ":": [2, 3], "-.": [7, 3, 2, 3] };
// The picture is laid out at the spec's size (live.py's CANVAS_SIZE) and scaled as a whole to the
// width the page gives it (the aspect ratio stays). Where that shrinks it, text and the margins
// that hold it grow in the picture's units so that text stays at least MIN_TEXT_PX on the screen.
const MIN_TEXT_PX = 12;
const ORBIT_STEP = 5, ORBIT_FINE = 1;          // degrees per arrow key (with Shift: ORBIT_FINE)
let TEXT = 1;                                   // text magnification of the frame being painted
const font = (px) => `${(px * TEXT).toFixed(2)}px sans-serif`;

// Labels of a frame, placed so that none covers another (see placeLabel).
let PLACED = [];
// Where a 3-D panel's lines were drawn: a set of INK_CELL-px cells, so that labels avoid the data.
const INK_CELL = 4;
let INK = new Set();
function inkLine(ax, ay, bx, by) {
  const n = Math.ceil(Math.hypot(bx - ax, by - ay) / INK_CELL) + 1;
  for (let i = 0; i <= n; i++) {
    const x = ax + (bx - ax) * i / n, y = ay + (by - ay) * i / n;
    INK.add(Math.floor(x / INK_CELL) + "," + Math.floor(y / INK_CELL));
  }
}
function inked(r) {
  for (let x = Math.floor(r[0] / INK_CELL); x <= Math.floor((r[0] + r[2]) / INK_CELL); x++)
    for (let y = Math.floor(r[1] / INK_CELL); y <= Math.floor((r[1] + r[3]) / INK_CELL); y++)
      if (INK.has(x + "," + y)) return true;
  return false;
}
function overlaps(r) {
  return PLACED.some((q) => r[0] < q[0] + q[2] && q[0] < r[0] + r[2] && r[1] < q[1] + q[3] && q[1] < r[1] + r[3]);
}
// Write `text` near the point (X, Y), on the side given by the unit screen direction (dx, dy) (the
// way the labelled line leaves the point), `gap` px away; if that spot is taken by another label,
// try turning around the point. Returns the rectangle used [x, y, w, h].
function placeLabel(g, text, X, Y, dx, dy, gap) {
  const w = g.measureText(text).width, h = 14 * TEXT;
  const a0 = Math.atan2(dy, dx);
  let first = null, clearOfText = null;
  for (const extra of [0, h * 0.6, h * 1.4]) {
    for (const turn of [0, 0.5, -0.5, 1.0, -1.0, 1.6, -1.6, 2.3, -2.3, Math.PI]) {
      const a = a0 + turn, ux = Math.cos(a), uy = Math.sin(a), d = gap + extra;
      // the label's box touches the circle of radius d on the side (ux, uy)
      const cx = X + ux * (d + w / 2 * Math.abs(ux)), cy = Y + uy * (d + h / 2 * Math.abs(uy));
      const r = [cx - w / 2, cy - h / 2, w, h];
      if (!first) first = r;
      if (overlaps(r)) continue;
      if (!clearOfText) clearOfText = r;
      if (!inked(r)) return draw(r);                 // clear of other labels and of the lines
    }
  }
  return draw(clearOfText || first);
  function draw(r) {
    g.textAlign = "left"; g.textBaseline = "middle"; g.fillText(text, r[0], r[1] + r[3] / 2);
    PLACED.push(r);
    return r;
  }
}

function niceStep(span, n) {
  const raw = span / Math.max(1, n), mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const r = raw / mag;
  return (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * mag;
}

function fmtTick(v, step) {
  if (v === 0) return "0";
  const a = Math.abs(v);
  if (a >= 1e4 || a < 1e-3) return v.toExponential(0).replace("e+", "e");
  const dec = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return v.toFixed(Math.min(dec, 6)).replace("-", "\u2212");
}

function unpack(obj, buffers) {
  if (Array.isArray(obj)) return obj.map((o) => unpack(o, buffers));
  if (obj && typeof obj === "object") {
    if ("__buf__" in obj) {
      const dv = buffers[obj.__buf__];
      const arr = new Float32Array(dv.buffer.slice(dv.byteOffset, dv.byteOffset + dv.byteLength));
      arr.shape = obj.shape;
      return arr;
    }
    const out = {};
    for (const k in obj) out[k] = unpack(obj[k], buffers);
    return out;
  }
  return obj;
}

function drawXY(g, p, box) {
  const [x0, y0, w, h] = box;
  const L = 62 * TEXT, R = 12, T = (p.title ? 26 : 10) * TEXT, B = 44 * TEXT;   // live.py's PANEL_MARGINS at TEXT = 1
  const px = x0 + L, py = y0 + T, pw = w - L - R, ph = h - T - B;
  const log = !!p.logy;
  const [xa, xb] = p.xlim, [ya0, yb0] = p.ylim;
  const ya = log ? Math.log10(ya0) : ya0, yb = log ? Math.log10(yb0) : yb0;
  const sx = (x) => px + (x - xa) / (xb - xa) * pw;
  const sy = (y) => py + ph - ((log ? Math.log10(y) : y) - ya) / (yb - ya) * ph;
  g.font = font(14); g.fillStyle = "#000"; g.strokeStyle = "#000"; g.setLineDash([]);
  if (p.title) { g.textAlign = "center"; g.fillText(p.title, x0 + L + pw / 2, y0 + 17 * TEXT); }
  // ticks and grid
  g.lineWidth = 1; g.textAlign = "center"; g.textBaseline = "top";
  const xs = niceStep(xb - xa, 5);
  const xticks = p.xticks || [];
  if (!p.xticks) for (let v = Math.ceil(xa / xs - 1e-9) * xs; v <= xb + 1e-9 * xs; v += xs) xticks.push([v, fmtTick(v, xs)]);
  for (const [v, lab] of xticks) {
    const X = sx(v); g.strokeStyle = "#e6e6e6"; g.beginPath(); g.moveTo(X, py); g.lineTo(X, py + ph); g.stroke();
    g.fillStyle = "#000"; g.fillText(lab, X, py + ph + 5);
  }
  g.textAlign = "right"; g.textBaseline = "middle";
  if (log) {
    const every = Math.max(1, Math.ceil((Math.floor(yb) - Math.ceil(ya) + 1) / 6));
    for (let e = Math.ceil(ya); e <= Math.floor(yb); e += every) {
      const Y = sy(Math.pow(10, e)); g.strokeStyle = "#e6e6e6"; g.beginPath(); g.moveTo(px, Y); g.lineTo(px + pw, Y); g.stroke();
      g.fillStyle = "#000"; g.fillText("1e" + e, px - 5, Y);
    }
  } else {
    const ys = niceStep(yb - ya, 5);
    for (let v = Math.ceil(ya / ys - 1e-9) * ys; v <= yb + 1e-9 * ys; v += ys) {
      const Y = sy(v); g.strokeStyle = "#e6e6e6"; g.beginPath(); g.moveTo(px, Y); g.lineTo(px + pw, Y); g.stroke();
      g.fillStyle = "#000"; g.fillText(fmtTick(v, ys), px - 5, Y);
    }
  }
  g.strokeStyle = "#000"; g.strokeRect(px, py, pw, ph);
  g.textAlign = "center"; g.textBaseline = "alphabetic";
  if (p.xlabel) g.fillText(p.xlabel, px + pw / 2, y0 + h - 6);
  if (p.ylabel) { g.save(); g.translate(x0 + 13 * TEXT, py + ph / 2); g.rotate(-Math.PI / 2); g.fillText(p.ylabel, 0, 0); g.restore(); }
  // curves, clipped to the plot area
  g.save(); g.beginPath(); g.rect(px, py, pw, ph); g.clip();
  for (const s of p.series || []) {
    g.strokeStyle = s.color; g.lineWidth = s.width || 2; g.setLineDash(DASHES[s.dash || "-"] || []);
    g.beginPath();
    let pen = false;
    for (let i = 0; i < s.x.length; i++) {
      const xv = s.x[i], yv = s.y[i];
      if (!isFinite(xv) || !isFinite(yv) || (log && yv <= 0)) { pen = false; continue; }
      const X = sx(xv), Y = sy(yv);
      if (pen) g.lineTo(X, Y); else { g.moveTo(X, Y); pen = true; }
    }
    g.stroke();
    if (s.marker) {
      g.fillStyle = s.color;
      for (let i = 0; i < s.x.length; i++) if (isFinite(s.y[i]) && (!log || s.y[i] > 0)) {
        g.beginPath(); g.arc(sx(s.x[i]), sy(s.y[i]), 4, 0, 2 * Math.PI); g.fill();
      }
    }
  }
  g.restore(); g.setLineDash([]);
  // legend
  const labelled = (p.series || []).filter((s) => s.label);
  if (labelled.length && p.legend !== "none") {
    g.font = font(13); g.textAlign = "left"; g.textBaseline = "middle";
    const wmax = Math.max(...labelled.map((s) => g.measureText(s.label).width));
    const row = 18 * TEXT, lw = wmax + 42, lh = labelled.length * row + 4;
    // the corner named by the scene, or (by default) the corner that hides the fewest data points
    const corner = (wh) => [wh.endsWith("left") ? px + 10 : px + pw - wmax - 40,
                            wh.startsWith("lower") ? py + ph - lh - 4 : py + 6];
    let where = p.legend || "best";
    if (where === "best") {
      let fewest = Infinity;
      for (const wh of ["upper right", "upper left", "lower left", "lower right"]) {
        const [cx, cy] = corner(wh);
        let n = 0;
        for (const s of p.series || []) {
          if ((s.width || 2) > ph) continue;              // a band drawn as one wide stroke: not data
          const step = Math.max(1, Math.floor(s.x.length / 400));
          for (let i = 0; i < s.x.length; i += step) {
            const X = sx(s.x[i]), Y = sy(s.y[i]);
            if (X >= cx - 6 && X <= cx + lw + 2 && Y >= cy - 6 && Y <= cy + lh + 2) n += step;
          }
          for (let i = 1; i < s.x.length && s.x.length < 40; i++) {   // short polylines: their segments too
            for (let f = 0.25; f < 1; f += 0.25) {
              const X = sx(s.x[i - 1] + f * (s.x[i] - s.x[i - 1])), Y = sy(s.y[i - 1] + f * (s.y[i] - s.y[i - 1]));
              if (X >= cx - 6 && X <= cx + lw + 2 && Y >= cy - 6 && Y <= cy + lh + 2) n++;
            }
          }
        }
        if (n < fewest) { fewest = n; where = wh; }
      }
    }
    const [lx, ly] = corner(where);
    g.fillStyle = "rgba(255,255,255,0.85)"; g.fillRect(lx - 4, ly - 2, lw, lh);
    labelled.forEach((s, i) => {
      const Y = ly + row / 2 + i * row;
      if (s.swatch === "star") {                       // the plot's star marker, not a line
        g.beginPath();
        for (let k = 0; k < 10; k++) {
          const a = -Math.PI / 2 + k * Math.PI / 5, rr = (k % 2 ? 0.42 : 1) * 8 * TEXT;
          g.lineTo(lx + 13 + rr * Math.cos(a), Y + rr * Math.sin(a));
        }
        g.closePath(); g.fillStyle = s.color; g.fill(); g.strokeStyle = "#000"; g.lineWidth = 1; g.setLineDash([]); g.stroke();
      } else if (s.swatch === "dot" || (s.marker && (s.width || 2) <= 0.01)) {   // a marker, as in the plot
        g.fillStyle = s.color; g.beginPath(); g.arc(lx + 13, Y, 4, 0, 2 * Math.PI); g.fill();
      } else {
        g.strokeStyle = s.color; g.lineWidth = Math.min(s.width || 2, 10); g.setLineDash(DASHES[s.dash || "-"] || []);
        g.beginPath(); g.moveTo(lx, Y); g.lineTo(lx + 26, Y); g.stroke(); g.setLineDash([]);
      }
      g.fillStyle = "#000"; g.fillText(s.label, lx + 32, Y);
    });
    PLACED.push([lx - 4, ly - 2, lw, lh]);
  }
}

// A solid's faces as lists of [x, y, z] points (made once per scene) and its colours as [r, g, b].
function solidFaces(sol) {
  if (!sol._polys) {
    const pts = sol.p, polys = [];
    let at = 0;
    for (const n of sol.sizes) {
      const f = [];
      for (let i = 0; i < n; i++, at++) f.push([pts[3 * at], pts[3 * at + 1], pts[3 * at + 2]]);
      polys.push(f);
    }
    sol._polys = polys;
    sol._rgb = polys.map((_, k) => solidRgb(Array.isArray(sol.colors) ? sol.colors[k] : sol.colors));
  }
  return sol._polys;
}

function draw3D(g, p, box, view, wireframe) {
  const [x0, y0, w, h] = box;
  const cam = solidCamera(view.elev, view.azim), r = cam.r, u = cam.u;
  const T = p.title ? 24 * TEXT : 4, size = Math.min(w, h - T);
  const cx = x0 + w / 2, cy = y0 + T + (h - T) / 2, s = 0.5 * size / p.radius;
  const P = (x, y, z) => [cx + s * (x * r[0] + y * r[1] + z * r[2]), cy - s * (x * u[0] + y * u[1] + z * u[2])];
  g.font = font(14); g.fillStyle = "#000"; g.textAlign = "center"; g.textBaseline = "alphabetic";
  if (p.title) g.fillText(p.title, x0 + w / 2, y0 + 17 * TEXT);
  g.save(); g.beginPath(); g.rect(x0, y0 + T, w, h - T); g.clip();
  const labels = [];
  INK = new Set();
  const solids = p.solids || [];
  const wires = (p.lines || []).some((s) => s.wire);
  p.drawn = [];                                       // per solid, the faces drawn, farthest first (for the tests)
  for (const sol of solids) {
    const polys = solidFaces(sol), project = (q) => P(q[0], q[1], q[2]);
    if (wireframe) {                                  // the edges: the scene's own wire lines, or the faces' outlines
      p.drawn.push([]);
      if (wires) continue;
      g.strokeStyle = "#4d4d4d"; g.lineWidth = 1.3; g.setLineDash([]);
      for (const f of polys) {
        g.beginPath();
        f.forEach((q, i) => { const A = project(q); if (i) g.lineTo(A[0], A[1]); else g.moveTo(A[0], A[1]); });
        g.closePath(); g.stroke();
      }
      continue;
    }
    const seen = solidOrder(polys, cam.v, cam.l, sol.cull !== false);
    solidFill(g, polys, sol._rgb, seen, project);
    p.drawn.push(seen.map((x) => x[1]));
  }
  if (p.world_axes !== false) {
    const Rw = p.radius;
    for (let i = 0; i < 3; i++) {
      const pa = [0, 0, 0], pb = [0, 0, 0]; pa[i] = -Rw; pb[i] = Rw;
      const A = P(...pa), B = P(...pb);
      g.strokeStyle = "#b3b3b3"; g.lineWidth = 1; g.setLineDash([]);
      g.beginPath(); g.moveTo(...A); g.lineTo(...B); g.stroke(); inkLine(A[0], A[1], B[0], B[1]);
      labels.push({ text: "xyz"[i], color: "#737373", at: B, from: P(0, 0, 0) });
    }
  }
  for (const s of p.lines || []) {
    if (s.wire && solids.length && !wireframe) continue;     // a body's edges: the wireframe's only
    const pts = s.p, n = pts.length / 3;
    g.strokeStyle = s.color; g.lineWidth = s.width || 2; g.setLineDash(DASHES[s.dash || "-"] || []);
    g.globalAlpha = s.alpha === undefined ? 1 : s.alpha;
    g.beginPath();
    let pen = false, last = null;
    for (let i = 0; i < n; i++) {
      const x = pts[3 * i], y = pts[3 * i + 1], z = pts[3 * i + 2];
      if (!isFinite(x) || !isFinite(y) || !isFinite(z)) { pen = false; continue; }
      const Q = P(x, y, z);
      if (pen) { g.lineTo(...Q); inkLine(last[0], last[1], Q[0], Q[1]); } else { g.moveTo(...Q); pen = true; }
      last = Q;
    }
    g.stroke(); g.globalAlpha = 1; g.setLineDash([]);
    if (s.label && n > 0) {
      let k = 0;                                          // the line's first drawn point
      while (k < n - 1 && !(isFinite(pts[3 * k]) && isFinite(pts[3 * k + 1]) && isFinite(pts[3 * k + 2]))) k++;
      labels.push({ text: s.label, color: s.color, at: P(pts[3 * n - 3], pts[3 * n - 2], pts[3 * n - 1]),
                    from: P(pts[3 * k], pts[3 * k + 1], pts[3 * k + 2]) });
    }
  }
  // labels last, beyond the end of their line (the way it points on the screen), clear of each other
  for (const lab of labels) {
    let dx = lab.at[0] - lab.from[0], dy = lab.at[1] - lab.from[1];
    const len = Math.hypot(dx, dy);
    if (len < 4) { dx = 0.7; dy = -0.7; } else { dx /= len; dy /= len; }
    g.fillStyle = lab.color;
    placeLabel(g, lab.text, lab.at[0], lab.at[1], dx, dy, 5 * TEXT);
  }
  g.restore();
}

// The text alternative of a scene: what each panel shows (title, axes or view, its labelled curves
// or lines), in the order of the panels; a 3-D panel says the view it is turned to.
function describeScene(scene, views, wireframe) {
  const parts = scene.panels.map((p, i) => {
    const named = (xs) => [...new Set(xs.filter((x) => x.label).map((x) => x.label))];
    const title = p.title ? `"${p.title}"` : "";
    if (p.kind === "3d") {
      const v = views[i] || p.view || { elev: 20, azim: 30 };
      const lines = named(p.lines || []);
      const bodies = [...new Set((p.solids || []).map((b) => b.name))]
        .map((b) => (wireframe ? `the edges of a ${b}` : `a shaded ${b}`));
      const shown = bodies.concat(lines);
      return `3-D view ${title} turned to elevation ${Math.round(v.elev)}°, azimuth ${Math.round(v.azim)}°` +
             (p.world_axes !== false ? ", with the world axes x, y, z" : "") +
             (shown.length ? `; shows ${shown.join(", ")}` : "");
    }
    const curves = named(p.series || []);
    const axes = p.ylabel || p.xlabel ? `: ${p.ylabel || "y"} against ${p.xlabel || "x"}` +
      ` (${fmtTick(p.xlim[0], Math.abs(p.xlim[1] - p.xlim[0]) / 5)} to ${fmtTick(p.xlim[1], Math.abs(p.xlim[1] - p.xlim[0]) / 5)})` : "";
    return `plot ${title}${axes}${p.logy ? ", log scale" : ""}` + (curves.length ? `; curves ${curves.join(", ")}` : "");
  });
  const n = parts.length;
  return (n > 1 ? `${n} panels. ` : "") + parts.map((t, i) => (n > 1 ? `${i + 1}: ` : "") + t.replace(/\s+/g, " ")).join(". ") + ".";
}

// Visible text of a value with its unit, for the readout and for a screen reader (aria-valuetext).
function withUnit(text, unit) {
  if (!unit) return text;
  return unit === "°" ? text + "°" : text + " " + unit;
}

function render({ model, el }) {
  const spec = model.get("spec");
  const root = document.createElement("div");
  root.className = "rbteach-live";
  // the page's keyboard shortcuts (JupyterLab's) must not take the arrow keys from our controls
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.addEventListener("keydown", (ev) => ev.stopPropagation());
  el.appendChild(root);
  const values = Object.assign({}, model.get("values"));
  const state = { seq: 0, shown: 0, inflight: 0, pending: false, frames: 0, scene: null, summary: "",
                  sentAt: {}, lastFrameAt: 0, views: {}, error: "" };
  el.rbteachLive = state;
  state.spec = spec;
  state.currentValues = () => Object.assign({}, values);
  // controls
  const form = document.createElement("div");
  form.className = "rbteach-live-controls";
  root.appendChild(form);
  const readouts = {};
  const inputs = {};
  for (const c of spec.controls) {
    const row = document.createElement("label");
    row.className = "rbteach-live-row";
    const name = document.createElement("span");
    name.className = "rbteach-live-label";
    name.textContent = c.label;
    row.appendChild(name);
    let input;
    if (c.kind === "select") {
      input = document.createElement("select");
      c.options.forEach(([lab, val], i) => {
        const o = document.createElement("option"); o.value = String(i); o.textContent = lab;
        if (JSON.stringify(val) === JSON.stringify(values[c.name])) o.selected = true;
        input.appendChild(o);
      });
      input.addEventListener("change", () => { values[c.name] = c.options[Number(input.value)][1]; changed(true); });
    } else if (c.kind === "check") {
      input = document.createElement("input"); input.type = "checkbox"; input.checked = !!values[c.name];
      input.addEventListener("change", () => { values[c.name] = input.checked; changed(true); });
    } else {
      input = document.createElement("input"); input.type = "range";
      const toPos = (v) => (c.kind === "log" ? Math.log(v) / Math.log(c.base) : v);
      input.min = c.min; input.max = c.max; input.step = c.step; input.value = toPos(values[c.name]);
      const out = document.createElement("span"); out.className = "rbteach-live-readout";
      const show = () => {
        out.textContent = c.kind === "log" ? Number(values[c.name]).toPrecision(3) : Number(values[c.name]).toFixed(c.decimals).replace("-", "\u2212");
        input.setAttribute("aria-valuetext", withUnit(out.textContent, c.unit));   // a log slider: its real value
      };
      const read = () => {
        values[c.name] = gridValue(c, Math.round((Number(input.value) - c.min) / c.step));   // on the slider's grid
        show();
      };
      input.addEventListener("input", () => { read(); changed(false); });
      input.addEventListener("change", () => { read(); changed(true); });
      show();
      readouts[c.name] = out;
      input.className = "rbteach-live-slider";
      row.appendChild(input); row.appendChild(out);
    }
    if (c.disabled) input.disabled = true;
    inputs[c.name] = input;
    input.dataset.name = c.name;
    if (row.lastChild !== input && !row.contains(input)) row.appendChild(input);
    form.appendChild(row);
  }

  // The canvas takes the width it is given up to spec.width and keeps the spec's aspect ratio (CSS
  // aspect-ratio); its backing store follows its size on the screen (ResizeObserver), so the
  // picture is never stretched and stays sharp at any zoom.
  const canvas = document.createElement("canvas");
  canvas.className = "rbteach-live-canvas";
  canvas.tabIndex = 0;                               // focusable: the arrow keys turn its 3-D panels
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", "the explorer's picture (computing)");
  canvas.style.maxWidth = spec.width + "px";
  canvas.style.aspectRatio = `${spec.width} / ${spec.height}`;
  const fit = { scale: 1, dpr: window.devicePixelRatio || 1 };
  canvas.width = Math.round(spec.width * fit.dpr); canvas.height = Math.round(spec.height * fit.dpr);
  root.appendChild(canvas);
  function resize() {
    const wCss = canvas.clientWidth;                   // inside the border
    if (!(wCss > 0)) return false;
    const dpr = window.devicePixelRatio || 1, scale = wCss / spec.width;
    const bw = Math.round(wCss * dpr), bh = Math.round(wCss * spec.height / spec.width * dpr);
    if (bw === canvas.width && bh === canvas.height && fit.dpr === dpr) return false;
    fit.scale = scale; fit.dpr = dpr;
    canvas.width = bw; canvas.height = bh;
    return true;
  }
  state.fit = fit;
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(() => { if (resize()) paint(); }).observe(canvas);
  const resetButton = document.createElement("button");
  resetButton.className = "rbteach-live-reset";
  resetButton.type = "button";
  resetButton.textContent = "reset view";
  resetButton.title = "Back to the starting view (on the picture: Home or Escape; arrow keys turn it)";
  resetButton.hidden = true;                        // shown when the scene has a 3-D panel
  root.appendChild(resetButton);
  // the solid bodies' faces, or (ticked) their edges only, to see the axes inside
  const wireBox = document.createElement("label");
  wireBox.className = "rbteach-live-wireframe";
  wireBox.title = "the bodies' edges instead of their shaded faces";
  wireBox.hidden = true;                            // shown when a 3-D panel has a solid body
  const wireInput = document.createElement("input");
  wireInput.type = "checkbox";
  wireBox.appendChild(wireInput);
  wireBox.appendChild(document.createTextNode(" wireframe"));
  root.appendChild(wireBox);
  state.wireframe = false;
  wireInput.addEventListener("change", () => { state.wireframe = wireInput.checked; paint(); });
  const text = document.createElement("pre");
  text.className = "rbteach-live-summary";
  root.appendChild(text);
  // the summary for a screen reader: written when a control is released (or a key moved it), so
  // that a drag is announced once, at its end, and not at every frame
  const announce = document.createElement("div");
  announce.className = "rbteach-live-announce";
  announce.setAttribute("role", "status");
  announce.setAttribute("aria-live", "polite");
  announce.setAttribute("aria-atomic", "true");
  root.appendChild(announce);
  state.announced = "";
  const g = canvas.getContext("2d");
  const poster = new Image();
  if (model.get("poster")) { poster.onload = () => { if (!state.scene) paint(); }; poster.src = "data:image/png;base64," + model.get("poster"); }
  state.boxes = () => (state.scene ? boxes(state.scene) : []);

  function boxes(scene) {
    const panels = scene.panels, W = spec.width, H = spec.height;
    const weights = panels.map((p) => p.width || 1), total = weights.reduce((a, b) => a + b, 0);
    let x = 0;
    return panels.map((p, i) => { const w = W * weights[i] / total; const b = [x, 0, w, H]; x += w; return b; });
  }
  function paint() {
    resize();
    const k = canvas.width / spec.width;               // backing-store px per picture unit
    g.setTransform(k, 0, 0, k, 0, 0);
    TEXT = Math.max(1, MIN_TEXT_PX / (13 * fit.scale)); // the smallest text (13) stays >= MIN_TEXT_PX
    state.text = TEXT;
    PLACED = [];
    g.clearRect(0, 0, spec.width, spec.height);
    g.fillStyle = "#fff"; g.fillRect(0, 0, spec.width, spec.height);
    if (!state.error && !state.scene && poster.complete && poster.naturalWidth > 0) {
      // no answer from the kernel yet (or no kernel at all: a notebook reopened with its saved
      // widget state): the static picture of the starting values, fitted into the canvas
      const k2 = Math.min(spec.width / poster.naturalWidth, spec.height / poster.naturalHeight);
      const pw2 = poster.naturalWidth * k2, ph2 = poster.naturalHeight * k2;
      g.drawImage(poster, (spec.width - pw2) / 2, (spec.height - ph2) / 2, pw2, ph2);
      return;
    }
    if (state.error || !state.scene) {
      canvas.setAttribute("aria-label", state.error ? "no picture: " + state.error : "the explorer's picture (computing)");
      g.fillStyle = "#000"; g.font = font(15); g.textAlign = "left"; g.textBaseline = "alphabetic";
      g.fillText(state.error || "computing…", 16, 30);
      return;
    }
    const bs = boxes(state.scene);
    state.scene.panels.forEach((p, i) => {
      if (p.kind === "3d") {
        if (!state.views[i]) state.views[i] = Object.assign({}, p.view || { elev: 20, azim: 30 });
        draw3D(g, p, bs[i], state.views[i], state.wireframe);
      } else drawXY(g, p, bs[i]);
    });
    state.placed = PLACED.map((r) => r.slice());      // the labels' boxes (tests check they do not overlap)
    state.paints = (state.paints || 0) + 1;
    const label = describeScene(state.scene, state.views, state.wireframe);
    if (canvas.getAttribute("aria-label") !== label) canvas.setAttribute("aria-label", label);
    resetButton.hidden = !state.scene.panels.some((p) => p.kind === "3d");
    wireBox.hidden = !state.scene.panels.some((p) => p.kind === "3d" && (p.solids || []).length);
  }
  const answers = liveAnswers({ spec, model, state, values, inputs, present });
  const request = answers.request, prefetch = answers.prefetch;
  // The prefetch waits for a sign of interest: the pointer over the explorer, the focus in it, or a
  // control moved. A notebook read top to bottom, or the wall's twelve explorers, would otherwise make
  // the kernel compute every explorer's whole slider (1-8 s of CPU each) for pictures nobody asks for.
  function arm() { if (!state.armed) { state.armed = true; prefetch(); } }
  for (const ev of ["pointerenter", "pointerdown", "focusin", "touchstart"]) root.addEventListener(ev, arm, { passive: true });
  // the values of the last release of a control: their summary goes to the live region
  let committed = null;
  const sameValues = (a, b) => !!a && !!b && Object.keys(b).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
  function maybeAnnounce() {
    if (!committed || state.shown !== state.seq || !sameValues(state.lastValues, committed)) return;
    committed = null;
    const said = state.error || state.summary;
    announce.textContent = said;
    state.announced = said;
    state.announcements = (state.announcements || 0) + 1;
  }
  function changed(final) {
    if (final) committed = Object.assign({}, values);
    request();
    arm();
    if (final) { model.set("values", Object.assign({}, values)); model.save_changes(); maybeAnnounce(); }
  }
  // The newest answer is drawn at the next display frame, once: answers often arrive two or three to
  // a frame while dragging, and painting each (and laying out its summary) spent the page's time on
  // pictures nobody saw (benchmarks/bench_explorer_drag.py: shown/s was ~2/3 of paints/s).
  let latest = null, frameQueued = false;
  function present(seq, entry) {
    if (seq <= state.shown || (latest && seq <= latest.seq)) return;
    latest = { seq, entry };
    if (!frameQueued) { frameQueued = true; requestAnimationFrame(showLatest); }
  }
  function showLatest() {
    frameQueued = false;
    if (!latest) return;
    const { seq, entry } = latest;
    latest = null;
    if (seq <= state.shown) return;
    state.shown = seq;
    state.error = entry.error;
    if (!entry.error) state.scene = entry.scene;
    state.summary = entry.summary;
    text.textContent = entry.error || entry.summary;
    const t0 = performance.now();
    paint();
    state.paintMs = (state.paintMs || 0) + performance.now() - t0;
    state.frames++;
    state.lastFrameAt = performance.now();
    state.lastValues = entry.values;
    for (const name in inputs) inputs[name].disabled = entry.inactive.includes(name);
    maybeAnnounce();
    prefetch();
  }
  model.on("msg:custom", answers.onMessage);
  // orbit a 3-D panel with the mouse; double-click resets it
  let drag = null, queued = false;
  const panelAt = (ev) => {
    if (!state.scene) return -1;
    const r = canvas.getBoundingClientRect(), x = (ev.clientX - r.left) * spec.width / r.width;
    const bs = boxes(state.scene);
    return bs.findIndex((b) => x >= b[0] && x < b[0] + b[2]);
  };
  canvas.addEventListener("pointerdown", (ev) => {
    const i = panelAt(ev);
    if (i < 0 || state.scene.panels[i].kind !== "3d") return;
    const v = state.views[i];
    drag = { i, x: ev.clientX, y: ev.clientY, azim: v.azim, elev: v.elev };
    canvas.setPointerCapture(ev.pointerId);
  });
  canvas.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const v = state.views[drag.i];
    v.azim = drag.azim - (ev.clientX - drag.x) * 0.5;
    v.elev = Math.max(-89, Math.min(89, drag.elev + (ev.clientY - drag.y) * 0.5));
    if (!queued) { queued = true; requestAnimationFrame(() => { queued = false; paint(); state.orbitFrames = (state.orbitFrames || 0) + 1; }); }
  });
  const end = () => { drag = null; };
  canvas.addEventListener("pointerup", end); canvas.addEventListener("pointercancel", end);
  const resetView = (only) => {
    if (!state.scene) return;
    state.scene.panels.forEach((p, i) => {
      if (p.kind === "3d" && (only === undefined || only === i)) state.views[i] = Object.assign({}, p.view || { elev: 20, azim: 30 });
    });
    paint();
    state.resets = (state.resets || 0) + 1;
  };
  canvas.addEventListener("dblclick", (ev) => {
    const i = panelAt(ev);
    if (i >= 0 && state.scene.panels[i].kind === "3d") resetView(i);
  });
  resetButton.addEventListener("click", () => resetView());
  // the keyboard's orbit: ← → turn about the vertical (as a drag to the side), ↑ ↓ raise and lower
  // the eye; Shift for fine steps; Home or Escape back to the starting view. Every 3-D panel turns.
  canvas.addEventListener("keydown", (ev) => {
    if (!state.scene || !state.scene.panels.some((p) => p.kind === "3d")) return;
    const step = ev.shiftKey ? ORBIT_FINE : ORBIT_STEP;
    const turn = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[ev.key];
    if (turn) {
      state.scene.panels.forEach((p, i) => {
        if (p.kind !== "3d") return;
        if (!state.views[i]) state.views[i] = Object.assign({}, p.view || { elev: 20, azim: 30 });
        const v = state.views[i];
        v.azim += turn[0];
        v.elev = Math.max(-89, Math.min(89, v.elev + turn[1]));
      });
      paint();
      state.keyOrbits = (state.keyOrbits || 0) + 1;
    } else if (ev.key === "Home" || ev.key === "Escape") {
      resetView();
    } else return;
    ev.preventDefault();                              // not the page's scroll
  });
  paint();
  request();
}

export default { render };
