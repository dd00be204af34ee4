import Foundation
import GlimpseRegistry
import GlimpseTemplates
import TestSupport
import Testing
import WidgetTimeline
import Widgets

@testable import GlimpseSite

/// `--appearance` and iOS 26's places: which schemes a family gets, the glass schemes' rules and
/// colours, CarPlay's scale, and the Smart Stack for an app that declares a watch app.
struct AppearanceTests {
    @Test func eachAppearanceAddsItsSchemesAndAccessoriesStayVibrant() {
        #expect(WidgetFamily.systemSmall.schemes(Appearance.standard) == [.light, .dark, .tinted])
        #expect(WidgetFamily.systemMedium.schemes([.clear]) == [.clearLight, .clearDark])
        #expect(WidgetFamily.control.schemes([.dark, .tinted26]) == [.dark, .tinted26])
        #expect(WidgetFamily.accessoryRectangular.schemes([.clear]) == [.vibrantLight, .vibrantDark])
        #expect(Appearance.canonical([.tinted26, .light, .light, .clear]) == [.light, .clear, .tinted26])
        let options = BuildOptions(inputs: .init(knownApps: []), axes: .init(appearances: [.dark, .light, .tinted]))
        #expect(options.axes.hasStandardAppearances, "the standard three in any order are the default")
        #expect(BuildOptions.Axes(appearances: []).appearances == Appearance.standard)
    }

    static let assets = GalleryAssets(
        templatesDirectory: repositoryRoot.appendingPathComponent("templates"), fileIO: .diskAccess)

    /// The standard appearances leave the stylesheet as it was; each glass scheme has a copy of
    /// every tinted rule, renamed, in white and its glass, and nothing of the tinted palette.
    @Test func glassRulesAreTheTintedRulesRecoloured() throws {
        let plain = try Self.assets.stylesheet(apps: GalleryApps.all)
        #expect(try Self.assets.stylesheet(apps: GalleryApps.all, appearances: Appearance.standard) == plain)
        let css = String(
            decoding: try Self.assets.stylesheet(apps: GalleryApps.all, appearances: Appearance.allCases), as: UTF8.self
        )
        #expect(css.hasPrefix(String(decoding: plain, as: UTF8.self).trimmingTrailingNewlines))
        let tinted = GlassPalette.tintedRules(String(decoding: plain, as: UTF8.self))
        #expect(tinted.count >= 10)
        let rules = CSSRules.split(css)
        for glass in GlassPalette.all(tint: .standard) {
            let own = rules.filter {
                $0.selector.contains(".scheme-\(glass.scheme.rawValue)") && !$0.text.contains("box-shadow")
            }
            #expect(own.count == tinted.count, "\(glass.scheme)")
            for rule in own {
                let text = rule.text.uppercased()
                let leaked = ["#8DB4FF", "#E3ECFF", "#BCCBE6", "#26344A", "141, 180, 255", "SCHEME-TINTED "].filter {
                    text.contains($0)
                }
                #expect(leaked.isEmpty, "\(rule.text)")
            }
            #expect(css.contains(".scheme-\(glass.scheme.rawValue) { --w-bg: \(glass.palette.background);"))
        }
    }

    /// White, the secondary and every white fill under text meet AA on each glass, for the
    /// default tint and two others (the stage is the wallpaper around, under no widget text).
    @Test(arguments: ["#8DB4FF", "#FF6B9D", "#30D158", "#FFD60A"])
    func everyGlassTextPairMeetsAA(tint: String) {
        for glass in GlassPalette.all(tint: TintPalette(deriving: HexColor(tint)!)) {
            #expect(glass.palette.label == GlassPalette.white && glass.palette.accent == GlassPalette.white)
            let failures = glass.palette.contrastFailures.filter { $0.name != "label on stage" }
            #expect(failures.isEmpty, "\(tint) \(glass.scheme): \(failures)")
            #expect(glass.palette.secondary != GlassPalette.white, "the secondary is not the label")
        }
        let tinted = GlassPalette.all(tint: TintPalette(deriving: HexColor(tint)!))[2].palette.background.hsl
        #expect(
            abs(tinted.hue - HexColor(tint)!.hsl.hue) < 8 || tinted.saturation < 0.05, "the tinted glass keeps the hue")
    }

    @Test func carPlayScalesTheSmallWidgetToTheScreensRow() {
        #expect(ContextGeometry.carPlayScale(small: WidgetSize(width: 158, height: 158)) == 1.31)
        #expect(ContextGeometry.carPlayScale(small: WidgetSize(width: 170, height: 170)) == 1.22)
        for device in DeviceClass.all {
            guard let small = device.size(of: .systemSmall) else { continue }
            let side = Double(small.height) * ContextGeometry.carPlayScale(small: small)
            #expect(side > Double(small.height) && side <= 208, "\(device.name): \(side)")
        }
    }

    /// A fixture app that declares a watch app gets the Smart Stack, at the platter's size; the
    /// same app without, and every app of the registry, do not.
    @Test func onlyAnAppWithAWatchAppGetsTheSmartStack() throws {
        let page = ContextPageTests()
        let widgets = [page.widget(.systemSmall), page.widget(.accessoryRectangular)]
        func model(_ app: TallyApp) throws -> ContextModel {
            try #require(
                ContextPage.model(
                    widgets, app: app, scenario: page.scenario(), now: page.now, formatting: page.formatting,
                    device: .standard))
        }
        let watch = try model(TallyApp(hasWatchApp: true))
        #expect(watch.hasSmartStack && watch.smartStack.count == 1)
        #expect(watch.smartStack[0].platterStyle == "width:184px;height:80.5px")
        #expect(watch.smartStack[0].widget.html.contains("data-scheme=\"vibrant-dark\""))
        #expect(watch.figures.contains { $0.what == "Apple Watch Smart Stack" })
        let phone = try model(TallyApp())
        #expect(!phone.hasSmartStack && phone.smartStack.isEmpty)
        #expect(phone.hasCarPlay && phone.carPlay.map(\.scheme) == ["light", "dark"] && phone.hasMac)
        #expect(GalleryApps.all.allSatisfy { !$0.hasWatchApp })
        let templates = try TemplateSet(
            directory: repositoryRoot.appendingPathComponent("templates"), displayDirectory: "templates",
            files: FileIO.diskAccess.templateFiles)
        #expect(try templates.render(watch, "pages/context").contains("data-context=\"smart-stack\""))
        #expect(try !templates.render(phone, "pages/context").contains("data-context=\"smart-stack\""))
    }
}
