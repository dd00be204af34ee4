import AppGroupStore
import Foundation
import WidgetTimeline
import Widgets

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The store file a target fuzzes: which app reads it, and where in its container it lives.
public struct FuzzTarget: Sendable {
    public var app: any GalleryApp
    public var path: String
    /// Files the store needs beside the fuzzed one (W8Trackr's unit preference).
    public var companions: [String: Data]

    public init(app: any GalleryApp, path: String, companions: [String: Data] = [:]) {
        self.app = app
        self.path = path
        self.companions = companions
    }
}

nonisolated(unsafe) private var current: FuzzTarget?
nonisolated(unsafe) private var root: URL?

/// Runs libFuzzer over `target`: each input is written to the store file in a fresh
/// container and the app builds every family's 24 h preview from it, as `glimpse build` does.
/// A crash, a hang or a sanitizer report is a finding; a diagnostic is the expected outcome.
public func runFuzzer(_ target: FuzzTarget) -> Never {
    current = target
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glimpse-fuzz-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    root = folder
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
        build(bytes)
        return 0
    }
    try? FileManager.default.removeItem(at: folder)
    exit(status)
}

struct FuzzCopy: CopyBook {
    func copy(_ app: String, _ key: String, values: [String: String]) throws -> Copy {
        let text = "\(key) " + values.keys.sorted().map { "{\($0)}=\(values[$0]!)" }.joined(separator: " ")
        return Copy(html: HTMLFragment(text), text: text)
    }
}

private func build(_ bytes: Data) {
    guard let target = current, let root else { return }
    let file = root.appendingPathComponent(target.path)
    try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    for (path, data) in target.companions {
        let url = root.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url)
    }
    try? bytes.write(to: file)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "America/New_York")!
    let environment = PreviewEnvironment(
        window: DateInterval(start: Date(timeIntervalSince1970: 1_795_359_600), duration: 86_400), calendar: calendar,
        locale: FormatLocale(identifier: "en_US"), budget: .standard, events: [], copy: FuzzCopy())
    let families = target.app.families.compactMap { family in DeviceClass.standard.size(of: family).map { (family, $0) } }
    _ = try? target.app.previews(families: families, store: try? StoreRoot(url: root), environment: environment)
}
