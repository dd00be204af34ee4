/// A YAML scalar as it is written: `136.9`, `PT3H`, `h2`, `2026-11-22T09:00:00-05:00`. Numbers,
/// dates and booleans keep their text, so nothing is reformatted on the way (`1.50` stays `1.50`);
/// the reader of a value parses it as what it needs. A list or a mapping is not a scalar.
public struct YAMLScalar: Decodable, Hashable, Sendable {
    public var text: String

    public init(_ text: String) {
        self.text = text
    }

    public init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }
}
