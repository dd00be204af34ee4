// Glimpse review, served: decisions and comments written by the server to the approvals and review
// files, and keys: j and k for the next and previous widget, a to approve, r to request changes.
(function () {
  "use strict";
  function post(endpoint, body) {
    return fetch(endpoint, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
    }).then(function (response) {
      return response.text().then(function (text) {
        if (!response.ok) throw new Error(text.trim() || response.statusText);
        return JSON.parse(text);
      });
    });
  }
  function status(scope, message, failed) {
    var line = scope.querySelector(".review-status") || document.querySelector(".review-status");
    if (!line) { if (failed) window.alert(message); return; }
    line.textContent = message;
    line.classList.toggle("is-error", !!failed);
  }
  // Shows the server's answer: the change's decision, its frames', and the counts.
  function show(outcome) {
    Array.prototype.forEach.call(document.querySelectorAll("[data-key]"), function (element) {
      if (element.getAttribute("data-key") !== outcome.key) return;
      element.setAttribute("data-decision", outcome.decision);
      var badge = element.querySelector(".review-badge");
      if (badge) badge.textContent = outcome.said || "undecided";
    });
    // A cause's decision decides the changes it alone made: their rows show it too.
    Object.keys(outcome.widgets || {}).forEach(function (key) {
      Array.prototype.forEach.call(document.querySelectorAll("[data-key]"), function (element) {
        if (element.getAttribute("data-key") !== key) return;
        element.setAttribute("data-decision", outcome.widgets[key].decision);
        var badge = element.querySelector(".review-badge");
        if (badge) badge.textContent = outcome.widgets[key].said || "undecided";
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll("article[data-frame]"), function (article) {
      var state = outcome.frames[article.getAttribute("data-frame")] || "";
      article.setAttribute("data-decision", state);
      article.querySelector(".review-frame-badge").textContent = state.replace("-", " ");
    });
    document.dispatchEvent(new CustomEvent("glimpse-review-decided", { detail: outcome }));
  }
  function scopeOf(element) { return element.closest("[data-key]"); }
  function decide(scope, verdict, frame) {
    var note = document.querySelector(".review-decide textarea[name=note]");
    var body = { key: scope.getAttribute("data-key"), verdict: verdict };
    if (frame) body.frame = frame;
    if (note && note.value.trim() && !frame) body.note = note.value;
    status(scope, "Saving…");
    return post("/_glimpse/decide", body).then(function (outcome) {
      show(outcome);
      status(scope, (outcome.said || "Undecided") + " · written to " + outcome.file);
    }, function (error) { status(scope, error.message, true); });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-verdict]");
    if (!button) return;
    var scope = scopeOf(button) || document.querySelector(".review-decide");
    decide(scope, button.getAttribute("data-verdict"), button.getAttribute("data-frame"));
  });
  document.addEventListener("submit", function (event) {
    var form = event.target.closest(".review-comment-form");
    if (!form) return;
    event.preventDefault();
    var scope = document.querySelector(".review-decide");
    var frame = form.getAttribute("data-frame");
    var body = { key: scope.getAttribute("data-key"), text: form.elements.text.value };
    if (frame) body.frame = frame;
    if (form.elements.scheme && form.elements.scheme.value) body.scheme = form.elements.scheme.value;
    post("/_glimpse/comment", body).then(function (outcome) {
      var list = form.previousElementSibling;
      var item = document.createElement("li");
      var who = document.createElement("strong");
      who.textContent = outcome.by;
      item.appendChild(who);
      item.appendChild(document.createTextNode(" " + outcome.at + (body.scheme ? " · " + body.scheme : "") + ": " + body.text.trim()));
      list.appendChild(item);
      form.reset();
      status(scope, "Comment written");
    }, function (error) { status(scope, error.message, true); });
  });
  // Keys: not while typing, and not with a modifier.
  var rows = Array.prototype.slice.call(document.querySelectorAll(".review-list tbody tr"));
  var selected = -1;
  function select(step) {
    var visible = rows.filter(function (row) { return !row.hidden; });
    if (!visible.length) return;
    var at = visible.indexOf(rows[selected]);
    var next = visible[Math.max(0, Math.min(visible.length - 1, at < 0 ? 0 : at + step))];
    if (rows[selected]) rows[selected].classList.remove("is-selected");
    selected = rows.indexOf(next);
    next.classList.add("is-selected");
    next.querySelector("a").focus();
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target.closest("textarea, input, select")) return;
    var page = document.querySelector(".review-decide");
    if (rows.length) {
      var row = rows[selected];
      if (event.key === "j") { select(1); } else if (event.key === "k") { select(-1); }
      else if ((event.key === "a" || event.key === "r") && row) {
        decide(row, event.key === "a" ? "approve" : "request-changes");
      } else { return; }
      event.preventDefault();
      return;
    }
    if (!page) return;
    if (event.key === "a" || event.key === "r") {
      decide(page, event.key === "a" ? "approve" : "request-changes");
    } else if (event.key === "j" || event.key === "k") {
      var link = document.querySelector("a[data-key-nav=" + event.key + "]");
      if (link) window.location.href = link.href;
    } else { return; }
    event.preventDefault();
  });
})();
