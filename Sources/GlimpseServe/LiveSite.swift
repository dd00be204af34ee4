import Foundation
import GlimpseCore
import GlimpseSite
import GlimpseTemplates
import Synchronization

/// The gallery as `glimpse serve` holds it: in memory, built whole once, then unit by unit as the
/// files each unit read change. Rebuilds are serialised (this is an actor); readers take the
/// current `ServedGallery`, which a rebuild replaces only once it has finished.
package actor LiveSite {
    package let builder: GalleryBuilder
    /// The gallery being served, swapped whole.
    package nonisolated let current: Mutex<ServedGallery>
    private var units: [String: RenderedUnit] = [:]
    private var sidebars: [String: String] = [:]
    /// What the last good build shared among its units: a rebuild loads again only the parts a
    /// changed path is in (`GalleryBuilder.prepare(reusing:changed:)`).
    private var inputs: BuildInputs?
    /// Paths changed while the build was failing: the rebuild that succeeds must see them too.
    private var unbuilt: Set<String> = []
    /// How many times each unit was rendered: what the tests of dependency tracking read.
    package private(set) var renderCounts: [String: Int] = [:]
    /// How many times each unit's pages alone were rendered again from its kept widgets.
    package private(set) var pageRenderCounts: [String: Int] = [:]

    package init(builder: GalleryBuilder) {
        self.builder = builder
        current = Mutex(ServedGallery())
    }

    /// Builds every unit again (`changed == nil`), or the units `changed` reaches and those the
    /// build did not have. A broken content file or template leaves the last good gallery served,
    /// with the failure beside it.
    @discardableResult
    package func rebuild(changed: Set<String>? = nil) async -> LiveUpdate {
        let previous = current.withLock { $0 }
        let changed = changed.map { $0.union(unbuilt) }
        var clock = RebuildClock()
        do {
            let inputs = try await builder.prepare(reusing: inputs, changed: changed)
            clock.lap(\.load)
            let rendered = try await render(stale(inputs, changed: changed), with: inputs)
            clock.lap(\.render)
            let next = keep(rendered, of: inputs)
            let ordered = inputs.units.compactMap { next[$0.id] }
            let files = Mutex<[String: Data]>([:])
            for unit in ordered {
                for page in unit.pages { files.withLock { $0[page.path] = page.data } }
            }
            let gallery = try await builder.assemble(ordered, with: inputs) { path, data in
                files.withLock { $0[path] = data }
            }
            clock.lap(\.assemble)
            var snapshot = Self.snapshot(files.withLock { $0 }, gallery: gallery, units: next, of: inputs)
            snapshot.generation = previous.generation + 1
            let changedFiles = Self.changedFiles(&snapshot, since: previous)
            units = next
            unbuilt = []
            self.inputs = inputs
            sidebars = Dictionary(
                inputs.units.map { ($0.app.id, inputs.sidebar(app: $0.app.id)) },
                uniquingKeysWith: { first, _ in first })
            current.withLock { $0 = snapshot }
            clock.lap(\.swap)
            return LiveUpdate(
                generation: snapshot.generation, changedFiles: changedFiles, renderedUnits: rendered.map(\.id).sorted(),
                failure: nil, recovered: previous.failure != nil, timings: clock.timings)
        } catch {
            let failure = BuildFailure(error)
            unbuilt.formUnion(changed ?? [])
            current.withLock { $0.failure = failure }
            return LiveUpdate(
                generation: previous.generation, changedFiles: [], renderedUnits: [], failure: failure, recovered: false
            )
        }
    }

    /// A unit to render again, with what it rendered before when only its pages need to be.
    struct Stale: Sendable {
        var unit: RenderUnit
        var pagesOnly: RenderedUnit?
    }

    /// Each unit `changed` reaches (or every unit, for `nil`), and each the build did not have:
    /// its pages alone again when only their own templates or the sidebar changed, else all of it.
    func stale(_ inputs: BuildInputs, changed: Set<String>?) -> [Stale] {
        inputs.units.compactMap { unit in
            guard let old = units[unit.id], let changed else { return Stale(unit: unit) }
            let reached = old.inputs.filter { Dependencies.reaches(changed, inputs: [$0]) }
            let sidebarChanged = sidebars[unit.app.id] != inputs.sidebar(app: unit.app.id)
            guard !reached.isEmpty || sidebarChanged else { return nil }
            return Stale(
                unit: unit, pagesOnly: reached.allSatisfy { old.pageOnlyTemplates.contains($0.path) } ? old : nil)
        }
    }

    /// `stale`'s units rendered again, in parallel.
    func render(
        _ stale: [Stale], with inputs: BuildInputs
    ) async throws -> [(id: String, unit: RenderedUnit, pagesOnly: Bool)] {
        let builder = self.builder
        return try await stale.parallelMap(width: builder.options.run.parallelism) { item in
            if let old = item.pagesOnly, let pages = try await builder.renderPages(item.unit, of: old, with: inputs) {
                return (item.unit.id, pages, true)
            }
            return (item.unit.id, try await builder.render(item.unit, with: inputs, keepWidgets: true), false)
        }
    }

    /// The build's units: those rendered again, and the rest as they were; each render counted.
    func keep(
        _ rendered: [(id: String, unit: RenderedUnit, pagesOnly: Bool)], of inputs: BuildInputs
    ) -> [String: RenderedUnit] {
        var next: [String: RenderedUnit] = [:]
        for unit in inputs.units { next[unit.id] = units[unit.id] }
        for (id, unit, pagesOnly) in rendered {
            next[id] = unit
            if pagesOnly { pageRenderCounts[id, default: 0] += 1 } else { renderCounts[id, default: 0] += 1 }
        }
        return next
    }

    /// The gallery as served: its files, its diagnostics to show, and each page's unit, entry and
    /// scenario clock.
    static func snapshot(
        _ files: [String: Data], gallery: BuiltGallery, units: [String: RenderedUnit], of inputs: BuildInputs
    ) -> ServedGallery {
        var snapshot = ServedGallery()
        snapshot.files = files
        snapshot.diagnostics = gallery.diagnostics.filter { $0.diagnostic.severity > .info }
            .map { $0.description + ($0.expected ? " (expected by the scenario)" : "") }
        for unit in inputs.units {
            snapshot.scenarioClocks[unit.id] = unit.scenario.now
            for entry in units[unit.id]?.manifestEntries ?? [] {
                snapshot.pageUnits[entry.page] = unit.id
                snapshot.entries[entry.page] = entry.entry
            }
        }
        return snapshot
    }

    /// The files whose bytes differ from `previous`'s; each file but the pages given its
    /// validator, kept where its bytes are.
    static func changedFiles(_ snapshot: inout ServedGallery, since previous: ServedGallery) -> Set<String> {
        let changed = Set(snapshot.files.keys).union(previous.files.keys).filter {
            snapshot.files[$0] != previous.files[$0]
        }
        for (path, data) in snapshot.files where !path.hasSuffix(".html") {
            snapshot.etags[path] = changed.contains(path) ? etag(data) : previous.etags[path] ?? etag(data)
        }
        return changed
    }

    /// A validator for a file's bytes (FNV-1a, 64 bits): assets and fonts are answered 304 when
    /// the browser has them, so a reload fetches only what changed.
    static func etag(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return "\"\(String(hash, radix: 16))-\(data.count)\""
    }

    /// What each served unit read when it was last rendered.
    package func recordedInputs() -> [String: Set<BuildInput>] {
        units.mapValues(\.inputs)
    }
}

