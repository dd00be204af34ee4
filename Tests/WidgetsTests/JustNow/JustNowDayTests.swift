import Foundation
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

/// Just Now lives the same day in every family.
struct JustNowDayTests {
    let now = SharedSimulation.now

    @Test func theProviderLivesTheSameDayInEveryFamily() {
        let rotation = JustNowPromptRotation(
            prompts: (1...5).map { JustNowPrompt(id: "\($0)", html: .empty, text: "") })
        SharedSimulation.expectSameDay {
            JustNowProvider(
                store: JustNowStoreTimeline(initial: [
                    JustNowStoreFile.Session(startedAt: now - 900, durationSeconds: 600)
                ]),
                rotation: rotation)
        }
    }
}
