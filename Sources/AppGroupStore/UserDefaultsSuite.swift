import Foundation
import GlimpseCore

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

    /// The string at `key`, shortened to `Limits.storeString` characters and "…" if longer
    /// (`longStrings` names each such value, for the diagnostic).
    public func string(forKey key: String) -> String? {
        if case .string(let value)? = values[key] { return StoreText.capped(value) }
        return nil
    }

    /// The top-level string values longer than `Limits.storeString`, by key, with their length in
    /// Unicode scalars; a value that is JSON is not among them (`decodeJSON` bounds what is inside it).
    public var longStrings: [(key: String, characters: Int)] {
        values.keys.sorted().compactMap { key in
            guard case .string(let value)? = values[key], value.utf8.count > Limits.storeString.value else {
                return nil
            }
            let count = value.unicodeScalars.count
            let json = value.first(where: { !$0.isWhitespace }).map { $0 == "{" || $0 == "[" } ?? false
            return count > Limits.storeString.value && !json ? (key, count) : nil
        }
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
    /// Its strings are bounded first (`StoreJSON.bounded`): each shortened one adds a warning to `notes`.
    public func decodeJSON<Value: Decodable>(
        _ type: Value.Type, forKey key: String, notes: inout [Diagnostic]
    ) throws(StoreError) -> Value? {
        guard let raw = values[key] else { return nil }
        let bytes: Data
        switch raw {
        case .data(let value): bytes = value
        case .string(let value): bytes = Data(value.utf8)
        default: throw .corrupt(file: file, codingPath: key, reason: "expected JSON data")
        }
        let bounded = try StoreJSON.bounded(bytes, file: file, keyPrefix: key)
        notes += bounded.diagnostics
        return try StoreJSON.decode(type, from: bounded.data, file: file, keyPrefix: key)
    }
}
