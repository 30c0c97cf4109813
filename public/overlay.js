// The stream overlay's only script (decision 026; decision 009's way, like scoreboard.js, whose tablet-only parts —
// taps, theme, wake lock — it leaves out). The page is server-rendered and never hydrated; this keeps it current.
// ES2017 syntax only, for the same old devices (tests/overlay.test.ts checks it).
//
// - Cancels the page's own timed refresh, which is there for when this script cannot run.
// - Follows the table's push channel; on any news it fetches the page again and swaps in the fresh bar (the news's
//   board is the tablet's, not this page's look).
// - While the channel is closed it polls the table's current match every 5 s (30 s at most after failures), and
//   once a minute while it is open; the page is fetched only when that answer changed.
(function () {
  "use strict";

  var REFRESH_MS = 5000;
  var MAX_WAIT_MS = 30000;
  var SAFETY_MS = 60000;
  var PING_MS = 25000;
  var PONG_WAIT_MS = 10000;

  var main = document.getElementById("main");
  var code = main ? main.getAttribute("data-overlay") : null;
  if (!code) return;

  var failures = 0;
  var pollTimer = null;
  var socket = null;
  var socketOpen = false;
  var retries = 0;
  var loading = null;
  var again = false;
  var lastMatch = null;

  // The fresh bar into the page, unless the one shown was drawn later (a message and a read may cross).
  function apply(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var next = fresh.querySelector("main[data-overlay] [aria-live]");
    var current = document.querySelector("main[data-overlay] [aria-live]");
    if (!next || !current) {
      location.reload();
      return;
    }
    if (Number(next.getAttribute("data-drawn-at")) < Number(current.getAttribute("data-drawn-at"))) return;
    if (current.outerHTML !== next.outerHTML) current.parentNode.replaceChild(document.importNode(next, true), current);
  }

  async function load() {
    try {
      var response = await fetch(location.pathname, { credentials: "omit", headers: { Accept: "text/html" } });
      if (response.status === 404) {
        location.reload(); // the table's code was replaced or the table deleted: show the refusal
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      apply(await response.text());
      failures = 0;
    } catch (error) {
      failures += 1;
    }
  }

  // One fetch at a time; news meanwhile fetches once more after it.
  function refresh() {
    if (loading) {
      again = true;
      return loading;
    }
    loading = load().then(function () {
      loading = null;
      if (again) {
        again = false;
        return refresh();
      }
    });
    return loading;
  }

  async function poll() {
    try {
      var response = await fetch("/api/tables/by-code/" + encodeURIComponent(code) + "/current-match", {
        credentials: "omit",
        headers: { Accept: "application/json" },
      });
      if (response.status === 404) {
        location.reload();
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      var text = await response.text();
      var changed = text !== lastMatch;
      lastMatch = text;
      if (changed || failures > 0) await refresh();
    } catch (error) {
      failures += 1;
    }
  }

  function schedulePoll() {
    clearTimeout(pollTimer);
    var wait = socketOpen && failures === 0 ? SAFETY_MS : Math.min(REFRESH_MS * Math.pow(2, failures), MAX_WAIT_MS);
    pollTimer = setTimeout(function () {
      poll().then(schedulePoll);
    }, wait);
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss:" : "ws:";
    var ws;
    try {
      ws = new WebSocket(scheme + "//" + location.host + "/api/live/tables/" + encodeURIComponent(code));
    } catch (error) {
      reconnectLater();
      return;
    }
    socket = ws;
    var pinger = null;
    var pongTimer = null;
    ws.onopen = function () {
      socketOpen = true;
      document.documentElement.setAttribute("data-live", "open");
      if (retries > 0) refresh(); // whatever changed while the channel was closed
      retries = 0;
      schedulePoll();
      // A socket can die silently on pub Wi-Fi: no answer to a ping means it is gone.
      pinger = setInterval(function () {
        try {
          ws.send("ping");
        } catch (error) {
          return;
        }
        clearTimeout(pongTimer);
        pongTimer = setTimeout(function () {
          ws.close();
        }, PONG_WAIT_MS);
      }, PING_MS);
    };
    ws.onmessage = function (event) {
      if (event.data === "pong") {
        clearTimeout(pongTimer);
        return;
      }
      refresh();
    };
    ws.onclose = function () {
      clearInterval(pinger);
      clearTimeout(pongTimer);
      if (socket !== ws) return;
      var wasOpen = socketOpen;
      socket = null;
      socketOpen = false;
      document.documentElement.removeAttribute("data-live");
      if (wasOpen) poll().then(schedulePoll);
      else schedulePoll();
      reconnectLater();
    };
  }

  function reconnectLater() {
    retries += 1;
    setTimeout(connect, Math.min(1000 * Math.pow(2, retries), MAX_WAIT_MS));
  }

  function start() {
    // Stopping the load cancels the page's pending refresh; the element goes too.
    if (window.stop) window.stop();
    var refreshes = document.querySelectorAll("meta[http-equiv='refresh']");
    for (var i = 0; i < refreshes.length; i++) refreshes[i].parentNode.removeChild(refreshes[i]);
    window.addEventListener("online", function () {
      refresh().then(schedulePoll);
    });
    connect();
    schedulePoll();
  }

  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
