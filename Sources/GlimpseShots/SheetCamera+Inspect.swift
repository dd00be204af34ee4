import Foundation

extension SheetCamera {
    /// A sheet drawn twice and measured once, for `glimpse check`: as drawn; measured by a script of
    /// the caller's in the page as it stands; and drawn again with every text transparent, so that
    /// what is behind each text can be read from the pixels.
    package struct Inspection: Sendable {
        /// Empty (0 × 0) when the sheet was only measured (`inspect(…, draws: false)`).
        package var drawn: RGBAImage
        /// What the script returned: a JSON string.
        package var measured: String
        /// The same sheet with no text drawn (nor anything drawn in the text's colour), at
        /// `withoutTextScale` device pixels per point: half the camera's, from a scale of 2.
        package var withoutText: RGBAImage
        package var withoutTextScale: Int
        /// How long each step took: sizing the page and laying the markup out, drawing it, running
        /// the measuring script, drawing it again without text, and reading the two PNGs.
        package var timings = Timings()
    }

    /// How long the steps of one inspection took.
    package struct Timings: Sendable, Equatable {
        package var layout: Duration = .zero
        package var draw: Duration = .zero
        /// The second capture, without text.
        package var redraw: Duration = .zero
        package var decode: Duration = .zero
        package var measure: Duration = .zero

        package init() {}

        /// These and `other`'s, step by step.
        package mutating func add(_ other: Timings) {
            layout += other.layout
            draw += other.draw
            redraw += other.redraw
            decode += other.decode
            measure += other.measure
        }
    }

    /// Draws `sheet`'s tiles, runs `script` (an expression whose value is a string) on them, then
    /// draws them again without text. With `draws` false, the tiles are laid out and measured only,
    /// and both images are empty: what the layout says needs no pixels (the sheet is placed once
    /// its fonts and images are ready, so the layout is the one a capture would draw).
    ///
    /// - Throws: `DevToolsError`, or `PNGError` when a capture cannot be read.
    package func inspect(
        _ sheet: ContactSheet, markup: [String], script: String, draws: Bool = true
    ) async throws -> Inspection {
        precondition(markup.count == sheet.placements.count, "one markup per placement")
        let clock = ContinuousClock()
        var timings = Timings()
        var start = clock.now
        _ = try await send(
            "Emulation.setDeviceMetricsOverride",
            ["width": sheet.width, "height": sheet.height, "deviceScaleFactor": scale, "mobile": false])
        let html = Self.cells(of: sheet, markup: markup)
        try keepPage(of: sheet, html: html)
        func lap(_ step: WritableKeyPath<Timings, Duration>) {
            let now = clock.now
            timings[keyPath: step] += now - start
            start = now
        }
        // The text shown again (the sheet before hid it), then the new sheet placed: one round trip.
        _ = try await evaluate(Self.hidingText(false) + ";\n" + (try Self.placingScript(for: sheet, html: html)))
        lap(\.layout)
        guard draws else {
            guard let measured = try await evaluate(script) as? String else {
                throw DevToolsError.protocolError(
                    method: "Runtime.evaluate", message: "the measuring script gave no text")
            }
            lap(\.measure)
            let nothing = RGBAImage(width: 0, height: 0, pixels: [])
            return Inspection(
                drawn: nothing, measured: measured, withoutText: nothing, withoutTextScale: max(1, scale / 2),
                timings: timings)
        }
        let drawnPNG = try await capture()
        lap(\.draw)
        let drawn = try image(drawnPNG, of: sheet)
        lap(\.decode)
        // Measured, then the text hidden, in one round trip: the measurement reads the text's colours.
        let measuring = "(() => { const measured = \(script); \(Self.hidingText(true)); return measured; })()"
        guard let measured = try await evaluate(measuring) as? String else {
            throw DevToolsError.protocolError(method: "Runtime.evaluate", message: "the measuring script gave no text")
        }
        lap(\.measure)
        let behindScale = max(1, scale / 2)
        let behindPNG = try await capture(sheet, scale: behindScale)
        lap(\.redraw)
        let withoutText = try image(behindPNG, of: sheet, scale: behindScale)
        lap(\.decode)
        return Inspection(
            drawn: drawn, measured: measured, withoutText: withoutText, withoutTextScale: behindScale,
            timings: timings)
    }

    /// Turns the sheet's text (and what is drawn in its colour) transparent, or back. The capture
    /// that follows draws a frame of its own.
    static func hidingText(_ hide: Bool) -> String {
        let rule =
            hide
            ? "'#sheet * { color: transparent !important; -webkit-text-fill-color: transparent !important; "
                + "text-shadow: none !important; }'" : "''"
        return """
            (() => {
              let style = document.getElementById('glimpse-no-text');
              if (!style) {
                style = document.createElement('style');
                style.id = 'glimpse-no-text';
                document.head.appendChild(style);
              }
              style.textContent = \(rule);
              return true;
            })()
            """
    }
}

extension SheetCamera {
    /// The sheet as the browser draws it now, as a PNG at `scale` device pixels per point (at most
    /// the camera's): Chromium scales the capture down.
    func capture(_ sheet: ContactSheet, scale captureScale: Int) async throws -> Data {
        guard captureScale != scale else { return try await capture() }
        let shot = try await send(
            "Page.captureScreenshot",
            [
                "format": "png", "optimizeForSpeed": true, "captureBeyondViewport": false,
                "clip": [
                    "x": 0, "y": 0, "width": sheet.width, "height": sheet.height,
                    "scale": Double(captureScale) / Double(scale),
                ],
            ])
        guard let base64 = shot["data"] as? String, let png = Data(base64Encoded: base64) else {
            throw DevToolsError.protocolError(method: "Page.captureScreenshot", message: "no image")
        }
        return png
    }
}
