import Testing
import WidgetTimeline

@testable import Widgets

/// How many habit rows each family holds at each text size and screen class.
struct BeeBloomCapacityTests {
    @Test func habitRowsShrinkWithTheTextAndTheScreenButNotAtLarge() {
        for device in DeviceClass.all {
            for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
                let size = device.size(of: family)!
                #expect(
                    BeeBloomCapacity.of(family, size: size, textSize: .large) == BeeBloomCapacity.of(family),
                    "\(device.name) \(family)")
                #expect(BeeBloomCapacity.of(family, size: size, textSize: .xSmall) == BeeBloomCapacity.of(family))
            }
        }
        let small = DeviceClass.named("320x568")!.size(of: .systemSmall)!
        #expect(BeeBloomCapacity.of(.systemSmall, size: small, textSize: .ax3).rows < 3)
        #expect(
            BeeBloomCapacity.of(.systemMedium, size: DeviceClass.standard.size(of: .systemMedium)!, textSize: .xxxLarge)
                .rows % 2 == 0)
    }
}
