import Foundation

/// A UserDefaults suite as iOS writes it to `Library/Preferences/<suite>.plist`: XML or binary.
public struct UserDefaultsSuite: Sendable {
    public let values: [String: PlistValue]
    /// The plist's name relative to the store root.
    public let file: String

    /// - Throws: `StoreError.corrupt` when the bytes are not a plist dictionary.
    public init(data: Data, file: String) throws(StoreError) {
        self.file = file
        let decoded: PlistValue
        do {
            decoded = try PlistValue.decode(data)
        } catch {
            throw .corrupt(file: file, codingPath: "", reason: "not a property list (XML or binary)")
        }
        guard case .dictionary(let values) = decoded else {
            throw .corrupt(file: file, codingPath: "", reason: "expected a dictionary at the top level")
        }
        self.values = values
    }

    public func string(forKey key: String) -> String? {
        if case .string(let value)? = values[key] { return value }
        return nil
    }

    /// A number stored as an integer or a real.
    public func double(forKey key: String) -> Double? {
        switch values[key] {
        case .real(let value)?: value
        case .integer(let value)?: Double(value)
        default: nil
        }
    }

    public func data(forKey key: String) -> Data? {
        if case .data(let value)? = values[key] { return value }
        return nil
    }

    /// Decodes a value that the app stored as JSON-encoded `Data`
    /// (`UserDefaults.set(try JSONEncoder().encode(value), forKey:)`).
    ///
    /// - Returns: `nil` when the key is absent.
    /// - Throws: `StoreError.corrupt` with a coding path that starts with `key`.
    public func decodeJSON<Value: Decodable>(_ type: Value.Type, forKey key: String) throws(StoreError) -> Value? {
        guard let raw = values[key] else { return nil }
        let bytes: Data
        switch raw {
        case .data(let value): bytes = value
        case .string(let value): bytes = Data(value.utf8)
        default: throw .corrupt(file: file, codingPath: key, reason: "expected JSON data")
        }
        return try StoreJSON.decode(type, from: bytes, file: file, keyPrefix: key)
    }
}
