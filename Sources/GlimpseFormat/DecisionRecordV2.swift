import Foundation
import GlimpseCore

/// A decision's file as this version of Glimpse writes it.
package typealias DecisionRecord = DecisionRecordV2

/// One decision, or one comment, in a file of its own in the decisions folder
/// (`glimpse-decisions/`), schema version 2 (`Schemas/decision.schema.json`); version 1 was the
/// approvals file and the review file, which are still read (`ApprovalsV1`, `ReviewNotesV1`).
///
/// A file of its own, so that decisions merge like code: two pull requests that decide different
/// changes add different files, and `git merge` keeps both; two that decide the same change
/// differently add the same file twice, which git stops at as a conflict for a person to settle.
/// The file is named after the change it decides (its key, digests and frame), never after the
/// verdict, so that an approval and a request of one change are the same file.
package struct DecisionRecordV2: Codable, Sendable, Equatable {
    package static let currentSchemaVersion = 2
    /// The folder in the working folder when none is named (`--decisions`).
    package static let defaultFolderName = "glimpse-decisions"
    /// More than any decision with the longest note; a larger file is refused, not read.
    package static let maximumBytes = Limits.decisionFile.value
    /// More than a team keeps on any gallery; a folder with more is refused, not read.
    package static let maximumFiles = Limits.decisionFiles.value

    /// What the file says of the change.
    package enum Kind: String, Codable, Sendable, CaseIterable {
        case approved
        case changesRequested = "changes-requested"
        /// A remark that decides nothing.
        case comment
    }

    package var schemaVersion = currentSchemaVersion
    /// The widget's key as `glimpse diff` keys it (`app/scenario/family@variant`), or a shared
    /// asset's path (`assets/glimpse.css`).
    package var key: String
    /// The widget's variant (`@430x932@AX5`; "" for the gallery's own screen class at Large);
    /// absent for an asset.
    package var variant: String?
    package var kind: Kind
    /// The frame's anchor when it is about one frame (`t-0900`, `placeholder`).
    package var frame: String?
    /// The scheme a frame's request or comment was made in.
    package var scheme: String?
    /// Who (`--by`, or `$USER`).
    package var by: String
    /// When, in ISO 8601.
    package var at: String
    /// Why; a comment's text.
    package var note: String?
    /// The pixels that differ, when the diff drew them (`--pixels`).
    package var pixels: Int?
    /// The SHA-256 of what the diff compared of it in the base gallery; absent when it was added.
    package var before: String?
    /// The same in the new gallery; absent when it was removed.
    package var after: String?

    package init(
        key: String, variant: String?, kind: Kind, frame: String?, scheme: String?, by: String, at: String,
        note: String?, pixels: Int?, before: String?, after: String?
    ) {
        self.key = key
        self.variant = variant
        self.kind = kind
        self.frame = frame
        self.scheme = scheme
        self.by = by
        self.at = at
        self.note = note
        self.pixels = pixels
        self.before = before
        self.after = after
    }
}
