/// A cap or a deadline: its value, why it was chosen, and what happens past it.
///
/// Every one of Glimpse's is in `Limits`; `docs/LIMITS.md` is the same table, and `LimitsTests`
/// fails when the two differ. The code that enforces a limit reads its value from here.
public struct Limit: Sendable, Equatable {
    public enum Unit: String, Sendable {
        case bytes
        case characters
        case items
        case levels
        case nodes
        case pixels
        case seconds
    }

    /// Its name in the table: `store-string`.
    public let name: String
    public let value: Int
    public let unit: Unit
    /// Why this value.
    public let why: String
    /// What happens past it.
    public let past: String

    init(_ name: String, _ value: Int, _ unit: Unit, why: String, past: String) {
        self.name = name
        self.value = value
        self.unit = unit
        self.why = why
        self.past = past
    }

    /// As the table writes it: "64 MiB", "2,048 characters", "10 s".
    public var display: String {
        switch unit {
        case .bytes:
            for (shift, name) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where value >= 1 << shift {
                if value % (1 << shift) == 0 { return "\(value >> shift) \(name)" }
            }
            return "\(value.grouped) bytes"
        case .seconds: return "\(value) s"
        default: return "\(value.grouped) \(unit.rawValue)"
        }
    }
}

/// Every cap and deadline of Glimpse, by where it applies. `docs/LIMITS.md` is this table.
public enum Limits {
    /// In the order of the table.
    public static let all: [Limit] = store + content + readers + tools + serve
}

extension Limit {
    /// For a limit in characters: what `text` is past it, in words ("5,000 characters long, over
    /// the 4,096 of copy-text (docs/LIMITS.md)"); `nil` within it. Counted in Unicode scalars.
    public func excess(in text: String) -> String? {
        guard text.utf8.count > value else { return nil }
        let count = text.unicodeScalars.count
        guard count > value else { return nil }
        return "\(count.grouped) characters long, over the \(value.grouped) of \(name) (docs/LIMITS.md)"
    }
}

extension Limits {
    /// The table of `docs/LIMITS.md`, a row per limit: name, value, why, past.
    public static var markdownTable: String {
        var rows = ["| limit | value | why | past it |", "|---|---|---|---|"]
        for limit in all {
            rows.append("| `\(limit.name)` | \(limit.display) | \(limit.why) | \(limit.past) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
