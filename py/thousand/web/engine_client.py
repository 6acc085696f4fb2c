"""How the controller reaches the engine: ``await engine.request({"op": …})`` -> reply dict.

The controller does not care where the engine runs:

* ``WorkerEngine`` — the page: the tab's one Pyodide in a worker (web/engine-worker.mjs),
  reached through boot.js's ``window.thousandEngine`` (JSON text both ways);
* ``LocalEngine`` — the same interpreter (tests under CPython, tools): thousand.web.service
  called directly, with the same JSON round trip so nothing shared by reference can leak.
"""
import json


class WorkerEngine:
    def __init__(self, bridge):
        self.bridge = bridge          # window.thousandEngine

    async def ready(self):
        return str(await self.bridge.ready)

    async def request(self, req):
        return json.loads(str(await self.bridge.request(json.dumps(req))))


class LocalEngine:
    def __init__(self):
        from .service import Service
        self.service = Service()
        self.requests = []            # every request, for tests

    async def ready(self):
        from .service import package_version
        return package_version()

    async def request(self, req):
        self.requests.append(req)
        return json.loads(self.service.handle(json.dumps(req)))
