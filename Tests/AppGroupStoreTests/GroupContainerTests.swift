import Foundation
import GlimpseCore
import Testing

@testable import AppGroupStore

struct Holding: Decodable, Equatable {
    var coinId: String
    var quantity: Double
}

struct Portfolio: Decodable, Equatable {
    var currency: String
    var holdings: [Holding]
    var updated: Date?
}

struct GroupContainerTests {
    @Test func decodesJSONWithBothDateForms() throws {
        let fixture = StoreFixture()
        fixture.write("group.test/a.json", #"{"currency":"USD","holdings":[],"updated":"2026-11-22T09:30:00-05:00"}"#)
        fixture.write("group.test/b.json", #"{"currency":"USD","holdings":[],"updated":785500000}"#)
        fixture.write("group.test/c.json", #"{"currency":"USD","holdings":[],"updated":"2026-11-22T14:30:00.250Z"}"#)
        let container = try StoreRoot(url: fixture.root).container("group.test")
        #expect(
            try container.decodeJSON(Portfolio.self, at: "a.json").updated == Date(timeIntervalSince1970: 1_795_357_800)
        )
        #expect(
            try container.decodeJSON(Portfolio.self, at: "b.json").updated
                == Date(timeIntervalSinceReferenceDate: 785_500_000))
        #expect(
            try container.decodeJSON(Portfolio.self, at: "c.json").updated
                == Date(timeIntervalSince1970: 1_795_357_800.25))
    }

