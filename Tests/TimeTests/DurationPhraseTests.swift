import Testing
import Time

@Suite("A duration as a person reads it")
struct DurationPhraseTests {
    @Test(
        "to the nearest tenth of a second",
        arguments: [
            (Duration.milliseconds(1200), "1.2 s"), (.milliseconds(849), "0.8 s"), (.milliseconds(850), "0.9 s"),
            (.zero, "0.0 s"), (.seconds(30), "30.0 s"), (.milliseconds(-300), "0.0 s"),
        ])
    func tenths(_ duration: Duration, _ phrase: String) {
        #expect(duration.tenthsOfSecond == phrase)
    }
}
