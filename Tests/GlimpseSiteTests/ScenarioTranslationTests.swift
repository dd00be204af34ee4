import Foundation
import TestSupport
import Testing

@testable import GlimpseSite

/// A sample scenario's title and description in other languages: `<scenario>/<language>/scenario.yaml`,
/// the region's over the language's over the English, as the copy's translations are.
struct ScenarioTranslationTests {
    func load(_ files: [String: String], app: String? = "app") throws -> Scenario {
        let folder = try folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try Scenario.load(
            folder: folder, name: "sample", app: app, displayPath: "content/scenarios/app/sample", fileIO: .diskAccess)
    }

    @Test func theMostSpecificTranslationOfEachTextWins() throws {
        let scenario = try load([
            "scenario.yaml": "title: Goal complete\ndescription: Every day is done.\nnow: 2026-11-22T09:00:00-05:00\n",
            "de/scenario.yaml": "title: Ziel erreicht\ndescription: Jeder Tag ist erledigt.\n",
            "de_AT/scenario.yaml": "title: Ziel geschafft\n",
            "german/scenario.yaml": "title: Not a locale\n",
        ])
        #expect(scenario.translations.keys.sorted() == ["de", "de_AT"])
        let austrian = scenario.localized(for: "de_AT")
        #expect(austrian.title == "Ziel geschafft" && austrian.description == "Jeder Tag ist erledigt.")
        #expect(scenario.localized(for: "de_DE").title == "Ziel erreicht")
        // Settings are the scenario's, whatever the language; English and untranslated languages as written.
        #expect(austrian.now == scenario.now)
        #expect(scenario.localized(for: "en_US").title == "Goal complete")
        #expect(scenario.localized(for: "ja_JP").description == "Every day is done.")
    }

    @Test func aTranslationThatSetsMoreThanTextsIsRefusedByName() {
        let reason =
            "a translation gives the scenario's title and description only; its settings are "
            + "content/scenarios/app/sample/scenario.yaml's"
        #expect(
            throws: SiteError.invalidScenario(file: "content/scenarios/app/sample/de/scenario.yaml", reason: reason)
        ) {
            try load(["scenario.yaml": "title: A\n", "de/scenario.yaml": "title: B\nnow: 2026-11-22T09:00:00-05:00\n"])
        }
    }

    /// A user's store is data: a folder in it named like a language is not a translation.
    @Test func aUsersStoreIsNotLookedIntoForTranslations() throws {
        let scenario = try load(["scenario.yaml": "title: A\n", "de/scenario.yaml": "title: B\n"], app: nil)
        #expect(scenario.translations.isEmpty && scenario.localized(for: "de_DE").title == "A")
    }
}
