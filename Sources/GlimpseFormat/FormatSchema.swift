import Foundation

/// The JSON Schema of each format, as the files in `Schemas/` hold it: what a gallery and a review
/// ship beside their JSON, and what the tests hold the Swift types to.
package enum FormatSchema: String, CaseIterable, Sendable {
    /// `manifest.json` (`ManifestV3`). A gallery ships it with the `app` enum of its apps.
    case manifest = "manifest.schema.json"
    /// `diff.json` (`DiffReportV4`).
    case diff = "diff.schema.json"
    /// `findings.json` (`FindingsV2`), what `glimpse check` found.
    case findings = "findings.schema.json"
    /// `glimpse-accepted.json` (`AcceptedFindingsV2`), the findings a team accepts.
    case accepted = "accepted.schema.json"
    /// A file of the decisions folder (`DecisionRecordV2`): one approval, request or comment.
    case decision = "decision.schema.json"
    /// `glimpse-approvals.json` (`ApprovalsV1`), the changes a team approved, before the decisions
    /// folder; still read.
    case approvals = "approvals.schema.json"
    /// `glimpse-review.json` (`ReviewNotesV1`), the changes a reviewer sent back, before the
    /// decisions folder; still read.
    case review = "review.schema.json"
    /// `shard.json` (`ShardV1`), what one shard of a run drew, for `glimpse merge`.
    case shard = "shard.schema.json"

    /// The schema's file name, as it is shipped.
    package var fileName: String { rawValue }

    /// The schema's bytes, as committed.
    ///
    /// - Throws: `MissingSchema` when glimpse was installed without its resources.
    package func data() throws -> Data {
        guard let url = Bundle.module.url(forResource: fileName, withExtension: nil, subdirectory: "Schemas"),
            let data = try? Data(contentsOf: url)
        else { throw MissingSchema(fileName: fileName) }
        return data
    }

    /// A schema that is not beside the binary: an installation without its resource bundle.
    package struct MissingSchema: Error, CustomStringConvertible {
        package var fileName: String

        package var description: String {
            "\(fileName) is not in glimpse's resources (GlimpseFormat's Schemas/); rebuild or reinstall glimpse"
        }
    }
}

/// The one field every format shares, read before the rest: which version of the format a file
/// is, so that a reader can refuse a version it does not know before decoding it as another.
package struct FormatHeader: Decodable, Sendable {
    package var schemaVersion: Int
}
