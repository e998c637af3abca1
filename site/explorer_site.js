// The website's explorers: rbteach's own frames, computed when the site was built
// (site/explorer_frames.py), drawn by the same live.js as in Jupyter. In place of a kernel, a data
// source answers each {"type": "compute", values} with the precomputed frame nearest to those values
// (the site's sliders move on the precomputed grid, so it is the frame of the value shown). No
// physics here: every number comes from the frames file.
import live from "./rbteach-live.js";

// The data file: gzip of a uint32 n, n bytes of JSON (spec, grid, frames), then the float32 buffers.
export async function load(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  let buf = await res.arrayBuffer();
  const magic = new Uint8Array(buf, 0, 2);
  if (magic[0] === 0x1f && magic[1] === 0x8b) {     // still gzip (unless a server unpacked it on the way)
    const stream = new Blob([buf]).stream().pipeThrough(new DecompressionStream("gzip"));
    buf = await new Response(stream).arrayBuffer();
  }
  const n = new DataView(buf).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 4, n)));
  const start = 4 + n;
  const buffers = index.buffers.map(([offset, length]) => new DataView(buf, start + offset, length));
  return { index, buffers };
}

function nearest(axis, v) {
  let best = 0, bestD = Infinity;
  axis.values.forEach((g, i) => {
    const d = (typeof g === "number" && typeof v === "number")
      ? (axis.log ? Math.abs(Math.log(v) - Math.log(g)) : Math.abs(v - g))
      : (JSON.stringify(g) === JSON.stringify(v) ? 0 : Infinity);
    if (d < bestD) { bestD = d; best = i; }
  });
  return best;
}

// The frame for `values`: the grid is main control × second control, row-major.
export function frameIndex(index, values) {
  let k = 0;
  for (const axis of index.axes) k = k * axis.values.length + nearest(axis, values[axis.name]);
  return k;
}

// A model as live.js expects from anywidget (get/set/save_changes/on/send), without a kernel.
export function staticModel({ index, buffers }) {
  const handlers = [];
  let values = Object.assign({}, index.values);
  return {
    get: (key) => ({ spec: index.spec, values, poster: "" })[key],
    set: (key, v) => { if (key === "values") values = v; },
    save_changes: () => {},
    on: (event, fn) => { if (event === "msg:custom") handlers.push(fn); },
    send: (msg) => {
      if (!msg || msg.type !== "compute") return;
      const frame = Object.assign({}, index.frames[frameIndex(index, msg.values)], { seq: msg.seq });
      queueMicrotask(() => handlers.forEach((h) => h(frame, buffers)));
    },
  };
}

async function start(el) {
  const data = await load(new URL(`explorers/${el.dataset.explorer}.bin`, import.meta.url));
  const host = document.createElement("div");
  host.className = "rbteach-site-live";
  el.appendChild(host);            // the static picture stays, hidden by the site's CSS (printed instead)
  live.render({ model: staticModel(data), el: host });
  el.rbteachSite = data.index;
  el.dataset.ready = "true";
}

for (const el of document.querySelectorAll(".rbteach-site-explorer[data-explorer]")) {
  start(el).catch((err) => { el.dataset.error = String(err); console.error("rbteach explorer:", err); });
}