/// One version of the served gallery.
package struct ServedGallery: Sendable {
    /// 0 before the first build; one more at each swap.
    package var generation = 0
    /// Path in the gallery → bytes, as `glimpse build` writes them.
    package var files: [String: Data] = [:]
    /// Each file but the pages → its validator (`ETag`).
    package var etags: [String: String] = [:]
    /// A widget page → the unit (`<app>/<scenario>`) it belongs to.
    package var pageUnits: [String: String] = [:]
    /// A widget page → its entry in `manifest.json`: its frames' anchors and times.
    package var entries: [String: Data] = [:]
    /// A unit → the clock its scenario pins, if it does.
    package var scenarioClocks: [String: Date] = [:]
    /// Each diagnostic as the command line prints it.
    package var diagnostics: [String] = []
    /// Why the last rebuild failed; `nil` when the files served are the current ones.
    package var failure: BuildFailure?

    package init() {}
}

/// What a rebuild did, for the live-reload hub.
package struct LiveUpdate: Sendable {
    package var generation: Int
    /// Paths whose bytes differ from the previous generation's, added and removed ones included.
    package var changedFiles: Set<String>
    /// Units rendered again.
    package var renderedUnits: [String]
    package var failure: BuildFailure?
    /// The rebuild fixed the previous failure.
    package var recovered: Bool
    /// Where the rebuild's time went; `nil` for one that failed.
    package var timings: RebuildTimings?
}

/// Where a rebuild's time went: loading what units share, rendering the units a change reached,
/// assembling the pages every unit shares (index, app pages, manifest, assets), and swapping the
/// new snapshot in (comparing it with the last, for the pages to reload).
package struct RebuildTimings: Sendable {
    package var load: Duration = .zero
    package var render: Duration = .zero
    package var assemble: Duration = .zero
    package var swap: Duration = .zero
}

/// Times the phases of one rebuild, each from the end of the one before.
struct RebuildClock {
    var timings = RebuildTimings()
    private var last = ContinuousClock.now

    mutating func lap(_ phase: WritableKeyPath<RebuildTimings, Duration>) {
        let now = ContinuousClock.now
        timings[keyPath: phase] = now - last
        last = now
    }
}

/// A build error as the browser's overlay shows it: the file, the line when the message has one,
/// and the message, as on the command line.
package struct BuildFailure: Sendable, Equatable, Encodable {
    package var file: String?
    package var line: Int?
    package var message: String

    init(_ error: any Error) {
        message = "error: \(error)"
        if let site = error as? SiteError {
            switch site {
            case .missingCopy(let file), .unreadable(let file, _), .invalidScenario(let file, _),
                .invalidContent(let file, _):
                self.file = file
            case .badOption, .cannotWrite: file = nil
            }
        } else if let template = error as? TemplateError {
            file = template.file
        }
        line = Self.line(in: message)
    }

    /// The first "line N" (or "line: N") in a message, or the N of YAML's "file:N:M:".
    static func line(in message: String) -> Int? {
        for pattern in [#"line:? ?\d+"#, #":\d+:\d+:"#] {
            guard let range = message.range(of: pattern, options: [.regularExpression, .caseInsensitive]) else {
                continue
            }
            return Int(message[range].drop { !$0.isNumber }.prefix { $0.isNumber })
        }
        return nil
    }
}
