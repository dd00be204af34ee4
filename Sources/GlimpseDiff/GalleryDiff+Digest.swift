import Foundation
import GlimpseDigest
import GlimpseFormat
import GlimpseGallery

extension GalleryDiff {
    /// What a decision on a widget's change names on one side: the SHA-256 of everything the diff
    /// compares of the widget, as the diff matches it (frames and storyboard steps by their offset
    /// from the widget's `now`, not by the clock), and of the gallery's look (`look(of:)`), which
    /// draws every frame. A rebuild of the same content gives the same digest; any change the diff
    /// could report, or a restyle, gives another.
    static func digest(_ widget: Manifest.Widget, look: String) -> String {
        let now = Manifest.date(widget.now)
        let separator = "\u{1F}"
        var lines = ["size \(widget.size.width) \(widget.size.height)"]
        for frame in widget.frames {
            lines.append(
                [
                    "frame", "\(offset(frame.start, from: now))", frame.hash, frame.state,
                    frame.texts.joined(separator: separator), frame.links.joined(separator: separator),
                ]
                .joined(separator: "\u{1E}"))
        }
        for step in widget.storyboard ?? [] {
            lines.append(
                [
                    "step", "\(offset(step.at, from: now))", step.action, step.link, step.state,
                    step.texts.joined(separator: separator),
                ].joined(separator: "\u{1E}"))
        }
        for reload in widget.reloads {
            lines.append(
                ["reload", "\(offset(reload.at, from: now))", reload.reason, outcome(reload)].joined(
                    separator: "\u{1E}"))
        }
        for diagnostic in Set(widget.diagnostics.map(DiffReport.DiagnosticText.init)).sorted() {
            lines.append(
                ["diagnostic", diagnostic.severity, diagnostic.file ?? "", diagnostic.message].joined(
                    separator: "\u{1E}"))
        }
        return SHA256.hex(of: (lines + [look]).joined(separator: "\n"))
    }

    /// The gallery's look as a digest names it: the path and SHA-256 of each shared file that
    /// changes how frames are drawn (its stylesheet and fonts).
    static func look(of gallery: Gallery) -> String {
        gallery.assets.keys.sorted().filter(Gallery.isLook).map { "look \($0) \(gallery.assets[$0]!)" }
            .joined(separator: "\n")
    }
}
