import Foundation
import GlimpseDiff
import GlimpseFormat
import GlimpseGallery
import GlimpseOutput
import GlimpseReports
import GlimpseReview

/// What `diff` and `merge` write of a report into the review folder: the decisions applied, the
/// review site, `diff.json` and `junit.xml`, committed whole; then the pull request's summary.
struct ReviewWriter {
    var failOn: DiffFailOn
    var out: String
    var summary: String?
    var baseURL: String?

    /// `finishing` runs before the commit: what else goes into `staged` (a merge's images).
    func write(
        _ report: inout DiffReport, base: Gallery, new: Gallery, decisions: DecisionStore?, site: ReviewSite,
        into staged: StagedOutput, finishing: () async throws -> Void = {}
    ) async throws {
        if let decisions {
            report.apply(
                decisions.approvals, decisions.notes, file: decisions.path, reviewFile: decisions.path)
        }
        let files = try site.files(
            report, failOn: failOn, base: base, new: new, out: URL(fileURLWithPath: out),
            schema: try FormatSchema.diff.data(), decisions: decisions)
        for file in files { try staged.write(file.path, file.data) }
        try await finishing()
        try staged.commit()
        if let summary {
            let markdown = PullRequestSummary.markdown(report, failOn: failOn, review: out, baseURL: baseURL)
            do {
                try Data(markdown.utf8).write(to: URL(fileURLWithPath: summary), options: .atomic)
            } catch {
                throw GalleryError.outputFailed(summary, error.localizedDescription)
            }
        }
    }
}
