extension DiffReportV4 {
    /// How `--pixels` drew and compared: the browser and fonts, so that two runs can be told apart
    /// when their pixels differ for reasons of their own.
    package struct PixelRun: Codable, Sendable {
        /// What Chromium calls itself: `HeadlessChrome/156.0.8078.79`.
        package var chromium: String
        /// The font families text was drawn with, the gallery's own and the system's fallbacks.
        package var fonts: [String]
        package var threshold: Double
        package var scale: Int
        /// Frames drawn from both galleries and compared (frames, storyboard steps, placeholders).
        package var framesCompared: Int
        /// Frames of the widgets both galleries have that were not drawn: their HTML and every asset
        /// they use are the same, so their pixels are too.
        package var framesSkipped: Int?
        /// Images compared: frames × schemes.
        package var imagesCompared: Int
        package var imagesChanged: Int
        /// Contact sheets drawn, per gallery.
        package var sheets: Int
        /// Fonts the machine lacks, told from text drawn without them; absent when none is.
        package var missingFonts: [MissingFont]?

        package init(
            chromium: String, fonts: [String], threshold: Double, scale: Int, framesCompared: Int, imagesCompared: Int,
            imagesChanged: Int, sheets: Int, missingFonts: [MissingFont]? = nil
        ) {
            self.chromium = chromium
            self.fonts = fonts
            self.threshold = threshold
            self.scale = scale
            self.framesCompared = framesCompared
            self.imagesCompared = imagesCompared
            self.imagesChanged = imagesChanged
            self.sheets = sheets
            self.missingFonts = missingFonts
        }
    }

    /// A font the machine lacks: text of a script drawn with fonts that have none of its glyphs.
    package struct MissingFont: Codable, Sendable, Hashable {
        /// The Debian package that provides it.
        package var package: String
        /// What it is for: "CJK text", "emoji", "Latin text (the gallery's font)".
        package var script: String
        /// Some of the text, as the page has it.
        package var sample: String
        /// The fonts the browser drew that text with instead.
        package var drawnWith: [String]

        package init(package: String, script: String, sample: String, drawnWith: [String]) {
            self.package = package
            self.script = script
            self.sample = sample
            self.drawnWith = drawnWith
        }
    }

    /// One scheme of one frame, compared pixel by pixel.
    package struct SchemePixels: Codable, Sendable {
        package var scheme: String
        /// The frame's size in points (the new gallery's, when the widget was resized).
        package var width: Int
        package var height: Int
        /// Pixels that differ beyond the threshold, anti-aliasing aside; 0 when the frame looks the same.
        package var changedPixels: Int
        /// The smallest rectangle holding them, in points times the scale.
        package var box: Box?
        /// Images in the review folder, for changed pixels: before, after, and the difference.
        package var base: String?
        package var new: String?
        package var diff: String?

        package init(
            scheme: String, width: Int, height: Int, changedPixels: Int, box: Box? = nil, base: String? = nil,
            new: String? = nil, diff: String? = nil
        ) {
            self.scheme = scheme
            self.width = width
            self.height = height
            self.changedPixels = changedPixels
            self.box = box
            self.base = base
            self.new = new
            self.diff = diff
        }
    }

    /// A rectangle of an image, in pixels.
    package struct Box: Codable, Sendable, Equatable {
        package var x: Int
        package var y: Int
        package var width: Int
        package var height: Int

        package init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }
}
