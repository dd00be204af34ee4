import Foundation
import Widgets

extension RegistryDocuments {
    /// An app's doc, whose section "shipped" is written from `content/shipped/<app>.yaml`.
    static func doc(of app: any GalleryApp) -> String { "docs/widgets/\(app.id).md" }

    /// Each app's doc with its "Spec and shipped" section written from its content file; none for
    /// an app without one.
    ///
    /// - Throws: `RegistryError` naming a file that cannot be read, does not decode, or has lost
    ///   the section's markers.
    func shippedDocs() throws -> [(path: String, data: Data)] {
        try apps.compactMap { app in
            let source = root.appendingPathComponent("content/\(ShippedWidget.path(app: app.id))")
            guard let yaml = FileManager.default.contents(atPath: source.path) else { return nil }
            let shipped: ShippedWidget
            do {
                shipped = try ShippedWidget.decode(String(decoding: yaml, as: UTF8.self))
            } catch {
                throw RegistryError(file: "content/\(ShippedWidget.path(app: app.id))", reason: "\(error)")
            }
            let path = Self.doc(of: app)
            guard let doc = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
                throw RegistryError(file: path, reason: "cannot be read")
            }
            let text = try Self.replacingSection(
                "shipped", in: String(decoding: doc, as: UTF8.self), with: Self.shippedSection(shipped), file: path)
            return (path, Data(text.utf8))
        }
    }

    /// The section: where it was read, what the app stores, what was read, and the table.
    static func shippedSection(_ shipped: ShippedWidget) -> String {
        let branch = shipped.branch.map { " (branch `\($0)`)" } ?? ""
        var lines = [
            "Read at [\(shipped.citation)](https://github.com/\(shipped.repository)/tree/\(shipped.commit))\(branch); "
                + "the spec there is `\(shipped.spec)`.",
            "",
            "**What the app stores.** \(shipped.store)",
            "",
            "Read in the repository:",
            "",
        ]
        lines += shipped.read.map { "- \($0)" }
        lines += ["", "| topic | the spec | the shipped widget | Glimpse draws |", "|---|---|---|---|"]
        for difference in shipped.differences {
            let drawn =
                switch difference.draws {
                case .spec: "the spec"
                case .shipped: "the shipped widget"
                case .glimpse: "Glimpse's own"
                }
            let glimpse = difference.glimpse.map { ": \($0)" } ?? ""
            let families = (difference.families ?? []).map(\.rawValue).joined(separator: ", ")
            let topic = families.isEmpty ? difference.topic : "\(difference.topic) (\(families))"
            lines.append(
                "| \(cell(topic)) | \(cell(difference.spec)) | \(cell(difference.shipped)) | "
                    + "**\(drawn)**\(cell(glimpse)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// Text that stays in one cell of a Markdown table.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
