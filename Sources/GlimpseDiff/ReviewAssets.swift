/// The review site's own stylesheet and script, on top of the gallery's `glimpse.css`.
enum ReviewAssets {
    static let css = """
        /* Glimpse review: on top of the gallery's glimpse.css. */
        .review { max-width: 1280px; }
        .review-list td { vertical-align: middle; }
        .review-list td:nth-child(3) { white-space: normal; min-width: 16em; }
        .review-thumb { display: block; max-width: 120px; max-height: 60px; width: auto; height: auto; border-radius: 6px; }
        .review-timeline { list-style: none; position: relative; height: 28px; margin: 8px 0 4px; padding: 0;
          background: var(--page-surface); border: 1px solid var(--page-border); border-radius: 8px; overflow: hidden; }
        .review-timeline li { position: absolute; top: 3px; bottom: 3px; background: #8E8E93; border-right: 1px solid var(--page-surface); }
        .review-timeline li.is-changed { background: #D70015; }
        .review-timeline li a { display: block; width: 100%; height: 100%; }
        .review-legend { font-size: 13px; color: var(--page-muted); margin: 0 0 8px; }
        .review-legend .key { display: inline-block; width: 12px; height: 12px; border-radius: 3px; background: #8E8E93; vertical-align: -1px; margin: 0 4px 0 10px; }
        .review-legend .key:first-child { margin-left: 0; }
        .review-legend .key.is-changed { background: #D70015; }
        .review-frame { padding: 14px 0 10px; border-bottom: 1px solid var(--page-border); scroll-margin-top: 16px; }
        .review-texts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 10px; font-size: 13px; }
        .review-texts dt { color: var(--page-muted); font-weight: 600; }
        .review-texts dd { margin: 0; overflow-wrap: anywhere; }
        .review-schemes { display: flex; flex-direction: column; gap: 14px; }
        .review-compare { margin: 0; }
        .review-compare figcaption { font-size: 13px; font-weight: 600; margin-bottom: 6px; }
        .review-side { display: flex; flex-wrap: wrap; gap: 12px; }
        .review-cell { display: flex; flex-direction: column; align-items: center; gap: 4px; }
        .review-stage { position: relative; padding: 12px; border-radius: 14px; }
        .review-plain { background: var(--page-surface); border: 1px solid var(--page-border); }
        .review-box { position: absolute; border: 2px dashed #FF2D55; border-radius: 3px; pointer-events: none; }
        .review .review-list-wrap { max-height: none; }
        .review-stage img { display: block; }
        .review-label { margin: 0; font-size: 12px; font-weight: 600; color: var(--page-muted); }
        .review-overlay { margin-top: 10px; }
        .review-modes { border: 0; padding: 0; margin: 0 0 8px; display: flex; gap: 14px; flex-wrap: wrap; font-size: 13px; }
        .review-modes legend { font-weight: 600; padding: 0; margin-bottom: 4px; }
        .review-stack { position: relative; box-sizing: content-box; }
        .review-stack img { position: absolute; left: 12px; top: 12px; }
        .review-handle { position: absolute; top: 6px; bottom: 6px; width: 2px; margin-left: -1px; background: #FF2D55; pointer-events: none; }
        .review-compare:not([data-mode="slider"]) .review-handle { display: none; }
        .review-amount { display: flex; align-items: center; gap: 8px; font-size: 13px; margin-top: 6px; }
        .review-compare[data-mode="side"] .review-stack, .review-compare[data-mode="side"] .review-amount { display: none; }
        .review-compare:not([data-mode="side"]) .review-side { display: none; }
        """

    /// Without JavaScript the three images stand side by side; with it, a choice of that, an onion
    /// skin (the after image over the before, at the opacity the range sets) or a slider (the after
    /// image revealed from the left up to the range).
    static let script = """
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

        """
}
