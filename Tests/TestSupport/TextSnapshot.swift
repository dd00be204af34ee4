import Foundation
import Testing

/// Compares `text` with its snapshot, a `.txt` file beside the test that is reviewed like code.
///
/// The file is `__Snapshots__/<test file>/<test>.<name>.txt` under the test target's folder, the
/// layout swift-snapshot-testing uses, so snapshots it recorded still compare. A missing file is
/// written and the test fails, asking for a review and a second run; a different file is a failure
/// that shows the changed lines. Nothing is ever re-recorded over an existing snapshot: to accept
/// a change, read its diff, delete the file and run the test again.
public func expectSnapshot(
    _ text: String, named name: String, filePath: String = #filePath, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let file = snapshotFile(filePath: filePath, function: function, name: name)
    guard let stored = FileManager.default.contents(atPath: file.path) else {
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            Issue.record(
                "No snapshot was recorded; wrote \(file.path). Review it, then run the test again.",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record(
                "No snapshot at \(file.path), and it could not be written: \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    let old = String(decoding: stored, as: UTF8.self)
    guard old != text else { return }
    Issue.record(
        "Snapshot \(file.lastPathComponent) differs (− recorded, + now):\n\(lineDiff(old, text))",
        sourceLocation: sourceLocation)
}

/// Where the snapshot of `name` in `function` of the test file at `filePath` lives.
public func snapshotFile(filePath: String, function: String, name: String) -> URL {
    let testFile = URL(fileURLWithPath: filePath)
    var target = testFile.deletingLastPathComponent()
    // The test target's own folder: the one directly under Tests/.
    while target.deletingLastPathComponent().lastPathComponent != "Tests", target.path != "/" {
        target = target.deletingLastPathComponent()
    }
    return target.appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
        .appendingPathComponent("\(sanitized(function)).\(sanitized(name)).txt")
}

/// A name made fit for a file: each run of characters other than letters, digits and `_`
/// becomes one `-`, and none is left at either end (`familyInEveryState(family:)` →
/// `familyInEveryState-family`).
func sanitized(_ name: String) -> String {
    var result = ""
    var pendingDash = false
    for character in name {
        if character.isLetter || character.isNumber || character == "_" {
            if pendingDash && !result.isEmpty { result.append("-") }
            pendingDash = false
            result.append(character)
        } else {
            pendingDash = true
        }
    }
    return result
}

/// The lines that differ, with a line of context either side, as `-` and `+` lines.
func lineDiff(_ old: String, _ new: String) -> String {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false)
    // Longest common subsequence, fine for snapshots of a few hundred lines.
    var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
            lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
        }
    }
    var lines: [(mark: Character, text: Substring)] = []
    var (i, j) = (0, 0)
    while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] {
            lines.append((" ", a[i]))
            (i, j) = (i + 1, j + 1)
        } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
            lines.append(("-", a[i]))
            i += 1
        } else {
            lines.append(("+", b[j]))
            j += 1
        }
    }
    let changed = Set(lines.indices.filter { lines[$0].mark != " " })
    return lines.indices.filter { index in (index - 1...index + 1).contains(where: changed.contains) }
        .map { "\(lines[$0].mark)\(lines[$0].text)" }
        .joined(separator: "\n")
}
