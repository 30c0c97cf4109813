// The tablet scoreboard's only script (decision 009). The page is server-rendered
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
// - "Change Table" opens the change page only when held for 2 s; a board read
//   that the server redirected (the director sent this tablet to another
//   table) takes the tablet there (decision 024).
// - Scoring at the table (decision 012): a tap ("+1 rack", undo, the lag,
//   confirm) is kept in localStorage with its own id and sent as JSON, in
//   order, as soon as the server can be reached; the server applies each id
//   once, so a replay is harmless. The board shows the waiting taps on top of
//   the server's score, and "Reconnecting…" says how many wait. A tap the
//   server refuses (the director changed the match) is dropped and the
//   board shows the director's version with the server's note.
(function () {
  "use strict";

  var REFRESH_MS = 5000;
  var MAX_WAIT_MS = 30000;
  var SAFETY_MS = 60000;
  var PING_MS = 25000;
  var PONG_WAIT_MS = 10000;
  var THEME_KEY = "theme";
  var DIRECTOR_WINS = "The director changed this match: the tablet shows the director's version";

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

  // "Change Table" (decision 024): held for 2 s it opens the change page; a tap only says to hold it. Without this
  // script it is a plain link to that page, which asks for a code.
  var HOLD_MS = 2000;
  var holding = null;
  var holdTimer = null;

  function holdLink(event) {
    return event.target && event.target.closest ? event.target.closest("a[data-hold]") : null;
  }

  function holdFill(link, on) {
    var fill = link.querySelector("[data-hold-fill]");
    if (!fill) return;
    fill.style.transition = on ? "width " + HOLD_MS + "ms linear" : "none";
    fill.style.width = on ? "100%" : "0";
  }

  function startHold(event) {
    var link = holdLink(event);
    if (!link || holding) return;
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    holding = link;
    holdFill(link, true);
    holdTimer = setTimeout(function () {
      holding = null;
      location.href = link.href; // not a click: the guard below lets it through
    }, HOLD_MS);
  }

  function endHold() {
    if (!holding) return;
    clearTimeout(holdTimer);
    holdFill(holding, false);
    var hint = holding.parentNode.querySelector("[data-hold-hint]");
    if (hint) hint.hidden = false;
    holding = null;
  }

  ["mousedown", "touchstart", "keydown"].forEach(function (type) {
    document.addEventListener(type, startHold, { passive: true });
  });
  ["mouseup", "touchend", "touchcancel", "keyup"].forEach(function (type) {
    document.addEventListener(type, endHold);
  });
  ["click", "contextmenu"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      if (holdLink(event)) event.preventDefault();
    });
  });

  // The change page goes back to its board after 2 minutes untouched (decision 024); here each tap or key starts the
  // wait again, so nobody typing a code is cut off. Its meta refresh does it for a tablet without this script.
  var backTo = main ? main.getAttribute("data-back-to") : null;
  if (backTo) {
    var backAfter = Number(main.getAttribute("data-back-after")) * 1000 || 120000;
    var metas = document.querySelectorAll("meta[http-equiv='refresh']");
    for (var m = 0; m < metas.length; m++) metas[m].parentNode.removeChild(metas[m]);
    var backTimer = null;
    var waitAgain = function () {
      clearTimeout(backTimer);
      backTimer = setTimeout(function () {
        location.replace(backTo);
      }, backAfter);
    };
    ["mousedown", "touchstart", "keydown", "input"].forEach(function (type) {
      document.addEventListener(type, waitAgain, { passive: true });
    });
    waitAgain();
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
      decorate();
    } else if (!offline && badge) {
      badge.parentNode.removeChild(badge);
      badge = null;
    }
  }

  // Taps waiting to be sent, oldest first: { kind, body } with body.tapId made here.
  var QUEUE_KEY = "taps:" + code;
  var queue = [];
  try {
    queue = JSON.parse(localStorage.getItem(QUEUE_KEY) || "[]");
    if (!Array.isArray(queue)) queue = [];
  } catch (error) {
    queue = [];
  }
  var sending = false;
  var note = "";
  var lastButton = null;

  function saveQueue() {
    try {
      localStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
    } catch (error) {
      // Storage full or unavailable: the taps still wait in memory.
    }
  }

  function newTapId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    var id = "";
    for (var i = 0; i < bytes.length; i++) id += (bytes[i] + 256).toString(16).slice(1);
    return id;
  }

  // Which button sent a form (Safari before 15 has no event.submitter).
  document.addEventListener("click", function (event) {
    lastButton = event.target && event.target.closest ? event.target.closest("button") : null;
  }, true);

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var kind = form && form.getAttribute ? form.getAttribute("data-tap") : null;
    if (!kind) return;
    event.preventDefault();
    var body = { tapId: newTapId() };
    var fields = form.elements;
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      if (field.name && field.name !== "intent" && field.name !== "tapId" && field.type !== "submit" && field.value) {
        body[field.name] = field.value;
      }
    }
    if (lastButton && lastButton.form === form && lastButton.name) body[lastButton.name] = lastButton.value;
    ["player", "winner", "player1Score", "player2Score"].forEach(function (name) {
      if (body[name] !== undefined) body[name] = Number(body[name]);
    });
    queue.push({ kind: kind, body: body });
    if (kind === "confirm") asking = null;
    saveQueue();
    note = "";
    decorate();
    flush();
  });

  // Without a race-to, "X won" asks to confirm the score in place (decision 025); the same panels as without script.
  var asking = null;
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || !form.hasAttribute || !form.hasAttribute("data-ask")) return;
    event.preventDefault();
    var winner = lastButton && lastButton.form === form ? Number(lastButton.value) : 0;
    var scores = [Number(form.elements.player1Score.value), Number(form.elements.player2Score.value)];
    if (winner !== 1 && winner !== 2) return;
    if (!(scores[winner - 1] > scores[2 - winner])) {
      note = form.getAttribute("data-more-racks");
      decorate();
      return;
    }
    var board = document.querySelector("main [data-racks]");
    asking = { matchId: board && board.getAttribute("data-match"), winner: winner, scores: scores };
    note = "";
    var shownNote = document.querySelector("main [data-note]");
    if (shownNote) shownNote.hidden = true;
    decorate();
  });
  document.addEventListener("click", function (event) {
    var back = event.target && event.target.closest ? event.target.closest("[data-ask-back]") : null;
    if (!back) return;
    event.preventDefault();
    asking = null;
    decorate();
  });

  function decorateAsk(board) {
    var ask = board.querySelector("form[data-ask]");
    var confirm = board.querySelector("[data-ask-confirm]");
    // Asked by the page itself (?winner=…, drawn by the server): as drawn.
    if (!ask || !confirm || confirm.hasAttribute("data-asked")) return;
    var shown = Boolean(asking && asking.matchId === board.getAttribute("data-match"));
    ask.hidden = shown;
    confirm.hidden = !shown;
    if (!shown) return;
    var fields = confirm.querySelector("form").elements;
    fields.winner.value = String(asking.winner);
    fields.player1Score.value = String(asking.scores[0]);
    fields.player2Score.value = String(asking.scores[1]);
    confirm.querySelector("[data-question]").textContent = board.getAttribute("data-name" + asking.winner) +
      " wins " + asking.scores[asking.winner - 1] + "\u2013" + asking.scores[2 - asking.winner] +
      " \u2014 Confirm result?";
  }

  // Sends the waiting taps in order; stops at the first that cannot reach the server (tried again later).
  async function flush() {
    if (sending || !queue.length) return;
    sending = true;
    var sent = false;
    while (queue.length) {
      var item = queue[0];
      var response;
      try {
        response = await fetch("/api/tables/by-code/" + encodeURIComponent(code) + "/" + item.kind, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(item.body),
        });
      } catch (error) {
        response = null;
      }
      if (!response || response.status === 429 || response.status >= 500) {
        failures += 1;
        setOffline(true);
        break;
      }
      if (response.status === 404) {
        sending = false;
        location.reload(); // the table's code was replaced: show the invalid-code page
        return;
      }
      var answer = null;
      try {
        answer = await response.json();
      } catch (error) {
        answer = null;
      }
      if (!response.ok) note = answer && answer.message ? answer.message : "That tap could not be recorded";
      // Decided meanwhile (the director recorded it while this tablet was offline): the director's version stands.
      if (response.status === 409 && response.headers.get("Refusal-Code") === "decided") note = DIRECTOR_WINS;
      // The racks as the server now has them, in case the board cannot be read again before the next tap.
      var board = document.querySelector("main [data-racks]");
      if (response.ok && answer && board && answer.id === board.getAttribute("data-match")) {
        board.setAttribute("data-racks", answer.racks);
      }
      queue.shift();
      saveQueue();
      sent = true;
    }
    sending = false;
    if (sent) await refresh();
    decorate();
  }

  // The waiting taps on top of the server's board: scores, buttons, the confirm question, the count and the note.
  function decorate() {
    var board = document.querySelector("main [data-racks]");
    var mine = [];
    if (board && board.hasAttribute("data-open")) {
      var matchId = board.getAttribute("data-match");
      mine = queue.filter(function (item) {
        return item.body.matchId === matchId;
      });
      var racks = board.getAttribute("data-racks").split("");
      var done = false;
      mine.forEach(function (item) {
        if (item.kind === "racks") racks.push(String(item.body.player));
        else if (item.kind === "undo") racks.pop();
        else if (item.kind === "confirm") done = true;
      });
      var score = [0, 0];
      racks.forEach(function (side) {
        score[side === "1" ? 0 : 1] += 1;
      });
      var shown = board.querySelectorAll("[data-testid='score']");
      for (var i = 0; i < shown.length && i < 2; i++) shown[i].textContent = String(score[i]);
      var raceTo = Number(board.getAttribute("data-race-to")) || 0;
      // A handicapped match: each side's own race (decision 028).
      var race1 = Number(board.getAttribute("data-race1")) || raceTo;
      var race2 = Number(board.getAttribute("data-race2")) || raceTo;
      var won = 0;
      if (raceTo && score[0] >= race1 && score[1] < race2) won = 1;
      if (raceTo && score[1] >= race2 && score[0] < race1) won = 2;
      each(board, "form[data-tap='racks'] button", function (button) {
        button.disabled = Boolean(won) || done;
      });
      each(board, "form[data-tap='undo'] button", function (button) {
        button.disabled = !racks.length || done;
      });
      each(board, "[data-lag]", function (lag) {
        lag.hidden = racks.length > 0 || mine.some(function (item) {
          return item.kind === "lag";
        });
      });
      if (mine.length) each(board, "[data-testid='breaker']", function (breaker) {
        breaker.hidden = true;
      });
      if (!raceTo && !done) decorateAsk(board);
      if (raceTo) each(board, "form[data-tap='confirm']", function (form) {
        form.hidden = !won || done;
        var question = form.querySelector("[data-question]");
        var name = board.getAttribute("data-name" + won);
        if (question && won) {
          question.textContent =
            name + " wins " + score[won - 1] + "\u2013" + score[2 - won] + " \u2014 Confirm result?";
        }
      });
    }
    var noteElement = document.querySelector("main [data-note]");
    if (noteElement && note) {
      noteElement.textContent = note;
      noteElement.hidden = false;
    }
    var waiting = badge ? badge.querySelector("[data-waiting]") : null;
    if (waiting) {
      var count = queue.length === 1 ? " 1 tap waiting" : " " + queue.length + " taps waiting";
      waiting.textContent = queue.length ? count : "";
    }
  }

  function each(root, selector, run) {
    var found = root.querySelectorAll(selector);
    for (var i = 0; i < found.length; i++) run(found[i]);
  }

  function replaceWith(current, next) {
    if (current && next && current.outerHTML !== next.outerHTML) {
      current.parentNode.replaceChild(document.importNode(next, true), current);
    }
  }

  // The fresh board into the page: the live region keeps its element (so screen readers announce the change).
  function apply(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    if (!fresh.querySelector("main[data-scoreboard]") || !applyRegion(fresh.querySelector("main [aria-live]"))) {
      location.reload();
      return;
    }
    replaceWith(document.querySelector("main form[action='/action/set-theme']"),
      fresh.querySelector("main form[action='/action/set-theme']"));
    decorate();
  }

  // A board that came with the news: the table's live region, drawn by the server once for every tablet at it.
  function applyPushed(board) {
    // Taps on their way: the board is read once they are sent.
    if (sending) return;
    var fresh = new DOMParser().parseFromString("<main>" + board + "</main>", "text/html");
    if (!applyRegion(fresh.querySelector("main [aria-live]"))) {
      refresh();
      return;
    }
    failures = 0;
    setOffline(false);
    decorate();
  }

  // The region as the server drew it, unless the board shown was drawn later (messages and reads may cross).
  function applyRegion(next) {
    var current = document.querySelector("main [aria-live]");
    if (!next || !current) return false;
    if (Number(next.getAttribute("data-drawn-at")) < Number(current.getAttribute("data-drawn-at"))) return true;
    // Its attributes too: the class, aria-atomic and the match's data (the racks the waiting taps go on top of).
    var i;
    for (i = current.attributes.length - 1; i >= 0; i--) {
      var name = current.attributes[i].name;
      if (!next.hasAttribute(name)) current.removeAttribute(name);
    }
    for (i = 0; i < next.attributes.length; i++) {
      var attribute = next.attributes[i];
      if (current.getAttribute(attribute.name) !== attribute.value) {
        current.setAttribute(attribute.name, attribute.value);
      }
    }
    if (current.innerHTML !== next.innerHTML) current.innerHTML = next.innerHTML;
    return true;
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
      // Sent to another table by the director (decision 024): the server answered with that table's board.
      if (response.redirected && new URL(response.url).pathname !== location.pathname) {
        location.replace(response.url);
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      apply(await response.text());
      failures = 0;
      setOffline(false);
      if (queue.length && !sending) flush();
    } catch (error) {
      failures += 1;
      setOffline(true);
    }
  }

  // One fetch at a time; a change announced meanwhile fetches once more after it.
  function refresh() {
    // Taps on their way: the board is read once they are sent (a board read meanwhile would count them twice).
    if (sending) return Promise.resolve();
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
      if (event.data === "pong") {
        clearTimeout(pongTimer);
        return;
      }
      var news = null;
      try {
        news = JSON.parse(event.data);
      } catch (error) {
        news = null;
      }
      // The table's board with the news: drawn at once; otherwise (or when it cannot be drawn) read the page.
      if (news && typeof news.board === "string") applyPushed(news.board);
      else refresh();
    };
    ws.onclose = function () {
      clearInterval(pinger);
      clearTimeout(pongTimer);
      if (socket !== ws) return;
      var wasOpen = socketOpen;
      socket = null;
      socketOpen = false;
      document.documentElement.removeAttribute("data-live");
      // A channel that dropped may have dropped a message with it: ask now, then poll while it is closed.
      if (wasOpen) poll().then(schedulePoll);
      else schedulePoll();
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
    // The theme the cookie gave the page: the toggle's next one is the other (the board has no toggle: it says).
    var toggle = document.querySelector("main form[action='/action/set-theme']");
    var next = toggle && toggle.elements.theme ? toggle.elements.theme.value : null;
    var served = main.getAttribute("data-served-theme");
    if (served) next = served === "dark" ? "light" : "dark";
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
    decorate();
    flush();
  }

  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();

// The no-show clock (decisions 013–015), apart from the board's updates: once a second
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

// "Undo" for a result just recorded (decision 025): counts down the server's 10 s
// (data-undo-until, in the server's time; the page's own time corrects a tablet
// whose clock is wrong) and goes when they are up. The server checks the time.
(function () {
  "use strict";

  var clock = document.querySelector("[data-called-clock]");
  var served = clock ? Number(clock.getAttribute("data-now")) : 0;
  var skew = served > 0 ? served - Date.now() : 0;

  function tick() {
    var forms = document.querySelectorAll("main form[data-undo-until]");
    for (var i = 0; i < forms.length; i++) {
      var left = Math.ceil((Number(forms[i].getAttribute("data-undo-until")) - Date.now() - skew) / 1000);
      var count = forms[i].querySelector("[data-undo-left]");
      if (count && left > 0) count.textContent = " (" + left + " s)";
      forms[i].hidden = left <= 0;
    }
  }

  tick();
  setInterval(tick, 1000);
})();
