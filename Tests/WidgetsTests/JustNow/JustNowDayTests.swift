import Foundation
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

/// Just Now lives the same day in every family.
struct JustNowDayTests {
    let now = SharedSimulation.now

    @Test func theProviderLivesTheSameDayInEveryFamily() {
        let rotation = PromptRotation(prompts: (1...5).map { Prompt(id: "\($0)", html: .empty, text: "") })
        SharedSimulation.expectSameDay {
            JustNowProvider(
                store: JustNowStore(initial: [MeditationSession(startedAt: now - 900, durationSeconds: 600)]),
                rotation: rotation)
        }
    }
}
