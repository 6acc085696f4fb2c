// Boot of «Тысяча»: starts the engine's worker at once (the tab's one Pyodide, off the main
// thread), shows the loader's progress, a clear error if loading fails, and runs the service
// worker (offline cache + "new version" offer).  The table itself is Python
// (py/thousand/web, MicroPython on the main thread, started by web/table.mjs): it calls thousandBoot.shown() when a
// saved table is on screen and thousandBoot.ready() once the engine answers.

import "./owner.js";   // window.thousandOwner: which tab owns the game (Web Locks)

const $ = (id) => document.getElementById(id);
const t0 = performance.now();
let ready = false;
let updateRequested = false;

// --- the engine's worker --------------------------------------------------------------------
// Requests are JSON text (thousand.web.service); the worker answers them in order.
const meta = (name) => (document.querySelector(`meta[name="${name}"]`) || {}).content;
performance.mark("thousand-worker");
const worker = new Worker(new URL("./engine-worker.mjs", import.meta.url), { type: "module" });
worker.postMessage({ init: { wheel: meta("thousand-wheel") || "", version: meta("thousand-version") || "" } });
// Pyodide's wasm is compiled here and handed to the worker: Chromium keeps a code cache for
// the page's wasm but not for a worker's (a repeat visit's engine starts 0.5-1 s sooner;
// docs/web-architecture.md).  Compiling is asynchronous, off this thread.  If it fails (an
// old browser, a host with the wrong MIME type) the worker compiles it itself.
try {
  WebAssembly.compileStreaming(fetch(new URL("../pyodide/pyodide.asm.wasm", import.meta.url)))
    .then((module) => worker.postMessage({ module }), () => worker.postMessage({ module: null }));
} catch (err) {
  worker.postMessage({ module: null });
}
const pending = new Map();
let nextId = 1;
let resolveReady, rejectReady;
const engineReady = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
engineReady.catch(() => {});

// Progress only moves forward, and says what it waits for.  Between two stages it creeps on
// towards the next one (never reaching it), so a long stage does not look frozen; a stage
// that arrives below the bar's position leaves the bar where it is.
let shownPct = 0;
let creepTarget = 0;
// In the language of the player's settings (the table is not up yet to say it).
const LANG = (() => {
  try {
    const lang = JSON.parse(localStorage.getItem("thousand.settings") || "{}").lang;
    return ["ru", "uk", "pl", "en"].includes(lang) ? lang : "ru";
  } catch (err) { return "ru"; }
})();
const STAGE_TEXT = {
  ru: { start: "Загрузка Python…", page: "Загрузка стола…", interpreter: "Запуск Python (движок игры)…",
        engine: "Установка движка…", table: "Подготовка стола…" },
  uk: { start: "Завантаження Python…", page: "Завантаження столу…", interpreter: "Запуск Python (рушій гри)…",
        engine: "Встановлення рушія…", table: "Підготовка столу…" },
  pl: { start: "Ładowanie Pythona…", page: "Ładowanie stołu…", interpreter: "Uruchamianie Pythona (silnik gry)…",
        engine: "Instalowanie silnika…", table: "Przygotowanie stołu…" },
  en: { start: "Loading Python…", page: "Loading the table…", interpreter: "Starting Python (the game engine)…",
        engine: "Installing the engine…", table: "Preparing the table…" },
}[LANG];
// each stage's share of the bar and where the bar may creep to while it lasts
const STAGE_PCT = { page: [5, 10], interpreter: [10, 70], engine: [75, 88], table: [90, 97] };
if (LANG !== "ru") {
  document.documentElement.lang = LANG;
  document.addEventListener("DOMContentLoaded", () => {
    const p = $("loader-text");
    if (p && shownPct === 0) p.textContent = STAGE_TEXT.start;
  });
}
function drawBar() {
  const bar = $("loader-bar");
  if (bar) bar.style.width = shownPct.toFixed(1) + "%";
  document.documentElement.dataset.loaderPct = shownPct.toFixed(1);
}
let textPct = -1;     // the stage whose words are shown: an earlier stage never takes them back
function setProgress(pct, text, creep) {
  const p = $("loader-text");
  if (p && text && pct >= textPct) { p.textContent = text; textPct = pct; }
  if (creep !== undefined) creepTarget = Math.max(creepTarget, creep);
  if (pct <= shownPct) return;
  shownPct = pct;
  drawBar();
}
const creepTimer = setInterval(() => {
  if (ready || shownPct >= creepTarget) return;
  shownPct = Math.min(creepTarget, shownPct + (creepTarget - shownPct) * 0.06 + 0.05);
  drawBar();
}, 250);
function stage(name) {
  const [pct, until] = STAGE_PCT[name] || [shownPct, shownPct];
  setProgress(pct, STAGE_TEXT[name], until);
}

worker.onmessage = (e) => {
  const m = e.data;
  if (m.type === "reply") {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (p) p(m.reply);
  } else if (m.type === "progress") {
    stage(m.stage);
    document.documentElement.dataset.engineStage = m.stage;
  } else if (m.type === "ready") {
    window.thousandEngineMs = Math.round(m.ms);
    window.thousandEnginePhases = m.phases;
    performance.mark("thousand-engine");
    document.documentElement.dataset.engineStage = "ready";
    document.documentElement.dataset.engineBoot = m.boot;   // snapshot | fresh
    resolveReady(m.boot);
  } else if (m.type === "snapshot") {
    document.documentElement.dataset.engineSnapshot = "stored";
  } else if (m.type === "failed") {
    rejectReady(new Error(m.error));
    showError("engine: " + m.error);
  }
};
worker.onerror = (e) => { rejectReady(new Error(e.message || "worker error")); showError(e.message || "worker error"); };

