import Testing
import Widgets

struct ISODurationTests {
    @Test(arguments: [
        ("PT2H30M", 9000.0), ("PT2H0M7S", 7207.0), ("P1DT2H", 93600.0), ("PT0S", 0.0), ("PT7S", 7.0),
        ("P1W", 604_800.0),
    ])
    func parses(text: String, seconds: Double) {
        #expect(ISODuration.seconds(text) == seconds)
    }

    @Test(arguments: ["2H", "PT", "P", "PT5X", "PTH", "P2H", "", "PT1.5.5S"])
    func rejects(text: String) {
        #expect(ISODuration.seconds(text) == nil)
    }
}
