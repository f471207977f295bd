import DBusTypes

/// The reply of `DescribeState`: what `mediaremotectl status` shows beyond the properties. One
/// `a{sv}` dictionary on the bus, whose keys a newer service may add to.
public struct DescribeStateReply: MessageBody, Hashable, Sendable {
    /// Where a remote-control event would go now, in order.
    public var chain: [Link]
    /// Why such an event would be discarded (a reason as in `EventDispatched`) when the chain
    /// is empty; nil otherwise.
    public var chainDiscarded: String?
    /// Why the Now Playing app is, in a phrase ("playing"); nil when there is none.
    public var nowPlayingReason: String?
    /// The unique names of the apps receiving remote-control events.
    public var receiving: [BusName]
    /// The motion claims each app holds, by unique name.
    public var motionClaims: [BusName: UInt32]
    /// The seeks held now.
    public var seeks: [Seek]
    /// The apps that did not answer an event and have not answered since, which events pass by
    /// until they do: each by its player's name (its unique name when it has none), with the
    /// moment the event went unanswered (CLOCK_MONOTONIC microseconds).
    public var notAnswering: [BusName: UInt64]
    /// The player a play or play/pause with nobody to receive it would launch, by its identity
    /// and desktop entry ("Audacious (audacious.desktop)"); nil when it would launch none.
    public var resumes: String?
    /// Why such a play would launch nothing; nil when it would launch a player.
    public var resumesNothingBecause: String?
    /// The player being launched to resume now; nil when none is.
    public var launching: String?

    public init(
        chain: [Link], chainDiscarded: String?, nowPlayingReason: String?, receiving: [BusName], motionClaims: [BusName: UInt32],
        seeks: [Seek] = [], notAnswering: [BusName: UInt64] = [:], resumes: String? = nil, resumesNothingBecause: String? = nil,
        launching: String? = nil
    ) {
        (self.chain, self.chainDiscarded, self.nowPlayingReason) = (chain, chainDiscarded, nowPlayingReason)
        (self.receiving, self.motionClaims, self.seeks, self.notAnswering) = (receiving, motionClaims, seeks, notAnswering)
        (self.resumes, self.resumesNothingBecause, self.launching) = (resumes, resumesNothingBecause, launching)
    }

    public static let fields = [Field("state", [String: Value].self)]

    /// None is "" on the bus; the claims go in the order of their names.
    public var arguments: [Value] {
        let claims = motionClaims.sorted { $0.key < $1.key }.map { Value.DictionaryEntry($0.key.dbusValue, $0.value.dbusValue) }
        let silent = notAnswering.sorted { $0.key < $1.key }.map { Value.DictionaryEntry($0.key.dbusValue, $0.value.dbusValue) }
        return [
            .stringVariantDictionary([
                ("chain", chain.dbusValue), ("chain_discarded", (chainDiscarded ?? "").dbusValue),
                ("now_playing_reason", (nowPlayingReason ?? "").dbusValue), ("receiving", receiving.dbusValue),
                ("motion_claims", .dictionary(key: .string, value: .uint32, claims)), ("seeks", seeks.dbusValue),
                ("not_answering", .dictionary(key: .string, value: .uint64, silent)), ("resumes", (resumes ?? "").dbusValue),
                ("resumes_nothing_because", (resumesNothingBecause ?? "").dbusValue), ("launching", (launching ?? "").dbusValue),
            ])
        ]
    }

    public init(arguments: [Value]) throws(DBusError) {
        let reply = try FieldReader(arguments, Self.fields, of: "the DescribeState reply")
        let state = FieldReader(try reply("state", as: [String: Value].self), of: "the DescribeState reply")
        chain = try state("chain")
        let (discarded, why): (String, String) = (try state("chain_discarded"), try state("now_playing_reason"))
        (chainDiscarded, nowPlayingReason) = (discarded.isEmpty ? nil : discarded, why.isEmpty ? nil : why)
        (receiving, motionClaims, seeks) = (try state("receiving"), try state("motion_claims"), try state("seeks"))
        notAnswering = try state("not_answering")
        let (resumes, nothing, launching): (String, String, String) = (try state("resumes"), try state("resumes_nothing_because"), try state("launching"))
        (self.resumes, resumesNothingBecause, self.launching) = (resumes.isEmpty ? nil : resumes, nothing.isEmpty ? nil : nothing, launching.isEmpty ? nil : launching)
    }
}
