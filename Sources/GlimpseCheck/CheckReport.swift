import Foundation
import GlimpseCore
import GlimpseDiff
import GlimpseFormat
import GlimpseTemplates

/// What `glimpse check` writes into `--out`: `index.html` (counts by rule, app and variant; each
/// finding with its frame drawn and the element outlined, linked to the gallery's page),
/// `findings.json` with its schema, `junit.xml` (a case per widget), and the frames' images.
public struct CheckReport: Sendable {
    let templates: TemplateSet
    let stylesheet: Data

    /// The most findings the page shows per rule; every one is in `findings.json`.
    public static let findingsShownPerRule = 500

    /// The report's templates and stylesheet, from glimpse's own resources.
    ///
    /// - Throws: `TemplateError` when they are not beside the binary, or do not compile.
    public init() throws {
        guard let folder = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw TemplateError.unreadable(
                file: "GlimpseCheck/Templates", reason: "not in glimpse's resources; rebuild or reinstall glimpse")
        }
        templates = try TemplateSet(directory: folder, displayDirectory: "GlimpseCheck/Templates", files: .disk)
        stylesheet = Data(
            try TemplateFiles.disk.readText(
                folder.appendingPathComponent("check.css"), "GlimpseCheck/Templates/check.css"
            ).utf8)
    }

    /// Every file of the report, by its path in `out`.
    public func files(
        _ findings: Findings, failing: Set<Int>, verdict: String, run: CheckRun.Result, gallery: Gallery, out: URL,
        schema: Data
    ) throws -> [(path: String, data: Data)] {
        let shown = shownFindings(findings, images: run.images)
        var files: [(path: String, data: Data)] = [
            ("findings.json", try FormatJSON.encoder().encode(findings)),
            ("findings.schema.json", schema),
            ("junit.xml", Self.junit(findings, failing: failing, widgets: Self.widgetKeys(gallery))),
            ("assets/check.css", stylesheet),
        ]
        let model = IndexModel(
            findings, shown: shown, failing: failing, verdict: verdict, run: run, gallery: gallery, out: out)
        let body = HTMLFragment(try templates.render(model, "index"))
        files.append(("index.html", Data(try templates.render(Layout(title: "Check", body: body), "layout").utf8)))
        for name in Set(
            shown.compactMap {
                run.images[FrameImage.name(Self.key(of: findings.findings[$0]))] != nil
                    ? FrameImage.name(Self.key(of: findings.findings[$0])) : nil
            }
        ).sorted() {
            files.append((name, run.images[name]!))
        }
        for path in gallery.assets.keys.sorted() where ReviewSite.isGalleryLook(path) {
            files.append((path, try Gallery.read(gallery.url.appendingPathComponent(path))))
        }
        return files
    }

    /// The indices of the findings the page shows, in order: per rule, up to the cap, first those whose
    /// frame was kept as an image (the run keeps as many per rule), then the others.
    func shownFindings(_ findings: Findings, images: [String: Data]) -> [Int] {
        var perRule: [CheckRule: Int] = [:]
        var shown = Set<Int>()
        for withImage in [true, false] {
            for (index, finding) in findings.findings.enumerated() where !shown.contains(index) {
                let hasImage = images[FrameImage.name(Self.key(of: finding))] != nil
                guard hasImage == withImage, perRule[finding.rule, default: 0] < Self.findingsShownPerRule else {
                    continue
                }
                perRule[finding.rule, default: 0] += 1
                shown.insert(index)
            }
        }
        return shown.sorted()
    }

    static func key(of finding: Findings.Finding) -> FrameKey {
        FrameKey(widget: finding.widget, page: finding.page, anchor: finding.frame, scheme: finding.scheme)
    }

    static func widgetKeys(_ gallery: Gallery) -> [(app: String, key: String)] {
        gallery.manifest.widgets.map { ($0.app, GalleryDiff.key(of: $0, in: gallery.manifest)) }
    }

    /// One case per widget of the gallery, grouped by app; a case fails when a finding of its widget
    /// fails the check.
    static func junit(_ findings: Findings, failing: Set<Int>, widgets: [(app: String, key: String)]) -> Data {
        var byWidget: [String: [Int]] = [:]
        for index in findings.findings.indices {
            byWidget[findings.findings[index].widget.key, default: []].append(index)
        }
        let apps = Dictionary(grouping: widgets, by: \.app)
        let failed = { (key: String) in (byWidget[key] ?? []).filter { failing.contains($0) } }
        let escape = JUnitReport.escape
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"glimpse check\" tests=\"\(widgets.count)\" "
                + "failures=\"\(widgets.filter { !failed($0.key).isEmpty }.count)\">",
        ]
        for app in apps.keys.sorted() {
            let keys = Set(apps[app]!.map(\.key)).sorted()
            lines.append(
                "<testsuite name=\"\(escape(app))\" tests=\"\(keys.count)\" "
                    + "failures=\"\(keys.filter { !failed($0).isEmpty }.count)\">")
            for key in keys {
                let name = "name=\"\(escape(key))\" classname=\"\(escape(app))\""
                let all = byWidget[key] ?? []
                let failures = failed(key)
                let report = all.map { index in
                    let finding = findings.findings[index]
                    let accepted = finding.accepted == nil ? "" : ", accepted"
                    return "\(finding.rule.rawValue) (\(finding.severity.rawValue)\(accepted)) "
                        + "\(finding.frame) \(finding.scheme): \(finding.message)"
                }.joined(separator: "\n")
                if failures.isEmpty {
                    lines.append(
                        all.isEmpty
                            ? "<testcase \(name)/>"
                            : "<testcase \(name)><system-out>\(escape(report))</system-out></testcase>")
                } else {
                    let first = findings.findings[failures[0]]
                    lines.append(
                        "<testcase \(name)><failure type=\"\(first.rule.rawValue)\" "
                            + "message=\"\(escape("\(failures.count) finding(s): \(first.message)"))\">"
                            + escape(report) + "</failure></testcase>")
                }
            }
            lines.append("</testsuite>")
        }
        lines.append("</testsuites>")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    struct Layout: Encodable {
        var title: String
        var body: HTMLFragment
    }
}
