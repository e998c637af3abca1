// rbteach live explorer: the kernel's answers (the page's half of live.py's request protocol).
// The answers are kept in a cache keyed by the complete values: an answer is valid for ever for its
// values (scene and summary are pure functions of them), so a control moved to values in the cache
// is drawn at the next display frame with no message to the kernel. Other values go to the kernel
// as a "compute" request (at most MAX_INFLIGHT in flight; a newer value waiting replaces an older
// one). When nothing is in flight, a "compute_many" message prefetches the main control's slider
// steps around its value, answered in one message (live.py's _answer_many). live.py's page_module()
// puts this file between solids.js and live.js, whose render() calls liveAnswers().

// A slider's grid: its value at step k (as the page reads the slider there; the prefetch asks for
// exactly these values), its number of steps, and the step nearest a value.
function gridValue(c, k) {
  const x = Number((k * c.step + c.min).toFixed(10));
  return c.kind === "int" ? Math.round(x) : (c.kind === "log" ? Number(Math.pow(c.base, x).toPrecision(12)) : x);
}
const gridSteps = (c) => Math.max(0, Math.floor((c.max - c.min) / c.step + 1e-9));
function gridIndex(c, v) {
  const x = c.kind === "log" ? Math.log(v) / Math.log(c.base) : Number(v);
  const k = Math.round((x - c.min) / c.step);
  return isFinite(k) ? Math.max(0, Math.min(gridSteps(c), k)) : 0;
}

