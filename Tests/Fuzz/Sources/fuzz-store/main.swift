import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline
import Widgets

// One libFuzzer target for every app of the registry. `GLIMPSE_FUZZ_APP=<id>` picks the app;
// `GLIMPSE_FUZZ_LIST=1` prints the apps' ids, one a line, for `make fuzz` to run each in turn.
// Each input is written to the app's fuzzed store file (`GalleryApp.fuzzTarget`) in a fresh
// container, and the app builds every family's 24 h preview from it, as `glimpse build` does.
// A crash, a hang or a sanitizer report is a finding; a diagnostic is the expected outcome.

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

let environment = ProcessInfo.processInfo.environment
if environment["GLIMPSE_FUZZ_LIST"] == "1" {
    print(registeredApps.map(\.id).joined(separator: "\n"))
    exit(0)
}
guard let id = environment["GLIMPSE_FUZZ_APP"], let app = registeredApps.first(where: { $0.id == id }) else {
    FileHandle.standardError.write(
        Data("Set GLIMPSE_FUZZ_APP to one of: \(registeredApps.map(\.id).joined(separator: ", "))\n".utf8))
    exit(2)
}

let fuzzedApp: any GalleryApp = app
let root = FileManager.default.temporaryDirectory.appendingPathComponent("glimpse-fuzz-\(getpid())")

/// Copy that names its key and values: the fuzzer exercises the store, not the copy.
struct FuzzCopy: CopyBook {
    func copy(_ app: String, _ key: String, values: [String: String]) throws -> Copy {
        let text = "\(key) " + values.keys.sorted().map { "{\($0)}=\(values[$0]!)" }.joined(separator: " ")
        return Copy(html: HTMLFragment(text), text: text, source: Copy.source(app, key))
    }
}

/// No content and no scenario files: an app's own inputs come from its store alone.
struct NoFiles: InputFiles {
    func files(in folder: String) throws -> [String] { [] }
    func text(_ path: String) throws -> String? { nil }
    func displayPath(_ path: String) -> String { path }
}

func build(_ bytes: Data) {
    let target = fuzzedApp.fuzzTarget
    let container = root.appendingPathComponent(fuzzedApp.containerIdentifier)
    let files = target.companions.merging([target.path: bytes]) { _, fuzzed in fuzzed }
    for (path, data) in files {
        let url = container.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url)
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "America/New_York")!
    let window = DateInterval(start: Date(timeIntervalSince1970: 1_795_359_600), duration: 86_400)
    let locale = FormatLocale(identifier: "en_US")
    let store = try? StoreRoot(url: root)
    let preview = PreviewEnvironment(
        window: window, calendar: calendar, locale: locale, budget: .standard, events: [], copy: FuzzCopy())
    let context = InputContext(
        content: NoFiles(), scenario: NoFiles(), store: store, window: window, calendar: calendar, locale: locale,
        markdown: { MarkdownDocument(frontMatter: nil, copy: Copy(html: HTMLFragment($0), text: $0)) }, log: InputLog())
    let families = fuzzedApp.families.compactMap { family in DeviceClass.standard.size(of: family).map { (family, $0) }
    }
    // An app's inputs are async; libFuzzer's callback is not. This thread is libFuzzer's own, not
    // one of the cooperative pool's, so it may wait.
    let done = DispatchSemaphore(value: 0)
    Task {
        _ = try? await fuzzedApp.preview(families: families, store: store, environment: preview, context: context)
        done.signal()
    }
    done.wait()
}

try? FileManager.default.removeItem(at: root)
try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
let status = runFuzzerDriver(&argc, &argv) { data, size in
    build(data.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}
try? FileManager.default.removeItem(at: root)
exit(status)
