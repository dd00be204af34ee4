// Glimpse timeline scrubber. Without JavaScript every frame is listed; with it, one frame at a
// time, chosen with the slider, the buttons or the arrow keys, and kept in the URL's anchor.
(function () {
  "use strict";
  var frames = Array.prototype.slice.call(document.querySelectorAll(".frame"));
  var controls = document.querySelector(".scrub-controls");
  if (!frames.length || !controls) return;
  var slider = document.getElementById("scrub");
  var output = document.getElementById("scrub-output");
  var allButton = controls.querySelector(".scrub-all");
  var links = Array.prototype.slice.call(document.querySelectorAll(".frame-list a"));
  var showAll = false;
  var current = 0;
  controls.hidden = false;

  function indexForHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return 0;
    var target = document.getElementById(id);
    if (!target) return 0;
    var frame = target.closest(".frame");
    return frame ? Number(frame.getAttribute("data-index")) : 0;
  }

  function show(index, updateHash) {
    current = Math.max(0, Math.min(frames.length - 1, index));
    frames.forEach(function (frame, i) { frame.hidden = !showAll && i !== current; });
    links.forEach(function (link, i) {
      if (i === current) link.setAttribute("aria-current", "true"); else link.removeAttribute("aria-current");
    });
    slider.value = String(current);
    var heading = frames[current].querySelector("h3");
    output.textContent = (current + 1) + " of " + frames.length + ": " + links[current].textContent.replace(/\s+/g, " ").trim();
    slider.setAttribute("aria-valuetext", output.textContent);
    if (updateHash && history.replaceState) history.replaceState(null, "", "#" + frames[current].id);
    return heading;
  }

  slider.addEventListener("input", function () { show(Number(slider.value), true); });
  controls.querySelector(".scrub-prev").addEventListener("click", function () { show(current - 1, true); });
  controls.querySelector(".scrub-next").addEventListener("click", function () { show(current + 1, true); });
  allButton.addEventListener("click", function () {
    showAll = !showAll;
    allButton.setAttribute("aria-pressed", String(showAll));
    allButton.textContent = showAll ? "Show one frame" : "Show all frames";
    show(current, false);
  });
  links.forEach(function (link, i) {
    link.addEventListener("click", function (event) { event.preventDefault(); show(i, true); });
  });
  document.addEventListener("keydown", function (event) {
    var tag = (event.target && event.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || event.altKey || event.metaKey || event.ctrlKey) return;
    if (event.key === "ArrowRight") { show(current + 1, true); event.preventDefault(); }
    else if (event.key === "ArrowLeft") { show(current - 1, true); event.preventDefault(); }
    else if (event.key === "Home") { show(0, true); event.preventDefault(); }
    else if (event.key === "End") { show(frames.length - 1, true); event.preventDefault(); }
  });
  window.addEventListener("hashchange", function () { show(indexForHash(), false); });
  show(indexForHash(), false);
})();
