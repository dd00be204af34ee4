import Foundation
import GlimpseCore
import GlimpseShots

/// A gallery's widgets as markup, read back from its detail pages (libxml2): for each page, each
/// frame's, storyboard step's and placeholder's widget root in every scheme; and the stylesheets
/// the pages link, as file URLs, to draw them with.
package struct GalleryMarkup: Sendable {
    /// Page path → anchor → scheme → markup.
    private var pages: [String: [String: [(scheme: String, markup: String)]]]
    /// The stylesheets the pages link, resolved against the gallery.
    package var stylesheets: [URL]

    /// Markup already read: page path → anchor → each scheme's widget root.
    init(pages: [String: [String: [(scheme: String, markup: String)]]], stylesheets: [URL] = []) {
        self.pages = pages
        self.stylesheets = stylesheets
    }

    /// Reads `paths` of `gallery`, `width` pages at a time.
    ///
    /// - Throws: `GalleryError.unreadable` naming a page that cannot be read or parsed.
    package static func read(
        _ gallery: Gallery, pages paths: Set<String>, width: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async throws -> GalleryMarkup {
        let sorted = paths.sorted()
        let read = try await sorted.parallelMap(width: width) { path -> (String, FrameMarkup.Page) in
            let url = gallery.page(path)
            do {
                return (path, try FrameMarkup.read(try Gallery.read(url, limit: FrameMarkup.maximumPageBytes)))
            } catch let error as GalleryError {
                throw error
            } catch {
                throw GalleryError.unreadable(url.path, "\(error)")
            }
        }
        var markup = GalleryMarkup(pages: [:], stylesheets: [])
        for (path, page) in read {
            var anchors: [String: [(scheme: String, markup: String)]] = [:]
            for widget in page.widgets { anchors[widget.anchor, default: []].append((widget.scheme, widget.markup)) }
            markup.pages[path] = anchors
            if markup.stylesheets.isEmpty {
                let base = gallery.page(path)
                markup.stylesheets = page.stylesheets.compactMap {
                    URL(string: $0, relativeTo: base)?.standardizedFileURL
                }
                .filter { $0.isFileURL }
            }
        }
        return markup
    }

    /// The widget roots of `anchor` on `page`, scheme by scheme in page order; empty when the page
    /// has no such anchor.
    package func widgets(page: String, anchor: String) -> [(scheme: String, markup: String)] {
        pages[page]?[anchor] ?? []
    }
}
