/* Every page's small script (issue 30): it registers the service worker (templates/app/sw.js), and a
   "Notify this device" button ([data-push-subscribe]) subscribes this browser to Web Push with the
   server's key and posts the subscription, for the seat (the button's data-token) or the signed-in
   address. Its words come from the button's data attributes, in the page's language. */
(function () {
  "use strict";
  var worker = document.querySelector('meta[name="pbem-service-worker"]');
  if (!("serviceWorker" in navigator) || !worker) { return; }
  navigator.serviceWorker.register(worker.content).catch(function () {});

  function keyBytes(text) {
    var padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) { bytes[i] = raw.charCodeAt(i); }
    return bytes;
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-push-subscribe]"), function (button) {
    var said = document.getElementById(button.getAttribute("aria-describedby")) || button;
    if (!("PushManager" in window) || !("Notification" in window)) {
      button.disabled = true;
      said.textContent = button.dataset.unsupported;
      return;
    }
    button.addEventListener("click", function () {
      said.textContent = button.dataset.working;
      Notification.requestPermission().then(function (permission) {
        if (permission !== "granted") { throw new Error(button.dataset.denied); }
        return Promise.all([fetch(button.dataset.key).then(function (answer) { return answer.json(); }),
                            navigator.serviceWorker.ready]);
      }).then(function (both) {
        return both[1].pushManager.subscribe({userVisibleOnly: true, applicationServerKey: keyBytes(both[0].key)});
      }).then(function (subscription) {
        var headers = {"Content-Type": "application/json"};
        if (button.dataset.token) { headers.Authorization = "Bearer " + button.dataset.token; }
        return fetch(button.dataset.subscriptions, {method: "POST", headers: headers, credentials: "same-origin",
                                                    body: JSON.stringify(subscription.toJSON())});
      }).then(function (answer) {
        if (!answer.ok) { throw new Error(button.dataset.failed); }
        said.textContent = button.dataset.done;
      }).catch(function (error) {
        said.textContent = error && error.message === button.dataset.denied ? button.dataset.denied : button.dataset.failed;
      });
    });
  });
}());
