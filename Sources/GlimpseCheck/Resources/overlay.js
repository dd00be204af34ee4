// glimpse build --check: each finding drawn on the gallery's pages. On a widget's page, the element
// is outlined on its frame in its scheme, and the frame's findings are listed under it; on the app
// pages and the index, each widget's card shows its count. The findings are `window.glimpseFindings`,
// written above this code by the build. Under `glimpse serve --check` the server writes them for the
// page alone, with a status, and the page loads them again (`glimpseFindingsRefresh`) after each check.
(function () {
  "use strict";
  var data = window.glimpseFindings;
  var script = document.currentScript;
  if (!data || !script) return;
  var root = data.root ? location.origin + data.root : script.src.replace(/assets\/findings\.js(\?.*)?$/, "");
  var here = location.href.split("#")[0];
  var page = here.indexOf(root) === 0 ? decodeURIComponent(here.slice(root.length)) : "";
  if (page === "" || page.slice(-1) === "/") page += "index.html";

  Array.prototype.forEach.call(document.querySelectorAll(".ck-mark"), function (mark) { mark.remove(); });
  window.glimpseFindingsRefresh = function () {
    var next = document.createElement("script");
    next.src = script.src.split("#")[0].replace(/([?&])t=[^&]*&?/, "$1").replace(/[?&]$/, "") +
      (script.src.indexOf("?") < 0 ? "?" : "&") + "t=" + Date.now();
    next.onload = next.onerror = function () { script.remove(); };
    document.body.appendChild(next);
  };

  var style = document.createElement("style");
  style.className = "ck-mark";
  style.textContent =
    ".ck-outline{position:absolute;outline:2px solid #FF2D55;outline-offset:1px;box-shadow:0 0 0 4px rgba(255,45,85,.25);pointer-events:none}" +
    ".ck-outline.is-accepted{outline-style:dashed;outline-color:#8E8E93;box-shadow:none}" +
    ".ck-list{margin:8px 0 0;padding-left:18px;font-size:13px}.ck-list .is-accepted{color:var(--page-muted)}" +
    ".ck-badge{display:inline-block;margin-left:6px;padding:0 6px;border-radius:99px;font-size:11px;font-weight:600;background:var(--error-bg);color:var(--error-text)}" +
    ".ck-badge.is-accepted{background:var(--page-accent-bg);color:var(--page-text)}" +
    ".ck-status{margin:8px 0;padding:6px 10px;border-radius:8px;font-size:13px;background:var(--page-accent-bg);color:var(--page-text)}";
  document.head.appendChild(style);

  function line(finding) {
    var item = document.createElement("li");
    item.className = finding.accepted ? "is-accepted" : "";
    item.textContent = finding.rule + " (" + finding.severity + ", " + finding.scheme + "): " + finding.message +
      (finding.accepted ? " (accepted: " + finding.accepted + ")" : "");
    return item;
  }

  var mine = data.pages[page];
  var status = data.status;
  var main = document.querySelector("main");
  if (status && main && (mine || document.querySelector("section.frame, section.placeholder"))) {
    var counts = data.counts[page] || [0, 0, 0];
    var open = counts[0] + counts[1];
    var text = status.checking ? "glimpse check: checking this page…"
      : open > 0 ? "glimpse check: " + open + " to review on this page (" + counts[0] + " errors, " + counts[1] +
        " warnings), " + counts[2] + " accepted"
      : "glimpse check: nothing to review on this page" + (counts[2] ? " (" + counts[2] + " accepted)" : "");
    var bar = document.createElement("p");
    bar.className = "ck-mark ck-status";
    bar.setAttribute("role", "status");
    bar.textContent = text + (status.note ? " · " + status.note : "");
    main.insertBefore(bar, main.firstChild);
  }
  if (mine) {
    var lists = {};
    mine.forEach(function (finding) {
      var frame = finding.frame === "placeholder" ? document.querySelector("section.placeholder")
        : document.getElementById(finding.frame);
      if (!frame) return;
      var widget = frame.querySelector('.widget[data-scheme="' + finding.scheme + '"]');
      if (widget && widget.parentElement) {
        var canvas = widget.parentElement;
        if (getComputedStyle(canvas).position === "static") canvas.style.position = "relative";
        var box = document.createElement("span");
        box.className = "ck-mark ck-outline" + (finding.accepted ? " is-accepted" : "");
        box.title = finding.rule + ": " + finding.message;
        box.style.left = widget.offsetLeft + finding.box[0] + "px";
        box.style.top = widget.offsetTop + finding.box[1] + "px";
        box.style.width = finding.box[2] + "px";
        box.style.height = finding.box[3] + "px";
        canvas.appendChild(box);
      }
      var key = finding.frame;
      if (!lists[key]) {
        lists[key] = document.createElement("ul");
        lists[key].className = "ck-mark ck-list";
        lists[key].setAttribute("aria-label", "What glimpse check found");
        (frame.querySelector(".schemes") || frame).insertAdjacentElement("afterend", lists[key]);
      }
      lists[key].appendChild(line(finding));
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("main a[href]"), function (link) {
    var target = new URL(link.getAttribute("href"), here).href.split("#")[0];
    if (target.indexOf(root) !== 0 || target === here) return;
    var counts = data.counts[decodeURIComponent(target.slice(root.length))];
    if (!counts || link.closest(".ck-list")) return;
    var badge = document.createElement("span");
    var open = counts[0] + counts[1];
    badge.className = "ck-mark ck-badge" + (open === 0 ? " is-accepted" : "");
    badge.textContent = open > 0 ? open + " to review" : counts[2] + " accepted";
    badge.title = counts[0] + " errors, " + counts[1] + " warnings not accepted; " + counts[2] + " accepted (glimpse check)";
    link.appendChild(badge);
  });
})();
