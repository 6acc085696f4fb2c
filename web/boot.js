// Boot helpers for «Тысяча»: loading progress, a clear error if Python fails to load, and
// the service worker (offline cache + "new version" offer).  The game itself is Python
// (py/thousand/web); it calls window.thousandBoot.ready() once the table is drawn.

const $ = (id) => document.getElementById(id);
const t0 = performance.now();
let ready = false;
let updateRequested = false;

// PyScript reports its stages as "py:progress" events; the bar steps through them.
const STAGES = {
  "Loading Pyodide": [10, "Загрузка Python…"],
  "Loading Storage": [15, "Загрузка Python…"],
  "Loaded Storage": [20, "Загрузка Python…"],
  "Loading interpreter": [30, "Запуск Python (~12 МБ)…"],
  "Loaded interpreter": [70, "Python запущен"],
  "Loaded Pyodide": [75, "Python запущен"],
  "Loading files": [80, "Загрузка правил игры…"],
  "Loaded files": [90, "Подготовка стола…"],
};

function setProgress(pct, text) {
  const bar = $("loader-bar");
  if (bar) bar.style.width = pct + "%";
  const p = $("loader-text");
  if (p && text) p.textContent = text;
}

addEventListener("py:progress", (e) => {
  const s = STAGES[e.detail];
  if (s) setProgress(s[0], s[1]);
});

function showError(message) {
  if (ready) return; // after the table is up, Python reports its own errors in the UI
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
// PyScript puts its own error banners (.py-error) into the page: surface them in ours.
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType === 1 && n.classList.contains("py-error")) showError(n.textContent);
  }
}).observe(document.documentElement, { childList: true, subtree: true });
// A stall (no Python after 90 s) is an error too, not an endless spinner.
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

async function registerSW() {
  if (!("serviceWorker" in navigator) || !isSecureContext) return;
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
registerSW();

window.thousandBoot = {
  ready() {
    ready = true;
    setProgress(100, "");
    $("loader").hidden = true;
    $("app").hidden = false;
    const ms = Math.round(performance.now() - t0);
    document.documentElement.dataset.ready = "true";
    window.thousandReadyMs = ms;
    performance.mark("thousand-ready");
  },
  showError,
};
