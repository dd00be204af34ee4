import Foundation
import GlimpseCore
import GlimpseSite
import Synchronization
import WidgetTimeline
import Widgets

/// Renders a page as a toolbar query asks, on demand. A widget page renders its unit alone, with
/// the clock and the events applied; the index and app pages build the gallery in memory with the
/// options the query sets. What it renders is kept for the generation it was rendered from.
final class ViewRenderer: Sendable {
    let base: BuildOptions
    private let pages = Mutex<(generation: Int, pages: [String: RenderedView])>((0, [:]))
    private let galleries = Mutex<(generation: Int, files: [String: [String: Data]])>((0, [:]))
    /// Views kept per generation: a designer flips among a few; a crawler cannot fill memory.
    static let maximumKept = Limits.viewsKept.value

    init(base: BuildOptions) {
        self.base = base
    }

    /// A page as the view shows it, or `nil` when the gallery has no such page.
    ///
    /// - Throws: `ViewQueryError` for an event the app does not know; `SiteError` for broken content.
    func page(_ path: String, query: ViewQuery, snapshot: ServedGallery) async throws -> RenderedView? {
        let key = path + query.queryString
        if let kept = pages.withLock({ $0.generation == snapshot.generation ? $0.pages[key] : nil }) { return kept }
        let view: RenderedView?
        if let unitID = snapshot.pageUnits[path] {
            view = try await widgetPage(path, unitID: unitID, query: query)
        } else {
            view = try await galleryFile(path, query: query.withoutEvents, generation: snapshot.generation)
                .map { RenderedView(data: $0, entry: nil, scenarioClock: nil) }
        }
        if let view {
            pages.withLock { kept in
                if kept.generation != snapshot.generation || kept.pages.count >= Self.maximumKept {
                    kept = (snapshot.generation, [:])
                }
                kept.pages[key] = view
            }
        }
        return view
    }

    /// The options of `query`'s view of a page of the `page` variant (the primary's for pages that
    /// are no widget's): the query's axes over the page's own.
    func options(for query: ViewQuery, page: Variant? = nil) -> BuildOptions {
        var options = base
        let page = page ?? base.axes.primaryVariant
        let language = query.language(over: page.language)
        if query.device != nil || query.textSize != nil || language != nil {
            // One variant, as the primary: the page's own, with the query's axes over it.
            let device = query.device.flatMap(DeviceClass.named) ?? page.device
            let textSize = query.textSize.flatMap(TextSize.named) ?? page.textSize
            options = base.only(Variant(device: device, textSize: textSize, language: language ?? page.language))
        }
        if let now = query.now { options.run.now = now }
        if let zone = query.zone { options.run.timeZone = zone }
        return options
    }

    /// The variant whose pages `unitID` (`app/scenario.de_DE`) renders: the one whose suffix it
    /// ends with, the longest; the primary for none.
    func variant(ofUnit unitID: String) -> Variant {
        let primary = base.axes.primaryVariant
        return base.axes.variants.map { ($0, $0.suffix(against: primary)) }
            .filter { !$0.1.isEmpty && unitID.hasSuffix($0.1) }
            .max { $0.1.count < $1.1.count }?.0 ?? primary
    }

    private func widgetPage(_ path: String, unitID: String, query: ViewQuery) async throws -> RenderedView? {
        let builder = GalleryBuilder(options: options(for: query, page: variant(ofUnit: unitID)))
        let inputs = try await builder.prepare()
        // With a screen class or text size in the query, the unit is built alone as the primary: its id loses its
        // suffix.
        guard
            var unit = inputs.units.first(where: { $0.id == unitID })
                ?? inputs.units.filter({ unitID.hasPrefix("\($0.app.id)/\($0.scenario.name).") }).max(by: {
                    $0.id.count < $1.id.count
                })
        else { return nil }
        let pinned = unit.scenario.now
        if let now = query.now {
            unit.scenario.now = now
            unit.scenario.timeZone = query.zone ?? unit.scenario.timeZone
        }
        for event in query.events {
            guard unit.app.eventTypes.contains(where: { $0.name == event.type }) else {
                throw ViewQueryError(
                    "events: \"\(event.type)\" is not a \(unit.app.displayName) event; known: "
                        + unit.app.eventTypes.map(\.name).joined(separator: ", "))
            }
            unit.scenario.events.append(
                Scenario.Event(offset: TimeInterval(event.at), type: event.type, parameters: event.parameters))
        }
        let rendered = try await builder.render(unit, with: inputs)
        let family = String((path as NSString).lastPathComponent.prefix { $0 != "." })
        let folder = (path as NSString).deletingLastPathComponent
        guard
            let page = rendered.pages.first(where: { $0.path == path })
                ?? rendered.pages.first(where: { $0.path == "\(folder)/\(family).html" })
        else {
            throw ViewQueryError("device: the \(builder.options.axes.device.name) screen class has no \(family) widget")
        }
        return RenderedView(
            data: page.data, entry: rendered.manifestEntries.first { $0.page == page.path }?.entry,
            scenarioClock: query.now == nil ? nil : pinned)
    }

    private func galleryFile(_ path: String, query: ViewQuery, generation: Int) async throws -> Data? {
        let key = query.queryString
        if let files = galleries.withLock({ $0.generation == generation ? $0.files[key] : nil }) { return files[path] }
        let gallery = try await GalleryBuilder(options: options(for: query)).build()
        let files = Dictionary(gallery.files.map { ($0.path, $0.data) }, uniquingKeysWith: { _, last in last })
        galleries.withLock { kept in
            if kept.generation != generation || kept.files.count >= 4 { kept = (generation, [:]) }
            kept.files[key] = files
        }
        return files[path]
    }
}

/// A page rendered for a view.
struct RenderedView: Sendable {
    var data: Data
    /// The widget's manifest entry: its frames, for the toolbar.
    var entry: Data?
    /// The clock the scenario pins, when the view's clock replaced it.
    var scenarioClock: Date?
}
