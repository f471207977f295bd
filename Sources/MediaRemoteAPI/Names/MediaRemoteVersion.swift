/// MediaRemote's version, reported by the `Version` property and both executables.
public enum MediaRemoteVersion {
    public static let current = "0.1.0"
}
