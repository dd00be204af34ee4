/// The pass `JSONBounds` makes: bytes in, fed in chunks, with where it is (the containers it is in,
/// the member or item of each) and what it found.
extension JSONBounds {
    struct Scanner {
        let bounds: JSONBounds
        /// Stop at the first excess (a check), or go on to the end (capping).
        let stopAtFirst: Bool
        /// Record where each long string is to be cut.
        var capping = false
        private(set) var excesses: [Excess] = []
        /// Byte ranges to replace with "…": from the cut to the closing quote, not included.
        private(set) var cuts: [(start: Int, end: Int)] = []

        private struct Frame {
            var isArray: Bool
            /// The item of an array, counted from 0.
            var index = 0
            /// In an object: whether a key comes next, and the last key read (its first 64 bytes).
            var expectsKey = true
            var key: [UInt8] = []
            /// In an object: its members after the first (one for each comma).
            var members = 0
        }

        private var stack: [Frame] = []
        private var inString = false
        private var isKey = false
        private var keyBytes: [UInt8] = []
        /// 0: not in an escape; 1: after the backslash; 2 to 5: in `\uXXXX`'s digits.
        private var escape = 0
        private var unit: UInt32 = 0
        /// The last escape was a high surrogate, which a cut must not leave alone.
        private var highSurrogateAt: Int?
        private var characters = 0
        private var cutAt: Int?
        private var overDepth = false

        init(bounds: JSONBounds, stopAtFirst: Bool, capping: Bool = false) {
            self.bounds = bounds
            self.stopAtFirst = stopAtFirst
            self.capping = capping
        }

        var done: Bool { stopAtFirst && !excesses.isEmpty }

        mutating func feed(_ bytes: UnsafeRawBufferPointer, at base: Int) {
            var index = 0
            while index < bytes.count, !done {
                let byte = bytes[index]
                if inString {
                    string(byte, at: base + index)
                } else {
                    structure(byte, at: base + index)
                }
                index += 1
            }
        }

        /// A byte between strings.
        private mutating func structure(_ byte: UInt8, at offset: Int) {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(Frame(isArray: byte == UInt8(ascii: "[")))
                if stack.count > bounds.maximumDepth, !overDepth {
                    overDepth = true
                    excesses.append(Excess(path: path, kind: .depth, found: stack.count, limit: bounds.maximumDepth))
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
            case UInt8(ascii: ","):
                guard !stack.isEmpty else { return }
                if stack[stack.count - 1].isArray {
                    stack[stack.count - 1].index += 1
                    if let limit = bounds.maximumItems, stack[stack.count - 1].index == limit {
                        excesses.append(Excess(path: arrayPath, kind: .items, found: limit + 1, limit: limit))
                    }
                } else {
                    stack[stack.count - 1].expectsKey = true
                    stack[stack.count - 1].members += 1
                    if let limit = bounds.maximumMembers, stack[stack.count - 1].members == limit {
                        excesses.append(Excess(path: arrayPath, kind: .members, found: limit + 1, limit: limit))
                    }
                }
            case UInt8(ascii: ":"):
                if !stack.isEmpty { stack[stack.count - 1].expectsKey = false }
            case UInt8(ascii: "\""):
                inString = true
                isKey = stack.last.map { !$0.isArray && $0.expectsKey } ?? false
                keyBytes = []
                characters = 0
                escape = 0
                cutAt = nil
                highSurrogateAt = nil
            default:
                break
            }
        }

        /// A byte inside a string.
        private mutating func string(_ byte: UInt8, at offset: Int) {
            if escape == 1 {
                escape = byte == UInt8(ascii: "u") ? 2 : 0
                unit = 0
                return
            }
            if escape >= 2 {
                unit = unit << 4 | UInt32(hexValue(byte))
                escape = escape == 5 ? 0 : escape + 1
                if escape == 0 { highSurrogateAt = (0xD800...0xDBFF).contains(unit) ? offset - 5 : nil }
                return
            }
            if byte == UInt8(ascii: "\"") {
                endString(at: offset)
                return
            }
            if isKey && keyBytes.count < 64 { keyBytes.append(byte) }
            // A continuation byte of UTF-8 is part of the character before it.
            guard byte & 0xC0 != 0x80 else { return }
            characters += 1
            if characters == bounds.maximumString + 1 {
                // Cut before this character; before a high surrogate left without its low half.
                cutAt = highSurrogateAt.map { $0 + 6 == offset ? $0 : offset } ?? offset
                // A check stops here: the rest of a string of any length is never read.
                if stopAtFirst {
                    excesses.append(
                        Excess(path: path, kind: .string, found: characters, limit: bounds.maximumString, atLeast: true)
                    )
                }
            }
            highSurrogateAt = nil
            if byte == UInt8(ascii: "\\") { escape = 1 }
        }

        private mutating func endString(at offset: Int) {
            inString = false
            if isKey, !stack.isEmpty { stack[stack.count - 1].key = keyBytes }
            guard characters > bounds.maximumString else { return }
            excesses.append(Excess(path: path, kind: .string, found: characters, limit: bounds.maximumString))
            if capping, let cutAt { cuts.append((cutAt, offset)) }
        }

        /// Where the scanner is, as a coding path: `habits[0].title`.
        var path: String { path(of: stack[...]) }

        /// The array the scanner is in, without the item's index: `habits`.
        var arrayPath: String {
            var text = path(of: stack.dropLast())
            if text == "(top)" { text = "" }
            return text.isEmpty ? "(top)" : text
        }

        private func path(of frames: ArraySlice<Frame>) -> String {
            var text = ""
            for frame in frames {
                if frame.isArray {
                    text += "[\(frame.index)]"
                } else if !frame.key.isEmpty {
                    text += (text.isEmpty ? "" : ".") + String(decoding: frame.key, as: UTF8.self)
                }
            }
            guard text.count > 120 else { return text.isEmpty ? "(top)" : text }
            return String(text.prefix(60)) + "…" + String(text.suffix(40))
        }

        private func hexValue(_ byte: UInt8) -> UInt8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: 0
            }
        }
    }
}
