import Foundation

extension FindingsV2 {
    /// `findings.json` written a finding at a time, in the bytes `FormatJSON.encoder()` gives the
    /// whole (a tested promise): a full-axis gallery's 720,000 findings make 600 MB of JSON, which
    /// the encoder built in memory several times over. The findings come first (keys are sorted),
    /// then the rest, whose summary is counted on the way.
    package final class Writer {
        private let sink: (Data) throws -> Void
        private let encoder = FormatJSON.encoder()
        private var written = 0
        /// The findings counted so far.
        package private(set) var summary: Summary

        /// A writer handing its bytes, in order, to `sink`; `baseline` when the findings are
        /// marked new or persisting against one.
        package init(baseline: Bool, sink: @escaping (Data) throws -> Void) {
            self.sink = sink
            summary = Summary(baseline: baseline)
        }

        /// Writes the next finding, after those before it in `findings.json`'s order.
        ///
        /// - Throws: what the encoder or the sink throws.
        package func add(_ finding: Finding) throws {
            var entry = Data(written == 0 ? Self.opening.utf8 : ",\n".utf8)
            entry.append(contentsOf: Self.indent)
            for byte in try encoder.encode(finding) {
                entry.append(byte)
                if byte == 0x0A { entry.append(contentsOf: Self.indent) }
            }
            try sink(entry)
            written += 1
            summary.count(finding)
        }

        /// Writes what follows the findings: the gallery, the problems, `resolved` (with a
        /// baseline), the rules, the stale entries of the accept file and the summary.
        ///
        /// - Throws: what the encoder or the sink throws; `EncodingError` when the encoder no
        ///   longer writes the findings first.
        package func finish(
            gallery: Gallery, rules: [CheckRule], resolved: [Finding]?, problems: [Problem] = [],
            staleAccepted: [AcceptedFindingsV2.Acceptance] = []
        ) throws {
            if summary.resolved != nil { summary.resolved = resolved?.count ?? 0 }
            var header = FindingsV2(
                gallery: gallery, rules: rules, findings: [], resolved: resolved, problems: problems)
            header.staleAccepted = staleAccepted.isEmpty ? nil : staleAccepted
            summary.count(problems: problems)
            header.summary = summary
            let json = try encoder.encode(header)
            let empty = Data((Self.opening + "\n  ]").utf8)
            guard json.starts(with: empty) else {
                let context = EncodingError.Context(codingPath: [], debugDescription: "expected the findings first")
                throw EncodingError.invalidValue(header, context)
            }
            try sink(written == 0 ? json : Data("\n  ]".utf8) + json.dropFirst(empty.count))
        }

        /// The findings' array opened: what comes before the first finding.
        static let opening = "{\n  \"findings\" : [\n"
        static let indent = Data("    ".utf8)
    }
}
