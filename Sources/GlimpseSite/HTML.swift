/// HTML escaping for text and attribute values built in Swift (templates escape their own).
enum HTML {
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\0": result += "\u{FFFD}"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
