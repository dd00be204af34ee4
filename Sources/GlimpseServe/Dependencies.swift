import GlimpseCore

/// Which units a set of changed paths reaches, from what each unit recorded when it was last
/// rendered (`RenderedUnit.inputs`). Pure, so that the rules are tested without a server.
package enum Dependencies {
    /// Whether a change at any of `changed` (absolute, standardized paths) reaches a unit that
    /// read `inputs`:
    /// - the path is one it read or looked for (a file that appears where none was is a change);
    /// - the path is inside a folder it listed or looked for (a file added to a container);
    /// - the path is a folder that holds one of its inputs (a container renamed or removed).
    ///
    /// A request over the network is never reached by a file.
    package static func reaches(_ changed: Set<String>, inputs: Set<BuildInput>) -> Bool {
        guard !changed.isEmpty else { return false }
        for input in inputs where input.kind != .network {
            if changed.contains(input.path) { return true }
            for path in changed where path.hasPrefix(input.path + "/") || input.path.hasPrefix(path + "/") {
                return true
            }
        }
        return false
    }

    /// The ids of the units in `inputs` (unit id → what it read) that `changed` reaches.
    package static func reached(by changed: Set<String>, inputs: [String: Set<BuildInput>]) -> Set<String> {
        Set(inputs.filter { reaches(changed, inputs: $0.value) }.keys)
    }
}
