import Foundation
import GlimpseTemplates
import TestSupport
import Testing
import WidgetTimeline
import Widgets

@testable import GlimpseSite

/// The "in context" page: its geometry from the size table, its model, its markup, and its place
/// in a built gallery.
struct ContextPageTests {
    let now = date("2026-11-22T09:00:00-05:00")
    let formatting = TimeFormatting(timeZone: TimeZone(identifier: "America/New_York")!, locale: .enUS)

    /// Small, medium and large fill 2×2, 4×2 and 4×4 cells exactly, on every screen class, and the
    /// grid, its labels, the page dots and the dock fit the screen.
    @Test(arguments: DeviceClass.all)
    func theHomeScreenGridHoldsEveryFamilyExactly(device: DeviceClass) throws {
        let g = ContextGeometry(device: device)
        let small = try #require(device.size(of: .systemSmall))
        let medium = try #require(device.size(of: .systemMedium))
        let large = try #require(device.size(of: .systemLarge))
        #expect(2 * g.column + g.columnGap == Double(small.width))
        #expect(4 * g.column + 3 * g.columnGap == Double(medium.width))
        #expect(2 * g.row + g.rowGap == Double(small.height))
        #expect(4 * g.row + 3 * g.rowGap == Double(large.height))
        #expect(g.gridWidth == large.width)
        #expect(g.column + g.columnGap >= Double(ContextGeometry.icon), "an icon and its label fit a column")
        let lastLabel = Double(g.gridTop) + Double(g.rows) * g.row + Double(g.rows - 1) * g.rowGap + 4 + 14
        #expect(lastLabel <= Double(device.screen.height - 104), "the last row's labels clear the page dots")
        // StandBy: two scaled small widgets side by side fit the landscape screen.
        let scale = g.standByScale(small: small)
        #expect(scale > 1 && scale <= 2)
        #expect(Double(small.height) * scale <= Double(device.screen.width - 2 * ContextGeometry.standByMargin))
        #expect(
            2 * Double(small.width) * scale + Double(ContextGeometry.standByGap + 2 * ContextGeometry.standByMargin)
                <= Double(device.screen.height))
    }

    func widget(_ family: WidgetFamily, state: String = "counting", caption: String? = nil) -> ContextWidget {
        let size = DeviceClass.standard.size(of: family)!
        var roots: [String: String] = [:]
        for scheme in family.schemes {
            roots[scheme.rawValue] =
                "<div class=\"widget w-\(family.rawValue)\" data-family=\"\(family.rawValue)\" "
                + "data-scheme=\"\(scheme.rawValue)\" "
                + "style=\"width:\(size.width)px;height:\(size.height)px\">\(family.rawValue) \(scheme.rawValue)</div>"
        }
        return ContextWidget(
            family: family, size: size, href: "\(family.rawValue).html#t-0900", state: state, roots: roots,
            caption: caption)
    }

    func scenario() -> Scenario {
        Scenario(
            app: "tally", name: "counting", title: "Counting <on>", description: nil,
            storeURL: URL(fileURLWithPath: "/dev/null"),
            displayPath: "content/scenarios/tally/counting", now: nil, timeZone: nil, expectDiagnostics: false,
            events: [])
    }

    /// Every place, with stand-in widgets, through the real template: what the page says and how
    /// it is built, reviewed like code. The scenario's title is escaped.
    @Test func thePageInEveryPlace() throws {
        let widgets = [
            widget(.systemSmall), widget(.systemMedium), widget(.systemLarge), widget(.accessoryCircular),
            widget(.accessoryRectangular), widget(.accessoryInline),
            widget(.control, state: "control", caption: "Count <one>"),
        ]
        let model = try #require(
            ContextPage.model(
                widgets, app: TallyApp(), scenario: scenario(), now: now, formatting: formatting,
                device: .standard))
        #expect(model.home.count == 6, "two pages over three wallpapers")
        #expect(model.lock.count == 2 && model.standBy.count == 2 && model.control.count == 1)
        #expect(model.standByScale == "2")
        let templates = try TemplateSet(
            directory: repositoryRoot.appendingPathComponent("templates"), displayDirectory: "templates",
            files: FileIO.diskAccess.templateFiles)
        let html = try templates.render(model, "pages/context")
        #expect(html.contains("Counting &lt;on&gt;") && html.contains("Count &lt;one&gt;") && !html.contains("<on>"))
        expectSnapshot(html, named: "tally")
    }

    /// A home-screen-only app: no Lock Screen, no control, the reason said.
    @Test func anAppWithoutAccessoriesOrControl() throws {
        let model = try #require(
            ContextPage.model(
                [widget(.systemSmall)], app: TallyApp(), scenario: scenario(), now: now,
                formatting: formatting, device: .standard))
        #expect(model.home.count == 3 && model.lock.isEmpty && !model.hasControl && model.hasStandBy)
        let cells = model.home[0].cells
        #expect(cells.filter(\.hasWidget).count == 1)
        #expect(cells.filter { !$0.hasWidget }.count == 4 * 6 - 4, "icons in every other slot")
        #expect(
            ContextPage.model(
                [], app: TallyApp(), scenario: scenario(), now: now, formatting: formatting, device: .standard) == nil)
    }

    /// The current frame is the one on screen at `now`; the Lock Screen clock drops AM and PM.
    @Test func textsOfThePage() {
        #expect(formatting.deviceClock(now) == "9:00")
        #expect(formatting.deviceClock(now.addingTimeInterval(12 * 3_600 + 5 * 60)) == "9:05")
        #expect(formatting.longDate(now) == "Sunday, November 22")
        #expect(formatting.weekdayAndDay(now) == ("SUN", "22"))
        let german = TimeFormatting(timeZone: formatting.calendar.timeZone, locale: FormatLocale(identifier: "de_DE"))
        #expect(german.deviceClock(now.addingTimeInterval(12 * 3_600)) == "21:00")
        #expect(
            TimeFormatting(timeZone: formatting.calendar.timeZone, locale: .init(identifier: "ar_SA")).deviceClock(now)
                == "٩:٠٠")
        #expect(german.longDate(now) == "Sonntag, 22. November")
        #expect(
            ContextPage.formatScale(2) == "2" && ContextPage.formatScale(1.93) == "1.93"
                && ContextPage.formatScale(50.0 / 72) == "0.6944")
        #expect(
            ContextWidget.withoutCaption("<div>x</div><p class=\"widget-caption\" aria-hidden=\"true\">T</p>")
                == "<div>x</div>")
    }

    /// In the sample gallery: a context page per unit, linked from each of its detail pages, showing
    /// each widget's frame at `now` as its detail page renders it.
    @Test func everyUnitHasAContextPageLinkedFromItsDetailPages() async throws {
        let gallery = try await sampleGallery()
        let files = Dictionary(gallery.files.map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first })
        let manifest = gallery.manifest
        #expect(!manifest.widgets.isEmpty)
        for widget in manifest.widgets {
            let folder = (widget.page as NSString).deletingLastPathComponent
            #expect(files["\(folder)/context.html"] != nil, "\(folder) has a context page")
            let page = String(decoding: try #require(files[widget.page]), as: UTF8.self)
            #expect(page.contains("<a href=\"context.html\">In context</a>"), "\(widget.page) links to it")
        }
        // Each widget's first frame (the one on screen at now) in each scheme the page shows it in,
        // as its detail page has it: a control in its dark render only.
        for widget in manifest.widgets {
            let folder = (widget.page as NSString).deletingLastPathComponent
            let context = String(decoding: try #require(files["\(folder)/context.html"]), as: UTF8.self)
            let detail = String(decoding: try #require(files[widget.page]), as: UTF8.self)
            let state = try #require(widget.frames.first?.state)
            var roots = widgetElements(in: detail, state: state).map(ContextWidget.withoutCaption)
            if widget.family == WidgetFamily.control.rawValue {
                roots = roots.filter { $0.contains("data-scheme=\"dark\"") }
            }
            #expect(!roots.isEmpty, "\(widget.page)")
            for root in roots { #expect(context.contains(root), "\(widget.page): its frame at now, as rendered") }
        }
        #expect(
            gallery.pageCount == manifest.widgets.count
                + Set(manifest.widgets.map { ($0.page as NSString).deletingLastPathComponent }).count
                + Set(manifest.widgets.map(\.app)).count + 1
                // Each app's "Spec and shipped" page.
                + gallery.files.filter { $0.path.hasSuffix("/shipped.html") }.count)
    }
}
