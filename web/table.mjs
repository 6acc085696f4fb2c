// Starts the table: MicroPython (micropython.mjs of @micropython/micropython-webassembly-pyscript)
// on the main thread, without PyScript.  PyScript's own start compiled its Python package from
// source in one main-thread task before the table's first line ran (163-261 ms at 1x CPU, the
// longest task of a first visit; docs/web-architecture.md); the table uses only `js` and
// `jsffi.create_proxy` of it, which MicroPython has itself.
//
// What this does, each part in a task of its own:
// 1. fetches the table's modules and catalogs (their list is in index.html, written by
//    scripts/build.py) in parallel while MicroPython's wasm compiles (asynchronously);
// 2. writes them into MicroPython's file system under /lib (on sys.path);
// 3. runs web/main.py, which imports one module per task and starts the table.
// Any failure on the way is the loader's error screen (thousandBoot.showError).

const boot = window.thousandBoot;            // web/boot.js runs first (document order)
const files = JSON.parse(document.getElementById("table-files").textContent);

// A task of its own for what follows: the browser may draw and handle input in between.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function fetchBytes(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

function mkdirs(FS, path) {
  let at = "";
  for (const part of path.split("/").slice(1, -1)) {
    at += "/" + part;
    try { FS.mkdir(at); } catch (err) { /* exists */ }
  }
}

async function start() {
  performance.mark("thousand-mpy-start");
  boot.stage("page");
  const sources = Object.entries(files.modules).map(([url, dst]) => fetchBytes(url).then((b) => [dst, b]));
  const main = fetch(files.main).then((r) => {
    if (!r.ok) throw new Error(`${files.main}: HTTP ${r.status}`);
    return r.text();
  });
  const { loadMicroPython } = await import("../micropython/micropython.mjs");
  const mp = await loadMicroPython({
    heapsize: files.heapsize,
    linebuffer: true,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  performance.mark("thousand-mpy-loaded");
  const written = await Promise.all(sources);
  await nextTask();          // the interpreter's start was one task; the files are the next
  for (const [dst, bytes] of written) {
    mkdirs(mp.FS, dst);
    mp.FS.writeFile(dst, bytes);
  }
  const code = await main;
  performance.mark("thousand-mpy-files");
  await nextTask();
  await mp.runPythonAsync(code);
}

start().catch((err) => boot.showError("table: " + ((err && err.message) || err)));
