import Foundation
import GlimpseCore
import TestSupport
import Testing

/// `Limits` and `docs/LIMITS.md` are one table.
struct LimitsTests {
    @Test func theDocumentHoldsTheCodesTable() throws {
        let document = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/LIMITS.md"), encoding: .utf8)
        let start = try #require(document.range(of: "| limit | value | why | past it |"))
        let table = document[start.lowerBound...].prefix { _ in true }
        let rows = table.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("|") }
        let written = rows.joined(separator: "\n") + "\n"
        #expect(written == Limits.markdownTable, "docs/LIMITS.md should read:\n\(Limits.markdownTable)")
    }

    @Test func everyLimitHasAUniqueNameAPositiveValueAndItsReasons() {
        #expect(Set(Limits.all.map(\.name)).count == Limits.all.count)
        for limit in Limits.all {
            #expect(limit.value > 0 && !limit.why.isEmpty && !limit.past.isEmpty, "\(limit.name)")
            #expect(!limit.why.contains("|") && !limit.past.contains("|"), "\(limit.name): a | breaks the table")
        }
        #expect(Limits.storeFile.display == "64 MiB" && Limits.storeString.display == "2,048 characters")
        #expect(Limits.storeTimeout.display == "10 s" && Limits.pullRequestSummary.display == "64 KiB")
        #expect(Limits.imagePixels.display == "268,435,456 pixels")
    }
}
