import GlimpseCore
import Mustache

/// A model object as a template sees it: its properties by name.
final class TemplateObject: MustacheParent {
    var values: [String: Any]

    init(_ values: [String: Any] = [:]) {
        self.values = values
    }

    func child(named name: String) -> Any? {
        values[name]
    }
}

/// Text a template places as it is. Every leaf of a model becomes one: a `String` escaped for
/// HTML, an `HTMLFragment` as it is, a number as Swift writes it (`"\(value)"`). Templates
/// render with the `TEXT` content type, so Mustache escapes nothing itself.
struct TemplateText: MustacheCustomRenderable {
    let renderText: String

    var isNull: Bool { false }
}

/// Turns an `Encodable` view model into `TemplateObject`s, arrays and `TemplateText`s, once per
/// render, so that Mustache's lookups are dictionary reads rather than reflection.
///
/// Stored properties become keys. A `nil` optional is left out, so a lookup climbs the context
/// stack as Mustache does for a missing key. Flags stay `Bool`, which sections test.
enum TemplateEncoder {
    static func encode(_ model: some Encodable) throws -> Any {
        try value(of: model)
    }

    fileprivate static func value(of model: some Encodable) throws -> Any {
        switch model {
        case let text as String: return TemplateText(renderText: HTML.escape(text))
        case let fragment as HTMLFragment: return TemplateText(renderText: fragment.html)
        case let flag as Bool: return flag
        case let number as Int: return TemplateText(renderText: String(number))
        default:
            let encoder = ValueEncoder()
            try model.encode(to: encoder)
            return encoder.result
        }
    }
}

/// An array being encoded. A template can read it as it is, so that a nested container can be
/// filled after it is put in place.
final class ListBox: Sequence, MustacheSequence {
    var items: [Any] = []

    func makeIterator() -> IndexingIterator<[Any]> {
        items.makeIterator()
    }
}

private final class ValueEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private var object: TemplateObject?
    private var list: ListBox?
    fileprivate var single: Any?

    init(object: TemplateObject? = nil) {
        self.object = object
    }

    var result: Any {
        if let object { return object }
        if let list { return list.items }
        return single ?? TemplateText(renderText: "")
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object = self.object ?? TemplateObject()
        self.object = object
        return KeyedEncodingContainer(KeyedContainer<Key>(object: object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let list = self.list ?? ListBox()
        self.list = list
        return UnkeyedContainer(list: list)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(encoder: self)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: TemplateObject
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: String, forKey key: Key) throws {
        object.values[key.stringValue] = TemplateText(renderText: HTML.escape(value))
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws { object.values[key.stringValue] = value }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        object.values[key.stringValue] = TemplateText(renderText: String(value))
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        object.values[key.stringValue] = TemplateText(renderText: "\(value)")
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.values[key.stringValue] = try TemplateEncoder.value(of: value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = TemplateObject()
        object.values[key.stringValue] = nested
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ListBox()
        object.values[key.stringValue] = nested
        return UnkeyedContainer(list: nested)
    }

    /// A superclass's properties, under `super` or `key`, as `JSONEncoder` nests them.
    mutating func superEncoder() -> any Encoder { nestedEncoder(forKey: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { nestedEncoder(forKey: key.stringValue) }

    private func nestedEncoder(forKey key: String) -> any Encoder {
        let nested = TemplateObject()
        object.values[key] = nested
        return ValueEncoder(object: nested)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let list: ListBox
    var codingPath: [any CodingKey] { [] }
    var count: Int { list.items.count }

    mutating func encodeNil() throws {
        list.items.append(Optional<Any>.none as Any)
    }
    mutating func encode<T: Encodable>(_ value: T) throws {
        list.items.append(try TemplateEncoder.value(of: value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = TemplateObject()
        list.items.append(nested)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ListBox()
        list.items.append(nested)
        return UnkeyedContainer(list: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let nested = TemplateObject()
        list.items.append(nested)
        return ValueEncoder(object: nested)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: String) throws { encoder.single = TemplateText(renderText: HTML.escape(value)) }
    mutating func encode(_ value: Bool) throws { encoder.single = value }
    mutating func encode(_ value: Int) throws { encoder.single = TemplateText(renderText: String(value)) }
    mutating func encode(_ value: Double) throws { encoder.single = TemplateText(renderText: "\(value)") }
    // Every other number is named here: each encodes itself through this container, and the
    // standard library's default for an unnamed one is `encode<T>`, which would ask it again.
    mutating func encode(_ value: Float) throws { encoder.single = TemplateText(renderText: "\(value)") }
    mutating func encode(_ value: Int8) throws { encoder.single = TemplateText(renderText: String(value)) }
    mutating func encode(_ value: Int16) throws { encoder.single = TemplateText(renderText: String(value)) }
    mutating func encode(_ value: Int32) throws { encoder.single = TemplateText(renderText: String(value)) }
    mutating func encode(_ value: Int64) throws { encoder.single = TemplateText(renderText: String(value)) }
    mutating func encode(_ value: UInt) throws { encoder.single = TemplateText(renderText: String(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.single = TemplateText(renderText: String(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.single = TemplateText(renderText: String(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.single = TemplateText(renderText: String(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.single = TemplateText(renderText: String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.single = try TemplateEncoder.value(of: value) }
}
