import Foundation

/// JSON held to limits before anything decodes it: how deep it nests, how long a string is and how
/// many items an array has, in one pass over the bytes, keeping no tree.
///
/// Foundation's decoders build a value of every string and array they meet, so a megabyte of one
/// string is a megabyte in memory for each copy made of it, and nesting is bounded only by the
/// stack. This looks first: a gallery reader refuses a manifest past a limit (`check(_:)`,
/// `check(contentsOf:)`), naming the field; a store's strings are shortened where they enter
/// (`cappingStrings(_:)`), each with its field and length. It does not validate JSON: what it
/// cannot follow, it passes on to the decoder, which says what is wrong.
public struct JSONBounds: Sendable, Equatable {
    /// Containers inside one another, the outermost counted.
    public var maximumDepth: Int
    /// Characters in one string: Unicode scalars, an escape (`\u00e9`, `\n`) counting one.
    public var maximumString: Int
    /// Items in one array; `nil` counts none.
    public var maximumItems: Int?
    /// Members of one object; `nil` counts none. For a store kept as objects of rows by id (TinyBase's).
    public var maximumMembers: Int?

    public init(maximumDepth: Int, maximumString: Int, maximumItems: Int? = nil, maximumMembers: Int? = nil) {
        self.maximumDepth = maximumDepth
        self.maximumString = maximumString
        self.maximumItems = maximumItems
        self.maximumMembers = maximumMembers
    }

    /// A limit passed: where, what, how much, and the limit.
    public struct Excess: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: String, Sendable {
            case depth = "nesting"
            case string
            case items
            case members
        }

        /// The field, as a coding path: `widgets[3].frames[0].texts[1]`; `(top)` for the document.
        public var path: String
        public var kind: Kind
        /// The depth, the string's characters or the array's items found (at least `limit + 1`).
        public var found: Int
        public var limit: Int
        /// A check stopped counting at `found`: there is at least that much.
        public var atLeast: Bool

        public init(path: String, kind: Kind, found: Int, limit: Int, atLeast: Bool = false) {
            self.path = path
            self.kind = kind
            self.found = found
            self.limit = limit
            self.atLeast = atLeast
        }

        public var description: String {
            switch kind {
            case .depth: "\(path): nested deeper than \(limit) levels"
            case .string where atLeast: "\(path): a string longer than the limit of \(limit.grouped) characters"
            case .string: "\(path): a string of \(found.grouped) characters, over the limit of \(limit.grouped)"
            case .items: "\(path): an array of more than \(limit.grouped) items"
            case .members: "\(path): an object of more than \(limit.grouped) members"
            }
        }
    }

    /// What every JSON file a gallery reader takes may hold: a manifest, findings, a diff report,
    /// decisions, accepted findings, a shard's record, a snapshot's index (docs/LIMITS.md).
    public static let readerFiles = JSONBounds(
        maximumDepth: Limits.manifestDepth.value, maximumString: Limits.manifestString.value,
        maximumItems: Limits.manifestItems.value)

    /// `readerFiles`' complaint about `data`, with the limit's name; `nil` when within them.
    public static func readerExcess(_ data: Data) -> String? {
        do {
            try readerFiles.check(data)
            return nil
        } catch {
            return readerMessage(error)
        }
    }

    /// What a reader says of `excess`: where, what, and the limit's name.
    public static func readerMessage(_ excess: Excess) -> String {
        let limit =
            switch excess.kind {
            case .depth: Limits.manifestDepth
            case .string: Limits.manifestString
            case .items, .members: Limits.manifestItems
            }
        return "\(excess) (\(limit.name), docs/LIMITS.md)"
    }

    /// The first limit `data` passes, thrown.
    public func check(_ data: Data) throws(Excess) {
        var scanner = Scanner(bounds: self, stopAtFirst: true)
        data.withUnsafeBytes { scanner.feed($0, at: 0) }
        if let excess = scanner.excesses.first { throw excess }
    }

    /// The first limit the file at `url` passes, thrown; read a mebibyte at a time, so that a
    /// file too large to hold is refused without holding it.
    ///
    /// - Throws: `Excess`, or the error of reading the file.
    public func check(contentsOf url: URL) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var scanner = Scanner(bounds: self, stopAtFirst: true)
        var offset = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { scanner.feed($0, at: offset) }
            offset += chunk.count
            if let excess = scanner.excesses.first { throw excess }
        }
    }

    /// `data` with every string longer than `maximumString` shortened to it and ended with "…",
    /// and every excess: each string shortened, with its field and length, and any nesting or
    /// array past the limits, which are not changed (the caller refuses the data). The data itself
    /// when no string is shortened.
    public func cappingStrings(_ data: Data) -> (data: Data, capped: [Excess]) {
        var scanner = Scanner(bounds: self, stopAtFirst: false, capping: true)
        data.withUnsafeBytes { scanner.feed($0, at: 0) }
        guard !scanner.cuts.isEmpty else { return (data, scanner.excesses) }
        var output = Data()
        var from = 0
        for cut in scanner.cuts {
            output.append(data[data.startIndex + from..<data.startIndex + cut.start])
            output.append(contentsOf: Array("…".utf8))
            from = cut.end
        }
        output.append(data[(data.startIndex + from)...])
        return (output, scanner.excesses)
    }
}

extension Int {
    /// "52,428,800": thousands grouped with commas, as the diagnostics write figures.
    public var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
