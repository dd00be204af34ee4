/// The JUnit XML that diff's review and check write: a document of suites (one per app), each of
/// cases (one per widget). The reports choose what a case says; this writes and escapes it.
package enum JUnit {
    /// What a case shows: nothing, an output only, or a failure with its type, message and details.
    package enum Outcome {
        case passed
        case passedSaying(String)
        case failed(type: String, message: String, details: String)
    }

    /// The XML declaration and the opening `<testsuites>`.
    package static func documentStart(name: String, tests: Int, failures: Int) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"\(escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\">"
    }

    package static let documentEnd = "</testsuites>"

    package static func suiteStart(name: String, tests: Int, failures: Int) -> String {
        "<testsuite name=\"\(escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\">"
    }

    package static let suiteEnd = "</testsuite>"

    /// One `<testcase>` on one line.
    package static func testCase(name: String, className: String, _ outcome: Outcome) -> String {
        let named = "name=\"\(escape(name))\" classname=\"\(escape(className))\""
        switch outcome {
        case .passed:
            return "<testcase \(named)/>"
        case .passedSaying(let output):
            return "<testcase \(named)><system-out>\(escape(output))</system-out></testcase>"
        case .failed(let type, let message, let details):
            return "<testcase \(named)><failure type=\"\(escape(type))\" message=\"\(escape(message))\">"
                + escape(details) + "</failure></testcase>"
        }
    }

    /// XML text and attribute escaping; control characters XML 1.0 cannot hold become U+FFFD.
    package static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
