import Foundation
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

/// BeeBloom lives the same day in every family.
struct BeeBloomDayTests {
    let now = SharedSimulation.now

    @Test func theProviderLivesTheSameDayInEveryFamily() {
        SharedSimulation.expectSameDay {
            BeeBloomProvider(
                store: BeeBloomStoreTimeline(
                    initial: .file(
                        BeeBloomStoreFile(
                            habits: (1...5).map {
                                BeeBloomStoreFile.Habit(id: "h\($0)", title: "Habit \($0)", createdAt: now - 86_400)
                            }))))
        }
    }
}
