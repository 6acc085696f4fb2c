// The engine's worker: the tab's one Pyodide, off the main thread.  It installs the engine
// (the wheel `pip wheel .` builds, unpacked into site-packages), then answers the table's
// JSON requests (thousand.web.service) one at a time.
//
// Two things make its start as fast as a main-thread Pyodide, or faster (measured, see
// docs/web-architecture.md):
// * the page compiles pyodide.asm.wasm and hands the WebAssembly.Module over: Chromium keeps
//   a code cache for the page's wasm but not for a worker's, so a worker that compiles it
//   itself starts 0.5-1 s slower on every repeat visit;
// * a memory snapshot (Pyodide's _makeSnapshot/_loadSnapshot) made on the first visit once
//   the table is idle, with the engine and the bots imported, and kept in Cache Storage for
//   this build: a repeat visit restores it instead of starting Python and importing the
//   engine again.  If the snapshot cannot be used it is deleted and Python starts the
//   ordinary way.
//
// Messages from the page:
//   {init: {wheel, version}}          first: the wheel's file name and the build's version
//   {module: WebAssembly.Module|null} the compiled pyodide.asm.wasm (null: compile here)
//   {id, request}                     a JSON request
// Messages to the page:
//   {type: "progress", stage, pct}   while starting (stages only move forward)
//   {type: "ready", ms, boot, phases} the engine answers from now on (boot: snapshot|fresh)
//   {type: "reply", id, reply}       reply is the service's JSON text
//   {type: "snapshot", bytes}        this build's snapshot is stored (first visit)
//   {type: "failed", error}          the engine could not start
import { loadPyodide as realLoadPyodide } from "../pyodide/pyodide.mjs";

// Interpreters started in this worker (scripts/bench_web.py reads it: one per tab).
self.thousandPyodideStarts = 0;
const loadPyodide = (options) => { self.thousandPyodideStarts += 1; return realLoadPyodide(options); };

const t0 = performance.now();
const phases = {};                                   // ms since the worker started, for benchmarks
const mark = (name) => { phases[name] = Math.round(performance.now() - t0); };
const queue = [];
let handle = null;
let gotInit, gotModule;
const init = new Promise((res) => { gotInit = res; });
const wasmModule = new Promise((res) => { gotModule = res; });

const progress = (stage, pct) => postMessage({ type: "progress", stage, pct });

onmessage = (e) => {
  const m = e.data || {};
  if (m.init) { gotInit(m.init); return; }
  if ("module" in m) { gotModule(m.module); return; }
  queue.push(m);
  if (handle) drain();
};

function drain() {
  while (queue.length) {
    const { id, request } = queue.shift();
    let reply;
    try {
      reply = handle(request);
    } catch (err) {
      reply = JSON.stringify({ ok: false, error: "internal", why: String(err && err.message || err) });
    }
    postMessage({ type: "reply", id, reply });
  }
  idleLater();
  ponderSoon();
}

// --- thinking between requests ----------------------------------------------------------------
// While no request waits, the bots think on what is coming (thousand.web.service.ponder): the
// next bot on its position while the table shows the last move, the bot after the human on
// the positions his cards (or his likely bids) would leave while he thinks.  In slices of
// PONDER_MS, each its own task, so a request that arrives waits at most one slice (the solver
// reads the clock every ~10 ms of search).  A MessageChannel, not setTimeout: nested timeouts are clamped to 4 ms.
const PONDER_MS = 25;
let ponderFn = null;
let pondering = false;
const ponderTick = new MessageChannel();
ponderTick.port1.onmessage = () => {
  pondering = false;
  if (!ponderFn || queue.length || !handle) return;      // drain() starts it again
  let more = false;
  try {
    more = ponderFn(PONDER_MS);
  } catch (err) {
    console.warn("pondering stopped:", err);
    ponderFn = null;                                      // the table still gets its answers
  }
  if (more) ponderSoon();
};
function ponderSoon() {
  if (!ponderFn || pondering) return;
  pondering = true;
  ponderTick.port2.postMessage(0);
}

// --- the wasm module from the page -----------------------------------------------------------
// Pyodide fetches and instantiates pyodide.asm.wasm itself; while it starts, its fetch of that
// file is answered with nothing and its instantiateStreaming uses the page's module (or, if
// the page sent none, the real fetch).
const indexURL = new URL("../pyodide/", import.meta.url).href;
const wasmURL = indexURL + "pyodide.asm.wasm";
const realFetch = globalThis.fetch;
const realInstantiateStreaming = WebAssembly.instantiateStreaming;
function useModuleFromPage() {
  globalThis.fetch = (url, opts) => (String(url) === wasmURL
    ? Promise.resolve(new Response(new Uint8Array(0))) : realFetch(url, opts));
  WebAssembly.instantiateStreaming = async (_response, imports) => {
    const module = await wasmModule;
    if (module) return { instance: await WebAssembly.instantiate(module, imports), module };
    return realInstantiateStreaming(realFetch(wasmURL), imports);
  };
}
function restoreGlobals() {
  globalThis.fetch = realFetch;
  WebAssembly.instantiateStreaming = realInstantiateStreaming;
}

// --- the snapshot of this build ----------------------------------------------------------------
const SNAPSHOTS = "engine-snapshot";   // not "thousand-…": the service worker deletes those
const snapshotKey = (version) => new URL("../engine-snapshot/" + version, import.meta.url).href;

