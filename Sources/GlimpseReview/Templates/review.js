// Glimpse review: onion skin and slider for each changed scheme.
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll(".review-compare"), function (figure) {
    var overlay = figure.querySelector(".review-overlay");
    if (!overlay) return;
    overlay.hidden = false;
    var top = figure.querySelector(".review-top");
    var range = figure.querySelector(".review-amount input");
    var handle = figure.querySelector(".review-handle");
    function update() {
      var mode = figure.getAttribute("data-mode");
      var value = Number(range.value);
      top.style.opacity = mode === "onion" ? String(value / 100) : "1";
      top.style.clipPath = mode === "slider" ? "inset(0 " + (100 - value) + "% 0 0)" : "none";
      handle.style.left = (12 + top.width * value / 100) + "px";
    }
    Array.prototype.forEach.call(figure.querySelectorAll(".review-modes input"), function (radio) {
      radio.addEventListener("change", function () { figure.setAttribute("data-mode", radio.value); update(); });
    });
    range.addEventListener("input", update);
    update();
  });
})();
// The list's filters: decision, app, variant and new finding's rule; what is shown is counted.
(function () {
  "use strict";
  var form = document.querySelector(".review-filters");
  if (!form) return;
  form.hidden = false;
  var rows = Array.prototype.slice.call(document.querySelectorAll(".review-list tbody tr"));
  var shown = form.querySelector(".review-shown");
  function value(name) { var field = form.elements[name]; return field ? field.value : ""; }
  function apply() {
    var decision = value("decision"), app = value("app"), variant = form.elements.variant ? value("variant") : "*";
    var rule = value("rule"), count = 0;
    rows.forEach(function (row) {
      var rules = (row.getAttribute("data-rules") || "").split(" ");
      var match = (!decision || row.getAttribute("data-decision") === decision)
        && (!app || row.getAttribute("data-app") === app)
        && (variant === "*" || row.getAttribute("data-variant") === variant)
        && (!rule || rules.indexOf(rule) >= 0);
      row.hidden = !match;
      if (match) count += 1;
    });
    shown.textContent = count + " of " + rows.length + " shown";
  }
  form.addEventListener("change", apply);
  document.addEventListener("glimpse-review-decided", apply);
  apply();
})();
// Each changed widget's row loads its picture, before and after, when it comes near the screen:
// the list stays quick to open however many widgets changed.
(function () {
  "use strict";
  var frames = Array.prototype.slice.call(document.querySelectorAll("iframe.review-row-picture[data-src]"));
  function load(frame) {
    frame.src = frame.getAttribute("data-src");
    frame.removeAttribute("data-src");
  }
  if (!("IntersectionObserver" in window)) { frames.forEach(load); return; }
  var observer = new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      observer.unobserve(entry.target);
      load(entry.target);
    });
  }, { rootMargin: "600px 0px" });
  frames.forEach(function (frame) { observer.observe(frame); });
})();
