import Foundation

extension SheetCamera {
    /// The sheet's tiles (`markup[i]` for placement `i`) drawn at the camera's scale, as one image
    /// of `sheet.width × scale` by `sheet.height × scale` pixels.
    ///
    /// - Throws: `DevToolsError`, or `PNGError` when the capture cannot be read.
    package func shoot(_ sheet: ContactSheet, markup: [String]) async throws -> RGBAImage {
        precondition(markup.count == sheet.placements.count, "one markup per placement")
        let clock = ContinuousClock()
        var timings = Timings()
        var start = clock.now
        func lap(_ step: WritableKeyPath<Timings, Duration>) {
            let now = clock.now
            timings[keyPath: step] += now - start
            start = now
        }
        _ = try await send(
            "Emulation.setDeviceMetricsOverride",
            [
                "width": sheet.width, "height": sheet.height, "deviceScaleFactor": scale, "mobile": false,
            ])
        let html = Self.cells(of: sheet, markup: markup)
        try keepPage(of: sheet, html: html)
        _ = try await evaluate(try Self.placingScript(for: sheet, html: html))
        lap(\.layout)
        let png = try await capture()
        lap(\.draw)
        if recordsFonts {
            let texts = try await fontsUsed()
            recorded.withLock { $0.formUnion(texts) }
            lap(\.measure)
        }
        let drawn = try image(png, of: sheet)
        lap(\.decode)
        spent.withLock { $0.add(timings) }
        return drawn
    }
}
