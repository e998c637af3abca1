// rbteach live explorer: the controls and the picture live in the page; the kernel computes.
// While a control is dragged, each new value is sent to the kernel (at most two requests in
// flight; a newer value waiting replaces an older one, so nothing stale queues up). Each answer is
// a scene: panels of curves (2-D) or polylines in space (3-D), arrays as binary buffers. The
// picture is drawn on a <canvas>; a 3-D panel turns with the mouse without asking the kernel.

const DASHES = { "-": [], "--": [7, 4], ":": [2, 3], "-.": [7, 3, 2, 3] };

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
  const L = 62, R = 12, T = p.title ? 26 : 10, B = 44;      // live.py's PANEL_MARGINS (with a title)
  const px = x0 + L, py = y0 + T, pw = w - L - R, ph = h - T - B;
  const log = !!p.logy;
  const [xa, xb] = p.xlim, [ya0, yb0] = p.ylim;
  const ya = log ? Math.log10(ya0) : ya0, yb = log ? Math.log10(yb0) : yb0;
  const sx = (x) => px + (x - xa) / (xb - xa) * pw;
  const sy = (y) => py + ph - ((log ? Math.log10(y) : y) - ya) / (yb - ya) * ph;
  g.font = "14px sans-serif"; g.fillStyle = "#000"; g.strokeStyle = "#000"; g.setLineDash([]);
  if (p.title) { g.textAlign = "center"; g.fillText(p.title, x0 + L + pw / 2, y0 + 17); }
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
  if (p.ylabel) { g.save(); g.translate(x0 + 13, py + ph / 2); g.rotate(-Math.PI / 2); g.fillText(p.ylabel, 0, 0); g.restore(); }
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
  if (labelled.length) {
    g.font = "13px sans-serif"; g.textAlign = "left"; g.textBaseline = "middle";
    const wmax = Math.max(...labelled.map((s) => g.measureText(s.label).width));
    const lx = px + pw - wmax - 40, ly = py + 6;
    g.fillStyle = "rgba(255,255,255,0.85)"; g.fillRect(lx - 4, ly - 2, wmax + 42, labelled.length * 18 + 4);
    labelled.forEach((s, i) => {
      const Y = ly + 9 + i * 18;
      g.strokeStyle = s.color; g.lineWidth = s.width || 2; g.setLineDash(DASHES[s.dash || "-"] || []);
      g.beginPath(); g.moveTo(lx, Y); g.lineTo(lx + 26, Y); g.stroke(); g.setLineDash([]);
      g.fillStyle = "#000"; g.fillText(s.label, lx + 32, Y);
    });
  }
}

