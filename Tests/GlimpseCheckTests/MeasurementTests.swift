import GlimpseFormat
import Testing

@testable import GlimpseCheck

/// A finding's box is the same wherever its frame sat on a contact sheet: a shard packs other
/// sheets than one run does.
struct MeasurementTests {
    @Test func aBoxMeasuredInSinglePrecisionRoundsTheSameOnEitherSideOfATwentieth() {
        // 19.45 pt, as Chromium returned it from two places on a sheet.
        #expect([19.4499, 132.3, 5.1, 3.6].box == [19.4501, 132.3, 5.1, 3.6].box)
        #expect([19.4499, 0, 0, 0].box.x == 19.5)
        #expect([175.4499, 0, 0, 0].box.x == [175.4502, 0, 0, 0].box.x)
        // Away from a twentieth, tenths as before.
        #expect([19.44, 0, 0, 0].box.x == 19.4 && [19.46, 0, 0, 0].box.x == 19.5 && [-3.21, 0, 0, 0].box.x == -3.2)
        #expect([1, 2].box == Findings.Box(x: 1, y: 2, width: 0, height: 0))
    }
}
