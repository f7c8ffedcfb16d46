/* pbem's service worker (architecture section 21, issue 30): what makes the site an installable app.
   It keeps one offline page and shows it when a page cannot be fetched; it shows each Web Push as a
   notification (the server encrypts it to this browser; the browser decrypts it before `push`), and a
   click on one opens its seat link in the app and tells the server the notice was opened, so the server
   can tell when pushes no longer reach their player. */
"use strict";

var OFFLINE = "{{ offline_url }}";
var CACHE = "pbem-offline-1";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.add(OFFLINE); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", function (event) {
  if (event.request.mode !== "navigate") { return; }  // only pages: the API and the board are never cached
  event.respondWith(fetch(event.request).catch(function () { return caches.match(OFFLINE); }));
});

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = {}; }
  event.waitUntil(self.registration.showNotification(data.title || "pbem", {
    body: data.body || "", tag: data.url || "pbem", icon: "{{ icon_url }}",
    data: {url: data.url, notice: data.notice}
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var info = event.notification.data || {};
  var url = info.url || "{{ start_url }}";
  var report = info.notice ? fetch("{{ opened_url }}", {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({notice: info.notice})
  }).catch(function () {}) : Promise.resolve();
  var open = self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (windows) {
    for (var i = 0; i < windows.length; i += 1) {
      if (windows[i].url === url && "focus" in windows[i]) { return windows[i].focus(); }
    }
    return self.clients.openWindow(url);
  });
  event.waitUntil(Promise.all([report, open]));
});
