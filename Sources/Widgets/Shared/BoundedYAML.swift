import Yams

/// YAML from files someone else wrote (a store's `scenario.yaml`, `prices.yaml`, Glimpse's own
/// settings), parsed within bounds: a size cap, and a cap on the nodes its aliases expand to.
/// Ten lines of nested aliases ("billion laughs") expand to 10⁹ nodes; none of these files needs
/// more than a few thousand.
public enum BoundedYAML {
    /// The largest YAML file parsed.
    public static let maximumBytes = 1 << 20
    /// Nodes a document may expand to, aliases followed.
    public static let maximumNodes = 20_000

    /// The document's root node (`nil` for an empty document), once its size and expansion are checked.
    ///
    /// - Throws: `BoundedYAML.Refused` with the reason; Yams' error for YAML that does not parse.
    public static func compose(_ text: String) throws -> Node? {
        guard text.utf8.count <= maximumBytes else {
            throw Refused(reason: "larger than \(maximumBytes / 1024) KiB, the most a YAML file here may be")
        }
        // Composing shares an alias's node rather than copying it, so this is linear in the text.
        let root = try Yams.compose(yaml: text)
        if let root {
            var budget = maximumNodes
            guard within(root, &budget) else {
                throw Refused(reason: "its aliases expand past \(maximumNodes) nodes; refused (a \"billion laughs\" document?)")
            }
        }
        return root
    }

    /// Counts `node` and what is under it against `budget`; stops as soon as it runs out.
    static func within(_ node: Node, _ budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0 else { return false }
        switch node {
        case .scalar: return true
        case .sequence(let sequence):
            for child in sequence where !within(child, &budget) { return false }
            return true
        case .mapping(let mapping):
            for (key, value) in mapping where !within(key, &budget) || !within(value, &budget) { return false }
            return true
        }
    }

    /// Why a YAML file was not parsed.
    public struct Refused: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }
}
