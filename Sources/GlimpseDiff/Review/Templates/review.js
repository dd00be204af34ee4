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
