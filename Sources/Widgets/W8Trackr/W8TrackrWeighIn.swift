import Foundation

/// A row of SwiftData's `ZWEIGHTENTRY`.
struct W8TrackrWeighIn: Hashable, Sendable {
    var id: Int64
    var value: Double
    var unit: W8TrackrUnit
    var date: Date

    init(id: Int64, value: Double, unit: W8TrackrUnit, date: Date) {
        self.id = id
        self.value = value
        self.unit = unit
        self.date = date
    }

    func value(in unit: W8TrackrUnit) -> Double {
        self.unit.convert(value, to: unit)
    }
}

/// A unit of weight, as the app stores it.
enum W8TrackrUnit: String, Hashable, Sendable {
    case lb, kg

    /// The texts the app writes in `ZWEIGHTUNIT`: `WeightUnit`'s raw values, and `lbs`, its
    /// `displayName`, which `WeightEntryView` writes when an entry is edited.
    static let written: Set<String> = ["lb", "lbs", "kg"]

    /// A stored unit as the app reads it (`WeightUnit(rawValue:) ?? .lb`): `kg`, or else pounds.
    init(stored: String) {
        self = stored == "kg" ? .kg : .lb
    }

    /// 1 lb = 0.45359237 kg, exactly (the international avoirdupois pound).
    static let kilogramsPerPound = 0.45359237

    func convert(_ value: Double, to unit: W8TrackrUnit) -> Double {
        switch (self, unit) {
        case (.lb, .kg): value * Self.kilogramsPerPound
        case (.kg, .lb): value / Self.kilogramsPerPound
        default: value
        }
    }
}
