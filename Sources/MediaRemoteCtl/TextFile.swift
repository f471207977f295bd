import Glibc

/// Reads a whole text file, or says in one sentence why it cannot.
enum TextFile {
    static func read(_ path: String) throws(ClientError) -> String {
        guard let file = fopen(path, "r") else {
            throw ClientError(description: "cannot open \(path): \(String(cString: strerror(errno)))", status: .failure)
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            bytes.append(contentsOf: buffer[0..<count])
            if count < buffer.count {
                if ferror(file) != 0 { throw ClientError(description: "cannot read \(path): \(String(cString: strerror(errno)))", status: .failure) }
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
