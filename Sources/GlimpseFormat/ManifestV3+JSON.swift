import Foundation
import GlimpseCore

/// How every format of Glimpse is written: pretty-printed, keys sorted, slashes as they are, so
/// that files diff well and the same content is the same bytes.
package enum FormatJSON {
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension ManifestV3 {
    /// A widget's entry as it sits in `manifest.json`'s `widgets` array, two levels deep, as
    /// `JSONEncoder` would indent it there (`ManifestJSON`).
    package static func encodedEntry(_ widget: Widget) -> Data {
        Data(ManifestJSON.entry(widget, level: 2))
    }

    /// This manifest, its own `widgets` left out, with `entries` (from `encodedEntry(_:)`, in order)
    /// as its widgets: the same bytes as encoding the whole manifest at once, without holding every
    /// widget of a build until the end.
    ///
    /// - Throws: `EncodingError` when the header cannot be encoded.
    package func encoded(entries: [Data]) throws -> Data {
        var json = Data()
        try write(entryCount: entries.count, entry: { entries[$0] }, to: { json.append($0) })
        return json
    }

    /// `encoded(entries:)`, handed to `write` a piece at a time: the entry `entry(i)` for each
    /// index, fetched only as it is written, so a manifest too large to hold is never held.
    ///
    /// - Throws: `EncodingError` when the header cannot be encoded; what `entry` or `write` throw.
    package func write(
        entryCount: Int, entry: (Int) throws -> Data, to write: (Data) throws -> Void
    ) throws {
        var header = self
        header.widgets = []
        var json = try FormatJSON.encoder().encode(header) + Data("\n".utf8)
        let empty = Data("\"widgets\" : [\n\n  ]\n}\n".utf8)
        guard entryCount > 0 else { return try write(json) }
        guard json.count >= empty.count, json.suffix(empty.count) == empty else {
            let context = EncodingError.Context(codingPath: [], debugDescription: "expected the widgets last, empty")
            throw EncodingError.invalidValue(header, context)
        }
        json.removeLast(empty.count)
        json.append(Data("\"widgets\" : [\n".utf8))
        try write(json)
        for index in 0..<entryCount {
            if index > 0 { try write(Data(",\n".utf8)) }
            try write(try entry(index))
        }
        try write(Data("\n  ]\n}\n".utf8))
    }
}

/// A manifest entry written straight to bytes: the same bytes `JSONEncoder` gives with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, a tested promise
/// (`ManifestJSONTests`), without `Encodable`'s generic containers, which made the manifest a
/// fifteenth of a build.
///
/// Keys are written in the byte order `.sortedKeys` gives; a `nil` optional is left out, as
/// `Encodable` leaves it out.
struct ManifestJSON {
    private(set) var bytes: [UInt8] = []

    /// `widget` as the manifest's `widgets` array holds it, at `level` (two spaces each),
    /// its first line indented too.
    static func entry(_ widget: Manifest.Widget, level: Int) -> [UInt8] {
        var json = ManifestJSON()
        json.bytes.reserveCapacity(4096)
        json.indent(level)
        json.widget(widget, level)
        return json.bytes
    }

    private mutating func widget(_ widget: Manifest.Widget, _ level: Int) {
        var object = begin(level)
        object.field("app", &self) { $0.string(widget.app) }
        if let cappedAt = widget.cappedAt { object.field("cappedAt", &self) { $0.string(cappedAt) } }
        if let device = widget.device { object.field("device", &self) { $0.string(device) } }
        object.field("diagnostics", &self) { $0.array(widget.diagnostics, level + 1) { $0.diagnostic($1, $2) } }
        object.field("family", &self) { $0.string(widget.family) }
        object.field("frames", &self) { $0.array(widget.frames, level + 1) { $0.frame($1, $2) } }
        if let locale = widget.locale { object.field("locale", &self) { $0.string(locale) } }
        object.field("now", &self) { $0.string(widget.now) }
        object.field("page", &self) { $0.string(widget.page) }
        if let pseudo = widget.pseudo { object.field("pseudo", &self) { $0.string(pseudo) } }
        object.field("reloads", &self) { $0.array(widget.reloads, level + 1) { $0.reload($1, $2) } }
        object.field("scenario", &self) { $0.string(widget.scenario) }
        object.field("size", &self) { $0.size(widget.size, level + 1) }
        if let storyboard = widget.storyboard {
            object.field("storyboard", &self) { $0.array(storyboard, level + 1) { $0.tap($1, $2) } }
        }
        if let templates = widget.templates { object.field("templates", &self) { $0.strings(templates, level + 1) } }
        if let textSize = widget.textSize { object.field("textSize", &self) { $0.string(textSize) } }
        object.field("timeZone", &self) { $0.string(widget.timeZone) }
        end(level)
    }

    private mutating func frame(_ frame: Manifest.Frame, _ level: Int) {
        var object = begin(level)
        object.field("anchor", &self) { $0.string(frame.anchor) }
        object.field("end", &self) { $0.string(frame.end) }
        object.field("hash", &self) { $0.string(frame.hash) }
        object.field("links", &self) { $0.strings(frame.links, level + 1) }
        object.field("reload", &self) { $0.integer(frame.reload) }
        if let sources = frame.sources { object.field("sources", &self) { $0.dictionary(sources, level + 1) } }
        object.field("start", &self) { $0.string(frame.start) }
        object.field("state", &self) { $0.string(frame.state) }
        object.field("texts", &self) { $0.strings(frame.texts, level + 1) }
        end(level)
    }

    private mutating func reload(_ reload: Manifest.Reload, _ level: Int) {
        var object = begin(level)
        object.field("at", &self) { $0.string(reload.at) }
        object.field("budgetLeft", &self) { $0.integer(reload.budgetLeft) }
        object.field("budgeted", &self) { $0.flag(reload.budgeted) }
        object.field("failed", &self) { $0.flag(reload.failed) }
        if let note = reload.note { object.field("note", &self) { $0.string(note) } }
        object.field("reason", &self) { $0.string(reload.reason) }
        object.field("refused", &self) { $0.flag(reload.refused) }
        end(level)
    }

    private mutating func diagnostic(_ diagnostic: Manifest.Diagnostic, _ level: Int) {
        var object = begin(level)
        if let file = diagnostic.file { object.field("file", &self) { $0.string(file) } }
        object.field("message", &self) { $0.string(diagnostic.message) }
        object.field("severity", &self) { $0.string(diagnostic.severity) }
        end(level)
    }

    private mutating func tap(_ tap: Manifest.Tap, _ level: Int) {
        var object = begin(level)
        object.field("action", &self) { $0.string(tap.action) }
        object.field("anchor", &self) { $0.string(tap.anchor) }
        object.field("at", &self) { $0.string(tap.at) }
        object.field("link", &self) { $0.string(tap.link) }
        object.field("state", &self) { $0.string(tap.state) }
        object.field("texts", &self) { $0.strings(tap.texts, level + 1) }
        end(level)
    }

    private mutating func size(_ size: Manifest.Size, _ level: Int) {
        var object = begin(level)
        object.field("height", &self) { $0.integer(size.height) }
        object.field("width", &self) { $0.integer(size.width) }
        end(level)
    }

    // MARK: - Layout

    /// The fields of an object being written, at `level` + 1.
    private struct Fields {
        let level: Int
        var first = true

        mutating func field(_ name: String, _ json: inout ManifestJSON, _ value: (inout ManifestJSON) -> Void) {
            json.append(first ? "\n" : ",\n")
            first = false
            json.indent(level + 1)
            json.string(name)
            json.append(" : ")
            value(&json)
        }
    }

    private mutating func begin(_ level: Int) -> Fields {
        append("{")
        return Fields(level: level)
    }

    private mutating func end(_ level: Int) {
        append("\n")
        indent(level)
        append("}")
    }

    /// An array at `level`: each item on its own line; an empty one as `[`, a blank line, `]`.
    private mutating func array<Item>(_ items: [Item], _ level: Int, _ write: (inout ManifestJSON, Item, Int) -> Void) {
        append("[\n")
        if items.isEmpty { append("\n") }
        for (index, item) in items.enumerated() {
            if index > 0 { append(",\n") }
            indent(level + 1)
            write(&self, item, level + 1)
        }
        if !items.isEmpty { append("\n") }
        indent(level)
        append("]")
    }

    /// An object of strings, its keys sorted; an empty one as `{`, a blank line, `}`.
    private mutating func dictionary(_ values: [String: String], _ level: Int) {
        var object = begin(level)
        for key in values.keys.sorted() { object.field(key, &self) { $0.string(values[key]!) } }
        if values.isEmpty {
            append("\n")
            indent(level)
            append("}")
        } else {
            end(level)
        }
    }

    private mutating func strings(_ items: [String], _ level: Int) {
        array(items, level) { json, text, _ in json.string(text) }
    }

    /// Two spaces a level. From a row of spaces, not `repeatElement`: the tests run a debug build,
    /// where a generic sequence costs a call a byte, and indenting was a tenth of a build.
    private mutating func indent(_ level: Int) {
        let count = 2 * level
        guard count <= Self.spaces.count else {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
            return
        }
        Self.spaces.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    private mutating func flag(_ value: Bool) {
        append(value ? "true" : "false")
    }

    /// A JSON string as `JSONEncoder` writes it: `"` and `\` escaped, the short escapes for
    /// backspace, tab, line feed, form feed and return, `\u00xx` for the other C0 controls, and
    /// everything else, `/` included, as it is.
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8Bytes { utf8 in
            // Nearly every string has nothing to escape (`"`, `\` or a C0 control): its bytes go in at once.
            let first = utf8.firstIndex(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) ?? utf8.count
            utf8.append(0..<first, to: &bytes)
            for index in first..<utf8.count { escaped(utf8[index]) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// One byte of a JSON string: escaped when it must be, as it is otherwise.
    private mutating func escaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x08: append("\\b")
        case 0x09: append("\\t")
        case 0x0A: append("\\n")
        case 0x0C: append("\\f")
        case 0x0D: append("\\r")
        case 0x00..<0x20:
            let digits: [UInt8] = Array("0123456789abcdef".utf8)
            append("\\u00")
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        default: bytes.append(byte)
        }
    }
}
