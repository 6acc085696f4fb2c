// Which tab owns the game (issue 12): the Web Locks API, so that a tab that does not own the
// game can never write it, a takeover is immediate and final, and nothing depends on timing.
//
// * The owning tab holds the exclusive lock GAME for as long as it owns the game.  Taking the
//   game over requests GAME with {steal: true}: the browser's lock manager gives it to the new
//   tab at once and rejects the old holder's request (AbortError), which tells the old tab.
// * Every write of the save is one short exclusive section on SAVE: in it the tab asks the
//   lock manager (navigator.locks.query) whether it still holds GAME, and writes only then.
//   A takeover steals GAME inside a SAVE section too, so a takeover and a write never
//   interleave: a write either ends before the takeover begins or sees the new owner.
// * A tab finds its own clientId in query() through TAB, a lock of its own held for its life.
//
// window.thousandOwner (used by py/thousand/web/page.py; persist.TokenOwner is the fallback
// where navigator.locks is missing, e.g. plain http on a LAN address):
//   claim()          -> Promise<true>   this tab owns the game from now on
//   put(key, text)   -> Promise<"ok" | "lost" | "quota" | "error: …">
//                       written only if this tab owns the game; "quota": storage is full
//   owns()           -> Promise<bool>   asks the lock manager
//   onLost(fn)       fn() is called when another tab has taken the game over
const GAME = "thousand.game";
const SAVE = "thousand.save";
const TAB = "thousand.tab." + Math.random().toString(36).slice(2) + Date.now().toString(36);

const locks = typeof navigator !== "undefined" && navigator.locks;
let lostHandler = null;
let generation = 0;          // bumped by every claim: a stale request's rejection is not a loss
let myId = null;

function clientId() {
  if (!myId) {
    myId = new Promise((resolve) => {
      locks.request(TAB, () => {
        locks.query().then((state) => {
          const mine = state.held.find((l) => l.name === TAB);
          resolve(mine ? mine.clientId : null);
        });
        return new Promise(() => {});      // held for the tab's life
      });
    });
  }
  return myId;
}

async function holdsGame() {
  const [id, state] = await Promise.all([clientId(), locks.query()]);
  const held = state.held.find((l) => l.name === GAME);
  return !!(held && id && held.clientId === id);
}

function isQuota(err) {
  return !!err && (err.name === "QuotaExceededError" || err.name === "NS_ERROR_DOM_QUOTA_REACHED"
    || err.code === 22 || err.code === 1014);
}

function claim() {
  return locks.request(SAVE, () => new Promise((granted) => {
    const gen = ++generation;
    locks.request(GAME, { steal: true }, () => {
      granted(true);
      return new Promise(() => {});        // held until another tab steals it
    }).catch(() => {
      // AbortError: stolen by another tab (or by this tab's newer claim: not a loss)
      if (gen === generation && lostHandler) lostHandler();
    });
  }));
}

function put(key, text) {
  return locks.request(SAVE, async () => {
    if (!(await holdsGame())) return "lost";
    try {
      localStorage.setItem(key, text);
      return "ok";
    } catch (err) {
      return isQuota(err) ? "quota" : "error: " + String(err && err.message || err);
    }
  });
}

if (locks) {
  window.thousandOwner = {
    claim,
    put,
    owns: () => locks.request(SAVE, holdsGame),
    onLost(fn) { lostHandler = fn; },
  };
}
