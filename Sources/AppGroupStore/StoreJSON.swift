import Foundation
import GlimpseCore

/// JSON decoding as apps write it, with errors that name the coding path.
public enum StoreJSON {
    /// Decodes `Value`. Dates may be ISO 8601 strings or seconds since 2001-01-01
    /// (`JSONEncoder`'s default).
    ///
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - data: the JSON.
    ///   - file: the file named in errors.
    ///   - keyPrefix: prepended to coding paths, such as a UserDefaults key.
    /// - Throws: `StoreError.corrupt`.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from data: Data, file: String, keyPrefix: String = ""
    ) throws(StoreError) -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(decodeFlexibleDate)
        decoder.allowsJSON5 = false
        do {
            return try decoder.decode(Value.self, from: data)
        } catch let error as DecodingError {
            let (path, reason) = describe(error)
            let fullPath = [keyPrefix, path].filter { !$0.isEmpty }.joined(separator: path.hasPrefix("[") ? "" : ".")
            throw .corrupt(file: file, codingPath: fullPath, reason: reason)
        } catch {
            throw .corrupt(file: file, codingPath: keyPrefix, reason: "not valid JSON")
        }
    }

    /// A store's JSON as it may enter: every string longer than `Limits.storeString` shortened to
    /// it, with "…", and a warning naming the file, the field and the length; refused past
    /// `Limits.storeDepth`. What a widget can draw of a string is far less, so nothing downstream
    /// (frames, schemes, the VoiceOver line, the inspector, the manifest) ever copies more.
    ///
    /// - Parameters:
    ///   - data: the JSON as it was read.
    ///   - file: the file named in warnings and errors.
    ///   - keyPrefix: prepended to the fields named in warnings and errors, such as a UserDefaults key.
    ///   - maximumMembers: the most members one object may have (a table's rows, in a store kept as
    ///     objects of rows by id: `Limits.storeRows`); `nil` for no limit.
    /// - Throws: `StoreError.corrupt` naming where the JSON nests too deep, or holds too many items.
    public static func bounded(
        _ data: Data, file: String, keyPrefix: String = "", maximumMembers: Int? = nil
    ) throws(StoreError) -> (data: Data, diagnostics: [Diagnostic]) {
        let bounds = JSONBounds(
            maximumDepth: Limits.storeDepth.value, maximumString: Limits.storeString.value,
            maximumItems: Limits.storeItems.value, maximumMembers: maximumMembers)
        let (capped, excesses) = bounds.cappingStrings(data)
        func field(_ path: String) -> String {
            path == "(top)" ? keyPrefix : [keyPrefix, path].filter { !$0.isEmpty }.joined(separator: ".")
        }
        if let deep = excesses.first(where: { $0.kind == .depth }) {
            throw .corrupt(
                file: file, codingPath: field(deep.path),
                reason: "nested deeper than \(deep.limit) levels (store-depth, docs/LIMITS.md)")
        }
        if let many = excesses.first(where: { $0.kind == .items }) {
            throw .corrupt(
                file: file, codingPath: field(many.path),
                reason: "an array of more than \(many.limit.grouped) items (store-items, docs/LIMITS.md)")
        }
        if let many = excesses.first(where: { $0.kind == .members }) {
            throw .corrupt(
                file: file, codingPath: field(many.path),
                reason: "more than \(many.limit.grouped) rows (store-rows, docs/LIMITS.md)")
        }
        let notes = excesses.map { excess in
            Diagnostic(
                .warning,
                "\(field(excess.path)): a string of \(excess.found.grouped) characters, shortened to "
                    + "\(excess.limit.grouped) (store-string, docs/LIMITS.md)",
                file: file)
        }
        return (capped, notes)
    }

    /// Accepts ISO 8601 (with or without fractional seconds) or a number of seconds since 2001-01-01.
    @Sendable static func decodeFlexibleDate(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
            guard seconds.isFinite, abs(seconds) < 1e11 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "date out of range")
            }
            return Date(timeIntervalSinceReferenceDate: seconds)
        }
        guard let text = try? container.decode(String.self) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an ISO 8601 date or seconds since 2001-01-01")
        }
        if let date = parseISO8601(text) { return date }
        throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "expected an ISO 8601 date, found \"\(text.prefix(40))\"")
    }

    /// Parses `2026-11-22T09:30:00Z`, `…+05:45`, and the same with fractional seconds.
    public static func parseISO8601(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            return date
        }
        return nil
    }

    static func describe(_ error: DecodingError) -> (path: String, reason: String) {
        switch error {
        case .typeMismatch(let type, let context):
            return (codingPath(context.codingPath), "expected \(noun(for: type))")
        case .valueNotFound(let type, let context):
            return (codingPath(context.codingPath), "expected \(noun(for: type)), found null")
        case .keyNotFound(let key, let context):
            return (codingPath(context.codingPath + [key]), "missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                // Foundation's own words vary by platform; say what it means.
                let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return ("", "not valid JSON (truncated or malformed)" + (detail.map { ": \($0)" } ?? ""))
            }
            return (codingPath(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "cannot be decoded")
        }
    }

    static func codingPath(_ keys: [any CodingKey]) -> String {
        var result = ""
        for key in keys {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == String(index) {
                result += "[\(index)]"
            } else {
                result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return result
    }

    static func noun(for type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type, is Float.Type, is Decimal.Type, is Int64.Type, is UInt.Type: "a number"
        case is Date.Type: "a date"
        case is Data.Type: "data"
        default:
            String(describing: type).hasPrefix("Array")
                ? "a list" : (String(describing: type).hasPrefix("Dictionary") ? "an object" : "a \(type)")
        }
    }
}

/// A store's text as it may enter: at most `Limits.storeString` characters.
public enum StoreText {
    /// `text`, or its first `Limits.storeString` Unicode scalars and "…".
    public static func capped(_ text: String) -> String {
        let limit = Limits.storeString.value
        guard text.utf8.count > limit else { return text }
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
            end != scalars.endIndex
        else { return text }
        return String(scalars[..<end]) + "…"
    }
}
