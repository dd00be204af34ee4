import GlimpseFormat
import GlimpseGallery

extension StylesheetRules {
    /// The rules that differ between two versions of a stylesheet: those one has more often than the
    /// other, each once. Nil when the rules both keep are not in the same order: a rule that moved
    /// changes the cascade for what it matches, which is no longer only what changed.
    ///
    /// Any element that no changed rule matches has the same rules apply to it, in the same order,
    /// in both: it is drawn the same.
    static func changedRules(_ base: [Rule], _ new: [Rule]) -> Set<Rule>? {
        var counts: [Rule: Int] = [:]
        for rule in base { counts[rule, default: 0] += 1 }
        for rule in new { counts[rule, default: 0] -= 1 }
        let changed = Set(counts.filter { $0.value != 0 }.keys)
        guard base.filter({ !changed.contains($0) }) == new.filter({ !changed.contains($0) }) else { return nil }
        return changed
    }

    /// The frames `changed` rules can draw differently: those with every class one of their
    /// selectors names. Every frame for an at-rule that is not a conditional group (`@font-face`,
    /// `@keyframes`, `@import`, `@property`, `@layer`), a selector that names no class or one this
    /// does not read, or a rule with rules nested in it, whose `&` can stand anywhere (`:not(&)`).
    static func reach(of changed: Set<Rule>) -> AssetReach {
        var sets: Set<Set<String>> = []
        for rule in changed {
            guard !rule.isAtRule, rule.body?.contains("{") != true,
                let required = requiredClasses(of: rule.prelude), !required.contains(where: \.isEmpty)
            else { return .everything }
            sets.formUnion(required)
        }
        return .classes(sets)
    }

    /// The changed rules of one selector (inside the same conditional groups): their declarations
    /// before and after, and the frames they reach.
    struct SelectorChange {
        var change: DiffReport.RuleChange
        var reach: AssetReach
    }

    /// The rules that differ (`changedRules`), one entry per selector, in the order the new
    /// stylesheet has them, then the base's; nil when the rules both keep moved.
    static func selectorChanges(_ base: [Rule], _ new: [Rule]) -> [SelectorChange]? {
        guard let changed = changedRules(base, new) else { return nil }
        var order: [String] = []
        var groups: [String: (rules: Set<Rule>, before: [String], after: [String])] = [:]
        for (side, rules) in [(1, new), (0, base)] {
            for rule in rules where changed.contains(rule) {
                let selector = (rule.context + [rule.prelude]).joined(separator: " ")
                if groups[selector] == nil {
                    order.append(selector)
                    groups[selector] = ([], [], [])
                }
                groups[selector]!.rules.insert(rule)
                if side == 0 { groups[selector]!.before.append(rule.body ?? "") }
                if side == 1 { groups[selector]!.after.append(rule.body ?? "") }
            }
        }
        return order.map { selector in
            let group = groups[selector]!
            let change = DiffReport.RuleChange(
                selector: selector, before: group.before.isEmpty ? nil : group.before.joined(separator: "\n"),
                after: group.after.isEmpty ? nil : group.after.joined(separator: "\n"))
            return SelectorChange(change: change, reach: reach(of: group.rules))
        }
    }
}
