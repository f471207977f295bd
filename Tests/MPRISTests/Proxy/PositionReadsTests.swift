import DBusTypes
import Testing

@testable import MPRIS

@Suite("The proxy's Position reads: one a player, whoever asks")
struct PositionReadsTests {
    @Test("who asks while a player is read waits for that read; another player is read apart; a read over is over")
    func merged() {
        var reads = PositionReads()
        var answers: [String] = []
        func waiter(_ who: String) -> PositionReads.Waiter {
            { answers.append("\(who): \($0.map { "\($0)" } ?? "none")") }
        }
        // Whether each is to make a read.
        var reading: [Bool] = []
        reading.append(reads.add(waiter("Get"), for: ":1.7"))
        reading.append(reads.add(waiter("GetAll"), for: ":1.7"))
        reading.append(reads.add(waiter("other"), for: ":1.8"))
        #expect(reading == [true, false, true], "the first to ask reads; the second waits; another player is read apart")
        for answer in reads.finish(":1.7") { answer(.int64(5)) }
        #expect(answers == ["Get: int64 5", "GetAll: int64 5"])
        reading.append(reads.add(waiter("next"), for: ":1.7"))
        #expect(reading.last == true, "after the answer, a new read")
        for answer in reads.finish(":1.8") { answer(nil) }
        #expect(answers.last == "other: none")
        let left = reads.finish(":1.8")
        #expect(left.isEmpty, "nobody left waiting")
    }
}
