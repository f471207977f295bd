import Foundation
import MotionEvaluation
import Testing

@Suite("The development recordings in two halves: rules chosen on one, judged on the other")
struct DevelopmentHalfTests {
    @Test("the Wii remote's test split is judged; every other source alternates, by name")
    func split() {
        let files = [
            "wiimote_shake_train_001.csv", "wiimote_shake_test_003.csv", "wiimote_left_train_010.csv", "wiimote_left_test_005.csv",
            "oxford_hand_dario_2.csv", "oxford_hand_dario_1.csv", "oxford_bag_dario_1.csv",
            "handshake_phone.csv", "handshake_faros.csv",
        ]
        let halves = DevelopmentHalf.split(files)
        #expect(halves.count == files.count)
        #expect(halves["wiimote_shake_train_001.csv"] == .choose && halves["wiimote_left_train_010.csv"] == .choose)
        #expect(halves["wiimote_shake_test_003.csv"] == .judge && halves["wiimote_left_test_005.csv"] == .judge)
        // oxford, sorted: bag_dario_1, hand_dario_1, hand_dario_2.
        #expect(halves["oxford_bag_dario_1.csv"] == .choose && halves["oxford_hand_dario_1.csv"] == .judge)
        #expect(halves["oxford_hand_dario_2.csv"] == .choose)
        #expect(halves["handshake_faros.csv"] == .choose && halves["handshake_phone.csv"] == .judge)
    }

    @Test("the real recordings: both halves hold hand shakes and quiet recordings")
    func realSplit() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("data/motion").path)
            .filter { $0.hasSuffix(".csv") && $0 != "labels.csv" }
        let halves = DevelopmentHalf.split(files)
        for half in DevelopmentHalf.allCases {
            #expect(halves.values.filter { $0 == half }.count > 100, "\(half)")
        }
        #expect(files.filter { $0.hasPrefix("wiimote_shake_") && halves[$0] == .judge }.count == 27)
        #expect(files.filter { $0.hasPrefix("wiimote_shake_") && halves[$0] == .choose }.count == 17)
    }
}
