import Foundation
import TestSupport
import Testing

@testable import GlimpseOutput
@testable import GlimpseSite

struct AtomicOutputTests {
    /// The previous gallery is removed after the swap, links and all, without following a link
    /// out of it.
    @Test func removingThePreviousGalleryNeverFollowsALink() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = folder.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("keep.txt"))
        let out = folder.appendingPathComponent("public")
        try AtomicOutput(destination: out).write([("a/b/page.html", Data("one".utf8))])
        try FileManager.default.createSymbolicLink(
            at: out.appendingPathComponent("a/link"), withDestinationURL: outside)
        // The removal itself, then the same through a swap.
        let copy = folder.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: copy.appendingPathComponent("link"), withDestinationURL: outside)
        #expect(AtomicOutput.removeTree(copy))
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        try AtomicOutput(destination: out).write([("page.html", Data("two".utf8))])
        #expect(contents(of: out) == ["page.html": Data("two".utf8)])
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("keep.txt").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["outside", "public"])
    }

    /// The same clock gives the same bytes, and a parallel build equals a serial one.
    @Test func twoBuildsWithTheSameClockAreByteIdenticalSerialOrParallel() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("one")
        let second = folder.appendingPathComponent("two")
        var serial = sampleOptions()
        serial.run.parallelism = 1
        var parallel = sampleOptions()
        parallel.run.parallelism = 6
        try await AtomicOutput(destination: first).write(GalleryBuilder(options: serial).build().files)
        try await AtomicOutput(destination: second).write(GalleryBuilder(options: parallel).build().files)
        let a = contents(of: first)
        let b = contents(of: second)
        #expect(a.count > 40)
        #expect(a == b)
    }

    @Test func aBuildThatFailsMidwayLeavesThePreviousGalleryAlone() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("public")
        try await AtomicOutput(destination: out).write(GalleryBuilder(options: sampleOptions()).build().files)
        let before = contents(of: out)

        // A template that cannot be read.
        let broken = FileIO(
            readData: { url, name in
                if name == "templates/pages/detail.mustache" {
                    throw SiteError.unreadable(file: name, reason: "permission denied")
                }
                return try FileIO.diskAccess.readData(url, name)
            },
            listFolders: FileIO.diskAccess.listFolders, listFiles: FileIO.diskAccess.listFiles)
        await #expect(
            throws: SiteError.unreadable(file: "templates/pages/detail.mustache", reason: "permission denied")
        ) {
            try await AtomicOutput(destination: out).write(
                GalleryBuilder(options: sampleOptions(), fileIO: broken).build().files)
        }
        #expect(contents(of: out) == before)

        // A write that fails halfway: a file where a folder must go.
        #expect(throws: OutputError.self) {
            try AtomicOutput(destination: out).write([("a.html", Data("a".utf8)), ("a.html/b.html", Data("b".utf8))])
        }
        #expect(contents(of: out) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "public" }
        #expect(leftovers.isEmpty)
    }

    /// A file the live gallery holds byte for byte is linked, not written: the same inode, so the
    /// same time stamp. Anything else is a new file, and the live gallery never changes before the swap.
    @Test func unchangedFilesAreLinkedFromTheLiveGalleryAndNothingLiveIsWritten() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("public")
        let outside = folder.appendingPathComponent("outside.html")
        try Data("same".utf8).write(to: outside)
        try AtomicOutput(destination: out).write([
            ("same.html", Data("same".utf8)), ("sub/same.css", Data("css".utf8)), ("edited.html", Data("aaaa".utf8)),
            ("twice.html", Data("twice".utf8)),
        ])
        try FileManager.default.createSymbolicLink(
            at: out.appendingPathComponent("linked.html"), withDestinationURL: outside)
        let before = try inodes(in: out)

        let staged = try AtomicOutput(destination: out).begin()
        try staged.write("same.html", Data("same".utf8))
        try staged.write("sub/same.css", Data("css".utf8))
        try staged.write("edited.html", Data("bbbb".utf8))  // the same size, other bytes
        try staged.write("linked.html", Data("same".utf8))  // a symbolic link is not followed
        try staged.write("twice.html", Data("twice".utf8))  // linked, then replaced
        try staged.write("twice.html", Data("later".utf8))
        // Before the swap, the live gallery is as it was.
        #expect(try String(contentsOf: out.appendingPathComponent("twice.html"), encoding: .utf8) == "twice")
        #expect(try String(contentsOf: out.appendingPathComponent("edited.html"), encoding: .utf8) == "aaaa")
        try staged.commit()

        let after = try inodes(in: out)
        #expect(after["same.html"]?.inode == before["same.html"]?.inode)
        #expect(after["sub/same.css"]?.inode == before["sub/same.css"]?.inode)
        #expect(after["edited.html"]?.inode != before["edited.html"]?.inode)
        #expect(after["twice.html"]?.inode != before["twice.html"]?.inode)
        #expect(
            contents(of: out) == [
                "same.html": Data("same".utf8), "sub/same.css": Data("css".utf8), "edited.html": Data("bbbb".utf8),
                "linked.html": Data("same".utf8), "twice.html": Data("later".utf8),
            ])
        let linked = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("linked.html").path)
        #expect(linked[.type] as? FileAttributeType == .typeRegular)
        #expect(try inodes(in: folder)["outside.html"]?.links == 1)
        // The previous gallery is gone: each linked file has one name again.
        #expect(after["same.html"]?.links == 1)
    }

    /// Each regular file's inode and link count, by path relative to `folder`.
    private func inodes(in folder: URL) throws -> [String: (inode: UInt64, links: Int)] {
        var result: [String: (inode: UInt64, links: Int)] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)!
        while let path = enumerator.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            result[path] = (
                (attributes[.systemFileNumber] as! NSNumber).uint64Value,
                (attributes[.referenceCount] as! NSNumber).intValue
            )
        }
        return result
    }

    @Test func aSwapReplacesTheWholeFolderAndRemovesStaleStaging() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("public")
        try AtomicOutput(destination: out).write([("old.html", Data("old".utf8)), ("sub/x.css", Data("x".utf8))])
        // What a killed build leaves behind: no process has that id (it is above any pid_max).
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".public.glimpse-2000000000-1/half"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".public.glimpse-previous-2000000001"), withIntermediateDirectories: true)
        // What a build running right now has: process 1 always runs.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".public.glimpse-1-7/half"), withIntermediateDirectories: true)
        try AtomicOutput(destination: out).write([("new.html", Data("new".utf8))])
        #expect(contents(of: out) == ["new.html": Data("new".utf8)])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                ".public.glimpse-1-7", "public",
            ])
    }
}
