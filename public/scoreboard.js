// The tablet scoreboard's only script (issue 17). The page is server-rendered
// and never hydrated; this keeps it current on any tablet from 2017 on, so its
// syntax stays within ES2017 (Safari 11, Chrome 60): no optional chaining, no
// object spread, no catch without a binding (tests/scoreboard-script.test.ts).
//
// - Cancels the page's own timed refresh, which is there for when this script
//   cannot run at all.
// - Follows the table's push channel (a WebSocket to its Durable Object); on
//   "changed" it fetches the page again and swaps in the fresh board.
// - While the channel is closed it polls every 5 s, waiting longer after each
//   failure (30 s at most), and shows "Reconnecting…" while the server cannot
//   be reached. With the channel open a slow poll still catches a lost message.
//   A poll reads the table's current match (cached at the edge between
//   changes) and fetches the page only when that has changed.
// - Keeps the screen awake where the browser allows, and switches the theme
//   without a reload.
(function () {
  "use strict";

  var REFRESH_MS = 5000;
  var MAX_WAIT_MS = 30000;
  var SAFETY_MS = 60000;
  var PING_MS = 25000;
  var PONG_WAIT_MS = 10000;
  var THEME_KEY = "theme";

  var main = document.getElementById("main");
  var code = main ? main.getAttribute("data-scoreboard") : null;

  // The theme toggle: instant, remembered by this tablet and by the cookie. Delegated, so it survives swaps.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || form.getAttribute("action") !== "/action/set-theme" || !form.elements.theme) return;
    event.preventDefault();
    setTheme(form.elements.theme.value);
  });

  function setTheme(theme) {
    var classes = document.documentElement.classList;
    classes.remove("light", "dark");
    classes.add(theme);
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch (error) {
      // Storage unavailable (private mode): the cookie still remembers.
    }
    // The body as remix-themes sends it; the answer sets the cookie, then the board comes back with the right icon.
    fetch("/action/set-theme", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ theme: theme }),
    }).then(
      function () {
        if (code) refresh();
        else location.reload();
      },
      function () {},
    );
  }

  if (!code) return;

  var failures = 0;
  var pollTimer = null;
  var socket = null;
  var socketOpen = false;
  var retries = 0;
  var loading = null;
  var again = false;

  // "Reconnecting…" is in the page as a template: shown only while the server cannot be reached.
  var badge = null;
  function setOffline(offline) {
    var template = document.querySelector("template[data-reconnecting]");
    if (offline && !badge && template && template.content.firstElementChild) {
      badge = template.content.firstElementChild.cloneNode(true);
      template.parentNode.insertBefore(badge, template);
    } else if (!offline && badge) {
      badge.parentNode.removeChild(badge);
      badge = null;
    }
  }

  function replaceWith(current, next) {
    if (current && next && current.outerHTML !== next.outerHTML) {
      current.parentNode.replaceChild(document.importNode(next, true), current);
    }
  }

  // The fresh board into the page: the live region keeps its element (so screen readers announce the change).
  function apply(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var next = fresh.querySelector("main [aria-live]");
    var current = document.querySelector("main [aria-live]");
    if (!next || !current || !fresh.querySelector("main[data-scoreboard]")) {
      location.reload();
      return;
    }
    if (current.innerHTML !== next.innerHTML || current.className !== next.className) {
      current.className = next.className;
      var atomic = next.getAttribute("aria-atomic");
      if (atomic) current.setAttribute("aria-atomic", atomic);
      else current.removeAttribute("aria-atomic");
      current.innerHTML = next.innerHTML;
    }
    replaceWith(document.querySelector("main form[action='/action/set-theme']"),
      fresh.querySelector("main form[action='/action/set-theme']"));
  }

  async function load() {
    try {
      var response = await fetch(location.pathname, {
        credentials: "same-origin",
        headers: { Accept: "text/html" },
      });
      if (response.status === 404) {
        location.reload(); // the table was deleted: show the invalid-code page
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      apply(await response.text());
      failures = 0;
      setOffline(false);
    } catch (error) {
      failures += 1;
      setOffline(true);
    }
  }

  // One fetch at a time; a change announced meanwhile fetches once more after it.
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

  // A poll asks for the table's current match, which the edge answers from its cache between changes
  // (Workers Cache, purged on every change); only when that answer differs is the page fetched again.
  var lastMatch = null;
  async function poll() {
    try {
      var response = await fetch("/api/tables/by-code/" + encodeURIComponent(code) + "/current-match", {
        credentials: "omit",
        headers: { Accept: "application/json" },
      });
      if (response.status === 404) {
        location.reload(); // the table was deleted: show the invalid-code page
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      var text = await response.text();
      var changed = text !== lastMatch;
      lastMatch = text;
      if (changed || failures > 0) await refresh();
    } catch (error) {
      failures += 1;
      setOffline(true);
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
      if (event.data === "pong") clearTimeout(pongTimer);
      else refresh();
    };
    ws.onclose = function () {
      clearInterval(pinger);
      clearTimeout(pongTimer);
      if (socket !== ws) return;
      socket = null;
      socketOpen = false;
      document.documentElement.removeAttribute("data-live");
      schedulePoll();
      reconnectLater();
    };
  }

  function reconnectLater() {
    retries += 1;
    setTimeout(connect, Math.min(1000 * Math.pow(2, retries), MAX_WAIT_MS));
  }

  // Keep the screen awake where the browser allows it.
  function keepAwake() {
    var wakeLock = navigator.wakeLock;
    if (!wakeLock) return;
    var acquire = function () {
      if (document.visibilityState === "visible") wakeLock.request("screen").catch(function () {});
    };
    acquire();
    document.addEventListener("visibilitychange", acquire);
  }

  // If the stored theme and the cookie disagree (a cleared cookie), the stored choice wins and the cookie follows.
  function syncTheme() {
    var toggle = document.querySelector("main form[action='/action/set-theme']");
    var next = toggle && toggle.elements.theme ? toggle.elements.theme.value : null;
    var stored = null;
    try {
      stored = localStorage.getItem(THEME_KEY);
    } catch (error) {
      return;
    }
    if ((stored === "dark" || stored === "light") && stored === next) setTheme(stored);
  }

  function start() {
    // The page reloads itself for browsers where this cannot run; here it is not needed. Stopping the load cancels
    // the pending refresh; the element goes too, so nothing announces a refresh that will not come.
    if (window.stop) window.stop();
    var refreshes = document.querySelectorAll("meta[http-equiv='refresh']");
    for (var i = 0; i < refreshes.length; i++) refreshes[i].parentNode.removeChild(refreshes[i]);
    keepAwake();
    syncTheme();
    window.addEventListener("offline", function () {
      refresh().then(schedulePoll);
    });
    window.addEventListener("online", function () {
      refresh().then(schedulePoll);
    });
    connect();
    schedulePoll();
  }

  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();

// The no-show clock (issue 19), apart from the board's updates: once a second
// it reads when the match on the board was called (data-called-at, inside the
// live region, so a swapped-in board brings its own) and writes "Called at
// 19:42 · 3:07" outside it, where ticking is not announced. The server's time
// when the page was served corrects a tablet whose clock is wrong.
(function () {
  "use strict";

  var clock = document.querySelector("[data-called-clock]");
  var served = clock ? Number(clock.getAttribute("data-now")) : 0;
  var skew = served > 0 ? served - Date.now() : 0;

  function tick() {
    var data = document.querySelector("main [aria-live] [data-called-at]");
    var text = document.querySelector("[data-clock-text]");
    var late = document.querySelector("[data-no-show]");
    if (!text || !late) return;
    if (!data) {
      text.hidden = true;
      late.hidden = true;
      return;
    }
    var now = Date.now() + skew;
    var seconds = Math.max(0, Math.floor((now - Number(data.getAttribute("data-called-at"))) / 1000));
    var rest = seconds % 60;
    text.textContent =
      "Called at " + data.getAttribute("data-called-time") + " · " + Math.floor(seconds / 60) + ":" +
      (rest < 10 ? "0" : "") + rest;
    text.hidden = false;
    late.hidden = now < Number(data.getAttribute("data-no-show-at"));
  }

  tick();
  setInterval(tick, 1000);
})();
