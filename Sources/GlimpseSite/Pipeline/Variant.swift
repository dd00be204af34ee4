import WidgetTimeline

/// One point on the gallery's axes: a screen class and a Dynamic Type size. A build renders every
/// unit once per variant; the primary variant's pages keep the plain URLs
/// (`<app>/<scenario>/<family>.html`), the others add what differs from it
/// (`systemSmall.ax5.html`, `systemSmall.430x932.html`, `systemSmall.430x932.ax5.html`).
public struct Variant: Hashable, Sendable {
    public var device: DeviceClass
    public var textSize: TextSize

    public init(device: DeviceClass, textSize: TextSize) {
        self.device = device
        self.textSize = textSize
    }

    /// What a page's file name adds for this variant against `primary`: "", ".ax5", ".430x932.ax5".
    public func suffix(against primary: Variant) -> String {
        var suffix = ""
        if device != primary.device { suffix += ".\(device.name)" }
        if textSize != primary.textSize { suffix += ".\(textSize.slug)" }
        return suffix
    }

    /// "393×852 · AX5": for page titles and the switcher.
    public var label: String { "\(device.screen) · \(textSize.name)" }
}
