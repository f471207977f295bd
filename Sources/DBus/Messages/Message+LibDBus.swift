import DBusTypes

// Converting between `Message` and libdbus's DBusMessage, whole: the header fields
// (Message+Header), then the body (MessageReader, MessageWriter). Everything written is
// validated first: libdbus aborts the process on an invalid name, path or string.

extension Message {
    /// Decodes a libdbus message (which libdbus has already validated on receipt), refusing
    /// one that holds more than `valueLimit` values (``Connection/maximumValuesPerMessage``).
    init(decoding raw: OpaquePointer, valueLimit: Int = .max) throws(DBusError) {
        try self.init(decodingHeaderOf: raw)
        arguments = try Message.arguments(of: raw, valueLimit: valueLimit)
    }

    /// A new libdbus message holding this one, released when the value goes.
    func encode() throws(DBusError) -> LibDBusMessage {
        for argument in arguments {
            if let problem = argument.problem { throw DBusError.invalidArgs("cannot send the message: \(problem)") }
        }
        do {
            _ = try Signature(signature.description)
        } catch {
            throw DBusError.invalidArgs("cannot send the message: \(error.message)")
        }
        let encoded = try encodeHeader()
        guard encoded.withUnsafePointer({ MessageWriter.appendBody(arguments, to: $0) }) else {
            throw DBusError(.noMemory, "cannot build the message")
        }
        return encoded
    }
}
