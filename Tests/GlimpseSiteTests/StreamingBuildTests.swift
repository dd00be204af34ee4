import Foundation
import GlimpseCore
import Synchronization
import TestSupport
import Testing

@testable import GlimpseSite

/// A build's manifest entries wait on disk, and the manifest is written from there a piece at a
/// time, the same bytes as held whole; a live rebuild loads again only what a change is in.
struct StreamingBuildTests {
    @Test func aStreamedManifestIsTheManifestHeldWhole() async throws {
        let held = try await sampleGallery()
        let expected = try #require(held.files.first { $0.path == "manifest.json" }?.data)
        var builder = GalleryBuilder(options: sampleOptions())
        builder.largestHeldManifest = 0
        let written = Mutex<[String: Data]>([:])
        let pieces = Mutex<[Data]>([])
        _ = try await builder.build(
            emit: { path, data in written.withLock { $0[path] = data } },
            stream: { path, body in
                #expect(path == "manifest.json")
                try body { piece in pieces.withLock { $0.append(piece) } }
            })
        #expect(written.withLock { $0["manifest.json"] } == nil)
        let streamed = pieces.withLock { $0 }
        #expect(streamed.count > held.widgetCount)
        #expect(streamed.reduce(Data(), +) == expected)
        // Under the limit, the manifest is written whole, as before.
        let whole = Mutex<Data?>(nil)
        _ = try await GalleryBuilder(options: sampleOptions()).build(
            emit: { path, data in if path == "manifest.json" { whole.withLock { $0 = data } } },
            stream: { _, _ in Issue.record("a small manifest was streamed") })
        #expect(whole.withLock { $0 } == expected)
    }

    @Test func theSpoolGivesBackWhatWasPutFromEveryTask() async throws {
        let spool = try EntrySpool()
        let pieces = (0..<200).map { Data(String(repeating: "entry \($0) ", count: $0 % 17 + 1).utf8) }
        let ranges = try await pieces.parallelMap(width: 4) { try spool.put($0) }
        for (piece, range) in zip(pieces, ranges) { #expect(try spool.read(range) == piece) }
        #expect(spool.size == pieces.reduce(0) { $0 + $1.count })
    }

    /// A copy edit keeps the templates and scenarios; a template edit, the copy and scenarios; a
    /// folder of them renamed, or a whole build, nothing.
    @Test func aRebuildKeepsWhatNoChangeIsIn() async throws {
        let options = sampleOptions()
        let previous = try await GalleryBuilder(options: options).prepare()
        let content = options.inputs.contentDirectory.standardizedFileURL.path
        let templates = options.inputs.templatesDirectory.standardizedFileURL.path
        func kept(_ changed: Set<String>?) -> [Bool] {
            let kept = BuildInputs.Kept(previous, changed: changed)
            return [kept.templates != nil, kept.copies != nil, kept.scenarios != nil]
        }
        #expect(kept(["\(content)/copy/app/title.md"]) == [true, false, true])
        #expect(kept(["\(templates)/pages/detail.mustache"]) == [false, true, true])
        #expect(kept(["\(content)/scenarios/app/one/habits.json"]) == [true, true, false])
        #expect(kept(["\(content)/prompts/app.md"]) == [true, true, true])
        #expect(kept([content]) == [true, false, false])
        #expect(kept([repositoryRoot.standardizedFileURL.path]) == [false, false, false])
        #expect(kept(nil) == [false, false, false])
        let rebuilt = try await GalleryBuilder(options: options).prepare(
            reusing: previous, changed: ["\(content)/copy/app/title.md"])
        #expect(rebuilt.units.map(\.id) == previous.units.map(\.id))
        #expect(rebuilt.templates.names == previous.templates.names)
    }
}
