// TV mode's only script (decision 023). The page is server-rendered and never hydrated; each request draws one
// "page" of the tournament and names the next (main[data-next], after main[data-seconds]). Written for old smart-TV
// browsers like the scoreboard's script: ES2017, no optional chaining, no catch without a binding.
//
// - Cancels the page's own timed refresh (there for when this script cannot run) and turns the pages itself:
//   fetches the next one and swaps it in, so the screen never goes blank between pages.
// - Follows the tournament's push channel (a WebSocket); on any news it reads the page shown again, or goes to the
//   first page when the round has a new one (the knockout drawn, the champion known).
// - While the channel is closed it reads the page every 10 s and tries to reopen it, waiting longer after each
//   failure (30 s at most); "Reconnecting…" shows while the server cannot be reached, and the page shown stays.
// - Keeps the screen awake where the browser allows.
(function () {
  "use strict";

  var POLL_MS = 10000;
  var SAFETY_MS = 60000;
  var MAX_WAIT_MS = 30000;
  var PING_MS = 25000;
  var PONG_WAIT_MS = 10000;

  var first = document.getElementById("main");
  var tournamentId = first ? first.getAttribute("data-tv") : null;
  if (!tournamentId) return;

  var offline = false;
  var chain = Promise.resolve();
  var refreshQueued = false;
  var turnTimer = null;
  var pollTimer = null;
  var socket = null;
  var socketOpen = false;
  var retries = 0;

  function shown() {
    return document.getElementById("main");
  }

  function setOffline(value) {
    offline = value;
    var badge = document.querySelector("main [data-reconnecting]");
    if (badge) badge.hidden = !offline;
  }

  // The page at `url` in place of the one shown; the one shown stays when it cannot be read.
  async function show(url) {
    try {
      var response = await fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (response.status === 404) {
        location.reload(); // the tournament is gone: show the page that says so
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      var fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      var next = fresh.getElementById("main");
      var here = shown();
      if (!next || !next.hasAttribute("data-tv") || !here) {
        location.reload();
        return;
      }
      // The round of pages has a new lead (the knockout drawn, the champion known): go to it at once.
      var lead = next.getAttribute("data-lead");
      if (lead && here.getAttribute("data-lead") !== lead && next.getAttribute("data-page") !== lead) {
        return show(next.getAttribute("data-lead-address"));
      }
      here.parentNode.replaceChild(document.importNode(next, true), here);
      if (fresh.title) document.title = fresh.title;
      // A reload (the TV switched off and on) comes back to the page shown.
      if (history.replaceState) history.replaceState(null, "", next.getAttribute("data-address") || url);
      setOffline(false);
    } catch (error) {
      setOffline(true);
    }
  }

  function here() {
    return location.pathname + location.search;
  }

  // The page shown, read again; news arriving while a read waits in line is covered by it.
  function refresh() {
    if (refreshQueued) return chain;
    refreshQueued = true;
    chain = chain.then(function () {
      refreshQueued = false;
      return show(here());
    });
    return chain;
  }

  function turn() {
    chain = chain
      .then(function () {
        var main = shown();
        var next = main ? main.getAttribute("data-next") : null;
        return next ? show(next) : show(here());
      })
      .then(scheduleTurn, scheduleTurn);
  }

  function scheduleTurn() {
    clearTimeout(turnTimer);
    var main = shown();
    var seconds = main ? Number(main.getAttribute("data-seconds")) : 0;
    turnTimer = setTimeout(turn, (seconds > 0 ? seconds : 20) * 1000);
  }

  function schedulePoll() {
    clearTimeout(pollTimer);
    pollTimer = setTimeout(
      function () {
        refresh().then(schedulePoll);
      },
      socketOpen && !offline ? SAFETY_MS : POLL_MS,
    );
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss:" : "ws:";
    var ws;
    try {
      ws = new WebSocket(scheme + "//" + location.host + "/api/live/tournaments/" + encodeURIComponent(tournamentId));
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
      // Whatever changed while the channel was closed.
      if (retries > 0) refresh();
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
      // A channel that dropped may have dropped a message with it: read now, then every 10 s while it is closed.
      if (wasOpen) refresh();
      schedulePoll();
      reconnectLater();
    };
  }

  function reconnectLater() {
    retries += 1;
    setTimeout(connect, Math.min(1000 * Math.pow(2, retries), MAX_WAIT_MS));
  }

  function keepAwake() {
    var wakeLock = navigator.wakeLock;
    if (!wakeLock) return;
    var acquire = function () {
      if (document.visibilityState === "visible") wakeLock.request("screen").catch(function () {});
    };
    acquire();
    document.addEventListener("visibilitychange", acquire);
  }

  function start() {
    // The page turns itself for browsers where this cannot run; here it is not needed. Stopping the load cancels
    // the pending refresh; the element goes too.
    if (window.stop) window.stop();
    var refreshes = document.querySelectorAll("meta[http-equiv='refresh']");
    for (var i = 0; i < refreshes.length; i++) refreshes[i].parentNode.removeChild(refreshes[i]);
    document.documentElement.setAttribute("data-tv-script", "running");
    keepAwake();
    window.addEventListener("online", function () {
      refresh();
    });
    connect();
    schedulePoll();
    scheduleTurn();
  }

  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
