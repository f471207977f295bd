import Audio
import AudioModel
import Testing

@testable import Bridge

/// Whether headphones pulled out of a jack were how Now Playing was heard.
@Suite("A jack's headphones and where Now Playing plays")
struct JackRouteTests {
    static let analog = AudioSink(id: 1, name: "alsa_output.pci-0000_00_1f.3.analog-stereo", description: "Built-in Audio", card: 0, alsaCard: 0)
    static let usb = AudioSink(id: 2, name: "alsa_output.usb-headset", description: "USB Headset", card: 1, alsaCard: 1)
    static let bluetooth = AudioSink(id: 3, name: "bluez_output.00_11_22_33_44_55.1", description: "Earbuds", card: 2)

    @Test(
        "paused unless Now Playing is known to play elsewhere",
        arguments: [
            ("its stream plays to the jack's card", 0, [analog], true),
            ("one of its streams does", 0, [bluetooth, analog], true),
            ("all of them play to Bluetooth earbuds", 0, [bluetooth], false),
            ("all of them to another card", 0, [usb], false),
            ("the jack's card unknown", nil, [usb], true),
            ("no stream matched (or no audio server)", 0, [], true),
        ] as [(String, Int?, [AudioSink], Bool)]
    )
    func paused(_ name: String, _ card: Int?, _ sinks: [AudioSink], _ pauses: Bool) {
        #expect(JackRoute.wasHeardThrough(jackCard: card, nowPlayingSinks: sinks) == pauses, "\(name)")
    }
}
