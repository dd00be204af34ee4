import Mustache

/// The templates of a set as steps Glimpse renders itself, from the tokens swift-mustache parsed:
/// the same output, byte for byte, without the library's per-lookup work. A build renders each
/// template thousands of times, and the library, which takes any value, looks every name up
/// through several dynamic casts and splits it anew each time: a third of a build's time.
///
/// The parse stays the library's (standalone lines, delimiters, pragmas), read from its tokens by
/// reflection once per set; a plan is made only when every token is one this renders: text,
/// variables, sections, inverted sections, partials and content types, without transforms,
/// lambdas or inheritance. Rendering follows `MustacheTemplate.render(context:)` over the values
/// `TemplateEncoder` makes; meeting anything else, it gives up (`Unplanned`) and the set renders
/// with the library, so that what the library would draw is drawn.
struct RenderPlan: Sendable {
    /// A variable's or section's name: `.` (the current object), `.a.b` (from it, not climbing)
    /// or `a.b` (the first object up the stack that has `a`).
    struct Name: Sendable {
        var parts: [String]
        var climbs: Bool
        var isCurrent: Bool

        init(_ name: String) {
            isCurrent = name == "."
            climbs = name.first != "."
            parts = name.split(separator: ".").map(String.init)
        }
    }

    indirect enum Step: Sendable {
        case text(String)
        case variable(Name, escaped: Bool)
        case section(Name, [Step])
        case inverted(Name, [Step])
        case partial(String, indentation: String?)
        case contentType(any MustacheContentType)
    }

    /// A render the plan does not follow: the library renders it; or, `tooDeep`, one nested past
    /// `maximumDepth`, which neither renders.
    struct Unplanned: Error {
        var tooDeep = false
    }

    let steps: [String: [Step]]
    /// The content type a render starts in, and a partial: the library's HTML.
    let html: any MustacheContentType

    /// The plan of every template, or `nil` when one has a token the plan does not render.
    init?(_ templates: [String: MustacheTemplate]) {
        guard let html = try? MustacheTemplate(string: "{{% CONTENT_TYPE: HTML }}"),
            case .contentType(let type)? = Self.steps(of: html)?.first
        else { return nil }
        var steps: [String: [Step]] = [:]
        for (name, template) in templates {
            guard let planned = Self.steps(of: template) else { return nil }
            steps[name] = planned
        }
        self.steps = steps
        self.html = type
    }

    /// `template`'s tokens as steps; `nil` for one the plan does not render, or a shape of the
    /// library's tokens it does not know.
    static func steps(of template: MustacheTemplate) -> [Step]? {
        guard let tokens = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" })?.value,
            let list = tokens as? [Any]
        else { return nil }
        var steps: [Step] = []
        for token in list {
            guard let step = step(of: token) else { return nil }
            steps.append(step)
        }
        return steps
    }

    /// An optional field's value: `.some(nil)` when it holds nothing, `nil` when it is not an
    /// optional of `T` (a cast of the field alone cannot tell nothing from not a `T`).
    static func optional<T>(_ field: Any?, _: T.Type) -> T?? {
        guard let field else { return nil }
        let mirror = Mirror(reflecting: field)
        guard mirror.displayStyle == .optional else { return nil }
        guard let wrapped = mirror.children.first?.value else { return .some(nil) }
        return (wrapped as? T).map { .some($0) }
    }

    private static func step(of token: Any) -> Step? {
        let mirror = Mirror(reflecting: token)
        guard mirror.displayStyle == .enum, let token = mirror.children.first, let kind = token.label else {
            return nil
        }
        let fields = Dictionary(
            Mirror(reflecting: token.value).children.map { ($0.label ?? "", $0.value) }, uniquingKeysWith: { a, _ in a }
        )
        func name() -> Name? {
            guard let name = fields["name"] as? String, (fields["transforms"] as? [String])?.isEmpty == true else {
                return nil
            }
            return Name(name)
        }
        func inner() -> [Step]? { (fields["template"] as? MustacheTemplate).flatMap(steps(of:)) }
        switch kind {
        case "text": return (token.value as? String).map(Step.text)
        case "variable": return name().map { .variable($0, escaped: true) }
        case "unescapedVariable": return name().map { .variable($0, escaped: false) }
        case "section": return name().flatMap { name in inner().map { .section(name, $0) } }
        case "invertedSection": return name().flatMap { name in inner().map { .inverted(name, $0) } }
        case "partial":
            guard let partial = fields[".0"] as? String, let indentation = optional(fields["indentation"], String.self),
                case .some(nil) = optional(fields["inherits"], [String: MustacheTemplate].self)
            else { return nil }
            return .partial(partial, indentation: indentation)
        case "contentType": return (token.value as? any MustacheContentType).map(Step.contentType)
        default: return nil
        }
    }
}
