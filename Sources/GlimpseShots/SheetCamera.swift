import Foundation
import Synchronization

/// A browser tab that has one gallery's stylesheets and fonts loaded, and shoots contact sheets of
/// that gallery's widgets: the sheet's markup goes into the page, the fonts load, two frames are
/// drawn, and the page is captured as a PNG with a transparent background.
///
/// The page allows no script of its own and no network (Content-Security-Policy); only the
/// gallery's files are read. Markup from a gallery is data here, never code.
package final class SheetCamera: Sendable {
    private let browser: Chromium
    private let session: String
    private let target: String
    private let folder: URL
    let recordsFonts: Bool
    let recorded = Mutex(Set<DrawnText>())
    let spent = Mutex(Timings())

    /// How long `shoot` took so far, step by step: laying each sheet out, drawing it, asking which
    /// fonts it drew with (`measure`, when recording them), and reading its PNG.
    package var shootingTimes: Timings { spent.withLock { $0 } }

    /// The fonts text was drawn with on every sheet so far, when asked to record them.
    package var fonts: Set<String> { recorded.withLock { Set($0.flatMap(\.fonts)) } }

    /// One text of each kind on every sheet so far, with the fonts it was drawn with, when asked to
    /// record them: what `MissingFont.find` reads.
    package var drawnTexts: [DrawnText] { recorded.withLock { Array($0) } }

    /// Opens a tab on a page that links `stylesheets` (file URLs), and waits for every font they declare.
    /// The tab draws at `scale` from the first: text laid out at one scale and drawn at another is
    /// placed a fraction of a pixel off.
    ///
    /// - Parameter recordingFonts: ask the browser, after each sheet, which fonts it drew the text
    ///   with (`fonts`).
    /// - Throws: `DevToolsError` when the browser does not do so.
    package static func open(
        in browser: Chromium, stylesheets: [URL], scale: Int, recordingFonts: Bool = false
    ) async throws -> SheetCamera {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "glimpse-sheet-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("sheet.html")
        let base = basePage(stylesheets: stylesheets)
        try Data(base.utf8).write(to: page)
        let (target, session) = try await openWindow(in: browser)
        let camera = SheetCamera(
            browser: browser, session: session, target: target, folder: folder, scale: scale,
            recordsFonts: recordingFonts,
            base: base)
        try await camera.emulateScreen()
        try await camera.load(page)
        _ = try await camera.evaluate(fontLoadingScript)
        return camera
    }

    /// A new tab, attached to: its target id, and the session its commands go through.
    private static func openWindow(in browser: Chromium) async throws -> (target: String, session: String) {
        let pipe = browser.pipe
        // A window of its own, so that no tab is a background one, whose drawing a browser may put off.
        let created = try await pipe.send(
            "Target.createTarget", ["url": "about:blank", "newWindow": true, "background": false])
        guard let target = created["targetId"] as? String else {
            throw DevToolsError.protocolError(method: "Target.createTarget", message: "no targetId")
        }
        let attached = try await pipe.send("Target.attachToTarget", ["targetId": target, "flatten": true])
        guard let session = attached["sessionId"] as? String else {
            throw DevToolsError.protocolError(method: "Target.attachToTarget", message: "no sessionId")
        }
        return (target, session)
    }

    /// The screen the tab draws on until the first sheet: 800 × 600 at the camera's scale,
    /// focused, with a transparent background, light, with reduced motion.
    private func emulateScreen() async throws {
        _ = try await send(
            "Emulation.setDeviceMetricsOverride",
            ["width": 800, "height": 600, "deviceScaleFactor": scale, "mobile": false])
        _ = try await send("Emulation.setFocusEmulationEnabled", ["enabled": true])
        _ = try await send(
            "Emulation.setDefaultBackgroundColorOverride", ["color": ["r": 0, "g": 0, "b": 0, "a": 0]])
        _ = try await send(
            "Emulation.setEmulatedMedia",
            [
                "features": [
                    ["name": "prefers-color-scheme", "value": "light"],
                    ["name": "prefers-reduced-motion", "value": "reduce"],
                ]
            ])
    }

    /// Navigates the tab to `page`, and waits until it is the tab's document and loaded, checking
    /// every 25 ms for at most `Self.loadSeconds`.
    ///
    /// - Throws: `DevToolsError.timedOut` when it is not loaded by then.
    private func load(_ page: URL) async throws {
        _ = try await send("Page.navigate", ["url": page.absoluteString])
        // The answer to navigate can come before the new document replaces about:blank.
        let address = String(decoding: try JSONSerialization.data(withJSONObject: [page.absoluteString]), as: UTF8.self)
        let deadline = ContinuousClock.now + .seconds(Self.loadSeconds)
        while true {
            let loaded =
                try await evaluate("location.href === \(address)[0] && document.readyState === 'complete'")
                as? Bool ?? false
            if loaded { return }
            guard ContinuousClock.now < deadline else {
                throw DevToolsError.timedOut(method: "loading the sheet page", seconds: Self.loadSeconds)
            }
            try await Task.sleep(for: .milliseconds(25))
        }
    }

    /// How long the sheet page may take to load: a local file of a few hundred bytes.
    static let loadSeconds: TimeInterval = 5

    /// Loads every font the page's stylesheets declare (a face that fails is left to its
    /// fallback), then waits for the document's fonts to be ready.
    private static let fontLoadingScript = """
        (async () => {
          await Promise.all(Array.from(document.fonts, face => face.load().catch(() => null)));
          await document.fonts.ready;
          return document.styleSheets.length;
        })()
        """

    /// Device pixels per point, for every sheet.
    package let scale: Int

    /// The page sheets are drawn on, for `GLIMPSE_SHEET_PAGES`.
    private let base: String

    private init(
        browser: Chromium, session: String, target: String, folder: URL, scale: Int, recordsFonts: Bool, base: String
    ) {
        self.base = base
        self.scale = scale
        self.browser = browser
        self.session = session
        self.target = target
        self.folder = folder
        self.recordsFonts = recordsFonts
    }

    /// The class of the cell each tile is drawn in: with the page's `html`, `body` and `#sheet`,
    /// all that is around a tile's markup, so a rule that names another class reaches only the
    /// tiles whose markup has it.
    package static let cellClass = "glimpse-cell"

    /// The sheet's tiles as markup: each in a cell of its own, placed and sized in points.
    static func cells(of sheet: ContactSheet, markup: [String]) -> String {
        var html = ""
        for (placement, markup) in zip(sheet.placements, markup) {
            html +=
                "<div class=\"\(cellClass)\" "
                + "style=\"left:\(placement.x)px;top:\(placement.y)px;"
                + "width:\(placement.width)px;height:\(placement.height)px\">"
            html += markup + "</div>"
        }
        return html
    }

    /// For `make bench`, when `GLIMPSE_SHEET_PAGES` names a folder: each sheet written there as a
    /// page of its own, to time a bare `chromium --screenshot` of it.
    func keepPage(of sheet: ContactSheet, html: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["GLIMPSE_SHEET_PAGES"], !folder.isEmpty else { return }
        let page = base.replacingOccurrences(
            of: "<div id=\"sheet\"></div>",
            with: "<div id=\"sheet\" style=\"width:\(sheet.width)px;height:\(sheet.height)px\">\(html)</div>")
        let name = "sheet-\(UUID().uuidString.prefix(8))-\(sheet.width)x\(sheet.height)@\(scale).html"
        try Data(page.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }

    /// The script that sizes the page's sheet to `sheet`, puts `html` in it, and waits for its
    /// fonts and images. The markup goes in as a JSON argument, never as script.
    static func placingScript(for sheet: ContactSheet, html: String) throws -> String {
        let literal = String(
            decoding: try JSONSerialization.data(withJSONObject: [html], options: [.fragmentsAllowed]), as: UTF8.self)
        return """
            (async ([html]) => {
              const sheet = document.getElementById('sheet');
              sheet.style.width = '\(sheet.width)px';
              sheet.style.height = '\(sheet.height)px';
              sheet.innerHTML = html;
              sheet.getBoundingClientRect();
              await document.fonts.ready;
              await Promise.all(Array.from(sheet.querySelectorAll('img'), image => image.decode().catch(() => null)));
              return true;
            })(\(literal))
            """
    }

    /// The page as the browser draws it now, as a PNG.
    func capture() async throws -> Data {
        let shot = try await send(
            "Page.captureScreenshot", ["format": "png", "optimizeForSpeed": true, "captureBeyondViewport": false])
        guard let base64 = shot["data"] as? String, let png = Data(base64Encoded: base64) else {
            throw DevToolsError.protocolError(method: "Page.captureScreenshot", message: "no image")
        }
        return png
    }

    /// The captured `png`, read, and held to the sheet's size at the camera's scale.
    func image(_ png: Data, of sheet: ContactSheet, scale: Int? = nil) throws -> RGBAImage {
        let scale = scale ?? self.scale
        let image = try RGBAImage(png: png, checksums: false)
        guard image.width == sheet.width * scale, image.height == sheet.height * scale else {
            throw DevToolsError.protocolError(
                method: "Page.captureScreenshot",
                message:
                    "a \(image.width)×\(image.height) image for a sheet of "
                    + "\(sheet.width * scale)×\(sheet.height * scale)"
            )
        }
        return image
    }

    /// Closes the tab and removes its page.
    package func close() async {
        _ = try? await browser.pipe.send("Target.closeTarget", ["targetId": target], timeout: 10)
        try? FileManager.default.removeItem(at: folder)
    }

    func send(_ method: String, _ params: [String: Any] = [:]) async throws -> [String: Any] {
        try await browser.pipe.send(method, params, session: session)
    }

    /// Runs `expression` in the page, waiting for its promise.
    func evaluate(_ expression: String) async throws -> Any? {
        let answer = try await send(
            "Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            let text =
                ((exception["exception"] as? [String: Any])?["description"] as? String) ?? exception["text"] as? String
                ?? "an exception"
            throw DevToolsError.protocolError(method: "Runtime.evaluate", message: text)
        }
        return (answer["result"] as? [String: Any])?["value"]
    }

    /// The page a sheet is drawn on: the gallery's stylesheets, a transparent background, a policy
    /// that allows their files and nothing else.
    static func basePage(stylesheets: [URL]) -> String {
        let links = stylesheets.map { "<link rel=\"stylesheet\" href=\"\(escape($0.absoluteString))\">" }.joined(
            separator: "\n")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src file: 'unsafe-inline'; \
            font-src file: data:; img-src file: data:">
            \(links)
            <style>
            html, body { margin: 0 !important; padding: 0 !important; background: transparent !important; }
            html { overflow: hidden !important; }
            #sheet { position: relative; }
            /* Each tile a layer of its own: drawn alike wherever it sits on the sheet (text on a
               shared layer is placed by where it falls on the layer's raster tiles). */
            #sheet > .\(cellClass) {
              position: absolute; display: block; margin: 0; padding: 0; will-change: transform;
            }
            </style>
            </head>
            <body><div id="sheet"></div></body>
            </html>

            """
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
