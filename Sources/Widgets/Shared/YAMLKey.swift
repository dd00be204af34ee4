/// A key of a YAML mapping whose keys are data (a coin id, an event's parameter), not fields.
public struct YAMLKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    /// Always `nil`: `"123"` is a key, not an index.
    public var intValue: Int? { nil }

    public init(_ name: String) {
        stringValue = name
    }

    public init?(stringValue: String) {
        self.stringValue = stringValue
    }

    public init?(intValue: Int) {
        nil
    }
}
