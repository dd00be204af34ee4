import Foundation
import _FoundationICU

/// CLDR's plural rules and the versions of ICU and CLDR, from the ICU that Foundation ships with the
/// toolchain (`_FoundationICU`), so a plural, a number and a date come from the same data. Foundation
/// has no public API for a plural category; this file is the only one that calls ICU.
extension FormatLocale {
    /// The CLDR plural category of `count` in this locale: "one", "few", "other"... English has one
    /// and other; Arabic zero, one, two, few, many and other; Japanese only other.
    public func pluralCategory(_ count: Int) -> String {
        var status = U_ZERO_ERROR
        guard let rules = swift_uplrules_open(identifier, &status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return "other"
        }
        defer { swift_uplrules_close(rules) }
        var keyword = [UChar](repeating: 0, count: 16)
        let length = swift_uplrules_select(rules, Double(count), &keyword, Int32(keyword.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0 else { return "other" }
        return String(decoding: keyword[..<Int(length)], as: UTF16.self)
    }

    /// The CLDR plural categories, in CLDR's order.
    public static let pluralCategories = ["zero", "one", "two", "few", "many", "other"]

    /// The ICU the formats come from, and its CLDR: "ICU 76.1, CLDR 46". A toolchain with another
    /// ICU may draw other bytes; the manifest records this so `diff` can say so.
    public static let icuVersion: String = {
        var icu = [UInt8](repeating: 0, count: 4)
        swift_u_getVersion(&icu)
        var cldr = [UInt8](repeating: 0, count: 4)
        var status = U_ZERO_ERROR
        swift_ulocdata_getCLDRVersion(&cldr, &status)
        let cldrText = status.rawValue <= U_ZERO_ERROR.rawValue ? version(cldr) : "unknown"
        return "ICU \(version(icu)), CLDR \(cldrText)"
    }()

    /// "76.1" from [76, 1, 0, 0], "46" from [46, 0, 0, 0]: trailing zeros dropped.
    private static func version(_ parts: [UInt8]) -> String {
        var kept = parts
        while kept.count > 1 && kept.last == 0 { kept.removeLast() }
        return kept.map(String.init).joined(separator: ".")
    }
}