window.thousandEngine = {
  ready: engineReady,
  request(json) {
    return new Promise((res) => {
      const id = nextId++;
      pending.set(id, res);
      worker.postMessage({ id, request: json });
    });
  },
};

function showError(message) {
  if (ready) return; // after the table is up, Python reports its own errors in the UI
  // the first error says what went wrong (the engine's own message): the table's report of
  // the same failure, which follows, must not replace it
  if (document.documentElement.dataset.bootError === "true") return;
  $("loader").hidden = true;
  const box = $("load-error");
  box.hidden = false;
  // textContent only: error text may contain anything
  $("load-error-text").textContent = String(message || "unknown error").slice(0, 2000);
  document.documentElement.dataset.bootError = "true";
}

addEventListener("error", (e) => showError(e.message || (e.error && e.error.message)));
addEventListener("unhandledrejection", (e) => {
  const r = e.reason;
  showError((r && (r.message || r.toString())) || "loading failed");
});
// A stall (no engine after 90 s) is an error too, not an endless spinner.
setTimeout(() => { if (!ready) showError("Python did not start within 90 s (timeout)."); }, 90000);

document.addEventListener("DOMContentLoaded", () => {
  $("load-error-reload").addEventListener("click", () => location.reload());
});

// --- service worker -------------------------------------------------------------------------
function offerUpdate(reg) {
  const banner = $("update-banner");
  banner.hidden = false;
  $("update-now").onclick = () => {
    updateRequested = true;
    if (reg.waiting) reg.waiting.postMessage({ type: "skipWaiting" });
  };
  $("update-later").onclick = () => { banner.hidden = true; };
}

// Registered once the table accepts input, not at once: on a first visit the service worker's
// install precaches the whole site (about 12 MB: Pyodide, its standard library, the wheel)
// and would fetch and store it while the page and the worker load the same files, on the
// same cores.  A repeat visit is already controlled by it; registering later only delays
// the check for a new version by the seconds the start takes.
let swRegistered = false;
async function registerSW() {
  if (swRegistered || !("serviceWorker" in navigator) || !isSecureContext) return;
  swRegistered = true;
  performance.mark("thousand-sw-register");
  try {
    const reg = await navigator.serviceWorker.register("./service-worker.js", { scope: "./" });
    if (reg.waiting && navigator.serviceWorker.controller) offerUpdate(reg);
    reg.addEventListener("updatefound", () => {
      const nw = reg.installing;
      if (!nw) return;
      nw.addEventListener("statechange", () => {
        // installed while another version controls this page: offer, never force
        if (nw.state === "installed" && navigator.serviceWorker.controller) offerUpdate(reg);
      });
    });
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      // Only a player's explicit "Update" reloads; the game is saved after every action.
      if (updateRequested) location.reload();
    });
  } catch (err) {
    console.warn("service worker not registered:", err);
  }
}

function showTable() {
  $("loader").hidden = true;
  $("app").hidden = false;
}

window.thousandBoot = {
  // a saved table is on screen (before the engine): no loader over it
  shown() {
    showTable();
    performance.mark("thousand-shown");
  },
  // the engine answers and the table accepts input
  ready() {
    ready = true;
    clearInterval(creepTimer);
    setProgress(100, "");
    showTable();
    const ms = Math.round(performance.now() - t0);
    document.documentElement.dataset.ready = "true";
    window.thousandReadyMs = ms;
    performance.mark("thousand-ready");
    registerSW();
  },
  showError,
  // a stage of the start (web/table.mjs says "page" when it loads the table's Python)
  stage,
  // Ask the browser not to evict this origin's storage (the save); the answer is in
  // html[data-storage]: persisted | not-persisted | unsupported
  persistStorage() {
    const flag = (v) => { document.documentElement.dataset.storage = v; };
    const st = navigator.storage;
    if (!st || !st.persist || !st.persisted) { flag("unsupported"); return; }
    st.persisted().then((done) => (done ? true : st.persist()))
      .then((ok) => flag(ok ? "persisted" : "not-persisted"), () => flag("not-persisted"));
  },
  // A file for the player to keep (the exported game)
  download(name, text) {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);   // frees memory; the download has its copy
  },
  // The text of the file chosen in an <input type=file> ("" if none); larger files are cut
  // at 4 MB + 1 character so that the table can say "too large" without reading them whole
  async readFile(input) {
    const file = input && input.files && input.files[0];
    if (!file) return "";
    const limit = 4 * 1024 * 1024 + 1;
    const text = await (file.size > limit ? file.slice(0, limit) : file).text();
    input.value = "";          // choosing the same file again is a change too
    return text;
  },
  wallClock() { return String(Date.now()); },
  dateStamp() {
    const d = new Date(), p = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}`;
  },
  // Share rules: the phone's share sheet where there is one, else the clipboard.  Resolves
  // to what happened: "shared", "copied" or "manual" (the link is shown to copy by hand).
  async share(url, title) {
    try {
      if (navigator.share && matchMedia("(pointer: coarse)").matches) {
        await navigator.share({ title, url });
        return "shared";
      }
    } catch (err) {
      if (err && err.name === "AbortError") return "manual";
    }
    try {
      if (navigator.clipboard) {
        await navigator.clipboard.writeText(url);
        return "copied";
      }
    } catch (err) { /* no permission: the link is shown anyway */ }
    return "manual";
  },
};
