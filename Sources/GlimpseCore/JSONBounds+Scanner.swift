/// The pass `JSONBounds` makes: bytes in, fed in chunks, with where it is (the containers it is in,
/// the member or item of each) and what it found. Bytes are compared with literals (`0x7B`, `{`),
/// not `UInt8(ascii:)`, which is a call for every byte in a build without optimisation.
extension JSONBounds {
    struct Scanner {
        let bounds: JSONBounds
        /// Stop at the first excess (a check), or go on to the end (capping).
        let stopAtFirst: Bool
        /// Record where each long string is to be cut.
        var capping = false
        private(set) var excesses: [Excess] = [] {
            didSet { done = stopAtFirst && !excesses.isEmpty }
        }
        /// Byte ranges to replace with "…": from the cut to the closing quote, not included.
        private(set) var cuts: [(start: Int, end: Int)] = []

        /// A container the scanner is in. Trivial, its key kept apart (`keys`): a frame read from
        /// the stack is copied in a build without optimisation, and a copy of an array is retained.
        private struct Frame {
            var isArray: Bool
            /// The item of an array, counted from 0.
            var index = 0
            /// In an object: whether a key comes next.
            var expectsKey = true
            /// In an object: its members after the first (one for each comma).
            var members = 0
        }

        private var stack: [Frame] = []
        /// Each frame's last key read (its first 64 bytes), empty in an array.
        private var keys: [[UInt8]] = []
        /// `stack.count`, kept: asking an array its count retains it, in a build without optimisation.
        private var depth = 0
        /// `keyBytes.count`, kept likewise.
        private var keyLength = 0
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

        /// A check found its excess. Stored, not computed: `feed` asks for every byte, and a getter
        /// called on `self` there copies the scanner (its arrays retained and released) in a build
        /// without optimisation, which `make test` runs: most of a large store's scan.
        private(set) var done = false

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
            case 0x7B, 0x5B:  // { [
                stack.append(Frame(isArray: byte == 0x5B))
                keys.append([])
                depth += 1
                if depth > bounds.maximumDepth, !overDepth {
                    overDepth = true
                    excesses.append(Excess(path: path, kind: .depth, found: depth, limit: bounds.maximumDepth))
                }
            case 0x7D, 0x5D:  // } ]
                if depth > 0 {
                    stack.removeLast()
                    keys.removeLast()
                    depth -= 1
                }
            case 0x2C:  // ,
                guard depth > 0 else { return }
                if stack[depth - 1].isArray {
                    stack[depth - 1].index += 1
                    if let limit = bounds.maximumItems, stack[depth - 1].index == limit {
                        excesses.append(Excess(path: arrayPath, kind: .items, found: limit + 1, limit: limit))
                    }
                } else {
                    stack[depth - 1].expectsKey = true
                    stack[depth - 1].members += 1
                    if let limit = bounds.maximumMembers, stack[depth - 1].members == limit {
                        excesses.append(Excess(path: arrayPath, kind: .members, found: limit + 1, limit: limit))
                    }
                }
            case 0x3A:  // :
                if depth > 0 { stack[depth - 1].expectsKey = false }
            case 0x22:  // "
                inString = true
                isKey = depth > 0 && !stack[depth - 1].isArray && stack[depth - 1].expectsKey
                keyBytes = []
                keyLength = 0
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
                escape = byte == 0x75 ? 2 : 0
                unit = 0
                return
            }
            if escape >= 2 {
                unit = unit << 4 | UInt32(hexValue(byte))
                escape = escape == 5 ? 0 : escape + 1
                if escape == 0 { highSurrogateAt = (0xD800...0xDBFF).contains(unit) ? offset - 5 : nil }
                return
            }
            if byte == 0x22 {
                endString(at: offset)
                return
            }
            if isKey && keyLength < 64 {
                keyBytes.append(byte)
                keyLength += 1
            }
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
            if byte == 0x5C { escape = 1 }
        }

        private mutating func endString(at offset: Int) {
            inString = false
            if isKey, depth > 0 { keys[depth - 1] = keyBytes }
            guard characters > bounds.maximumString else { return }
            excesses.append(Excess(path: path, kind: .string, found: characters, limit: bounds.maximumString))
            if capping, let cutAt { cuts.append((cutAt, offset)) }
        }

        /// Where the scanner is, as a coding path: `habits[0].title`.
        var path: String { path(of: stack.count) }

        /// The array the scanner is in, without the item's index: `habits`.
        var arrayPath: String {
            var text = path(of: max(0, stack.count - 1))
            if text == "(top)" { text = "" }
            return text.isEmpty ? "(top)" : text
        }

        /// The path of the outermost `depth` frames.
        private func path(of depth: Int) -> String {
            var text = ""
            for (frame, key) in zip(stack.prefix(depth), keys.prefix(depth)) {
                if frame.isArray {
                    text += "[\(frame.index)]"
                } else if !key.isEmpty {
                    text += (text.isEmpty ? "" : ".") + String(decoding: key, as: UTF8.self)
                }
            }
            guard text.count > 120 else { return text.isEmpty ? "(top)" : text }
            return String(text.prefix(60)) + "…" + String(text.suffix(40))
        }

        private func hexValue(_ byte: UInt8) -> UInt8 {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x61...0x66: byte - 0x61 + 10
            case 0x41...0x46: byte - 0x41 + 10
            default: 0
            }
        }
    }
}
