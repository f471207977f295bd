extension String {
    /// The text `fgets` left in `buffer`, up to its terminating NUL (Swift deprecates
    /// `String(cString:)` on an array: it cannot tell that the NUL is there).
    init(filledBy buffer: [CChar]) {
        self.init(decoding: buffer.lazy.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
