/* Service worker of «Тысяча».  scripts/build.py fills in __VERSION__ (a hash of every built
 * file) and __PRECACHE__ (the list of files with their sha256), so any change to the site gives
 * a new worker and a new cache.  Same-origin requests are answered cache-first; nothing else is ever fetched.
 * A new version waits until the page asks it to take over (postMessage "skipWaiting"), so a
 * game in progress is never reloaded behind the player's back. */
const VERSION = "__VERSION__";
const CACHE = "thousand-" + VERSION;
const PRECACHE = __PRECACHE__;   // [[url, integrity "sha256-…"], …]

// One file into the cache, each byte downloaded once: first what the HTTP cache holds (the
// page has just loaded most of these files; "force-cache" takes them without asking the
// server again), checked against the build's sha256 — and only if it is not there or not
// these bytes (an older build's), from the network ("reload"), checked again.
// `opened`: other addresses the HTTP cache may hold the same bytes under (the page, opened by
// a link with a ?query), tried first and only if cached.
async function precache(cache, [url, integrity], opened = []) {
  let res = null;
  for (const at of opened) {
    try {
      res = await fetch(new Request(at, { cache: "only-if-cached", mode: "same-origin", integrity }));
    } catch (err) { res = null; }
    if (res && res.ok) break;
  }
  if (!res || !res.ok) {
    try {
      res = await fetch(new Request(url, { cache: "force-cache", integrity }));
    } catch (err) { res = null; }      // an integrity mismatch rejects
  }
  if (!res || !res.ok) res = await fetch(new Request(url, { cache: "reload", integrity }));
  if (!res.ok) throw new Error("precache " + url + ": HTTP " + res.status);
  await cache.put(url, res);
}

// The addresses the site's page is open at in this browser (with their query, without the
// #fragment): the HTTP cache keeps the page under the address it was loaded from.
async function pageAddresses() {
  const scope = new URL(self.registration.scope);
  const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return open.map((c) => new URL(c.url))
    .filter((u) => u.origin === scope.origin && u.search &&
      (u.pathname === scope.pathname || u.pathname === scope.pathname + "index.html"))
    .map((u) => u.pathname + u.search);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const page = await pageAddresses();
    await Promise.all(PRECACHE.map((entry) => precache(cache, entry, entry[0] === "./" ? page : [])));
  })());
  // No skipWaiting() here: the page decides (see the "message" handler).
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("thousand-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data === "skipWaiting" || data.type === "skipWaiting") self.skipWaiting();
  if (data.type === "version" && event.source) {
    event.source.postMessage({ type: "version", version: VERSION });
  }
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return; // never handled, never fetched by us
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const scope = new URL(self.registration.scope);
    // The page itself (index.html?rules=…#…) is the cached page whatever the query.
    const isPage = url.pathname === scope.pathname || url.pathname === scope.pathname + "index.html";
    if (isPage) {
      const page = (await cache.match("./index.html")) || (await cache.match("./"));
      if (page) return page;
    }
    const hit = await cache.match(req, { ignoreSearch: true });
    if (hit) return hit;
    // Any other address inside the site that is not one of its files (/game/, /index.html/x)
    // is sent to the game, with its query (the browser keeps the #fragment): never a page
    // whose relative files do not exist.
    if (req.mode === "navigate" && url.pathname.startsWith(scope.pathname)) {
      return Response.redirect(scope.href + url.search, 302);
    }
    try {
      return await fetch(req);
    } catch (err) {
      return new Response("offline and not cached: " + url.pathname,
        { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
  })());
});
