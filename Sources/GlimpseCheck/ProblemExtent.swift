import GlimpseCore
import GlimpseFormat

/// Where a problem is seen, in words a designer reads at once: "xxLarge and above on every
/// screen; 1,204 frames; light, dark and tinted"; for a cut, how much of the text is left: "cut
/// after 12–14 characters".
enum ProblemExtent {
    static func words(_ problem: Findings.Problem, axes: ProblemTally.Axes, shown: ClosedRange<Int>? = nil) -> String {
        var parts: [String] = []
        let sizes = span(problem.textSizes, of: axes.textSizes, all: "at every text size")
        let screens = span(problem.devices, of: axes.devices, all: "on every screen", listed: "on ")
        let place = [sizes, screens].compactMap { $0 }.joined(separator: " ")
        if !place.isEmpty { parts.append(place) }
        if axes.languages.count > 1 {
            parts.append(
                problem.languages.count == axes.languages.count
                    ? "in every language" : "in " + list(problem.languages))
        }
        parts.append(
            count(problem.frames, "frame") + (problem.widgets > 1 ? " of \(count(problem.widgets, "widget"))" : ""))
        parts.append(list(problem.schemes))
        if problem.scenarios.count > 1 { parts.append(count(problem.scenarios.count, "scenario")) }
        if let shown {
            let range =
                shown.lowerBound == shown.upperBound ? "\(shown.lowerBound)" : "\(shown.lowerBound)–\(shown.upperBound)"
            parts.append("cut after \(range) character\(shown.upperBound == 1 ? "" : "s")")
        }
        return parts.joined(separator: "; ")
    }

    /// `seen` among `all` (both in order): nil when the gallery has one value; `every` when it is
    /// seen at each; "xxLarge and above", "up to Medium", "Small to xLarge", or a list.
    static func span(_ seen: [String], of all: [String], all every: String, listed prefix: String = "at ") -> String? {
        guard all.count > 1, !seen.isEmpty else { return nil }
        if seen.count == all.count { return every }
        guard let first = all.firstIndex(of: seen[0]), first + seen.count <= all.count,
            Array(all[first..<(first + seen.count)]) == seen, prefix == "at "
        else { return prefix + list(seen) }
        if first + seen.count == all.count { return "\(seen[0]) and above" }
        if first == 0 { return "up to \(seen.last!)" }
        return seen.count == 1 ? "at \(seen[0])" : "\(seen[0]) to \(seen.last!)"
    }

    /// "light", "light and dark", "light, dark and tinted".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// "1 frame", "1,204 frames".
    static func count(_ value: Int, _ noun: String) -> String {
        value.grouped + " " + noun + (value == 1 ? "" : "s")
    }
}

/// A count the report's pages show with thousands separators ("23,730", `Int.grouped`); an `Int`
/// to the code that ranks and sums.
@propertyWrapper struct Grouped: Encodable, Sendable {
    var wrappedValue: Int

    init(wrappedValue: Int) { self.wrappedValue = wrappedValue }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue.grouped)
    }
}