async function readSnapshot(version) {
  try {
    if (!version || !globalThis.caches) return null;
    const hit = await (await caches.open(SNAPSHOTS)).match(snapshotKey(version));
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if (String(bytes.length) !== hit.headers.get("X-Snapshot-Bytes")) throw new Error("truncated");
    return bytes;
  } catch (err) {
    await dropSnapshots();
    return null;
  }
}

async function storeSnapshot(version, bytes) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const req of await cache.keys()) await cache.delete(req);   // older builds' snapshots
    await cache.put(snapshotKey(version), new Response(bytes, {
      headers: { "Content-Type": "application/octet-stream", "X-Snapshot-Bytes": String(bytes.length) },
    }));
    postMessage({ type: "snapshot", bytes: bytes.length });
  } catch (err) {
    console.warn("engine snapshot not stored:", err);
  }
}

async function dropSnapshots() {
  try { await caches.delete(SNAPSHOTS); } catch (err) { /* nothing to drop */ }
}

function installWheel(py, bytes) {
  // Pyodide's own layout (pyodide.asm.mjs: /lib/pythonX.Y/site-packages); sysconfig is slow
  const site = py.runPython("import sys; '/lib/python%d.%d/site-packages' % sys.version_info[:2]");
  py.unpackArchive(bytes, "wheel", { extractDir: site });
}

// What a snapshot holds besides the engine: the bots and importlib.metadata (imported lazily
// by thousand.web.service), so a repeat visit imports nothing.
const PRELOAD = "import thousand.bots, thousand.bots.hard, importlib.metadata";

async function start() {
  const { wheel, version } = await init;
  const wheelBytes = realFetch(new URL("../" + wheel, import.meta.url))
    .then((r) => { if (!r.ok) throw new Error("engine wheel: HTTP " + r.status); return r.arrayBuffer(); });
  wheelBytes.catch(() => {});
  const snapshot = await readSnapshot(version);
  useModuleFromPage();
  if (snapshot) {
    try {
      progress("interpreter", 10);
      mark("snapshot_read");
      // a snapshot Pyodide cannot instantiate makes loadPyodide wait for ever: 20 s at most
      const py = await Promise.race([loadPyodide({ indexURL, _loadSnapshot: snapshot }),
        new Promise((_, reject) => setTimeout(() => reject(new Error("snapshot timeout")), 20000))]);
      mark("python");
      restoreGlobals();
      // Pyodide keeps its options: let the 31 MB of snapshot bytes go
      try { py._api.config._loadSnapshot = null; } catch (err) { /* a later Pyodide */ }
      installWheel(py, await wheelBytes);          // files for lazy imports; modules are in memory
      mark("wheel");
      const service = py.pyimport("thousand.web.service");
      service.reset();                             // the snapshot's game, if any, is not this one
      return { py, service, boot: "snapshot" };
    } catch (err) {
      console.warn("engine snapshot unusable, starting Python afresh:", err);
      await dropSnapshots();
      useModuleFromPage();
    }
  }
  progress("interpreter", 10);
  const canSnapshot = !!(version && globalThis.caches);
  const py = await loadPyodide({ indexURL, _makeSnapshot: canSnapshot });
  mark("python");
  restoreGlobals();
  progress("engine", 75);
  installWheel(py, await wheelBytes);
  mark("wheel");
  const service = py.pyimport("thousand.web.service");
  mark("import");
  if (canSnapshot) snapshotWhenIdle = () => makeSnapshot(py, version);
  return { py, service, boot: "fresh" };
}

// The first visit's snapshot is made once the table has gone quiet (no request for a while),
// between two requests, so it never delays the table; Python holds no JS object then.
let snapshotWhenIdle = null;
let idleTimer = null;
const IDLE_MS = 1500;
function idleLater() {
  if (!snapshotWhenIdle) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (queue.length) { idleLater(); return; }
    const make = snapshotWhenIdle;
    snapshotWhenIdle = null;
    make();
  }, IDLE_MS);
}

function makeSnapshot(py, version) {
  try {
    py.runPython(PRELOAD);
    const t = performance.now();
    const bytes = py.makeMemorySnapshot();
    phases.snapshot_ms = Math.round(performance.now() - t);
    storeSnapshot(version, bytes);
  } catch (err) {
    console.warn("engine snapshot not made:", err);
  }
}

// A module the trimmed stdlib (scripts/stdlib.py) lacks: say which, and where it is decided,
// instead of a traceback.
function explain(err) {
  const text = String(err && err.message || err);
  const missing = /ModuleNotFoundError: No module named '([^']+)'/.exec(text);
  if (!missing) return text;
  return "Python module '" + missing[1] + "' is missing from this build's python_stdlib.zip " +
    "(scripts/stdlib.py decides what the build keeps). / В сборке нет модуля Python '" +
    missing[1] + "'.\n\n" + text;
}

try {
  const { py, service, boot } = await start();
  self.thousandPy = py;                            // for the tests (tests/e2e/test_first_visit.py)
  progress("table", 90);
  handle = service.handle;
  ponderFn = service.ponder;
  mark("ready");
  postMessage({ type: "ready", boot, phases, ms: performance.now() - t0 });
  drain();
} catch (err) {
  restoreGlobals();
  postMessage({ type: "failed", error: explain(err).slice(0, 2000) });
}
