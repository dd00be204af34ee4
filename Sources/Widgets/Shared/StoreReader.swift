import AppGroupStore
import Foundation
import GlimpseCore

/// What reading one file of a store came to.
public enum StoreRead<Value> {
    /// The scenario has no store at all.
    case noStore
    /// The app's container, or the file, is not there: a diagnostic says which.
    case absent
    /// The file is there but cannot be read or is not what the app writes: a diagnostic says why.
    case unreadable
    case read(Value)

    /// The value read, if any.
    public var value: Value? {
        if case .read(let value) = self { return value }
        return nil
    }

    /// Whether the file was there but could not be read.
    public var isUnreadable: Bool {
        if case .unreadable = self { return true }
        return false
    }

    /// The same outcome with `transform`'s value, when there is one.
    public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> StoreRead<Other> {
        switch self {
        case .noStore: .noStore
        case .absent: .absent
        case .unreadable: .unreadable
        case .read(let value): .read(try transform(value))
        }
    }
}

extension StoreRead where Value == Never {
    /// The same outcome, for a value of any type: there is none.
    func withValue<Other>() -> StoreRead<Other> {
        switch self {
        case .noStore: .noStore
        case .absent: .absent
        case .unreadable: .unreadable
        }
    }
}

/// An app's container in a scenario's store, read the way every app reads it: a store, container
/// or file that is missing, and a file that cannot be read, each come out as a `StoreRead` for the
/// app to turn into a state, with a diagnostic naming the file; each file read is kept as an
/// excerpt for the inspector.
public struct StoreReader {
    public private(set) var diagnostics: [Diagnostic] = []
    public private(set) var excerpts: [StoreExcerpt] = []
    private let container: GroupContainer?
    /// Why there is no container, when there is none.
    private let noContainer: StoreRead<Never>

    /// The longest excerpt of a file kept for the inspector.
    public static let excerptBytes = Limits.storeExcerpt.value

    public init(_ store: StoreRoot?, containerIdentifier: String) {
        self.init(store, containers: [containerIdentifier])
    }

    /// The first of `identifiers` the store has: the real app's group first, then the identifiers
    /// the container is also known by (the spec's example, a group Glimpse read before). Without
    /// any, the `info` note names the first.
    public init(_ store: StoreRoot?, containers identifiers: [String]) {
        guard let store else {
            container = nil
            noContainer = .noStore
            return
        }
        let found = identifiers.first { store.containers[$0] != nil } ?? identifiers.first ?? ""
        do {
            container = try store.container(found)
            noContainer = .noStore
        } catch {
            container = nil
            noContainer = if case .containerMissing = error { .absent } else { .unreadable }
            diagnostics.append(error.diagnostic)
        }
    }

    /// The identifier of the container found, if any.
    public var containerIdentifier: String? { container?.identifier }

    /// Whether `path` is in the container (something there that cannot be read counts: its read
    /// names the problem).
    public func fileExists(_ path: String) -> Bool {
        container?.fileExists(path) ?? false
    }

    /// Whether the app's container is in the store: an app that has never been opened has none.
    public var hasContainer: Bool { container != nil }

    /// How the user names `path` of the container in messages.
    public func displayPath(_ path: String) -> String {
        container?.displayPath(path) ?? path
    }

    /// `path`'s bytes, kept as an excerpt, then `decode`d (given the bytes and the file's display
    /// path), with what `decode` found wrong.
    ///
    /// JSON is bounded first (`StoreJSON.bounded`), and the bounding and `decode` count against
    /// the store's timeout, as its reads do: past it the widget shows its fallback.
    ///
    /// - Parameters:
    ///   - path: the file, relative to the container.
    ///   - ifMissing: what the widget shows when the container has no such file, for the
    ///     warning "file not found; <ifMissing>".
    ///   - decode: the app's value of the bytes, and what it found wrong; what it throws makes the
    ///     read `.unreadable`, with a diagnostic.
    public mutating func read<Value: Sendable>(
        _ path: String, ifMissing: String,
        decode: @escaping @Sendable (_ bytes: Data, _ file: String) throws -> (Value, [Diagnostic])
    ) -> StoreRead<Value> {
        switch data(path, ifMissing: ifMissing) {
        case .failed(let outcome): return outcome.withValue()
        case .bytes(let bytes, let file): return decoding(bytes, file: file, decode: decode)
        }
    }

    /// `bytes`, read from `file` by other means (a cell of a database), entered as `read` enters a
    /// file's: bounded if JSON, kept as an excerpt, then `decode`d, within the store's timeout.
    ///
    /// - Parameters:
    ///   - bytes: what was read.
    ///   - file: the display path of where it was read, named in diagnostics and the excerpt.
    ///   - maximumMembers: the most members one object of the JSON may have
    ///     (`StoreJSON.bounded`), counted before anything decodes it.
    ///   - decode: as `read(_:ifMissing:decode:)`'s.
    public mutating func decoding<Value: Sendable>(
        _ bytes: Data, file: String, maximumMembers: Int? = nil,
        decode: @escaping @Sendable (_ bytes: Data, _ file: String) throws -> (Value, [Diagnostic])
    ) -> StoreRead<Value> {
        guard let budget = container?.budget else { return .unreadable }
        let entered: Entered<Value>
        do {
            entered = try budget.run(file) { () throws(StoreError) -> Entered<Value> in
                try Self.enter(bytes, file: file, maximumMembers: maximumMembers, decode: decode)
            }
        } catch {
            note(error.diagnostic)
            return .unreadable
        }
        diagnostics += entered.bounds
        keep(StoreExcerpt(file: file, text: String(decoding: entered.bytes.prefix(Self.excerptBytes), as: UTF8.self)))
        return decoding(file) { try entered.decoded.get() }
    }

