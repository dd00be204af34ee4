import Foundation

extension SheetCamera {
    /// A sheet drawn twice and measured once, for `glimpse check`: as drawn; measured by a script of
    /// the caller's in the page as it stands; and drawn again with every text transparent, so that
    /// what is behind each text can be read from the pixels.
    public struct Inspection: Sendable {
        public var drawn: RGBAImage
        /// What the script returned: a JSON string.
        public var measured: String
        /// The same sheet with no text drawn (nor anything drawn in the text's colour).
        public var withoutText: RGBAImage
    }

    /// Draws `sheet`'s tiles, runs `script` (an expression whose value is a string) on them, then
    /// draws them again without text.
    ///
    /// - Throws: `DevToolsError`, or `PNGError` when a capture cannot be read.
    public func inspect(_ sheet: ContactSheet, markup: [String], script: String) async throws -> Inspection {
        precondition(markup.count == sheet.placements.count, "one markup per placement")
        _ = try await send(
            "Emulation.setDeviceMetricsOverride",
            ["width": sheet.width, "height": sheet.height, "deviceScaleFactor": scale, "mobile": false])
        let html = Self.cells(of: sheet, markup: markup)
        try keepPage(of: sheet, html: html)
        _ = try await evaluate(try Self.placingScript(for: sheet, html: html))
        let drawn = try image(try await capture(), of: sheet)
        guard let measured = try await evaluate(script) as? String else {
            throw DevToolsError.protocolError(method: "Runtime.evaluate", message: "the measuring script gave no text")
        }
        _ = try await evaluate(Self.hidingText(true))
        let withoutText = try image(try await capture(), of: sheet)
        _ = try await evaluate(Self.hidingText(false))
        return Inspection(drawn: drawn, measured: measured, withoutText: withoutText)
    }

    /// Turns the sheet's text (and what is drawn in its colour) transparent, or back; waits for a frame.
    static func hidingText(_ hide: Bool) -> String {
        let rule =
            hide
            ? "'#sheet * { color: transparent !important; -webkit-text-fill-color: transparent !important; "
                + "text-shadow: none !important; }'" : "''"
        return """
            (async () => {
              let style = document.getElementById('glimpse-no-text');
              if (!style) {
                style = document.createElement('style');
                style.id = 'glimpse-no-text';
                document.head.appendChild(style);
              }
              style.textContent = \(rule);
              await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
              return true;
            })()
            """
    }
}
