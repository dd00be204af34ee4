import GlimpseCore
import Yams

/// YAML from files someone else wrote (a store's `scenario.yaml`, `prices.yaml`, Glimpse's own
/// settings), parsed within bounds: a size cap, and a cap on the nodes its aliases expand to.
/// Ten lines of nested aliases ("billion laughs") expand to 10⁹ nodes; none of these files needs
/// more than a few thousand.
public enum BoundedYAML {
    /// The largest YAML file parsed.
    public static let maximumBytes = Limits.yamlFile.value
    /// Nodes a document may expand to, aliases followed.
    public static let maximumNodes = Limits.yamlNodes.value

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
                throw Refused(
                    reason: "its aliases expand past \(maximumNodes) nodes; refused (a \"billion laughs\" document?)")
            }
        }
        return root
    }

    /// The document decoded as `Value` with Yams' `YAMLDecoder`, once `compose(_:)` has checked its
    /// size and expansion; `nil` for an empty document.
    ///
    /// - Throws: `BoundedYAML.Refused`; Yams' error for YAML that does not parse; `BoundedYAML.Invalid`
    ///   naming the key at fault (`events[2].at`) and what it should have been.
    public static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value? {
        guard try compose(text) != nil else { return nil }
        do {
            return try YAMLDecoder().decode(type, from: text)
        } catch let error as DecodingError {
            throw Invalid(error)
        }
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

    /// A value of a YAML file that is not what its key needs: "events[2].at: expected an ISO 8601
    /// duration after now, such as PT2H30M".
    public struct Invalid: Error, Hashable, CustomStringConvertible {
        /// `events[2].at`; empty for the document itself.
        public var path: String
        public var reason: String

        public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }

        /// The decoder's error, said as a person would: the key at fault, then what it needs.
        init(_ error: DecodingError) {
            switch error {
            case .dataCorrupted(let context):
                self.init(path: Self.path(context.codingPath), reason: context.debugDescription)
            case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
                self.init(path: Self.path(context.codingPath), reason: "expected \(Self.expectation(type))")
            case .keyNotFound(let key, let context):
                self.init(path: Self.path(context.codingPath + [key]), reason: "missing")
            @unknown default:
                self.init(path: "", reason: "\(error)")
            }
        }

        init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// `events[2].at`: a list's index in brackets, a mapping's key after a dot.
        static func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce(into: "") { path, key in
                if let index = key.intValue {
                    path += "[\(index)]"
                } else {
                    path += (path.isEmpty ? "" : ".") + key.stringValue
                }
            }
        }

        static func expectation(_ type: Any.Type) -> String {
            switch type {
            case is Node.Mapping.Type: "a mapping"
            case is Node.Sequence.Type: "a list"
            case is Bool.Type: "true or false"
            case is Int.Type: "a whole number"
            case is Double.Type: "a number"
            default: "a single value"
            }
        }
    }
}

extension KeyedDecodingContainer {
    /// The value at `key`; `nil` when the key is absent or null. A value of another shape (a list
    /// where a mapping goes, say) fails with `reason` at `key` ("events: expected a list"), in
    /// place of the decoder's own words; a failure deeper inside the value, or one the value's
    /// own type gives, keeps its own.
    public func decodeIfPresent<Value: Decodable>(
        _ type: Value.Type, forKey key: Key, or reason: String
    ) throws -> Value? {
        do {
            return try decodeIfPresent(type, forKey: key)
        } catch let error as DecodingError where Self.isShapeMismatch(error, within: codingPath.count + 1) {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: reason)
        }
    }

    private static func isShapeMismatch(_ error: DecodingError, within depth: Int) -> Bool {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context): context.codingPath.count <= depth
        default: false
        }
    }
}

extension Decoder {
    /// The mapping this value is; `reason` at its path when it is something else ("events[2]:
    /// expected a mapping").
    public func mapping<Key: CodingKey>(keyedBy type: Key.Type, or reason: String) throws -> KeyedDecodingContainer<Key>
    {
        guard let keys = try? container(keyedBy: type) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: reason))
        }
        return keys
    }
}
