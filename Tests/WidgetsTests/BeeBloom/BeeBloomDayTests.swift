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
                store: BeeBloomStore(
                    initial: .file(
                        HabitsFile(
                            habits: (1...5).map {
                                Habit(id: "h\($0)", title: "Habit \($0)", createdAt: now - 86_400)
                            }))))
        }
    }
}
