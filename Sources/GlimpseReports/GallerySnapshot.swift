import Foundation
import GlimpseFormat
import GlimpseGallery
import GlimpseOutput
import GlimpseShots

/// `glimpse snapshot`: every frame of a gallery (each frame of the day, each tap storyboard step,
/// and the placeholder), in every scheme, as a PNG of the frame's exact size times the scale,
/// named `<app>/<scenario>/<family>/<anchor>.<scheme>[@2x|@3x].png`, with `index.json` beside them. A
/// variant's family folder carries its screen class and text size where they are not the gallery's own
/// class and Large: `systemSmall@430x932@AX5` (`Gallery.variant(of:in:)`).
package enum GallerySnapshot {
    package struct Summary: Sendable {
        package var images: Int
        package var sheets: Int
        package var chromium: String
        package var fonts: [String]
        /// Fonts the machine lacks, told from the text drawn without them: warn, and name the package.
        package var missingFonts: [MissingFont]
        /// Frames the manifest lists that their page does not draw.
        package var missing: [String]
    }

    /// One image of the snapshot, as `index.json` lists it.
    struct Shot: Codable {
        var path: String
        var app: String
        var scenario: String
        var family: String
        /// The screen class and text size, from manifests of version 3 on.
        var device: String?
        var textSize: String?
        /// The locale and pseudolanguage, from manifests of version 4 on.
        var locale: String?
        var pseudo: String?
        var anchor: String
        var scheme: String
        var width: Int
        var height: Int
        var scale: Int
    }

    /// Writes the snapshot of `gallery` into `out` (replaced whole, only when every image is written).
    ///
    /// - Throws: `GalleryError` for a page that cannot be read, `ChromiumError` or `DevToolsError`
    ///   when the browser fails, `SiteError.outputFailed` when `out` cannot be written.
    /// With a shard, only its share of the widgets is drawn, and `shard.json` says which.
    package static func write(
        _ gallery: Gallery, to out: URL, scale: Int, chromium: URL, shard: ShardSpec? = nil
    ) async throws -> Summary {
        let widgets = gallery.manifest.widgets
        let shares = widgets.map { widget in
            let frames = Gallery.anchors(of: widget).count
            return (
                key: Gallery.key(of: widget, in: gallery.manifest), frames: frames,
                area: frames * widget.size.width * widget.size.height
            )
        }
        let owned = (shard ?? ShardSpec(index: 1, count: 1)).owned(shares)
        let mine = Set(owned.map(\.position))
        let markup = try await GalleryMarkup.read(
            gallery, pages: Set(widgets.indices.filter(mine.contains).map { widgets[$0].page }))
        let plan = Self.plan(gallery, markup: markup, scale: scale, widgets: mine)
        let staged = try AtomicOutput(destination: out).begin()
        do {
            if let shard {
                let run = try ShardMerge.runDigest(of: gallery, options: ["snapshot", "\(scale)", "\(shard.count)"])
                let record = Shard(
                    kind: "snapshot", index: shard.index, count: shard.count, run: run,
                    widgets: owned.map { widget in
                        var widget = widget
                        widget.images = plan.images[widget.position] ?? 0
                        return widget
                    })
                try staged.write(Shard.fileName, try FormatJSON.encoder().encode(record))
            }
            let browser = try await Chromium.launch(chromium)
            do {
                return try await shoot(plan, stylesheets: markup.stylesheets, scale: scale, in: browser, into: staged)
            } catch {
                await browser.close()
                throw error
            }
        } catch {
            staged.discard()
            throw error
        }
    }

    /// What a snapshot draws: each image as `index.json` lists it, with the tile it is drawn from
    /// at the same index, and the frames the manifest lists that their page does not draw.
    struct Plan {
        var shots: [Shot] = []
        var tiles: [FrameShooter.Tile] = []
        var missing: [String] = []
        /// How many images each widget has, by its position in the manifest.
        var images: [Int: Int] = [:]
    }

    /// Every frame of every widget of `gallery` (of `widgets`, by position in the manifest, when
    /// given), in every scheme its page draws, named for `scale`.
    static func plan(_ gallery: Gallery, markup: GalleryMarkup, scale: Int, widgets chosen: Set<Int>? = nil) -> Plan {
        var plan = Plan()
        for (position, widget) in gallery.manifest.widgets.enumerated() where chosen?.contains(position) ?? true {
            let before = plan.shots.count
            defer { plan.images[position] = plan.shots.count - before }
            let folder = Gallery.folder(
                app: widget.app, scenario: widget.scenario, family: widget.family,
                variant: Gallery.variant(of: widget, in: gallery.manifest))
            for anchor in Gallery.anchors(of: widget) {
                let roots = markup.widgets(page: widget.page, anchor: anchor)
                if roots.isEmpty { plan.missing.append("\(widget.page)#\(anchor)") }
                for root in roots {
                    let suffix = scale == 1 ? "" : "@\(scale)x"
                    let name = "\(Gallery.component(anchor)).\(Gallery.component(root.scheme))\(suffix).png"
                    plan.shots.append(
                        Shot(
                            path: "\(folder)/\(name)", app: widget.app, scenario: widget.scenario,
                            family: widget.family,
                            device: widget.device, textSize: widget.textSize, locale: widget.locale,
                            pseudo: widget.pseudo, anchor: anchor,
                            scheme: root.scheme, width: widget.size.width, height: widget.size.height, scale: scale))
                    plan.tiles.append(
                        FrameShooter.Tile(markup: root.markup, width: widget.size.width, height: widget.size.height))
                }
            }
        }
        return plan
    }

    /// Draws `plan` in two tabs of `browser` (the first recording the fonts) into `staged`, with
    /// `index.json` beside the images, then closes the browser and commits `staged`.
    private static func shoot(
        _ plan: Plan, stylesheets: [URL], scale: Int, in browser: Chromium, into staged: StagedOutput
    ) async throws -> Summary {
        let cameras = [
            try await SheetCamera.open(in: browser, stylesheets: stylesheets, scale: scale, recordingFonts: true),
            try await SheetCamera.open(in: browser, stylesheets: stylesheets, scale: scale),
        ]
        let paths = plan.shots.map(\.path)
        let sheets = try await FrameShooter.shoot(plan.tiles, cameras: cameras) { index, image in
            try staged.write(paths[index], try image.pngData())
        }
        try staged.write("index.json", try FormatJSON.encoder().encode(plan.shots))
        let fonts = cameras[0].fonts.sorted()
        let missingFonts = MissingFont.find(in: cameras[0].drawnTexts)
        for camera in cameras { await camera.close() }
        await browser.close()
        try staged.commit()
        return Summary(
            images: plan.shots.count, sheets: sheets, chromium: browser.version, fonts: fonts,
            missingFonts: missingFonts, missing: plan.missing)
    }

}
