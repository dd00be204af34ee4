import Foundation

extension FormatLocale {
    /// The locale identifiers ICU has CLDR data for, as Foundation lists them: "de_DE", "ja", "ar_SA".
    public static let knownIdentifiers: Set<String> = Set(Locale.availableIdentifiers)

    /// `identifier` as Foundation writes it ("de-DE" is "de_DE"), when ICU knows it; nil otherwise
    /// (`xx_YY`, `english`).
    public static func known(_ identifier: String) -> String? {
        let written = identifier.replacingOccurrences(of: "-", with: "_")
        return knownIdentifiers.contains(written) ? written : nil
    }

    /// A locale ICU does not know, and the known ones nearest it.
    public struct Unknown: Error, CustomStringConvertible {
        public var identifier: String
        public var closest: [String]

        /// "not a locale ICU knows; the closest are de, de_AT, de_BE": what the command line and
        /// `serve`'s query say after the value.
        public var description: String {
            "not a locale ICU knows; the closest are " + closest.joined(separator: ", ")
        }
    }

    /// The locale `identifier` names, written as Foundation writes it ("de-DE" is "de_DE"): the one
    /// check of a locale a person gives, on the command line (`--locale`) or in `serve`'s query.
    ///
    /// - Throws: `Unknown`, with the known locales nearest it, when ICU does not know it.
    public init(validating identifier: String) throws(Unknown) {
        guard let known = Self.known(identifier) else {
            throw Unknown(identifier: identifier, closest: Self.closest(to: identifier))
        }
        self.init(identifier: known)
    }

    /// The known identifiers nearest `identifier`, nearest first (equal ones in order): its
    /// language first when that is known ("de_XX" finds "de"), then by edit distance to the
    /// identifier or to its English name, case aside ("english" finds "en").
    public static func closest(to identifier: String, count: Int = 3) -> [String] {
        let written = identifier.replacingOccurrences(of: "-", with: "_")
        let wanted = Array(written.lowercased())
        let language = written.split(separator: "_").first.map(String.init)
        let english = Locale(identifier: "en_US")
        let scored = knownIdentifiers.map { known -> (Int, String) in
            guard known != language else { return (-1, known) }
            let name = english.localizedString(forIdentifier: known)?.lowercased() ?? known
            return (min(distance(wanted, Array(known.lowercased())), distance(wanted, Array(name))), known)
        }
        return scored.sorted { $0 < $1 }.prefix(count).map(\.1)
    }

    /// Levenshtein's distance between two strings' characters.
    static func distance(_ one: [Character], _ two: [Character]) -> Int {
        guard !one.isEmpty else { return two.count }
        var previous = Array(0...two.count)
        for (row, character) in one.enumerated() {
            var current = [row + 1]
            for (column, other) in two.enumerated() {
                current.append(
                    min(previous[column + 1] + 1, current[column] + 1, previous[column] + (character == other ? 0 : 1)))
            }
            previous = current
        }
        return previous[two.count]
    }
}
