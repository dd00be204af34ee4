import Foundation
import GlimpseFormat
import GlimpseGallery
import GlimpseShots

/// Which frames a changed shared asset can draw differently, as far as their classes tell. Frames
/// are drawn on a page with the galleries' stylesheets and nothing else (`SheetCamera`: no script
/// runs there), so a script reaches none, and a stylesheet reaches the frames its changed rules
/// could match: those whose markup has every class one of their selectors names. A necessary
/// condition, not a match: a frame it leaves out cannot be drawn differently.
enum AssetReach: Sendable, Equatable {
    /// Every frame: a font or another file the stylesheets use, a rule for any element (`:root`),
    /// an at-rule such as `@font-face`, a rule moved, a stylesheet that cannot be read as rules.
    case everything
    /// The frames whose classes include every class of one of these sets; none for no set.
    case classes(Set<Set<String>>)

    static let nothing = AssetReach.classes([])

    /// What `change`, one of a report's assets, reaches: nothing for a stylesheet changed only in
    /// its comments and spacing, or a script; for another stylesheet, what its changed rules reach
    /// (`StylesheetRules.reach(of:)`); every frame for anything else.
    static func of(_ change: DiffReport.AssetChange, base: Gallery, new: Gallery) -> AssetReach {
        if change.sameRules == true || change.path.hasSuffix(".js") { return .nothing }
        guard let (old, current) = rules(of: change, base: base, new: new),
            let changed = StylesheetRules.changedRules(old, current)
        else { return .everything }
        return StylesheetRules.reach(of: changed)
    }

    /// What each selector's changed rules of `change`, a stylesheet's, reach, in the order of
    /// `StylesheetRules.selectorChanges`; nil when it is not told rule by rule.
    static func bySelector(_ change: DiffReport.AssetChange, base: Gallery, new: Gallery) -> [AssetReach]? {
        guard change.sameRules != true, let (old, current) = rules(of: change, base: base, new: new) else { return nil }
        return StylesheetRules.selectorChanges(old, current)?.map(\.reach)
    }

    /// The rules of a changed stylesheet on each side; nil for another file, or a stylesheet that
    /// cannot be read as rules.
    static func rules(
        of change: DiffReport.AssetChange, base: Gallery, new: Gallery
    ) -> ([StylesheetRules.Rule], [StylesheetRules.Rule])? {
        guard change.path.hasSuffix(".css"),
            let before = stylesheet(change.path, in: base), let after = stylesheet(change.path, in: new),
            let old = StylesheetRules.rules(of: before), let current = StylesheetRules.rules(of: after)
        else { return nil }
        return (old, current)
    }

    /// The stylesheet at `path` as `StylesheetRules.normalized` wrote it: empty when `gallery` has
    /// none there (every rule of the other side is a change), nil when it was not kept.
    private static func stylesheet(_ path: String, in gallery: Gallery) -> Data? {
        gallery.assets[path] == nil ? Data() : gallery.stylesheets[path]
    }

    /// Whether a frame must be read to know if it is reached: neither none nor every one is.
    var readsMarkup: Bool {
        guard case .classes(let sets) = self else { return false }
        return !sets.isEmpty
    }

    /// Whether it reaches a frame drawn with `classes` (nil: classes that could not be read, as any).
    func reaches(_ classes: Set<String>?) -> Bool {
        switch self {
        case .everything: return true
        case .classes(let sets):
            guard let classes else { return !sets.isEmpty }
            return sets.contains { $0.isSubset(of: classes) }
        }
    }

    /// Every class a frame is drawn with: each in a `class="…"` of its markup (as the pages write
    /// them, in double quotes), and its cell's on the camera's page. Nil when a class attribute is
    /// written otherwise, or holds a character reference, which this does not read.
    static func classes(of markup: String) -> Set<String>? {
        let bytes = Array(markup.utf8)
        var classes: Set<String> = [SheetCamera.cellClass]
        var index = 0
        while let name = nextClassName(bytes, from: index) {
            var at = skippingSpaces(bytes, from: name + 5)
            guard at < bytes.count, bytes[at] == equals else {
                index = at
                continue
            }
            at = skippingSpaces(bytes, from: at + 1)
            guard at < bytes.count, bytes[at] == quote,
                let close = bytes[(at + 1)...].firstIndex(of: quote),
                !bytes[(at + 1)..<close].contains(ampersand)
            else { return nil }
            for word in bytes[(at + 1)..<close].split(whereSeparator: { StylesheetRules.isSpace($0) }) {
                classes.insert(String(decoding: word, as: UTF8.self))
            }
            index = close + 1
        }
        return classes
    }

    /// The index of the next `class`, in any case, from `start`.
    private static func nextClassName(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 5 <= bytes.count {
            // ASCII letters are one bit from their capitals; no other byte is that bit from these.
            if bytes[index] | 0x20 == 0x63, bytes[index + 1] | 0x20 == 0x6C, bytes[index + 2] | 0x20 == 0x61,
                bytes[index + 3] | 0x20 == 0x73, bytes[index + 4] | 0x20 == 0x73
            {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func skippingSpaces(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count && StylesheetRules.isSpace(bytes[index]) { index += 1 }
        return index
    }

    private static let equals: UInt8 = 0x3D
    private static let quote: UInt8 = 0x22
    private static let ampersand: UInt8 = 0x26
}