    /// What `read` makes of a file's bytes: bounded if JSON, then decoded.
    private struct Entered<Value: Sendable>: Sendable {
        var bytes: Data
        var bounds: [Diagnostic]
        var decoded: Result<(Value, [Diagnostic]), any Error>
    }

    private static func enter<Value: Sendable>(
        _ bytes: Data, file: String, maximumMembers: Int? = nil, decode: (Data, String) throws -> (Value, [Diagnostic])
    ) throws(StoreError) -> Entered<Value> {
        // Whitespace and a UTF-8 byte-order mark may come before JSON's first `{` or `[`.
        let json = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) })
            .map { $0 == 0x7B || $0 == 0x5B }
        var entered = bytes
        var bounds: [Diagnostic] = []
        if json == true {
            (entered, bounds) = try StoreJSON.bounded(bytes, file: file, maximumMembers: maximumMembers)
        }
        let data = entered
        return Entered(bytes: entered, bounds: bounds, decoded: Result { try decode(data, file) })
    }

    /// A UserDefaults suite (`Library/Preferences/<suite>.plist`), XML or binary, kept as an excerpt
    /// of its keys and values.
    public mutating func suite(_ path: String, ifMissing: String) -> StoreRead<UserDefaultsSuite> {
        let (bytes, file): (Data, String)
        switch data(path, ifMissing: ifMissing) {
        case .failed(let outcome): return outcome.withValue()
        case .bytes(let read, let name): (bytes, file) = (read, name)
        }
        let suite = decoding(file) { () throws -> (UserDefaultsSuite, [Diagnostic]) in
            let suite = try UserDefaultsSuite(data: bytes, file: file)
            let notes = suite.longStrings.map { long in
                Diagnostic(
                    .warning,
                    "\(long.key): a string of \(long.characters.grouped) characters, shortened to "
                        + "\(Limits.storeString.value.grouped) (store-string, docs/LIMITS.md)",
                    file: file)
            }
            return (suite, notes)
        }
        if let suite = suite.value {
            let lines = suite.values.keys.sorted().map { "\($0) = \(suite.values[$0]!.displayText)" }
            keep(StoreExcerpt(file: file, text: lines.joined(separator: "\n")))
        }
        return suite
    }

    /// Every row of `table` in the SQLite database at the first of `paths` that exists, each given
    /// to `body`: a store of any size is read a row at a time. `.absent`, with an `info` note, when
    /// none of `paths` exists (an app writes its database with its first record).
    ///
    /// - Parameters:
    ///   - table: the table, and the columns the widget reads from it.
    ///   - paths: where the database may be, relative to the container; the first that exists is read.
    ///   - ifMissing: the note: what the widget shows without a database.
    ///   - body: given each row in turn, to keep what it needs of it.
    public mutating func rows(
        of table: SQLiteTable, at paths: [String], ifMissing: String, _ body: (SQLiteRow) -> Void
    ) -> StoreRead<(read: SQLiteTableRead, file: String)> {
        rows(of: [table], at: paths, ifMissing: ifMissing, body)
    }

    /// `rows(of:at:ifMissing:_:)` for the first of `layouts` the table has whole
    /// (`SQLiteSnapshot.forEachRow(of:in:container:limit:_:)`); the read's `layout` says which.
    public mutating func rows(
        of layouts: [SQLiteTable], at paths: [String], ifMissing: String, _ body: (SQLiteRow) -> Void
    ) -> StoreRead<(read: SQLiteTableRead, file: String)> {
        guard let container else { return noContainer.withValue() }
        guard let path = paths.first(where: container.fileExists) else {
            note(Diagnostic(.info, ifMissing, file: container.displayPath(paths[0])))
            return .absent
        }
        do {
            let read = try SQLiteSnapshot.forEachRow(of: layouts, in: path, container: container, body)
            return .read((read, container.displayPath(path)))
        } catch {
            note(error.diagnostic)
            return .unreadable
        }
    }

    /// A diagnostic of the app's own, about what it read.
    public mutating func note(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// An excerpt of the app's own, for what it read by other means (a summary of a table).
    public mutating func keep(_ excerpt: StoreExcerpt) {
        var excerpt = excerpt
        if excerpt.text.utf8.count > Self.excerptBytes {
            excerpt.text = String(decoding: excerpt.text.utf8.prefix(Self.excerptBytes), as: UTF8.self) + "…"
        }
        excerpts.append(excerpt)
    }

    /// A file's bytes and display path, or why there are none.
    private enum Fetched {
        case bytes(Data, file: String)
        case failed(StoreRead<Never>)
    }

    /// `path`'s bytes; a missing container or file as `.absent`, a file that cannot be read as
    /// `.unreadable`, each with its diagnostic.
    private mutating func data(_ path: String, ifMissing: String) -> Fetched {
        guard let container else { return .failed(noContainer) }
        do {
            return .bytes(try container.data(at: path), file: container.displayPath(path))
        } catch .fileMissing(let missing) {
            note(Diagnostic(.warning, "file not found; \(ifMissing)", file: missing))
            return .failed(.absent)
        } catch {
            note(error.diagnostic)
            return .failed(.unreadable)
        }
    }

    /// `decode`'s value and what it found wrong; what it throws as `.unreadable` with its diagnostic.
    private mutating func decoding<Value>(
        _ file: String, _ decode: () throws -> (Value, [Diagnostic])
    ) -> StoreRead<Value> {
        do {
            let (value, found) = try decode()
            diagnostics += found
            return .read(value)
        } catch let error as StoreError {
            note(error.diagnostic)
        } catch {
            note(Diagnostic(.warning, "\(error)", file: file))
        }
        return .unreadable
    }
}
