// glimpse serve: live reload, the build-error overlay and the toolbar. Served by `glimpse serve`
// only; a built gallery has none of it. The toolbar's state lives in the URL's query, so a link
// reproduces the view; taps, events and the clock go through POST endpoints that answer with it.
(function () {
  "use strict";
  var state = JSON.parse(document.getElementById("glimpse-serve-state").textContent);
  var messages = (window.__glimpseLive = []);
  var saveKey = "glimpse-serve:" + location.pathname + location.search;

  // Across a reload: the scroll position and "Show all frames". The frame is in the anchor.
  function restore() {
    var saved = sessionStorage.getItem(saveKey);
    if (!saved) return;
    sessionStorage.removeItem(saveKey);
    var kept = JSON.parse(saved);
    var all = document.querySelector(".scrub-all");
    if (kept.all && all && all.getAttribute("aria-pressed") !== "true") all.click();
    window.scrollTo(0, kept.y);
  }
  function reload() {
    var all = document.querySelector(".scrub-all");
    sessionStorage.setItem(saveKey, JSON.stringify({ y: window.scrollY, all: !!all && all.getAttribute("aria-pressed") === "true" }));
    location.reload();
  }

  // A page whose own bytes changed takes the new page in place: its stylesheets, fonts and scripts
  // stay loaded, and the scroll, the frame and "Show all frames" stay as they are. A page whose
  // stylesheets, scripts, frames or toolbar differ loads again instead.
  var updates = 0;
  function update() {
    var mine = ++updates;
    fetch(location.pathname + location.search, { cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        // A later save's page may have come first: only the last one asked for is taken.
        if (mine === updates && !swap(new DOMParser().parseFromString(html, "text/html"))) reload();
      })
      .catch(reload);
  }
  function swap(next) {
    var nextState = next.getElementById("glimpse-serve-state");
    if (!nextState || !document.getElementById("main") || !next.getElementById("main")) return false;
    var fresh = JSON.parse(nextState.textContent);
    var generation = fresh.generation;
    fresh.generation = state.generation;
    if (JSON.stringify(fresh) !== JSON.stringify(state) || shape(next) !== shape(document)) return false;
    ["lang", "dir"].forEach(function (name) {
      var value = next.documentElement.getAttribute(name);
      if (value === null) document.documentElement.removeAttribute(name);
      else if (document.documentElement.getAttribute(name) !== value) document.documentElement.setAttribute(name, value);
    });
    morph(document.head, next.head);
    morph(document.body, next.body);
    state.generation = generation;
    keepViewInLinks();
    hideOverlay();
    if (window.glimpseFindingsRefresh) window.glimpseFindingsRefresh();
    return true;
  }
  // What a page must keep for a swap: its stylesheets and scripts, its frames, its scrubber.
  function shape(doc) {
    function all(selector, read) { return Array.prototype.map.call(doc.querySelectorAll(selector), read).join(" "); }
    return [
      all("link[rel=stylesheet]", function (link) { return link.getAttribute("href"); }),
      all("script[src]:not([src*='findings.js'])", function (script) { return script.getAttribute("src"); }),
      all(".frame", function (frame) { return frame.id; }),
      all(".frame-list a", function () { return "a"; }),
      all(".scrub-controls, .scrub-controls button, #scrub", function (node) { return node.tagName; })
    ].join("\n");
  }
  // Left as they are by a swap: scripts, and stylesheets (the same ones, or there is no swap),
  // so that nothing is loaded again; and what the page's scripts drew, which the served page has not.
  function isOwned(node) {
    return node.nodeType === 1 && (node.tagName === "SCRIPT" || node.tagName === "LINK" || node.matches(".gs-toolbar, .gs-overlay, .ck-mark"));
  }
  var ownedAttributes = {
    hidden: ".frame, .scrub-controls", "aria-current": ".frame-list a", "aria-pressed": ".scrub-all",
    "aria-valuetext": "#scrub", value: "#scrub", open: "details", style: "*"
  };
  function keeps(element, name) {
    var selector = ownedAttributes[name];
    return !!selector && element.matches(selector) && (name !== "style" || !!element.querySelector(".ck-mark"));
  }
  // Makes `from` (in the page) the same as `to` (the new page), node by node, so that what did not
  // change keeps its listeners, and what scripts set on it stays.
  function morph(from, to) {
    if (from.nodeType !== 1) {
      if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
      return;
    }
    Array.prototype.slice.call(from.attributes).forEach(function (attribute) {
      if (!to.hasAttribute(attribute.name) && !keeps(from, attribute.name)) from.removeAttribute(attribute.name);
    });
    Array.prototype.forEach.call(to.attributes, function (attribute) {
      if (from.getAttribute(attribute.name) !== attribute.value && !keeps(from, attribute.name)) from.setAttribute(attribute.name, attribute.value);
    });
    if (from.matches("#scrub-output, .scrub-all")) return;
    var old = Array.prototype.filter.call(from.childNodes, function (node) { return !isOwned(node); });
    var young = Array.prototype.filter.call(to.childNodes, function (node) { return !isOwned(node); });
    young.forEach(function (node, i) {
      var here = old[i];
      if (!here) from.appendChild(document.importNode(node, true));
      else if (here.nodeType === node.nodeType && here.nodeName === node.nodeName) morph(here, node);
      else from.replaceChild(document.importNode(node, true), here);
    });
    old.slice(young.length).forEach(function (node) { node.remove(); });
  }

  // The error overlay: the file, line and message; the last good page stays underneath.
  var overlay = null;
  function showOverlay(failure) {
    hideOverlay();
    overlay = element("div", { className: "gs-overlay", role: "alertdialog", "aria-modal": "false", "aria-labelledby": "gs-overlay-h" });
    var panel = element("div", { className: "gs-overlay-panel" });
    panel.appendChild(element("h2", { id: "gs-overlay-h", textContent: "The gallery could not be rebuilt" }));
    if (failure.file) {
      panel.appendChild(element("p", { className: "gs-overlay-file" }, [element("code", { textContent: failure.file + (failure.line ? ":" + failure.line : "") })]));
    }
    panel.appendChild(element("pre", { className: "gs-overlay-message", textContent: failure.message }));
    panel.appendChild(element("p", { textContent: "The last good version is shown underneath. Save a fix and this closes by itself." }));
    var close = element("button", { type: "button", textContent: "Hide until the next change" });
    close.addEventListener("click", hideOverlay);
    panel.appendChild(close);
    overlay.appendChild(panel);
    document.body.appendChild(overlay);
  }
  function hideOverlay() {
    if (overlay) overlay.remove();
    overlay = null;
  }

  // A WebSocket per page: the server tells a page that changed while it was connecting to
  // reload; after a restart of the server the page reconnects by itself.
  function connect() {
    var url = "ws://" + location.host + "/_glimpse/live?page=" + encodeURIComponent(location.pathname) +
      "&generation=" + state.generation + (location.search ? "&view=1" : "");
    var socket = new WebSocket(url);
    var reloading = false;
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      messages.push(message);
      if (message.type === "reload") { reloading = true; reload(); }
      else if (message.type === "update") update();
      else if (message.type === "error") showOverlay(message.failure);
      else if (message.type === "ok") hideOverlay();
      else if (message.type === "findings" && window.glimpseFindingsRefresh) window.glimpseFindingsRefresh();
    };
    socket.onclose = function () { if (!reloading) setTimeout(connect, 1000); };
  }

  function element(tag, properties, children) {
    var node = document.createElement(tag);
    Object.keys(properties || {}).forEach(function (key) {
      if (key === "className" || key === "textContent" || key === "value" || key === "type" || key === "id" || key === "htmlFor") node[key] = properties[key];
      else node.setAttribute(key, properties[key]);
    });
    (children || []).forEach(function (child) { node.appendChild(typeof child === "string" ? document.createTextNode(child) : child); });
    return node;
  }

  function post(endpoint, body) {
    body.page = location.pathname;
    body.query = location.search;
    say("Working…");
    return fetch("/_glimpse/" + endpoint, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(function (response) {
        if (!response.ok) return response.text().then(function (text) { throw new Error(text.trim()); });
        return response.json();
      })
      .then(function (answer) { location.assign(answer.url); })
      .catch(function (error) { say(error.message, true); });
  }

  var status = null;
  function say(text, isError) {
    if (!status) return;
    status.textContent = text;
    status.className = "gs-status" + (isError ? " gs-status-error" : "");
  }

  function currentFrame() {
    var id = decodeURIComponent(location.hash.slice(1));
    var frames = state.frames;
    for (var i = 0; i < frames.length; i++) if (frames[i].anchor === id) return frames[i];
    var shown = document.querySelector(".frame:not([hidden])");
    for (var j = 0; shown && j < frames.length; j++) if (frames[j].anchor === shown.id) return frames[j];
    return frames[0];
  }

  function clockText(iso) {
    return iso ? iso.replace("T", " ").replace(/:00([+-]\d\d:\d\d|Z)$/, " $1") : "";
  }

  function field(labelText, input) {
    return element("label", { className: "gs-field" }, [element("span", { textContent: labelText }), input]);
  }

  function toolbar() {
    var bar = element("section", { className: "gs-toolbar", "aria-labelledby": "gs-toolbar-h" });
    bar.appendChild(element("h2", { id: "gs-toolbar-h", className: "gs-title", textContent: "Live preview" }));

    var clock = state.view.now || state.widgetNow || state.build.now;
    var zone = state.view.tz || state.widgetZone || state.build.tz;
    var date = element("input", { type: "datetime-local", value: clock.slice(0, 16), step: "60" });
    var tz = element("input", { type: "text", value: zone, list: "gs-zones", size: "18", spellcheck: "false" });
    var device = element("select", { name: "device" });
    state.devices.forEach(function (name) {
      var option = element("option", { value: name, textContent: name });
      if (name === (state.view.device || state.build.device)) option.selected = true;
      device.appendChild(option);
    });
    var text = element("select", { name: "text" });
    state.textSizes.forEach(function (name) {
      var option = element("option", { value: name, textContent: name });
      if (name === (state.view.text || state.build.text)) option.selected = true;
      text.appendChild(option);
    });
    var locale = element("input", { type: "text", value: state.view.locale || state.build.locale, list: "gs-locales", size: "8", spellcheck: "false" });
    var locales = element("datalist", { id: "gs-locales" });
    state.locales.forEach(function (name) { locales.appendChild(element("option", { value: name })); });
    var pseudo = element("select", { name: "pseudo" });
    state.pseudos.forEach(function (name) {
      var option = element("option", { value: name, textContent: name });
      if (name === (state.view.pseudo || state.build.pseudo)) option.selected = true;
      pseudo.appendChild(option);
    });
    var zones = element("datalist", { id: "gs-zones" });
    ["America/New_York", "America/Los_Angeles", "Europe/London", "Europe/Berlin", "Asia/Tokyo", "Australia/Lord_Howe", "Pacific/Kiritimati", "UTC"]
      .forEach(function (name) { zones.appendChild(element("option", { value: name })); });
    var form = element("form", { className: "gs-row" }, [
      field("Clock", date), field("Zone", tz), field("Screen", device), field("Text size", text), field("Locale", locale), field("Pseudolanguage", pseudo), locales, zones,
      element("button", { type: "submit", textContent: "Apply" })
    ]);
    var shownClock = date.value, shownZone = tz.value;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      // The clock and zone are sent only when set here: a new screen keeps the scenario's clock.
      var clockSet = state.view.now || date.value !== shownClock || tz.value !== shownZone;
      post("view", { now: clockSet ? date.value : undefined, tz: clockSet ? tz.value : undefined, device: device.value, text: text.value, locale: locale.value, pseudo: pseudo.value });
    });
    bar.appendChild(form);
    if (state.view.now || state.view.tz || state.view.device || state.view.text || state.view.locale || state.view.pseudo) {
      var back = element("a", { href: location.pathname, textContent: "Back to the build's view" });
      bar.appendChild(element("p", { className: "gs-note" }, ["This view differs from the build (" + [
        state.view.now && "clock " + clockText(state.view.now), state.view.tz && "zone " + state.view.tz,
        state.view.device && "screen " + state.view.device, state.view.text && "text " + state.view.text, state.view.locale && "locale " + state.view.locale,
        state.view.pseudo && "pseudolanguage " + state.view.pseudo
      ].filter(Boolean).join(", ") + "). ", back]));
    }
    if (state.pinnedClock) {
      bar.appendChild(element("p", { className: "gs-note gs-note-strong" }, [
        "The clock set here overrides this scenario's pinned clock (" + clockText(state.pinnedClock) + ")."]));
    } else if (state.scenarioPinsClock && !state.view.now) {
      bar.appendChild(element("p", { className: "gs-note" }, ["This scenario pins its clock at " + clockText(state.widgetNow) + "; a clock set here overrides it."]));
    }

    if (state.app && state.frames.length) bar.appendChild(eventsPanel());
    status = element("p", { className: "gs-status", role: "status", "aria-live": "polite" });
    bar.appendChild(status);
    return bar;
  }

  function eventsPanel() {
    var panel = element("div", { className: "gs-events" });
    var frame = currentFrame();
    var shownAt = element("span", { className: "gs-at", textContent: clockText(frame.start) });
    panel.appendChild(element("h3", { className: "gs-subtitle" }, [state.app.name + " app events at the shown frame, ", shownAt]));
    var type = element("select", {});
    state.app.events.forEach(function (event) { type.appendChild(element("option", { value: event.name, textContent: event.name })); });
    var fields = element("span", { className: "gs-fields" });
    var hint = element("p", { className: "gs-note" });
    function showFields() {
      fields.textContent = "";
      var chosen = state.app.events.filter(function (event) { return event.name === type.value; })[0];
      chosen.fields.forEach(function (name) {
        fields.appendChild(field(name, element("input", { type: "text", name: name, size: "12", spellcheck: "false" })));
      });
      hint.textContent = chosen.keys ? "Fields: " + chosen.keys.replace(/`/g, "") : "No fields.";
    }
    type.addEventListener("change", showFields);
    var form = element("form", { className: "gs-row" }, [field("Event", type), fields, element("button", { type: "submit", textContent: "Apply at this frame" })]);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var parameters = {};
      fields.querySelectorAll("input").forEach(function (input) { if (input.value) parameters[input.name] = input.value; });
      post("event", { at: currentFrame().at, type: type.value, parameters: parameters });
    });
    panel.appendChild(form);
    panel.appendChild(hint);
    showFields();
    window.addEventListener("hashchange", function () { shownAt.textContent = clockText(currentFrame().start); });

    if (state.events.length) {
      var list = element("ol", { className: "gs-applied" });
      state.events.forEach(function (event) {
        var params = Object.keys(event.parameters).sort().map(function (key) { return key + "=" + event.parameters[key]; }).join(" ");
        var hours = Math.floor(event.at / 3600), minutes = Math.round((event.at % 3600) / 60);
        list.appendChild(element("li", { textContent: event.type + (params ? " " + params : "") + " at now + " + hours + " h " + minutes + " min" }));
      });
      panel.appendChild(element("p", { className: "gs-note" }, ["Applied here, after the scenario's own events; the frames and reload log below include them:"]));
      panel.appendChild(list);
      panel.appendChild(element("a", { className: "gs-reset", href: location.pathname + state.linkQuery + location.hash, textContent: "Reset to the scenario" }));
    }
    return panel;
  }

  // A tap on a widget's link runs its intent at the frame's time, when the app has one.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".frame a[href]");
    if (!link || !state.app) return;
    var href = link.getAttribute("href");
    if (/^(https?:|#|\.|\/)/.test(href)) return;
    event.preventDefault();
    var section = link.closest(".frame");
    var frame = state.frames.filter(function (f) { return f.anchor === section.id; })[0] || currentFrame();
    post("tap", { at: frame.at, link: href });
  });

  // Links to other pages keep the view's clock, screen and locale.
  function keepViewInLinks() {
    if (!state.linkQuery) return;
    document.querySelectorAll("a[href$='.html'], a[href*='.html#']").forEach(function (link) {
      var href = link.getAttribute("href");
      if (/^[a-z]+:/i.test(href)) return;
      var hash = href.indexOf("#");
      link.setAttribute("href", (hash < 0 ? href : href.slice(0, hash)) + state.linkQuery + (hash < 0 ? "" : href.slice(hash)));
    });
  }
  keepViewInLinks();

  var main = document.getElementById("main");
  if (main) main.insertBefore(toolbar(), main.firstChild);
  if (state.failure) showOverlay(state.failure);
  restore();
  connect();
})();