    @Test func decodeErrorsNameTheFileAndTheCodingPath() throws {
        let fixture = StoreFixture()
        fixture.write(
            "group.test/p.json",
            #"{"currency":"USD","holdings":[{"coinId":"a","quantity":1},{"coinId":"b","quantity":2},"#
                + #"{"coinId":"c","quantity":"lots"}]}"#
        )
        let container = try StoreRoot(url: fixture.root).container("group.test")
        #expect(
            throws: StoreError.corrupt(
                file: "group.test/p.json", codingPath: "holdings[2].quantity", reason: "expected a number")
        ) {
            try container.decodeJSON(Portfolio.self, at: "p.json")
        }
    }

    @Test func truncatedJSONIsCorruptNotACrash() throws {
        let fixture = StoreFixture()
        fixture.write("group.test/p.json", #"{"currency":"USD","holdings":[{"coinId":"#)
        let container = try StoreRoot(url: fixture.root).container("group.test")
        do {
            _ = try container.decodeJSON(Portfolio.self, at: "p.json")
            Issue.record("expected an error")
        } catch {
            guard case .corrupt(let file, let path, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(file == "group.test/p.json")
            #expect(path == "")
            #expect(reason.hasPrefix("not valid JSON"))
            #expect(error.diagnostic.severity == .warning)
        }
    }

    @Test func aMissingKeyIsNamed() throws {
        let fixture = StoreFixture()
        fixture.write("group.test/p.json", #"{"holdings":[]}"#)
        let container = try StoreRoot(url: fixture.root).container("group.test")
        #expect(throws: StoreError.corrupt(file: "group.test/p.json", codingPath: "currency", reason: "missing")) {
            try container.decodeJSON(Portfolio.self, at: "p.json")
        }
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsUserDefaultsPlists(format: PropertyListSerialization.PropertyListFormat) throws {
        let fixture = StoreFixture()
        let json = Data(#"{"currency":"EUR","holdings":[{"coinId":"bitcoin","quantity":0.5}]}"#.utf8)
        let plist = fixture.plist(
            ["preferredWeightUnit": "kg", "goalWeight": 72.5, "count": 3, "widgetRefreshData": json, "flag": true],
            format: format)
        fixture.write("group.test/Library/Preferences/group.test.plist", plist)
        let suite = try StoreRoot(url: fixture.root).container("group.test").userDefaults(suite: "group.test")
        #expect(suite.string(forKey: "preferredWeightUnit") == "kg")
        #expect(suite.double(forKey: "goalWeight") == 72.5)
        #expect(suite.double(forKey: "count") == 3)
        #expect(suite.values["flag"] == .bool(true))
        #expect(suite.string(forKey: "absent") == nil)
        var notes: [Diagnostic] = []
        let portfolio = try suite.decodeJSON(Portfolio.self, forKey: "widgetRefreshData", notes: &notes)
        #expect(
            portfolio == Portfolio(currency: "EUR", holdings: [Holding(coinId: "bitcoin", quantity: 0.5)], updated: nil)
        )
        #expect(try suite.decodeJSON(Portfolio.self, forKey: "absent", notes: &notes) == nil)
        #expect(notes.isEmpty)
        #expect(suite.file == "group.test/Library/Preferences/group.test.plist")
    }

    @Test func nestedJSONDataErrorsStartWithTheKey() throws {
        let fixture = StoreFixture()
        let json = Data(#"{"currency":"EUR","holdings":[{"coinId":"bitcoin","quantity":null}]}"#.utf8)
        fixture.write(
            "group.test/Library/Preferences/group.test.plist",
            fixture.plist(["widgetRefreshData": json], format: .binary))
        let suite = try StoreRoot(url: fixture.root).container("group.test").userDefaults(suite: "group.test")
        #expect(
            throws: StoreError.corrupt(
                file: "group.test/Library/Preferences/group.test.plist",
                codingPath: "widgetRefreshData.holdings[0].quantity", reason: "expected a number, found null")
        ) {
            var notes: [Diagnostic] = []
            _ = try suite.decodeJSON(Portfolio.self, forKey: "widgetRefreshData", notes: &notes)
        }
    }

    @Test(arguments: ["bplist00\u{01}\u{02}garbage", "<?xml version=\"1.0\"?><plist><dict><key>a</key>", "", "[1, 2"])
    func aCorruptPlistIsCorrupt(bytes: String) throws {
        let fixture = StoreFixture()
        fixture.write("group.test/Library/Preferences/group.test.plist", bytes)
        let container = try StoreRoot(url: fixture.root).container("group.test")
        #expect(
            throws: StoreError.corrupt(
                file: "group.test/Library/Preferences/group.test.plist", codingPath: "",
                reason: "not a property list (XML or binary)")
        ) {
            try container.userDefaults(suite: "group.test")
        }
    }

    @Test func missingContainerAndMissingFile() throws {
        let fixture = StoreFixture()
        fixture.write("group.test/other.json", "{}")
        let root = try StoreRoot(url: fixture.root)
        #expect(throws: StoreError.containerMissing(identifier: "group.absent")) { try root.container("group.absent") }
        #expect(StoreError.containerMissing(identifier: "group.absent").diagnostic.severity == .info)
        #expect(throws: StoreError.fileMissing(file: "group.test/habits.json")) {
            try root.container("group.test").data(at: "habits.json")
        }
        #expect(StoreError.fileMissing(file: "x").diagnostic.severity == .warning)
    }

    @Test(arguments: ["../secret.json", "a/../../secret.json", "/etc/passwd", "..", "ok\0.json"])
    func pathsThatLeaveTheContainerAreRefused(path: String) throws {
        let fixture = StoreFixture()
        fixture.write("secret.json", "{}")
        fixture.write("group.test/ok.json", "{}")
        let container = try StoreRoot(url: fixture.root).container("group.test")
        #expect(throws: StoreError.outsideContainer(file: "group.test/\(path)")) { try container.data(at: path) }
    }

    @Test func aSymlinkOutOfTheContainerIsRefused() throws {
        let fixture = StoreFixture()
        let outside = fixture.write("outside/secret.json", "{\"secret\":true}")
        fixture.write("group.test/ok.json", "{}")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.root.appendingPathComponent("group.test/link.json").path,
            withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.root.appendingPathComponent("group.test/dir").path,
            withDestinationPath: outside.deletingLastPathComponent().path)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.root.appendingPathComponent("group.test/inside.json").path,
            withDestinationPath: "ok.json")
        let container = try StoreRoot(url: fixture.root).container("group.test")
        #expect(throws: StoreError.outsideContainer(file: "group.test/link.json")) {
            try container.data(at: "link.json")
        }
        #expect(throws: StoreError.outsideContainer(file: "group.test/dir/secret.json")) {
            try container.data(at: "dir/secret.json")
        }
        #expect(try container.data(at: "inside.json") == Data("{}".utf8))
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        let fixture = StoreFixture()
        fixture.write("group.test/big.json", Data(repeating: 0x20, count: 2048))
        let container = try StoreRoot(url: fixture.root).container("group.test")
        #expect(throws: StoreError.tooLarge(file: "group.test/big.json", bytes: 2048, limit: 1024)) {
            try container.data(at: "big.json", limit: 1024)
        }
    }

    @Test func findsSimulatorContainersByTheirMetadata() throws {
        let fixture = StoreFixture()
        let uuid = "6F1C2D3E-0000-4000-8000-00000000ABCD"
        fixture.write(
            "\(uuid)/\(StoreRoot.metadataFileName)",
            fixture.plist(
                ["MCMMetadataIdentifier": "group.com.example.goal", "MCMMetadataContentClass": 7], format: .binary))
        fixture.write("\(uuid)/widget-snapshot.json", "{}")
        fixture.write("group.com.example.habits/habits.json", "{}")
        fixture.write("notes/readme.txt", "not a container")
        let root = try StoreRoot(url: fixture.root)
        #expect(Set(root.containers.keys) == ["group.com.example.goal", "group.com.example.habits"])
        let container = try root.container("group.com.example.goal")
        #expect(container.displayPath("widget-snapshot.json") == "\(uuid)/widget-snapshot.json")
        #expect(try container.data(at: "widget-snapshot.json") == Data("{}".utf8))
        #expect(root.diagnostics.isEmpty)
    }

    /// A metadata plist that is there but cannot be read leaves its folder known by its name
    /// alone, with a warning naming the plist; it is never waited on.
    @Test func anUnreadableMetadataPlistIsNamed() throws {
        let fixture = StoreFixture()
        let uuid = "6F1C2D3E-0000-4000-8000-00000000ABCD"
        try FileManager.default.createDirectory(
            at: fixture.root.appendingPathComponent(uuid), withIntermediateDirectories: true)
        #expect(mkfifo(fixture.root.appendingPathComponent("\(uuid)/\(StoreRoot.metadataFileName)").path, 0o600) == 0)
        fixture.write("group.com.example.habits/\(StoreRoot.metadataFileName)", "not a plist")
        let root = try StoreRoot(url: fixture.root)
        #expect(Array(root.containers.keys) == ["group.com.example.habits"])
        #expect(
            root.diagnostics == [
                Diagnostic(
                    .warning,
                    "cannot be read: it is a FIFO (named pipe), not a regular file; the folder is known by its name "
                        + "alone",
                    file: "\(uuid)/\(StoreRoot.metadataFileName)"),
                Diagnostic(
                    .warning, "not a property list dictionary; the folder is known by its name alone",
                    file: "group.com.example.habits/\(StoreRoot.metadataFileName)"),
            ])
    }

    @Test func aSingleContainerCanBeTheStore() throws {
        let fixture = StoreFixture()
        fixture.write("group.com.example.goal/widget-snapshot.json", "{}")
        let root = try StoreRoot(url: fixture.root.appendingPathComponent("group.com.example.goal"))
        #expect(Array(root.containers.keys) == ["group.com.example.goal"])
        #expect(
            try root.container("group.com.example.goal").displayPath("widget-snapshot.json")
                == "group.com.example.goal/widget-snapshot.json")
    }

    @Test func readingNeverWrites() throws {
        let fixture = StoreFixture()
        fixture.write("group.test/p.json", #"{"currency":"USD","holdings":[]}"#)
        fixture.write("group.test/Library/Preferences/group.test.plist", fixture.plist(["a": 1], format: .xml))
        fixture.write("group.test/bad.json", "{")
        let before = fixture.listing()
        let container = try StoreRoot(url: fixture.root).container("group.test")
        _ = try container.decodeJSON(Portfolio.self, at: "p.json")
        _ = try container.userDefaults(suite: "group.test")
        _ = try? container.decodeJSON(Portfolio.self, at: "bad.json")
        _ = try? container.data(at: "missing.json")
        #expect(fixture.listing() == before)
    }

    @Test func aStoreThatIsNotAFolderIsUnreadable() {
        #expect(throws: StoreError.self) { try StoreRoot(url: URL(fileURLWithPath: "/nonexistent/glimpse-store")) }
    }
}

struct ContainerSymlinkTests {
    @Test func aContainerThatIsASymlinkOutOfTheStoreIsRefused() throws {
        let fixture = StoreFixture()
        let outside = StoreFixture()
        outside.write("widget-snapshot.json", "{\"title\":\"Secret\"}")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.root.appendingPathComponent("group.com.example.goal").path,
            withDestinationPath: outside.root.path)
        let root = try StoreRoot(url: fixture.root)
        #expect(throws: StoreError.outsideContainer(file: "group.com.example.goal")) {
            try root.container("group.com.example.goal")
        }
    }
}
