import Foundation

/// Many widgets drawn with few screenshots: tiles are packed onto contact sheets, each sheet is
/// drawn once, and the tiles are cut out of it. Never a browser, nor a page load, per widget.
package enum FrameShooter {
    /// A widget to draw: its markup and its exact size in points.
    package struct Tile: Sendable {
        package var markup: String
        package var width: Int
        package var height: Int

        package init(markup: String, width: Int, height: Int) {
            self.markup = markup
            self.width = width
            self.height = height
        }
    }

    /// Draws `tiles`, the sheets shared out among `cameras` (tabs drawing at once, at one scale),
    /// and hands each tile's image to `receive` with its index, as its sheet is done.
    ///
    /// - Returns: how many sheets were drawn.
    @discardableResult
    package static func shoot(
        _ tiles: [Tile], cameras: [SheetCamera], side: Int = ContactSheet.side,
        receive: @escaping @Sendable (Int, RGBAImage) async throws -> Void
    ) async throws -> Int {
        precondition(!cameras.isEmpty && Set(cameras.map(\.scale)).count == 1, "cameras of one scale")
        let scale = cameras[0].scale
        let sheets = ContactSheet.pack(tiles.map { ($0.width, $0.height) }, scale: scale, side: side)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (lane, camera) in cameras.enumerated() {
                group.addTask {
                    let mine = Array(stride(from: lane, to: sheets.count, by: cameras.count))
                    try await pipelined(
                        mine.map { sheets[$0] },
                        shoot: { sheet in
                            try await camera.shoot(sheet, markup: sheet.placements.map { tiles[$0.tile].markup })
                        },
                        process: { sheet, image in
                            try await eachPlacement(of: sheet) { placement in
                                try await receive(placement.tile, cut(placement, from: image, scale: scale))
                            }
                        })
                }
            }
            try await group.waitForAll()
        }
        return sheets.count
    }

    /// Draws pairs of tiles of the same size, the first of each with `first`, the second with
    /// `second` (of the same scale), on sheets laid out alike, and hands both images of each pair
    /// to `receive`.
    ///
    /// - Returns: how many sheets were drawn by each camera.
    @discardableResult
    package static func shootPairs(
        _ pairs: [(Tile, Tile)], first: SheetCamera, second: SheetCamera, side: Int = ContactSheet.side,
        receive: @escaping @Sendable (Int, RGBAImage, RGBAImage) async throws -> Void
    ) async throws -> Int {
        precondition(
            pairs.allSatisfy { $0.0.width == $0.1.width && $0.0.height == $0.1.height }, "a pair of different sizes")
        precondition(first.scale == second.scale, "cameras of different scales")
        let scale = first.scale
        let sheets = ContactSheet.pack(pairs.map { ($0.0.width, $0.0.height) }, scale: scale, side: side)
        try await pipelined(
            sheets,
            shoot: { sheet in
                async let one = first.shoot(sheet, markup: sheet.placements.map { pairs[$0.tile].0.markup })
                async let two = second.shoot(sheet, markup: sheet.placements.map { pairs[$0.tile].1.markup })
                return try await (one, two)
            },
            process: { sheet, images in
                try await eachPlacement(of: sheet) { placement in
                    try await receive(
                        placement.tile, cut(placement, from: images.0, scale: scale),
                        cut(placement, from: images.1, scale: scale))
                }
            })
        return sheets.count
    }

    /// Shoots each sheet in turn, the next one while the one before is processed: the browser
    /// draws while this process cuts, compares and encodes.
    static func pipelined<Shot: Sendable>(
        _ sheets: [ContactSheet], shoot: @escaping @Sendable (ContactSheet) async throws -> Shot,
        process: @escaping @Sendable (ContactSheet, Shot) async throws -> Void
    ) async throws {
        guard let first = sheets.first else { return }
        var next = Task { try await shoot(first) }
        for (index, sheet) in sheets.enumerated() {
            let shot = try await next.value
            if index + 1 < sheets.count {
                let following = sheets[index + 1]
                next = Task { try await shoot(following) }
            }
            do {
                try await process(sheet, shot)
            } catch {
                next.cancel()
                _ = try? await next.value
                throw error
            }
        }
    }

    /// Runs `body` for every tile of a sheet, as many at once as there are cores.
    static func eachPlacement(
        of sheet: ContactSheet, _ body: @escaping @Sendable (ContactSheet.Placement) async throws -> Void
    ) async throws {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, placement) in sheet.placements.enumerated() {
                if index >= width { try await group.next() }
                group.addTask { try await body(placement) }
            }
            try await group.waitForAll()
        }
    }

    static func cut(_ placement: ContactSheet.Placement, from image: RGBAImage, scale: Int) -> RGBAImage {
        image.cropped(
            x: placement.x * scale, y: placement.y * scale, width: placement.width * scale,
            height: placement.height * scale)
    }
}
