import Foundation
import GlimpseCore

/// A property list value, Sendable, as UserDefaults stores it.
public enum PlistValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// Decodes XML or binary plist bytes.
    ///
    /// - Throws: the error `PropertyListSerialization` gives for bytes that are not a plist.
    public static func decode(_ data: Data) throws -> PlistValue {
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        return try PlistValue(object)
    }

    init(_ object: Any) throws {
        switch object {
        case let value as String: self = .string(value)
        case let value as Data: self = .data(value)
        case let value as Date: self = .date(value)
        case let value as [Any]: self = .array(try value.map(PlistValue.init))
        case let value as [String: Any]: self = .dictionary(try value.mapValues(PlistValue.init))
        case let value as Bool where type(of: object) == Bool.self: self = .bool(value)
        case let value as NSNumber:
            switch String(cString: value.objCType) {
            case "c", "B": self = .bool(value.boolValue)
            case "f", "d": self = .real(value.doubleValue)
            default: self = .integer(value.intValue)
            }
        default:
            throw CocoaError(.propertyListReadCorrupt)
        }
    }

    /// A plain rendering for the gallery's "store data" panel.
    public var displayText: String {
        switch self {
        case .string(let value): "\"\(StoreText.capped(value))\""
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .date(let value): value.formatted(Date.ISO8601FormatStyle())
        case .data(let value):
            if let text = String(data: value.prefix(Limits.storeExcerpt.value), encoding: .utf8),
                text.first == "{" || text.first == "["
            {
                "<JSON data, \(value.count) bytes> \(text)\(value.count > Limits.storeExcerpt.value ? "…" : "")"
            } else {
                "<data, \(value.count) bytes>"
            }
        case .array(let values): "[" + values.map(\.displayText).joined(separator: ", ") + "]"
        case .dictionary(let values):
            "{" + values.keys.sorted().map { "\($0): \(values[$0]!.displayText)" }.joined(separator: ", ") + "}"
        }
    }
}
