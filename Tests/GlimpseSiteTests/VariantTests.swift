import Foundation
import GlimpseRegistry
import TestSupport
import Testing
import WidgetTimeline
import Widgets

@testable import GlimpseSite

/// Screen classes and text sizes in one gallery: pages, manifest entries, switchers, caps.
struct VariantTests {
    @Test func theDefaultBuildHasOneVariantAndPlainURLs() {
        let options = sampleOptions()
        #expect(options.axes.variants == [Variant(device: .standard, textSize: .large)])
        #expect(options.axes.primaryVariant.suffix(against: options.axes.primaryVariant) == "")
    }

    @Test func variantsAddWhatDiffersFromThePrimaryToTheFileName() {
        let primary = Variant(device: .standard, textSize: .large)
        let big = DeviceClass.named("430x932")!
        #expect(Variant(device: .standard, textSize: .ax5).suffix(against: primary) == ".ax5")
        #expect(Variant(device: big, textSize: .large).suffix(against: primary) == ".430x932")
        #expect(Variant(device: big, textSize: .xSmall).suffix(against: primary) == ".430x932.xsmall")
    }

    @Test func theStandardClassAndLargeArePrimaryWhenBuilt() {
        var options = sampleOptions()
        options = BuildOptions(
            inputs: options.inputs,
            axes: BuildOptions.Axes(device: .standard, devices: DeviceClass.all, textSizes: [.ax5, .large, .xSmall]))
        #expect(options.axes.devices == DeviceClass.all)
        #expect(options.axes.textSizes == [.xSmall, .large, .ax5])
        #expect(options.axes.primaryVariant == Variant(device: .standard, textSize: .large))
        #expect(options.axes.variants.count == 21)
        #expect(options.axes.variants.first == options.axes.primaryVariant)
        #expect(Set(options.axes.variants).count == 21)
    }

    @Test func aGalleryOfSeveralVariantsKeepsTheDefaultPagesAndAddsTheOthers() async throws {
        // An app capped below AX5 that has Lock Screen accessories, which 320×568 lacks.
        let app = try #require(
            GalleryApps.all.first { ($0.textSizeCap?.size ?? .ax5) < .ax5 && $0.families.contains(.accessoryCircular) })
        let cap = try #require(app.textSizeCap).size
        var options = sampleOptions()
        options.inputs.apps = [app.id]
        let single = try await GalleryBuilder(options: options).build()
        options.axes.devices = [DeviceClass.named("320x568")!, .standard]
        options.axes.textSizes = [.large, .ax5]
        let gallery = try await GalleryBuilder(options: options).build()
        let pages = Dictionary(gallery.files.map { ($0.path, $0.data) }, uniquingKeysWith: { a, _ in a })

        // Every default page is there, and its widgets are drawn as in a gallery of one variant.
        for widget in single.manifest.widgets {
            let page = try #require(pages[widget.page])
            let html = String(decoding: page, as: UTF8.self)
            let before = String(decoding: single.files.first { $0.path == widget.page }!.data, as: UTF8.self)
            #expect(
                widgetElements(in: html, state: widget.frames[0].state)
                    == widgetElements(in: before, state: widget.frames[0].state))
        }
        // Each entry names its class and size; the app, capped, says so at AX5.
        let entries = gallery.manifest.widgets
        #expect(Set(entries.compactMap(\.device)) == ["320x568", "393x852"])
        #expect(Set(entries.compactMap(\.textSize)) == ["Large", "AX5"])
        let capped = try #require(
            entries.first { $0.textSize == "AX5" && $0.device == "393x852" && $0.family == "systemSmall" })
        #expect(capped.cappedAt == cap.name)
        #expect(capped.page.hasSuffix("systemSmall.ax5.html"))
        let html = String(decoding: try #require(pages[capped.page]), as: UTF8.self)
        #expect(html.contains("Capped at \(cap.name)."))
        #expect(html.contains("dt-\(cap.slug)"))
        #expect(html.contains("<a class=\"variant\" href=\"systemSmall.html\">Large</a>"))
        #expect(html.contains("<a class=\"variant\" href=\"systemSmall.320x568.ax5.html\">320×568</a>"))
        // No accessories on 320×568: the switcher shows the class, without a link.
        let circularPage = try #require(entries.first { $0.family == "accessoryCircular" && $0.textSize == "AX5" }).page
        let circular = String(decoding: try #require(pages[circularPage]), as: UTF8.self)
        #expect(circular.contains("class=\"variant is-missing\""))
        #expect(pages[circularPage.replacingOccurrences(of: ".ax5.html", with: ".320x568.ax5.html")] == nil)
        #expect(!entries.contains { $0.family == "accessoryCircular" && $0.device == "320x568" })
        // The app page and the sidebar list the primary's widgets once.
        let appPage = String(decoding: try #require(pages["\(app.id)/index.html"]), as: UTF8.self)
        #expect(!appPage.contains(".ax5.html"))
        #expect(appPage.contains("page switches among them."))
    }
}
