import Mustache

extension RenderPlan {
    /// What a render carries into a section or a partial, as the library's `MustacheContext`
    /// does; the stack of objects is passed beside it, pushed and popped in place.
    struct Context {
        var indentation: String?
        var contentType: any MustacheContentType
    }

    /// Sections and partials nested deeper than this are refused: only a partial that includes
    /// itself gets there, and swift-mustache would recurse until the stack ran out.
    static let maximumDepth = 200

    /// What rendering with the plan came to.
    enum Outcome: Equatable {
        case rendered(String)
        /// A render the plan does not follow: the library's to do.
        case unplanned
        /// Nested past `maximumDepth`.
        case tooDeep
    }

    /// `object` rendered with the template `name`, as `MustacheLibrary.render(_:withTemplate:)`
    /// renders it, or why not: no such template, or a render the plan does not follow.
    func outcome(_ object: Any, template name: String) -> Outcome {
        guard let steps = steps[name] else { return .unplanned }
        var out = ""
        var stack = [object]
        do {
            try render(steps, Context(indentation: nil, contentType: html), &stack, into: &out, depth: 0)
        } catch {
            return error.tooDeep ? .tooDeep : .unplanned
        }
        return .rendered(out)
    }

    /// `MustacheTemplate.render(context:)`: with an indentation, each step's output that starts a
    /// line of this render's own output is indented.
    private func render(
        _ steps: [Step], _ context: Context, _ stack: inout [Any], into out: inout String, depth: Int
    ) throws(Unplanned) {
        guard depth < Self.maximumDepth else { throw Unplanned(tooDeep: true) }
        var context = context
        guard let indentation = context.indentation, !indentation.isEmpty else {
            for step in steps { try render(step, &context, &stack, into: &out, depth: depth) }
            return
        }
        var own = ""
        for step in steps {
            var piece = ""
            try render(step, &context, &stack, into: &piece, depth: depth)
            if !piece.isEmpty, own.last == "\n" { own += indentation }
            own += piece
        }
        out += own
    }

    /// `MustacheTemplate.renderToken(_:context:)`.
    private func render(
        _ step: Step, _ context: inout Context, _ stack: inout [Any], into out: inout String, depth: Int
    ) throws(Unplanned) {
        switch step {
        case .text(let text):
            out += text
        case .variable(let name, let escaped):
            guard let child = try child(name, stack) else { return }
            let text: String
            if let value = child as? TemplateText {
                text = value.renderText
            } else if let flag = child as? Bool {
                text = flag ? "true" : "false"
            } else {
                throw Unplanned()
            }
            out += escaped ? context.contentType.escapeText(text) : text
        case .section(let name, let inner):
            try section(try child(name, stack), inner, context, &stack, into: &out, depth: depth + 1)
        case .inverted(let name, let inner):
            try inverted(try child(name, stack), inner, context, &stack, into: &out, depth: depth + 1)
        case .partial(let name, let indentation):
            guard let steps = steps[name] else { return }
            var partial = context
            if let indentation { partial.indentation = (context.indentation ?? "") + indentation }
            partial.contentType = html
            try render(steps, partial, &stack, into: &out, depth: depth + 1)
        case .contentType(let type):
            context.contentType = type
        }
    }

    /// `MustacheTemplate.renderSection(_:with:context:)`: each item of a list, a true flag, or an
    /// object pushed on the stack.
    private func section(
        _ child: Any?, _ inner: [Step], _ context: Context, _ stack: inout [Any], into out: inout String, depth: Int
    ) throws(Unplanned) {
        switch child {
        case nil:
            return
        case let items as [Any]:
            for item in items { try pushed(item, inner, context, &stack, into: &out, depth: depth) }
        case let list as ListBox:
            for item in list.items { try pushed(item, inner, context, &stack, into: &out, depth: depth) }
        case let flag as Bool:
            if flag { try render(inner, context, &stack, into: &out, depth: depth) }
        case let object as TemplateObject:
            try pushed(object, inner, context, &stack, into: &out, depth: depth)
        case let text as TemplateText:
            try pushed(text, inner, context, &stack, into: &out, depth: depth)
        default:
            throw Unplanned()
        }
    }

    /// `MustacheTemplate.renderInvertedSection(_:with:context:)`: an empty list (pushed, as the
    /// library pushes it), a false flag or nothing.
    private func inverted(
        _ child: Any?, _ inner: [Step], _ context: Context, _ stack: inout [Any], into out: inout String, depth: Int
    ) throws(Unplanned) {
        switch child {
        case nil:
            try render(inner, context, &stack, into: &out, depth: depth)
        case let items as [Any]:
            if items.isEmpty { try pushed(items, inner, context, &stack, into: &out, depth: depth) }
        case let list as ListBox:
            if list.items.isEmpty { try pushed(list, inner, context, &stack, into: &out, depth: depth) }
        case let flag as Bool:
            if !flag { try render(inner, context, &stack, into: &out, depth: depth) }
        case is TemplateObject, is TemplateText:
            return
        default:
            throw Unplanned()
        }
    }

    private func pushed(
        _ object: Any, _ inner: [Step], _ context: Context, _ stack: inout [Any], into out: inout String, depth: Int
    ) throws(Unplanned) {
        stack.append(object)
        defer { stack.removeLast() }
        try render(inner, context, &stack, into: &out, depth: depth)
    }

    /// `MustacheTemplate.getChild(named:transforms:context:)`: the current object, or the first
    /// part up the stack (or from the current object, for `.a`), then each further part in it.
    private func child(_ name: Name, _ stack: [Any]) throws(Unplanned) -> Any? {
        guard !name.isCurrent, let first = name.parts.first else { return stack.last }
        var found: Any?
        if name.climbs {
            for object in stack.reversed() {
                if let value = try Self.immediate(first, of: object) {
                    found = value
                    break
                }
            }
        } else {
            found = try Self.immediate(first, of: stack.last!)
        }
        guard var value = found else { return nil }
        for part in name.parts.dropFirst() {
            guard let next = try Self.immediate(part, of: value) else { return nil }
            value = next
        }
        return value
    }

    /// A name in one object, as the library finds it: a model object's key; in a list, a flag or a
    /// text, nothing, as reflection finds nothing of that name there. A name reflection would
    /// find (a text's `renderText`, a list's `items`), or a value of another kind, is left to it.
    private static func immediate(_ name: String, of object: Any) throws(Unplanned) -> Any? {
        switch object {
        case let object as TemplateObject: return object.values[name]
        case is TemplateText: if name == "renderText" { throw Unplanned() }
        case is ListBox: if name == "items" { throw Unplanned() }
        case is Bool, is [Any]: return nil
        default: throw Unplanned()
        }
        return nil
    }
}
