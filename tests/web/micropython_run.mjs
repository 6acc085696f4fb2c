// Runs Python source under the table's MicroPython (the npm package the build ships) with
// py/thousand/web importable as `thousand.web`; prints what the code prints.
//   node tests/web/micropython_run.mjs FILE.py
import { loadMicroPython } from "../../node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "../..");
const mp = await loadMicroPython({ stdout: (line) => console.log(line), heapsize: 32 * 1024 * 1024 });
mp.FS.mkdir("/lib");
mp.FS.mkdir("/lib/thousand");
mp.FS.mkdir("/lib/thousand/web");
mp.FS.writeFile("/lib/thousand/__init__.py", "");
for (const name of fs.readdirSync(path.join(root, "py/thousand/web"))) {
  if (name.endsWith(".py")) mp.FS.writeFile("/lib/thousand/web/" + name, fs.readFileSync(path.join(root, "py/thousand/web", name)));
}
try {
  mp.runPython("import sys\nsys.path.insert(0, '/lib')\n" + fs.readFileSync(process.argv[2], "utf8"));
} catch (err) {
  console.log("PYTHON-ERROR " + err.type + ": " + String(err.message).slice(0, 2000));
  process.exitCode = 1;
}
