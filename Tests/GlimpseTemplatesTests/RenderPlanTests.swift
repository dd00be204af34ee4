import Foundation
import GlimpseCore
import Mustache
import TestSupport
import Testing

@testable import GlimpseTemplates

/// The render plan draws what swift-mustache draws, byte for byte, and leaves to the library
/// what it does not follow.
struct RenderPlanTests {
    struct Item: Encodable {
        var name: String
        var flag: Bool
        var tags: [String]
        var inner: Inner?
    }

    struct Inner: Encodable {
        var label: String
        var items: [Int]
    }

    struct Model: Encodable {
        var title: String
        var items: [Item]
        var empty: [Item]
        var on: Bool
        var off: Bool
        var nested: Inner
        var missing: String?
        var markup: HTMLFragment
    }

    static let model = Model(
        title: "Title <&>",
        items: [
            Item(name: "one", flag: true, tags: ["a", "b"], inner: Inner(label: "in-one", items: [1, 2])),
            Item(name: "two", flag: false, tags: [], inner: nil),
        ],
        empty: [], on: true, off: false, nested: Inner(label: "nested", items: [7]), missing: nil,
        markup: HTMLFragment("<b>bold</b>\nsecond line"))

    /// Templates by name, compiled as `TemplateSet` compiles them (its pragma first).
    static func library(_ sources: [String: String]) throws -> [String: MustacheTemplate] {
        try sources.mapValues { try MustacheTemplate(string: TemplateSet.pragma + $0) }
    }

    /// What the library renders, and what the plan does; `nil` for the plan when it gives up.
    static func both(_ sources: [String: String], _ name: String = "t") throws -> (library: String, plan: String?) {
        let templates = try library(sources)
        let context = try TemplateEncoder.encode(model)
        let expected = MustacheLibrary(templates: templates).render(context, withTemplate: name)!
        let plan = try #require(RenderPlan(templates))
        guard case .rendered(let text) = plan.outcome(context, template: name) else { return (expected, nil) }
        return (expected, text)
    }

    @Test(arguments: [
        "{{title}}|{{{title}}}|{{&title}}|{{missing}}|{{on}}|{{off}}",
        "{{#items}}[{{name}}{{#flag}} flagged{{/flag}}{{^flag}} plain{{/flag}}]{{/items}}",
        "{{#items}}{{#tags}}<{{.}}>{{/tags}}{{^tags}}no tags{{/tags}}{{/items}}",
        "{{#items}}{{title}}:{{name}} {{/items}}",
        "{{#items}}{{#inner}}{{label}}={{#items}}{{.}},{{/items}}{{title}}{{/inner}}{{/items}}",
        "{{nested.label}} {{#nested}}{{.label}}|{{label}}{{/nested}} {{nested.nothing.deeper}}{{title.deeper}}",
        "{{^empty}}none{{/empty}}{{#empty}}some{{/empty}}{{^missing}}missing{{/missing}}{{#missing}}x{{/missing}}",
        "{{#on}}on {{title}}{{/on}}{{^off}} not off{{/off}}{{#off}}off{{/off}}",
        "{{#title}}in a text: {{title}} {{name}}{{/title}}",
        "<ul>\n{{#items}}\n  <li>{{name}}</li>\n{{/items}}\n</ul>\n{{^empty}}\n  empty\n{{/empty}}\n",
        "{{{markup}}}\n{{#items}}\n{{{markup}}}\n{{/items}}",
        "{{=<% %>=}}<% title %> <%#items%><% name %><%/items%>",
        "{{! a comment }}{{title}}",
    ])
    func rendersAsTheLibraryDoes(_ source: String) throws {
        let (library, plan) = try Self.both(["t": source])
        #expect(plan == library)
    }

    /// A partial standing alone on its line is indented, every line of it, as the library does;
    /// an inline one is not; a missing one is nothing.
    @Test func partialsAndTheirIndentation() throws {
        let partial = "<p>{{name}}</p>\n{{#tags}}\n<i>{{.}}</i>\n{{/tags}}\n{{{markup}}}\n"
        for source in [
            "<div>\n  {{> p}}\n</div>\n", "{{#items}}\n    {{> p}}\n{{/items}}\n", "inline {{> p}} end",
            "{{#items}}\n  {{> nested}}\n{{/items}}", "{{> nowhere}}x",
        ] {
            let (library, plan) = try Self.both(["t": source, "p": partial, "nested": "  {{> p}}\n-\n"])
            #expect(plan == library, "\(source)")
        }
    }

    /// A render the plan does not follow gives up, and the set renders it with the library.
    @Test func whatThePlanDoesNotFollowIsTheLibrarys() throws {
        // Reflection finds a text's `renderText`: the plan does not look there.
        let (library, plan) = try Self.both(["t": "{{#title}}{{renderText}}{{/title}}"])
        #expect(plan == nil && library.contains("Title"))
        // A list placed as a variable: the library writes Swift's description of it.
        let (list, listPlan) = try Self.both(["t": "{{nested.items}}"])
        #expect(listPlan == nil && list.contains("7"))
        // Transforms: no plan at all.
        let templates = try Self.library(["t": "{{uppercased(title)}}", "u": "{{title}}"])
        #expect(RenderPlan(templates) == nil)
        // A template set with such a template still renders every template, through the library.
        let folder = temporaryFolder("glimpse-plan")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{{uppercased(title)}}".utf8).write(to: folder.appendingPathComponent("t.mustache"))
        let set = try TemplateSet(directory: folder, displayDirectory: "templates", files: .disk)
        #expect(set.plan == nil)
        let expected = MustacheLibrary(templates: try Self.library(["t": "{{uppercased(title)}}"]))
            .render(try TemplateEncoder.encode(Self.model), withTemplate: "t")
        #expect(try set.render(Self.model, "t") == expected)
    }

    /// A partial that includes itself is an error naming the template, not a stack overflow.
    @Test func aPartialThatIncludesItselfIsAnError() throws {
        let folder = temporaryFolder("glimpse-plan-loop")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<p>{{title}}{{> t}}</p>".utf8).write(to: folder.appendingPathComponent("t.mustache"))
        let set = try TemplateSet(directory: folder, displayDirectory: "templates", files: .disk)
        #expect(throws: TemplateError.self) { try set.render(Self.model, "t") }
        do {
            _ = try set.render(Self.model, "t")
        } catch {
            #expect("\(error)".hasPrefix("templates/t.mustache: sections and partials nest more than 200 deep"))
        }
    }

    /// Without Glimpse's pragma, a template renders in the library's HTML, escaping what it places.
    @Test func theLibrarysHTMLEscapingIsKept() throws {
        let templates = [
            "t": try MustacheTemplate(string: "{{title}} {{{title}}} {{> p}}"),
            "p": try MustacheTemplate(string: "{{title}}"),
        ]
        let context = try TemplateEncoder.encode(["title": "a < \"b\""])
        let plan = try #require(RenderPlan(templates))
        let expected = try #require(MustacheLibrary(templates: templates).render(context, withTemplate: "t"))
        #expect(plan.outcome(context, template: "t") == .rendered(expected))
    }

    /// Every template of the repository has a plan: a swift-mustache update that changes its
    /// tokens fails here, not silently slower.
    @Test func everyTemplateOfTheRepositoryIsPlanned() throws {
        let set = try TemplateSet(
            directory: repositoryRoot.appendingPathComponent("templates"), displayDirectory: "templates",
            files: .disk)
        #expect(set.plan != nil)
        #expect(set.plan?.steps.count == set.names.count)
    }
}
