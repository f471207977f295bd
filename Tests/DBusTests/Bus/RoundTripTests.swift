import DBusTypes
import Foundation
import Testing
import TestSupport

@Suite("Every D-Bus type crosses a real bus and comes back equal")
struct RoundTripTests {
    static let values: [Value] = [
        .byte(0), .byte(255), .boolean(true), .boolean(false), .int16(.min), .uint16(.max), .int32(.min), .uint32(.max),
        .int64(.min), .uint64(.max), .double(-1.5e300), .double(.infinity), .string(""), .string("héllo ✓ 🎧"),
        .objectPath("/"), .objectPath("/org/mpris/MediaPlayer2"), .signature(""), .signature("a{sa(iv)}"),
        .array(.string, []), .array(.int32, [.int32(1), .int32(-2)]), .array(.array(.byte), [.array(.byte, [.byte(1)])]),
        .stringVariantDictionary([("title", .string("Song")), ("length", .int64(240_000_000)), ("nested", .variant(.boolean(true)))]),
        .dictionary(key: .uint32, value: .array(.objectPath), [.init(.uint32(1), .array(.objectPath, [.objectPath("/a")]))]),
        .structure([.int32(1), .string("two"), .variant(.double(3))]),
        .structure([.structure([.structure([.byte(1)])])]),
        .variant(.variant(.variant(.string("deep")))),
    ]

    @Test("Echo(v) returns each value", arguments: values)
    func echo(_ value: Value) throws {
        let fixture = try BusFixture()
        #expect(fixture.answer("Echo", [.variant(value)]) == .values([.variant(value)]))
    }

    @Test("every basic type as a top-level argument")
    func basics() throws {
        let fixture = try BusFixture()
        let arguments: [Value] = [
            .byte(7), .boolean(true), .int16(-7), .uint16(7), .int32(-70_000), .uint32(70_000), .int64(-1 << 50),
            .uint64(1 << 60), .double(2.5), .string("s"), .objectPath("/o"), .signature("g"),
        ]
        #expect(fixture.answer("EchoBasics", arguments) == .values(arguments))
    }

    @Test("containers as top-level arguments")
    func containers() throws {
        let fixture = try BusFixture()
        let arguments: [Value] = [
            .array(.string, [.string("a"), .string("b")]),
            .stringVariantDictionary([("k", .array(.string, []))]),
            .structure([.int32(1), .string("x"), .variant(.objectPath("/p"))]),
            .array(.array(.int32), [.array(.int32, [.int32(1), .int32(2)]), .array(.int32, [])]),
            .dictionary(
                key: .objectPath, value: .dictionary(key: .string, value: .array(.structure([.int32, .int32]))),
                [.init(.objectPath("/a"), .dictionary(key: .string, value: .array(.structure([.int32, .int32])),
                                                       [.init(.string("p"), .array(.structure([.int32, .int32]), [.structure([.int32(1), .int32(2)])]))]))]),
        ]
        #expect(fixture.answer("EchoContainers", arguments) == .values(arguments))
    }

    @Test("a file descriptor passes through, still open and pointing at the same pipe")
    func fileDescriptor() throws {
        let fixture = try BusFixture()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[1]) }
        let sent = UnixFileDescriptor(taking: fds[0])
        guard case .values(let values) = fixture.answer("EchoFD", [.unixFD(sent)]),
            case .unixFD(let received)? = values.first
        else {
            Issue.record("no descriptor came back")
            return
        }
        #expect(received.rawValue != sent.rawValue)
        #expect(write(fds[1], "x", 1) == 1)
        var byte: UInt8 = 0
        #expect(read(received.rawValue, &byte, 1) == 1)
        #expect(byte == UInt8(ascii: "x"))
    }

    @Test("a value that cannot be sent fails before it reaches libdbus")
    func unsendable() throws {
        let fixture = try BusFixture()
        guard case .failure(let error) = fixture.call("Echo", [.variant(.string("nul\u{0}"))]) else {
            Issue.record("a string with NUL was sent")
            return
        }
        #expect(error.name == .invalidArgs)
        // The connection is still usable.
        #expect(fixture.answer("Echo", [.variant(.int32(1))]) == .values([.variant(.int32(1))]))
    }
}
