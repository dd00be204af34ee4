import Foundation

/// Which fonts the browser drew a sheet's text with: what `MissingFont.find` reads, when a camera
/// records fonts.
extension SheetCamera {
    /// The fonts the browser drew the current sheet's text with (`CSS.getPlatformFontsForNode`): "Inter-Bold (gallery)"
    /// for a face of the gallery's own font, "Noto Color Emoji (system)" and the like for the system's fallbacks. One
    /// element is asked for each kind of text (its font, weight and style, and the Unicode blocks of its characters),
    /// at most `limit`; each comes back with its text.
    func fontsUsed(limit: Int = 200) async throws -> Set<DrawnText> {
        _ = try await evaluate(Self.markingScript(limit: limit))
        _ = try await send("DOM.enable")
        _ = try await send("CSS.enable")
        // The domains are turned off again whatever happens: left on, they report every later sheet's changes.
        let marked: Result<Set<DrawnText>, any Error>
        do {
            marked = .success(try await markedTexts())
        } catch {
            marked = .failure(error)
        }
        _ = try? await send("CSS.disable")
        _ = try? await send("DOM.disable")
        return try marked.get()
    }

    /// Each element `markingScript` marked, with the fonts it was drawn with (the DOM and CSS domains on).
    private func markedTexts() async throws -> Set<DrawnText> {
        let document = try await send("DOM.getDocument", ["depth": 0])
        guard let root = (document["root"] as? [String: Any])?["nodeId"] as? Int else { return [] }
        let nodes =
            try await send("DOM.querySelectorAll", ["nodeId": root, "selector": "[data-glimpse-font]"])["nodeIds"]
            as? [Int] ?? []
        return try await withThrowingTaskGroup(of: DrawnText.self) { group in
            for node in nodes {
                group.addTask { try await self.drawnText(ofNode: node) }
            }
            var all = Set<DrawnText>()
            for try await drawn in group { all.insert(drawn) }
            return all
        }
    }

    /// The script that marks one element of each kind of text on the sheet, at most `limit`, with
    /// its text (`data-glimpse-font`, the first 60 characters), the marks of the last sheet removed.
    static func markingScript(limit: Int) -> String {
        """
        (() => {
          const seen = new Set();
          let marked = 0;
          for (const element of document.querySelectorAll('#sheet *')) {
            element.removeAttribute('data-glimpse-font');
            let text = '';
            for (const node of element.childNodes) if (node.nodeType === 3) text += node.nodeValue;
            if (!text.trim() || marked >= \(limit)) continue;
            const style = getComputedStyle(element);
            const blocks = new Set(Array.from(text, character => character.codePointAt(0) >> 7));
            const key = [style.fontFamily, style.fontWeight, style.fontStyle, ...Array.from(blocks).sort()]
              .join('|');
            if (seen.has(key)) continue;
            seen.add(key);
            element.setAttribute('data-glimpse-font', Array.from(text.trim()).slice(0, 60).join(''));
            marked += 1;
          }
          return marked;
        })()
        """
    }

    /// The text a marked element holds, with the fonts the browser drew it with.
    private func drawnText(ofNode node: Int) async throws -> DrawnText {
        let fonts =
            try await send("CSS.getPlatformFontsForNode", ["nodeId": node])["fonts"] as? [[String: Any]] ?? []
        let names = fonts.compactMap { font -> String? in
            guard let family = font["familyName"] as? String else { return nil }
            // The gallery's own fonts by their face ("Inter-Bold"); the system's by family.
            if font["isCustomFont"] as? Bool == true {
                return "\(font["postScriptName"] as? String ?? family) (gallery)"
            }
            return "\(family) (system)"
        }
        let text = try await send("DOM.getAttributes", ["nodeId": node])["attributes"] as? [String] ?? []
        let value =
            stride(from: 0, to: text.count - 1, by: 2).first { text[$0] == "data-glimpse-font" }.map {
                text[$0 + 1]
            } ?? ""
        return DrawnText(text: value, fonts: names.sorted())
    }
}
