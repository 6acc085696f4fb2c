// Runs scripts/precompile.py in Pyodide's own Python under Node (the build calls it):
//   node scripts/precompile.mjs PYODIDE_DIR STDLIB_ZIP WHEEL IMPORTS_JSON [REQUESTS_JSON]
// STDLIB_ZIP (the build's trimmed stdlib, used as this Pyodide's stdlib) and WHEEL are
// rewritten in place; prints precompile.py's JSON summary.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlibZip, wheel, importsJson, requestsJson = "[]"] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: path.resolve(stdlibZip) });
const site = py.runPython("import sys; '/lib/python%d.%d/site-packages' % sys.version_info[:2]");
const zipInFs = py.runPython("import sys; [p for p in sys.path if p.endswith('.zip')][0]");
py.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: site });
py.FS.mkdirTree("/build");
py.FS.writeFile("/build/stdlib.zip", new Uint8Array(fs.readFileSync(stdlibZip)));
py.FS.writeFile("/build/engine.whl", new Uint8Array(fs.readFileSync(wheel)));
const source = fs.readFileSync(new URL("./precompile.py", import.meta.url), "utf8");
const mod = py.globals.get("dict")();
py.runPython(source, { globals: mod });
const summary = mod.get("main")("/build/stdlib.zip", zipInFs, "/build/engine.whl", site, py.toPy(JSON.parse(importsJson)),
                               py.toPy(JSON.parse(requestsJson)));
fs.writeFileSync(stdlibZip, py.FS.readFile("/build/stdlib.zip"));
fs.writeFileSync(wheel, py.FS.readFile("/build/engine.whl"));
console.log(summary);
