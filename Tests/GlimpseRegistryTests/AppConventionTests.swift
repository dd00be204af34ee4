import Foundation
import TestSupport
import Testing
import Widgets

@testable import GlimpseRegistry

/// Every app's folder under `Sources/Widgets/` follows one convention (docs/ADDING-A-WIDGET.md),
/// so that a reader finds the same thing in the same file of each, and a widget copied from any
/// of them follows it without more work.
struct AppConventionTests {
    let apps = GalleryApps.all

    /// The files every app has, after its folder's name: `<Folder>` + `App.swift`.
    static let requiredFiles = [
        "App.swift", "App+Store.swift", "App+Events.swift", "App+View.swift", "StoreFile.swift", "Rules.swift",
        "Provider.swift", "State.swift", "ViewModel.swift",
    ]

    /// An app's folder, and its Swift files' names.
    func files(of app: any GalleryApp) throws -> (folder: String, names: [String]) {
        let folder = RegistryDocuments.folder(of: app)
        let url = repositoryRoot.appendingPathComponent("Sources/Widgets/\(folder)")
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }
        return (folder, names.sorted())
    }

    func text(_ folder: String, _ name: String) throws -> String {
        try String(
            contentsOf: repositoryRoot.appendingPathComponent("Sources/Widgets/\(folder)/\(name)"), encoding: .utf8)
    }

    @Test func everyAppFolderHoldsTheSameFilesEachNamedAfterIt() throws {
        for app in apps {
            let (folder, names) = try files(of: app)
            let missing = Self.requiredFiles.map { folder + $0 }.filter { !names.contains($0) }
            #expect(missing.isEmpty, "Sources/Widgets/\(folder) lacks \(missing)")
            let foreign = names.filter { !$0.hasPrefix(folder) }
            #expect(foreign.isEmpty, "Sources/Widgets/\(folder): files not named after the app: \(foreign)")
        }
    }

    /// One Swift module holds every app: a type of an app's, and anything it extends, is named
    /// after the app, so that no app takes a name another could want (`Goal`, `WidgetSnapshot`).
    @Test func everyTopLevelNameOfAnAppStartsWithIt() throws {
        let declaration = try Regex(
            #"^(?:public |internal |private |fileprivate )?(?:final )?"#
                + #"(?:struct|enum|class|protocol|typealias|actor|extension) (\w+)"#
        )
        for app in apps {
            let (folder, names) = try files(of: app)
            for name in names {
                for line in try text(folder, name).split(separator: "\n") {
                    guard let match = try declaration.firstMatch(in: String(line)),
                        let type = match.output[1].substring
                    else { continue }
                    #expect(type.hasPrefix(folder), "Sources/Widgets/\(folder)/\(name): \(line)")
                }
            }
        }
    }

    /// Only what the registry and the other targets need is public: the app's type and its
    /// `GalleryApp` members, its `State`, and its `Configuration` with what that takes.
    @Test func onlyWhatTheRegistryNeedsIsPublic() throws {
        for app in apps {
            let (folder, names) = try files(of: app)
            let allowed = names.filter {
                $0 == "\(folder)App.swift" || $0.hasPrefix("\(folder)App+") || $0 == "\(folder)State.swift"
                    || $0 == "\(folder)Configuration.swift"
            }
            for name in names where !allowed.contains(name) {
                #expect(
                    !(try text(folder, name).contains("public ")),
                    "Sources/Widgets/\(folder)/\(name) declares public API")
            }
        }
    }

    /// Every state an app's frames can be in is a case of its `State`, and the states are theirs
    /// alone: `WidgetView` takes nothing else.
    @Test func everyAppDeclaresItsStates() {
        for app in apps {
            #expect(!app.states.isEmpty, "\(app.id)")
            #expect(Set(app.states).count == app.states.count, "\(app.id)")
            #expect(app.states.allSatisfy { $0.first?.isLowercase == true && !$0.contains(" ") }, "\(app.id)")
        }
    }
}