function draw3D(g, p, box, view) {
  const [x0, y0, w, h] = box;
  const e = view.elev * Math.PI / 180, a = view.azim * Math.PI / 180;
  const r = [-Math.sin(a), Math.cos(a), 0];
  const u = [-Math.sin(e) * Math.cos(a), -Math.sin(e) * Math.sin(a), Math.cos(e)];
  const T = p.title ? 24 : 4, size = Math.min(w, h - T);
  const cx = x0 + w / 2, cy = y0 + T + (h - T) / 2, s = 0.5 * size / p.radius;
  const P = (x, y, z) => [cx + s * (x * r[0] + y * r[1] + z * r[2]), cy - s * (x * u[0] + y * u[1] + z * u[2])];
  g.font = "14px sans-serif"; g.fillStyle = "#000"; g.textAlign = "center"; g.textBaseline = "alphabetic";
  if (p.title) g.fillText(p.title, x0 + w / 2, y0 + 17);
  g.save(); g.beginPath(); g.rect(x0, y0 + T, w, h - T); g.clip();
  if (p.world_axes !== false) {
    const Rw = p.radius;
    for (let i = 0; i < 3; i++) {
      const pa = [0, 0, 0], pb = [0, 0, 0]; pa[i] = -Rw; pb[i] = Rw;
      const A = P(...pa), B = P(...pb);
      g.strokeStyle = "#b3b3b3"; g.lineWidth = 1; g.setLineDash([]);
      g.beginPath(); g.moveTo(...A); g.lineTo(...B); g.stroke();
      g.fillStyle = "#737373"; g.textAlign = "left"; g.fillText("xyz"[i], B[0] + 3, B[1] - 3);
    }
  }
  for (const s of p.lines || []) {
    const pts = s.p, n = pts.length / 3;
    g.strokeStyle = s.color; g.lineWidth = s.width || 2; g.setLineDash(DASHES[s.dash || "-"] || []);
    g.globalAlpha = s.alpha === undefined ? 1 : s.alpha;
    g.beginPath();
    let pen = false;
    for (let i = 0; i < n; i++) {
      const x = pts[3 * i], y = pts[3 * i + 1], z = pts[3 * i + 2];
      if (!isFinite(x) || !isFinite(y) || !isFinite(z)) { pen = false; continue; }
      const Q = P(x, y, z);
      if (pen) g.lineTo(...Q); else { g.moveTo(...Q); pen = true; }
    }
    g.stroke(); g.globalAlpha = 1; g.setLineDash([]);
    if (s.label && n > 0) {
      const Q = P(pts[3 * n - 3] * 1.08, pts[3 * n - 2] * 1.08, pts[3 * n - 1] * 1.08);
      g.fillStyle = s.color; g.textAlign = "left"; g.fillText(s.label, Q[0] + 2, Q[1] - 2);
    }
  }
  g.restore();
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
      const fromPos = (x) => (c.kind === "log" ? Math.pow(c.base, x) : x);
      input.min = c.min; input.max = c.max; input.step = c.step; input.value = toPos(values[c.name]);
      const out = document.createElement("span"); out.className = "rbteach-live-readout";
      const show = () => { out.textContent = c.kind === "log" ? Number(values[c.name]).toPrecision(3) : Number(values[c.name]).toFixed(c.decimals).replace("-", "\u2212"); };
      const read = () => {
        let x = Number(input.value);
        x = Math.round((x - c.min) / c.step) * c.step + c.min;                   // on the slider's grid
        x = Number(x.toFixed(10));
        values[c.name] = c.kind === "int" ? Math.round(x) : (c.kind === "log" ? Number(fromPos(x).toPrecision(12)) : x);
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

  const dpr = window.devicePixelRatio || 1;
  const canvas = document.createElement("canvas");
  canvas.className = "rbteach-live-canvas";
  canvas.width = Math.round(spec.width * dpr); canvas.height = Math.round(spec.height * dpr);
  canvas.style.width = spec.width + "px"; canvas.style.height = spec.height + "px";
  root.appendChild(canvas);
  const text = document.createElement("pre");
  text.className = "rbteach-live-summary";
  root.appendChild(text);
  const g = canvas.getContext("2d");
  state.boxes = () => (state.scene ? boxes(state.scene) : []);

  function boxes(scene) {
    const panels = scene.panels, W = spec.width, H = spec.height;
    const weights = panels.map((p) => p.width || 1), total = weights.reduce((a, b) => a + b, 0);
    let x = 0;
    return panels.map((p, i) => { const w = W * weights[i] / total; const b = [x, 0, w, H]; x += w; return b; });
  }
  function paint() {
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, spec.width, spec.height);
    g.fillStyle = "#fff"; g.fillRect(0, 0, spec.width, spec.height);
    if (state.error || !state.scene) {
      g.fillStyle = "#000"; g.font = "15px sans-serif"; g.textAlign = "left";
      g.fillText(state.error || "computing…", 16, 30);
      return;
    }
    const bs = boxes(state.scene);
    state.scene.panels.forEach((p, i) => {
      if (p.kind === "3d") {
        if (!state.views[i]) state.views[i] = Object.assign({}, p.view || { elev: 20, azim: 30 });
        draw3D(g, p, bs[i], state.views[i]);
      } else drawXY(g, p, bs[i]);
    });
  }
  let lastSent = null;
  function request() {
    const key = JSON.stringify(values);
    if (key === lastSent) return;                       // these values are already asked for
    if (state.inflight >= 2) { state.pending = true; return; }
    lastSent = key;
    state.inflight++;
    state.seq++;
    state.sentAt[state.seq] = performance.now();
    model.send({ type: "compute", seq: state.seq, values: values });
  }
  function changed(final) {
    request();
    if (final) { model.set("values", Object.assign({}, values)); model.save_changes(); }
  }
  model.on("msg:custom", (msg, buffers) => {
    if (msg.type !== "frame") return;
    state.inflight = Math.max(0, state.inflight - 1);
    if (msg.seq > state.shown) {
      state.shown = msg.seq;
      state.error = msg.error || "";
      if (!msg.error) state.scene = unpack(msg.scene, buffers || []);
      state.summary = msg.error ? "" : msg.summary;
      text.textContent = msg.error ? msg.error : msg.summary;
      paint();
      state.frames++;
      state.lastFrameAt = performance.now();
      state.lastValues = msg.values;
      for (const name in inputs) inputs[name].disabled = (msg.inactive || []).includes(name);
    }
    if (state.pending) { state.pending = false; request(); }
  });
  // orbit a 3-D panel with the mouse; double-click resets it
  let drag = null, queued = false;
  const panelAt = (ev) => {
    if (!state.scene) return -1;
    const r = canvas.getBoundingClientRect(), x = ev.clientX - r.left;
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
  canvas.addEventListener("dblclick", (ev) => {
    const i = panelAt(ev);
    if (i >= 0 && state.scene.panels[i].kind === "3d") { state.views[i] = Object.assign({}, state.scene.panels[i].view || { elev: 20, azim: 30 }); paint(); }
  });
  paint();
  request();
}

export default { render };
