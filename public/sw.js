// Break & Run's service worker (decisions 013–015): it only shows "You're up on Table 3"
// when the server sends a Web Push message, and opens the tournament's page
// when the notification is tapped. No caching, no fetch handler: pages always
// come from the network. Plain JavaScript, served as it is.
"use strict";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", function (event) {
  var message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    message = { title: event.data ? event.data.text() : "" };
  }
  var title = message.title || "Break & Run";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message.body || "",
      // A newer call of the same match replaces the older notification.
      tag: message.tag || "break-and-run",
      renotify: true,
      requireInteraction: true,
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      data: { url: message.url || "/player/dashboard" },
    }),
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var data = event.notification.data || {};
  var wanted = new URL(data.url || "/player/dashboard", self.location.origin);
  // Only this site's own pages.
  var url = wanted.origin === self.location.origin ? wanted.href : self.location.origin + "/player/dashboard";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        var client = windows[i];
        if (client.url === url && "focus" in client) return client.focus();
      }
      for (var j = 0; j < windows.length; j++) {
        if ("navigate" in windows[j]) {
          return windows[j].navigate(url).then(function (client) {
            return client ? client.focus() : self.clients.openWindow(url);
          });
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
