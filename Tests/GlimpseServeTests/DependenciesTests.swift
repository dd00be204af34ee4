import GlimpseCore
import GlimpseServe
import Testing

@Suite struct DependenciesTests {
    let inputs: Set<BuildInput> = [
        BuildInput(.store, "/c/scenarios/a/one/group.app"),
        BuildInput(.content, "/c/copy/a/title.md"),
        BuildInput(.template, "/t/layout.mustache"),
        BuildInput(.network, "https://example.com/prices"),
    ]

    @Test func aFileItReadReachesIt() {
        #expect(Dependencies.reaches(["/c/copy/a/title.md"], inputs: inputs))
        #expect(Dependencies.reaches(["/t/layout.mustache"], inputs: inputs))
    }

    @Test func aFileInAFolderItLookedAtReachesIt() {
        #expect(Dependencies.reaches(["/c/scenarios/a/one/group.app/new.json"], inputs: inputs))
    }

    @Test func aFolderHoldingAnInputReachesIt() {
        #expect(Dependencies.reaches(["/c/scenarios/a/one"], inputs: inputs))
        #expect(Dependencies.reaches(["/c/copy"], inputs: inputs))
    }

    @Test func neighboursAndPrefixesOfNamesDoNot() {
        #expect(!Dependencies.reaches(["/c/copy/a/title.md~"], inputs: inputs))
        #expect(!Dependencies.reaches(["/c/copy/a/subtitle.md"], inputs: inputs))
        #expect(!Dependencies.reaches(["/c/scenarios/a/one-more"], inputs: inputs))
        #expect(!Dependencies.reaches([], inputs: inputs))
    }

    @Test func noFileReachesARequest() {
        #expect(
            !Dependencies.reaches(
                ["https://example.com/prices"], inputs: [BuildInput(.network, "https://example.com/prices")]))
    }

    @Test func reachedListsTheUnits() {
        let units = ["a/one": inputs, "b/two": [BuildInput(.content, "/c/copy/b/x.md")]]
        #expect(Dependencies.reached(by: ["/c/copy/b/x.md"], inputs: units) == ["b/two"])
        #expect(Dependencies.reached(by: ["/c"], inputs: units) == ["a/one", "b/two"])
    }
}
