// The engine's worker: the tab's one Pyodide, off the main thread.  It installs the engine
// (the wheel `pip wheel .` builds, with micropip from this site), then answers the table's
// JSON requests (thousand.web.service) one at a time.  Messages to the page:
//   {type: "progress", stage, pct}   while starting (stages only move forward)
//   {type: "ready", version, ms}     the engine answers from now on
//   {type: "reply", id, reply}       reply is the service's JSON text
//   {type: "failed", error}          the engine could not start
import { loadPyodide } from "../pyodide/pyodide.mjs";

// The wheel's file name comes in the page's first message, not in the worker's URL: a
// response from the service worker's cache has the URL without its query.
let gotWheel;
const wheelName = new Promise((res) => { gotWheel = res; });
const t0 = performance.now();
const queue = [];
let handle = null;

const progress = (stage, pct) => postMessage({ type: "progress", stage, pct });

onmessage = (e) => {
  if (e.data && e.data.init) { gotWheel(e.data.init.wheel); return; }
  queue.push(e.data);
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
}

try {
  progress("interpreter", 10);
  const py = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  progress("installer", 60);
  await py.loadPackage("micropip", { messageCallback: () => {} });
  progress("engine", 75);
  const micropip = py.pyimport("micropip");
  await micropip.install(new URL("../" + await wheelName, import.meta.url).href);
  micropip.destroy();
  progress("table", 90);
  const service = py.pyimport("thousand.web.service");
  handle = service.handle;
  const version = py.runPython("from thousand.web.service import package_version; package_version()");
  postMessage({ type: "ready", version, ms: performance.now() - t0 });
  drain();
} catch (err) {
  postMessage({ type: "failed", error: String(err && err.message || err).slice(0, 2000) });
}
