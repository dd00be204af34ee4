import Foundation
import GlimpseFormat
import Testing

@testable import GlimpseDiff
@testable import GlimpseReports

/// `--shard i/n` cuts a run into balanced shares of whole widgets, the same wherever it runs;
/// `glimpse merge` takes only the parts of one run, each once.
struct ShardTests {
    @Test func aShardIsIOfN() {
        #expect(ShardSpec("2/4") == ShardSpec(index: 2, count: 4))
        #expect(ShardSpec("1/1") == ShardSpec(index: 1, count: 1))
        for bad in ["0/3", "4/3", "1/0", "3", "1/2/3", "a/b", "-1/2", "1/257", "", "/"] {
            #expect(ShardSpec(bad) == nil, "\(bad)")
        }
    }

    /// Sixty widgets of three sizes, in key order as a diff lists them: the sizes repeat, so a
    /// cut by frames alone would put every large one in one shard.
    static let widgets: [ShardSpec.Work] = (0..<60).map { index in
        let areas = [364 * 382, 364 * 170, 170 * 170]
        let frames = 8 + index % 5
        return (
            key: String(format: "app/scenario%02d/family%d", index / 3, index % 3), frames: frames,
            area: frames * areas[index % 3]
        )
    }

    @Test(arguments: [1, 2, 3, 4, 7])
    func everyWidgetIsInOneShardAndTheSharesAreBalanced(count: Int) {
        let owners = ShardSpec.assign(Self.widgets, count: count)
        #expect(owners.allSatisfy { (1...count).contains($0) })
        let parts = (1...count).map { ShardSpec(index: $0, count: count).owned(Self.widgets) }
        #expect(parts.flatMap { $0.map(\.position) }.sorted() == Array(Self.widgets.indices))
        let loads = parts.map { part in part.reduce(0) { $0 + Self.widgets[$1.position].area } }
        let largest = Self.widgets.map(\.area).max()!
        // Longest first to the lightest: no share is more than one widget above another.
        #expect(loads.max()! - loads.min()! <= largest, "\(loads)")
        for part in parts { #expect(part.map(\.position) == part.map(\.position).sorted()) }
    }

    @Test func theCutDependsOnlyOnTheWidgets() {
        let once = ShardSpec.assign(Self.widgets, count: 3)
        #expect(ShardSpec.assign(Self.widgets, count: 3) == once)
        // Equal work is cut in key order, not in the order given.
        let twins: [ShardSpec.Work] = [("b", 1, 10), ("a", 1, 10), ("c", 1, 10)]
        #expect(ShardSpec.assign(twins, count: 2) == [2, 1, 1])
    }

    static func part(_ index: Int, of count: Int, run: String = String(repeating: "a", count: 64)) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glimpse-shard-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let owned = ShardSpec(index: index, count: count).owned(Self.widgets)
        let record = Shard(kind: "diff", index: index, count: count, run: run, widgets: owned)
        try FormatJSON.encoder().encode(record).write(to: folder.appendingPathComponent(Shard.fileName))
        return folder
    }

    @Test func theShardsOfOneRunAreTakenInOrderAndOwnEveryWidgetOnce() throws {
        let folders = try [3, 1, 2].map { try Self.part($0, of: 3) }
        let parts = try ShardMerge.parts(folders)
        #expect(parts.map(\.shard.index) == [1, 2, 3])
        let owners = try ShardMerge.owners(of: parts, total: Self.widgets.count)
        #expect(owners.map { $0 + 1 } == ShardSpec.assign(Self.widgets, count: 3))
    }

    @Test func aMissingShardIsNamed() throws {
        let folders = try [1, 3].map { try Self.part($0, of: 4) }
        #expect(throws: MergeError.self) { try ShardMerge.parts(folders) }
        do {
            _ = try ShardMerge.parts(folders)
        } catch {
            #expect(error.description == "shards 2, 4 of 4 are missing: merge every shard of the run")
        }
    }

    @Test func aShardGivenTwiceIsNamed() throws {
        let folders = try [1, 2, 2].map { try Self.part($0, of: 2) }
        do {
            _ = try ShardMerge.parts(folders)
            Issue.record("a doubled shard was merged")
        } catch {
            #expect(error.description == "shard 2/2 is given twice: \(folders[1].path) and \(folders[2].path)")
        }
    }

    @Test func aShardOfAnotherRunIsRefused() throws {
        let folders = [try Self.part(1, of: 2), try Self.part(2, of: 2, run: String(repeating: "b", count: 64))]
        do {
            _ = try ShardMerge.parts(folders)
            Issue.record("shards of two runs were merged")
        } catch {
            #expect(error.description.contains("of another diff run"))
        }
        let other = try Self.part(2, of: 3)
        #expect(throws: MergeError.self) { try ShardMerge.parts([folders[0], other]) }
    }

    @Test func aPathOutsideAPartIsNotCarried() {
        for path in ["img/a/b.png", "img/x.new.png"] { #expect(ShardMerge.isInside(path)) }
        for path in ["/etc/passwd", "../x.png", "img/../../x", "img//x", "./x", ""] {
            #expect(!ShardMerge.isInside(path), "\(path)")
        }
    }
}