// The request side of one explorer: `values` (the controls' values, kept current by render), its
// `inputs` (a disabled slider is not the one prefetched along), and `present(seq, answer)` (draw
// that answer at the next display frame unless a newer one is drawn). Returns request() (the
// values changed), prefetch() (the page is idle) and onMessage (the model's "msg:custom").
function liveAnswers({ spec, model, state, values, inputs, present }) {
  // the cache: least recently used out first beyond CACHE_BYTES (spec.cacheBytes overrides it)
  const CACHE_BYTES = spec.cacheBytes || 48e6;
  const keyOf = (v) => JSON.stringify(spec.controls.map((c) => (v || {})[c.name]));
  const cache = new Map();                            // key -> answer, least recently used first
  Object.assign(state, { cacheBytes: 0, evictions: 0, sent: 0, requests: 0, cacheHits: 0, batches: 0, prefetched: 0, prefetching: false });
  state.cacheSize = () => cache.size;
  state.cached = (v) => cache.has(keyOf(v));
  function remember(msg, buffers) {
    const key = keyOf(msg.values);
    const bytes = 256 + (buffers || []).reduce((a, b) => a + b.byteLength, 0);
    const entry = { key, values: msg.values, error: msg.error || "", summary: msg.error ? "" : msg.summary,
                    inactive: msg.inactive || [], scene: msg.error ? null : unpack(msg.scene, buffers || []), bytes };
    const old = cache.get(key);
    if (old) { state.cacheBytes -= old.bytes; cache.delete(key); }
    cache.set(key, entry);
    state.cacheBytes += bytes;
    for (const [k, e] of cache) {
      if (state.cacheBytes <= CACHE_BYTES || k === key) break;
      cache.delete(k); state.cacheBytes -= e.bytes; state.evictions++;
    }
    return entry;
  }
  function recall(key) {
    const e = cache.get(key);
    if (e) { cache.delete(key); cache.set(key, e); }
    return e;
  }
  // state.seq numbers the values the page wants drawn (a new number each time they change to values
  // not already wanted); `wanted` is their key. state.shown: the number of the picture drawn.
  // Requests in flight at once: the reply's round trip (kernel, server, page) is several times the
  // kernel's few ms of work, so with 2 a drag drew at most 2 frames per round trip; 4 keep up with a
  // 60 Hz pointer (benchmarks/bench_explorer_drag.py --before 2). spec.inflight overrides it.
  const MAX_INFLIGHT = spec.inflight || 4;
  let wanted = null;
  const inFlight = new Map();                         // key -> seq of a single request not yet answered
  function request() {
    const key = keyOf(values);
    const hit = recall(key);
    state.lastInputAt = performance.now();
    state.pending = false;                            // (set again below if these values must wait)
    if (hit) {                                        // drawn from the cache: nothing sent
      if (key !== wanted) { wanted = key; state.seq++; state.cacheHits++; }
      present(state.seq, hit);
      return;
    }
    if (key === wanted) return;                       // these values are already asked for
    if (inFlight.has(key)) { wanted = key; state.seq++; return; }   // asked before: its answer will do
    if (state.inflight >= MAX_INFLIGHT) { state.pending = true; return; }
    wanted = key;
    state.inflight++;
    state.seq++;
    state.sent++; state.requests++;                   // messages to the kernel; single requests among them
    inFlight.set(key, state.seq);
    state.sentAt[state.seq] = performance.now();
    model.send({ type: "compute", seq: state.seq, values: values });
  }
  // The prefetch: when no request is in flight, ask in ONE message for the main control's slider
  // steps nearest its value (outwards both ways; the other controls as they are) that the cache
  // lacks, BATCH at most; the kernel answers them in one message, cut short after ~150 ms of compute
  // (live.py's _answer_many), and the page asks again. It reaches as far along the control as half
  // the cache holds, so that it never evicts its own answers.
  const BATCH = spec.batch || 24;
  const skipped = new Set();                          // values the kernel dealt with but did not answer
  let batchSeq = 0, batchAt = -Infinity, batchList = [];
  const sliders = spec.controls.filter((c) => c.kind === "float" || c.kind === "int" || c.kind === "log");
  // (the steps found all cached, for the other controls' values: not scanned again at every frame of
  // a drag until something is evicted)
  let covered = null;
  function prefetchList() {
    const c = sliders.find((s) => !inputs[s.name].disabled);
    if (!c) return [];
    const n = gridSteps(c), k0 = gridIndex(c, values[c.name]);
    // the `span` steps nearest k0 (as many as half the cache holds, at the size of the answers so far)
    const span = cache.size ? Math.max(1, Math.floor(0.5 * CACHE_BYTES * cache.size / state.cacheBytes)) : n + 1;
    const lo = Math.max(0, Math.min(k0 - Math.floor(span / 2), n + 1 - span)), hi = Math.min(n, lo + span - 1);
    const base = c.name + keyOf(Object.assign({}, values, { [c.name]: null }));
    if (covered && covered.base === base && covered.evictions === state.evictions && covered.lo <= lo && hi <= covered.hi) return [];
    const out = [];
    for (let d = 0; d <= n && out.length < BATCH; d++) {
      for (const k of d ? [k0 + d, k0 - d] : [k0]) {
        if (k < lo || k > hi || out.length >= BATCH) continue;
        const v = Object.assign({}, values, { [c.name]: gridValue(c, k) }), key = keyOf(v);
        if (!cache.has(key) && !skipped.has(key) && !inFlight.has(key)) out.push(v);
      }
    }
    covered = out.length ? null : { base, lo, hi, evictions: state.evictions };
    return out;
  }
  // While the values move (an input less than MOVING ms ago) a batch goes only when a full one is
  // lacking: every message costs the page and the server far more than the kernel's work, and a batch
  // a frame for the one step the window moved on cut a drag to ~45 pictures a second.
  const MOVING = 300;
  let later = null;
  function prefetch() {
    if (!state.armed) return;                         // not before a sign of interest (live.js: arm)
    // a batch unanswered for 10 s (a model without a kernel: the website's) no longer holds the next
    if (state.inflight > 0 || state.pending || (state.prefetching && performance.now() - batchAt < 10000)) return;
    const quiet = performance.now() - (state.lastInputAt || -Infinity);
    const list = prefetchList();
    if (!list.length) return;
    if (quiet < MOVING && list.length < BATCH) {
      if (!later) later = setTimeout(() => { later = null; prefetch(); }, MOVING - quiet + 10);
      return;
    }
    batchList = list;
    state.prefetching = true;
    batchAt = performance.now();
    state.sent++; state.batches++;
    model.send({ type: "compute_many", seq: ++batchSeq, values_list: batchList });
  }
  // idle: nothing in flight and nothing left to prefetch (the benchmark and the tests wait for it)
  state.prefetchDone = () => !!state.armed && state.inflight === 0 && !state.pending && !state.prefetching && prefetchList().length === 0;
  function onMessage(msg, buffers) {
    if (msg.type === "frame") {
      state.inflight = Math.max(0, state.inflight - 1);
      if (msg.seq in state.sentAt) {                   // the round trip, for the benchmark
        state.rtt = performance.now() - state.sentAt[msg.seq];
        state.rttSum = (state.rttSum || 0) + state.rtt; state.rtts = (state.rtts || 0) + 1;
        delete state.sentAt[msg.seq];
      }
      for (const [k, s] of inFlight) if (s === msg.seq) inFlight.delete(k);
      if (typeof msg.ms === "number") { state.kernelMs = (state.kernelMs || 0) + msg.ms; state.kernelN = (state.kernelN || 0) + 1; }
      const entry = remember(msg, buffers);
      // the answer for the values wanted now (whichever request asked), or an older one: drawn if newer than the picture
      present(entry.key === wanted ? state.seq : msg.seq, entry);
    } else if (msg.type === "frames") {               // a prefetch batch: one answer per frame
      state.prefetching = false;
      const all = buffers || [];
      const got = new Set();
      for (const f of msg.frames || []) {
        const [first, count] = f.buffers || [0, 0];
        const entry = remember(f, all.slice(first, first + count));
        got.add(entry.key);
        state.prefetched++;
        if (entry.key === wanted) present(state.seq, entry);
      }
      batchList.slice(0, msg.done || 0).forEach((v) => { const k = keyOf(v); if (!got.has(k)) skipped.add(k); });
      if (typeof msg.ms === "number") { state.batchMs = (state.batchMs || 0) + msg.ms; }
    } else return;
    if (state.pending) request();
    prefetch();
  }
  return { request, prefetch, onMessage };
}
