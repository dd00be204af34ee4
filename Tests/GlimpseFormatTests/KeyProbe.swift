import Foundation

/// Every key a `Decodable` type reads, found by decoding it from nothing: a decoder that answers
/// each question with a placeholder and notes where it was asked, what kind of value, and whether
/// the type could do without it (`decodeIfPresent`). Arrays are read as holding one element.
final class KeyProbe {
    private(set) var fields: [String: Field] = [:]
    /// Deeper than any format nests: a type that refers to itself stops here.
    static let maximumDepth = 24

    /// The fields `type` reads, by path: `widgets`, `widgets[]`, `widgets[].frames[].hash`.
    static func fields<Value: Decodable>(of type: Value.Type) -> [String: Field] {
        let probe = KeyProbe()
        _ = try? Value(from: ProbeDecoder(probe: probe, path: "", depth: 0))
        return probe.fields
    }

    /// Notes that `path` is read, and whether the type needs it.
    func asked(_ path: String, required: Bool) {
        let kind = fields[path]?.kind ?? .object
        fields[path] = Field(kind: kind, required: required || (fields[path]?.required ?? false))
    }

    /// Notes what kind of value is at `path`.
    func found(_ kind: Field.Kind, at path: String) {
        guard !path.isEmpty else { return }
        fields[path] = Field(kind: kind, required: fields[path]?.required ?? true)
    }
}

/// What the probe answers: placeholders.
private struct ProbeDecoder: Decoder {
    let probe: KeyProbe
    let path: String
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard depth < KeyProbe.maximumDepth else { throw ProbeTooDeep() }
        probe.found(.object, at: path)
        return KeyedDecodingContainer(ProbeKeyed<Key>(probe: probe, path: path, depth: depth))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard depth < KeyProbe.maximumDepth else { throw ProbeTooDeep() }
        probe.found(.array, at: path)
        return ProbeUnkeyed(probe: probe, path: path + "[]", depth: depth)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingle(probe: probe, path: path, depth: depth)
    }
}

private struct ProbeTooDeep: Error {}

/// A placeholder of each kind a format holds.
private func placeholder<Value: Decodable>(
    _ type: Value.Type, at path: String, probe: KeyProbe, depth: Int
) throws -> Value {
    switch type {
    case is String.Type:
        probe.found(.string, at: path)
        return "" as! Value
    case is Bool.Type:
        probe.found(.boolean, at: path)
        return false as! Value
    case is Int.Type:
        probe.found(.integer, at: path)
        return 0 as! Value
    case is Double.Type:
        probe.found(.number, at: path)
        return 0.0 as! Value
    case let cases as any CaseIterable.Type:
        // An enum (`CheckRule`): what it reads is noted, then its first case stands in, as no
        // placeholder is one of its raw values.
        _ = try? Value(from: ProbeDecoder(probe: probe, path: path, depth: depth + 1))
        return firstCase(of: cases) as! Value
    default:
        return try Value(from: ProbeDecoder(probe: probe, path: path, depth: depth + 1))
    }
}

private func firstCase<Cases: CaseIterable>(of type: Cases.Type) -> Any {
    type.allCases.first!
}

private struct ProbeKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let probe: KeyProbe
    let path: String
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func child(_ key: Key) -> String { path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)" }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        probe.asked(child(key), required: true)
        return try placeholder(type, at: child(key), probe: probe, depth: depth)
    }

    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        try optional(type, key)
    }

    // The generic `decode` above stands for every primitive's requirement too; `decodeIfPresent`'s
    // have defaults of their own, which would ask `decode`, so each is given here.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }

    private func optional<Value: Decodable>(_ type: Value.Type, _ key: Key) throws -> Value? {
        probe.asked(child(key), required: false)
        return try placeholder(type, at: child(key), probe: probe, depth: depth)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        probe.asked(child(key), required: true)
        return try ProbeDecoder(probe: probe, path: child(key), depth: depth + 1).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        probe.asked(child(key), required: true)
        return try ProbeDecoder(probe: probe, path: child(key), depth: depth + 1).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ProbeDecoder(probe: probe, path: path, depth: depth + 1) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        ProbeDecoder(probe: probe, path: child(key), depth: depth + 1)
    }
}

/// An array of one element.
private struct ProbeUnkeyed: UnkeyedDecodingContainer {
    let probe: KeyProbe
    let path: String
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex > 0 }

    init(probe: KeyProbe, path: String, depth: Int) {
        self.probe = probe
        self.path = path
        self.depth = depth
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        currentIndex += 1
        probe.asked(path, required: true)
        return try placeholder(type, at: path, probe: probe, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        currentIndex += 1
        return try ProbeDecoder(probe: probe, path: path, depth: depth + 1).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return try ProbeDecoder(probe: probe, path: path, depth: depth + 1).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { ProbeDecoder(probe: probe, path: path, depth: depth + 1) }
}

/// A single value: a primitive, or a type decoded from it.
private struct ProbeSingle: SingleValueDecodingContainer {
    let probe: KeyProbe
    let path: String
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }
    func decode(_ type: String.Type) throws -> String { try placeholder(type, at: path, probe: probe, depth: depth) }
    func decode(_ type: Bool.Type) throws -> Bool { try placeholder(type, at: path, probe: probe, depth: depth) }
    func decode(_ type: Int.Type) throws -> Int { try placeholder(type, at: path, probe: probe, depth: depth) }
    func decode(_ type: Double.Type) throws -> Double { try placeholder(type, at: path, probe: probe, depth: depth) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try placeholder(type, at: path, probe: probe, depth: depth)
    }
}
