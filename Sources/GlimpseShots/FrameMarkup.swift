import CLibXML2
import Foundation
import GlimpseCore

/// The widgets on a gallery's detail page, read back with libxml2's HTML parser (Debian:
/// libxml2-dev): each full-size widget root (`data-family` and `data-scheme`) with the anchor of
/// what it belongs to: a frame (`t-0930`), a storyboard step (`tap-1`), or the placeholder.
package enum FrameMarkup {
    /// One widget root, as markup that renders alone with the gallery's stylesheet.
    package struct Widget: Sendable, Equatable {
        /// The frame's or step's anchor, or `placeholder`.
        package var anchor: String
        /// `light`, `dark`, `tinted`, `clear-light`, `clear-dark`, `tinted-26`, `vibrant-light` or `vibrant-dark`.
        package var scheme: String
        package var markup: String
    }

    /// The anchor of the placeholder's widgets, which have none on the page.
    package static let placeholderAnchor = "placeholder"

    /// The largest page read: a detail page of a widget with a thousand frames is about 5 MB.
    package static let maximumPageBytes = Limits.pageFile.value

    /// What a page holds that a widget needs to be drawn alone.
    package struct Page: Sendable, Equatable {
        /// Every full-size widget root, in document order.
        package var widgets: [Widget]
        /// The `href` of each `<link rel="stylesheet">`, in order, as written (relative to the page).
        package var stylesheets: [String]
    }

    /// Reads `page`'s widgets and stylesheets.
    ///
    /// - Throws: `MarkupError` when the page is too large or libxml2 cannot parse it at all.
    package static func read(_ page: Data) throws(MarkupError) -> Page {
        guard page.count <= maximumPageBytes else {
            throw MarkupError(reason: "larger than \(maximumPageBytes >> 20) MiB")
        }
        _ = initialized
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue)
        let document = page.withUnsafeBytes { bytes in
            htmlReadMemory(
                bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), "page.html", "UTF-8",
                options)
        }
        guard let document else { throw MarkupError(reason: "libxml2 could not parse it as HTML") }
        defer { xmlFreeDoc(document) }
        var found = Page(widgets: [], stylesheets: [])
        collect(xmlDocGetRootElement(document), anchor: nil, document: document, into: &found)
        return found
    }

    /// libxml2 must be set up once before threads use it.
    private static let initialized: Void = xmlInitParser()

    private static func collect(_ start: xmlNodePtr?, anchor: String?, document: htmlDocPtr, into found: inout Page) {
        var node = start
        while let current = node {
            defer { node = current.pointee.next }
            guard current.pointee.type == XML_ELEMENT_NODE else { continue }
            if let scheme = attribute(current, "data-scheme"), attribute(current, "data-family") != nil {
                if let anchor {
                    found.widgets.append(Widget(anchor: anchor, scheme: scheme, markup: serialized(current, document)))
                }
                continue
            }
            var inner = anchor
            let name = String(cString: current.pointee.name)
            if name == "link",
                attribute(current, "rel")?.lowercased().split(separator: " ").contains("stylesheet") == true,
                let href = attribute(current, "href")
            {
                found.stylesheets.append(href)
            }
            if name == "section" || name == "li", let id = attribute(current, "id") {
                inner = id
            }
            if name == "section", let classes = attribute(current, "class"),
                classes.split(separator: " ").contains("placeholder")
            {
                inner = placeholderAnchor
            }
            collect(current.pointee.children, anchor: inner, document: document, into: &found)
        }
    }

    private static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        var attribute = node.pointee.properties
        while let current = attribute {
            if String(cString: current.pointee.name) == name {
                var value = ""
                var child = current.pointee.children
                while let text = child {
                    if let content = text.pointee.content { value += String(cString: content) }
                    child = text.pointee.next
                }
                return value
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// The element as HTML, unformatted: no whitespace added or dropped.
    private static func serialized(_ node: xmlNodePtr, _ document: htmlDocPtr) -> String {
        guard let buffer = xmlAllocOutputBuffer(nil) else { return "" }
        defer { xmlOutputBufferClose(buffer) }
        htmlNodeDumpFormatOutput(buffer, document, node, "UTF-8", 0)
        xmlOutputBufferFlush(buffer)
        guard let content = xmlOutputBufferGetContent(buffer) else { return "" }
        return String(
            decoding: UnsafeBufferPointer(start: content, count: Int(xmlOutputBufferGetSize(buffer))), as: UTF8.self)
    }
}

/// Why a page's widgets could not be read.
package struct MarkupError: Error, CustomStringConvertible {
    package var reason: String
    package var description: String { reason }
}
