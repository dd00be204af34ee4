import Testing
import WidgetTimeline

struct DeviceClassTests {
    @Test func theDefaultIsTheSixPointOneInchPro() {
        let device = DeviceClass.standard
        #expect(device.name == "393x852")
        #expect(device.size(of: .systemSmall) == WidgetSize(width: 158, height: 158))
        #expect(device.size(of: .systemMedium) == WidgetSize(width: 338, height: 158))
        #expect(device.size(of: .systemLarge) == WidgetSize(width: 338, height: 354))
        #expect(device.size(of: .accessoryCircular) == WidgetSize(width: 72, height: 72))
        #expect(device.size(of: .accessoryRectangular) == WidgetSize(width: 160, height: 72))
        #expect(device.size(of: .accessoryInline) == WidgetSize(width: 234, height: 26))
        #expect(device.size(of: .control) == WidgetSize(width: 72, height: 72))
    }

    @Test func everyScreenNameFindsItsRow() {
        #expect(DeviceClass.named("430x932")?.size(of: .systemLarge) == WidgetSize(width: 364, height: 382))
        #expect(DeviceClass.named("428×926")?.size(of: .accessoryRectangular) == WidgetSize(width: 172, height: 76))
        #expect(DeviceClass.named("414x736")?.size(of: .systemMedium) == WidgetSize(width: 348, height: 157))
        #expect(DeviceClass.named("360x780")?.size(of: .systemSmall) == WidgetSize(width: 155, height: 155))
        #expect(DeviceClass.named("375x667")?.size(of: .accessoryCircular) == WidgetSize(width: 68, height: 68))
        #expect(DeviceClass.named("999x999") == nil)
        #expect(DeviceClass.named("wide") == nil)
        #expect(DeviceClass.allScreenNames.count == 10)
    }

    @Test func theSmallestScreenHasNoAccessories() {
        let se = DeviceClass.named("320x568")!
        #expect(se.size(of: .systemSmall) == WidgetSize(width: 141, height: 141))
        for family in [WidgetFamily.accessoryCircular, .accessoryRectangular, .accessoryInline] {
            #expect(se.size(of: family) == nil)
        }
        #expect(se.size(of: .control) == WidgetSize(width: 72, height: 72))
    }

    @Test func schemesPerFamily() {
        #expect(WidgetFamily.systemSmall.schemes == [.light, .dark, .tinted])
        #expect(WidgetFamily.accessoryInline.schemes == [.vibrantLight, .vibrantDark])
        #expect(ColorScheme.vibrantDark.rawValue == "vibrant-dark")
    }
}
